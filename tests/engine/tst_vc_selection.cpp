// Dateline VC selection and VC tables: T3E paper section 3.2 ("Torus
// cycles"), section 4 (time-of-crossing), manual HMM-160-0 "R Option" (a
// packet passing through a dateline node switches VC; on the second VC it is
// an error) and Table 8 (R_ERR0 bits 5:0, dateline violation per port);
// Dally & Seitz, the TRC's two VCs per channel forming a spiral.
#include "test_main.h"

#include <QtTest>

#include "routing/path_trace.h"
#include "routing/routing_setup.h"
#include "routing/vc_selection.h"

using namespace flit;

Q_DECLARE_METATYPE(flit::TopologySpec)

class TstVcSelection : public QObject {
  Q_OBJECT
 private slots:
  void crossesDateline_data();
  void crossesDateline();
  void select_data();
  void select();
  void defaultsAndSizes();
  void trcTableIsDallySeitz();
  void timeOfCrossingSwitchesOnlyAtTheDateline_data();
  void timeOfCrossingSwitchesOnlyAtTheDateline();
  void trcSpiral();
  void vc1AcrossTheDatelineIsAViolation();
  void errBits_data();
  void errBits();
  void datelineNodePerRing();
};

void TstVcSelection::crossesDateline_data() {
  QTest::addColumn<int>("k");
  QTest::addColumn<int>("dateline");
  QTest::addColumn<int>("from");
  QTest::addColumn<int>("to");
  QTest::addColumn<bool>("positive");
  QTest::addColumn<bool>("crosses");
  // Manual Figure 6: 4 nodes in X, node 0 sends to node 2 over the dateline
  // link 1 -> 2, i.e. through dateline node 1.
  QTest::newRow("manual Figure 6: 0 -> 2 through node 1") << 4 << 1 << 0 << 2 << true << true;
  QTest::newRow("+ wraps through 0") << 8 << 0 << 6 << 2 << true << true;
  QTest::newRow("+ ends at the dateline") << 8 << 0 << 6 << 0 << true << false;
  QTest::newRow("+ starts at the dateline") << 8 << 0 << 0 << 5 << true << false;
  QTest::newRow("+ before the dateline") << 8 << 5 << 1 << 4 << true << false;
  QTest::newRow("- wraps through 0") << 8 << 0 << 2 << 6 << false << true;
  QTest::newRow("- through 5") << 8 << 5 << 7 << 3 << false << true;
  QTest::newRow("- the other way misses 5") << 8 << 5 << 3 << 7 << false << false;
  QTest::newRow("no dateline") << 8 << kNoDateline << 6 << 2 << true << false;
}

void TstVcSelection::crossesDateline() {
  QFETCH(int, k);
  QFETCH(int, dateline);
  QFETCH(int, from);
  QFETCH(int, to);
  QFETCH(bool, positive);
  QFETCH(bool, crosses);
  QCOMPARE(routeCrossesDateline(k, dateline, from, to, positive), crosses);
}

// One decision at one router of a 8x4 2D torus, dateline at X=0 and Y=0.
void TstVcSelection::select_data() {
  QTest::addColumn<int>("x");
  QTest::addColumn<int>("y");
  QTest::addColumn<int>("arrived");
  QTest::addColumn<int>("out");
  QTest::addColumn<int>("currentVc");
  QTest::addColumn<int>("destOrdinate");
  QTest::addColumn<bool>("tableVc1");  // the VC table bit for (node, out, destOrdinate)
  QTest::addColumn<int>("vc");
  QTest::addColumn<bool>("crossed");
  QTest::addColumn<bool>("violation");
  const int px = 0, py = 1, mx = 3, proc = kFromProcessor;
  QTest::newRow("injection, table 0 (time-of-crossing)")
      << 3 << 1 << proc << px << 0 << 6 << false << 0 << false << false;
  QTest::newRow("injection, table 1")
      << 3 << 1 << proc << px << 0 << 6 << true << 1 << false << false;
  QTest::newRow("injection at the dateline: no crossing")
      << 0 << 1 << proc << px << 0 << 6 << false << 0 << false << false;
  QTest::newRow("turn into +Y uses the table")
      << 5 << 1 << px << py << 1 << 3 << false << 0 << false << false;
  QTest::newRow("turn at the dateline node: no crossing")
      << 0 << 0 << px << py << 0 << 3 << true << 1 << false << false;
  QTest::newRow("straight on, not a dateline: keep VC1")
      << 5 << 1 << px << px << 1 << 7 << false << 1 << false << false;
  QTest::newRow("through the dateline on VC0: -> VC1")
      << 0 << 2 << px << px << 0 << 3 << false << 1 << true << false;
  QTest::newRow("through the dateline on VC1: violation")
      << 0 << 2 << px << px << 1 << 3 << false << 1 << false << true;
  QTest::newRow("-X through the dateline on VC0")
      << 0 << 2 << mx << mx << 0 << 5 << false << 1 << true << false;
  QTest::newRow("ejection keeps the VC")
      << 0 << 2 << px << kProcessorPort << 1 << 0 << false << 1 << false << false;
}

