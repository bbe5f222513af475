// R_NET_LUT / R_LUT_OVERRIDE (T3E manual HMM-160-0, Table 6, Figure 10; T3E
// paper section 2: 544 entries, 4-PE granularity above 544, 2176 PEs max) and
// the minimal direction-order tag generator.
#include "test_main.h"

#include <QtTest>

#include "routing/path_trace.h"
#include "routing/route_tables.h"
#include "routing/routing_setup.h"
#include "scenario/json_fields.h"

using namespace flit;

Q_DECLARE_METATYPE(flit::TopologySpec)

namespace {
const TopologySpec k444{3, {4, 4, 4}, {true, true, true}};

int minimalHops(const Topology& topo, NodeId a, NodeId b) {
  const Coord ca = topo.coordOf(a), cb = topo.coordOf(b);
  int sum = 0;
  for (int d = 0; d < topo.dims(); ++d) {
    const int k = topo.radix(d);
    const int diff = std::abs(ca[d] - cb[d]);
    sum += topo.wraps(d) ? std::min(diff, k - diff) : diff;
  }
  return sum;
}

template <typename F>
QString scenarioErrorPath(F&& f) {
  try {
    f();
  } catch (const ScenarioError& e) {
    return QString::fromStdString(e.path());
  }
  return QStringLiteral("<no ScenarioError>");
}
}  // namespace

class TstRouteTables : public QObject {
  Q_OBJECT
 private slots:
  void lutModes_data();
  void lutModes();
  void minimalTagsDeliverEveryPair_data();
  void minimalTagsDeliverEveryPair();
  void tiesGoPlus();
  void moduleEntrySignServesTheBlock();
  void unaddressableTopologiesNameTheField_data();
  void unaddressableTopologiesNameTheField();
  void modeErrors();
  void entryBounds();
};

// Table 6, one row per mode: what the router builds from the LUT entry (or
// the override register) for a logical destination.
void TstRouteTables::lutModes_data() {
  QTest::addColumn<int>("mode");
  QTest::addColumn<int>("logical");
  QTest::addColumn<quint64>("entryBits");     // stored at lutIndex(mode, logical)
  QTest::addColumn<quint64>("registerBits");  // R_LUT_OVERRIDE
  QTest::addColumn<quint64>("expected");
  const quint64 e = 0x0000000300020302;   // X=2 (bit 0 clear), Y=3 (bit 8 set), Z=2
  const quint64 b = e & ~quint64{0x101};  // the entry without tag bits 0 and 8
  QTest::newRow("mode 0: entry = LUT[logical]") << 0 << 37 << e << quint64{0} << e;
  QTest::newRow("mode 1: logical 4m+0 clears bits 0, 8") << 1 << 36 << e << quint64{0} << b;
  QTest::newRow("mode 1: logical 4m+1 -> bit 0") << 1 << 37 << e << quint64{0} << (b | 0x1);
  QTest::newRow("mode 1: logical 4m+2 -> bit 8") << 1 << 38 << e << quint64{0} << (b | 0x100);
  QTest::newRow("mode 1: logical 4m+3 -> both") << 1 << 39 << e << quint64{0} << (b | 0x101);
  QTest::newRow("mode 2: logical 4m+1 -> bit 8") << 2 << 37 << e << quint64{0} << (b | 0x100);
  QTest::newRow("mode 2: logical 4m+2 -> bit 0") << 2 << 38 << e << quint64{0} << (b | 0x1);
  QTest::newRow("mode 3: register bits <37:0>")
      << 3 << 37 << e << (quint64{0xFFC0000000000000} | 0x2000010203) << quint64{0x2000010203};
}

void TstRouteTables::lutModes() {
  QFETCH(int, mode);
  QFETCH(int, logical);
  QFETCH(quint64, entryBits);
  QFETCH(quint64, registerBits);
  QFETCH(quint64, expected);
  const Topology topo(k444);
  RouteTables t(topo, PeMap(topo));
  const auto m = static_cast<LutMode>(mode);
  const NodeId src = 5;
  if (m != LutMode::Register) t.setEntry(src, RouteTables::lutIndex(m, logical), entryBits);
  t.setOverride(src, LutOverride{m, registerBits});
  QCOMPARE(quint64{t.tagForLogical(src, logical)}, expected);
  QCOMPARE(t.tagFor(src, t.peMap().nodeOf(logical)), t.tagForLogical(src, logical));
  // Other nodes are untouched (mode 0, zero entries).
  QCOMPARE(quint64{t.tagForLogical(src + 1, logical)}, quint64{0});
}

