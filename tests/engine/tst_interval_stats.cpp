// Interval statistics and link load (issue 16, "Interventions belong to the
// engine" and "See the reroute"): IntervalStats never touches the
// Simulator's measurement window (the run summary is the same with and
// without a consumer taking intervals), its intervals add up to the run,
// LinkLoad's exponentially weighted load and its change since the last
// intervention, and on the teaching torus the detour around a failed link
// shows as a rise.
#include "test_main.h"
#include "scenario/scenario.h"
#include "sim/interval_stats.h"
#include "sim/link_load.h"
#include "sim/simulator.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <numeric>

using namespace flit;

namespace {

SimConfig teaching() {
  SimConfig c = simConfigFromScenario(loadScenarioFile(FLITSCOPE_PRESETS_DIR "/teaching-4x4x4.json"));
  c.autoRebuild = true;
  return c;
}

}  // namespace

class TstIntervalStats : public QObject {
  Q_OBJECT
 private slots:
  void windowUntouched();
  void intervalsAddUp();
  void ewma_data();
  void ewma();
  void changeSinceIntervention();
  void detourRises();
  void barrierNetworks();
};

// The run summary (the measurement window and the totals) with a consumer
// taking an interval every 37 cycles equals the one without.
void TstIntervalStats::windowUntouched() {
  Simulator plain(teaching());
  plain.run(3000);
  Simulator watched(teaching());
  IntervalStats intervals;
  watched.setObserver(&intervals);
  for (int i = 0; i < 3000 / 37 + 1; ++i) {
    watched.run(std::min<std::uint64_t>(37, 3000 - watched.cycle()));
    (void)intervals.take(watched);
  }
  QCOMPARE(watched.cycle(), plain.cycle());
  const SimStats& a = plain.stats();
  const SimStats& b = watched.stats();
  QCOMPARE(b.startCycle, a.startCycle);
  QCOMPARE(b.flitsOffered, a.flitsOffered);
  QCOMPARE(b.flitsDelivered, a.flitsDelivered);
  QCOMPARE(b.latency.count(), a.latency.count());
  QCOMPARE(b.latency.mean(), a.latency.mean());
  QCOMPARE(b.latency.max(), a.latency.max());
  QCOMPARE(b.latency.histogram(), a.latency.histogram());
  QCOMPARE(watched.totals().delivered, plain.totals().delivered);
  QCOMPARE(watched.linkUtilization(0, 0), plain.linkUtilization(0, 0));
}

// Delivered packets, accepted flits and flits per channel over the intervals
// sum to the window's; the latency max is the largest interval max.
void TstIntervalStats::intervalsAddUp() {
  Simulator sim(teaching());
  IntervalStats intervals;
  sim.setObserver(&intervals);
  (void)intervals.take(sim);  // opens the first interval at cycle 0
  std::uint64_t delivered = 0;
  double acceptedFlits = 0;
  std::int64_t maxLatency = 0;
  std::vector<std::uint64_t> flits;
  for (int i = 0; i < 20; ++i) {
    sim.run(100);
    const IntervalSample s = intervals.take(sim);
    QCOMPARE(s.cycleEnd - s.cycleBegin, std::uint64_t{100});
    delivered += s.deliveredPackets;
    acceptedFlits += s.acceptedFlitsPerNodeCycle * 100.0 * sim.topology().nodeCount();
    maxLatency = std::max(maxLatency, s.latencyMaxCycles);
    if (flits.empty()) flits.assign(s.channelFlits.size(), 0);
    for (std::size_t c = 0; c < flits.size(); ++c) flits[c] += s.channelFlits[c];
    QVERIFY(s.interventionCycles.empty());
  }
  QCOMPARE(delivered, sim.stats().latency.count());
  QCOMPARE(std::llround(acceptedFlits), static_cast<long long>(sim.stats().flitsDelivered));
  QCOMPARE(maxLatency, sim.stats().latency.max());
  const Topology& topo = sim.topology();
  for (ChannelId c = 0; c < topo.channelCount(); ++c)
    QCOMPARE(flits[static_cast<std::size_t>(c)],
             sim.portCounters(topo.channelSource(c), static_cast<int>(topo.channelDirection(c))).flitsSent);
}

void TstIntervalStats::ewma_data() {
  QTest::addColumn<std::uint64_t>("flits");
  QTest::addColumn<std::uint64_t>("cycles");
  QTest::addColumn<double>("expected");
  // From 0 at rate r for L cycles: r * (1 - exp(-L / 256)).
  QTest::newRow("half rate, 256 cycles") << std::uint64_t{128} << std::uint64_t{256} << 0.5 * (1 - std::exp(-1.0));
  QTest::newRow("full rate, 1024 cycles") << std::uint64_t{1024} << std::uint64_t{1024} << 1 - std::exp(-4.0);
  QTest::newRow("idle") << std::uint64_t{0} << std::uint64_t{100} << 0.0;
  QTest::newRow("no cycles") << std::uint64_t{0} << std::uint64_t{0} << 0.0;
}

void TstIntervalStats::ewma() {
  QFETCH(std::uint64_t, flits);
  QFETCH(std::uint64_t, cycles);
  QFETCH(double, expected);
  LinkLoad load(256.0);
  load.update({flits}, cycles);
  QVERIFY(std::abs(load.load(0) - expected) < 1e-12);
  // The same rate cut into two intervals gives the same load.
  LinkLoad split(256.0);
  split.update({flits / 2}, cycles / 2);
  split.update({flits - flits / 2}, cycles - cycles / 2);
  QVERIFY(std::abs(split.load(0) - expected) < 1e-9);
}

