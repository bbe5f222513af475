// The SeaStar's age-based arbitration in the simulator (XT paper, Abts &
// Weisser SC'07, section 2 and Figure 4; sim/simulator_age.cpp).
#include "test_main.h"
#include "test_paths.h"
#include "scenario/scenario.h"
#include "sim/simulator.h"

#include <QtTest>

#include <algorithm>
#include <numeric>

using namespace flit;

namespace {

SimConfig preset(const char* name) {
  return simConfigFromScenario(loadScenarioFile(flit::test::presetPath(name)));
}

// Accepted flits per source over a measured window, as shares of the total.
std::vector<double> sourceShares(Simulator& sim, std::uint64_t warmup, std::uint64_t cycles) {
  sim.run(warmup);
  sim.resetStats();
  sim.run(cycles);
  const auto& f = sim.stats().flitsDeliveredBySource;
  const double total = static_cast<double>(std::accumulate(f.begin(), f.end(), std::uint64_t{0}));
  std::vector<double> shares;
  for (auto v : f) shares.push_back(total > 0 ? static_cast<double>(v) / total : 0.0);
  return shares;
}

// Procedure 1 counts each head once where it waits and Procedure 2 (or a
// drop) releases it: the clocks' counts sum to the heads buffered in routers.
QString ageCountsProblem(const Simulator& sim) {
  std::vector<FlitView> flits;
  sim.collectFlits(flits);
  std::vector<std::uint64_t> heads(static_cast<std::size_t>(sim.topology().nodeCount()), 0);
  for (const FlitView& f : flits) {
    if (f.head && !f.onLink) ++heads[static_cast<std::size_t>(f.node)];
    if (f.age < 0 || f.age > 255) return QStringLiteral("flit of packet %1 has age %2").arg(f.packet).arg(f.age);
  }
  for (NodeId n = 0; n < sim.topology().nodeCount(); ++n) {
    const AgeClock c = sim.ageClock(n);
    const std::uint64_t counted = c.packetCount[0] + c.packetCount[1];
    if (counted != heads[static_cast<std::size_t>(n)]) {
      return QStringLiteral("node %1: age clock counts %2 packets, %3 heads wait there")
          .arg(n).arg(counted).arg(heads[static_cast<std::size_t>(n)]);
    }
  }
  return {};
}

}  // namespace

class TstAgeArbitration : public QObject {
  Q_OBJECT
 private slots:
  void figure4RoundRobinGeometricShares();
  void figure4AgeEvensShares();
  void figure4TorusLessUnfairThanMesh_data();
  void figure4TorusLessUnfairThanMesh();
  void countsMatchWaitingHeads_data();
  void countsMatchWaitingHeads();
  void liveSwitchAndFaultsKeepCounts();
  void ageHistogramAndCounters();
  void deterministic();
  void rrSelectZeroIsRoundRobinPerPacket();
  void badAgeFields_data();
  void badAgeFields();
};

// XT paper Figure 4(a): "P6 ... will get the most bandwidth - 1/2 of the
// available bandwidth", P5 1/4, ..., "P0 and P1 each receive 1/64".
void TstAgeArbitration::figure4RoundRobinGeometricShares() {
  SimConfig cfg = preset("xt-merging-8.json");
  cfg.router.arbiter = ArbiterKind::RoundRobin;
  Simulator sim(cfg);
  const auto shares = sourceShares(sim, 5000, 60000);
  const double expected[7] = {1.0 / 64, 1.0 / 64, 1.0 / 32, 1.0 / 16, 1.0 / 8, 1.0 / 4, 1.0 / 2};
  for (int p = 0; p < 7; ++p) {
    // Within 10% of the paper's share (the window cuts packets at its ends).
    QVERIFY2(std::abs(shares[static_cast<std::size_t>(p)] - expected[p]) <= 0.1 * expected[p],
             qPrintable(QStringLiteral("P%1: share %2, Figure 4 says %3").arg(p).arg(shares[static_cast<std::size_t>(p)]).arg(expected[p])));
  }
  QCOMPARE(shares[7], 0.0);  // P7 is the destination
  // The link into P7 is busy: the whole bandwidth is used.
  QVERIFY(static_cast<double>(sim.stats().flitsDelivered) / 60000.0 > 0.95);
}

