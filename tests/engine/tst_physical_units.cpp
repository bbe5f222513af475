// A machine's clock and flit width (scenario section "units",
// scenario/physical_units.h) and the figures T3E section 11 derives from its
// shape and router (analysis/machine_figures.h): Figure 8's per-PE global
// bandwidth, "equal to twice the bisection bandwidth, divided by the number
// of nodes", and Figure 7's zero-load round trip "using the latencies from
// Table 2". Figures 7 and 8 themselves are plots the text of the paper does
// not give; the test holds the points the text states (600 MB/s links,
// 153.6 GB/s bisection, the bottleneck by size) and checks the round trips
// against an enumeration of every pair.
#include "test_main.h"
#include "test_paths.h"

#include "analysis/machine_figures.h"
#include "scenario/scenario.h"
#include "sim/sim_types.h"
#include "sync/sync_transport.h"

#include <QtTest>

#include <cstdlib>
#include <string>

using namespace flit;

Q_DECLARE_METATYPE(flit::TopologySpec)

class TstPhysicalUnits : public QObject {
  Q_OBJECT
 private slots:
  void presetsCarryTheirMachinesUnits_data();
  void presetsCarryTheirMachinesUnits();
  void unitsRoundTripAndBadValuesNameTheField();
  void figure8PerPeBandwidthBySystemSize_data();
  void figure8PerPeBandwidthBySystemSize();
  void figure7RoundTripMatchesEveryPair_data();
  void figure7RoundTripMatchesEveryPair();
  void theFarthestT3eRoundTripIsTable2s();
};

namespace {

Scenario preset(const char* name) { return loadScenarioFile(test::presetPath(name)); }

TopologySpec shape(std::initializer_list<int> radix, std::initializer_list<bool> wrap) {
  TopologySpec s;
  s.dims = static_cast<int>(radix.size());
  int d = 0;
  for (const int k : radix) s.radix[static_cast<std::size_t>(d++)] = k;
  d = 0;
  for (const bool w : wrap) s.wrap[static_cast<std::size_t>(d++)] = w;
  return s;
}

// Every ordered pair of distinct nodes: the mean and the largest round trip
// of a one-flit packet each way (hops along each dimension the shorter way
// round on a torus, one turn per dimension after the first).
struct Enumerated {
  double mean = 0;
  std::uint64_t max = 0;
};
Enumerated enumerate(const TopologySpec& spec, const RouterConfig& r) {
  const Topology topo(spec);
  double sum = 0;
  Enumerated e;
  for (NodeId a = 0; a < topo.nodeCount(); ++a) {
    for (NodeId b = 0; b < topo.nodeCount(); ++b) {
      if (a == b) continue;
      int hops = 0, used = 0;
      for (int d = 0; d < topo.dims(); ++d) {
        int delta = std::abs(topo.coordOf(a)[d] - topo.coordOf(b)[d]);
        if (topo.wraps(d)) delta = std::min(delta, topo.radix(d) - delta);
        hops += delta;
        used += delta > 0 ? 1 : 0;
      }
      const std::uint64_t rt = 2 * zeroLoadCycles(r, hops, std::max(0, used - 1), 1);
      sum += static_cast<double>(rt);
      e.max = std::max(e.max, rt);
    }
  }
  e.mean = sum / (static_cast<double>(topo.nodeCount()) * (topo.nodeCount() - 1));
  return e;
}

}  // namespace

void TstPhysicalUnits::presetsCarryTheirMachinesUnits_data() {
  QTest::addColumn<QString>("file");
  QTest::addColumn<double>("clockMHz");
  QTest::addColumn<double>("flitBytes");
  QTest::addColumn<double>("linkMBps");
  // T3E section 1: 75 MHz, "the peak link bandwidth is 600 MB/s".
  QTest::newRow("T3E 8x8x8") << "t3e-8x8x8.json" << 75.0 << 8.0 << 600.0;
  QTest::newRow("T3E 8x32x8") << "t3e-8x32x8.json" << 75.0 << 8.0 << 600.0;
  // XT section 1.1: "a peak of 4.8 GB/s per direction".
  QTest::newRow("XT 11x12x16") << "xt-11x12x16.json" << 600.0 << 8.0 << 4800.0;
  // TRC abstract: "a throughput of 64 Mbits/s in each dimension" = 8 MB/s.
  QTest::newRow("TRC 16x16") << "trc-16x16.json" << 8.0 << 1.0 << 8.0;
  QTest::newRow("generic (no machine)") << "generic-8x8x8.json" << 0.0 << 0.0 << 0.0;
}

