// The synchronization panel (issue 17, "In the GUI"; T3E paper section 6):
//  - the frames carry the engine's BSU states, tree and SyncSummary, and only
//    while someone looks (the watch set's sync part);
//  - Barrier through the SyncController completes a barrier on a T3E-like
//    4x4x4 torus with a sync tree (summary.completed rises, every BSU back in
//    S_BAR), as 64 recorded Barrier interventions; pressed again while armed,
//    the engine's SyncError comes back as lastError and nothing crashes;
//    Eureka ends with a completed barrier too;
//  - SyncPanel says so on a scenario without trees;
//  - the tree overlay has one edge per router in the tree but the root.
#include "test_main.h"
#include "changes.h"
#include "chart_feeder.h"
#include "network_controller.h"
#include "simulation_controller.h"
#include "torus/simulator_source.h"
#include "torus/sync_controller.h"
#include "torus/sync_tree_instancing.h"

#include "scenario/scenario.h"

#include <QApplication>
#include <QQmlComponent>
#include <QQmlEngine>
#include <QQuickItem>
#include <QTest>
#include <QtQml/qqmlextensionplugin.h>

#include <memory>

Q_IMPORT_QML_PLUGIN(FlitscopePlugin)

using namespace flitgui;

namespace {

const char* const kSyncScenario = FLITSCOPE_SOURCE_DIR "/tests/app/data/t3e-sync-4x4x4.json";
// Without sync.trees (the presets have trees on BSU 0 from main 75f41e3 on).
const char* const kPlainScenario = FLITSCOPE_SOURCE_DIR "/tests/cli/data/dimension-order-4x4x4.json";

flit::SimConfig configOf(const char* path) {
  return flit::simConfigFromScenario(flit::loadScenarioFile(path));
}

struct Session {
  SimulationController c;
  SyncController sync;
  explicit Session(const char* path) {
    SimWorker::Options o;
    o.framePeriod = std::chrono::milliseconds(4);
    c.setSource(std::make_unique<SimulatorSource>(configOf(path)), o);
    c.setSpeed(0);
    sync.setSimulation(&c);
    sync.setWatched(true);
  }
};

}  // namespace

class TestSyncPanel : public QObject {
  Q_OBJECT

 private slots:
  void frameCarriesTheEngineStatesAndSummary() {
    SimulatorSource src(configOf(kSyncScenario));
    FrameSnapshot unwatched;
    src.fillSnapshot(unwatched);
    QVERIFY(!unwatched.torus->sync);  // nobody looks: nothing copied

    src.run().watchSync(true, 0);
    src.apply(changes::treeBarrier(0, false));  // every participant OP_BAR
    const flit::SimSync& engine = *src.simulator().sync();
    bool sawArmed = false;
    bool sawPackets = false;
    for (int k = 0; k < 200; ++k) {
      FrameSnapshot f;
      src.fillSnapshot(f);
      QVERIFY(f.torus->sync);
      const flit::SyncView& v = *f.torus->sync;
      QVERIFY(v.hasTrees);
      QCOMPARE(v.bsus, std::vector<int>{0});
      QCOMPARE(v.bsu, 0);
      QCOMPARE(v.root, engine.tree(0).root);
      QCOMPARE(v.parentDir, engine.tree(0).parentDir);
      int participants = 0;
      for (flit::NodeId n = 0; n < src.simulator().topology().nodeCount(); ++n) {
        const auto i = static_cast<std::size_t>(n);
        QCOMPARE(v.state[i], static_cast<std::uint8_t>(engine.network().state(n, 0)));
        QCOMPARE(v.participates[i] != 0, engine.network().participates(n, 0));
        QCOMPARE(v.signalled[i], engine.network().reg(n, 0).signalled);
        participants += v.participates[i];
      }
      QCOMPARE(participants, 64);
      QCOMPARE(v.participantsInState[0] + v.participantsInState[1] + v.participantsInState[2], 64);
      if (v.participantsInState[1] == 64) sawArmed = true;
      const flit::SyncSummary s = engine.summary();
      QCOMPARE(v.summary.barriersCompleted, s.barriersCompleted);
      QCOMPARE(v.summary.lastBarrierLatencyCycles, s.lastBarrierLatencyCycles);
      QCOMPARE(v.summary.packetsSent, s.packetsSent);
      QCOMPARE(v.summary.linkCyclesTaken, s.linkCyclesTaken);
      QCOMPARE(v.idle, engine.network().idle(0));
      QCOMPARE(v.packets, engine.packetsOnLinks(src.simulator().cycle()));
      sawPackets = sawPackets || !v.packets.empty();
      QVERIFY(src.step());
    }
    QVERIFY(sawArmed);
    QVERIFY(sawPackets);
    QCOMPARE(engine.summary().barriersCompleted, std::uint64_t{1});
    QVERIFY(engine.summary().lastBarrierLatencyCycles > 0);
    QCOMPARE(src.simulator().applied().size(), std::size_t{64});  // one Barrier intervention per participant
  }

