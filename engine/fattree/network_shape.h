// Networks of RN1s other than the fat-tree, run by the same circuit
// simulator: each is a NetworkShape, a table of what differs from the
// fat-tree (how it is built and sized, how a header routes, how far apart
// endpoints are, which locality table fits it). Its scenario's topology
// section is read and written in engine/scenario (fat_tree_scenario_json.cpp).
// The fat-tree's own functions (buildFatTree, routeHeader, paperLocality,
// ...) ask otherShapeOf(spec) first and hand a spec of another shape to it,
// so that no caller branches on the shape.
//
// A new shape: its own files (as fattree/flat_bidelta.{h,cpp}), a BlockKind
// that marks its spec (FatTreeSpec::leaf), one line in networkShapes()
// (network_shape.cpp) and its topology section's row in kShapeSections
// (scenario/fat_tree_scenario_json.cpp, which tst_fattree_scenario checks);
// its topology.family key joins kCircuitFamilyKeys (topology/topology_family.h),
// which tst_flat_bidelta checks against this list.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "fattree/fat_tree_network.h"
#include "fattree/fat_tree_routing.h"
#include "fattree/locality.h"

namespace flit::fattree {

struct NetworkShape {
  std::string_view familyKey;  // the scenario's topology.family
  BlockKind kind;              // FatTreeSpec::leaf of its specs, and of its one block
  const char* blockName;       // blockKindName(kind)
  void (*check)(const FatTreeSpec& spec);  // std::invalid_argument
  FatTreeNetwork (*build)(const FatTreeSpec& spec);
  std::uint64_t (*routerCount)(const FatTreeSpec& spec);
  std::uint64_t (*endpointCount)(const FatTreeSpec& spec);
  int (*treeLevels)(const FatTreeSpec& spec);
  int (*commonLevel)(const FatTreeSpec& spec, std::uint32_t a, std::uint32_t b);
  RouteHeader (*routeHeader)(const FatTreeSpec& spec, std::uint32_t src, std::uint32_t dst);
  int (*stagesBetween)(const FatTreeSpec& spec, int level, bool shortCuts);
  std::optional<LocalityTable> (*paperLocality)(const FatTreeSpec& spec);
};

// Every shape besides the fat-tree.
std::span<const NetworkShape> networkShapes();
// The shape of `spec`, or null for a fat-tree.
const NetworkShape* otherShapeOf(const FatTreeSpec& spec);
const NetworkShape* otherShapeOfKind(BlockKind kind);
// The shape whose topology.family is `key`, or null ("fatTree" and unknown keys).
const NetworkShape* otherShapeOfFamilyKey(std::string_view key);

}  // namespace flit::fattree
