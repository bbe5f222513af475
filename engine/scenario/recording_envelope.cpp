// The recording envelope (scenario/recording_envelope.h).
#include "scenario/recording_envelope.h"

namespace flit {

bool looksLikeRecording(std::string_view jsonText) {
  const nlohmann::json j = nlohmann::json::parse(jsonText.begin(), jsonText.end(), nullptr, false);
  return j.is_object() && j.contains(kRecordingVersionKey);
}

RecordingEnvelope readRecordingEnvelope(ObjectReader& root) {
  const std::string versionPath = root.childPath(kRecordingVersionKey);
  const std::int64_t version = readInt(root.required(kRecordingVersionKey), versionPath, 1, INT64_MAX);
  if (version > kRecordingFormatVersion) {
    throw ScenarioError(versionPath, "version " + std::to_string(version) +
                                         " is newer than this Flitscope reads (up to " +
                                         std::to_string(kRecordingFormatVersion) + ")");
  }
  RecordingEnvelope env;
  env.scenario = &root.required("scenario");
  if (env.scenario->is_object() && env.scenario->contains("timeline")) {
    throw ScenarioError(root.childPath("scenario.timeline"),
                        "a recording's interventions are in its own timeline, not the scenario's");
  }
  env.cycles = static_cast<std::uint64_t>(root.requiredInt("cycles", 0, INT64_MAX));
  env.warmupCycles =
      static_cast<std::uint64_t>(root.optionalInt("warmupCycles", 0, 0, static_cast<std::int64_t>(env.cycles)));
  env.timeline = root.optional("timeline");
  env.timelinePath = root.childPath("timeline");
  return env;
}

nlohmann::json recordingEnvelopeToJson(nlohmann::json scenario, std::uint64_t cycles, std::uint64_t warmupCycles,
                                       nlohmann::json timeline) {
  nlohmann::json j = nlohmann::json::object();
  j[kRecordingVersionKey] = kRecordingFormatVersion;
  j["scenario"] = std::move(scenario);
  j["cycles"] = cycles;
  j["warmupCycles"] = warmupCycles;
  j["timeline"] = std::move(timeline);
  return j;
}

}  // namespace flit
