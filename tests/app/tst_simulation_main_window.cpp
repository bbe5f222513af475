// The live simulation in the real main window (MainWindowSession, as the
// flitscope executable starts it): the window gets the SimulationController,
// Space runs and pauses, the Charts toggle docks ChartsPanel with all its
// series, the engine's frames reach the controller on afterAnimating, a link
// broken in the view (and repaired by undo) fails and repairs in the engine,
// and opening another scenario restarts the simulation on it. Needs a display
// (make test runs ctest under xvfb-run).
#include "test_main.h"
#include "gui_session.h"

#include <QApplication>
#include <QQuickItem>
#include <QQuickWindow>
#include <QTest>
#include <QFile>
#include <QTemporaryDir>
#include <QtQml/qqmlextensionplugin.h>

Q_IMPORT_QML_PLUGIN(FlitscopePlugin)

using flitgui::SimulationController;

class TestSimulationMainWindow : public QObject {
  Q_OBJECT

 private:
  std::unique_ptr<MainWindowSession> session_;

  QQuickItem* item(const char* name) {
    return session_->window()->findChild<QQuickItem*>(QString::fromLatin1(name));
  }

 private slots:
  void initTestCase() {
    session_ = std::make_unique<MainWindowSession>();
    QVERIFY2(session_->start(GuiOptions{}), qPrintable(session_->errorString()));
    if (!QTest::qWaitForWindowExposed(session_->window())) QSKIP("no window system (run under xvfb-run)");
    session_->window()->requestActivate();
    QVERIFY(QTest::qWaitForWindowActive(session_->window()));
  }
  void cleanupTestCase() {
    if (session_) session_->simulation()->run();
    session_.reset();  // with the simulation running
  }

  void windowHasTheSimulation() {
    SimulationController* sim = session_->simulation();
    QVERIFY(sim->hasSimulation());
    QCOMPARE(session_->rootObject()->property("simulation").value<QObject*>(), sim);
    QCOMPARE(sim->window(), session_->window());
    QVERIFY(item("runPauseButton"));
    QVERIFY(!sim->running());
  }

  void spaceRunsAndPauses() {
    SimulationController* sim = session_->simulation();
    sim->setSpeed(0);
    session_->window()->contentItem()->forceActiveFocus();
    QTest::keyClick(session_->window(), Qt::Key_Space);
    QTRY_VERIFY(sim->running());
    QTRY_VERIFY(sim->cycle() > 500);
    QVERIFY(sim->framesTaken() > 0);
    QTest::keyClick(session_->window(), Qt::Key_Space);
    QTRY_VERIFY(!sim->running());
    QVERIFY(sim->currentFrame());
    QCOMPARE(sim->currentFrame()->linkUp.size(), static_cast<std::size_t>(session_->controller()->linkCount()));
  }

  void chartsToggleDocksThePanel() {
    SimulationController* sim = session_->simulation();
    QCOMPARE(sim->charts()->attachedSeriesCount(), 0);  // closed by default
    QQuickItem* toggle = item("chartsButton");
    QVERIFY(toggle);
    const QPointF centre = toggle->mapToScene(QPointF(toggle->width() / 2, toggle->height() / 2));
    QTest::mouseClick(session_->window(), Qt::LeftButton, {}, centre.toPoint());
    QTRY_COMPARE(sim->charts()->attachedSeriesCount(), flitgui::ChartFeeder::kSeriesCount);
    QVERIFY(item("latencyChart"));
    QVERIFY(sim->charts()->pointCount() > 0);  // the history from the run above
    // 64 sources: one bar each, too many to label; a line under the chart
    // says which nodes run left to right.
    sim->run();
    QTRY_COMPARE(sim->arbitrationCharts()->sourceLabels().size(), 64);
    sim->pause();
    QQuickItem* range = item("sourceRange");  // shown when the axis hides its labels (ChartsPanel.qml)
    QVERIFY(range);
    QTRY_VERIFY(range->isVisible());
    QCOMPARE(range->property("text").toString(), QStringLiteral("nodes 0-63 left to right"));
  }

