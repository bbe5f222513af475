// A recording: a scenario, the timeline of every intervention applied while
// it ran (Simulator::applied()) and the number of cycles run. Replaying it is
// a run of the scenario with that timeline: same events, same fingerprint
// (DESIGN.md "Scenarios"). Format: docs/recording-format.md.
//
// parseRecording either returns a complete Recording or throws ScenarioError
// naming the field ("recording.timeline[3].cycle: cycles must not decrease:
// ...", "scenario.router.vcCount: ..." for the embedded scenario).
#pragma once

#include "sim/scenario.h"
#include "sim/sim_types.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace flit {

class Simulator;

inline constexpr int kRecordingFormatVersion = 1;

struct Recording {
  // The scenario as it was run, without a timeline of its own (what was
  // applied of it is in `timeline`).
  Scenario scenario;
  std::vector<Intervention> timeline;  // as applied: cycles never decrease
  std::uint64_t cycles = 0;            // cycles run, warm-up included
  std::uint64_t warmupCycles = 0;      // of those, before the measurement window
  bool autoRebuild = true;             // SimConfig::autoRebuild of the run
};

// True when the text is a JSON object with the key "flitscopeRecording"
// (else it is read as a scenario). Never throws.
bool looksLikeRecording(std::string_view jsonText);
Recording parseRecording(std::string_view jsonText);
Recording loadRecordingFile(const std::string& path);  // I/O errors name the file
nlohmann::json recordingToJson(const Recording& r);
std::string serializeRecording(const Recording& r);  // pretty JSON, round-trips

// The recording of `sim`'s run so far: `scenario` (the one sim was built
// from, its timeline dropped) with sim.applied() and sim.cycle().
Recording recordRun(const Scenario& scenario, const Simulator& sim, std::uint64_t warmupCycles);

// The configuration that replays it: the scenario with the recorded timeline.
SimConfig simConfigFromRecording(const Recording& r);

}  // namespace flit
