// A fat-tree recording (docs/recording-format.md, "Fat-tree recordings"):
// the fat-tree scenario as it ran (without a timeline of its own), every
// change the simulator applied (CircuitSimulator::applied(), stamped with
// the cycle before which it took effect) and the cycles run. Replaying it is
// a run of the scenario with that timeline: the same events. The envelope
// (version key, cycles, warm-up) is every recording's
// (scenario/recording_envelope.h); the k-ary n-cube's is scenario/recording.h.
// The value, recording a run and replaying it; the file is
// scenario/circuit_recording_json.h's.
#pragma once

#include <cstdint>
#include <functional>
#include <stop_token>
#include <string>
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

// The recording of `sim`'s run so far: `scenario` (the one sim was built
// from, its timeline dropped) with sim.applied() and sim.cycle().
CircuitRecording recordCircuitRun(const FatTreeScenario& scenario, const CircuitSimulator& sim,
                                  std::uint64_t warmupCycles);

// The scenario that replays it: the recorded one with the recorded timeline.
FatTreeScenario replayScenario(const CircuitRecording& r);

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