// With age-based arbitration the packets that travelled further are older
// and win: the largest share over the smallest stays below 2 (issue 15).
void TstAgeArbitration::figure4AgeEvensShares() {
  Simulator sim(preset("xt-merging-8.json"));
  QCOMPARE(sim.arbiter(), ArbiterKind::Age);
  const auto shares = sourceShares(sim, 5000, 60000);
  const auto [lo, hi] = std::minmax_element(shares.begin(), shares.begin() + 7);
  QVERIFY2(*hi / *lo < 2.0, qPrintable(QStringLiteral("largest %1, smallest %2").arg(*hi).arg(*lo)));
  QVERIFY(static_cast<double>(sim.stats().flitsDelivered) / 60000.0 > 0.95);
  QVERIFY2(ageCountsProblem(sim).isEmpty(), qPrintable(ageCountsProblem(sim)));
}

// XT paper Figure 4: "A torus is less affected than a mesh of the same
// radix (Figure 4a and 4b) since it has a lower diameter." Round robin on
// both rings of xt-merging-8*.json, every router halving what it passes on
// as section 2 counts it for the mesh ("1/2 x 1/2 = 1/4"): on the torus P7
// is fed from both sides, so P6 and P0 get 1/4, P5, P1 and P2 1/8, P4 and P3
// 1/16 (P3, four hops either way, goes + under the tie rule "plus"). The
// spread, largest share over smallest, is 4 on the torus against 32 on the
// mesh (P6's 1/2 over P0's 1/64).
void TstAgeArbitration::figure4TorusLessUnfairThanMesh_data() {
  QTest::addColumn<QString>("presetName");
  QTest::addColumn<QList<double>>("expected");  // P0..P6
  QTest::addColumn<double>("spread");
  QTest::newRow("8-ary 1-mesh (Figure 4(a))")
      << "xt-merging-8.json" << QList<double>{1.0 / 64, 1.0 / 64, 1.0 / 32, 1.0 / 16, 1.0 / 8, 1.0 / 4, 1.0 / 2}
      << 32.0;
  QTest::newRow("8-ary 1-torus (Figure 4(b))")
      << "xt-merging-8-torus.json" << QList<double>{1.0 / 4, 1.0 / 8, 1.0 / 8, 1.0 / 16, 1.0 / 16, 1.0 / 8, 1.0 / 4}
      << 4.0;
}

void TstAgeArbitration::figure4TorusLessUnfairThanMesh() {
  QFETCH(QString, presetName);
  QFETCH(QList<double>, expected);
  QFETCH(double, spread);
  SimConfig cfg = preset(qPrintable(presetName));
  cfg.router.arbiter = ArbiterKind::RoundRobin;
  Simulator sim(cfg);
  const auto shares = sourceShares(sim, 5000, 60000);
  for (int p = 0; p < 7; ++p) {
    const double share = shares[static_cast<std::size_t>(p)];
    QVERIFY2(std::abs(share - expected[p]) <= 0.1 * expected[p],
             qPrintable(QStringLiteral("P%1: share %2, expected %3").arg(p).arg(share).arg(expected[p])));
  }
  QCOMPARE(shares[7], 0.0);
  const auto [lo, hi] = std::minmax_element(shares.begin(), shares.begin() + 7);
  QVERIFY2(std::abs(*hi / *lo - spread) <= 0.1 * spread,
           qPrintable(QStringLiteral("largest %1 over smallest %2: %3").arg(*hi).arg(*lo).arg(*hi / *lo)));
  QVERIFY(static_cast<double>(sim.stats().flitsDelivered) / 60000.0 > 0.95);  // P7's link is full
}