void TstVcSelection::select() {
  QFETCH(int, x);
  QFETCH(int, y);
  QFETCH(int, arrived);
  QFETCH(int, out);
  QFETCH(int, currentVc);
  QFETCH(int, destOrdinate);
  QFETCH(bool, tableVc1);
  QFETCH(int, vc);
  QFETCH(bool, crossed);
  QFETCH(bool, violation);
  const TopologySpec spec{2, {8, 4, 1}, {true, true, false}};
  const Topology topo(spec);
  const DatelineConfig dl = DatelineConfig::defaults(spec);
  VcTables tables(topo);
  Coord c;
  c[0] = x;
  c[1] = y;
  const NodeId here = topo.nodeAt(c);
  if (tableVc1 && out < kDirectionCount) {
    tables.setVc(here, static_cast<Direction>(out), destOrdinate, 1);
  }
  const VcSelection s = selectVc(topo, dl, tables, here, arrived, out,
                                 static_cast<std::uint8_t>(currentVc), destOrdinate);
  QCOMPARE(int{s.vc}, vc);
  QCOMPARE(s.crossedDateline, crossed);
  QCOMPARE(s.violation, violation);
}

void TstVcSelection::defaultsAndSizes() {
  const TopologySpec xt{3, {11, 12, 16}, {false, true, true}};
  const DatelineConfig dl = DatelineConfig::defaults(xt);
  QVERIFY(!dl.has(0));  // mesh X: no ring, no dateline
  QCOMPARE(dl.at(1), 0);
  QCOMPARE(dl.at(2), 0);
  const DatelineConfig trc =
      DatelineConfig::defaults(TopologySpec{2, {16, 16, 1}, {true, true, false}});
  QCOMPARE(trc.at(0), 0);
  QCOMPARE(trc.at(1), 0);
  QVERIFY(!trc.has(2));
  // Section 3.2: 2(kx + ky + kz) bits per router.
  QCOMPARE(VcTables::bitsPerRouter(TopologySpec{3, {8, 8, 8}, {true, true, true}}), 48);
  QCOMPARE(VcTables::bitsPerRouter(TopologySpec{3, {8, 32, 8}, {true, true, true}}), 96);
  const Topology t(TopologySpec{3, {8, 8, 8}, {true, true, true}});
  QVERIFY(VcTables(t).allZero());
  VcTables v(t);
  QVERIFY_THROWS_EXCEPTION(std::out_of_range, v.setVc(0, Direction::PlusX, 8, 1));
  v.setRow(0, Direction::PlusY, ~0ull);
  QCOMPARE(quint64{v.row(0, Direction::PlusY)}, quint64{0xFF});  // bits above the radix dropped
}

void TstVcSelection::trcTableIsDallySeitz() {
  // Dally & Seitz: at node i, a packet for j > i takes the high channel
  // (VC1), one for j < i the low channel (VC0) until it passes node 0.
  const Topology topo(TopologySpec{2, {16, 16, 1}, {true, true, false}});
  const VcTables t = VcTables::trc(topo, DatelineConfig::defaults(topo.spec()));
  for (NodeId n = 0; n < topo.nodeCount(); ++n) {
    const Coord c = topo.coordOf(n);
    for (int j = 0; j < 16; ++j) {
      if (j == c[0]) continue;
      QCOMPARE(int{t.vcFor(n, Direction::PlusX, j)}, j > c[0] ? 1 : 0);
      if (j != c[1]) QCOMPARE(int{t.vcFor(n, Direction::PlusY, j)}, j > c[1] ? 1 : 0);
    }
  }
}