  void linkBrokenInTheViewFailsInTheEngine() {
    SimulationController* sim = session_->simulation();
    NetworkController* c = session_->controller();
    const int link = 5;
    c->setLinkUp(link, false);  // what a click on the link does (undoable)
    // Until a frame that saw the failure arrives, the bar shows the rebuild
    // in progress (the worker rebuilds and checks the tables, issue 5).
    QVERIFY(sim->rebuildingRoutes());
    QQuickItem* busy = item("rebuildIndicator");
    QVERIFY(busy);
    QVERIFY(busy->isVisible());
    sim->step(1);
    QTRY_VERIFY(sim->currentFrame() && sim->currentFrame()->linkUp[link] == 0);
    QTRY_VERIFY(!sim->rebuildingRoutes());
    QTRY_VERIFY(!busy->isVisible());
    // The engine rebuilt the routes around it (issue 4/5; the side panel's
    // Last change and the status bar say so through RebuildOutcome).
    const auto rebuilt = [sim] { return QString::fromStdString(sim->currentFrame()->routeRebuild); };
    QTRY_VERIFY2(rebuilt().startsWith(QStringLiteral("routes rebuilt")), qPrintable(rebuilt()));
    // The default teaching torus routes like the T3E (direction order, LUTs): the rebuild goes
    // around the link, so no pair becomes unreachable (docs/fault-tolerance.md).
    QVERIFY2(!rebuilt().contains(QStringLiteral("fixed routes")), qPrintable(rebuilt()));
    QVERIFY2(rebuilt().contains(QStringLiteral(" 0 unreachable pairs, deadlock-free")), qPrintable(rebuilt()));
    // The status bar says it in the window's words (rebuild_outcome.h): what was done, what it did.
    QObject* label = session_->window()->findChild<QObject*>(QStringLiteral("outcomeStatusLabel"));
    QVERIFY(label);
    QTRY_VERIFY(label->property("visible").toBool());
    QVERIFY2(label->property("text").toString().contains(QStringLiteral("failed at cycle")) &&
                 label->property("text").toString().contains(QStringLiteral("0 unreachable pairs, deadlock-free")),
             qPrintable(label->property("text").toString()));
    c->undo();
    sim->step(1);
    QTRY_VERIFY(sim->currentFrame()->linkUp[link] == 1);
    QVERIFY(sim->lastError().isEmpty());
  }

  // Rewind (issue 16): the scrubber under the view has a marker per
  // intervention (the break and the undo above), its tooltip text the
  // engine's description; the checkpoint memory and its bound beside it;
  // Alt+Left steps back 100 cycles through the worker.
  void scrubberShowsInterventionsAndStepsBack() {
    SimulationController* sim = session_->simulation();
    QQuickItem* markers = item("interventionMarkers");
    QVERIFY(markers);
    QTRY_COMPARE(markers->property("count").toInt(), sim->interventionCycles().size());
    QVERIFY(sim->interventionCycles().size() >= 2);
    for (int i = 0; i < sim->interventionCycles().size(); ++i) {
      QQuickItem* marker = nullptr;
      QVERIFY(QMetaObject::invokeMethod(markers, "itemAt", Q_RETURN_ARG(QQuickItem*, marker), Q_ARG(int, i)));
      QVERIFY(marker);
      QCOMPARE(marker->property("text").toString(), sim->interventionTexts().at(i));
    }
    QVERIFY(sim->interventionTexts().first().contains(QStringLiteral("failLink")));
    QObject* memory = session_->window()->findChild<QObject*>(QStringLiteral("checkpointMemoryLabel"));
    QVERIFY(memory);
    QVERIFY2(memory->property("text").toString().endsWith(QStringLiteral("/ 256 MB")),
             qPrintable(memory->property("text").toString()));
    // The previous test's step may still be on its way: take the cycle once
    // the engine has done everything asked (a sanitizer build is slow).
    QTRY_VERIFY(sim->frameSawEveryCommand() && !sim->running());
    const double before = sim->cycle();
    QVERIFY(before > 100);
    session_->window()->contentItem()->forceActiveFocus();
    QTest::keyClick(session_->window(), Qt::Key_Left, Qt::AltModifier);
    QTRY_COMPARE(sim->cycle(), before - 100);
    QTRY_VERIFY(!sim->rewinding());
    QCOMPARE(sim->lastCycle(), before);

    // Running on from there with the break and its undo recorded after it:
    // the window asks; Discard drops them and the step goes on.
    QTRY_COMPARE(sim->pendingInterventions(), 2);
    // The dialog is made when first asked (TimelineScrubber.qml: a hidden
    // one looped on its size when the font changed).
    QObject* dialog = session_->window()->findChild<QObject*>(QStringLiteral("keepOrDiscardDialog"));
    QVERIFY(!dialog || !dialog->property("visible").toBool());
    QTest::keyClick(session_->window(), Qt::Key_N);  // step one cycle
    QVERIFY(sim->askKeepOrDiscard());
    QTRY_VERIFY((dialog = session_->window()->findChild<QObject*>(QStringLiteral("keepOrDiscardDialog"))));
    QTRY_VERIFY(dialog->property("opened").toBool());
    session_->window()->grabWindow().save(QStringLiteral("rewind_keep_or_discard.png"));  // to look at
    QQuickItem* discard = item("discardButton");
    QVERIFY(discard);
    const QPointF centre = discard->mapToScene(QPointF(discard->width() / 2, discard->height() / 2));
    QTest::mouseClick(session_->window(), Qt::LeftButton, {}, centre.toPoint());
    QTRY_VERIFY(!dialog->property("visible").toBool());
    QVERIFY(!sim->askKeepOrDiscard());
    QTRY_COMPARE(sim->cycle(), before - 99);
    QTRY_COMPARE(sim->pendingInterventions(), 0);
    QTRY_COMPARE(markers->property("count").toInt(), 0);
    QCOMPARE(sim->lastCycle(), before - 99);
  }

