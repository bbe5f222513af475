// The barrier/eureka synchronization units and their network (engine/sync),
// T3E paper (seed 000_bcf8236523569157.txt) section 6 and Figure 6: every
// transition of Figure 6 (a) and (b) as a data row, every illegal operation's
// error, barrier and eureka completion rules, OP_EUR_B counting as both, and
// 32 BSUs running at once without interference.
#include "test_main.h"

#include <QtTest>

#include "sync/bsu_state.h"
#include "sync/sync_network.h"
#include "sync/sync_transport.h"

using namespace flit;

Q_DECLARE_METATYPE(flit::BsuState)
Q_DECLARE_METATYPE(flit::BsuOp)
Q_DECLARE_METATYPE(flit::BsuNotification)
Q_DECLARE_METATYPE(flit::BsuStep)

namespace {

const TopologySpec kTorus4{3, {4, 4, 4}, {true, true, true}};

SyncTree allTree(const Topology& topo, TreeShape shape = TreeShape::MinimumDepth) {
  return buildSyncTree(topo, {parseParticipants("all", topo), shape, std::nullopt});
}

struct Collector : SyncObserver {
  std::vector<SyncEvent> events;
  void onSyncEvent(const SyncEvent& e) override { events.push_back(e); }
  int count(SyncEventKind k) const {
    return static_cast<int>(std::count_if(events.begin(), events.end(), [&](const SyncEvent& e) { return e.kind == k; }));
  }
};

}  // namespace

class TstSyncBsu : public QObject {
  Q_OBJECT

 private slots:
  // T3E Figure 6: the processor's operations, legal ones first.
  void operations_data() {
    QTest::addColumn<BsuState>("from");
    QTest::addColumn<BsuOp>("op");
    QTest::addColumn<bool>("legal");
    QTest::addColumn<BsuState>("to");
    QTest::newRow("Fig 6(a) OP_BAR: S_BAR -> S_ARM") << BsuState::Bar << BsuOp::Bar << true << BsuState::Arm;
    QTest::newRow("Fig 6(b) OP_EUR: S_BAR -> S_EUR") << BsuState::Bar << BsuOp::Eur << true << BsuState::Eur;
    QTest::newRow("Fig 6(b) OP_EUR_B: S_BAR -> S_ARM") << BsuState::Bar << BsuOp::EurB << true << BsuState::Arm;
    QTest::newRow("Fig 6(b) OP_BAR: S_EUR -> S_ARM") << BsuState::Eur << BsuOp::Bar << true << BsuState::Arm;
    QTest::newRow("illegal OP_EUR in S_EUR") << BsuState::Eur << BsuOp::Eur << false << BsuState::Eur;
    QTest::newRow("illegal OP_EUR_B in S_EUR") << BsuState::Eur << BsuOp::EurB << false << BsuState::Eur;
    QTest::newRow("illegal OP_BAR in S_ARM") << BsuState::Arm << BsuOp::Bar << false << BsuState::Arm;
    QTest::newRow("illegal OP_EUR in S_ARM") << BsuState::Arm << BsuOp::Eur << false << BsuState::Arm;
    QTest::newRow("illegal OP_EUR_B in S_ARM") << BsuState::Arm << BsuOp::EurB << false << BsuState::Arm;
  }
  void operations() {
    QFETCH(BsuState, from);
    QFETCH(BsuOp, op);
    QFETCH(bool, legal);
    QFETCH(BsuState, to);
    const auto next = bsuAfterOp(from, op);
    QCOMPARE(next.has_value(), legal);
    if (legal) QCOMPARE(*next, to);
  }

