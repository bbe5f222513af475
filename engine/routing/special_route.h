// Special (delta) routing, T3E manual HMM-160-0, "Special Routing": before
// the routing tables are loaded, software reaches a router's registers with
// six signed delta values, travelled in this order: primary delta X, Y, Z,
// then secondary delta X, Y, Z. Each router that sees a non-zero delta
// decrements its magnitude and forwards the packet one hop in that delta's
// direction (sign); when all six are 0 the packet has arrived (the router's
// register is written or read). The special network is separate from the VC
// network (the manual calls it nonblocking; colliding packets overwrite each
// other, which Flitscope does not model), so no VC or dateline applies.
#pragma once

#include <array>
#include <optional>
#include <string_view>

#include "routing/path_trace.h"
#include "topology/topology.h"

namespace flit {

struct SpecialDeltas {
  // primary X, Y, Z, secondary X, Y, Z; hops, negative = - direction
  std::array<int, 6> delta{0, 0, 0, 0, 0, 0};
  bool done() const;
  friend bool operator==(const SpecialDeltas&, const SpecialDeltas&) = default;
};

// One hop decision at `here`: the Direction of the first non-zero delta
// (decremented towards 0), kProcessorPort when all are 0, kRouteMisroute when
// the hop would leave the topology (mesh edge, unused dimension).
int specialRouteStep(const Topology& topo, NodeId here, SpecialDeltas& deltas);

// The whole special path from src (VC 0 on every hop, no datelines). Outcome
// Delivered at the node the deltas lead to, LeftTopology, or FailedLink.
PathTrace traceSpecialPath(const Topology& topo, NodeId src, SpecialDeltas deltas);

// Parses "DX,DY,DZ" or "DX,DY,DZ,DX2,DY2,DZ2" (signed integers, |d| <= 255);
// nullopt on anything else.
std::optional<SpecialDeltas> parseSpecialDeltas(std::string_view text);

}  // namespace flit
