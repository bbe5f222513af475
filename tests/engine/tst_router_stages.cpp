// Allocation stages that are stages (issue 15, "Router fidelity";
// router.speculative, docs/engine.md "A head from arrival to departure").
#include "test_main.h"
#include "test_paths.h"
#include "scenario/scenario.h"
#include "sim/simulator.h"
#include "traffic/rng.h"

#include <QtTest>

#include <numeric>
#include <stdexcept>
#include <string>

using namespace flit;

namespace {

SimConfig config(bool speculative, const std::string& traffic, const std::string& extraRouter = "") {
  const std::string json = R"({"format":"flitscope-scenario","version":1,"seed":3,
    "topology":{"radix":[4,4,4],"wrap":[true,true,true]},
    "router":{"vcCount":2,"vcDepthFlits":8,"flowControl":"wormhole",)" + extraRouter +
                           R"("speculative":)" + (speculative ? "true" : "false") + R"(},
    "routing":{"algorithm":"dimension-order"},
    "traffic":)" + traffic + "}";
  return simConfigFromScenario(parseScenario(json));
}

double accepted(const SimConfig& cfg) {
  Simulator sim(cfg);
  sim.run(2000);
  sim.resetStats();
  sim.run(8000);
  return static_cast<double>(sim.stats().flitsDelivered) / 64.0 / 8000.0;
}

}  // namespace

class TstRouterStages : public QObject {
  Q_OBJECT
 private slots:
  void oneFlowPerVc_data();
  void oneFlowPerVc();
  void aCreditIsUsedTheCycleItArrives();
  void vcAllocationIsRoundRobinAcrossInputs();
  void faultsWhileHeadsHoldVcs();
  void refusedWhereNotModelled();
};

// Every node sends 1-flit packets to (x+1, y+1, z+1) (tornado on a 4-ary
// 3-cube): each channel carries one flow on one VC. Without speculation a
// VC moves a packet every two cycles (VC allocation, then switch
// allocation; the next head reaches the front after the tail left): 0.50.
// The speculative router allocates both in one cycle: one a cycle.
void TstRouterStages::oneFlowPerVc_data() {
  QTest::addColumn<bool>("speculative");
  QTest::addColumn<double>("low");
  QTest::addColumn<double>("high");
  QTest::newRow("not speculative: 0.50") << false << 0.49 << 0.51;
  QTest::newRow("speculative: above 0.85") << true << 0.85 << 1.0;
}

void TstRouterStages::oneFlowPerVc() {
  QFETCH(bool, speculative);
  QFETCH(double, low);
  QFETCH(double, high);
  const double a = accepted(config(speculative, R"({"pattern":"tornado","rateFlitsPerNodeCycle":1.0,"packetFlits":1})"));
  QVERIFY2(a >= low && a <= high, qPrintable(QString::number(a)));
}

// VC allocation takes a free output VC whatever its credits (the textbook's
// allocator; BookSim2's with vc_busy_when_full 0); switch allocation waits
// for the credit. With one-flit buffers and 2-cycle links each VC is
// credit-bound: a flit switched at s arrives at s + 3, wins its next VC at
// s + 4 and is switched on at s + 5; that frees its buffer, and the credit
// is back upstream at s + 7, where the head behind, its VC already won, is
// switched the same cycle. One flit per VC every 7 cycles: 1/7. (A head that
// needed the credit to win its VC would be switched a cycle later: 1/8.)
void TstRouterStages::aCreditIsUsedTheCycleItArrives() {
  const SimConfig cfg = simConfigFromScenario(parseScenario(R"({"format":"flitscope-scenario","version":1,"seed":3,
    "topology":{"radix":[4,4,4],"wrap":[true,true,true]},
    "router":{"vcCount":2,"vcDepthFlits":1,"linkDelayCycles":2,"flowControl":"wormhole","speculative":false},
    "routing":{"algorithm":"dimension-order"},
    "traffic":{"pattern":"tornado","rateFlitsPerNodeCycle":1.0,"packetFlits":1}})"));
  const double a = accepted(cfg);
  QVERIFY2(std::abs(a - 1.0 / 7.0) < 0.001, qPrintable(QString::number(a)));
}

