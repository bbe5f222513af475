// The path tracer (what `flitscope-cli route` and the GUI's tag editor show)
// must be what the simulator does: for many source/destination pairs, one
// packet at a time in an idle network, the simulator's Hop events (node,
// output direction, VC) and dateline events equal tracePath's hops, for
// every routing.tieRule (a "random" packet's trace gets the packet's draw).
#include "test_main.h"

#include <QtTest>
#include <vector>

#include "routing/path_trace.h"
#include "sim/simulator.h"

using namespace flit;

Q_DECLARE_METATYPE(flit::TopologySpec)

namespace {

struct Recorder final : SimObserver {
  std::vector<SimEvent> events;
  void onEvent(const SimEvent& e) override {
    if (e.kind == SimEventKind::Hop || e.kind == SimEventKind::DatelineCrossed ||
        e.kind == SimEventKind::DatelineViolation || e.kind == SimEventKind::Delivered ||
        e.kind == SimEventKind::Dropped || e.kind == SimEventKind::PacketCreated) {
      events.push_back(e);
    }
  }
};

QString hopsText(const std::vector<std::array<int, 3>>& hops) {
  QStringList parts;
  for (const auto& h : hops) parts << QStringLiteral("%1:%2:%3").arg(h[0]).arg(h[1]).arg(h[2]);
  return parts.join(QLatin1Char(' '));
}

}  // namespace

class TstRouteTraceVsSim : public QObject {
  Q_OBJECT
 private slots:
  void sameHops_data();
  void sameHops();
};

void TstRouteTraceVsSim::sameHops_data() {
  QTest::addColumn<TopologySpec>("spec");
  QTest::addColumn<int>("algorithm");
  QTest::addColumn<bool>("trcTables");
  QTest::addColumn<bool>("allVc1");  // VC tables all ones: every dateline crossing violates
  QTest::addColumn<int>("tieRule");
  const int plus = int(TieRule::Plus), parity = int(TieRule::SourceParity),
            random = int(TieRule::Random);
  QTest::newRow("4x4x4 direction order (LUT tags)")
      << TopologySpec{3, {4, 4, 4}, {true, true, true}} << int(RoutingAlgorithm::DirectionOrder)
      << false << false << plus;
  QTest::newRow("2x4x2 manual Figure 12 machine")
      << TopologySpec{3, {2, 4, 2}, {true, true, true}} << int(RoutingAlgorithm::DirectionOrder)
      << false << false << plus;
  QTest::newRow("5x4 mesh X, torus Y, dimension order")
      << TopologySpec{2, {5, 4, 1}, {false, true, false}} << int(RoutingAlgorithm::DimensionOrder)
      << false << false << plus;
  QTest::newRow("6x6 TRC with TRC VC tables")
      << TopologySpec{2, {6, 6, 1}, {true, true, false}} << int(RoutingAlgorithm::TrcRelative)
      << true << false << plus;
  QTest::newRow("7-ring, all-VC1 tables: violations")
      << TopologySpec{1, {7, 1, 1}, {true, false, false}} << int(RoutingAlgorithm::DimensionOrder)
      << false << true << plus;
  QTest::newRow("4x4x4 dimension order, ties plus")
      << TopologySpec{3, {4, 4, 4}, {true, true, true}} << int(RoutingAlgorithm::DimensionOrder)
      << false << false << plus;
  QTest::newRow("4x4x4 dimension order, ties sourceParity")
      << TopologySpec{3, {4, 4, 4}, {true, true, true}} << int(RoutingAlgorithm::DimensionOrder)
      << false << false << parity;
  QTest::newRow("4x4x4 dimension order, ties random")
      << TopologySpec{3, {4, 4, 4}, {true, true, true}} << int(RoutingAlgorithm::DimensionOrder)
      << false << false << random;
  QTest::newRow("6x4 mesh X, torus Y, dimension order, ties random")
      << TopologySpec{2, {6, 4, 1}, {false, true, false}} << int(RoutingAlgorithm::DimensionOrder)
      << false << false << random;
  QTest::newRow("4x4x4 direction order (LUT tags), ties sourceParity")
      << TopologySpec{3, {4, 4, 4}, {true, true, true}} << int(RoutingAlgorithm::DirectionOrder)
      << false << false << parity;
}

