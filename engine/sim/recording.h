// A recording: a scenario, the timeline of every intervention applied while
// it ran (Simulator::applied()) and the number of cycles run. Replaying it is
// a run of the scenario with that timeline: same events, same fingerprint
// (DESIGN.md "Scenarios"). Format: docs/recording-format.md.
//
// parseRecording either returns a complete Recording or throws ScenarioError
// naming the field ("recording.timeline[3].cycle: cycles must not decrease:
// ...", "scenario.router.vcCount: ..." for the embedded scenario).
#pragma once

#include "scenario/recording_envelope.h"
#include "sim/scenario.h"
#include "sim/sim_types.h"

#include <atomic>
#include <cstdint>
#include <optional>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace flit {

class Simulator;


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

// The recording of `sim`'s run so far: `scenario` (the one sim was built
// from, its timeline dropped) with sim.applied() and sim.cycle().
Recording recordRun(const Scenario& scenario, const Simulator& sim, std::uint64_t warmupCycles);

// The configuration that replays it: the scenario with the recorded timeline.
SimConfig simConfigFromRecording(const Recording& r);

// How a long replay is watched and stopped from another thread (the GUI's
// thread pool): `cancel` is read between chunks of `chunkCycles` cycles;
// `progress` is called on the replaying thread after each chunk with the
// cycle reached and the cycle the replay runs to.
struct ReplayControl {
  const std::atomic<bool>* cancel = nullptr;
  std::function<void(std::uint64_t cycle, std::uint64_t untilCycle)> progress;
  std::uint64_t chunkCycles = 256;
};

struct ReplayOutcome {
  std::uint64_t cyclesRun = 0;
  bool cancelled = false;  // stopped by ReplayControl::cancel before untilCycle
};

// Replays `rec` on `sim` (built from simConfigFromRecording(rec), at cycle 0,
// its observers attached) as the run went: `warmupCycles` cycles, the
// statistics reset (Simulator::resetStats), on to `untilCycle`, then what the
// run applied after its last cycle (the timeline's entries stamped with the
// cycle reached, e.g. a link failed while paused there, with one rebuild
// when autoRebuild), so the event stream ends as the recorded one did. Stops
// early at a deadlock (the run stopped there too) or when cancelled (then
// nothing is applied after). The CLI (`run RECORDING`) and the GUI's trace
// export both replay through here. Throws what Simulator::apply throws.
ReplayOutcome replayRecording(Simulator& sim, const Recording& rec, std::uint64_t warmupCycles,
                              std::uint64_t untilCycle, const ReplayControl& control = {});

}  // namespace flit
