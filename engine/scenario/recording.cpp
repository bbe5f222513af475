// Recording files (docs/recording-format.md).
#include "scenario/recording.h"

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

}  // namespace flit
