// The deadlock lab (issue 18; Dally & Seitz, "The Torus Routing Chip",
// Figures 1-2, Theorem 1):
//  - the frames carry the dependency check of the routes in force only while
//    the lab looks, checked on the worker with the engine's analysis and the
//    same verdict and cycle text as flitscope-cli check's (checkDependencies);
//    it is checked again only when the routes may have changed;
//  - the Figure 1 ring (4 nodes, no datelines: one VC in use): a cycle of
//    the 4 +X VC0 channels, and the drawn graph has those 4 vertices and 4
//    edges, all red, on one circle; with datelines (Figure 2's idea) acyclic;
//  - after the watchdog stops the ring, the frames carry its report, and the
//    3D overlay and the slice overlay mark exactly the buffers of
//    DeadlockReport::cycle, with one "waits for" arrow per buffer;
//  - the panel shows the check and the report.
#include "test_main.h"
#include "changes.h"
#include "torus/cdg_view.h"
#include "torus/deadlock_instancing.h"
#include "torus/deadlock_lab.h"
#include "network_controller.h"
#include "simulation_controller.h"
#include "torus/simulator_source.h"
#include "torus/slice_deadlock_overlay.h"
#include "torus/slice_view.h"

#include "analysis/route_dependencies.h"
#include "scenario/scenario.h"

#include <QApplication>
#include <QQmlComponent>
#include <QQmlEngine>
#include <QQuickItem>
#include <QSet>
#include <QTest>
#include <QtQml/qqmlextensionplugin.h>

#include <memory>
#include <sstream>

Q_IMPORT_QML_PLUGIN(FlitscopePlugin)

using namespace flitgui;

namespace {

// Figure 1: a 4-node ring, no datelines, saturating traffic (deadlocks).
const char* const kRing = FLITSCOPE_SOURCE_DIR "/tests/app/data/ring4-one-vc.json";
// The presets of the lab: the TRC's Figure 1 ring (rule oneVc) and Figure 2's spiral.
const char* const kFigure1 = FLITSCOPE_SOURCE_DIR "/resources/presets/trc-figure1-ring4.json";
const char* const kFigure2 = FLITSCOPE_SOURCE_DIR "/resources/presets/trc-figure2-ring4.json";

flit::SimConfig configOf(const char* path) { return flit::simConfigFromScenario(flit::loadScenarioFile(path)); }

// The same ring with the default datelines (VC0 -> VC1 at node 0).
flit::SimConfig ringWithDatelines() {
  flit::SimConfig cfg = configOf(kRing);
  cfg.routing.datelines = flit::DatelineConfig::defaults(cfg.topology);
  return cfg;
}

// What flitscope-cli check computes for the routes the simulator has in force.
flit::DependencyCheck staticCheck(const flit::Simulator& sim) {
  flit::DependencyCheckOptions options;
  options.trafficClasses = sim.config().router.vcClasses;
  return flit::checkDependencies(sim.topology(), sim.routing(), options);
}

std::string print(const flit::CdgGraph& g) {
  std::ostringstream s;
  s << g;
  return s.str();
}

struct Session {
  SimulationController c;
  DeadlockLab lab;
  explicit Session(const flit::SimConfig& cfg) {
    SimWorker::Options o;
    o.framePeriod = std::chrono::milliseconds(4);
    c.setSource(std::make_unique<SimulatorSource>(cfg), o);
    c.setSpeed(0);
    lab.setSimulation(&c);
    lab.setWatched(true);
  }
};

}  // namespace

class TestDeadlockLabPanel : public QObject {
  Q_OBJECT

 private slots:
  void frameCarriesTheCheckOnlyWhileWatched() {
    SimulatorSource src(configOf(kRing));
    FrameSnapshot unwatched;
    src.fillSnapshot(unwatched);
    QVERIFY(!unwatched.torus->lab);
    QVERIFY(!unwatched.torus->deadlock);

    src.run().watchLab(true);
    FrameSnapshot a, b;
    src.fillSnapshot(a);
    src.fillSnapshot(b);
    QVERIFY(a.torus->lab);
    QCOMPARE(a.torus->lab.get(), b.torus->lab.get());  // not checked again: nothing changed
    const flit::DependencyCheck check = staticCheck(src.simulator());
    QCOMPARE(a.torus->lab->deadlockFree, check.deadlockFree());
    QCOMPARE(a.torus->lab->cycleText, check.cycleText());
    QCOMPARE(a.torus->lab->routesTraced, check.routesTraced);

    src.apply(changes::rate(0.5));  // traffic only: the same routes, not checked again
    FrameSnapshot b2;
    src.fillSnapshot(b2);
    QCOMPARE(b2.torus->lab.get(), a.torus->lab.get());
    src.apply(changes::link(0, false));  // a fault: the routes are rebuilt, the graph checked again
    QVERIFY(src.step());
    FrameSnapshot c;
    src.fillSnapshot(c);
    QVERIFY(c.torus->lab);
    QVERIFY(c.torus->lab.get() != a.torus->lab.get());

    src.run().watchLab(false);
    FrameSnapshot d;
    src.fillSnapshot(d);
    QVERIFY(!d.torus->lab);
  }

