// Machine-wide sums of the SeaStar performance counters (XT paper Table 4)
// that the XT paper reads in section 4: stalled cycles per dimension and
// the occupancy metric of equation 17. A template over the simulator type,
// so that every engine reports them from its own portCounters().
#pragma once

#include "sim/sim_types.h"

#include <array>
#include <cstdint>

namespace flit {

struct RouterTable4 {
  // RTR_PERF_STALLED summed over the output ports of each dimension (+ and
  // -): cycles an output had a waiting packet but granted nothing for lack
  // of credits. Index 0 = X; dimensions a topology lacks stay 0.
  std::array<std::uint64_t, 3> stalledPerDimension{};
  std::uint64_t stalled = 0;  // every output, the processor port included
  // RTR_PERF_VCv_PKTS for v = 0 and 1, summed over the network input ports.
  std::uint64_t packetsVc01 = 0;
  // Equation 17: T_stall / (P_VC0 + P_VC1), cycles stalled per packet
  // (0 when no packet arrived).
  double occupancy() const {
    return packetsVc01 ? static_cast<double>(stalled) / static_cast<double>(packetsVc01) : 0.0;
  }
};

template <class Sim>
RouterTable4 routerTable4(const Sim& sim) {
  RouterTable4 t;
  const int nodes = sim.topology().nodeCount();
  const int vcs = sim.vcCount();
  for (NodeId n = 0; n < nodes; ++n) {
    for (int port = 0; port < kPortsPerNode; ++port) {
      const PortCounters c = sim.portCounters(n, port);
      t.stalled += c.stalledCycles;
      if (port >= kDirectionCount) continue;
      t.stalledPerDimension[static_cast<std::size_t>(port % 3)] += c.stalledCycles;
      for (int v = 0; v < vcs && v < 2; ++v) t.packetsVc01 += c.packets[static_cast<std::size_t>(v)];
    }
  }
  return t;
}

}  // namespace flit