// VC allocation gives no input a fixed priority: on the XT paper's Figure 4
// merging ring (P0..P6 all send to P7; each router's local injection and
// the traffic from upstream compete for one output VC), the router that is
// not speculative, with round robin, gives the speculative one's geometric
// shares: P6 1/2, P5 1/4, ..., P1 and P0 1/64 each (tst_age_arbitration's
// figure4RoundRobinGeometricShares). Visiting the inputs in port order, the
// upstream port always claimed the VC first and P0 took 99.7%.
void TstRouterStages::vcAllocationIsRoundRobinAcrossInputs() {
  Scenario s = loadScenarioFile(flit::test::presetPath("xt-merging-8.json"));
  s.router.speculative = false;
  s.router.arbiter = ArbiterKind::RoundRobin;
  Simulator sim(simConfigFromScenario(s));
  sim.run(5000);
  sim.resetStats();
  sim.run(60000);
  const auto& f = sim.stats().flitsDeliveredBySource;
  const double total = static_cast<double>(std::accumulate(f.begin(), f.end(), std::uint64_t{0}));
  const double expected[7] = {1.0 / 64, 1.0 / 64, 1.0 / 32, 1.0 / 16, 1.0 / 8, 1.0 / 4, 1.0 / 2};
  for (int p = 0; p < 7; ++p) {
    const double share = static_cast<double>(f[static_cast<std::size_t>(p)]) / total;
    QVERIFY2(std::abs(share - expected[p]) <= 0.1 * expected[p],
             qPrintable(QStringLiteral("P%1: share %2, expected %3").arg(p).arg(share).arg(expected[p])));
  }
}

// A head that won its output VC and waits for the switch holds the VC:
// links failing under it must give it back (credit audit), and nothing is
// lost.
void TstRouterStages::faultsWhileHeadsHoldVcs() {
  for (const char* flow : {"\"flowControl\":\"virtualCutThrough\",", ""}) {
    SimConfig cfg = config(false, R"({"pattern":"uniform","rateFlitsPerNodeCycle":0.6,"packetFlits":4})");
    if (*flow) cfg.router.flowControl = FlowControl::VirtualCutThrough;
    Simulator sim(cfg);
    Rng rng(11);
    for (int round = 0; round < 30; ++round) {
      sim.run(37 + rng.below(50));
      const auto link = static_cast<LinkId>(rng.below(static_cast<std::uint32_t>(sim.topology().linkCount())));
      if (rng.below(2)) {
        sim.failLink(link);
      } else {
        sim.repairLink(link);
      }
      QVERIFY2(sim.auditCredits().empty(), sim.auditCredits().c_str());
      QCOMPARE(sim.auditInFlight(), sim.totals().inFlight);
    }
    sim.setInjectionRate(0);
    sim.run(3000);
    const auto& t = sim.totals();
    QCOMPARE(t.inFlight, std::uint64_t{0});
    QCOMPARE(t.injected, t.delivered + t.droppedTotal());
    QVERIFY2(sim.auditCredits().empty(), sim.auditCredits().c_str());
    QVERIFY(!sim.deadlocked());
  }
}

void TstRouterStages::refusedWhereNotModelled() {
  // Adaptive routing is modelled with the speculative router only.
  try {
    parseScenario(R"({"format":"flitscope-scenario","version":1,"topology":{"radix":[4,4,4]},
      "router":{"vcCount":3,"adaptiveVcs":1,"speculative":false},"routing":{"algorithm":"direction-order","adaptive":true}})");
    QFAIL("accepted");
  } catch (const ScenarioError& e) {
    QVERIFY2(std::string(e.what()).starts_with("scenario.router.speculative"), e.what());
  }
  // The same machine with adaptive routing off loads, and says that it
  // cannot be switched on (the window asks before it offers the switch).
  Simulator sim(simConfigFromScenario(parseScenario(
      R"({"format":"flitscope-scenario","version":1,"topology":{"radix":[4,4,4]},
      "router":{"vcCount":3,"adaptiveVcs":1,"speculative":false,"adaptiveRouting":false},
      "routing":{"algorithm":"direction-order","adaptive":false}})")));
  QVERIFY(!sim.adaptiveAvailable());
  QVERIFY(std::string(sim.adaptiveUnavailableReason()).find("router.speculative") != std::string::npos);
  try {
    sim.setAdaptive(true);
    QFAIL("switched on");
  } catch (const std::invalid_argument& e) {
    QVERIFY2(std::string(e.what()).find("router.speculative") != std::string::npos, e.what());
  }
  QVERIFY(!sim.adaptive());
}

FLITSCOPE_TEST_APPLESS_MAIN(TstRouterStages)
#include "tst_router_stages.moc"
