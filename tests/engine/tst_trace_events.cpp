// Trace export (docs/cli.md "Trace export"): TraceEventWriter's output is
// Chrome trace-event JSON whose events match the engine's totals, and a cycle
// window keeps only its events; writeRecordingTrace (the CLI's `run
// RECORDING --trace` and the GUI's File > Export Trace) traces a recording's
// replay, stops after the window's last cycle and can be cancelled.
#include "test_main.h"
#include "scenario/scenario.h"
#include "sim/observer_list.h"
#include "sim/replay.h"
#include "sim/simulator.h"
#include "sim/trace_events.h"

#include <QtTest>

#include <atomic>
#include <map>
#include <sstream>

using namespace flit;

namespace {

struct HopCounter final : SimObserver {
  std::uint64_t hops = 0;
  void onEvent(const SimEvent& e) override { hops += e.kind == SimEventKind::Hop; }
};

std::map<std::string, std::uint64_t> countByName(const nlohmann::json& trace) {
  std::map<std::string, std::uint64_t> n;
  for (const auto& e : trace.at("traceEvents")) {
    if (e.at("ph") != "M") ++n[e.at("name").get<std::string>()];
  }
  return n;
}

}  // namespace

class TstTraceEvents : public QObject {
  Q_OBJECT
 private slots:
  void countsMatchTheTotals();
  void cycleWindow();
  void barrierEvents();
  void recordingTrace();
};

void TstTraceEvents::countsMatchTheTotals() {
  // The teaching torus (datelines, adaptive VC) with a link failing under traffic.
  SimConfig cfg = simConfigFromScenario(loadScenarioFile(FLITSCOPE_PRESETS_DIR "/teaching-4x4x4.json"));
  cfg.autoRebuild = true;
  Simulator sim(cfg);
  std::ostringstream text;
  TraceEventWriter trace(text, sim.topology());
  HopCounter hops;
  ObserverList both;
  both.add(&trace);
  both.add(&hops);
  sim.setObserver(both.attachable());
  sim.run(800);
  const Topology& t = sim.topology();
  sim.apply(Intervention::link(InterventionKind::FailLink, t.linkFrom(t.nodeAt({{1, 1, 1}}), Direction::PlusX)));
  sim.run(1200);
  trace.finish();

  const nlohmann::json j = nlohmann::json::parse(text.str());
  const auto n = countByName(j);
  const SimTotals& tot = sim.totals();
  auto count = [&n](const char* name) { return n.count(name) ? n.at(name) : 0; };
  QCOMPARE(count("inject"), tot.injected);
  QCOMPARE(count("deliver"), tot.delivered);
  QCOMPARE(count("drop"), tot.droppedTotal());
  QCOMPARE(count("dateline"), tot.datelineCrossings);
  QCOMPARE(count("adaptiveHop"), tot.adaptiveHops);
  QCOMPARE(count("hop"), hops.hops);
  QCOMPARE(count("linkFailed"), std::uint64_t{1});
  QVERIFY(count("routesRebuilt") >= 1);
  QVERIFY(tot.delivered > 1000 && tot.datelineCrossings > 0);
  QCOMPARE(trace.eventsWritten(), j.at("traceEvents").size() - 2 - [&j] {
    std::size_t names = 0;  // thread_name metadata, one per packet track
    for (const auto& e : j.at("traceEvents")) names += e.at("name") == "thread_name";
    return names;
  }());
  // A hop names its router, port and VC.
  for (const auto& e : j.at("traceEvents")) {
    if (e.at("name") != "hop") continue;
    QVERIFY(e.at("args").at("router").get<std::string>().find(',') != std::string::npos);
    QVERIFY(e.at("args").contains("port") && e.at("args").contains("vc"));
    break;
  }
}

void TstTraceEvents::cycleWindow() {
  Simulator sim(simConfigFromScenario(loadScenarioFile(FLITSCOPE_PRESETS_DIR "/teaching-4x4x4.json")));
  std::ostringstream text;
  {
    TraceEventWriter trace(text, sim.topology(), 100, 199);
    sim.setObserver(&trace);
    sim.run(400);
    sim.setObserver(nullptr);
  }  // the destructor closes the JSON
  const nlohmann::json j = nlohmann::json::parse(text.str());
  std::size_t events = 0;
  for (const auto& e : j.at("traceEvents")) {
    if (e.at("ph") == "M") continue;
    ++events;
    QVERIFY(e.at("ts") >= 100 && e.at("ts") <= 199);
  }
  QVERIFY(events > 100);
}