void TstRouteTables::minimalTagsDeliverEveryPair_data() {
  QTest::addColumn<TopologySpec>("spec");
  QTest::addColumn<int>("mode");
  QTest::addColumn<int>("sourceStride");  // trace from every n-th source (big machines)
  QTest::newRow("4x4x4 torus, mode 0") << k444 << 0 << 1;
  QTest::newRow("2x4x2 (Figure 12), mode 0")
      << TopologySpec{3, {2, 4, 2}, {true, true, true}} << 0 << 1;
  QTest::newRow("3x5x2 mesh X, torus Y/Z")
      << TopologySpec{3, {3, 5, 2}, {false, true, true}} << 0 << 1;
  QTest::newRow("7x6 2D torus") << TopologySpec{2, {7, 6, 1}, {true, true, false}} << 0 << 1;
  QTest::newRow("8-ring mesh") << TopologySpec{1, {8, 1, 1}, {false, false, false}} << 0 << 1;
  QTest::newRow("4x4x4 torus, mode 1") << k444 << 1 << 1;
  QTest::newRow("8x8x8 T3E, mode 0") << TopologySpec{3, {8, 8, 8}, {true, true, true}} << 0 << 5;
  QTest::newRow("8x32x8 T3E, mode 1 (2048 PEs)")
      << TopologySpec{3, {8, 32, 8}, {true, true, true}} << 1 << 61;
}

void TstRouteTables::minimalTagsDeliverEveryPair() {
  QFETCH(TopologySpec, spec);
  QFETCH(int, mode);
  QFETCH(int, sourceStride);
  const Topology topo(spec);
  RoutingConfig config = defaultRoutingConfig(spec);
  QCOMPARE(config.algorithm, RoutingAlgorithm::DirectionOrder);
  config.lutMode = static_cast<LutMode>(mode);
  const RoutingSetup setup = buildRoutingSetup(topo, config);
  QVERIFY(setup.tables.has_value());
  int extraHops = 0, pairs = 0;
  for (NodeId src = 0; src < topo.nodeCount(); src += sourceStride) {
    for (NodeId dst = 0; dst < topo.nodeCount(); ++dst) {
      const PathTrace p = tracePath(topo, setup, src, dst);
      if (p.outcome != PathOutcome::Delivered) {
        QFAIL(qPrintable(QStringLiteral("%1 -> %2: %3")
                             .arg(src)
                             .arg(dst)
                             .arg(QString::fromUtf8(pathOutcomeName(p.outcome).data()))));
      }
      QCOMPARE(p.violations(), 0);  // time-of-crossing tables never violate
      extraHops += p.networkHops() - minimalHops(topo, src, dst);
      ++pairs;
    }
  }
  QVERIFY(pairs > 0);
  // Mode 0: one entry per PE, exactly minimal. Modes 1/2: one sign per 2x2
  // block, but an aligned pair {2m, 2m+1} of an even ring always has a sign
  // that is minimal for both members, so still exactly minimal.
  QCOMPARE(extraHops, 0);
}

void TstRouteTables::tiesGoPlus() {
  // Exactly k/2 hops either way round: the generator picks + (docs/routing.md).
  const Topology ring(TopologySpec{1, {4, 1, 1}, {true, false, false}});
  const RoutingTag t = RoutingTag::decode(minimalTag(ring, 0, 2, false));
  QCOMPARE(t.xMinus, false);
  QCOMPARE(int{t.xAddr}, 2);
  QCOMPARE(t.initialHop, InitialHop::None);
  QCOMPARE(RoutingTag::decode(minimalTag(ring, 0, 3, false)).xMinus, true);
  QCOMPARE(RoutingTag::decode(minimalTag(ring, 0, 3, true)).adaptive, true);
  // Mesh: the only way.
  const Topology mesh(TopologySpec{1, {4, 1, 1}, {false, false, false}});
  QCOMPARE(RoutingTag::decode(minimalTag(mesh, 0, 3, false)).xMinus, false);
  QCOMPARE(RoutingTag::decode(minimalTag(mesh, 3, 0, false)).xMinus, true);
}

void TstRouteTables::moduleEntrySignServesTheBlock() {
  // 8x2 torus in mode 1: the block {x=4,5} seen from x=0 is 4 hops + or -,
  // and 5 hops + / 3 hops -: one shared sign, minus wins (4+3 < 4+5).
  const Topology topo(TopologySpec{2, {8, 2, 1}, {true, true, false}});
  RouteTables t(topo, PeMap(topo));
  fillMinimalTags(t, topo, LutMode::LowBitsXY, false);
  Coord c;
  c[0] = 4;
  const int lp4 = t.peMap().logicalOf(topo.nodeAt(c));
  c[0] = 5;
  const int lp5 = t.peMap().logicalOf(topo.nodeAt(c));
  QCOMPARE(lp4 >> 2, lp5 >> 2);
  const NodeId origin = 0;
  const RoutingTag t4 = RoutingTag::decode(t.tagForLogical(origin, lp4));
  const RoutingTag t5 = RoutingTag::decode(t.tagForLogical(origin, lp5));
  QCOMPARE(int{t4.xAddr}, 4);
  QCOMPARE(int{t5.xAddr}, 5);
  QVERIFY(t4.xMinus && t5.xMinus);
  QCOMPARE(t.overrideOf(origin).mode, LutMode::LowBitsXY);
}

