// Measuring a fat-tree's circuits, one rule for every caller (the command
// line's run and sweep, the window's simulation and its sweep view):
// failing what a fault map says, running a warm-up and then a measured
// window, and the network loading of the paper's Figures 11-12.
#pragma once

#include <cstdint>
#include <functional>
#include <stop_token>

#include "fattree/circuit_simulator.h"
#include "fattree/fat_tree_routing.h"
#include "fattree/fat_tree_scenario.h"

namespace flit::fattree {

// Fails every router and channel `faults` marks (a block is its routers).
void applyFaults(CircuitSimulator& sim, const FaultMap& faults);

// The simulator of scenario `s` on `net` (built from s.spec) at cycle 0:
// its circuit parameters and seed, its faults (scenarioFaultMap) in force
// and its timeline to apply at its cycles. Every run of a scenario starts
// here: the command line's, the window's, a recording's replay.
CircuitSimulator scenarioSimulator(FatTreeNetwork net, const FatTreeScenario& s);

// Runs `warmup` cycles, resets the statistics, runs `cycles` more; a stop
// request is honoured between slices of 256 cycles, after each of which
// `afterSlice` (when set) is called. Returns the cycles run.
std::uint64_t runMeasured(CircuitSimulator& sim, std::uint64_t warmup, std::uint64_t cycles,
                          const std::stop_token& stop = {}, const std::function<void()>& afterSlice = {});

// Cycles endpoints spent with an attempt in the network (start to status),
// per endpoint per cycle of the measurement window: the loading of Figures
// 11-12 (0 before any cycle was measured).
double networkLoading(const CircuitSimulator& sim);

}  // namespace flit::fattree
