// A recording: a scenario, the timeline of every intervention applied while
// it ran (Simulator::applied()) and the number of cycles run. Replaying it is
// a run of the scenario with that timeline: same events, same fingerprint
// (DESIGN.md "Scenarios"). Format: docs/recording-format.md. Recording a
// run and replaying it on a Simulator: sim/replay.h.
//
// parseRecording either returns a complete Recording or throws ScenarioError
// naming the field ("recording.timeline[3].cycle: cycles must not decrease:
// ...", "scenario.router.vcCount: ..." for the embedded scenario).
#pragma once

#include "scenario/recording_envelope.h"
#include "scenario/scenario.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace flit {

struct Recording {
  // The scenario as it was run, without a timeline of its own (what was
  // applied of it is in `timeline`).
  Scenario scenario;
  std::vector<Intervention> timeline;  // as applied: cycles never decrease
  std::uint64_t cycles = 0;            // cycles run, warm-up included
  std::uint64_t warmupCycles = 0;      // of those, before the measurement window
  bool autoRebuild = true;             // SimConfig::autoRebuild of the run
};

Recording parseRecording(std::string_view jsonText);
// A file that is a scenario or a recording (looksLikeRecording decides): the
// scenario it shows and, for a recording, the run it replays. Throws what
// parseScenario / parseRecording throw.
struct ScenarioOrRecording {
  Scenario scenario;
  std::optional<Recording> recording;
};
ScenarioOrRecording parseScenarioOrRecording(std::string_view jsonText);
Recording loadRecordingFile(const std::string& path);  // I/O errors name the file
nlohmann::json recordingToJson(const Recording& r);
std::string serializeRecording(const Recording& r);  // pretty JSON, round-trips

}  // namespace flit