// The barrier networks' events (T3E paper section 6) on pid 2, one track per
// BSU: every participant but one joins a barrier on the teaching torus, the
// last one's node fails, and the barrier completes without it (issue 17).
void TstTraceEvents::barrierEvents() {
  Scenario s = loadScenarioFile(FLITSCOPE_PRESETS_DIR "/teaching-4x4x4.json");
  QVERIFY(!s.sync.trees.empty());
  const NodeId victim = 5;
  for (NodeId n = 0; n < 64; ++n) {
    if (n != victim) s.timeline.push_back(Intervention::sync(InterventionKind::Barrier, n, 0, 100));
  }
  SimConfig cfg = simConfigFromScenario(s);
  cfg.autoRebuild = true;
  Simulator sim(cfg);
  std::ostringstream text;
  TraceEventWriter trace(text, sim.topology());
  sim.setObserver(&trace);
  sim.sync()->setObserver(&trace);
  sim.run(300);
  sim.apply(Intervention::node(InterventionKind::FailNode, victim));
  sim.run(300);
  trace.finish();

  const nlohmann::json j = nlohmann::json::parse(text.str());
  const auto n = countByName(j);
  auto count = [&n](const char* name) { return n.count(name) ? n.at(name) : 0; };
  const SyncSummary sync = sim.sync()->summary();
  QCOMPARE(sync.barriersCompleted, std::uint64_t{1});
  QCOMPARE(count("barrierComplete"), std::uint64_t{1});
  QCOMPARE(count("participantLeft"), std::uint64_t{1});
  QCOMPARE(count("bsuState"), std::uint64_t{2 * 63});  // S_BAR -> S_ARM -> S_BAR, the victim never armed
  QCOMPARE(count("syncArrive"), sync.packetsSent);      // nothing in flight at the end
  std::uint64_t fromProcessors = 0;  // a processor's signal to its router: its syncArrive only
  bool bsuTrackNamed = false, processNamed = false;
  for (const auto& e : j.at("traceEvents")) {
    if (e.at("ph") == "M") {
      bsuTrackNamed = bsuTrackNamed || (e.at("pid") == 2 && e.at("args").at("name") == "BSU 0");
      processNamed = processNamed || (e.at("pid") == 2 && e.at("args").at("name") == "barrier networks");
      continue;
    }
    if (e.at("pid") != 2) continue;
    QCOMPARE(e.at("tid").get<int>(), 0);
    const auto& a = e.at("args");
    if (e.at("name") == "syncArrive" && a.at("port") == "processor" && a.at("message") == "barrier") ++fromProcessors;
    if (e.at("name") == "participantLeft") QCOMPARE(a.at("node").get<std::string>(), std::string("1,1,0"));
    if (e.at("name") == "barrierComplete") {
      QCOMPARE(a.at("latencyCycles").get<std::uint64_t>(), sync.lastBarrierLatencyCycles);
      QVERIFY(e.at("ts").get<std::uint64_t>() > 300);
    }
  }
  QVERIFY(bsuTrackNamed && processNamed);
  QCOMPARE(fromProcessors, std::uint64_t{2 * 63});  // each joined, then signalled again after the rebuild
  QCOMPARE(count("syncHop") + fromProcessors, sync.packetsSent);
}

// A recorded run (a link failed at cycle 300, repaired after the last cycle)
// traced by replaying its recording.
void TstTraceEvents::recordingTrace() {
  const Scenario s = loadScenarioFile(FLITSCOPE_PRESETS_DIR "/teaching-4x4x4.json");
  SimConfig cfg = simConfigFromScenario(s);
  cfg.autoRebuild = true;
  Simulator sim(cfg);
  sim.run(300);
  const Topology& t = sim.topology();
  const LinkId link = t.linkFrom(t.nodeAt({{2, 1, 0}}), Direction::PlusY);
  sim.apply(Intervention::link(InterventionKind::FailLink, link));
  sim.run(300);
  sim.apply(Intervention::link(InterventionKind::RepairLink, link));  // while paused at the end
  const Recording rec = recordRun(s, sim, 0);

  std::ostringstream whole;
  const TraceOutcome all = writeRecordingTrace(rec, whole, 0, UINT64_MAX);
  QVERIFY(!all.cancelled);
  QCOMPARE(all.cyclesRun, std::uint64_t{600});
  const auto n = countByName(nlohmann::json::parse(whole.str()));
  auto count = [&n](const char* name) { return n.count(name) ? n.at(name) : 0; };
  QCOMPARE(count("inject"), sim.totals().injected);
  QCOMPARE(count("deliver"), sim.totals().delivered);
  QCOMPARE(count("drop"), sim.totals().droppedTotal());
  QCOMPARE(count("linkFailed"), std::uint64_t{1});
  QCOMPARE(count("linkRepaired"), std::uint64_t{1});  // the recorded tail
  std::uint64_t events = 0;
  for (const auto& [name, k] : n) events += k;
  QCOMPARE(all.eventsWritten, events);

  // A window: only its cycles, and the replay stops after its last one.
  std::ostringstream part;
  const TraceOutcome window = writeRecordingTrace(rec, part, 100, 199);
  QCOMPARE(window.cyclesRun, std::uint64_t{200});
  const nlohmann::json j = nlohmann::json::parse(part.str());
  for (const auto& e : j.at("traceEvents")) {
    if (e.at("ph") != "M") QVERIFY(e.at("ts") >= 100 && e.at("ts") <= 199);
  }

  // Cancelled after the first chunk of cycles.
  std::atomic<bool> cancel{false};
  std::vector<std::pair<std::uint64_t, std::uint64_t>> seen;
  ReplayControl control;
  control.cancel = &cancel;
  control.chunkCycles = 50;
  control.progress = [&](std::uint64_t cycle, std::uint64_t until) {
    seen.emplace_back(cycle, until);
    cancel = true;
  };
  std::ostringstream stopped;
  const TraceOutcome cut = writeRecordingTrace(rec, stopped, 0, UINT64_MAX, control);
  QVERIFY(cut.cancelled);
  QCOMPARE(cut.cyclesRun, std::uint64_t{50});
  QCOMPARE(seen.size(), std::size_t{1});
  QCOMPARE(seen.front(), std::make_pair(std::uint64_t{50}, std::uint64_t{600}));
}

FLITSCOPE_TEST_APPLESS_MAIN(TstTraceEvents)
#include "tst_trace_events.moc"
