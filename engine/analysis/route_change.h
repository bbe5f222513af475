// The routes a route rebuild changed (issue 42, item 4: "show the detour
// itself: the routes that changed because of the last intervention"): the
// (source, destination) pairs whose route differs between the tables in
// force before and the tables in force now, and the channels those routes
// take before and after, traced hop by hop with the same path tracer
// the routers follow (routing/path_trace.h) on the machine as it is now. A
// route before that meets the failure ends at it: its channels up to the
// broken link are its "before".
//
// T3E paper section 9: after a failure "the routing tables are rewritten"
// to send the pairs whose paths crossed it along another direction-order
// path; those pairs and paths are what a person wants to see. Dimension
// order (XT) changes the pairs given a detour (routing/dor_detours.h); TRC
// routes are fixed by the algorithm and never change (they become
// unreachable instead, RouteRebuildReport).
#pragma once

#include "routing/route_tables.h"
#include "routing/routing_setup.h"
#include "topology/topology.h"

#include <cstddef>
#include <cstdint>
#include <unordered_map>
#include <vector>

namespace flit {

struct RouteChange {
  struct Pair {
    NodeId src = kInvalidId;
    NodeId dst = kInvalidId;
    std::vector<ChannelId> before;  // the route's channels with the old tag, in order
    std::vector<ChannelId> after;   // ... with the tag in force now
    friend bool operator==(const Pair&, const Pair&) = default;
  };
  // Every changed pair, sorted by (src, dst); a pair with a down end is left out.
  // Paths are kept for the first kMaxPairsWithPaths pairs only (the channel
  // sets below always cover all of them).
  std::vector<Pair> pairs;
  std::size_t changedPairs = 0;       // pairs.size() unless capped
  // Pairs whose tag changed but whose path did not: the builder cleared (or
  // set back) the adaptive bit because a failure lies on one of the minimal
  // paths an adaptive packet could take (route_builder.h). Not in `pairs`.
  std::size_t sameRoutePairs = 0;
  std::vector<ChannelId> channelsBefore;  // sorted, unique: used by a changed route before
  std::vector<ChannelId> channelsAfter;   // sorted, unique: used by a changed route now
  static constexpr std::size_t kMaxPairsWithPaths = 4096;
  friend bool operator==(const RouteChange&, const RouteChange&) = default;
};

// R_NET_LUT registers that differ between two tables of one machine: those
// whose route fields changed (a register whose override mode changed counts
// as one), and those where only the adaptive bit (Table 7 bit 37) did.
struct LutEntryChanges {
  int route = 0;
  int adaptiveOnly = 0;
};
LutEntryChanges changedLutEntries(const RouteTables& before, const RouteTables& after);
// Dimension order: the pairs whose detour or relay differs (given, taken
// back or changed) between two setups' RoutingSetup::detours or ::relays.
template <class PairMap>
int changedDetours(const PairMap& before, const PairMap& after) {
  int n = 0;
  for (const auto& [pair, value] : after) {
    const auto it = before.find(pair);
    n += it == before.end() || it->second != value ? 1 : 0;
  }
  for (const auto& entry : before) n += after.contains(entry.first) ? 0 : 1;
  return n;
}

// Compares the routes of `before` with those of `now` (same algorithm and
// machine; an empty RouteChange for TRC, or when `before` belongs to another
// machine): direction order compares every pair's LUT tag (O(nodes^2)),
// dimension order only the pairs with a detour in either. nodeUp may be
// empty (every node up). Plus one trace per changed pair.
RouteChange compareRoutes(const Topology& topo, const RoutingSetup& now, const RoutingSetup& before,
                          const std::vector<std::uint8_t>& nodeUp);

}  // namespace flit