void TstIntervalStats::changeSinceIntervention() {
  LinkLoad load(100.0);
  load.update({500, 500, 0}, 1000);  // channels 0 and 1 busy, 2 idle
  QCOMPARE(load.change(0), 0.0);   // no intervention yet
  QVERIFY(!load.hasBaseline());
  load.markIntervention(1000);
  QCOMPARE(load.baselineCycle(), std::uint64_t{1000});
  load.update({0, 500, 500}, 1000);  // 0 failed, its traffic moved to 2
  QVERIFY(load.change(0) < -0.3);
  QVERIFY(std::abs(load.change(1)) < 0.05);
  QVERIFY(load.change(2) > 0.45);
  QCOMPARE(load.changes().size(), std::size_t{3});
  QCOMPARE(load.changes()[2], load.change(2));
}

// Teaching torus: fail the busiest link; some 1000 cycles later its load has
// fallen and another channel's has risen by more than any channel's did over
// the same cycles of the run without the failure.
void TstIntervalStats::detourRises() {
  auto run = [](bool fail, LinkId& failed) {
    Simulator sim(teaching());
    IntervalStats intervals;
    sim.setObserver(&intervals);
    LinkLoad load;
    (void)intervals.take(sim);
    for (int i = 0; i < 20; ++i) {
      sim.run(100);
      const IntervalSample s = intervals.take(sim);
      load.update(s.channelFlits, s.cycleEnd - s.cycleBegin);
    }
    if (fail) {
      const auto& l = load.loads();
      failed = linkOfChannel(static_cast<ChannelId>(std::max_element(l.begin(), l.end()) - l.begin()));
      sim.failLink(failed);
    }
    load.markIntervention(sim.cycle());
    for (int i = 0; i < 10; ++i) {
      sim.run(100);
      const IntervalSample s = intervals.take(sim);
      if (fail && i == 0) {
        [&] { QCOMPARE(s.interventionCycles, std::vector<std::uint64_t>{2000}); }();
      }
      load.update(s.channelFlits, s.cycleEnd - s.cycleBegin);
    }
    return load.changes();
  };
  LinkId failed = -1;
  const std::vector<double> withFailure = run(true, failed);
  LinkId unused = -1;
  const std::vector<double> without = run(false, unused);
  const double fell = std::min(withFailure[static_cast<std::size_t>(failed) * 2],
                               withFailure[static_cast<std::size_t>(failed) * 2 + 1]);
  const double rose = *std::max_element(withFailure.begin(), withFailure.end());
  const double noise = *std::max_element(without.begin(), without.end());
  qInfo("failed link %d: fell %.3f, largest rise %.3f, without the failure %.3f", failed, fell, rose, noise);
  QVERIFY(fell < -0.05);
  QVERIFY(rose > noise);
}

FLITSCOPE_TEST_APPLESS_MAIN(TstIntervalStats)
#include "tst_interval_stats.moc"

// The barrier networks' interval facts (issue 17; T3E section 6) for the
// GUI's charts: every barrier completed appears in exactly one interval,
// the one whose cycles hold its completion, with the latency the network
// published; the link-cycle shares add up to the cycles barrier packets
// took. The teaching torus with its tree and a barrier loop (the join
// workload). A machine without trees has none.
void TstIntervalStats::barrierNetworks() {
  SimConfig cfg = teaching();
  QVERIFY(!cfg.sync.trees.empty());
  cfg.sync.workload = SyncWorkload{0, 60, 0};
  Simulator sim(cfg);
  struct Completions final : SyncObserver {
    std::vector<SyncEvent> done;
    void onSyncEvent(const SyncEvent& e) override {
      if (e.kind == SyncEventKind::BarrierComplete) done.push_back(e);
    }
  } log;
  sim.sync()->setObserver(&log);
  IntervalStats intervals;
  sim.setObserver(&intervals);
  (void)intervals.take(sim);
  std::vector<BarrierCompletion> seen;
  double linkCycles = 0.0;
  while (sim.cycle() < 3000) {
    sim.run(97);
    const IntervalSample s = intervals.take(sim);
    QVERIFY(s.barrierNetworks);
    for (const BarrierCompletion& b : s.barriers) {
      QVERIFY(b.cycle >= s.cycleBegin && b.cycle < s.cycleEnd);
      seen.push_back(b);
    }
    linkCycles += s.barrierLinkShare * static_cast<double>(sim.topology().channelCount()) *
                  static_cast<double>(s.cycleEnd - s.cycleBegin);
  }
  const SyncSummary sum = sim.sync()->summary();
  QVERIFY(sum.barriersCompleted > 10);
  QCOMPARE(seen.size(), log.done.size());
  QCOMPARE(static_cast<std::uint64_t>(seen.size()), sum.barriersCompleted);
  for (std::size_t i = 0; i < seen.size(); ++i) {
    QCOMPARE(seen[i].cycle, log.done[i].cycle);
    QCOMPARE(seen[i].latencyCycles, log.done[i].latencyCycles);
    QCOMPARE(seen[i].bsu, 0);
  }
  QCOMPARE(std::llround(linkCycles), static_cast<long long>(sum.linkCyclesTaken));

  SimConfig plain = teaching();
  plain.sync.trees.clear();
  Simulator none(plain);
  IntervalStats noTrees;
  (void)noTrees.take(none);
  none.run(100);
  const IntervalSample s = noTrees.take(none);
  QVERIFY(!s.barrierNetworks);
  QVERIFY(s.barriers.empty());
  QCOMPARE(s.barrierLinkShare, 0.0);
}