  // T3E Figure 6: what the network delivers.
  void notifications_data() {
    QTest::addColumn<BsuState>("from");
    QTest::addColumn<BsuNotification>("n");
    QTest::addColumn<BsuStep>("step");
    QTest::addColumn<BsuState>("to");
    QTest::newRow("Fig 6(a,b) completion: S_ARM -> S_BAR") << BsuState::Arm << BsuNotification::BarrierCompletion << BsuStep::Moved << BsuState::Bar;
    QTest::newRow("Fig 6(b) eureka notification: S_BAR -> S_EUR") << BsuState::Bar << BsuNotification::Eureka << BsuStep::Moved << BsuState::Eur;
    QTest::newRow("eureka notification in S_EUR: absorbed") << BsuState::Eur << BsuNotification::Eureka << BsuStep::Absorbed << BsuState::Eur;
    QTest::newRow("eureka notification in S_ARM: absorbed") << BsuState::Arm << BsuNotification::Eureka << BsuStep::Absorbed << BsuState::Arm;
    QTest::newRow("illegal completion in S_BAR") << BsuState::Bar << BsuNotification::BarrierCompletion << BsuStep::Illegal << BsuState::Bar;
    QTest::newRow("illegal completion in S_EUR") << BsuState::Eur << BsuNotification::BarrierCompletion << BsuStep::Illegal << BsuState::Eur;
  }
  void notifications() {
    QFETCH(BsuState, from);
    QFETCH(BsuNotification, n);
    QFETCH(BsuStep, step);
    QFETCH(BsuState, to);
    const auto r = bsuAfterNotification(from, n);
    QCOMPARE(r.step, step);
    QCOMPARE(r.next, to);
  }

  // Each illegal operation, made on a real network, is an error naming the
  // node, the BSU and the state; the state does not change.
  void illegalOperationErrors_data() {
    QTest::addColumn<BsuOp>("first");
    QTest::addColumn<BsuOp>("second");
    QTest::addColumn<QString>("state");
    QTest::newRow("OP_BAR twice") << BsuOp::Bar << BsuOp::Bar << "S_ARM";
    QTest::newRow("OP_EUR after OP_BAR") << BsuOp::Bar << BsuOp::Eur << "S_ARM";
    QTest::newRow("OP_EUR_B after OP_BAR") << BsuOp::Bar << BsuOp::EurB << "S_ARM";
    QTest::newRow("OP_EUR twice") << BsuOp::Eur << BsuOp::Eur << "S_EUR";
    QTest::newRow("OP_EUR_B after OP_EUR") << BsuOp::Eur << BsuOp::EurB << "S_EUR";
    QTest::newRow("OP_BAR after OP_EUR_B") << BsuOp::EurB << BsuOp::Bar << "S_ARM";
  }
  void illegalOperationErrors() {
    QFETCH(BsuOp, first);
    QFETCH(BsuOp, second);
    QFETCH(QString, state);
    const Topology topo(kTorus4);
    SyncNetwork net(topo);
    net.configure(5, allTree(topo));
    const NodeId n = topo.nodeAt(Coord{{1, 2, 3}});
    net.operate(n, 5, first, 0);
    const BsuState before = net.state(n, 5);
    try {
      net.operate(n, 5, second, 1);
      QFAIL("no error");
    } catch (const SyncError& e) {
      const QString what = QString::fromStdString(e.what());
      QVERIFY2(what.contains("node (1,2,3) BSU 5"), qPrintable(what));
      QVERIFY2(what.contains(state), qPrintable(what));
      QVERIFY2(what.contains(QString::fromLatin1(bsuOpName(second).data())), qPrintable(what));
    }
    QCOMPARE(net.state(n, 5), before);
  }

  void nonParticipantAndUnconfiguredErrors() {
    const Topology topo(kTorus4);
    SyncNetwork net(topo);
    QVERIFY_THROWS_EXCEPTION(SyncError, net.operate(0, 0, BsuOp::Bar, 0));  // no tree
    net.configure(0, buildSyncTree(topo, {parseParticipants("0-1,0-1,0-1", topo), TreeShape::MinimumDepth, std::nullopt}));
    QVERIFY_THROWS_EXCEPTION(SyncError, net.operate(topo.nodeAt(Coord{{3, 3, 3}}), 0, BsuOp::Bar, 0));
    QVERIFY_THROWS_EXCEPTION(SyncError, net.operate(0, 32, BsuOp::Bar, 0));
  }

