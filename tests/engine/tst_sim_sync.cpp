// The barrier/eureka networks inside the simulator (sim/sim_sync.h; T3E paper,
// seed 000_bcf8236523569157.txt, section 6: barrier/eureka packets "use their
// own virtual channel and are transmitted with highest priority ... The
// barrier virtual channel requires no buffering and cannot block").
#include "test_main.h"
#include "test_paths.h"
#include "scenario/scenario.h"
#include "sim/simulator.h"
#include "sync/sync_transport.h"

#include <QtTest>

#include <map>
#include <set>
#include <stdexcept>
#include <tuple>

using namespace flit;

namespace {

Scenario t3eWithBarrierTree(double rate) {
  Scenario s = loadScenarioFile(flit::test::presetPath("t3e-8x8x8.json"));
  s.traffic.rateFlitsPerNodeCycle = rate;
  s.sync.trees = {SyncTreeConfig{0, "all", TreeShape::MinimumDepth, std::nullopt}};
  return s;
}

void everyNodeJoinsAt(Scenario& s, std::uint64_t cycle) {
  const Topology topo(s.topology);
  for (NodeId n = 0; n < topo.nodeCount(); ++n) {
    s.timeline.push_back(Intervention::sync(InterventionKind::Barrier, n, 0, cycle));
  }
}

// The standalone transport's figures for the same tree and costs.
IdleSyncResult idleReference(const Scenario& s) {
  const Topology topo = buildTopology(s);
  const SyncTree tree = buildSyncTree(topo, treeRequestOf(s.sync.trees[0], topo));
  return runIdleBarrier(topo, tree, 0, SyncHopCosts::fromRouter(s.router), false);
}

struct SentLog final : SyncObserver {
  std::vector<SyncEvent> sent;
  void onSyncEvent(const SyncEvent& e) override {
    if (e.kind == SyncEventKind::PacketSent && e.packet.port != kProcessorPort) sent.push_back(e);
  }
};

struct SyncLog final : SyncObserver {
  std::vector<SyncEvent> events;
  void onSyncEvent(const SyncEvent& e) override { events.push_back(e); }
  std::vector<SyncEvent> of(SyncEventKind k) const {
    std::vector<SyncEvent> out;
    for (const SyncEvent& e : events) {
      if (e.kind == k) out.push_back(e);
    }
    return out;
  }
};

}  // namespace

class TstSimSync : public QObject {
  Q_OBJECT
 private slots:
  // A barrier operation names a node the machine has, else it is refused
  // (std::out_of_range, nothing applied); it read past the node array
  // before (found by fuzz_interventions).
  void anOperationOnANodeOutsideTheMachineIsRefused() {
    Simulator sim(simConfigFromScenario(t3eWithBarrierTree(0.0)));
    for (const NodeId bad : {NodeId{-1}, NodeId{512}, NodeId{8000}}) {
      QVERIFY_THROWS_EXCEPTION(std::out_of_range, sim.apply(Intervention::sync(InterventionKind::Barrier, bad, 0)));
    }
    QVERIFY(sim.applied().empty());
  }
  // On an idle machine the simulator's barrier takes exactly as long as the
  // standalone transport's (the same hop costs, nothing contends), with the
  // same packets: T3E 8x8x8, all 512 PEs, minimum-depth tree.
  void idleBarrierMatchesTheStandaloneTransport() {
    Scenario s = t3eWithBarrierTree(0.0);
    everyNodeJoinsAt(s, 100);
    Simulator sim(simConfigFromScenario(s));
    QVERIFY(sim.sync());
    sim.run(400);
    const SyncSummary got = sim.sync()->summary();
    const IdleSyncResult want = idleReference(s);
    QCOMPARE(got.barriersCompleted, std::uint64_t{1});
    QCOMPARE(got.lastBarrierLatencyCycles, want.latencyCycles);
    QCOMPARE(got.packetsSent, want.packets);
    QCOMPARE(got.contentionCycles, std::uint64_t{0});
    QVERIFY(got.linkCyclesTaken > 0);
    QVERIFY(sim.sync()->quiet());
  }

