// Everything a router needs to route, built once from a RoutingConfig for a
// topology: the algorithm, the PE map, the R_NET_LUT/R_LUT_OVERRIDE tables
// (direction order only), the datelines and the VC tables. The simulator, the
// path tracer and the dependency-graph analysis all route through this, so
// they agree by construction. Immutable after build; safe to share const.
#pragma once

#include <functional>
#include <optional>
#include <unordered_map>

#include "routing/pe_map.h"
#include "routing/route_step.h"
#include "routing/route_tables.h"
#include "routing/routing_config.h"
#include "routing/vc_selection.h"
#include "topology/topology.h"

namespace flit {

struct RoutingSetup {
  RoutingAlgorithm algorithm = RoutingAlgorithm::DirectionOrder;
  PeMap peMap;
  std::optional<RouteTables> tables;  // engaged for DirectionOrder only
  DatelineConfig datelines;
  VcTables vcTables;
  // Half-ring ties (routing/tie_rule.h). Dimension order: the packet's tie
  // bits (RouteState::tieMinus) come from startState; direction order: the
  // LUT generator already applied it (the tags' signs).
  TieRule tieRule = TieRule::Plus;
  // Dimension order around failures (routing/dor_detours.h): the detour tag
  // (DorDetour::encode) of every (src, dst) pair whose plain route meets a
  // failure, keyed src * nodeCount + dst; empty on an intact machine.
  std::unordered_map<std::uint64_t, std::uint64_t> detours;
  // Dimension order: the pairs no route of the turn rules reaches, each with
  // the relay node m its packets go through in two legs (src -> m, then
  // m -> dst, each a route of this setup that delivers; at m a packet leaves
  // the network into m's source queue, which never refuses it, and starts
  // again). Keyed as detours; empty on an intact machine.
  std::unordered_map<std::uint64_t, NodeId> relays;

  // The relay node of src -> dst, or kInvalidId: the pair goes straight.
  NodeId relayOf(const Topology& topo, NodeId src, NodeId dst) const {
    if (relays.empty()) return kInvalidId;
    const auto it = relays.find(static_cast<std::uint64_t>(src) * static_cast<std::uint64_t>(topo.nodeCount()) +
                                static_cast<std::uint64_t>(dst));
    return it == relays.end() ? kInvalidId : it->second;
  }

  // The state a packet from src to dst starts with: for direction order the
  // tag from the source's LUT (tables->tagFor), else makeRouteState() with
  // the packet's tie bits by tieRule (`drawn`: the packet's random draw,
  // used under TieRule::Random only).
  RouteState startState(const Topology& topo, NodeId src, NodeId dst, TieBits drawn = 0) const;
  // Calls f(drawn) once for every draw that can give a src -> dst packet a
  // different route: under dimension order with TieRule::Random every subset
  // of tieDimensions(src, dst), otherwise once with 0. The analyses that
  // enumerate routes (dependency graph, reachability, competing inputs)
  // cover every packet this way.
  void forEachTieVariant(const Topology& topo, NodeId src, NodeId dst,
                         const std::function<void(TieBits)>& f) const;
  // Same, with an explicit tag: a routing tag for direction order, a detour
  // tag (0 = the plain route) for dimension order; TRC ignores it.
  RouteState startStateWithTag(const Topology& topo, NodeId src, NodeId dst,
                               std::uint64_t tag) const;
  // The tag a src -> dst packet starts with (ties as drawn 0): what a route
  // rebuild changes for the pair (analysis/route_change.h).
  std::uint64_t pairTag(const Topology& topo, NodeId src, NodeId dst) const {
    return startState(topo, src, dst).tag;
  }
};

// Builds the setup: PeMap default numbering; for direction order
// checkTagAddressable, the LUT generator in the configured (or default) mode,
// then the explicit lutEntries and lutOverrides; VC tables from the generator
// then the explicit entries. Throws ScenarioError naming the field.
RoutingSetup buildRoutingSetup(const Topology& topo, const RoutingConfig& config);
// The datelines and VC tables of buildRoutingSetup, under `rule` instead of
// config.vcRule (routing/vc_rule.h; Simulator::setVcRule).
VcRuleSetup vcSetupOf(const Topology& topo, const RoutingConfig& config, VcRule rule);

// The destination ordinate in `dim` as the router at a hop sees it: the tag's
// address for direction order (Table 7: routers only know the tag), the
// destination node's coordinate otherwise. Used to index the VC tables.
int destinationOrdinate(const Topology& topo, RoutingAlgorithm algo, const RouteState& state,
                        int dim);

}  // namespace flit