  // Section 6: "When all participating processors have armed their barriers,
  // the network delivers completion notifications".
  void barrierCompletesOnlyAfterEveryParticipantArmed() {
    const Topology topo(kTorus4);
    SyncNetwork net(topo);
    const SyncTree tree = allTree(topo);
    net.configure(0, tree);
    IdleSyncTransport t(net, SyncHopCosts{3, 7, 7});
    const NodeId last = tree.participants.back();
    for (NodeId n : tree.participants) {
      if (n != last) t.schedule(n, 0, BsuOp::Bar, 0);
    }
    t.runUntilIdle();
    QCOMPARE(net.counters().barriersCompleted, std::uint64_t{0});
    for (NodeId n : tree.participants) QCOMPARE(net.state(n, 0), n == last ? BsuState::Bar : BsuState::Arm);
    t.schedule(last, 0, BsuOp::Bar, 1000);
    t.runUntilIdle();
    QCOMPARE(net.counters().barriersCompleted, std::uint64_t{1});
    for (NodeId n : tree.participants) QCOMPARE(net.state(n, 0), BsuState::Bar);
    // From the last arrival: up the tree and down again, plus both end points.
    const auto depth = static_cast<std::uint64_t>(tree.depth[static_cast<std::size_t>(last)]);
    QCOMPARE(net.counters().lastBarrierLatencyCycles, 7 + depth * 3 + std::uint64_t(tree.treeDepth()) * 3 + 7);
    QVERIFY(net.idle(0));
  }

  // Footnote 1: "A eureka is completed when any one processor checks in".
  void eurekaCompletesOnFirstOpEur() {
    const Topology topo(kTorus4);
    SyncNetwork net(topo);
    Collector seen;
    net.setObserver(&seen);
    const SyncTree tree = allTree(topo);
    net.configure(2, tree);
    IdleSyncTransport t(net, SyncHopCosts{3, 7, 7});
    const NodeId a = tree.participants[5], b = tree.participants[40];
    t.schedule(a, 2, BsuOp::Eur, 0);
    t.schedule(b, 2, BsuOp::Eur, 1);  // a racing second eureka is absorbed
    t.runUntilIdle();
    QCOMPARE(net.counters().eurekasCompleted, std::uint64_t{1});
    QCOMPARE(seen.count(SyncEventKind::EurekaComplete), 1);
    for (NodeId n : tree.participants) QCOMPARE(net.state(n, 2), BsuState::Eur);
    QVERIFY(!net.idle(2));
    // The barrier that ends the eureka: everyone OP_BARs.
    for (NodeId n : tree.participants) t.schedule(n, 2, BsuOp::Bar, 500);
    t.runUntilIdle();
    QCOMPARE(net.counters().barriersCompleted, std::uint64_t{1});
    for (NodeId n : tree.participants) QCOMPARE(net.state(n, 2), BsuState::Bar);
    QVERIFY(net.idle(2));
    // And the eureka is re-usable (Figure 6 (b)).
    t.schedule(b, 2, BsuOp::Eur, 2000);
    t.runUntilIdle();
    QCOMPARE(net.counters().eurekasCompleted, std::uint64_t{2});
  }

  // Section 6: "The triggering processor can perform a combined OP_EUR and
  // OP_BAR using an OP_EUR_B": one packet that counts as both.
  void opEurBCountsAsBoth() {
    const Topology topo(kTorus4);
    const SyncTree tree = allTree(topo);
    SyncNetwork net(topo);
    net.configure(7, tree);
    IdleSyncTransport t(net, SyncHopCosts{3, 7, 7});
    const NodeId trigger = tree.participants[10];
    t.schedule(trigger, 7, BsuOp::EurB, 0);
    t.runUntilIdle();
    QCOMPARE(net.counters().eurekasCompleted, std::uint64_t{1});
    QCOMPARE(net.state(trigger, 7), BsuState::Arm);  // armed: joined the barrier too
    for (NodeId n : tree.participants) {
      if (n != trigger) t.schedule(n, 7, BsuOp::Bar, 100);  // everyone else joins
    }
    t.runUntilIdle();
    QCOMPARE(net.counters().barriersCompleted, std::uint64_t{1});
    // The helper reports the eureka and its barrier.
    const IdleSyncResult r = runIdleBarrier(topo, tree, 7, SyncHopCosts{3, 7, 7}, true);
    QVERIFY(r.latencyCycles > 0);
    QVERIFY(r.barrierLatencyCycles > 0);
  }

