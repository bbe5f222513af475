// Recording files (docs/recording-format.md).
#include "sim/recording.h"

#include "sim/simulator.h"

#include <algorithm>

namespace flit {

ScenarioOrRecording parseScenarioOrRecording(std::string_view jsonText) {
  if (!looksLikeRecording(jsonText)) return {parseScenario(jsonText), std::nullopt};
  Recording r = parseRecording(jsonText);
  Scenario s = r.scenario;
  return {std::move(s), std::move(r)};
}

Recording parseRecording(std::string_view jsonText) {
  const nlohmann::json j = parseJsonText(jsonText, kRecordingRoot);
  ObjectReader root(j, kRecordingRoot);
  const RecordingEnvelope env = readRecordingEnvelope(root);
  Recording r;
  r.scenario = readRecordedScenario(*env.scenario, [](const nlohmann::json& s) { return scenarioFromJson(s); });
  if (!r.scenario.timeline.empty()) {  // the old faults.timeline
    throw ScenarioError(root.childPath("scenario.faults.timeline"),
                        "a recording's interventions are in its own timeline, not the scenario's");
  }
  r.cycles = env.cycles;
  r.warmupCycles = env.warmupCycles;
  r.autoRebuild = root.optionalBool("autoRebuild", true);
  if (env.timeline) {
    r.timeline = readTimeline(*env.timeline, env.timelinePath, Topology(r.scenario.topology), true);
    checkTimelineWithin(r.timeline, env);
  }
  root.finish();
  return r;
}

Recording loadRecordingFile(const std::string& path) {
  return parseRecording(readScenarioFileText(path));
}

nlohmann::json recordingToJson(const Recording& r) {
  Scenario s = r.scenario;
  s.timeline.clear();
  nlohmann::json j =
      recordingEnvelopeToJson(scenarioToJson(s), r.cycles, r.warmupCycles, timelineToJson(r.timeline, Topology(s.topology)));
  j["autoRebuild"] = r.autoRebuild;
  return j;
}

std::string serializeRecording(const Recording& r) { return recordingToJson(r).dump(2) + "\n"; }

Recording recordRun(const Scenario& scenario, const Simulator& sim, std::uint64_t warmupCycles) {
  Recording r;
  r.scenario = scenario;
  r.scenario.timeline.clear();
  r.timeline = sim.applied();
  r.cycles = sim.cycle();
  r.warmupCycles = std::min(warmupCycles, r.cycles);
  r.autoRebuild = sim.config().autoRebuild;
  return r;
}

SimConfig simConfigFromRecording(const Recording& r) {
  Scenario s = r.scenario;
  s.timeline = r.timeline;
  SimConfig c = simConfigFromScenario(s);
  c.autoRebuild = r.autoRebuild;
  return c;
}

namespace {

// Runs up to `until` in chunks, watching `control`; false when cancelled.
bool runTo(Simulator& sim, std::uint64_t until, std::uint64_t& ran, const ReplayControl& control) {
  const std::uint64_t chunk = std::max<std::uint64_t>(1, control.chunkCycles);
  while (sim.cycle() < until && !sim.deadlocked()) {
    if (control.cancel && control.cancel->load(std::memory_order_relaxed)) return false;
    const std::uint64_t n = std::min(chunk, until - sim.cycle());
    ran += sim.run(n);
    if (control.progress) control.progress(sim.cycle(), until);
  }
  return true;
}

// What the run applied after its last cycle: the timeline's entries stamped
// with the cycle reached and not applied yet (an intervention at the very
// end, then one rebuild).
void applyRecordedTail(Simulator& sim, const Recording& rec) {
  bool any = false;
  for (std::size_t k = sim.applied().size(); k < rec.timeline.size() && rec.timeline[k].cycle <= sim.cycle(); ++k) {
    sim.apply(rec.timeline[k]);
    any = true;
  }
  if (any && sim.config().autoRebuild) sim.rebuildRoutes();
}

}  // namespace

ReplayOutcome replayRecording(Simulator& sim, const Recording& rec, std::uint64_t warmupCycles,
                              std::uint64_t untilCycle, const ReplayControl& control) {
  ReplayOutcome out;
  if (!runTo(sim, std::min(warmupCycles, untilCycle), out.cyclesRun, control)) {
    out.cancelled = true;
    return out;
  }
  sim.resetStats();
  if (!runTo(sim, untilCycle, out.cyclesRun, control)) {
    out.cancelled = true;
    return out;
  }
  if (!sim.deadlocked()) applyRecordedTail(sim, rec);
  return out;
}

}  // namespace flit
