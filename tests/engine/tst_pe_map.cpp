// PE numbers (T3E manual HMM-160-0, "Node Identification", Figures 11-12):
// logical <-> physical mapping, module alignment needed by R_LUT_OVERRIDE
// modes 1/2 (Table 6), hot-spare moves, virtual PE numbers in a partition.
#include "test_main.h"

#include <QtTest>
#include <set>

#include "routing/pe_map.h"

using namespace flit;

Q_DECLARE_METATYPE(flit::TopologySpec)
Q_DECLARE_METATYPE(flit::Coord)

namespace {
Coord xyz(int x, int y, int z) { return Coord{{x, y, z}}; }
}  // namespace

class TstPeMap : public QObject {
  Q_OBJECT
 private slots:
  void bijection_data();
  void bijection();
  void figure12Labels_data();
  void figure12Labels();
  void moduleAlignment();
  void hotSpareSwap();
  void partitionVirtualNumbers();
};

void TstPeMap::bijection_data() {
  QTest::addColumn<TopologySpec>("spec");
  QTest::addColumn<bool>("module");
  QTest::newRow("2x4x2 (Figure 12)") << TopologySpec{3, {2, 4, 2}, {true, true, true}} << true;
  QTest::newRow("4x4x4 teaching") << TopologySpec{3, {4, 4, 4}, {true, true, true}} << true;
  QTest::newRow("8x32x8 T3E") << TopologySpec{3, {8, 32, 8}, {true, true, true}} << true;
  QTest::newRow("16x16 TRC") << TopologySpec{2, {16, 16, 1}, {true, true, false}} << true;
  QTest::newRow("5x4x3 odd X") << TopologySpec{3, {5, 4, 3}, {true, true, true}} << false;
  QTest::newRow("ring 8") << TopologySpec{1, {8, 1, 1}, {true, false, false}} << false;
}

void TstPeMap::bijection() {
  QFETCH(TopologySpec, spec);
  QFETCH(bool, module);
  const Topology topo(spec);
  const PeMap pes(topo);
  QCOMPARE(pes.peCount(), topo.nodeCount());
  QCOMPARE(PeMap::usesModuleNumbering(spec), module);
  std::set<int> seen;
  for (NodeId n = 0; n < topo.nodeCount(); ++n) {
    const int lp = pes.logicalOf(n);
    QVERIFY(lp >= 0 && lp < pes.peCount());
    QCOMPARE(pes.nodeOf(lp), n);
    seen.insert(lp);
  }
  QCOMPARE(static_cast<int>(seen.size()), topo.nodeCount());
  QCOMPARE(pes.isModuleAligned(topo), module);
  if (!module) {
    for (NodeId n = 0; n < topo.nodeCount(); ++n) QCOMPARE(pes.logicalOf(n), n);
  }
}

// The manual's Figures 17 and 18 name logical PEs whose coordinates follow
// from the text in the 16-PE (2x4x2) machine of Figure 12 (derivation in
// tst_route_examples.cpp): the default numbering reproduces those labels.
void TstPeMap::figure12Labels_data() {
  QTest::addColumn<Coord>("coord");
  QTest::addColumn<int>("logical");
  QTest::newRow("Figure 17 source LPE A") << xyz(0, 3, 0) << 0xA;
  QTest::newRow("Figure 17 destination LPE 7") << xyz(1, 1, 1) << 0x7;
  QTest::newRow("Figure 18 destination LPE B") << xyz(1, 3, 0) << 0xB;
  QTest::newRow("origin LPE 0") << xyz(0, 0, 0) << 0x0;
  QTest::newRow("LPE F") << xyz(1, 3, 1) << 0xF;
}

void TstPeMap::figure12Labels() {
  QFETCH(Coord, coord);
  QFETCH(int, logical);
  const Topology topo(TopologySpec{3, {2, 4, 2}, {true, true, true}});
  const PeMap pes(topo);
  QCOMPARE(pes.logicalOf(topo.nodeAt(coord)), logical);
  QCOMPARE(formatPeNumber(logical), formatPeNumber(pes.logicalOf(topo.nodeAt(coord))));
}

void TstPeMap::moduleAlignment() {
  // Mode 1 (Table 6): logical bit 0 -> X bit 0, bit 1 -> Y bit 0; 4
  // consecutive logical PEs must be a 2x2 block in X and Y at one Z.
  const Topology topo(TopologySpec{3, {8, 32, 8}, {true, true, true}});
  const PeMap pes(topo);
  for (int lp = 0; lp < pes.peCount(); ++lp) {
    const Coord c = topo.coordOf(pes.nodeOf(lp));
    QCOMPARE(c[0] & 1, lp & 1);
    QCOMPARE(c[1] & 1, (lp >> 1) & 1);
    const Coord base = topo.coordOf(pes.nodeOf(lp & ~3));
    QCOMPARE(c[0] >> 1, base[0] >> 1);
    QCOMPARE(c[1] >> 1, base[1] >> 1);
    QCOMPARE(c[2], base[2]);
  }
  QVERIFY(pes.isModuleAligned(topo, false));
  QVERIFY(!pes.isModuleAligned(topo, true));  // mode 2 wants the bits swapped
}

void TstPeMap::hotSpareSwap() {
  const Topology topo(TopologySpec{3, {4, 4, 4}, {true, true, true}});
  PeMap pes(topo);
  const NodeId bad = topo.nodeAt(xyz(1, 2, 3));
  const NodeId spare = topo.nodeAt(xyz(3, 3, 3));
  const int lpBad = pes.logicalOf(bad);
  const int lpSpare = pes.logicalOf(spare);
  pes.assign(lpBad, spare);  // the bad node's logical number moves to the spare
  QCOMPARE(pes.nodeOf(lpBad), spare);
  QCOMPARE(pes.logicalOf(spare), lpBad);
  QCOMPARE(pes.nodeOf(lpSpare), bad);  // swapped: still a bijection
  QCOMPARE(pes.logicalOf(bad), lpSpare);
  QVERIFY(!pes.isModuleAligned(topo));
  pes.assign(lpBad, bad);  // moving back restores the default map
  QCOMPARE(pes, PeMap(topo));
  QVERIFY_THROWS_EXCEPTION(std::out_of_range, pes.assign(64, bad));
  QVERIFY_THROWS_EXCEPTION(std::out_of_range, pes.assign(0, 64));
}

void TstPeMap::partitionVirtualNumbers() {
  // Figure 12: partition B holds logical PEs 8..F, virtual 0..7.
  const Partition b({0xF, 0x9, 0x8, 0xA, 0xB, 0xC, 0xE, 0xD});
  QCOMPARE(b.size(), 8);
  for (int lp = 8; lp <= 0xF; ++lp) {
    QCOMPARE(b.virtualOf(lp), lp - 8);
    QCOMPARE(b.logicalOf(lp - 8), lp);
  }
  QCOMPARE(b.virtualOf(7), -1);
  // Virtual 0 is always the smallest logical PE, even when sparse.
  const Partition sparse({0x12, 0x3, 0x40});
  QCOMPARE(sparse.virtualOf(0x3), 0);
  QCOMPARE(sparse.virtualOf(0x12), 1);
  QCOMPARE(sparse.virtualOf(0x40), 2);
  QVERIFY_THROWS_EXCEPTION(std::invalid_argument, Partition({1, 2, 1}));
  QVERIFY_THROWS_EXCEPTION(std::invalid_argument, Partition({-1, 2}));
}

FLITSCOPE_TEST_APPLESS_MAIN(TstPeMap)
#include "tst_pe_map.moc"
