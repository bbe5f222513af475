// Channel dependency graph and cycle finding: Dally & Seitz, "The Torus
// Routing Chip" (1986), Definition 4, Theorem 1, Figures 1-2.
#include "test_main.h"
#include "analysis/channel_dependency_graph.h"
#include "analysis/route_dependencies.h"
#include "routing/routing_setup.h"

#include <QElapsedTimer>

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

Topology torus(int kx, int ky, int kz, int dims = 3) {
  TopologySpec spec;
  spec.dims = dims;
  spec.radix = {kx, ky, kz};
  spec.wrap = {true, true, true};
  return Topology(spec);
}

RoutingSetup defaultSetup(const Topology& topo) {
  return buildRoutingSetup(topo, defaultRoutingConfig(topo.spec()));
}

std::uint64_t tag(int x, int y, bool xm, bool ym, InitialHop ih = InitialHop::None) {
  RoutingTag t;
  t.xAddr = static_cast<std::uint8_t>(x);
  t.yAddr = static_cast<std::uint8_t>(y);
  t.xMinus = xm;
  t.yMinus = ym;
  t.initialHop = ih;
  return t.encode();
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

  // The deterministic T3E network with the default (minimal) tables, default
  // datelines and time-of-crossing VC tables is deadlock-free (section 3).
  void defaultTorusIsAcyclic_data() {
    QTest::addColumn<int>("k");
    QTest::newRow("4x4x4") << 4;
    QTest::newRow("8x8x8") << 8;
  }
  void defaultTorusIsAcyclic() {
    QFETCH(int, k);
    const Topology topo = torus(k, k, k);
    const RoutingSetup setup = defaultSetup(topo);
    QElapsedTimer timer;
    timer.start();
    const DependencyCheck check = checkDependencies(topo, setup);
    const qint64 ms = timer.elapsed();
    const std::int64_t n = topo.nodeCount();
    QCOMPARE(check.routesTraced, n * (n - 1));
    QVERIFY(check.brokenRoutes.empty());
    QVERIFY2(check.deadlockFree(), check.cycleText().c_str());
    QCOMPARE(check.graph.vcsPerChannel(), 4);
    QVERIFY(check.graph.dependencyCount() > 0);
    qInfo("%dx%dx%d: %lld routes, %lld hops, %zu dependencies, %lld ms", k, k, k,
          static_cast<long long>(check.routesTraced), static_cast<long long>(check.hopsTraced),
          check.graph.dependencyCount(), static_cast<long long>(ms));
  }

  // Without a dateline in X, every X ring is the Figure 1 four-cycle again.
  void torusWithoutXDatelineHasRingCycle() {
    const Topology topo = torus(4, 4, 4);
    RoutingConfig config = defaultRoutingConfig(topo.spec());
    config.datelines.ordinate[0] = kNoDateline;
    const RoutingSetup setup = buildRoutingSetup(topo, config);
    const DependencyCheck check = checkDependencies(topo, setup);
    QVERIFY(!check.deadlockFree());
    QCOMPARE(check.cycle.size(), std::size_t{4});
    const Direction d = topo.channelDirection(check.cycle.front().channel);
    QCOMPARE(dimensionOf(d), 0);
    for (const ChannelVc& v : check.cycle) QCOMPARE(topo.channelDirection(v.channel), d);
    QVERIFY2(check.cycleText().find("+X vc0 -> ") != std::string::npos ||
                 check.cycleText().find("-X vc0 -> ") != std::string::npos,
             check.cycleText().c_str());
  }

  // A deliberately bad table on a 3x3 torus (datelines at ordinate 0): an
  // initial +Y hop INTO the Y dateline node followed by +X (what section 3.1
  // forbids), plus five legal long-way + routes, close the cycle
  //   (0,2)+Y -> (0,0)+X -> (1,0)+X -> (2,0)+X -> (0,0)+Y -> (0,1)+Y -> (0,2)+Y
  // all on VC0: the turns at the dateline nodes never count as crossings.
  void badTableIsReportedWithItsCycle() {
    const Topology topo = torus(3, 3, 1, 2);
    RoutingSetup setup = defaultSetup(topo);
    QVERIFY(checkDependencies(topo, setup).deadlockFree());
    const auto at = [&](int x, int y) { return topo.nodeAt(Coord{{x, y, 0}}); };
    const auto set = [&](NodeId src, NodeId dst, std::uint64_t bits) {
      setup.tables->setEntry(src, setup.peMap.logicalOf(dst), bits);
    };
    set(at(0, 2), at(1, 0), tag(1, 0, false, false, InitialHop::PlusY));
    set(at(0, 0), at(2, 0), tag(2, 0, false, false));
    set(at(1, 0), at(0, 0), tag(0, 0, false, false));
    set(at(2, 0), at(0, 1), tag(0, 1, false, false));
    set(at(0, 0), at(0, 2), tag(0, 2, false, false));
    set(at(0, 1), at(0, 0), tag(0, 0, false, false));
    const DependencyCheck check = checkDependencies(topo, setup);
    QVERIFY(check.brokenRoutes.empty());
    QVERIFY(!check.deadlockFree());
    const std::string text = check.cycleText();
    QVERIFY2(text.find("(0,2)+Y vc0 -> (0,0)+X vc0") != std::string::npos, text.c_str());
    QCOMPARE(check.cycle.size(), std::size_t{6});
    for (std::size_t i = 0; i < check.cycle.size(); ++i) {
      QVERIFY(check.graph.hasDependency(check.cycle[i], check.cycle[(i + 1) % check.cycle.size()]));
    }
  }
};

FLITSCOPE_TEST_APPLESS_MAIN(TestCdg)
#include "tst_cdg.moc"
