// Reachability of every (source, destination) pair for a whole routing setup
// on a degraded machine (failed links in the topology, down nodes in nodeUp).
#pragma once

#include "routing/route_builder.h"
#include "routing/routing_setup.h"
#include "topology/topology.h"

#include <cstdint>
#include <vector>

namespace flit {

// The routing of a whole setup for the degraded machine: direction order
// rebuilds setup.tables in place (rebuildRoutes with the setup's datelines
// and VC tables); dimension order keeps every plain route that avoids the
// failures and gives every other pair the detour of the turn rules
// (setup.detours, routing/dor_detours.h; RouteBuildReport::reroutedEntries
// counts them, initialHopEntries those with an initial hop), and every pair
// still without a route a relay node, if two such routes join (setup.relays,
// PairStatus::Relayed, relayedPairs); TRC has nothing to change, so its
// fixed routes are only walked. Pairs still without a route are reported
// Unreachable. Call on a freshly built setup (buildRoutingSetup)
// so that repaired parts get their minimal routes back.
RouteBuildReport rebuildSetupRoutes(RoutingSetup& setup, const Topology& topo,
                                    const std::vector<std::uint8_t>& nodeUp, bool adaptive);

// Dimension order and TRC: which pairs' fixed routes deliver around the
// failures (status Routed) and which meet a failed link or down node
// (Unreachable); NodeDown for pairs with a down end. Each node's verdict per
// destination is computed once (a fixed route from a node depends only on
// the node and the destination).
RouteBuildReport fixedRouteReachability(const Topology& topo, const RoutingSetup& setup,
                                        const std::vector<std::uint8_t>& nodeUp);

}  // namespace flit
