// The simulator's division-free routing (router/route_cache.h) must agree
// exactly with engine/routing's reference functions, for every node pair.
#include "test_main.h"
#include "router/route_cache.h"

#include "routing/vc_selection.h"

#include <QtTest>

#include <array>

using namespace flit;

class TstRouterCache : public QObject {
  Q_OBJECT
 private slots:
  void dimensionOrderMatchesRouteStep_data();
  void dimensionOrderMatchesRouteStep();
  void datelineDirsMatchSelectVc();
  void neighborMatchesTopology();
  void directionOrderMatchesRouteStep();
};

void TstRouterCache::dimensionOrderMatchesRouteStep_data() {
  QTest::addColumn<int>("dims");
  QTest::addColumn<int>("kx");
  QTest::addColumn<int>("ky");
  QTest::addColumn<int>("kz");
  QTest::addColumn<bool>("wrapX");
  QTest::newRow("8x8x8 torus") << 3 << 8 << 8 << 8 << true;
  QTest::newRow("5x4x3 odd radices") << 3 << 5 << 4 << 3 << true;
  QTest::newRow("11x12x16 XT, X mesh") << 3 << 11 << 12 << 16 << false;
  QTest::newRow("16x16 2D") << 2 << 16 << 16 << 1 << true;
  QTest::newRow("7-ring") << 1 << 7 << 1 << 1 << true;
}

void TstRouterCache::dimensionOrderMatchesRouteStep() {
  QFETCH(int, dims);
  QFETCH(int, kx);
  QFETCH(int, ky);
  QFETCH(int, kz);
  QFETCH(bool, wrapX);
  TopologySpec spec;
  spec.dims = dims;
  spec.radix = {kx, ky, kz};
  spec.wrap = {wrapX, dims > 1, dims > 2};
  const Topology topo(spec);
  const RouteCache cache(topo);
  for (NodeId s = 0; s < topo.nodeCount(); ++s) {
    for (NodeId d = 0; d < topo.nodeCount(); ++d) {
      RouteState st = makeRouteState(topo, RoutingAlgorithm::DimensionOrder, s, d);
      const int expected = routeStep(topo, RoutingAlgorithm::DimensionOrder, s, st);
      if (cache.dimensionOrderStep(s, d) != expected) {
        QFAIL(qPrintable(QStringLiteral("%1 -> %2").arg(s).arg(d)));
      }
    }
  }
}

// The simulator switches VC going straight on exactly where selectVc does
// (T3E paper section 3.2: VC0 -> VC1 through the dateline node).
void TstRouterCache::datelineDirsMatchSelectVc() {
  TopologySpec spec;
  spec.radix = {6, 5, 4};
  const Topology topo(spec);
  const RouteCache cache(topo);
  const VcTables tables(topo);
  // Per direction: how many routers switch a packet going straight on.
  auto crossingsPerDirection = [&](const DatelineConfig& datelines) {
    std::array<int, kDirectionCount> crossings{};
    for (NodeId n = 0; n < topo.nodeCount(); ++n) {
      const std::uint8_t bits = cache.datelineDirs(datelines, n);
      for (int dir = 0; dir < kDirectionCount; ++dir) {
        const bool crosses = (bits >> dir) & 1u;
        const VcSelection onVc0 = selectVc(topo, datelines, tables, n, dir, dir, 0, 0);
        const VcSelection onVc1 = selectVc(topo, datelines, tables, n, dir, dir, 1, 0);
        if (crosses != onVc0.crossedDateline || crosses != onVc1.violation ||
            onVc0.vc != (crosses ? 1 : 0) || onVc1.vc != 1) {
          qWarning("node %d direction %d disagrees", n, dir);
          return std::array<int, kDirectionCount>{-1, -1, -1, -1, -1, -1};
        }
        if (crosses && topo.coordOf(n)[dimensionOf(static_cast<Direction>(dir))] !=
                           datelines.at(static_cast<Direction>(dir))) {
          return std::array<int, kDirectionCount>{-2, -2, -2, -2, -2, -2};
        }
        crossings[static_cast<std::size_t>(dir)] += crosses;
      }
    }
    return crossings;
  };
  DatelineConfig datelines;
  datelines.ordinate = {0, 3, kNoDateline};
  // X rings at x = 0 (5 * 4 of them), Y rings at y = 3 (6 * 4); none in Z.
  QCOMPARE(crossingsPerDirection(datelines), (std::array<int, kDirectionCount>{20, 24, 0, 20, 24, 0}));
  // One node per unidirectional ring (T3E paper section 3.2): the - X ring's
  // at x = 5, the Y rings' as before.
  datelines.minusOrdinate = {5, kSameAsPlus, kSameAsPlus};
  QCOMPARE(crossingsPerDirection(datelines), (std::array<int, kDirectionCount>{20, 24, 0, 20, 24, 0}));
  QVERIFY(cache.datelineDirs(datelines, topo.nodeAt({5, 0, 0})) & (1u << static_cast<int>(Direction::MinusX)));
  QVERIFY(!(cache.datelineDirs(datelines, topo.nodeAt({0, 0, 0})) & (1u << static_cast<int>(Direction::MinusX))));
}

