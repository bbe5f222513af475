// Fat-tree recording files (scenario/circuit_recording_json.h).
#include "scenario/circuit_recording_json.h"

#include "scenario/circuit_change_json.h"
#include "scenario/fat_tree_scenario_json.h"
#include "scenario/recording_envelope.h"

namespace flit::fattree {

CircuitRecording parseCircuitRecording(std::string_view jsonText) {
  const nlohmann::json j = parseJsonText(jsonText, kRecordingRoot);
  ObjectReader root(j, kRecordingRoot);
  const RecordingEnvelope env = readRecordingEnvelope(root);
  CircuitRecording r;
  r.scenario = readRecordedScenario(*env.scenario, [](const nlohmann::json& s) { return fatTreeScenarioFromJson(s); });
  r.cycles = env.cycles;
  r.warmupCycles = env.warmupCycles;
  if (env.timeline) {
    r.timeline = readCircuitTimeline(*env.timeline, env.timelinePath, circuitIdCounts(r.scenario.spec), true);
    checkTimelineWithin(r.timeline, env);
  }
  root.finish();
  return r;
}

nlohmann::json circuitRecordingToJson(const CircuitRecording& r) {
  FatTreeScenario s = r.scenario;
  s.timeline.clear();
  return recordingEnvelopeToJson(fatTreeScenarioToJson(s), r.cycles, r.warmupCycles, circuitTimelineToJson(r.timeline));
}

std::string serializeCircuitRecording(const CircuitRecording& r) { return circuitRecordingToJson(r).dump(2) + "\n"; }

FatTreeScenarioOrRecording parseFatTreeScenarioOrRecording(std::string_view jsonText) {
  if (!looksLikeRecording(jsonText)) return {parseFatTreeScenario(jsonText), std::nullopt};
  CircuitRecording r = parseCircuitRecording(jsonText);
  FatTreeScenario s = r.scenario;
  return {std::move(s), std::move(r)};
}

}  // namespace flit::fattree