  // Figure 1 (b): the ring's dependency graph is the cycle c0 -> c1 -> c2 -> c3 -> c0.
  void figure1RingIsACycleOfFourChannels() {
    SimulatorSource src(configOf(kRing));
    src.run().watchLab(true);
    FrameSnapshot f;
    src.fillSnapshot(f);
    QVERIFY(f.torus->lab && f.torus->lab->graph);
    QVERIFY(!f.torus->lab->deadlockFree);
    QCOMPARE(f.torus->lab->cycleLength, 4);
    for (const char* c : {"(0)+X vc0", "(1)+X vc0", "(2)+X vc0", "(3)+X vc0"})
      QVERIFY2(f.torus->lab->cycleText.find(c) != std::string::npos, f.torus->lab->cycleText.c_str());
    const flit::CdgGraph& g = *f.torus->lab->graph;
    QVERIFY2(!g.tooLarge, print(g).c_str());
    QCOMPARE(g.vertexCount, 4);
    QCOMPARE(g.vertices.size(), std::size_t{4});
    QCOMPARE(g.edgeCount, std::size_t{4});
    QCOMPARE(g.edges.size(), std::size_t{4});
    QCOMPARE(g.cycle.size(), std::size_t{4});
    for (const flit::CdgVertex& v : g.vertices) {
      QCOMPARE(v.channelVc.vc, 0);
      QCOMPARE(v.direction, static_cast<int>(flit::Direction::PlusX));
    }
    for (const auto& [from, to] : g.edges) QVERIFY(CdgView::inCycle(g, from, to));
    // Drawn on one circle, one place per channel.
    const QVector<QPointF> at = CdgView::vertexPositions(g, QSizeF(200, 200));
    QCOMPARE(at.size(), 4);
    QSet<QString> places;
    for (const QPointF& p : at) {
      QVERIFY(qAbs(QLineF(QPointF(100, 100), p).length() - QLineF(QPointF(100, 100), at[0]).length()) < 1e-6);
      places.insert(QStringLiteral("%1,%2").arg(qRound(p.x())).arg(qRound(p.y())));
    }
    QCOMPARE(places.size(), 4);
  }

  // Figure 2's idea on the same ring: a dateline splits each channel into VC0
  // and VC1 and the graph has no cycle; the VC1 channels on a second circle.
  void datelinesMakeTheRingAcyclic() {
    SimulatorSource src(ringWithDatelines());
    src.run().watchLab(true);
    FrameSnapshot f;
    src.fillSnapshot(f);
    QVERIFY(f.torus->lab && f.torus->lab->graph);
    QVERIFY2(f.torus->lab->deadlockFree, f.torus->lab->cycleText.c_str());
    QVERIFY(f.torus->lab->cycleText.empty());
    const flit::CdgGraph& g = *f.torus->lab->graph;
    QVERIFY(g.cycle.empty());
    const flit::DependencyCheck check = staticCheck(src.simulator());
    QCOMPARE(static_cast<std::size_t>(g.edges.size()), check.graph.dependencyCount());
    QSet<int> vcs;
    for (const flit::CdgVertex& v : g.vertices) vcs.insert(v.channelVc.vc);
    QCOMPARE(vcs, (QSet<int>{0, 1}));
  }

