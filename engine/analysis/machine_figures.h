// What a healthy torus or mesh can carry and how fast a packet crosses it
// when idle, from its shape and its router's stages alone, as T3E section 11
// derives its Figures 7 and 8 (docs/engine.md "Machine figures"):
//   - the bisection: the fewest one-way channels that cross a cut of the
//     machine into two halves (a cut across one dimension, between
//     coordinates k/2 - 1 and k/2 and, on a torus, across the wrap links);
//   - the per-PE global bandwidth (Figure 8): "equal to twice the bisection
//     bandwidth, divided by the number of nodes", and never more than the
//     processor port's one flit a cycle ("For system sizes up to 64 nodes,
//     the processor-network port is the bottleneck");
//   - the zero-load round trip (Figure 7): "twice the delay from the input
//     of the router at the source node to the input of the control chip at
//     the destination node", a one-flit packet under the router's
//     zeroLoadCycles (Table 2's latencies on the T3E presets), averaged over
//     uniformly random destinations other than the source, and its maximum.
// In cycles and flits; scenario/physical_units.h turns them into ns and MB/s.
#pragma once

#include "router/router_config.h"
#include "topology/topology.h"

#include <cstdint>
#include <vector>

namespace flit {

struct MachineFigures {
  int nodes = 0;
  int bisectionDim = -1;       // the dimension cut (the first of equals); -1: one node
  int bisectionChannels = 0;   // one-way channels across the cut, both ways counted
  // 2 * bisectionChannels / nodes flits per node and cycle: what the
  // bisection lets each PE send across the machine.
  double bisectionBoundFlitsPerCycle = 0;
  // min(bisectionBoundFlitsPerCycle, 1): the processor port takes one flit a cycle.
  double perPeGlobalFlitsPerCycle = 0;
  // Which bound sets it: the port (> 1), both ("equally utilized", = 1) or
  // the bisection (< 1).
  enum class Limit { ProcessorPort, Both, Bisection };
  Limit limit = Limit::ProcessorPort;
  double meanRoundTripCycles = 0;     // 0 for one node
  std::uint64_t maxRoundTripCycles = 0;
};

MachineFigures machineFigures(const TopologySpec& shape, const RouterConfig& router);
const char* limitName(MachineFigures::Limit l);  // "processorPort", "both", "bisection"

// The T3E's shapes by system size (Figures 7 and 8's x axis), 2 to 2048 PEs,
// every dimension a torus: X and Z grow to 8, then only Y ("the aspect ratio
// of the largest to smallest dimension stays within a factor of two up to
// 1024 processors (8x16x8) ... the Y dimension grows to 32 for the 2048-PE
// system", section 1). Below 512 the paper names no shape; these keep the
// factor of two and grow Y first.
std::vector<TopologySpec> t3eSystemShapes();

}  // namespace flit
