// The faults in force in the packet simulator and the routes built for
// them (docs/fault-tolerance.md): which nodes and links are down, the pairs
// no route joins, the hot spares, and the route tables before and after the
// last rebuild. Plain state; the Simulator (sim/simulator.h) is built on it
// and holds the rules (simulator_faults.cpp, simulator_spares.cpp,
// simulator_vc_rule.cpp).
#pragma once

#include "routing/pe_map.h"
#include "routing/routing_setup.h"
#include "sim/sim_types.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

namespace flit {

class FaultBook {
 protected:
  std::vector<std::uint8_t> nodeUp_;
  std::vector<std::uint8_t> linkFailedByUser_;  // per link: failLink (not failNode)
  // src * nodes + dst of the pairs no route joins, sorted (a dense nodes^2
  // array took 68 GB on a 64x64x64); empty: none.
  std::vector<std::uint64_t> pairBlocked_;
  std::size_t unreachablePairs_ = 0;
  bool anyNodeDown_ = false;
  // A dimension-order detour (routing/dor_detours.h) has been in force: from
  // then on the cycle runs DimensionOrderDetourRouting, whose heads read
  // their packet's tag (a packet keeps its detour after the routes change
  // again), instead of the plain step that never touches the packet.
  bool detoursSeen_ = false;
  RoutingSetup generated_;  // the tables as generated / last rebuilt (restoreGeneratedLutEntry)
  RouteRebuildReport lastRebuild_;
  std::shared_ptr<const RoutingSetup> routesBefore_;  // in force before the last accepted rebuild
  VcRuleCheck lastVcCheck_;
  std::vector<std::uint8_t> hotSpare_;  // per node
  PeMap homePes_;                       // default numbering
};

}  // namespace flit