void TstVcSelection::timeOfCrossingSwitchesOnlyAtTheDateline_data() {
  QTest::addColumn<TopologySpec>("spec");
  QTest::addColumn<int>("algorithm");
  QTest::newRow("8-ring, dimension order")
      << TopologySpec{1, {8, 1, 1}, {true, false, false}} << int(RoutingAlgorithm::DimensionOrder);
  QTest::newRow("4x4x4, direction order")
      << TopologySpec{3, {4, 4, 4}, {true, true, true}} << int(RoutingAlgorithm::DirectionOrder);
  QTest::newRow("5x6 torus, trc") << TopologySpec{2, {5, 6, 1}, {true, true, false}}
                                  << int(RoutingAlgorithm::TrcRelative);
}

// Time-of-crossing (section 4): every direction starts on VC0 and a hop is on
// VC1 exactly when the packet has passed the dateline in that direction.
void TstVcSelection::timeOfCrossingSwitchesOnlyAtTheDateline() {
  QFETCH(TopologySpec, spec);
  QFETCH(int, algorithm);
  const Topology topo(spec);
  RoutingConfig cfg = defaultRoutingConfig(spec);
  cfg.algorithm = static_cast<RoutingAlgorithm>(algorithm);
  const RoutingSetup setup = buildRoutingSetup(topo, cfg);
  int crossings = 0;
  for (NodeId s = 0; s < topo.nodeCount(); ++s) {
    for (NodeId d = 0; d < topo.nodeCount(); ++d) {
      const PathTrace p = tracePath(topo, setup, s, d);
      QCOMPARE(p.outcome, PathOutcome::Delivered);
      QCOMPARE(p.violations(), 0);
      int prevDir = kFromProcessor;
      bool passed = false;
      for (const PathHop& h : p.hops) {
        if (h.outPort == kProcessorPort) break;
        if (h.outPort != prevDir) passed = false;
        const int dim = dimensionOf(static_cast<Direction>(h.outPort));
        const bool atDateline = topo.coordOf(h.node)[dim] == setup.datelines.at(dim);
        if (h.outPort == prevDir && atDateline) passed = true;
        QCOMPARE(h.crossedDateline, h.outPort == prevDir && atDateline);
        QCOMPARE(int{h.vc}, passed ? 1 : 0);
        crossings += h.crossedDateline ? 1 : 0;
        prevDir = h.outPort;
      }
    }
  }
  QVERIFY(crossings > 0);
}

void TstVcSelection::trcSpiral() {
  // TRC algorithm + TRC VC tables, dateline at 0: on every hop the VC is 1
  // exactly when the current ordinate is below the destination's (Dally &
  // Seitz: high channel iff node < destination), and nothing ever violates.
  const TopologySpec spec{2, {6, 5, 1}, {true, true, false}};
  const Topology topo(spec);
  RoutingConfig cfg = defaultRoutingConfig(spec);
  cfg.algorithm = RoutingAlgorithm::TrcRelative;
  cfg.vcTableGenerator = VcTableGenerator::Trc;
  const RoutingSetup setup = buildRoutingSetup(topo, cfg);
  for (NodeId s = 0; s < topo.nodeCount(); ++s) {
    for (NodeId d = 0; d < topo.nodeCount(); ++d) {
      const PathTrace p = tracePath(topo, setup, s, d);
      QCOMPARE(p.outcome, PathOutcome::Delivered);
      QCOMPARE(p.violations(), 0);
      const Coord dc = topo.coordOf(d);
      for (const PathHop& h : p.hops) {
        if (h.outPort == kProcessorPort) break;
        const int dim = dimensionOf(static_cast<Direction>(h.outPort));
        QCOMPARE(int{h.vc}, topo.coordOf(h.node)[dim] < dc[dim] ? 1 : 0);
      }
    }
  }
}