  void barrierButtonCompletesABarrier() {
    Session s(kSyncScenario);
    QTRY_VERIFY(s.sync.canBarrier());
    QCOMPARE(s.sync.bsus(), QList<int>{0});
    QCOMPARE(s.sync.participants(), 64);
    QCOMPARE(s.sync.stateCounts(), (QList<int>{64, 0, 0}));
    QCOMPARE(s.sync.completed(), 0.0);
    s.sync.barrier();
    QVERIFY(!s.sync.canBarrier());  // until a frame saw it
    QTRY_COMPARE(s.sync.stateCounts(), (QList<int>{0, 64, 0}));
    QVERIFY(!s.sync.canBarrier());  // armed: Figure 6 refuses OP_BAR
    QVERIFY(!s.sync.canEureka());
    // Pressed anyway (a second window, a script): the engine's text, no crash.
    s.c.apply(changes::treeBarrier(0, false));
    QTRY_VERIFY2(s.c.lastError().contains(QStringLiteral("S_ARM")), qPrintable(s.c.lastError()));
    s.c.runTo(300);
    QTRY_COMPARE(s.c.cycle(), 300.0);
    QTRY_COMPARE(s.sync.completed(), 1.0);
    QTRY_COMPARE(s.sync.stateCounts(), (QList<int>{64, 0, 0}));
    QVERIFY(s.sync.lastLatency() > 0.0);
    QCOMPARE(s.sync.meanLatency(), s.sync.lastLatency());
    QVERIFY(s.sync.canBarrier());
    QCOMPARE(s.c.interventionCycles().size(), 64);  // recorded, on the rewind timeline
    // Rewind sees them: back before the completion the barrier is under way
    // again, and running on completes it again.
    s.c.rewindTo(10);
    QTRY_VERIFY(!s.c.rewinding());
    QCOMPARE(s.c.cycle(), 10.0);
    QTRY_COMPARE(s.sync.completed(), 0.0);
    QTRY_COMPARE(s.sync.stateCounts(), (QList<int>{0, 64, 0}));
    s.c.runTo(300);
    QTRY_COMPARE(s.c.cycle(), 300.0);
    QTRY_COMPARE(s.sync.completed(), 1.0);
    QTRY_COMPARE(s.sync.stateCounts(), (QList<int>{64, 0, 0}));

    // Eureka: the deepest participant signals, the others join when they see it.
    QTRY_VERIFY(s.sync.canEureka());
    s.sync.eureka();
    s.c.runTo(600);
    QTRY_COMPARE(s.c.cycle(), 600.0);
    QTRY_COMPARE(s.sync.eurekas(), 1.0);
    QTRY_COMPARE(s.sync.completed(), 2.0);
    QTRY_COMPARE(s.sync.stateCounts(), (QList<int>{64, 0, 0}));
    s.c.shutdown();
  }

  // Issue 17: a participant's node fails while a barrier is under way (every
  // other participant joined at cycle 5 from the timeline). The barrier
  // completes with the remaining 63; the panel says one participant left;
  // the charts get the barrier's latency through the frames (ChartFeeder:
  // the barrier latency chart's one point, the barrier VC's link share).
  void aFailedParticipantLeavesTheBarrierAndTheChartsShowIt() {
    flit::SimConfig cfg = configOf(kSyncScenario);
    const flit::NodeId victim = 5;
    for (flit::NodeId n = 0; n < 64; ++n) {
      if (n != victim) cfg.timeline.push_back(flit::Intervention::sync(flit::InterventionKind::Barrier, n, 0, 5));
    }
    SimulationController c;
    SyncController sync;
    SimWorker::Options o;
    o.framePeriod = std::chrono::milliseconds(4);
    c.setSource(std::make_unique<SimulatorSource>(cfg), o);
    c.setSpeed(0);
    sync.setSimulation(&c);
    sync.setWatched(true);
    c.runTo(100);
    QTRY_COMPARE(c.cycle(), 100.0);
    QTRY_COMPARE(sync.stateCounts(), (QList<int>{1, 63, 0}));
    QCOMPARE(sync.completed(), 0.0);
    QCOMPARE(sync.participantsLeft(), 0.0);
    c.setNodeUp(victim, false);
    c.runTo(400);
    QTRY_COMPARE(c.cycle(), 400.0);
    QTRY_COMPARE(sync.completed(), 1.0);
    QCOMPARE(sync.participantsLeft(), 1.0);
    QCOMPARE(sync.participants(), 63);
    QCOMPARE(sync.stateCounts(), (QList<int>{63, 0, 0}));

    ChartFeeder& charts = *c.charts();
    QTRY_COMPARE(charts.barrierCount(), 1);
    QVERIFY(charts.barrierNetworks());
    const QStringList rows = charts.csv(ChartFeeder::BarrierLatencyChart).split('\n', Qt::SkipEmptyParts);
    QCOMPARE(rows.size(), 2);
    QCOMPARE(rows[1].section(',', 1, 1), QStringLiteral("0"));
    QCOMPARE(rows[1].section(',', 2, 2).toDouble(), sync.lastLatency());
    QVERIFY(rows[1].section(',', 0, 0).toDouble() > 100.0);  // completed after the failure
    double share = 0.0;
    for (const StatsPoint& p : charts.history()) share += p.barrierLinkShare;
    QVERIFY(share > 0.0);

    QQmlEngine engine;
    engine.addImportPath(QStringLiteral("qrc:/"));
    QQmlComponent component(&engine);
    component.setData("import Flitscope\nSyncPanel {}\n", QUrl(QStringLiteral("qrc:/tst_sync_panel/Panel.qml")));
    QVERIFY2(component.isReady(), qPrintable(component.errorString()));
    std::unique_ptr<QObject> panel(component.createWithInitialProperties(
        {{"sync", QVariant::fromValue(&sync)}, {"simulation", QVariant::fromValue(&c)}}));
    QVERIFY2(panel, qPrintable(component.errorString()));
    auto* left = panel->findChild<QQuickItem*>(QStringLiteral("syncLeft"));
    QVERIFY(left);
    QVERIFY(left->isVisible());
    QVERIFY2(left->property("text").toString().endsWith(QStringLiteral(": 1")), qPrintable(left->property("text").toString()));
    c.shutdown();
  }