  void anotherScenarioRestartsTheSimulation() {
    SimulationController* sim = session_->simulation();
    QVERIFY(session_->controller()->loadScenario(QStringLiteral(FLITSCOPE_PRESETS_DIR "/t3e-8x8x8.json")));
    QTRY_VERIFY(sim->currentFrame() && sim->currentFrame()->linkUp.size() == 1536u);
    QCOMPARE(sim->cycle(), 0.0);
    sim->step(10);
    QTRY_COMPARE(sim->cycle(), 10.0);
  }

  // Beside the Adaptive switch, the packets that arrived after a later one
  // of the same source and destination (T3E paper section 5), as the engine
  // counts them: none at the start, some once the T3E is loaded past its knee.
  void packetsOutOfOrderAreShownBesideTheAdaptiveSwitch() {
    SimulationController* sim = session_->simulation();
    QVERIFY(session_->controller()->loadScenario(QStringLiteral(FLITSCOPE_PRESETS_DIR "/t3e-8x8x8.json")));
    QTRY_VERIFY(sim->currentFrame() && sim->currentFrame()->linkUp.size() == 1536u && sim->cycle() == 0.0);
    QQuickItem* label = item("reorderedLabel");
    QVERIFY(label);
    QTRY_VERIFY(label->isVisible());
    QTRY_COMPARE(label->property("text").toString(), QStringLiteral("0 out of order"));
    sim->setInjectionRate(0.3);
    sim->setSpeed(0);
    sim->runTo(1500);
    QTRY_VERIFY_WITH_TIMEOUT(sim->cycle() >= 1500 && !sim->running(), 60000);
    QVERIFY2(sim->packetsReordered() > 0, qPrintable(QString::number(sim->packetsReordered())));
    QTRY_COMPARE(label->property("text").toString(),
                 QStringLiteral("%1 out of order").arg(static_cast<qint64>(sim->packetsReordered())));
  }

