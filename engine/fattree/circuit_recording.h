// A fat-tree recording (docs/recording-format.md, "Fat-tree recordings"):
// the fat-tree scenario as it ran (without a timeline of its own), every
// change the simulator applied (CircuitSimulator::applied(), stamped with
// the cycle before which it took effect) and the cycles run. Replaying it is
// a run of the scenario with that timeline: the same events. The envelope
// (version key, cycles, warm-up) is every recording's
// (scenario/recording_envelope.h); the k-ary n-cube's is sim/recording.h.
//
// parseCircuitRecording returns a complete recording or throws ScenarioError
// naming the field ("recording.timeline[3].failRouter: must be 0..191, got
// 500", "recording.scenario.topology.unitTrees: ...").
#pragma once

#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <stop_token>
#include <string>
#include <string_view>
#include <vector>

#include "fattree/circuit_change.h"
#include "fattree/circuit_simulator.h"
#include "fattree/fat_tree_scenario.h"

namespace flit::fattree {

struct CircuitRecording {
  FatTreeScenario scenario;  // its timeline empty: what was applied of it is below
  std::vector<CircuitChange> timeline;  // as applied: cycles never decrease
  std::uint64_t cycles = 0;             // cycles run, warm-up included
  std::uint64_t warmupCycles = 0;       // of those, before the measurement window
  bool operator==(const CircuitRecording&) const = default;
};

CircuitRecording parseCircuitRecording(std::string_view jsonText);
nlohmann::json circuitRecordingToJson(const CircuitRecording& r);
std::string serializeCircuitRecording(const CircuitRecording& r);  // pretty JSON, round-trips

// The recording of `sim`'s run so far: `scenario` (the one sim was built
// from, its timeline dropped) with sim.applied() and sim.cycle().
CircuitRecording recordCircuitRun(const FatTreeScenario& scenario, const CircuitSimulator& sim,
                                  std::uint64_t warmupCycles);

// The scenario that replays it: the recorded one with the recorded timeline.
FatTreeScenario replayScenario(const CircuitRecording& r);

// A fat-tree file that is a scenario or a recording (looksLikeRecording
// decides): the scenario it shows and, for a recording, the run it replays.
// Throws what parseFatTreeScenario / parseCircuitRecording throw.
struct FatTreeScenarioOrRecording {
  FatTreeScenario scenario;
  std::optional<CircuitRecording> recording;
};
FatTreeScenarioOrRecording parseFatTreeScenarioOrRecording(std::string_view jsonText);

// Replays `rec` on `sim` (scenarioSimulator(net, replayScenario(rec)), at
// cycle 0, its observer attached): `warmupCycles` cycles (the recording's
// own, or another), the statistics reset, on to `untilCycle`, then the changes stamped with the cycle reached
// (made while paused there), so the state ends as the recorded one did. A
// stop request is honoured between slices of 256 cycles, after each of
// which `afterSlice` is called (runMeasured). Returns the cycles run.
// `flitscope-cli run RECORDING`, the window and the trace replay through here.
std::uint64_t replayCircuitRecording(CircuitSimulator& sim, std::uint64_t warmupCycles, std::uint64_t untilCycle,
                                     const std::stop_token& stop = {}, const std::function<void()>& afterSlice = {});

}  // namespace flit::fattree
