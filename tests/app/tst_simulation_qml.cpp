// ControlsBar.qml and ChartsPanel.qml in a real window, driving a
// SimulationController over a fake source: buttons, the run-to field, the
// Space shortcut and the speed label reach the simulation; the charts panel
// attaches all its series and they fill while the simulation runs.
#include "test_main.h"
#include "fake_simulation_source.h"
#include "fat_tree/circuit_sweep.h"
#include "network_controller.h"
#include "simulation_controller.h"

#include <cstdlib>

#include <QApplication>
#include <QQmlComponent>
#include <QQmlEngine>
#include <QQuickItem>
#include <QQuickWindow>
#include <QTest>
#include <QXYSeries>
#include <QtQml/qqmlextensionplugin.h>

Q_IMPORT_QML_PLUGIN(FlitscopePlugin)

using namespace flitgui;

namespace {
const char* const kWindowQml = R"(
import QtQuick
import QtQuick.Controls
import Flitscope
ApplicationWindow {
    id: root
    required property SimulationController simulation
    required property FamilyView family
    required property CircuitSweep sweep
    width: 1280; height: 800
    visible: true
    header: ControlsBar { objectName: "controls"; simulation: root.simulation; family: root.family }
    ChartsPanel { objectName: "charts"; anchors.fill: parent; simulation: root.simulation; sweep: root.sweep }
}
)";
}  // namespace

class TestSimulationQml : public QObject {
  Q_OBJECT

 private:
  QQmlEngine engine_;
  SimulationController controller_;
  NetworkController network_;  // its family: the torus's words for the load
  CircuitSweep sweep_;          // the charts panel's sweep view (a fat-tree's)
  std::shared_ptr<fake::Probe> probe_ = std::make_shared<fake::Probe>();
  std::unique_ptr<QQuickWindow> window_;

  QQuickItem* item(const char* name) {
    auto* found = window_->contentItem()->findChild<QQuickItem*>(QString::fromLatin1(name));
    if (!found) found = window_->findChild<QQuickItem*>(QString::fromLatin1(name));
    return found;
  }
  // The latency chart's first series (the max per interval), or null.
  QXYSeries* latencyMaxSeries() {
    QAbstractSeries* series = nullptr;
    QQuickItem* chart = item("latencyChart");
    if (!chart || !QMetaObject::invokeMethod(chart, "series", Q_RETURN_ARG(QAbstractSeries*, series), Q_ARG(int, 0)))
      return nullptr;
    return qobject_cast<QXYSeries*>(series);
  }
  void click(const char* name) {
    QQuickItem* target = item(name);
    QVERIFY2(target, name);
    const QPointF centre = target->mapToScene(QPointF(target->width() / 2, target->height() / 2));
    QTest::mouseClick(window_.get(), Qt::LeftButton, {}, centre.toPoint());
  }

 private slots:
  void initTestCase() {
    SimWorker::Options o;
    o.framePeriod = std::chrono::milliseconds(4);
    controller_.setSource(std::make_unique<fake::FakeSimulationSource>(probe_), o);
    engine_.addImportPath(QStringLiteral("qrc:/"));  // the Flitscope module's qmldir is at qrc:/Flitscope/
    QQmlComponent component(&engine_);
    component.setData(kWindowQml, QUrl(QStringLiteral("qrc:/tst_simulation_qml/Window.qml")));
    QVERIFY2(component.isReady(), qPrintable(component.errorString()));
    QVERIFY(network_.loadScenario(NetworkController::defaultScenarioPath()));
    QObject* root = component.createWithInitialProperties(
        {{"simulation", QVariant::fromValue(&controller_)}, {"family", QVariant::fromValue(network_.family())},
         {"sweep", QVariant::fromValue(&sweep_)}});
    QVERIFY2(root, qPrintable(component.errorString()));
    window_.reset(qobject_cast<QQuickWindow*>(root));
    QVERIFY(window_);
    controller_.setWindow(window_.get());
    if (!QTest::qWaitForWindowExposed(window_.get())) QSKIP("no window system (run under xvfb-run)");
  }

  void chartsPanelAttachesEverySeries() {
    QCOMPARE(controller_.charts()->attachedSeriesCount(), ChartFeeder::kSeriesCount);
    QVERIFY(controller_.charts()->lastError().isEmpty());
    // The arbitration bar charts: per-source throughput and age groups.
    QCOMPARE(controller_.arbitrationCharts()->attachedBarSetCount(), 2);
    QVERIFY(controller_.arbitrationCharts()->lastError().isEmpty());
    QVERIFY(item("sourceThroughputChart"));
    // The fake source's frames say round robin: the age chart says there are no ages.
    QQuickItem* noAges = item("noAgesLabel");
    QVERIFY(noAges);
    QTRY_VERIFY(noAges->isVisible());
    // ... naming the arbiter as the Arbitration panel does (arbiter_labels.h).
    QVERIFY2(noAges->property("text").toString().endsWith(controller_.arbiterLabel(QStringLiteral("roundRobin"))),
             qPrintable(noAges->property("text").toString()));
  }

