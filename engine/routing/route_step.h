// One routing decision at one router: where does the head of this packet go
// next? The simulator calls routeStep() when a packet's head reaches the
// front of an input VC; the path tracer (and the GUI's tag preview) call it in
// a loop. Pure functions of (topology shape, algorithm, node, RouteState); link
// state is NOT consulted here: a route into a failed link is the caller's
// business (it drops the packet with a counted reason).
#pragma once

#include <cstdint>

#include "routing/routing_tag.h"
#include "routing/tie_rule.h"
#include "topology/topology.h"

namespace flit {

enum class RoutingAlgorithm : std::uint8_t {
  DirectionOrder,  // T3E: routing tag from the source's R_NET_LUT (manual Table 7)
  DimensionOrder,  // XT SeaStar: X, then Y, then Z, minimal direction per dimension
  TrcRelative,     // Dally-Seitz TRC: relative offsets decremented per hop, X then Y, + only
};

// Per-packet routing state, carried in the packet (head flit).
struct RouteState {
  std::uint64_t tag = 0;     // DirectionOrder: the routing tag bits (Table 7); TrcRelative:
                             // remaining offsets (x in bits 0..7, y in bits 8..15)
  NodeId dest = kInvalidId;  // the destination node (physical), for checks and DOR
  std::uint8_t phase = 0;    // progress bits, see kPhase* below
  TieBits tieMinus = 0;      // DimensionOrder: bit d set, a half-ring tie in d goes -
                             // (routing/tie_rule.h; fixed when the packet is created)
  static constexpr std::uint8_t kPhaseInitialHopDone = 1;
  static constexpr std::uint8_t kPhaseFinalHopDone = 2;
};

// The result of one step: a Direction (0..5), kProcessorPort (6: deliver
// here), or kRouteMisroute (-1: the route leaves the topology, e.g. a mesh
// edge or an unused dimension; the T3E logs this as a misroute, R_ERR0 bit 56).
inline constexpr int kRouteMisroute = -1;

// Builds the state a packet starts with for DimensionOrder and TrcRelative
// (src/dst physical nodes), ties going + (RoutingSetup::startState sets the
// packet's tie bits). DirectionOrder packets start from a LUT tag:
// RouteState{tagBits, dst, 0}.
RouteState makeRouteState(const Topology& topo, RoutingAlgorithm algo, NodeId src, NodeId dst,
                          std::uint64_t tagBits = 0);

// One hop decision at `here`; updates state.phase / state.tag as the hop is
// taken (initial and final hops are single-use; TRC offsets decrement).
int routeStep(const Topology& topo, RoutingAlgorithm algo, NodeId here, RouteState& state);

}  // namespace flit