void TstAgeArbitration::countsMatchWaitingHeads_data() {
  QTest::addColumn<QString>("presetName");
  QTest::addColumn<double>("rate");
  QTest::addColumn<int>("period");
  QTest::newRow("XT 11x12x16 at 0.3, period 18") << "xt-11x12x16.json" << 0.3 << 18;
  QTest::newRow("XT 11x12x16 at 0.9 (saturated), period 1") << "xt-11x12x16.json" << 0.9 << 1;
  QTest::newRow("merging ring, period 2 (epoch flips, inhibits)") << "xt-merging-8.json" << 1.0 << 2;
}

void TstAgeArbitration::countsMatchWaitingHeads() {
  QFETCH(QString, presetName);
  QFETCH(double, rate);
  QFETCH(int, period);
  SimConfig cfg = preset(qPrintable(presetName));
  cfg.traffic.rateFlitsPerNodeCycle = rate;
  cfg.router.age.clockPeriodCycles = static_cast<std::uint32_t>(period);
  Simulator sim(cfg);
  for (int i = 0; i < 8; ++i) {
    sim.run(250);
    const QString problem = ageCountsProblem(sim);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    QCOMPARE(sim.auditInFlight(), sim.totals().inFlight);
    QVERIFY2(sim.auditCredits().empty(), sim.auditCredits().c_str());
  }
  QVERIFY(!sim.deadlocked());
  QVERIFY(sim.totals().delivered > 0);
}

// Arbiter and period changed while running, and faults dropping packets
// whose heads are counted: the counts stay exact, nothing is lost.
void TstAgeArbitration::liveSwitchAndFaultsKeepCounts() {
  SimConfig cfg = preset("xt-11x12x16.json");
  cfg.router.arbiter = ArbiterKind::RoundRobin;
  cfg.traffic.rateFlitsPerNodeCycle = 0.5;
  Simulator sim(cfg);
  sim.run(300);
  QCOMPARE(sim.packetAge(0), -1);
  sim.setArbiter(ArbiterKind::Age);
  QVERIFY2(ageCountsProblem(sim).isEmpty(), qPrintable(ageCountsProblem(sim)));
  sim.run(300);
  QVERIFY2(ageCountsProblem(sim).isEmpty(), qPrintable(ageCountsProblem(sim)));
  AgeConfig a = sim.config().router.age;
  a.clockPeriodCycles = 3;
  sim.setAgeConfig(a);
  QCOMPARE(sim.ageClock(5).periodReg, 3u);
  sim.run(200);
  for (LinkId l = 0; l < 40; l += 3) sim.failLink(l);
  sim.failNode(100);
  QVERIFY(sim.totals().droppedTotal() > 0);
  QVERIFY2(ageCountsProblem(sim).isEmpty(), qPrintable(ageCountsProblem(sim)));
  // While packets routed into a failed link drain, their heads are gone and
  // their counts stay until the tail drops them: check the counts once the
  // network has emptied. Every count is released, none lost.
  sim.run(500);
  sim.setInjectionRate(0.0);
  for (int i = 0; i < 100 && sim.totals().inFlight > 0; ++i) sim.run(100);
  QCOMPARE(sim.totals().inFlight, std::uint64_t{0});
  QVERIFY2(ageCountsProblem(sim).isEmpty(), qPrintable(ageCountsProblem(sim)));
  QCOMPARE(sim.auditInFlight(), sim.totals().inFlight);
  const auto& t = sim.totals();
  QCOMPARE(t.injected, t.delivered + t.droppedTotal() + t.inFlight);
  sim.setArbiter(ArbiterKind::RoundRobin);
  sim.run(200);
  QCOMPARE(sim.arbiter(), ArbiterKind::RoundRobin);
  QVERIFY_THROWS_EXCEPTION(ScenarioError, sim.setAgeConfig(AgeConfig{0}));
}

