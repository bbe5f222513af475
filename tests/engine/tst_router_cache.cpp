// The simulator's division-free routing (router/route_cache.h) must agree
// exactly with engine/routing's reference functions, for every node pair.
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

QTEST_APPLESS_MAIN(TstRouterCache)
#include "tst_router_cache.moc"