  // Section 6: the barrier VC cannot block. On a saturated 8x8x8 (every
  // node offering 0.6 flits/cycle) a workload of barriers keeps completing,
  // each as fast as on the idle machine, and data traffic still delivers.
  void saturatedNetworkStillCompletesBarriers() {
    Scenario s = t3eWithBarrierTree(0.6);
    s.sync.workload = SyncWorkload{0, 40, 0};
    Simulator sim(simConfigFromScenario(s));
    sim.run(3000);
    const SyncSummary got = sim.sync()->summary();
    QVERIFY2(got.barriersCompleted >= 10, qPrintable(QString::number(got.barriersCompleted)));
    QCOMPARE(got.barrierLatencyMaxCycles, idleReference(s).latencyCycles);
    QVERIFY(sim.totals().delivered > 1000);
    QVERIFY(!sim.deadlocked());
  }

  // Each barrier packet takes its link for one cycle (a flit of bandwidth):
  // in that cycle no data flit leaves on that link, however loaded it is.
  void barrierPacketsTakeLinkCyclesFromData() {
    Scenario s = t3eWithBarrierTree(0.6);
    everyNodeJoinsAt(s, 600);
    Simulator sim(simConfigFromScenario(s));
    SentLog log;
    sim.sync()->setObserver(&log);
    sim.run(600);
    const Topology& topo = sim.topology();
    int checked = 0, dataTheCycleBefore = 0;
    std::map<std::pair<NodeId, int>, std::uint64_t> sentBefore, sentTwoBefore;
    while (sim.sync()->summary().barriersCompleted == 0 && sim.cycle() < 1200) {
      sentTwoBefore = sentBefore;
      for (NodeId n = 0; n < topo.nodeCount(); ++n) {
        for (int d = 0; d < kDirectionCount; ++d) sentBefore[{n, d}] = sim.portCounters(n, d).flitsSent;
      }
      const std::size_t first = log.sent.size();
      sim.step();
      for (std::size_t i = first; i < log.sent.size(); ++i) {
        const SyncPacket& p = log.sent[i].packet;
        const std::uint64_t before = sentBefore[std::make_pair(p.node, p.port)];
        QCOMPARE(sim.portCounters(p.node, p.port).flitsSent, before);
        ++checked;
        // The link carried a data flit in the cycle before: data was using it.
        if (!sentTwoBefore.empty()) dataTheCycleBefore += before > sentTwoBefore[std::make_pair(p.node, p.port)];
      }
    }
    QCOMPARE(sim.sync()->summary().contentionCycles, std::uint64_t{0});  // sent cycle = link cycle
    QCOMPARE(static_cast<std::uint64_t>(checked), sim.sync()->summary().linkCyclesTaken);
    QVERIFY(checked > 500);
    // Links busy with data the cycle before: the cycle taken was one data wanted.
    QVERIFY2(dataTheCycleBefore > 50, qPrintable(QString::number(dataTheCycleBefore)));
  }