  // The VC occupancy chart shows the VC classes of the scenario's layout
  // with their VC numbers, and the packet legend its adaptive trail only
  // where there is an adaptive VC and its dateline lines only where there
  // are datelines (issue 15: "the legend and VC colours come from
  // the scenario's VC layout, not from a fixed T3E list"): the T3E's five,
  // the Figure 4 ring's two VCs and no response or adaptive series.
  void vcChartShowsTheScenariosVcClasses() {
    SimulationController* sim = session_->simulation();
    QQuickItem* chart = item("vcOccupancyChart");
    QVERIFY(chart);
    const auto visibleSeries = [chart] {
      QList<bool> out;
      for (const QVariant& v : chart->property("vcSeries").toList()) {
        const QObject* s = v.value<QObject*>();
        out << (s && s->property("visible").toBool());
      }
      return out;
    };
    const auto legendNames = [chart] {
      QStringList out;
      for (const QVariant& e : chart->property("entries").toList()) out << e.toList().value(0).toString();
      return out;
    };
    QTRY_COMPARE(visibleSeries(), (QList<bool>{true, true, true, true, true}));  // the T3E 8x8x8 above
    QQuickItem* trail = item("adaptiveTrailLegend");  // the packet legend's line for the adaptive VC
    QVERIFY(trail);
    QVERIFY(trail->isVisible());
    QQuickItem* datelineCounts = item("datelineCounts");
    QVERIFY(datelineCounts);
    QVERIFY(datelineCounts->isVisible());  // the T3E's rings have dateline nodes
    QQuickItem* axes = item("axisHint");  // the axis hint names the torus's dimensions and its wraps
    QVERIFY(axes);
    QCOMPARE(axes->property("text").toString(), QStringLiteral("X: blue  Y: green  Z: olive  wrap: violet stubs"));
    QVERIFY(session_->controller()->loadScenario(QStringLiteral(FLITSCOPE_PRESETS_DIR "/xt-merging-8.json")));
    sim->step(5);
    QTRY_COMPARE(sim->cycle(), 5.0);
    QTRY_COMPARE(visibleSeries(), (QList<bool>{true, true, false, false, false}));
    // One VC class (no responses): no "request" in the names, one VC per class.
    QTRY_COMPARE(legendNames(), (QStringList{QStringLiteral("VC0"), QStringLiteral("VC1")}));
    QVERIFY(!trail->isVisible());  // the ring has no adaptive VC
    QTRY_VERIFY(!datelineCounts->isVisible());  // a mesh: no dateline, nothing crossed
    QCOMPARE(axes->property("text").toString(), QStringLiteral("X: blue"));  // one dimension, no wrap
  }

  // Faults the engine applies by itself (scenario faults.failedNodes and
  // faults.timeline) show in the view, without undo entries, and are not
  // sent back to the engine.
  void scenarioTimelineShowsInTheView() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QFile f(dir.filePath(QStringLiteral("timeline.json")));
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(R"({"format":"flitscope-scenario","version":1,"seed":3,"topology":{"radix":[4,4,4]},
      "routing":{"algorithm":"direction-order"},"traffic":{"rateFlitsPerNodeCycle":0.1},
      "faults":{"failedNodes":["3,3,3"],
                "timeline":[{"cycle":50,"fail":"1,0,0:+Y"},{"cycle":120,"repair":"1,0,0:+Y"}]}})");
    f.close();
    NetworkController* c = session_->controller();
    SimulationController* sim = session_->simulation();
    QVERIFY(c->loadScenario(f.fileName()));
    const int node = c->topology()->nodeAt({{3, 3, 3}});
    const int link = c->topology()->linkFrom(c->topology()->nodeAt({{1, 0, 0}}), flit::Direction::PlusY);
    sim->step(1);
    QTRY_VERIFY(!c->nodeUp(node));  // down from cycle 0, as the engine has it
    QVERIFY(c->linkUp(link));
    sim->runTo(60);
    QTRY_COMPARE(sim->cycle(), 60.0);
    QTRY_VERIFY(!c->linkUp(link));  // from the engine's frame, no undo entry
    QVERIFY(!c->canUndo());
    sim->runTo(130);
    QTRY_COMPARE(sim->cycle(), 130.0);
    QTRY_VERIFY(c->linkUp(link));
    QVERIFY(!c->nodeUp(node));
    QVERIFY(sim->lastError().isEmpty());
    QVERIFY(QString::fromStdString(sim->currentFrame()->routeRebuild).startsWith(QStringLiteral("routes rebuilt")));
  }
};

FLITSCOPE_TEST_MAIN(argc, argv) {
  QApplication app(argc, argv);
  TestSimulationMainWindow test;
  return QTest::qExec(&test, argc, argv);
}

#include "tst_simulation_main_window.moc"