  void controllerAndCdgViewShowTheCheck() {
    Session s(configOf(kRing));
    QTRY_VERIFY(s.lab.answered());
    QVERIFY(!s.lab.deadlockFree());
    QCOMPARE(s.lab.cycleLength(), 4);
    QCOMPARE(s.lab.graphVertexCount(), 4);
    QCOMPARE(s.lab.graphEdgeCount(), 4);
    QVERIFY(!s.lab.graphTooLarge());
    QVERIFY(s.lab.cycleText().startsWith(QStringLiteral("(")));
    CdgView view;
    view.setLab(&s.lab);
    QCOMPARE(view.vertexCount(), 4);
    QCOMPARE(view.edgeCount(), 4);
    QCOMPARE(view.cycleEdgeCount(), 4);
    s.lab.setWatched(false);
    QVERIFY(!s.lab.answered());
    QCOMPARE(view.vertexCount(), 0);
    s.c.shutdown();
  }

  // The rule switches through interventions, and after each the panel shows
  // what the static analysis predicts for that rule (Simulator::checkVcRule
  // on a simulator built with it): oneVc on the Figure 1 ring a cycle of 4
  // channels, vc1Start and timeOfCrossing acyclic.
  void rulesSwitchLiveAndShowTheStaticCheck_data() {
    QTest::addColumn<QString>("rule");
    QTest::addColumn<bool>("acyclic");
    QTest::addRow("vc1Start") << "vc1Start" << true;
    QTest::addRow("timeOfCrossing") << "timeOfCrossing" << true;
    QTest::addRow("noDatelines") << "noDatelines" << false;
    QTest::addRow("tables (the TRC generator's Figure 2 spiral)") << "tables" << true;
  }
  void rulesSwitchLiveAndShowTheStaticCheck() {
    QFETCH(QString, rule);
    QFETCH(bool, acyclic);
    Session s(configOf(kFigure1));
    QTRY_COMPARE(s.lab.rule(), QStringLiteral("oneVc"));
    QVERIFY(!s.lab.deadlockFree());
    QCOMPARE(s.lab.cycleLength(), 4);
    QCOMPARE(s.lab.graphVertexCount(), 4);
    QCOMPARE(s.lab.graphEdgeCount(), 4);
    s.lab.setRule(rule);
    QTRY_COMPARE(s.lab.rule(), rule);
    flit::SimConfig cfg = configOf(kFigure1);
    cfg.routing.vcRule = *flit::parseVcRule(rule.toStdString());
    const flit::VcRuleCheck predicted = flit::Simulator(cfg).checkVcRule();
    QCOMPARE(predicted.deadlockFree, acyclic);
    QCOMPARE(s.lab.deadlockFree(), acyclic);
    QCOMPARE(s.lab.cycleText().toStdString(), predicted.cycleText.empty() ? std::string() : predicted.cycleText);
    QCOMPARE(s.lab.cycleLength(), static_cast<int>(predicted.cycle.size()));
    QTRY_VERIFY(s.c.interventionTexts().join(QLatin1Char(' ')).contains(QStringLiteral("setVcRule")));
    s.c.shutdown();
  }

  // Figure 2 (b): the spiral of the scenario's tables is acyclic; the graph
  // uses both VCs of the four + channels.
  void figure2SpiralIsAcyclic() {
    Session s(configOf(kFigure2));
    QTRY_VERIFY(s.lab.answered());
    QVERIFY2(s.lab.deadlockFree(), qPrintable(s.lab.cycleText()));
    const auto g = s.lab.graph();
    QVERIFY(g && !g->tooLarge);
    QVERIFY(g->cycle.empty());
    QSet<int> vcs;
    for (const flit::CdgVertex& v : g->vertices) {
      vcs.insert(v.channelVc.vc);
      QCOMPARE(v.direction, static_cast<int>(flit::Direction::PlusX));
    }
    QCOMPARE(vcs, (QSet<int>{0, 1}));
    s.c.shutdown();
  }

  // Undo posts the rule that was in force before (the inverse intervention).
  void undoPostsThePreviousRule() {
    Session s(configOf(kFigure1));
    NetworkController network;
    QVERIFY(network.loadScenario(QString::fromLatin1(kFigure1)));
    s.c.setUndoStack(network.undoStack());
    QTRY_COMPARE(s.lab.rule(), QStringLiteral("oneVc"));
    s.lab.setRule(QStringLiteral("vc1Start"));
    QTRY_COMPARE(s.lab.rule(), QStringLiteral("vc1Start"));
    QVERIFY(s.lab.deadlockFree());
    QVERIFY(network.canUndo());
    network.undo();
    QTRY_COMPARE(s.lab.rule(), QStringLiteral("oneVc"));
    QVERIFY(!s.lab.deadlockFree());
    network.redo();
    QTRY_COMPARE(s.lab.rule(), QStringLiteral("vc1Start"));
    QTRY_COMPARE(s.c.interventionTexts().filter(QStringLiteral("setVcRule")).size(), 3);
    s.c.shutdown();
  }

