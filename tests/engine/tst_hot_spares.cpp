// Hot spares: T3E paper section 9, manual HMM-160-0 "Node Identification"
// (logical PE renaming keeps the applications' PE range contiguous).
#include "test_main.h"
#include "analysis/route_dependencies.h"
#include "routing/hot_spares.h"
#include "routing/path_trace.h"

#include <QtTest>

#include <set>

using namespace flit;

namespace {

Topology torus4() {
  TopologySpec spec;
  spec.radix = {4, 4, 4};
  return Topology(spec);
}

RoutingSetup setupFor(const Topology& topo) {
  RoutingConfig config = defaultRoutingConfig(topo.spec());
  config.adaptive = true;
  return buildRoutingSetup(topo, config);
}

}  // namespace

class TestHotSpares : public QObject {
  Q_OBJECT

 private slots:
  // 64 nodes, 60 application PEs, 4 spares. Two nodes fail: their logical
  // PEs move to spares, 0..59 stay contiguous on up nodes, the tables follow.
  void failedNodesLogicalPesMoveToSpares() {
    const Topology topo = torus4();
    RoutingSetup setup = setupFor(topo);
    const int app = 60;
    const NodeId bad1 = setup.peMap.nodeOf(5);
    const NodeId bad2 = setup.peMap.nodeOf(33);
    const NodeId spare60 = setup.peMap.nodeOf(60);
    const NodeId spare61 = setup.peMap.nodeOf(61);
    std::vector<std::uint8_t> up(static_cast<std::size_t>(topo.nodeCount()), 1);
    up[static_cast<std::size_t>(bad1)] = 0;
    up[static_cast<std::size_t>(bad2)] = 0;

    const HotSpareRebuild r = remapForHotSpares(setup, topo, up, app, true);
    QVERIFY(r.moves.unplaced.empty());
    QCOMPARE(r.moves.moved.size(), std::size_t{2});
    QCOMPARE(r.moves.moved[0], (std::pair<int, NodeId>{5, spare60}));
    QCOMPARE(r.moves.moved[1], (std::pair<int, NodeId>{33, spare61}));

    // Logical 0..59 contiguous, distinct, all on up nodes, none on a failed node.
    std::set<NodeId> used;
    for (int lp = 0; lp < app; ++lp) {
      const NodeId n = setup.peMap.nodeOf(lp);
      QVERIFY(up[static_cast<std::size_t>(n)] != 0);
      QVERIFY(used.insert(n).second);
      QCOMPARE(setup.peMap.logicalOf(n), lp);
    }
    QVERIFY(setup.peMap.logicalOf(bad1) >= app);
    QVERIFY(setup.peMap.logicalOf(bad2) >= app);
    QCOMPARE(setup.tables->peMap(), setup.peMap);

    // The tables were rebuilt: the LUT entry of logical 5 now routes every
    // up source to the spare, around the failed nodes.
    QVERIFY(r.routes.unreachable.empty());
    for (NodeId src = 0; src < topo.nodeCount(); ++src) {
      if (!up[static_cast<std::size_t>(src)] || src == spare60) continue;
      const std::uint64_t tag = setup.tables->tagForLogical(src, 5);
      QVERIFY(cleanRouteHops(topo, up, src, spare60, tag) > 0);
    }
    // Application traffic between logical PEs never touches a failed node.
    for (int a = 0; a < app; a += 7) {
      for (int b = 0; b < app; ++b) {
        if (a == b) continue;
        const PathTrace t = tracePath(topo, setup, setup.peMap.nodeOf(a), setup.peMap.nodeOf(b));
        QCOMPARE(t.outcome, PathOutcome::Delivered);
        for (const PathHop& h : t.hops) QVERIFY(h.node != bad1 && h.node != bad2);
      }
    }
    const DependencyCheck check = checkDependencies(topo, setup, {&r.routes.status, up, 2, {}, false});
    QVERIFY(check.brokenRoutes.empty());
    QVERIFY2(check.deadlockFree(), check.cycleText().c_str());

    // Partitions keep working on the logical numbers (virtual 0 = smallest logical).
    const Partition part({4, 5, 6, 7});
    QCOMPARE(part.virtualOf(5), 1);
  }

  // More failures than spares: the PEs left over are reported, not hidden.
  void sparesRunOut() {
    const Topology topo = torus4();
    PeMap map(topo);
    std::vector<std::uint8_t> up(static_cast<std::size_t>(topo.nodeCount()), 1);
    for (int lp : {1, 2, 3}) up[static_cast<std::size_t>(map.nodeOf(lp))] = 0;
    up[static_cast<std::size_t>(map.nodeOf(63))] = 0;  // one of the two spares is down too
    const HotSpareMoves m = assignHotSpares(map, up, 62);
    QCOMPARE(m.moved.size(), std::size_t{1});
    QCOMPARE(m.moved[0].first, 1);
    QCOMPARE(m.moved[0].second, PeMap(topo).nodeOf(62));
    QCOMPARE(m.unplaced, (std::vector<int>{2, 3}));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, assignHotSpares(map, up, 0));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, assignHotSpares(map, {1, 1}, 10));
  }

  void lutMode1IsRefused() {
    const Topology topo = torus4();
    RoutingConfig config = defaultRoutingConfig(topo.spec());
    config.lutMode = LutMode::LowBitsXY;
    RoutingSetup setup = buildRoutingSetup(topo, config);
    std::vector<std::uint8_t> up(static_cast<std::size_t>(topo.nodeCount()), 1);
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, remapForHotSpares(setup, topo, up, 60, true));
  }
};

FLITSCOPE_TEST_APPLESS_MAIN(TestHotSpares)
#include "tst_hot_spares.moc"