  void panelSaysWhenThereAreNoTrees() {
    Session s(kPlainScenario);
    QTRY_VERIFY(s.sync.answered());
    QVERIFY(!s.sync.hasTrees());
    QVERIFY(!s.sync.canBarrier());
    QVERIFY(!s.sync.canEureka());
    s.sync.barrier();  // nothing to do, nothing posted
    QQmlEngine engine;
    engine.addImportPath(QStringLiteral("qrc:/"));
    QQmlComponent component(&engine);
    component.setData("import Flitscope\nSyncPanel {}\n", QUrl(QStringLiteral("qrc:/tst_sync_panel/Panel.qml")));
    QVERIFY2(component.isReady(), qPrintable(component.errorString()));
    std::unique_ptr<QObject> panel(component.createWithInitialProperties(
        {{"sync", QVariant::fromValue(&s.sync)}, {"simulation", QVariant::fromValue(&s.c)}}));
    QVERIFY2(panel, qPrintable(component.errorString()));
    auto* noTrees = panel->findChild<QQuickItem*>(QStringLiteral("syncNoTrees"));
    QVERIFY(noTrees);
    QVERIFY(noTrees->isVisible());
    QVERIFY(noTrees->property("text").toString().contains(QStringLiteral("sync.trees")));
    auto* button = panel->findChild<QQuickItem*>(QStringLiteral("syncBarrierButton"));
    QVERIFY(button);
    QVERIFY(!button->isVisible());
    s.c.shutdown();
  }

  // The overlay draws every barrier packet on a link (flit::SyncView::packets,
  // the engine's SimSync::packetsOnLinks): 20 cycles into a barrier the
  // signals are climbing the tree.
  void overlayDrawsTheBarrierPackets() {
    Session s(kSyncScenario);
    NetworkController network;
    QVERIFY(network.loadScenario(QString::fromLatin1(kSyncScenario)));
    SyncTreeInstancing packets;
    packets.setPackets(true);
    packets.setController(&network);
    packets.setSync(&s.sync);
    QTRY_VERIFY(s.sync.canBarrier());
    const double start = s.c.cycle();
    s.sync.barrier();
    s.c.step(20);
    QTRY_COMPARE(s.c.cycle(), start + 20.0);
    QTRY_VERIFY(s.sync.view() && !s.sync.view()->packets.empty());
    QCOMPARE(packets.rows(), static_cast<int>(s.sync.view()->packets.size()));
    for (const flit::SyncPacketOnLink& p : s.sync.view()->packets) QCOMPARE(p.bsu, 0);
    s.c.shutdown();
  }

  void overlayHasOneEdgePerNonRootRouter() {
    Session s(kSyncScenario);
    NetworkController network;
    QVERIFY(network.loadScenario(QString::fromLatin1(kSyncScenario)));
    SyncTreeInstancing edges;
    edges.setController(&network);
    edges.setSync(&s.sync);
    SyncTreeInstancing marks;
    marks.setNodes(true);
    marks.setController(&network);
    marks.setSync(&s.sync);
    QTRY_VERIFY(s.sync.view() && s.sync.view()->bsu == 0);
    const flit::SimConfig cfg = configOf(kSyncScenario);
    const flit::Topology topo(cfg.topology);
    const flit::SyncTree tree = flit::buildSyncTree(topo, flit::treeRequestOf(cfg.sync.trees.at(0), topo));
    QCOMPARE(edges.edgeCount(), tree.routerCount() - 1);
    QVERIFY(edges.rows() >= edges.edgeCount());  // a wrap edge is two stubs
    QCOMPARE(marks.rows(), tree.routerCount());
    QCOMPARE(marks.edgeCount(), 0);
    s.sync.setWatched(false);  // nobody looks: no tree
    QCOMPARE(edges.rows(), 0);
    s.c.shutdown();
  }
};

FLITSCOPE_TEST_MAIN(argc, argv) {
  QApplication app(argc, argv);
  TestSyncPanel test;
  return QTest::qExec(&test, argc, argv);
}

#include "tst_sync_panel.moc"
