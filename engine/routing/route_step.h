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
  NodeId dest = kInvalidId;  // where the route ends (physical), for checks and DOR: the packet's
                             // destination, or a relay node on its way (RoutingSetup::relays)
  std::uint8_t phase = 0;    // progress bits, see kPhase* below
  TieBits tieMinus = 0;      // DimensionOrder: bit d set, a half-ring tie in d goes -
                             // (routing/tie_rule.h; fixed when the packet is created)
  static constexpr std::uint8_t kPhaseInitialHopDone = 1;
  static constexpr std::uint8_t kPhaseFinalHopDone = 2;
};

// A dimension-order packet's detour around failures (routing/dor_detours.h):
// RouteState::tag is 0 for the plain route (X, then Y, then Z, the shorter
// way round), or the encoded detour: the sign of travel in every dimension
// fixed (a torus ring may be taken the long way round) and an optional
// initial hop in +X, +Y or +Z before dimension order starts. XT paper
// section 1.1: "Although DOR is deadlock-free there are several turn rules
// necessary to avoid turn cycles when routing around faulty links"; the
// rules Flitscope follows are those of the T3E paper's section 3.1 (an
// initial hop in a + direction, never to a dateline node), written out in
// docs/fault-tolerance.md.
struct DorDetour {
  std::uint8_t minus = 0;       // bit d: travel in dimension d goes -, else +
  std::int8_t initialDim = -1;  // -1: none; d: one hop in +d first
  std::uint64_t encode() const {
    return kPresent | (std::uint64_t{minus & 7u} << 1) |
           (std::uint64_t{static_cast<std::uint8_t>(initialDim + 1) & 3u} << 4);
  }
  static DorDetour decode(std::uint64_t tag) {
    return DorDetour{static_cast<std::uint8_t>((tag >> 1) & 7u),
                     static_cast<std::int8_t>(static_cast<int>((tag >> 4) & 3u) - 1)};
  }
  static constexpr std::uint64_t kPresent = 1;  // a detour tag is never 0
  friend bool operator==(const DorDetour&, const DorDetour&) = default;
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
