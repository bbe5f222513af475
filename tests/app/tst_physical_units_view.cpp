// View > "Times in ns, bandwidth in MB/s" (issue 38, physical units): with a
// scenario that gives its machine's clock and flit width (section "units";
// the T3E 8x8x8 preset: 75 MHz, 8 bytes), a real click on the menu item
// turns the latency charts into ns, the throughput chart into MB/s per node
// and adds the simulated time to the cycle counter; the choice is kept for
// the next start (ViewSettings); a scenario without units offers the item
// disabled and keeps showing cycles.
#include "test_main.h"
#include "gui_session.h"
#include "view_settings.h"

#include <QApplication>
#include <QQuickItem>
#include <QQuickWindow>
#include <QtQml/qqmlextensionplugin.h>
#include <QtTest>

#include "window_test_support.h"

Q_IMPORT_QML_PLUGIN(FlitscopePlugin)

class TestPhysicalUnitsView : public QObject {
  Q_OBJECT

 private:
  std::unique_ptr<MainWindowSession> session_;

  QQuickWindow* window() { return session_->window(); }
  QObject* object(const char* name) { return window()->findChild<QObject*>(QString::fromLatin1(name)); }
  QString shown(const char* name) {
    QQuickItem* item = window_test::visualItem(window()->contentItem(), QString::fromLatin1(name));
    return item ? item->property("text").toString() : QString();
  }
  static QString caption(QObject* chart) { return chart->property("caption").toString(); }

  // Opens View with a click on its title in the menu bar, then clicks the item.
  void clickViewMenuItem(const char* itemName) {
    QObject* menu = object("viewMenu");
    QVERIFY(menu);
    window_test::openMenuBarMenu(window(), menu);
    window_test::clickItem(window(), qobject_cast<QQuickItem*>(object(itemName)));
    QTRY_VERIFY(!menu->property("visible").toBool());
  }

 private slots:
  void initTestCase() {
    flitgui::ViewSettings().setPhysicalUnits(false);  // a person's earlier choice is not this test's start
    session_ = std::make_unique<MainWindowSession>();
    GuiOptions options;
    options.scenarioPath = QString::fromUtf8(FLITSCOPE_PRESETS_DIR) + QStringLiteral("/t3e-8x8x8.json");
    options.charts = true;
    QVERIFY2(session_->start(options), qPrintable(session_->errorString()));
    if (!QTest::qWaitForWindowExposed(window())) QSKIP("no window system (run under xvfb-run)");
    window()->requestActivate();
    QVERIFY(QTest::qWaitForWindowActive(window()));
    session_->simulation()->setSpeed(0);  // full speed: the runs below are short
  }
  void cleanupTestCase() {
    session_.reset();
    flitgui::ViewSettings().setPhysicalUnits(false);
  }

  void theViewMenuShowsNanosecondsAndMegabytesPerSecond() {
    flitgui::SimulationController* sim = session_->simulation();
    QTRY_VERIFY(sim->hasSimulation());
    sim->runTo(600);
    QTRY_VERIFY_WITH_TIMEOUT(sim->cycle() >= 600 && !sim->running(), 30000);
    flitgui::ChartFeeder* charts = sim->charts();
    charts->flush();
    QTRY_VERIFY(charts->pointCount() > 0 && charts->unitsKnown());
    QObject* latency = object("latencyChart");
    QObject* throughput = object("throughputChart");
    QVERIFY(latency && throughput);
    QCOMPARE(caption(latency), QStringLiteral("Latency (cycles)"));
    QCOMPARE(caption(throughput), QStringLiteral("Throughput (flits/node/cycle)"));
    QCOMPARE(shown("cycleLabel"), QStringLiteral("cycle %1").arg(sim->cycle()));
    const double latencyCycles = charts->latencyAxisMax();
    const double throughputFlits = charts->throughputAxisMax();

    clickViewMenuItem("physicalUnitsItem");
    QTRY_VERIFY(charts->inPhysicalUnits());
    QCOMPARE(caption(latency), QStringLiteral("Latency (ns)"));
    QCOMPARE(caption(throughput), QStringLiteral("Throughput (MB/s per node)"));
    // 13.3 ns a cycle: 600 cycles are 8.0 µs.
    QCOMPARE(shown("cycleLabel"),
             QStringLiteral("cycle %1 (%2 µs)").arg(sim->cycle()).arg(sim->cycle() * 1000.0 / 75.0 / 1000.0, 0, 'f', 1));
    charts->flush();
    // The axes follow: the latency in ns (rounded up to a multiple of 4), the
    // throughput x 600 MB/s.
    QVERIFY2(charts->latencyAxisMax() >= latencyCycles * 1000.0 / 75.0 * 0.9,
             qPrintable(QStringLiteral("%1 against %2 cycles").arg(charts->latencyAxisMax()).arg(latencyCycles)));
    QVERIFY(qAbs(charts->throughputAxisMax() - throughputFlits * 600.0) < 1e-6 * charts->throughputAxisMax());
    QVERIFY(flitgui::ViewSettings().physicalUnits());  // kept for the next start
    QTest::qWait(400);  // Qt Charts redraws on its own timer
    window()->grabWindow().save(QStringLiteral("physical_units.png"));  // to look at

    clickViewMenuItem("physicalUnitsItem");
    QTRY_VERIFY(!charts->inPhysicalUnits());
    QCOMPARE(caption(latency), QStringLiteral("Latency (cycles)"));
    QVERIFY(!flitgui::ViewSettings().physicalUnits());
  }

  void aScenarioWithoutUnitsKeepsCycles() {
    flitgui::SimulationController* sim = session_->simulation();
    // Wanted on the T3E, then a machine without a clock is opened.
    clickViewMenuItem("physicalUnitsItem");
    QTRY_VERIFY(session_->settings()->physicalUnits() && sim->charts()->inPhysicalUnits());
    QVERIFY(sim->loadScenario(QString::fromUtf8(FLITSCOPE_PRESETS_DIR) + QStringLiteral("/teaching-4x4x4.json")));
    sim->runTo(200);
    QTRY_VERIFY_WITH_TIMEOUT(sim->cycle() >= 200 && !sim->running(), 30000);
    QTRY_VERIFY(!sim->charts()->unitsKnown());
    QVERIFY(!sim->charts()->inPhysicalUnits());
    QObject* item = object("physicalUnitsItem");
    QVERIFY(!item->property("enabled").toBool());  // greyed out, still ticked: the choice is kept
    QVERIFY(item->property("checked").toBool());
    QCOMPARE(caption(object("latencyChart")), QStringLiteral("Latency (cycles)"));
    QCOMPARE(shown("cycleLabel"), QStringLiteral("cycle %1").arg(sim->cycle()));
  }
};

FLITSCOPE_TEST_MAIN(argc, argv) {
  QApplication app(argc, argv);
  TestPhysicalUnitsView test;
  return QTest::qExec(&test, argc, argv);
}

#include "tst_physical_units_view.moc"
