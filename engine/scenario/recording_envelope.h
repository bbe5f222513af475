// The envelope every recording shares, whatever the topology family
// (docs/recording-format.md): the version key, the scenario as it ran
// (without a timeline of its own), the cycles run and the warm-up. Each
// family reads its scenario and its timeline entries (scenario/recording.h for
// the k-ary n-cube, fattree/circuit_recording.h for the fat-tree); the
// envelope's rules live here once.
#pragma once

#include "scenario/json_fields.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace flit {

inline constexpr int kRecordingFormatVersion = 1;
inline constexpr const char* kRecordingRoot = "recording";
inline constexpr const char* kRecordingVersionKey = "flitscopeRecording";

// True when the text is a JSON object with the key "flitscopeRecording"
// (else it is read as a scenario). Never throws.
bool looksLikeRecording(std::string_view jsonText);

struct RecordingEnvelope {
  const nlohmann::json* scenario = nullptr;  // the scenario object (no "timeline" key)
  const nlohmann::json* timeline = nullptr;  // nullptr: none
  std::string timelinePath;                  // "recording.timeline"
  std::uint64_t cycles = 0;
  std::uint64_t warmupCycles = 0;
};

// Reads the envelope's keys from `root` (at "recording"): refuses a version
// newer than this Flitscope reads and a scenario with a timeline of its own.
// The family's reader reads its own keys from `root`, then root.finish().
RecordingEnvelope readRecordingEnvelope(ObjectReader& root);

// Runs `read` (a family's scenario reader) and re-roots its errors:
// "scenario.router..." is at "recording.scenario.router...".
template <class Read>
auto readRecordedScenario(const nlohmann::json& scenario, Read read) {
  try {
    return read(scenario);
  } catch (const ScenarioError& e) {
    throw ScenarioError(std::string(kRecordingRoot) + "." + e.path(), e.reason());
  }
}

// Every entry's cycle must be <= the cycles run; the error names the entry.
template <class Change>
void checkTimelineWithin(const std::vector<Change>& timeline, const RecordingEnvelope& env) {
  for (std::size_t k = 0; k < timeline.size(); ++k) {
    if (timeline[k].cycle > env.cycles) {
      throw ScenarioError(indexedPath(env.timelinePath, k) + ".cycle",
                          "after the last cycle run (" + std::to_string(env.cycles) + "), got " +
                              std::to_string(timeline[k].cycle));
    }
  }
}

// The envelope's JSON: the version key, scenario, cycles, warmupCycles and
// timeline; the family adds its own keys.
nlohmann::json recordingEnvelopeToJson(nlohmann::json scenario, std::uint64_t cycles, std::uint64_t warmupCycles,
                                       nlohmann::json timeline);

}  // namespace flit