  // Issue 17: a node of the tree fails; the routes are rebuilt and the tree
  // with them, the participant on the failed node leaves, and a barrier of
  // the remaining participants completes. (One failing while a barrier is
  // under way: barrierUnderWayCompletesWithoutAFailedParticipant.)
  void treeRebuiltAroundAFailedNode() {
    Scenario s = t3eWithBarrierTree(0.05);
    Simulator sim(simConfigFromScenario(s));
    sim.setAutoRebuild(true);
    const std::size_t before = sim.sync()->tree(0).participants.size();
    const NodeId root = sim.sync()->tree(0).root;
    sim.run(50);
    sim.apply(Intervention::node(InterventionKind::FailNode, root));
    sim.run(1);  // the rebuild happens at the cycle boundary
    const SyncTree& tree = sim.sync()->tree(0);
    QCOMPARE(tree.participants.size(), before - 1);
    QVERIFY(tree.root != root);
    QVERIFY(!tree.inTree(root));
    QCOMPARE(tree.left.size(), std::size_t{1});
    for (NodeId n : tree.participants) sim.apply(Intervention::sync(InterventionKind::Barrier, n, 0));
    sim.run(300);
    QCOMPARE(sim.sync()->summary().barriersCompleted, std::uint64_t{1});
    QVERIFY(sim.sync()->network().idle(0));
    // A down node's processor cannot operate its BSU.
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, sim.apply(Intervention::sync(InterventionKind::Barrier, root, 0)));
  }

  // Issue 17: a participant's node fails while a barrier is under way, before
  // it joined (every other participant has). The tree is rebuilt at once
  // (shown: SimSync::tree), the failed participant leaves the barrier (a
  // ParticipantLeft event, summary participantsLeft), the others signal
  // again, and the barrier completes with the remaining participants, as
  // fast as a barrier over the new tree on an idle network: the latency
  // counts from the rebuild. The victim is the root, an inner router or a
  // leaf of the old tree; T3E 8x8x8 with data traffic.
  void barrierUnderWayCompletesWithoutAFailedParticipant_data() {
    QTest::addColumn<int>("depth");  // the victim's depth in the old tree; -1: the deepest
    QTest::newRow("the root") << 0;
    QTest::newRow("a child of the root") << 1;
    QTest::newRow("a deepest leaf") << -1;
  }
  void barrierUnderWayCompletesWithoutAFailedParticipant() {
    QFETCH(int, depth);
    Scenario s = t3eWithBarrierTree(0.05);
    Simulator sim(simConfigFromScenario(s));
    sim.setAutoRebuild(true);
    SyncLog log;
    sim.sync()->setObserver(&log);
    const SyncTree before = sim.sync()->tree(0);
    NodeId victim = depth < 0 ? eurekaTrigger(before) : kInvalidId;
    for (NodeId n : before.participants) {
      if (victim == kInvalidId && before.depth[static_cast<std::size_t>(n)] == depth) victim = n;
    }
    QVERIFY(victim != kInvalidId);
    sim.run(50);
    for (NodeId n : before.participants) {
      if (n != victim) sim.apply(Intervention::sync(InterventionKind::Barrier, n, 0));
    }
    sim.run(300);
    QCOMPARE(sim.sync()->summary().barriersCompleted, std::uint64_t{0});  // waits for the victim
    sim.apply(Intervention::node(InterventionKind::FailNode, victim));
    sim.run(1);  // the rebuild happens at the cycle boundary
    const SyncTree after = sim.sync()->tree(0);
    QCOMPARE(after.participants.size(), before.participants.size() - 1);
    QVERIFY(!after.inTree(victim));
    QCOMPARE(after.left.size(), std::size_t{1});
    QCOMPARE(after.left.front().node, victim);
    sim.run(300);
    const SyncSummary got = sim.sync()->summary();
    QCOMPARE(got.barriersCompleted, std::uint64_t{1});
    QCOMPARE(got.participantsLeft, std::uint64_t{1});
    QVERIFY(sim.sync()->network().idle(0));
    for (NodeId n : after.participants) QCOMPARE(sim.sync()->network().state(n, 0), BsuState::Bar);
    const std::vector<SyncEvent> left = log.of(SyncEventKind::ParticipantLeft);
    QCOMPARE(left.size(), std::size_t{1});
    QCOMPARE(left.front().node, victim);
    QCOMPARE(left.front().bsu, 0);
    const std::vector<SyncEvent> done = log.of(SyncEventKind::BarrierComplete);
    QCOMPARE(done.size(), std::size_t{1});
    QVERIFY(done.front().cycle > left.front().cycle);
    const IdleSyncResult idle = runIdleBarrier(sim.topology(), after, 0, SyncHopCosts::fromRouter(s.router), false);
    QCOMPARE(done.front().latencyCycles, idle.latencyCycles);
    QCOMPARE(done.front().cycle, left.front().cycle + idle.latencyCycles);
  }

  // A barrier loop (the join workload) goes on after a participant's node
  // fails: the tree is rebuilt while a barrier is under way (or as soon as
  // the completion being delivered has arrived), the failed node leaves and
  // never joins again, and the next barriers complete without it.
  void aBarrierLoopGoesOnAfterAParticipantFails() {
    Scenario s = t3eWithBarrierTree(0.1);
    s.sync.workload = SyncWorkload{0, 60, 0};
    Simulator sim(simConfigFromScenario(s));
    sim.setAutoRebuild(true);
    SyncLog log;
    sim.sync()->setObserver(&log);
    sim.run(1000);
    const NodeId victim = sim.sync()->tree(0).root;
    sim.apply(Intervention::node(InterventionKind::FailNode, victim));
    sim.run(1);
    const std::uint64_t before = sim.sync()->summary().barriersCompleted;
    QVERIFY(before > 5);
    sim.run(2000);
    QVERIFY(!sim.sync()->tree(0).inTree(victim));
    QVERIFY(!sim.sync()->network().participates(victim, 0));
    QVERIFY2(sim.sync()->summary().barriersCompleted > before + 5, qPrintable(QString::number(sim.sync()->summary().barriersCompleted)));
    for (const SyncEvent& e : log.events) {
      if (e.kind == SyncEventKind::StateChange && e.node == victim) QVERIFY(e.to == BsuState::Bar || e.cycle < 1000);
    }
    QVERIFY(sim.sync()->summary().participantsLeft <= 1);
  }

  // What the 3D view draws (SimSync::packetsOnLinks): at every cycle of an
  // idle T3E 8x8x8 barrier, exactly the packets sent on network links in the
  // last hopCycles (3) cycles, each from its router in its direction, as far
  // across as the cycles since it was sent.
  void packetsOnLinksAreThoseInFlight() {
    Scenario s = t3eWithBarrierTree(0.0);
    everyNodeJoinsAt(s, 10);
    Simulator sim(simConfigFromScenario(s));
    SentLog log;
    sim.sync()->setObserver(&log);
    const int hop = SyncHopCosts::fromRouter(s.router).hopCycles;
    QCOMPARE(hop, 3);
    std::size_t seenMax = 0;
    for (int k = 0; k < 120; ++k) {
      sim.run(1);
      const std::uint64_t t = sim.cycle();
      const std::vector<SyncPacketOnLink> on = sim.sync()->packetsOnLinks(t);
      std::multiset<std::tuple<NodeId, int, std::uint64_t>> expected;
      for (const SyncEvent& e : log.sent) {
        if (e.cycle + static_cast<std::uint64_t>(hop) >= t && e.cycle < t) expected.insert({e.packet.node, e.packet.port, e.cycle});
      }
      std::multiset<std::tuple<NodeId, int, std::uint64_t>> got;
      for (const SyncPacketOnLink& p : on) {
        QVERIFY(p.progress > 0.0f && p.progress <= 1.0f);
        got.insert({p.node, p.dir, t - static_cast<std::uint64_t>(std::lround(p.progress * static_cast<float>(hop)))});
      }
      QCOMPARE(got, expected);
      seenMax = std::max(seenMax, on.size());
    }
    QVERIFY(seenMax > 100);
    QVERIFY(sim.sync()->packetsOnLinks(sim.cycle()).empty());  // the barrier is over
    QCOMPARE(sim.sync()->summary().barriersCompleted, std::uint64_t{1});
  }

  // A copy is a checkpoint (sim/checkpoints.h): a copy taken in the middle of
  // a barrier loop runs on exactly as the original, barrier networks
  // included, and carries no observer.
  void aCopyCarriesTheBarrierNetworks() {
    Scenario s = t3eWithBarrierTree(0.2);
    s.sync.workload = SyncWorkload{0, 60, 0};
    Simulator original(simConfigFromScenario(s));
    SentLog log;
    original.sync()->setObserver(&log);
    original.run(777);
    Simulator copy = original;
    const std::size_t seen = log.sent.size();
    copy.run(900);
    QCOMPARE(log.sent.size(), seen);  // the copy publishes nothing to the original's observer
    original.run(900);
    QVERIFY(log.sent.size() > seen);
    QCOMPARE(copy.sync()->summary().barriersCompleted, original.sync()->summary().barriersCompleted);
    QCOMPARE(copy.sync()->summary().barrierLatencySumCycles, original.sync()->summary().barrierLatencySumCycles);
    QCOMPARE(copy.sync()->summary().linkCyclesTaken, original.sync()->summary().linkCyclesTaken);
    QCOMPARE(copy.totals().delivered, original.totals().delivered);
    QVERIFY(original.sync()->summary().barriersCompleted > 5);
  }

  // Barrier operations are interventions: recorded by apply(), refused with
  // the node, BSU and state where Figure 6 has no transition, and refused
  // without barrier trees.
  void operationsAreInterventions() {
    Scenario s = t3eWithBarrierTree(0.0);
    Simulator sim(simConfigFromScenario(s));
    sim.run(5);
    sim.apply(Intervention::sync(InterventionKind::Barrier, 3, 0));
    QCOMPARE(sim.applied().size(), std::size_t{1});
    QCOMPARE(sim.applied().back().cycle, std::uint64_t{5});
    QCOMPARE(sim.sync()->network().state(3, 0), BsuState::Arm);
    try {
      sim.apply(Intervention::sync(InterventionKind::Barrier, 3, 0));
      QFAIL("no error");
    } catch (const SyncError& e) {
      QVERIFY2(QString::fromUtf8(e.what()).contains("BSU 0: OP_BAR in state S_ARM"), e.what());
    }
    Scenario plain = t3eWithBarrierTree(0.0);
    plain.sync.trees.clear();
    Simulator none(simConfigFromScenario(plain));
    QVERIFY(!none.sync());
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                             none.apply(Intervention::sync(InterventionKind::Eureka, 0, 0)));
  }

  // A eureka from the timeline; the others join on seeing it (section 6:
  // "As processors observe the eureka, they indicate this by performing an
  // OP_BAR"; sync.joinOnEureka, default true), and the barrier that ends it
  // completes. With joinOnEureka false nobody joins: the eureka completes,
  // its barrier waits for the timeline's OP_BARs.
  void eurekaThenItsBarrier() {
    Scenario s = t3eWithBarrierTree(0.1);
    s.timeline.push_back(Intervention::sync(InterventionKind::EurekaBarrier, 77, 0, 50));
    Simulator sim(simConfigFromScenario(s));
    sim.run(500);
    QCOMPARE(sim.sync()->summary().eurekasCompleted, std::uint64_t{1});
    QCOMPARE(sim.sync()->summary().barriersCompleted, std::uint64_t{1});
    QVERIFY(sim.sync()->network().idle(0));
    s.sync.joinOnEureka = false;
    Simulator scripted(simConfigFromScenario(s));
    scripted.run(500);
    QCOMPARE(scripted.sync()->summary().eurekasCompleted, std::uint64_t{1});
    QCOMPARE(scripted.sync()->summary().barriersCompleted, std::uint64_t{0});
    QCOMPARE(scripted.sync()->network().state(3, 0), BsuState::Eur);
  }

  // Same scenario and seed, same barriers (DESIGN.md: determinism); the
  // workload draws from its own generator, so data traffic is the one the
  // scenario without barriers would create.
  void deterministicAndDataDrawsUnchanged() {
    Scenario s = t3eWithBarrierTree(0.1);
    s.sync.workload = SyncWorkload{0, 200, 0};
    Simulator a(simConfigFromScenario(s)), b(simConfigFromScenario(s));
    a.run(1500);
    b.run(1500);
    QCOMPARE(a.sync()->summary().barriersCompleted, b.sync()->summary().barriersCompleted);
    QCOMPARE(a.sync()->summary().barrierLatencySumCycles, b.sync()->summary().barrierLatencySumCycles);
    QCOMPARE(a.totals().delivered, b.totals().delivered);
    // The generic machine below saturation (no responses, whose creation
    // follows deliveries; no refusals, after which the draws differ): the
    // same packets are created with and without the barrier workload.
    Scenario generic = loadScenarioFile(flit::test::presetPath("generic-8x8x8.json"));
    generic.traffic.rateFlitsPerNodeCycle = 0.15;
    Simulator plain(simConfigFromScenario(generic));
    generic.sync = s.sync;
    Simulator withBarriers(simConfigFromScenario(generic));
    plain.run(1500);
    withBarriers.run(1500);
    QVERIFY(withBarriers.sync()->summary().barriersCompleted > 0);
    QCOMPARE(plain.totals().refused, std::uint64_t{0});
    QCOMPARE(withBarriers.totals().refused, std::uint64_t{0});
    QCOMPARE(withBarriers.totals().created, plain.totals().created);
  }
};

FLITSCOPE_TEST_APPLESS_MAIN(TstSimSync)
#include "tst_sim_sync.moc"
