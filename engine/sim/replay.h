// Recording a Simulator's run and replaying a recording on one
// (scenario/recording.h is the file: its value, reader and writer).
#pragma once

#include "scenario/recording.h"
#include "sim/sim_types.h"

#include <atomic>
#include <cstdint>
#include <functional>

namespace flit {

class Simulator;

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
