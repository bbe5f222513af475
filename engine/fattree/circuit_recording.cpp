// Recording a fat-tree run and replaying it (fattree/circuit_recording.h).
#include "fattree/circuit_recording.h"

#include <algorithm>

#include "fattree/circuit_measure.h"

namespace flit::fattree {

CircuitRecording recordCircuitRun(const FatTreeScenario& scenario, const CircuitSimulator& sim,
                                  std::uint64_t warmupCycles) {
  CircuitRecording r;
  r.scenario = scenario;
  r.scenario.timeline.clear();
  r.timeline = sim.applied();
  r.cycles = sim.cycle();
  r.warmupCycles = std::min(warmupCycles, r.cycles);
  return r;
}

FatTreeScenario replayScenario(const CircuitRecording& r) {
  FatTreeScenario s = r.scenario;
  s.timeline = r.timeline;
  return s;
}

std::uint64_t replayCircuitRecording(CircuitSimulator& sim, std::uint64_t warmupCycles, std::uint64_t untilCycle,
                                     const std::stop_token& stop, const std::function<void()>& afterSlice) {
  const std::uint64_t warmup = std::min(warmupCycles, untilCycle);
  const std::uint64_t ran = runMeasured(sim, warmup, untilCycle - std::min(untilCycle, warmup), stop, afterSlice);
  if (!stop.stop_requested()) sim.applyDue();
  return ran;
}

}  // namespace flit::fattree