  // A run's first interval is one point per series: drawn as a dot (a line
  // needs two), so the charts show something from the first sample on.
  // Counted on the rendered window: pixels of the max series' colour in the
  // latency chart's plot area.
  void aFirstIntervalShowsAsADot() {
    QQuickItem* chart = item("latencyChart");
    QVERIFY(chart);
    QXYSeries* max = latencyMaxSeries();
    QVERIFY(max);
    QCOMPARE(max->count(), 0);
    auto maxColoured = [&] {
      const QRectF plot = chart->property("plotArea").toRectF().adjusted(-10, -10, 10, 10);
      const QRect area = QRectF(chart->mapToScene(plot.topLeft()), plot.size()).toAlignedRect();
      const QImage shot = window_->grabWindow();
      const qreal dpr = shot.devicePixelRatio();
      int count = 0;
      for (int y = area.top(); y <= area.bottom(); ++y) {
        for (int x = area.left(); x <= area.right(); ++x) {
          const QColor c = shot.pixelColor(QPoint(x, y) * dpr);
          if (std::abs(c.red() - 0xef) < 30 && std::abs(c.green() - 0x9a) < 30 && std::abs(c.blue() - 0x9a) < 30) ++count;
        }
      }
      return count;
    };
    click("step10Button");  // cycle 10: the first interval, max latency 20
    QTRY_COMPARE(max->count(), 1);
    QTRY_VERIFY2(maxColoured() > 12, "the first interval's point is not drawn");
    QVERIFY(max->pointsVisible());
    click("step10Button");  // two points: a line, without dots
    QTRY_COMPARE(max->count(), 2);
    QVERIFY(!max->pointsVisible());
  }

  void stepButtonsAdvance() {
    click("step10Button");
    QTRY_COMPARE(controller_.cycle(), 30.0);
    click("step1Button");
    QTRY_COMPARE(controller_.cycle(), 31.0);
    click("step100Button");
    QTRY_COMPARE(controller_.cycle(), 131.0);
    QCOMPARE(probe_->stepCalls.load(), 131u);
    QTRY_COMPARE(item("cycleLabel")->property("text").toString(), QStringLiteral("cycle 131"));
  }

  void runToField() {
    QQuickItem* field = item("runToField");
    QVERIFY(field);
    controller_.setSpeed(0);
    field->setProperty("text", QStringLiteral("500"));
    click("runToButton");
    QTRY_COMPARE(controller_.cycle(), 500.0);
    QTRY_VERIFY(!controller_.running());
  }

  void spaceRunsAndPauses() {
    controller_.setSpeed(0);
    QTRY_COMPARE(item("speedLabel")->property("text").toString(), QStringLiteral("as fast as possible"));
    window_->requestActivate();  // Shortcuts are window shortcuts: the window must be active
    QVERIFY(QTest::qWaitForWindowActive(window_.get()));
    window_->contentItem()->forceActiveFocus();  // not in the run-to field, where Space is text
    QTest::keyClick(window_.get(), Qt::Key_Space);
    QTRY_VERIFY(controller_.running());
    QTRY_VERIFY(controller_.cycle() > 2000);
    QTest::keyClick(window_.get(), Qt::Key_Space);
    QTRY_VERIFY(!controller_.running());
    QTRY_COMPARE(controller_.cycle(), static_cast<double>(probe_->cycle.load()));
  }

  void chartsFill() {
    QXYSeries* xy = latencyMaxSeries();
    QVERIFY(xy);
    QTRY_VERIFY(xy->count() > 0);
    QVERIFY(xy->count() <= controller_.charts()->maxPointsPerSeries());
    // The per-source bars say which cycles they cover, in the caption (Qt
    // Charts kept an axis title's first "last 0 cycles").
    QTRY_VERIFY(controller_.arbitrationCharts()->spanCycles() > 0);
    QTRY_COMPARE(item("sourceThroughputChart")->property("caption").toString(),
                 QStringLiteral("Accepted per source (flits/cycle), last %1 cycles")
                     .arg(controller_.arbitrationCharts()->spanCycles(), 0, 'f', 0));
    if (!qEnvironmentVariableIsEmpty("FLITSCOPE_TEST_SCREENSHOT"))
      window_->grabWindow().save(qEnvironmentVariable("FLITSCOPE_TEST_SCREENSHOT"));
  }

  void speedLabelFollowsTheController() {
    controller_.setSpeed(100);
    QTRY_COMPARE(item("speedLabel")->property("text").toString(), QStringLiteral("100 cycles/s"));
    QCOMPARE(item("speedSlider")->property("value").toDouble(), 2.0);
  }

  void rateLabelFollowsTheController() {
    controller_.setInjectionRate(0.25);
    QTRY_COMPARE(item("rateLabel")->property("text").toString(), QStringLiteral("0.25 flits/node/cycle"));
    QCOMPARE(item("rateSlider")->property("value").toDouble(), 0.25);
  }

  void cleanupTestCase() {
    controller_.setWindow(nullptr);
    controller_.run();
    window_.reset();
    controller_.shutdown();  // with the simulation running
  }
};

FLITSCOPE_TEST_MAIN(argc, argv) {
  QApplication app(argc, argv);
  TestSimulationQml test;
  return QTest::qExec(&test, argc, argv);
}

#include "tst_simulation_qml.moc"
