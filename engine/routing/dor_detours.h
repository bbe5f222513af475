// Dimension-order routes around failed links and nodes (issue 38, XT paper
// section 1.1: "Although DOR is deadlock-free there are several turn rules
// necessary to avoid turn cycles when routing around faulty links").
//
// The XT paper names the turn rules without giving them, so Flitscope takes
// the T3E's (T3E paper section 3.1), which are the turn model's (Glass and
// Ni) for a machine that already breaks its ring cycles with datelines:
//  1. Any sign of travel per dimension: a torus ring may be taken the long way
//     round (T3E section 9: "changing the direction of travel"). Dimension
//     order stays X, then Y, then Z, so no new turn is made; the ring's
//     dateline still breaks its cycle (a route crosses it at most once).
//  2. Before dimension order, one initial hop in +X, +Y or +Z, never to a
//     dateline node of that ring ("If the first hop is not to a dateline it
//     can be in any of the first three directions ... without introducing any
//     cycles"). That hop may turn down to a lower dimension (+Z then X), the
//     one turn plain dimension order never makes; the packet starts it from
//     the processor, on the VC its table gives.
//  3. No U-turn (a hop straight back over the link just taken): it would
//     only ever lengthen a route that rule 1 already has.
// Final hops (the T3E's extra -Z at the end) are not used: after dimension
// order a final hop in a lower dimension would add the turn Z -> X; with
// X -> Z already allowed, and the VC starting again at every turn, a chain
// of such turns can close a cycle across the datelines.
//
// The rules are an argument, not a proof: every rebuilt set of routes is
// proven deadlock-free by the channel dependency graph before it is put in
// force (analysis/verified_rebuild.h), as the T3E's tables are.
#pragma once

#include "routing/routing_setup.h"
#include "topology/topology.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace flit {

struct DorDetourChoice {
  std::uint64_t tag = 0;  // DorDetour::encode()
  int hops = 0;
};

// The detour for src -> dst on the degraded machine (link state from topo,
// node state from nodeUp, empty = every node up): among every candidate of
// the rules above whose route, walked as the routers walk it (walkedRouteHops:
// selectVc with the setup's datelines and VC tables), reaches dst over
// working links and up nodes without a dateline violation, the shortest;
// ties go to no initial hop, then to the fewest dimensions whose sign
// differs from the plain route's, then to the lowest signs and initial
// dimension. nullopt when no candidate delivers. Dimension order only.
std::optional<DorDetourChoice> findDorDetour(const Topology& topo, const RoutingSetup& setup,
                                             const std::vector<std::uint8_t>& nodeUp, NodeId src,
                                             NodeId dst);

}  // namespace flit
