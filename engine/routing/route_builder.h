// The fault-avoiding route builder: recomputes every node's R_NET_LUT for a
// degraded machine (failed links, failed or absent nodes).
//
// T3E paper section 9: "Routing tables can specify alternate paths between
// each pair of nodes ... Direction order routing allows up to 8 different
// paths to be taken, simply by changing the direction of travel in the three
// dimensions. Initial and final hops add even more potential routes."
// For every source and every LUT entry the builder keeps the entry already
// in the table (normally the minimal tag from fillMinimalTags) when its route
// avoids every failed part; otherwise it tries every direction-order tag:
// 2^3 direction choices x initial hop (none, +X, +Y, +Z; section 2.2) x
// final -Z hop (section 2.2/2.3), and keeps the one whose routes reach the
// most destinations, then the fewest hops, then the fewest extra features
// (plain direction order before initial hops before final hops: section 2.3,
// "The initial and final hops only need to be used if a normal
// direction-order route does not exist").
//
// An initial hop may not go to a dateline node (section 3.1, "If the first
// hop is not to a dateline it can be in any of the first three directions
// ... without introducing any cycles"), and a route that would commit a
// dateline violation with the VC tables in force (VC1 crossing the dateline,
// section 3.2) is never chosen.
//
// Adaptivity (section 2, 2.4, 5): an entry keeps its adaptive bit only when
// its route is minimal, plain (no initial/final hop) and no failed link or
// node lies on ANY minimal path in the tag's directions (an adaptive packet
// may take any of them); otherwise the bit is cleared.
//
// In LUT modes 1/2 one entry serves 4 logical PEs (a 2x2 block in X and Y),
// so the entry's choice must suit all of them; members it cannot reach are
// unreachable. Mode 3 (one register tag for every destination) is not
// rebuilt: the builder throws std::invalid_argument.
//
// The builder only chooses tags: that the result is deadlock-free is proven
// separately by the channel dependency graph (analysis/route_dependencies.h);
// analysis/reachability.h applies the builder to a whole RoutingSetup and
// analysis/verified_rebuild.h only puts an acyclic result in force.
#pragma once

#include "routing/route_step.h"
#include "routing/route_tables.h"
#include "routing/vc_selection.h"
#include "topology/topology.h"

#include <cstdint>
#include <utility>
#include <vector>

namespace flit {

struct RouteBuildOptions {
  // Per node, 1 = present and working. Empty = every node up. A down node
  // (failed, or absent in a partial plane) sends and receives nothing and no
  // route may pass through it.
  std::vector<std::uint8_t> nodeUp;
  // Whether clean minimal entries may route adaptively (scenario default).
  bool adaptive = true;
  DatelineConfig datelines;  // for the initial-hop rule and violation check
  VcTables vcTables;         // empty (default-constructed) = all zeros
  // The tie rule of the fresh minimal tables buildFaultTolerantTables makes
  // (rebuildRoutes keeps clean entries, so theirs stays as generated).
  TieRule tieRule = TieRule::Plus;
};

// Outcome of a rebuild for one (source, destination) pair.
enum class PairStatus : std::uint8_t {
  Routed = 0,       // the source's LUT route reaches the destination
  Unreachable = 1,  // both nodes up, no direction-order route avoids the failures
  NodeDown = 2,     // the source or the destination is down
  // Dimension order: no route of the turn rules avoids the failures, but two
  // do, through a relay node (RoutingSetup::relays; analysis/reachability.h).
  Relayed = 3,
};

struct RouteBuildReport {
  int nodeCount = 0;
  std::vector<PairStatus> status;  // src * nodeCount + dst
  std::vector<std::pair<NodeId, NodeId>> unreachable;  // (src, dst), both up; sorted
  int reroutedEntries = 0;          // LUT entries changed to avoid a failure (dimension order: pairs given a detour)
  int initialHopEntries = 0;        // ... of which use an initial hop
  int finalHopEntries = 0;          // ... of which use a final hop
  int adaptiveDisabledEntries = 0;  // entries whose adaptive bit was cleared for a fault
  int relayedPairs = 0;             // pairs reached in two legs (PairStatus::Relayed)
  PairStatus at(NodeId src, NodeId dst) const {
    return status[static_cast<std::size_t>(src) * static_cast<std::size_t>(nodeCount) +
                  static_cast<std::size_t>(dst)];
  }
};

// Rewrites, in place, the entries of `tables` whose routes meet a failure
// (link state from `topo`, node state from options). Throws
// std::invalid_argument when options.nodeUp has the wrong size or a node uses
// LUT mode 3.
RouteBuildReport rebuildRoutes(RouteTables& tables, const Topology& topo,
                               const RouteBuildOptions& options);

// Fresh minimal tables for the machine (fillMinimalTags with the default LUT
// mode, options.adaptive and options.tieRule), then rebuildRoutes.
std::pair<RouteTables, RouteBuildReport> buildFaultTolerantTables(const Topology& topo,
                                                                  const PeMap& peMap,
                                                                  const RouteBuildOptions& options);

// The most hops a builder lets a route take (twice round every ring, plus
// an initial and a final hop).
inline int routeHopBound(const Topology& topo) {
  return 2 * (topo.radix(0) + topo.radix(1) + topo.radix(2)) + 2;
}

// The route of `tag` (algo's tag: a routing tag for direction order, a
// detour for dimension order) from src, as the routers walk it: routeStep,
// and selectVc with the datelines and VC tables given. Its hop count when it
// ends at dst over working links and up nodes within hopLimit hops and
// without a dateline violation, -1 otherwise. nodeUp may be empty (all up).
// The route builders of both algorithms choose with it.
int walkedRouteHops(const Topology& topo, RoutingAlgorithm algo, const DatelineConfig& datelines,
                    const VcTables& vcTables, const std::vector<std::uint8_t>& nodeUp, NodeId src,
                    NodeId dst, std::uint64_t tag, int hopLimit);

// Walks the direction-order route of `tagBits` from src (routeStep, as the
// routers do). Returns the hop count when it ends at dst using only working
// links and nodes, -1 otherwise. nodeUp may be empty (all up).
int cleanRouteHops(const Topology& topo, const std::vector<std::uint8_t>& nodeUp, NodeId src,
                   NodeId dst, std::uint64_t tagBits);

}  // namespace flit