void TstRouteTables::unaddressableTopologiesNameTheField_data() {
  QTest::addColumn<TopologySpec>("spec");
  QTest::addColumn<QString>("path");
  QTest::newRow("X 16 > 8") << TopologySpec{3, {16, 4, 4}, {true, true, true}}
                            << "topology.radix[0]";
  QTest::newRow("Y 33 > 32") << TopologySpec{3, {8, 33, 2}, {true, true, true}}
                             << "topology.radix[1]";
  QTest::newRow("Z 17 > 16") << TopologySpec{3, {2, 2, 17}, {true, true, true}}
                             << "topology.radix[2]";
  QTest::newRow("4096 PEs > 2176")
      << TopologySpec{3, {8, 32, 16}, {true, true, true}} << "topology";
  QTest::newRow("XT 11x12x16") << TopologySpec{3, {11, 12, 16}, {false, true, true}}
                               << "topology.radix[0]";
}

void TstRouteTables::unaddressableTopologiesNameTheField() {
  QFETCH(TopologySpec, spec);
  QFETCH(QString, path);
  const Topology topo(spec);
  QCOMPARE(scenarioErrorPath([&] { RouteTables t(topo, PeMap(topo)); }), path);
  QCOMPARE(scenarioErrorPath([&] { checkTagAddressable(spec); }), path);
  QCOMPARE(defaultRoutingConfig(spec).algorithm, RoutingAlgorithm::DimensionOrder);
}

void TstRouteTables::modeErrors() {
  const Topology big(TopologySpec{3, {8, 32, 8}, {true, true, true}});
  RouteTables t(big, PeMap(big));
  QCOMPARE(defaultLutMode(big), LutMode::LowBitsXY);
  // A fresh table is already in mode 1: the last PE reads register 511, not past 543.
  QCOMPARE(t.overrideOf(2047).mode, LutMode::LowBitsXY);
  QCOMPARE(quint64{t.tagForLogical(2047, 2047)}, quint64{0x101});
  // Mode 0 is not valid above 544 PEs (Table 6).
  QVERIFY_THROWS_EXCEPTION(std::invalid_argument, t.setOverride(0, LutOverride{LutMode::PerPe, 0}));
  QCOMPARE(scenarioErrorPath([&] { fillMinimalTags(t, big, LutMode::PerPe, false); }),
           QStringLiteral("routing.lutMode"));
  // Mode 2 needs the logical bits the other way round.
  QCOMPARE(scenarioErrorPath([&] { fillMinimalTags(t, big, LutMode::LowBitsYX, false); }),
           QStringLiteral("routing.lutMode"));
  QCOMPARE(scenarioErrorPath([&] { fillMinimalTags(t, big, LutMode::Register, false); }),
           QStringLiteral("routing.lutMode"));
  // Odd Y radix above 544 PEs: no module numbering, so no mode 1.
  const Topology odd(TopologySpec{3, {8, 31, 8}, {true, true, true}});
  RouteTables to(odd, PeMap(odd));
  QCOMPARE(scenarioErrorPath([&] { fillMinimalTags(to, odd, LutMode::LowBitsXY, false); }),
           QStringLiteral("routing.lutMode"));
  QCOMPARE(defaultRoutingConfig(odd.spec()).algorithm, RoutingAlgorithm::DimensionOrder);
}

void TstRouteTables::entryBounds() {
  const Topology topo(k444);
  RouteTables t(topo, PeMap(topo));
  t.setEntry(63, kNetLutEntries - 1, 0x1234);
  QCOMPARE(quint64{t.entry(63, kNetLutEntries - 1)}, quint64{0x1234});
  QVERIFY_THROWS_EXCEPTION(std::out_of_range, t.setEntry(0, kNetLutEntries, 1));
  QVERIFY_THROWS_EXCEPTION(std::out_of_range, t.setEntry(64, 0, 1));
  QVERIFY_THROWS_EXCEPTION(std::out_of_range, t.entry(-1, 0));
  QCOMPARE(RouteTables::lutIndex(LutMode::PerPe, 543), 543);
  QCOMPARE(RouteTables::lutIndex(LutMode::LowBitsXY, 2175), 543);
  QCOMPARE(RouteTables::lutIndex(LutMode::Register, 5), -1);
}

FLITSCOPE_TEST_APPLESS_MAIN(TstRouteTables)
#include "tst_route_tables.moc"