void TstRouteTraceVsSim::sameHops() {
  QFETCH(TopologySpec, spec);
  QFETCH(int, algorithm);
  QFETCH(bool, trcTables);
  QFETCH(bool, allVc1);
  QFETCH(int, tieRule);
  SimConfig cfg;
  cfg.topology = spec;
  cfg.traffic.rateFlitsPerNodeCycle = 0.0;  // only the packets this test injects
  cfg.routing = defaultRoutingConfig(spec);
  cfg.routing.algorithm = static_cast<RoutingAlgorithm>(algorithm);
  cfg.routing.tieRule = static_cast<TieRule>(tieRule);
  if (trcTables) cfg.routing.vcTableGenerator = VcTableGenerator::Trc;
  if (allVc1) {
    for (int x = 0; x < spec.radix[0]; ++x) {
      for (const Direction d : {Direction::PlusX, Direction::MinusX}) {
        VcTableEntry e;
        e.node[0] = x;
        e.dir = d;
        e.vcs.assign(static_cast<std::size_t>(spec.radix[0]), 1);
        cfg.routing.vcTableEntries.push_back(e);
      }
    }
  }
  Simulator sim(cfg);
  Recorder rec;
  sim.setObserver(&rec);
  const Topology& topo = sim.topology();
  const RoutingSetup setup = buildRoutingSetup(topo, cfg.routing);
  int compared = 0, hops = 0, crossings = 0, violations = 0, minusTies = 0, plusTies = 0;
  for (NodeId src = 0; src < topo.nodeCount(); ++src) {
    for (NodeId dst = 0; dst < topo.nodeCount(); ++dst) {
      if (src == dst) continue;
      rec.events.clear();
      QVERIFY(sim.injectPacket(src, dst));
      QVERIFY(!rec.events.empty() && rec.events.front().kind == SimEventKind::PacketCreated);
      const auto packet = sim.packetBySerial(rec.events.front().packet);
      QVERIFY(packet);
      const TieBits tieDraw = packet->route.tieMinus;
      for (int c = 0;
           c < 500 && sim.totals().inFlight + (sim.totals().created - sim.totals().injected) > 0;
           ++c) {
        sim.step();
      }
      QCOMPARE(sim.totals().inFlight, std::uint64_t{0});
      std::vector<std::array<int, 3>> simHops;
      int simCrossings = 0, simViolations = 0;
      bool delivered = false;
      for (const SimEvent& e : rec.events) {
        if (e.kind == SimEventKind::Hop) simHops.push_back({e.node, e.port, e.vc});
        if (e.kind == SimEventKind::DatelineCrossed) ++simCrossings;
        if (e.kind == SimEventKind::DatelineViolation) ++simViolations;
        if (e.kind == SimEventKind::Delivered) delivered = e.node == dst;
      }
      const PathTrace trace = tracePath(topo, setup, src, dst, std::nullopt, tieDraw);
      // Which way its ties went: the first hop in each tying dimension.
      const TieBits ties = tieDimensions(topo, src, dst);
      for (int d = 0; d < topo.dims(); ++d) {
        if (!((ties >> d) & 1u)) continue;
        for (const auto& h : simHops) {
          if (dimensionOf(static_cast<Direction>(h[1])) != d) continue;
          (isPositive(static_cast<Direction>(h[1])) ? plusTies : minusTies) += 1;
          break;
        }
      }
      std::vector<std::array<int, 3>> traceHops;
      for (const PathHop& h : trace.hops) {
        if (h.outPort >= 0 && h.outPort < kDirectionCount)
          traceHops.push_back({h.node, h.outPort, h.vc});
      }
      QVERIFY(delivered);
      QCOMPARE(trace.outcome, PathOutcome::Delivered);
      if (simHops != traceHops) {
        QFAIL(qPrintable(QStringLiteral("%1 -> %2: simulator %3, trace %4")
                             .arg(src)
                             .arg(dst)
                             .arg(hopsText(simHops), hopsText(traceHops))));
      }
      QCOMPARE(simCrossings, trace.crossings());
      QCOMPARE(simViolations, trace.violations());
      ++compared;
      hops += static_cast<int>(simHops.size());
      crossings += simCrossings;
      violations += simViolations;
    }
  }
  qInfo("%d pairs, %d hops, %d dateline crossings, %d violations compared", compared, hops,
        crossings, violations);
  QCOMPARE(compared, topo.nodeCount() * (topo.nodeCount() - 1));
  QVERIFY(allVc1 ? violations > 0 && crossings == 0 : crossings > 0 && violations == 0);
  qInfo("half-ring ties: %d went +, %d went -", plusTies, minusTies);
  // "plus" sends every tie +; the other rules split them (sourceParity:
  // exactly half the sources of a ring are odd; random: about half).
  if (static_cast<TieRule>(tieRule) == TieRule::Plus) {
    QCOMPARE(minusTies, 0);
  } else {
    QVERIFY(plusTies > 0 && minusTies > 0);
  }
}

FLITSCOPE_TEST_APPLESS_MAIN(TstRouteTraceVsSim)
#include "tst_route_trace_vs_sim.moc"
