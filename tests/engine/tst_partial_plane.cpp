// Partial planes: T3E paper section 2.3 ("All partial planes are Z planes.
// Traffic originating at a partial plane node can take an initial hop in +Z
// to its neighbor and then route from that point with a routing tag that can
// be identical to that which that neighbor uses. Traffic with a destination
// of a partial plane node can route to the +Z neighbor of the destination
// node at which point a final hop in -Z is taken.") and section 3.1 (the
// initial hop must not go to a dateline node).
#include "test_main.h"
#include "analysis/reachability.h"
#include "analysis/route_dependencies.h"
#include "routing/path_trace.h"
#include "routing/route_builder.h"

#include <QtTest>

using namespace flit;

namespace {

Topology torus4() {
  TopologySpec spec;
  spec.radix = {4, 4, 4};
  return Topology(spec);
}

NodeId at(const Topology& topo, int x, int y, int z) { return topo.nodeAt(Coord{{x, y, z}}); }

// The top Z plane (z = 3) holds only `present` nodes; the rest are absent.
std::vector<std::uint8_t> partialTopPlane(const Topology& topo,
                                          const std::vector<std::pair<int, int>>& present) {
  std::vector<std::uint8_t> up(static_cast<std::size_t>(topo.nodeCount()), 1);
  for (int x = 0; x < 4; ++x) {
    for (int y = 0; y < 4; ++y) up[static_cast<std::size_t>(at(topo, x, y, 3))] = 0;
  }
  for (const auto& [x, y] : present) up[static_cast<std::size_t>(at(topo, x, y, 3))] = 1;
  return up;
}

RoutingSetup setupWithZDateline(const Topology& topo, int zDateline) {
  RoutingConfig config = defaultRoutingConfig(topo.spec());
  config.datelines.ordinate[2] = zDateline;
  return buildRoutingSetup(topo, config);
}

}  // namespace

class TestPartialPlane : public QObject {
  Q_OBJECT

 private slots:
  // The section 2.3 mechanism itself, with tags taken from the neighbours.
  void initialAndFinalHopsThroughTheZNeighbour() {
    const Topology topo = torus4();
    const RoutingSetup setup = setupWithZDateline(topo, 1);
    const NodeId partial = at(topo, 1, 1, 3);
    const NodeId above = at(topo, 1, 1, 0);  // its +Z neighbour (the Z ring wraps)
    const NodeId far = at(topo, 3, 2, 1);
    // From the partial-plane node: initial +Z, then the neighbour's own tag.
    RoutingTag t = RoutingTag::decode(setup.tables->tagFor(above, far));
    t.initialHop = InitialHop::PlusZ;
    const PathTrace out = tracePath(topo, setup, partial, far, t.encode());
    QCOMPARE(out.outcome, PathOutcome::Delivered);
    QCOMPARE(out.hops.front().outPort, static_cast<int>(Direction::PlusZ));
    QCOMPARE(out.hops[1].node, above);
    // To the partial-plane node: route to its +Z neighbour, then final -Z.
    const NodeId below = at(topo, 3, 2, 3);  // one +Z hop from `above`'s plane
    RoutingTag in = RoutingTag::decode(setup.tables->tagFor(below, above));
    QVERIFY(!in.zMinus);  // a set Z sign would force the final hop off (manual, Figure 19 note)
    in.finalHop = true;
    const PathTrace back = tracePath(topo, setup, below, partial, in.encode());
    QCOMPARE(back.outcome, PathOutcome::Delivered);
    QCOMPARE(back.hops[back.hops.size() - 2].outPort, static_cast<int>(Direction::MinusZ));
  }