  // Section 6: "a set of 32 barrier/eureka synchronization units": each has
  // its own tree and state; barriers on some do not move the others.
  void thirtyTwoBsusDoNotInterfere() {
    const Topology topo(kTorus4);
    SyncNetwork net(topo);
    for (int b = 0; b < kBsusPerNode; ++b) {
      const auto shape = b % 2 ? TreeShape::DimensionOrdered : TreeShape::MinimumDepth;
      net.configure(b, buildSyncTree(topo, {parseParticipants(b % 3 ? "all" : "0-1,0-3,0-3", topo), shape, std::nullopt}));
    }
    IdleSyncTransport t(net, SyncHopCosts{3, 7, 7});
    for (int b = 0; b < kBsusPerNode; ++b) {
      for (NodeId n = 0; n < topo.nodeCount(); ++n) {
        // Even BSUs: a full barrier; odd ones: everyone but node 0 arms.
        if (net.participates(n, b) && (b % 2 == 0 || n != 0)) t.schedule(n, b, BsuOp::Bar, static_cast<std::uint64_t>(b));
      }
    }
    t.runUntilIdle();
    QCOMPARE(net.counters().barriersCompleted, std::uint64_t{16});
    for (int b = 0; b < kBsusPerNode; ++b) {
      for (NodeId n = 0; n < topo.nodeCount(); ++n) {
        if (!net.participates(n, b)) continue;
        const BsuState expected = b % 2 == 0 || n == 0 ? BsuState::Bar : BsuState::Arm;
        QCOMPARE(net.state(n, b), expected);
      }
    }
  }

  void packetFromNonChildIsAnError() {
    const Topology topo(kTorus4);
    SyncNetwork net(topo);
    const SyncTree tree = allTree(topo);
    net.configure(0, tree);
    const NodeId root = tree.root;
    // A signal from the root's parent direction: the root has no parent, so
    // a completion from any direction is refused, naming the node.
    QVERIFY_THROWS_EXCEPTION(SyncError, net.deliver({root, 0, 0, SyncMessage::BarrierCompletion}, 0));
    QVERIFY_THROWS_EXCEPTION(SyncError, net.deliver({root, kProcessorPort, 0, SyncMessage::BarrierCompletion}, 0));
  }

  // Same trees and operations, same event stream (DESIGN.md: determinism);
  // every packet sent also arrives, and each BSU reports one completion.
  void eventStreamIsDeterministic() {
    const Topology topo(kTorus4);
    const auto run = [&] {
      SyncNetwork net(topo);
      Collector seen;
      net.setObserver(&seen);
      net.configure(0, allTree(topo, TreeShape::DimensionOrdered));
      net.configure(1, allTree(topo));
      IdleSyncTransport t(net, SyncHopCosts{3, 7, 7});
      for (NodeId n = 0; n < topo.nodeCount(); ++n) t.schedule(n, 0, BsuOp::Bar, static_cast<std::uint64_t>(n % 7));
      t.schedule(9, 1, BsuOp::EurB, 3);
      t.runUntilIdle();
      return seen;
    };
    const Collector a = run(), b = run();
    QVERIFY(a.events == b.events);
    QCOMPARE(a.count(SyncEventKind::PacketSent), a.count(SyncEventKind::PacketArrived));
    QCOMPARE(a.count(SyncEventKind::BarrierComplete), 1);
    QCOMPARE(a.count(SyncEventKind::EurekaComplete), 1);
  }

  void reconfigureOnlyWhenIdle() {
    const Topology topo(kTorus4);
    SyncNetwork net(topo);
    net.configure(0, allTree(topo));
    net.operate(0, 0, BsuOp::Bar, 0);
    QVERIFY_THROWS_EXCEPTION(SyncError, net.configure(0, allTree(topo)));
    net.configure(1, allTree(topo));  // another BSU is free
  }
};

FLITSCOPE_TEST_APPLESS_MAIN(TstSyncBsu)
#include "tst_sync_bsu.moc"
