// The charts' points as the engine builds them (view/interval_point.h,
// view/circuit_intervals.h; issue 37: frames built by the engine): a
// circuit network's interval is the difference of the simulator's counters
// between two takes, with the slowest message delivered in it and the
// changes made in it; a torus's is IntervalStats' sample. Points are values:
// equal when every field is, and printed whole.
#include "test_main.h"

#include <QtTest>
#include <algorithm>
#include <sstream>

#include "fattree/circuit_simulator.h"
#include "fattree/fat_tree_scenario.h"
#include "scenario/fat_tree_scenario_json.h"
#include "scenario/scenario.h"
#include "sim/interval_stats.h"
#include "sim/simulator.h"
#include "test_paths.h"
#include "view/circuit_intervals.h"
#include "view/interval_point.h"

using namespace flit;

namespace {

// What a person's window sees of the events: the slowest delivery, counted
// by hand beside CircuitIntervals.
struct Deliveries final : fattree::CircuitObserver {
  CircuitIntervals* intervals = nullptr;
  std::uint64_t count = 0;
  std::uint64_t slowest = 0;
  void onCircuitEvent(const fattree::CircuitEvent& e) override {
    if (e.kind != fattree::CircuitEventKind::Delivered) return;
    intervals->noteDelivered(e.latencyCycles);
    ++count;
    slowest = std::max(slowest, e.latencyCycles);
  }
};

}  // namespace

class TstIntervalPoint : public QObject {
  Q_OBJECT
 private slots:
  void aCircuitIntervalIsTheDifferenceBetweenTwoTakes();
  void aTorusIntervalIsIntervalStatsSample();
  void pointsAreValues();
};

void TstIntervalPoint::aCircuitIntervalIsTheDifferenceBetweenTwoTakes() {
  const fattree::FatTreeScenario s =
      fattree::parseFatTreeScenario(readScenarioFileText(test::presetPath("transit-64.json")));
  fattree::CircuitSimulator sim(fattree::buildFatTree(s.spec), s.circuit, s.seed);
  CircuitIntervals intervals;
  Deliveries seen;
  seen.intervals = &intervals;
  sim.setObserver(&seen);
  intervals.restart(sim);
  sim.run(500);
  const fattree::CircuitStats at500 = sim.stats();
  const IntervalPoint first = intervals.take(sim, 64, s.circuit.messageBytes);
  QCOMPARE(first.cycleBegin, 0u);
  QCOMPARE(first.cycleEnd, 500u);
  QVERIFY(first.circuits);
  QCOMPARE(first.deliveredPackets, at500.messagesDelivered);
  QCOMPARE(first.deliveredPackets, seen.count);
  QCOMPARE(first.latencyMaxCycles, static_cast<double>(seen.slowest));
  QCOMPARE(first.firstAttempts, at500.firstAttempts);
  QCOMPARE(first.firstAttemptSuccesses, at500.firstAttemptSuccesses);
  QCOMPARE(first.acceptedFlitsPerNodeCycle, static_cast<double>(at500.bytesDelivered) / (64.0 * 500));
  QCOMPARE(first.packetsInFlight, sim.totals().inProgress);
  QVERIFY(first.deliveredPackets > 100);

  seen.count = seen.slowest = 0;
  intervals.noteChange(650);
  sim.run(300);
  const IntervalPoint second = intervals.take(sim, 64, s.circuit.messageBytes);
  QCOMPARE(second.cycleBegin, 500u);
  QCOMPARE(second.cycleEnd, 800u);
  QCOMPARE(second.deliveredPackets, sim.stats().messagesDelivered - at500.messagesDelivered);
  QCOMPARE(second.deliveredPackets, seen.count);
  QCOMPARE(second.latencyMaxCycles, static_cast<double>(seen.slowest));
  QCOMPARE(second.firstAttempts, sim.stats().firstAttempts - at500.firstAttempts);
  QCOMPARE(second.interventionCycles, std::vector<std::uint64_t>{650});
  // Taken again at once: an empty interval, the change reported once.
  const IntervalPoint empty = intervals.take(sim, 64, s.circuit.messageBytes);
  QCOMPARE(empty.cycleBegin, 800u);
  QCOMPARE(empty.deliveredPackets, 0u);
  QVERIFY(empty.interventionCycles.empty());
}

void TstIntervalPoint::aTorusIntervalIsIntervalStatsSample() {
  Simulator sim(simConfigFromScenario(loadScenarioFile(test::presetPath("teaching-4x4x4.json"))));
  IntervalStats stats;
  sim.setObserver(&stats);
  sim.run(400);
  IntervalSample sample = stats.take(sim);
  const IntervalSample copy = sample;
  const IntervalPoint p = intervalPointOf(std::move(sample), sim.totals().inFlight);
  QCOMPARE(p.cycleBegin, copy.cycleBegin);
  QCOMPARE(p.cycleEnd, copy.cycleEnd);
  QCOMPARE(p.deliveredPackets, copy.deliveredPackets);
  QCOMPARE(p.latencyMeanCycles, copy.latencyMeanCycles);
  QCOMPARE(p.latencyMaxCycles, static_cast<double>(copy.latencyMaxCycles));
  QCOMPARE(p.acceptedFlitsPerNodeCycle, copy.acceptedFlitsPerNodeCycle);
  QCOMPARE(p.vcOccupancy, copy.laneOccupancy);
  QCOMPARE(p.packetsInFlight, sim.totals().inFlight);
  QVERIFY(!p.circuits);
  QVERIFY(p.deliveredPackets > 0);
}

void TstIntervalPoint::pointsAreValues() {
  IntervalPoint a;
  a.cycleBegin = 500;
  a.cycleEnd = 800;
  a.deliveredPackets = 42;
  a.circuits = true;
  a.firstAttempts = 50;
  a.firstAttemptSuccesses = 36;
  a.interventionCycles = {650};
  IntervalPoint b = a;
  QVERIFY(a == b);
  b.interventionCycles.push_back(700);
  QVERIFY(!(a == b));
  b = a;
  b.vcOccupancy[2] = 0.5;
  QVERIFY(!(a == b));
  std::ostringstream out;
  out << a;
  const std::string text = out.str();
  QVERIFY2(text.find("cycles 500-800: 42 delivered") == 0, text.c_str());
  QVERIFY2(text.find("first attempts 36/50") != std::string::npos, text.c_str());
  QVERIFY2(text.find("changes at 650") != std::string::npos, text.c_str());
}

FLITSCOPE_TEST_APPLESS_MAIN(TstIntervalPoint)
#include "tst_interval_point.moc"
