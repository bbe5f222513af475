// Hot spares: T3E paper section 9 ("The routing table along with the logical
// 'who am I' registers allows for the nodes to be logically renamed. Thus, a
// customer can purchase extra nodes and use them as hot spares ...
// Applications continue to see a contiguous range of virtual PE numbers") and
// manual HMM-160-0 "Node Identification" ("you can logically remove a bad
// node ... by assigning the logical number of the bad node to a different
// physical node").
//
// Model: the machine's logical PEs 0..applicationPes-1 are what applications
// use; logical PEs applicationPes..peCount-1 sit on spare nodes. When the
// node holding an application PE is down, that logical PE moves to the up
// spare with the lowest logical number (PeMap::assign: a swap, so the failed
// node takes the spare's number, outside the application range). Routing
// follows, because R_NET_LUT is indexed by logical PE: the tables are rebuilt
// for the new map and the degraded machine.
//
// LUT modes 1/2 map logical PEs on a 4-PE (2x2 module) granularity (T3E
// paper section 2), so single-node spares cannot keep those machines
// module-aligned: remapForHotSpares refuses them (std::invalid_argument).
#pragma once

#include "routing/pe_map.h"
#include "routing/route_builder.h"
#include "routing/routing_setup.h"
#include "topology/topology.h"

#include <cstdint>
#include <utility>
#include <vector>

namespace flit {

struct HotSpareMoves {
  std::vector<std::pair<int, NodeId>> moved;  // (logical PE, the spare node it moved to)
  std::vector<int> unplaced;  // application PEs on down nodes left without a spare
};

// Moves every application PE (< applicationPes) on a down node to an up
// spare. nodeUp: per node, 1 = up (size peCount). Throws
// std::invalid_argument when applicationPes is outside 1..peCount or nodeUp
// has the wrong size.
HotSpareMoves assignHotSpares(PeMap& peMap, const std::vector<std::uint8_t>& nodeUp,
                              int applicationPes);

// Spares named by node rather than by a logical range (the GUI's "make it a
// hot spare" and scenario faults.hotSpares): `peMap` holds the default
// numbering on entry. Every logical PE whose home node is down and not a
// spare moves to an up spare that still holds its own home PE, logical PEs
// in increasing order, spares in increasing NodeId order; each spare takes
// over at most one PE (PeMap::assign, a swap: the failed node takes the
// spare's old number). nodeUp: per node, 1 = up; spares: NodeIds, any order,
// duplicates ignored. Throws std::invalid_argument on a size mismatch or a
// spare outside 0..peCount-1.
HotSpareMoves assignSpareNodes(PeMap& peMap, const std::vector<std::uint8_t>& nodeUp,
                               const std::vector<NodeId>& spares);

struct HotSpareRebuild {
  HotSpareMoves moves;
  RouteBuildReport routes;
};

// assignHotSpares on setup.peMap, then fresh minimal tables for the new map
// (setup.tables keeps its LUT mode; explicit scenario LUT entries, indexed by
// the old logical numbers, are not carried over), rebuilt around the failed
// parts with rebuildRoutes (the setup's datelines and VC tables).
// Direction order only (std::invalid_argument otherwise, or in LUT modes 1-3).
HotSpareRebuild remapForHotSpares(RoutingSetup& setup, const Topology& topo,
                                  const std::vector<std::uint8_t>& nodeUp, int applicationPes,
                                  bool adaptive);

}  // namespace flit