  // A router with one VC cannot use the rules with datelines: the lab says
  // so per rule, and a switch to one comes back as the engine's error.
  void ruleTheRouterCannotUseIsRefused() {
    flit::SimConfig cfg = configOf(kFigure1);
    cfg.router.vcCount = 1;
    Session s(cfg);
    QTRY_VERIFY(s.lab.answered());
    const int vc1Start = DeadlockLab::ruleNames().indexOf(QStringLiteral("vc1Start"));
    QVERIFY(vc1Start >= 0);
    QVERIFY(!s.lab.ruleProblems().at(vc1Start).isEmpty());
    QVERIFY(s.lab.ruleProblems().at(DeadlockLab::ruleNames().indexOf(QStringLiteral("oneVc"))).isEmpty());
    s.lab.setRule(QStringLiteral("vc1Start"));
    QTRY_VERIFY2(s.c.lastError().contains(QStringLiteral("routing.vcRule")), qPrintable(s.c.lastError()));
    QCOMPARE(s.lab.rule(), QStringLiteral("oneVc"));
    s.c.shutdown();
  }

  // The lab's story: the Figure 1 ring locks up; the second VC switched on
  // (the TRC's own rule), the same traffic from cycle 0 flows.
  void figure1LocksUpAndFlowsWithTheSecondVc() {
    Session s(configOf(kFigure1));
    s.c.run();
    QTRY_VERIFY_WITH_TIMEOUT(s.lab.deadlocked(), 20000);
    QCOMPARE(s.lab.deadlockBufferCount(), static_cast<int>(s.lab.deadlock()->cycle.size()));
    s.lab.setRule(QStringLiteral("vc1Start"));
    QTRY_COMPARE(s.lab.rule(), QStringLiteral("vc1Start"));
    s.c.reset();  // the rule stays (the engine's config follows the intervention)
    QTRY_VERIFY(!s.lab.deadlocked() && s.c.cycle() == 0.0);
    QTRY_COMPARE(s.lab.rule(), QStringLiteral("vc1Start"));
    s.c.runTo(5000);
    QTRY_VERIFY_WITH_TIMEOUT(s.c.cycle() == 5000.0 || s.lab.deadlocked(), 30000);
    QVERIFY2(!s.lab.deadlocked(), qPrintable(s.lab.deadlockText()));
    QVERIFY(s.c.packetsDelivered() > 100);
    s.c.shutdown();
  }

  void tooLargeGraphIsNotDrawn() {
    flit::SimConfig cfg = configOf(kRing);
    cfg.topology.dims = 2;
    cfg.topology.radix = {6, 6, 1};
    cfg.topology.wrap = {true, true, false};
    SimulatorSource src(cfg);
    src.run().watchLab(true);
    FrameSnapshot f;
    src.fillSnapshot(f);
    QVERIFY(f.torus->lab && f.torus->lab->graph);
    QVERIFY2(f.torus->lab->graph->vertexCount > flit::kMaxDrawnCdgVertices, print(*f.torus->lab->graph).c_str());
    QVERIFY(f.torus->lab->graph->tooLarge);
    QVERIFY(f.torus->lab->graph->vertices.empty());
    QVERIFY(!f.torus->lab->deadlockFree);  // the verdict covers the whole graph
  }

