// Recording files (docs/recording-format.md).
#include "sim/recording.h"

#include "sim/simulator.h"

#include <algorithm>

namespace flit {

namespace {

constexpr const char* kRoot = "recording";
constexpr const char* kVersionKey = "flitscopeRecording";

}  // namespace

bool looksLikeRecording(std::string_view jsonText) {
  const nlohmann::json j = nlohmann::json::parse(jsonText.begin(), jsonText.end(), nullptr, false);
  return j.is_object() && j.contains(kVersionKey);
}

ScenarioOrRecording parseScenarioOrRecording(std::string_view jsonText) {
  if (!looksLikeRecording(jsonText)) return {parseScenario(jsonText), std::nullopt};
  Recording r = parseRecording(jsonText);
  Scenario s = r.scenario;
  return {std::move(s), std::move(r)};
}

Recording parseRecording(std::string_view jsonText) {
  const nlohmann::json j = parseJsonText(jsonText, kRoot);
  ObjectReader root(j, kRoot);
  const std::string versionPath = root.childPath(kVersionKey);
  const std::int64_t version = readInt(root.required(kVersionKey), versionPath, 1, INT64_MAX);
  if (version > kRecordingFormatVersion) {
    throw ScenarioError(versionPath, "version " + std::to_string(version) +
                                         " is newer than this Flitscope reads (up to " +
                                         std::to_string(kRecordingFormatVersion) + ")");
  }
  Recording r;
  const nlohmann::json& scenario = root.required("scenario");
  if (scenario.is_object() && scenario.contains("timeline")) {
    throw ScenarioError(root.childPath("scenario.timeline"),
                        "a recording's interventions are in its own timeline, not the scenario's");
  }
  try {
    r.scenario = scenarioFromJson(scenario);
  } catch (const ScenarioError& e) {  // "scenario.router..." is at recording.scenario.router
    throw ScenarioError(std::string(kRoot) + "." + e.path(), e.reason());
  }
  if (!r.scenario.timeline.empty()) {  // the old faults.timeline
    throw ScenarioError(root.childPath("scenario.faults.timeline"),
                        "a recording's interventions are in its own timeline, not the scenario's");
  }
  r.cycles = static_cast<std::uint64_t>(root.requiredInt("cycles", 0, INT64_MAX));
  r.warmupCycles = static_cast<std::uint64_t>(
      root.optionalInt("warmupCycles", 0, 0, static_cast<std::int64_t>(r.cycles)));
  r.autoRebuild = root.optionalBool("autoRebuild", true);
  if (const auto* timeline = root.optional("timeline")) {
    const std::string path = root.childPath("timeline");
    r.timeline = readTimeline(*timeline, path, Topology(r.scenario.topology), true);
    for (std::size_t k = 0; k < r.timeline.size(); ++k) {
      if (r.timeline[k].cycle > r.cycles) {
        throw ScenarioError(path + "[" + std::to_string(k) + "].cycle",
                            "after the last cycle run (" + std::to_string(r.cycles) + "), got " +
                                std::to_string(r.timeline[k].cycle));
      }
    }
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
  nlohmann::json j = nlohmann::json::object();
  j[kVersionKey] = kRecordingFormatVersion;
  j["scenario"] = scenarioToJson(s);
  j["cycles"] = r.cycles;
  j["warmupCycles"] = r.warmupCycles;
  j["autoRebuild"] = r.autoRebuild;
  j["timeline"] = timelineToJson(r.timeline, Topology(s.topology));
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