void TstPhysicalUnits::presetsCarryTheirMachinesUnits() {
  QFETCH(QString, file);
  QFETCH(double, clockMHz);
  QFETCH(double, flitBytes);
  QFETCH(double, linkMBps);
  const Scenario s = preset(file.toStdString().c_str());
  QCOMPARE(s.units.clockMHz, clockMHz);
  QCOMPARE(s.units.flitBytes, flitBytes);
  QCOMPARE(s.units.known(), clockMHz > 0);
  if (s.units.known()) {
    QCOMPARE(s.units.linkMBps(), linkMBps);
    QCOMPARE(simConfigFromScenario(s).units, s.units);  // what the reports read
  }
}

void TstPhysicalUnits::unitsRoundTripAndBadValuesNameTheField() {
  const Scenario t3e = preset("t3e-8x8x8.json");
  QCOMPARE(t3e.units.nsPerCycle(), 1000.0 / 75.0);  // "each 13.3 ns system clock"
  QCOMPARE(parseScenario(serializeScenario(t3e)).units, t3e.units);
  const Scenario generic = preset("generic-8x8x8.json");
  QVERIFY(!scenarioToJson(generic).contains("units"));  // none written where none was read

  nlohmann::json j = scenarioToJson(t3e);
  const auto errorOf = [&](const nlohmann::json& units) {
    nlohmann::json bad = j;
    bad["units"] = units;
    try {
      scenarioFromJson(bad);
    } catch (const ScenarioError& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  QVERIFY2(errorOf({{"flitBytes", 8}}).find("scenario.units.clockMHz") != std::string::npos,
           errorOf({{"flitBytes", 8}}).c_str());
  QVERIFY(errorOf({{"clockMHz", 0}, {"flitBytes", 8}}).find("scenario.units.clockMHz") != std::string::npos);
  QVERIFY(errorOf({{"clockMHz", 75}, {"flitBytes", -1}}).find("scenario.units.flitBytes") != std::string::npos);
  QVERIFY(errorOf({{"clockMHz", "fast"}, {"flitBytes", 8}}).find("scenario.units.clockMHz") != std::string::npos);
  QVERIFY(errorOf({{"clockMHz", 75}, {"flitBytes", 8}, {"phit", 14}}).find("scenario.units.phit") != std::string::npos);
}

void TstPhysicalUnits::figure8PerPeBandwidthBySystemSize_data() {
  QTest::addColumn<int>("nodes");
  QTest::addColumn<double>("bisectionGBps");
  QTest::addColumn<double>("perPeMBps");
  QTest::addColumn<int>("limit");
  QTest::addColumn<int>("bisectionDim");
  // "For system sizes up to 64 nodes, the processor-network port is the
  // bottleneck ... For systems with 128 to 512 nodes (which include a
  // dimension of radix 8), the processor port and most-used network links
  // are equally utilized. Beyond 512 nodes, the Y dimension becomes the
  // bottleneck ... the maximum bisection bandwidth remains fixed at 153.6
  // GB/s and the per-processor bandwidth drops accordingly."
  QTest::newRow("64 (4x4x4): the port") << 64 << 38.4 << 600.0 << int(MachineFigures::Limit::ProcessorPort) << 0;
  QTest::newRow("128 (4x8x4): both") << 128 << 38.4 << 600.0 << int(MachineFigures::Limit::Both) << 1;
  QTest::newRow("256 (8x4x8): both") << 256 << 76.8 << 600.0 << int(MachineFigures::Limit::Both) << 0;
  QTest::newRow("512 (8x8x8): both") << 512 << 153.6 << 600.0 << int(MachineFigures::Limit::Both) << 0;
  QTest::newRow("1024 (8x16x8): Y") << 1024 << 153.6 << 300.0 << int(MachineFigures::Limit::Bisection) << 1;
  QTest::newRow("2048 (8x32x8): Y") << 2048 << 153.6 << 150.0 << int(MachineFigures::Limit::Bisection) << 1;
}

void TstPhysicalUnits::figure8PerPeBandwidthBySystemSize() {
  QFETCH(int, nodes);
  QFETCH(double, bisectionGBps);
  QFETCH(double, perPeMBps);
  QFETCH(int, limit);
  QFETCH(int, bisectionDim);
  const Scenario t3e = preset("t3e-8x8x8.json");
  bool found = false;
  for (const TopologySpec& s : t3eSystemShapes()) {
    const MachineFigures f = machineFigures(s, t3e.router);
    if (f.nodes != nodes) continue;
    found = true;
    QCOMPARE(t3e.units.mbps(f.bisectionChannels) / 1000.0, bisectionGBps);
    QCOMPARE(t3e.units.mbps(f.perPeGlobalFlitsPerCycle), perPeMBps);
    QCOMPARE(int(f.limit), limit);
    QCOMPARE(f.bisectionDim, bisectionDim);
  }
  QVERIFY(found);
  // Up to 1024 PEs the largest dimension is at most twice the smallest.
  for (const TopologySpec& s : t3eSystemShapes()) {
    int lo = 64, hi = 0, n = 1;
    for (int d = 0; d < s.dims; ++d) {
      lo = std::min(lo, s.radix[static_cast<std::size_t>(d)]);
      hi = std::max(hi, s.radix[static_cast<std::size_t>(d)]);
      n *= s.radix[static_cast<std::size_t>(d)];
    }
    if (n <= 1024) QVERIFY2(hi <= 2 * lo, qPrintable(QString::number(n)));
  }
}

void TstPhysicalUnits::figure7RoundTripMatchesEveryPair_data() {
  QTest::addColumn<TopologySpec>("spec");
  QTest::newRow("T3E 4x4x4") << shape({4, 4, 4}, {true, true, true});
  QTest::newRow("T3E 4x8x4") << shape({4, 8, 4}, {true, true, true});
  QTest::newRow("2-node ring") << shape({2}, {true});
  QTest::newRow("odd torus 5x3") << shape({5, 3}, {true, true});
  QTest::newRow("mesh 3x4x2") << shape({3, 4, 2}, {false, false, false});
  QTest::newRow("XT-like mixed 5x4x3") << shape({5, 4, 3}, {false, true, true});
}

void TstPhysicalUnits::figure7RoundTripMatchesEveryPair() {
  QFETCH(TopologySpec, spec);
  for (const char* file : {"t3e-8x8x8.json", "generic-8x8x8.json"}) {
    const RouterConfig r = preset(file).router;
    const MachineFigures f = machineFigures(spec, r);
    const Enumerated e = enumerate(spec, r);
    QVERIFY2(std::abs(f.meanRoundTripCycles - e.mean) < 1e-9 * e.mean,
             qPrintable(QString("%1: %2 against %3").arg(file).arg(f.meanRoundTripCycles).arg(e.mean)));
    QCOMPARE(f.maxRoundTripCycles, e.max);
    // sync/sync_transport.h finds the farthest pair its own way.
    const Topology topo(spec);
    std::vector<NodeId> all;
    for (NodeId n = 0; n < topo.nodeCount(); ++n) all.push_back(n);
    QCOMPARE(f.maxRoundTripCycles, farthestGetRoundTripCycles(topo, r, all));
  }
}

void TstPhysicalUnits::theFarthestT3eRoundTripIsTable2s() {
  // 8x8x8: 4 hops in each dimension, 2 turns. Table 2 on the preset's
  // stages (docs/engine.md "Zero-load latency"): 8 cycles into the first
  // link, 3 a hop, 3 more a turn, 7 at the destination: 8 + 36 + 6 + 7 = 57
  // each way, 114 cycles = 1520 ns at 75 MHz.
  const Scenario t3e = preset("t3e-8x8x8.json");
  const MachineFigures f = machineFigures(t3e.topology, t3e.router);
  QCOMPARE(f.maxRoundTripCycles, std::uint64_t{114});
  QCOMPARE(t3e.units.ns(static_cast<double>(f.maxRoundTripCycles)), 1520.0);
  QVERIFY(f.meanRoundTripCycles > 60 && f.meanRoundTripCycles < 114);
  // Two nodes on a line: the cut crosses their one link, both ways.
  QCOMPARE(machineFigures(shape({2}, {false}), t3e.router).bisectionChannels, 2);
}

FLITSCOPE_TEST_APPLESS_MAIN(TstPhysicalUnits)
#include "tst_physical_units.moc"
