// What the XT paper (Abts & Weisser, SC'07) reads from the SeaStar's
// performance counters (its Table 4) on the XT 11x12x16 preset: the age
// histograms of Figure 5 (RTR_AGE_GROUP0/1) and the occupancy of equation 17
// (RTR_PERF_STALLED over RTR_PERF_VC0/1_PKTS), with age-based arbitration
// against round robin; and, on the merging line of Figure 4(a),
// RTR_PERF_VCv_BLOCKED against RTR_PERF_STALLED.
//
// Load: uniform traffic at 0.3 flits/node/cycle, past the preset's own 0.1,
// where nothing waits long enough to age (every head leaves in the 0-63
// bucket at every period, and the occupancy is a few thousandths of a
// cycle). The paper measured a production machine; it gives no load.
#include "test_main.h"
#include "scenario/scenario.h"
#include "sim/router_counters.h"
#include "sim/simulator.h"

#include <QtTest>

#include <cmath>

using namespace flit;

namespace {

constexpr double kRate = 0.3;
constexpr std::uint64_t kWarmup = 1000;
constexpr std::uint64_t kCycles = 3000;

// The preset with age-based arbitration at `period` and the given biases
// (X, Y, Z; requests and responses alike), or round robin per packet
// (AGE_RR_SELECT all zeros: "A value of all 0s will select round-robin
// arbitration") when period is 0.
SimConfig xtConfig(std::uint32_t period, std::array<int, 3> bias) {
  SimConfig cfg = simConfigFromScenario(loadScenarioFile(FLITSCOPE_PRESETS_DIR "/xt-11x12x16.json"));
  cfg.traffic.rateFlitsPerNodeCycle = kRate;
  cfg.router.arbiter = ArbiterKind::Age;
  cfg.router.age.rrSelect = period == 0 ? 0 : ~std::uint64_t{0};
  cfg.router.age.clockPeriodCycles = period == 0 ? 1 : period;
  for (int port = 0; port < kDirectionCount; ++port) {  // + and - ports of each dimension
    const auto b = static_cast<std::uint8_t>(bias[static_cast<std::size_t>(port % 3)]);
    cfg.router.age.requestBias[static_cast<std::size_t>(port)] = b;
    cfg.router.age.responseBias[static_cast<std::size_t>(port)] = b;
  }
  return cfg;
}

struct Measured {
  std::array<std::uint64_t, 4> ageGroups{};
  RouterTable4 table4;
};

Measured measure(const SimConfig& cfg) {
  Simulator sim(cfg);
  sim.run(kWarmup);
  sim.resetStats();
  sim.run(kCycles);
  return {sim.stats().ageGroups, routerTable4(sim)};
}

}  // namespace

class TstXtAgeCounters : public QObject {
  Q_OBJECT
 private slots:
  void figure5AgeBucketsPerPeriod_data();
  void figure5AgeBucketsPerPeriod();
  void equation17OccupancyFallsUnderAging_data();
  void equation17OccupancyFallsUnderAging();
  void table4BlockedCountsTheFrontsBehindEveryStall();
};

// Figure 5 and section 4: "Even with values of 8 and 4, there were
// disproportionately more packets in the 0-63 age bucket. The distribution
// of packets differed by only one order of magnitude in Figure 5(b) and (c),
// whereas it differed by a factor of five orders of magnitude in Figure 5(a)
// (i.e. the 0-63 age bucket had [10^5] more than the 64-127 age bucket)."
// (a) is the default AGE_CLK_PERIOD 0x1000, (b) 8, (c) 4; the preset's
// biases (3, 2, 1). The 0-63 bucket over the 64-127 bucket: at least 10^5
// for (a), between 1 and 10^2 for (b) and (c).
void TstXtAgeCounters::figure5AgeBucketsPerPeriod_data() {
  QTest::addColumn<int>("period");
  QTest::addColumn<double>("minRatio");
  QTest::addColumn<double>("maxRatio");
  QTest::newRow("(a) default period 0x1000: five orders of magnitude") << 0x1000 << 1e5 << 0.0;
  QTest::newRow("(b) period 8: one order of magnitude") << 8 << 1.0 << 1e2;
  QTest::newRow("(c) period 4: one order of magnitude") << 4 << 1.0 << 1e2;
}

