// The fat-tree's trace export (fattree/circuit_trace.h; docs/cli.md "Trace
// export"): over a whole run the trace's counts equal the simulator's
// counters (messages, attempts, statuses, discards busy and fault, deliveries,
// messages given up, the changes applied), a cycle range keeps only its
// events, a recording's trace (the window's File > Export Trace) is the
// trace of the run it recorded, a stop request ends the replay, and the
// file is JSON that names every endpoint's track.
#include "test_main.h"

#include <QtTest>

#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <stop_token>
#include <string>

#include "fattree/circuit_measure.h"
#include "fattree/circuit_recording.h"
#include "fattree/circuit_trace.h"
#include "fattree/fat_tree_scenario.h"

using namespace flit::fattree;

namespace {

// transit-64 (one UT64x2) under load with a short retry limit, RN1s failed
// at cycle 0 and by the timeline, the load changed: every event kind but
// the reversal, and messages given up.
FatTreeScenario busyTree() {
  FatTreeScenario s;
  s.spec = FatTreeSpec{BlockKind::UT64x2, 1, 0, 1};
  s.seed = 11;
  s.circuit.rate = 0.5;
  s.circuit.pattern = FatTreePattern::Uniform;
  s.circuit.retryLimit = 2;
  s.circuit.backoffCycles = 2;
  s.faults.routers = {20, 33};
  CircuitChange fail;
  fail.cycle = 300;
  fail.kind = CircuitChangeKind::FailRouter;
  fail.id = 41;
  CircuitChange rate;
  rate.cycle = 500;
  rate.kind = CircuitChangeKind::SetRate;
  rate.rate = 1.0;
  s.timeline = {fail, rate};
  return s;
}

struct Counts {
  std::map<std::string, std::uint64_t> byName;
  std::uint64_t busy = 0, fault = 0, threads = 0, outside = 0;
};

Counts countEvents(const std::string& text, std::uint64_t first = 0, std::uint64_t last = UINT64_MAX) {
  Counts c;
  const nlohmann::json j = nlohmann::json::parse(text);  // throws: not JSON
  for (const nlohmann::json& e : j.at("traceEvents")) {
    const std::string name = e.at("name");
    if (name == "thread_name") ++c.threads;
    if (e.at("ph") != "i") continue;
    ++c.byName[name];
    const auto ts = e.at("ts").get<std::uint64_t>();
    if (ts < first || ts > last) ++c.outside;
    if (name == "discard") ++(e.at("args").at("reason") == "busy" ? c.busy : c.fault);
  }
  return c;
}

}  // namespace

class TestCircuitTrace : public QObject {
  Q_OBJECT

 private slots:
  void countsEqualTheSimulatorsCounters() {
    const FatTreeScenario s = busyTree();
    CircuitSimulator sim = scenarioSimulator(buildFatTree(s.spec), s);
    std::ostringstream out;
    CircuitTraceWriter writer(out, sim.network());
    sim.setObserver(&writer);
    sim.run(1500);  // no statistics reset: the window's counters are the whole run's
    writer.finish(sim.applied());
    Counts n = countEvents(out.str());
    const CircuitTotals& t = sim.totals();
    QVERIFY(t.givenUp > 0 && sim.stats().blockedFault > 0);  // the scenario shows what it should
    QCOMPARE(n.byName["message"], t.created);
    QCOMPARE(n.byName["attempt"], t.attemptsStarted);
    QCOMPARE(n.byName["status"], t.attemptsFinished);
    QCOMPARE(n.byName["deliver"], t.delivered);
    QCOMPARE(n.byName["givenUp"], t.givenUp);
    QCOMPARE(n.busy, sim.stats().blockedBusy);
    QCOMPARE(n.fault, sim.stats().blockedFault);
    QVERIFY(n.byName["hop"] > n.byName["attempt"]);
    QCOMPARE(n.byName["failRouter"], std::uint64_t{1});  // the timeline's, at cycle 300
    QCOMPARE(n.byName["setRate"], std::uint64_t{1});
    QCOMPARE(writer.eventsWritten(), [&] {
      std::uint64_t sum = 0;
      for (const auto& [name, count] : n.byName) sum += count;
      return sum;
    }());
    QVERIFY(n.threads > 0 && n.threads <= 64);  // one named track per endpoint that sent
  }

  // The window's export: a recording's trace equals the live run's, range
  // and all; only events of the range are written.
  void aRecordingsTraceIsTheRunsTrace() {
    const FatTreeScenario s = busyTree();
    CircuitSimulator sim = scenarioSimulator(buildFatTree(s.spec), s);
    std::ostringstream live;
    CircuitTraceWriter writer(live, sim.network(), 200, 700);
    sim.setObserver(&writer);
    runMeasured(sim, 100, 1100);
    writer.finish(sim.applied());
    const CircuitRecording rec = recordCircuitRun(s, sim, 100);
    std::ostringstream replayed;
    const flit::TraceOutcome o = writeCircuitRecordingTrace(rec, replayed, 200, 700);
    QVERIFY(!o.cancelled);
    QCOMPARE(o.cyclesRun, std::uint64_t{701});  // stops once cycle 700's events are out
    QCOMPARE(replayed.str(), live.str());
    Counts n = countEvents(replayed.str(), 200, 700);
    QCOMPARE(n.outside, std::uint64_t{0});
    QVERIFY(n.byName["hop"] > 0);
    QCOMPARE(n.byName["failRouter"], std::uint64_t{1});
    QCOMPARE(o.eventsWritten, writer.eventsWritten());
  }

  void aStopRequestEndsTheReplay() {
    const FatTreeScenario s = busyTree();
    CircuitSimulator sim = scenarioSimulator(buildFatTree(s.spec), s);
    sim.run(3000);
    const CircuitRecording rec = recordCircuitRun(s, sim, 0);
    std::stop_source stop;
    std::uint64_t calls = 0, lastUntil = 0;
    std::ostringstream out;
    const flit::TraceOutcome o =
        writeCircuitRecordingTrace(rec, out, 0, UINT64_MAX, stop.get_token(), [&](std::uint64_t cycle, std::uint64_t until) {
          ++calls;
          lastUntil = until;
          if (cycle >= 512) stop.request_stop();
        });
    QVERIFY(o.cancelled);
    QCOMPARE(o.cyclesRun, std::uint64_t{512});
    QCOMPARE(calls, std::uint64_t{2});
    QCOMPARE(lastUntil, std::uint64_t{3000});
  }
};

FLITSCOPE_TEST_APPLESS_MAIN(TestCircuitTrace)
#include "tst_circuit_trace.moc"