  // A partly populated top plane: only two diagonal nodes, which have no
  // plane neighbour between them. With the Z dateline at 1, every populated
  // node reaches every other, the isolated pair through the initial +Z hop,
  // and the tables stay deadlock-free.
  void everyPopulatedNodeIsReachable() {
    const Topology topo = torus4();
    RoutingSetup setup = setupWithZDateline(topo, 1);
    const auto up = partialTopPlane(topo, {{0, 0}, {1, 1}, {2, 0}, {3, 3}});
    const RouteBuildReport r = rebuildSetupRoutes(setup, topo, up, true);
    QVERIFY2(r.unreachable.empty(),
             r.unreachable.empty() ? ""
                                   : (topo.describeNode(r.unreachable[0].first) + " -> " +
                                      topo.describeNode(r.unreachable[0].second)).c_str());
    QVERIFY(r.initialHopEntries > 0);
    int pairs = 0;
    for (NodeId s = 0; s < topo.nodeCount(); ++s) {
      for (NodeId d = 0; d < topo.nodeCount(); ++d) {
        if (!up[static_cast<std::size_t>(s)] || !up[static_cast<std::size_t>(d)] || s == d) {
          QVERIFY(s == d || r.at(s, d) == PairStatus::NodeDown);
          continue;
        }
        QCOMPARE(r.at(s, d), PairStatus::Routed);
        const PathTrace t = tracePath(topo, setup, s, d);
        QCOMPARE(t.outcome, PathOutcome::Delivered);
        for (const PathHop& h : t.hops) QVERIFY(up[static_cast<std::size_t>(h.node)] != 0);
        ++pairs;
      }
    }
    QCOMPARE(pairs, 52 * 51);
    // (0,0,3) -> (1,1,3): initial +Z, +X, +Y, then -Z over the wrap: 4 hops.
    const PathTrace t = tracePath(topo, setup, at(topo, 0, 0, 3), at(topo, 1, 1, 3));
    QCOMPARE(RoutingTag::decode(t.tag).initialHop, InitialHop::PlusZ);
    QCOMPARE(t.networkHops(), 4);
    const DependencyCheck check = checkDependencies(topo, setup, {&r.status, up, 2, {}, false});
    QVERIFY(check.brokenRoutes.empty());
    QVERIFY2(check.deadlockFree(), check.cycleText().c_str());
  }

  // Section 3.1: an initial hop may not go to a dateline node. With the Z
  // dateline at ordinate 0, the +Z neighbour of the top plane IS the
  // dateline node, so the builder may not use the 4-hop initial-hop route;
  // it finds the plain direction-order one instead (+Z over the wrap, -X and
  // -Y the long way round, then the final -Z hop): 8 hops, still acyclic.
  void initialHopOntoADatelineIsAvoided() {
    const Topology topo = torus4();
    RoutingSetup setup = setupWithZDateline(topo, 0);
    const auto up = partialTopPlane(topo, {{0, 0}, {1, 1}});
    const RouteBuildReport r = rebuildSetupRoutes(setup, topo, up, true);
    QVERIFY(r.unreachable.empty());
    for (NodeId s = 0; s < topo.nodeCount(); ++s) {
      if (topo.coordOf(s)[2] != 3 || !up[static_cast<std::size_t>(s)]) continue;
      for (NodeId d = 0; d < topo.nodeCount(); ++d) {
        if (d == s || !up[static_cast<std::size_t>(d)]) continue;
        QVERIFY(RoutingTag::decode(setup.tables->tagFor(s, d)).initialHop != InitialHop::PlusZ);
      }
    }
    const PathTrace t = tracePath(topo, setup, at(topo, 0, 0, 3), at(topo, 1, 1, 3));
    QCOMPARE(t.outcome, PathOutcome::Delivered);
    QCOMPARE(t.networkHops(), 8);
    QVERIFY(RoutingTag::decode(t.tag).finalHop);
    const DependencyCheck check = checkDependencies(topo, setup, {&r.status, up, 2, {}, false});
    QVERIFY(check.brokenRoutes.empty());
    QVERIFY2(check.deadlockFree(), check.cycleText().c_str());
  }
};

FLITSCOPE_TEST_APPLESS_MAIN(TestPartialPlane)
#include "tst_partial_plane.moc"