void TstXtAgeCounters::figure5AgeBucketsPerPeriod() {
  QFETCH(int, period);
  QFETCH(double, minRatio);
  QFETCH(double, maxRatio);
  const Measured m = measure(xtConfig(static_cast<std::uint32_t>(period), {3, 2, 1}));
  const auto& g = m.ageGroups;
  qInfo("age groups 0-63 / 64-127 / 128-191 / 192-255: %llu / %llu / %llu / %llu",
        static_cast<unsigned long long>(g[0]), static_cast<unsigned long long>(g[1]),
        static_cast<unsigned long long>(g[2]), static_cast<unsigned long long>(g[3]));
  QVERIFY(g[0] > 100000);  // heads counted
  // The 0-63 bucket is the largest (the "disproportionately more" of (b)/(c)).
  for (std::size_t i = 1; i < 4; ++i) QVERIFY(g[0] > g[i]);
  const double b0 = static_cast<double>(g[0]), b1 = static_cast<double>(g[1]);
  QVERIFY2(b0 >= minRatio * b1, qPrintable(QStringLiteral("0-63: %1, 64-127: %2").arg(b0).arg(b1)));
  if (maxRatio > 0) {
    QVERIFY2(b0 <= maxRatio * b1, qPrintable(QStringLiteral("0-63: %1, 64-127: %2").arg(b0).arg(b1)));
  }
}

// Equation 17, occupancy = T_stall / (P_VC0 + P_VC1): "As the packet
// occupancy rises, the bandwidth falls and latency increases - thus lower
// occupancy is better. Tables 5 and 6 illustrate the benefit of age-based
// arbitration." Table 5's stalled cycles, summed over the six ports, fall
// from round robin's 149.8 with the biases 3, 2, 1 at every period it tries:
// 121.4 at period 4, 103.8 at 8 (the best: "to maximize throughput and
// minimize packet latency, which occurred when biasx = 3, biasy = 2,
// biasz = 1, and age clock period = 8"), 117.1 at 16. (With the default
// bias of 1 they do not at 8 and 16: 156.3 and 160.8.) The same three
// settings against round robin per packet (AGE_RR_SELECT 0).
void TstXtAgeCounters::equation17OccupancyFallsUnderAging_data() {
  QTest::addColumn<int>("period");
  QTest::newRow("period 4, biases 3,2,1 (Table 5: 121.4 against 149.8)") << 4;
  QTest::newRow("period 8, biases 3,2,1 (Table 5: 103.8 against 149.8)") << 8;
  QTest::newRow("period 16, biases 3,2,1 (Table 5: 117.1 against 149.8)") << 16;
}

void TstXtAgeCounters::equation17OccupancyFallsUnderAging() {
  QFETCH(int, period);
  static const Measured rr = measure(xtConfig(0, {1, 1, 1}));  // one baseline for every row
  const Measured aged = measure(xtConfig(static_cast<std::uint32_t>(period), {3, 2, 1}));
  qInfo("occupancy (cycles stalled per packet): round robin %.3f, aging %.3f", rr.table4.occupancy(),
        aged.table4.occupancy());
  QVERIFY(rr.table4.packetsVc01 > 100000);
  QVERIFY2(aged.table4.occupancy() < rr.table4.occupancy(),
           qPrintable(QStringLiteral("aging %1, round robin %2")
                          .arg(aged.table4.occupancy())
                          .arg(rr.table4.occupancy())));
}

// Table 4: RTR_PERF_VCv_BLOCKED counts the cycles an input VC's front could
// not advance, RTR_PERF_STALLED the cycles an output that such a front
// wanted sent nothing. On Figure 4(a)'s merging line, at its own load, every
// router's stalled outputs have a blocked front behind each: per router the
// blocked cycles are at least the stalled ones, and the line does stall. A
// packet alone on the idle line is never blocked.
void TstXtAgeCounters::table4BlockedCountsTheFrontsBehindEveryStall() {
  SimConfig cfg = simConfigFromScenario(loadScenarioFile(FLITSCOPE_PRESETS_DIR "/xt-merging-8.json"));
  const auto sums = [](const Simulator& sim, NodeId n) {
    std::uint64_t blocked = 0, stalled = 0;
    for (int port = 0; port < kPortsPerNode; ++port) {
      const PortCounters c = sim.portCounters(n, port);
      for (const std::uint64_t b : c.blockedCycles) blocked += b;
      stalled += c.stalledCycles;
    }
    return std::pair{blocked, stalled};
  };
  Simulator loaded(cfg);
  loaded.run(2000);
  std::uint64_t stalledAll = 0;
  for (NodeId n = 0; n < loaded.topology().nodeCount(); ++n) {
    const auto [blocked, stalled] = sums(loaded, n);
    QVERIFY2(blocked >= stalled, qPrintable(QStringLiteral("router %1: %2 blocked, %3 stalled").arg(n).arg(blocked).arg(stalled)));
    stalledAll += stalled;
  }
  QVERIFY(stalledAll > 1000);

  cfg.traffic.rateFlitsPerNodeCycle = 0.0;
  Simulator idle(cfg);
  QVERIFY(idle.injectPacket(0, 7, PacketKind::Generic, false));
  idle.run(200);
  QCOMPARE(idle.totals().delivered, std::uint64_t{1});
  for (NodeId n = 0; n < idle.topology().nodeCount(); ++n) QCOMPARE(sums(idle, n).first, std::uint64_t{0});
}

FLITSCOPE_TEST_APPLESS_MAIN(TstXtAgeCounters)
#include "tst_xt_age_counters.moc"
