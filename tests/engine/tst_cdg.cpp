// Channel dependency graph and cycle finding: Dally & Seitz, "The Torus
// Routing Chip" (1986), Definition 4, Theorem 1, Figures 1-2.
#include "analysis/channel_dependency_graph.h"

#include <QtTest>

using namespace flit;

namespace {

Topology ring(int k) {
  TopologySpec spec;
  spec.dims = 1;
  spec.radix = {k, 1, 1};
  spec.wrap = {true, false, false};
  return Topology(spec);
}

// Channel c_i of the unidirectional ring leaves n_i towards n_{i+1}.
ChannelId ringChannel(const Topology& topo, int i) {
  return topo.channelFrom(static_cast<NodeId>(i), Direction::PlusX);
}

// Every packet of the 4-cycle going two nodes ahead (Figure 1) or to any node
// ahead; vcOf(here, dest) picks the VC of the hop leaving `here`.
template <typename VcOf>
void addAllRingRoutes(ChannelDependencyGraph& g, int k, VcOf vcOf) {
  const Topology& topo = g.topology();
  for (int src = 0; src < k; ++src) {
    for (int dst = 0; dst < k; ++dst) {
      std::vector<ChannelVc> hops;
      for (int here = src; here != dst; here = (here + 1) % k) {
        hops.push_back({ringChannel(topo, here), vcOf(here, dst)});
      }
      g.addRoute(hops);
    }
  }
}

}  // namespace

class TestCdg : public QObject {
  Q_OBJECT

 private slots:
  // Figure 1 / Figure 2A: a unidirectional 4-cycle with one VC per channel:
  // D has the cycle c0 -> c1 -> c2 -> c3 -> c0, so it can deadlock.
  void fourCycleOneVcHasCycle() {
    const Topology topo = ring(4);
    ChannelDependencyGraph g(topo, 1, 1);
    addAllRingRoutes(g, 4, [](int, int) { return 0; });
    QCOMPARE(g.dependencyCount(), std::size_t{4});
    const auto cycle = g.findCycle();
    QCOMPARE(cycle.size(), std::size_t{4});
    for (std::size_t i = 0; i < cycle.size(); ++i) {
      QVERIFY(g.hasDependency(cycle[i], cycle[(i + 1) % cycle.size()]));
    }
    QVERIFY(!g.acyclic());
    const std::string text = g.describeCycle(cycle);
    QVERIFY2(text.find("(0)+X vc0") != std::string::npos, text.c_str());
    QVERIFY2(text.find("(3)+X vc0") != std::string::npos, text.c_str());
  }

  // Figure 2B: high VCs (1) while the node is below the destination, low VCs
  // (0) above it: total order c13 > c12 > c11 > c10 > c03 > c02 > c01, acyclic.
  void fourCycleTwoVcsIsAcyclic() {
    const Topology topo = ring(4);
    ChannelDependencyGraph g(topo, 1, 2);
    addAllRingRoutes(g, 4, [](int here, int dst) { return here < dst ? 1 : 0; });
    QVERIFY(g.findCycle().empty());
    // c00 is not used: nothing depends on it and it depends on nothing.
    QVERIFY(g.successors({ringChannel(topo, 0), 0}).empty());
    // The spiral: c03 (n3 -> n0, low) feeds c10 (high) for packets to n1+.
    QVERIFY(g.hasDependency({ringChannel(topo, 3), 0}, {ringChannel(topo, 0), 1}));
  }

  // Same two VCs, but a wrong assignment (everything high) brings the cycle back.
  void fourCycleTwoVcsBadAssignmentHasCycle() {
    const Topology topo = ring(4);
    ChannelDependencyGraph g(topo, 1, 2);
    addAllRingRoutes(g, 4, [](int, int) { return 1; });
    const auto cycle = g.findCycle();
    QCOMPARE(cycle.size(), std::size_t{4});
    for (const ChannelVc& v : cycle) QCOMPARE(v.vc, 1);
  }

  void requestAndResponseClassesAreSeparateVertices() {
    const Topology topo = ring(4);
    ChannelDependencyGraph g(topo, 2, 2);
    QCOMPARE(g.vcsPerChannel(), 4);
    QCOMPARE(g.vertexCount(), topo.channelCount() * 4);
    g.addDependency({ringChannel(topo, 0), 2}, {ringChannel(topo, 1), 3});
    QVERIFY(g.hasDependency({ringChannel(topo, 0), 2}, {ringChannel(topo, 1), 3}));
    QVERIFY(!g.hasDependency({ringChannel(topo, 0), 0}, {ringChannel(topo, 1), 1}));
    QCOMPARE(g.describe({ringChannel(topo, 1), 3}), std::string("(1)+X resp vc1"));
    QCOMPARE(g.describe({ringChannel(topo, 1), 1}), std::string("(1)+X vc1"));
  }

  void dependencyMustLeaveTheNodeEntered() {
    const Topology topo = ring(4);
    ChannelDependencyGraph g(topo, 1, 1);
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                             g.addDependency({ringChannel(topo, 0), 0}, {ringChannel(topo, 2), 0}));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, ChannelDependencyGraph(topo, 2, 6));
  }

  // A turn cycle in a 2x2 mesh-free torus patch: +X, +Y, -X, -Y around a
  // square (what direction order forbids) is reported in order.
  void turnCycleAroundASquare() {
    TopologySpec spec;
    spec.dims = 2;
    spec.radix = {3, 3, 1};
    spec.wrap = {false, false, false};
    const Topology topo(spec);
    const auto at = [&](int x, int y) { return topo.nodeAt(Coord{{x, y, 0}}); };
    ChannelDependencyGraph g(topo, 1, 1);
    const ChannelVc a{topo.channelFrom(at(0, 0), Direction::PlusX), 0};
    const ChannelVc b{topo.channelFrom(at(1, 0), Direction::PlusY), 0};
    const ChannelVc c{topo.channelFrom(at(1, 1), Direction::MinusX), 0};
    const ChannelVc d{topo.channelFrom(at(0, 1), Direction::MinusY), 0};
    g.addRoute({a, b, c});
    QVERIFY(g.acyclic());
    g.addRoute({c, d, a});
    const auto cycle = g.findCycle();
    QCOMPARE(cycle.size(), std::size_t{4});
    QCOMPARE(g.describeCycle(cycle).substr(0, 9), g.describe(cycle[0]).substr(0, 9));
    QVERIFY2(g.describeCycle(cycle).find("(1,0)+Y vc0 -> (1,1)-X vc0") != std::string::npos,
             g.describeCycle(cycle).c_str());
  }
};

QTEST_APPLESS_MAIN(TestCdg)
#include "tst_cdg.moc"