void TstVcSelection::vc1AcrossTheDatelineIsAViolation() {
  // A VC table that puts a dateline-crossing route on VC1 (section 4: such
  // routes must start on VC0) commits a violation at the dateline node.
  const TopologySpec spec{1, {8, 1, 1}, {true, false, false}};
  const Topology topo(spec);
  RoutingConfig cfg = defaultRoutingConfig(spec);
  cfg.algorithm = RoutingAlgorithm::DimensionOrder;
  VcTableEntry e;
  e.node[0] = 6;
  e.dir = Direction::PlusX;
  e.vcs = {0, 1, 0, 0, 0, 0, 0, 0};  // destination 1 on VC1: 6 -> 7 -> 0 -> 1 crosses 0
  cfg.vcTableEntries.push_back(e);
  const RoutingSetup setup = buildRoutingSetup(topo, cfg);
  const PathTrace p = tracePath(topo, setup, 6, 1);
  QCOMPARE(p.outcome, PathOutcome::Delivered);  // the hardware logs it and forwards
  QCOMPARE(p.violations(), 1);
  QCOMPARE(p.crossings(), 0);
  QCOMPARE(p.hops.size(), std::size_t{4});
  QCOMPARE(p.hops[2].node, 0);
  QVERIFY(p.hops[2].violation);
  QCOMPARE(datelineViolationErrBit(Direction::PlusX), 1);  // entered by X1 (-X port)
  // Destination 2 stays on the default VC0: crossing switches, no violation.
  const PathTrace ok = tracePath(topo, setup, 6, 2);
  QCOMPARE(ok.violations(), 0);
  QCOMPARE(ok.crossings(), 1);
}

void TstVcSelection::errBits_data() {
  QTest::addColumn<int>("arrived");
  QTest::addColumn<int>("bit");
  // Table 8: 0 = X0, 1 = X1, 2 = Y0, 3 = Y1, 4 = Z0, 5 = Z1; R_ORIENT = 0
  // (Table 1): X0 is the +X port. Travelling +X enters by the -X port.
  QTest::newRow("travelling +X -> X1") << int(Direction::PlusX) << 1;
  QTest::newRow("travelling -X -> X0") << int(Direction::MinusX) << 0;
  QTest::newRow("travelling +Y -> Y1") << int(Direction::PlusY) << 3;
  QTest::newRow("travelling -Y -> Y0") << int(Direction::MinusY) << 2;
  QTest::newRow("travelling +Z -> Z1") << int(Direction::PlusZ) << 5;
  QTest::newRow("travelling -Z -> Z0") << int(Direction::MinusZ) << 4;
}

void TstVcSelection::errBits() {
  QFETCH(int, arrived);
  QFETCH(int, bit);
  QCOMPARE(datelineViolationErrBit(static_cast<Direction>(arrived)), bit);
}

// One dateline node per unidirectional ring (T3E paper section 3.2, "a node
// in each ring"): with DatelineConfig::wrapLink the + ring switches going
// through node 0 and the - ring going through node k-1, so both switch right
// after the wrap link; the router cache's per-router bits agree.
void TstVcSelection::datelineNodePerRing() {
  const TopologySpec spec{1, {8, 1, 1}, {true, false, false}};
  const Topology topo(spec);
  const DatelineConfig dl = DatelineConfig::wrapLink(spec);
  QCOMPARE(dl.at(Direction::PlusX), 0);
  QCOMPARE(dl.at(Direction::MinusX), 7);
  const VcTables tables(topo);
  const int plus = static_cast<int>(Direction::PlusX);
  const int minus = static_cast<int>(Direction::MinusX);
  // Going - straight on through node 7: crossed; through node 0: not.
  QCOMPARE(selectVc(topo, dl, tables, 7, minus, minus, 0, 5), (VcSelection{1, true, false}));
  QCOMPARE(selectVc(topo, dl, tables, 0, minus, minus, 0, 5), (VcSelection{0, false, false}));
  // Going + straight on through node 0: crossed; through node 7: not.
  QCOMPARE(selectVc(topo, dl, tables, 0, plus, plus, 0, 2), (VcSelection{1, true, false}));
  QCOMPARE(selectVc(topo, dl, tables, 7, plus, plus, 0, 2), (VcSelection{0, false, false}));
  QVERIFY(routeCrossesDateline(8, dl.at(Direction::MinusX), 1, 5, false));   // 1 -> 0 -> 7 -> 6 -> 5
  QVERIFY(!routeCrossesDateline(8, dl.at(Direction::MinusX), 1, 7, false));  // ends at 7
}

FLITSCOPE_TEST_APPLESS_MAIN(TstVcSelection)
#include "tst_vc_selection.moc"