  // The watchdog's report, copied into the frames and drawn in 3D and 2D:
  // exactly the buffers of DeadlockReport::cycle.
  void overlaysMarkExactlyTheReportBuffers() {
    SimulatorSource src(configOf(kRing));
    while (src.step()) QVERIFY(src.cycle() < 100000);
    const flit::DeadlockReport& report = src.simulator().deadlockReport();
    QVERIFY(report.cycle.size() >= 4);
    FrameSnapshot f;
    src.fillSnapshot(f);
    QVERIFY(f.torus->deadlock);
    QCOMPARE(*f.torus->deadlock, flit::deadlockViewOf(report, src.simulator().topology()));
    QCOMPARE(f.torus->deadlock->text, report.describe(src.simulator().topology()));

    Session s(configOf(kRing));
    s.c.run();
    QTRY_VERIFY_WITH_TIMEOUT(s.lab.deadlocked(), 20000);
    const flit::DeadlockView& d = *s.lab.deadlock();
    QCOMPARE(s.lab.deadlockBufferCount(), static_cast<int>(d.cycle.size()));
    QVERIFY(s.lab.deadlockText().contains(QStringLiteral("waits for")));

    NetworkController network;
    QVERIFY(network.loadScenario(QString::fromLatin1(kRing)));
    DeadlockInstancing overlay;
    overlay.setController(&network);
    overlay.setLab(&s.lab);
    QCOMPARE(overlay.buffers(), d.cycle);
    QCOMPARE(overlay.labelTexts().size(), static_cast<int>(d.cycle.size()));
    // One "waits for" channel per buffer fed by a channel from the previous one.
    const std::vector<flit::WaitEdge> edges = flit::waitEdgesOf(*network.topology(), d.cycle);
    QCOMPARE(edges.size(), d.cycle.size());
    int across = 0;
    for (const flit::WaitEdge& e : edges) {
      const flit::DeadlockBuffer& to = d.cycle[static_cast<std::size_t>(e.to)];
      if (e.channel == flit::kInvalidId) {
        QCOMPARE(d.cycle[static_cast<std::size_t>(e.from)].node, to.node);  // inside one router
        continue;
      }
      ++across;
      QCOMPARE(network.topology()->channelTarget(e.channel), to.node);
      QCOMPARE(network.topology()->channelSource(e.channel), d.cycle[static_cast<std::size_t>(e.from)].node);
    }
    QCOMPARE(overlay.channels().size(), across);
    QCOMPARE(across, 4);  // round the whole ring (Figure 1)
    QVERIFY(overlay.rowCount() > static_cast<int>(d.cycle.size()));

    SliceView slice;
    slice.setController(&network);
    SliceDeadlockOverlay sliceOverlay;
    sliceOverlay.setSlice(&slice);
    sliceOverlay.setLab(&s.lab);
    QCOMPARE(sliceOverlay.bufferCount(), static_cast<int>(d.cycle.size()));  // the ring lies in the plane
    QSet<int> marked;
    for (const auto& b : sliceOverlay.marks().buffers) marked.insert(b.index);
    QCOMPARE(marked.size(), static_cast<int>(d.cycle.size()));
    // One arrow per waits-for, two for the wrap link's (out at one edge, in at the other).
    QCOMPARE(sliceOverlay.arrowCount(), static_cast<int>(d.cycle.size()) + 1);

    s.c.reset();  // no deadlock any more: nothing drawn
    QTRY_VERIFY(!s.lab.deadlocked());
    QVERIFY(overlay.empty());
    QCOMPARE(overlay.rowCount(), 0);
    QCOMPARE(sliceOverlay.bufferCount(), 0);
    s.c.shutdown();
  }

  void panelShowsTheCheckAndTheReport() {
    Session s(configOf(kRing));
    QQmlEngine engine;
    engine.addImportPath(QStringLiteral("qrc:/"));
    QQmlComponent component(&engine);
    component.setData("import Flitscope\nDeadlockLabPanel { width: 360; height: 900 }\n",
                      QUrl(QStringLiteral("qrc:/tst_deadlock_lab_panel/Panel.qml")));
    QVERIFY2(component.isReady(), qPrintable(component.errorString()));
    std::unique_ptr<QObject> panel(component.createWithInitialProperties(
        {{"lab", QVariant::fromValue(&s.lab)}, {"simulation", QVariant::fromValue(&s.c)}}));
    QVERIFY2(panel, qPrintable(component.errorString()));
    auto* check = panel->findChild<QQuickItem*>(QStringLiteral("labCheckLabel"));
    auto* cycle = panel->findChild<QQuickItem*>(QStringLiteral("labCycleText"));
    auto* deadlock = panel->findChild<QQuickItem*>(QStringLiteral("labDeadlockText"));
    QVERIFY(check && cycle && deadlock);
    QTRY_VERIFY(check->property("text").toString().contains(QStringLiteral("cycle of 4")));
    QCOMPARE(cycle->property("text").toString(), s.lab.cycleText());
    s.c.run();
    QTRY_VERIFY_WITH_TIMEOUT(s.lab.deadlocked(), 20000);
    QTRY_COMPARE(deadlock->property("text").toString(), s.lab.deadlockText());
    s.c.shutdown();
  }
};

FLITSCOPE_TEST_MAIN(argc, argv) {
  QApplication app(argc, argv);
  TestDeadlockLabPanel test;
  return QTest::qExec(&test, argc, argv);
}

#include "tst_deadlock_lab_panel.moc"