// RTR_AGE_GROUP0/1 (XT Table 4): every head that left a router is counted
// in one of four groups, per output port and in total.
void TstAgeArbitration::ageHistogramAndCounters() {
  SimConfig cfg = preset("xt-11x12x16.json");
  cfg.traffic.rateFlitsPerNodeCycle = 0.4;
  Simulator sim(cfg);
  sim.run(500);
  sim.resetStats();
  sim.run(1000);
  const auto& g = sim.stats().ageGroups;
  const std::uint64_t sum = g[0] + g[1] + g[2] + g[3];
  QVERIFY(sum > 0);
  std::uint64_t perPort = 0;
  for (NodeId n = 0; n < sim.topology().nodeCount(); ++n) {
    for (int p = 0; p < kPortsPerNode; ++p) {
      const auto c = sim.portCounters(n, p).ageGroups;
      perPort += c[0] + c[1] + c[2] + c[3];
    }
  }
  QCOMPARE(perPort, sum);
  QVERIFY(g[1] + g[2] + g[3] > 0);  // biases 3,2,1 and the clock age packets past 63
  QVERIFY(sim.totals().ageGroups[0] >= g[0]);
}

void TstAgeArbitration::deterministic() {
  SimConfig cfg = preset("xt-11x12x16.json");
  cfg.traffic.rateFlitsPerNodeCycle = 0.4;
  Simulator a(cfg), b(cfg);
  a.run(1500);
  b.run(1500);
  QCOMPARE(a.totals().delivered, b.totals().delivered);
  QCOMPARE(a.stats().latency.mean(), b.stats().latency.mean());
  QCOMPARE(a.stats().ageGroups, b.stats().ageGroups);
  QCOMPARE(a.ageClock(77), b.ageClock(77));
}

// AGE_RR_SELECT all zeros: every grant by round robin, still per packet.
// On the merging ring that gives round robin's geometric shares.
void TstAgeArbitration::rrSelectZeroIsRoundRobinPerPacket() {
  SimConfig cfg = preset("xt-merging-8.json");
  cfg.router.age.rrSelect = 0;
  Simulator sim(cfg);
  const auto shares = sourceShares(sim, 5000, 60000);
  QVERIFY2(std::abs(shares[6] - 0.5) < 0.05, qPrintable(QString::number(shares[6])));
  QVERIFY2(std::abs(shares[0] - 1.0 / 64) < 0.1 / 64, qPrintable(QString::number(shares[0])));
}

void TstAgeArbitration::badAgeFields_data() {
  QTest::addColumn<QString>("age");
  QTest::addColumn<QString>("message");
  QTest::newRow("bias 8") << R"({"requestBias": [8, 1, 1]})"
                          << "scenario.router.age.requestBias[0]: must be 0..7";
  QTest::newRow("period 0") << R"({"clockPeriodCycles": 0})"
                            << "scenario.router.age.clockPeriodCycles: must be 1..4294967295, got 0";
  QTest::newRow("bias per dimension, wrong count") << R"({"responseBias": [1, 2]})"
                                                   << "scenario.router.age.responseBias";
  QTest::newRow("rrSelect not hex") << R"({"rrSelect": "ones"})" << "scenario.router.age.rrSelect: must be a 64-bit mask";
  QTest::newRow("unknown key") << R"({"period": 3})" << "scenario.router.age.period";
}

void TstAgeArbitration::badAgeFields() {
  QFETCH(QString, age);
  QFETCH(QString, message);
  const std::string text = R"({"format": "flitscope-scenario", "version": 1,
    "topology": {"radix": [4, 4, 4], "wrap": [true, true, true]},
    "router": {"vcCount": 2, "arbiter": "age", "age": )" + age.toStdString() + "}}";
  try {
    parseScenario(text);
    QFAIL("accepted");
  } catch (const ScenarioError& e) {
    QVERIFY2(QString::fromStdString(e.what()).startsWith(message), e.what());
  }
}

FLITSCOPE_TEST_APPLESS_MAIN(TstAgeArbitration)
#include "tst_age_arbitration.moc"