void TstRouterCache::neighborMatchesTopology() {
  const std::vector<TopologySpec> specs = [] {
    std::vector<TopologySpec> v;
    TopologySpec t;
    t.radix = {8, 8, 8};
    v.push_back(t);
    t.dims = 2;
    t.radix = {5, 2, 1};  // radix 2: both ways lead to the same node
    v.push_back(t);
    t.dims = 3;
    t.radix = {11, 12, 16};
    t.wrap = {false, true, true};  // XT: X is a mesh
    v.push_back(t);
    TopologySpec ring;
    ring.dims = 1;
    ring.radix = {7, 1, 1};
    v.push_back(ring);
    return v;
  }();
  for (const TopologySpec& spec : specs) {
    const Topology topo(spec);
    const RouteCache cache(topo);
    int compared = 0;
    for (NodeId n = 0; n < topo.nodeCount(); ++n) {
      for (int d = 0; d < kDirectionCount; ++d) {
        const NodeId expected = topo.neighbor(n, static_cast<Direction>(d));
        if (expected == kInvalidId) continue;  // outside the precondition
        QCOMPARE(cache.neighbor(n, d), expected);
        ++compared;
      }
    }
    QVERIFY(compared > 0);
  }
}

// T3E direction order (manual "Direction Order Routing", Table 7 tags): the
// cache's step equals routeStep for every node and a spread of tags (every
// sign and hop combination, addresses in and past the radices), from every
// phase; hasNeighbor equals Topology::neighbor; highestUnsatisfied equals
// section 7's rule written as the loop over the directions from -Z down.
void TstRouterCache::directionOrderMatchesRouteStep() {
  std::vector<TopologySpec> specs;
  TopologySpec t;
  t.radix = {8, 8, 8};
  specs.push_back(t);
  t.radix = {8, 32, 8};  // the widest Y_ADR
  specs.push_back(t);
  t.radix = {4, 6, 3};
  t.wrap = {false, true, false};  // meshes: edge steps are misroutes
  specs.push_back(t);
  t.dims = 2;
  t.radix = {5, 4, 1};
  t.wrap = {true, true, false};
  specs.push_back(t);
  std::uint64_t lcg = 12345;
  const auto next = [&lcg] {
    lcg = lcg * 6364136223846793005ull + 1442695040888963407ull;
    return lcg >> 33;
  };
  for (const TopologySpec& spec : specs) {
    const Topology topo(spec);
    const RouteCache cache(topo);
    int misroutes = 0, delivered = 0;
    for (NodeId n = 0; n < topo.nodeCount(); ++n) {
      for (int d = 0; d < kDirectionCount; ++d) {
        QCOMPARE(cache.hasNeighbor(n, d), topo.neighbor(n, static_cast<Direction>(d)) != kInvalidId);
      }
      for (int i = 0; i < 64; ++i) {
        RoutingTag tag;
        tag.xAddr = static_cast<std::uint8_t>(next() % RoutingTag::kMaxX);
        tag.yAddr = static_cast<std::uint8_t>(next() % RoutingTag::kMaxY);
        tag.zAddr = static_cast<std::uint8_t>(next() % RoutingTag::kMaxZ);
        if (i % 2) {  // half of them inside the topology, where the addresses usually meet
          const NodeId dst = static_cast<NodeId>(next() % static_cast<std::uint64_t>(topo.nodeCount()));
          const Coord c = topo.coordOf(dst);
          tag.xAddr = static_cast<std::uint8_t>(c[0]);
          tag.yAddr = static_cast<std::uint8_t>(c[1]);
          tag.zAddr = static_cast<std::uint8_t>(c[2]);
        }
        tag.xMinus = next() & 1u;
        tag.yMinus = next() & 1u;
        tag.zMinus = next() & 1u;
        tag.initialHop = static_cast<InitialHop>(next() % 4);
        tag.finalHop = next() & 1u;
        const std::uint64_t bits = tag.encode() | (std::uint64_t{next() & 1u} << RoutingTag::kFinalHopBit);
        for (std::uint8_t phase = 0; phase < 4; ++phase) {
          RouteState expected{bits, 0, phase};
          RouteState got = expected;
          const int want = routeStep(topo, RoutingAlgorithm::DirectionOrder, n, expected);
          const int step = cache.directionOrderStep(n, got);
          if (step != want || got.phase != expected.phase) {
            QFAIL(qPrintable(QStringLiteral("node %1 tag %2 phase %3: %4, routeStep %5")
                                 .arg(n).arg(QString::fromStdString(formatTagHex(bits))).arg(phase)
                                 .arg(step).arg(want)));
          }
          misroutes += want == kRouteMisroute;
          delivered += want == kProcessorPort;
        }
        const RoutingTag decoded = RoutingTag::decode(bits);
        int highest = -1;
        for (int order = kDirectionCount - 1; order >= 0 && highest < 0; --order) {
          const int dim = dimensionOf(static_cast<Direction>(order));
          if (decoded.minus(dim) == !isPositive(static_cast<Direction>(order)) &&
              topo.coordOf(n)[static_cast<std::size_t>(dim)] != decoded.addr(dim)) {
            highest = order;
          }
        }
        QCOMPARE(cache.highestUnsatisfied(n, bits), highest);
      }
    }
    QVERIFY(delivered > 0);  // the cases the comparison covers: deliveries ...
    if (!spec.wrap[0]) QVERIFY(misroutes > 0);  // ... and, on meshes, misroutes
  }
}

FLITSCOPE_TEST_APPLESS_MAIN(TstRouterCache)
#include "tst_router_cache.moc"
