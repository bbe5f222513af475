#include "fattree/circuit_measure.h"

#include <algorithm>

namespace flit::fattree {

void applyFaults(CircuitSimulator& sim, const FaultMap& faults) {
  for (std::uint32_t r = 0; r < faults.routerFailed.size(); ++r)
    if (faults.routerFailed[r]) sim.failRouter(r);
  for (std::uint32_t c = 0; c < faults.channelFailed.size(); ++c)
    if (faults.channelFailed[c]) sim.failChannel(c);
}

CircuitSimulator scenarioSimulator(FatTreeNetwork net, const FatTreeScenario& s) {
  const FaultMap faults = scenarioFaultMap(net, s);
  CircuitSimulator sim(std::move(net), s.circuit, s.seed);
  applyFaults(sim, faults);
  sim.setTimeline(s.timeline);
  return sim;
}

std::uint64_t runMeasured(CircuitSimulator& sim, std::uint64_t warmup, std::uint64_t cycles,
                          const std::stop_token& stop, const std::function<void()>& afterSlice) {
  constexpr std::uint64_t kSlice = 256;
  std::uint64_t ran = 0;
  for (const std::uint64_t n : {warmup, cycles}) {
    if (ran == warmup) sim.resetStats();
    for (std::uint64_t done = 0; done < n && !stop.stop_requested(); done += kSlice) {
      ran += sim.run(std::min(kSlice, n - done));
      if (afterSlice) afterSlice();
    }
  }
  return ran;
}

double networkLoading(const CircuitSimulator& sim) {
  const double window = static_cast<double>(sim.cycle() - sim.stats().startCycle);
  const double endpoints = sim.network().endpointCount;
  return window > 0 && endpoints > 0 ? static_cast<double>(sim.stats().attemptCycles) / endpoints / window : 0.0;
}

}  // namespace flit::fattree
