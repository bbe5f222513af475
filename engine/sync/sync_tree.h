// Spanning trees for the virtual barrier/eureka networks (T3E paper, seed
// 000_bcf8236523569157.txt, section 6: each router's register says "which of
// the six network directions plus the local processor are children in the
// tree, and which direction (if any) is the parent").
//
// A SyncTree is a tree of routers rooted at `root`: every router in it has a
// parent direction (none at the root); a participating node's processor is a
// child of its own router. Routers whose processor does not participate may
// be inner nodes (relays), never leaves.
//
// Shapes:
//  - DimensionOrdered: the X row through the root, then Y columns from that
//    row, then Z columns (the path from the root to a node moves in X, then Y,
//    then Z, without wrap links). Default root: the first live participant.
//  - MinimumDepth: breadth-first from the root over live links, wrap links
//    included, so each participant is at its torus distance from the root.
//    Default root: the live participant nearest the centre of the
//    participants' bounding box. Inside the participant set first (a box
//    partition keeps its tree inside the box), then through other live nodes.
// Failed nodes and links (Topology::linkUp false) are avoided: a participant
// on a failed node leaves, one that no live path reaches leaves too; both are
// reported in `left`. A dimension-ordered path that meets a failure is
// replaced by a shortest live path to the tree built so far.
//
// Pure functions of their arguments; no Qt, no shared state.
#pragma once

#include "topology/topology.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace flit {

enum class TreeShape : std::uint8_t { DimensionOrdered, MinimumDepth };
std::string_view treeShapeName(TreeShape s);  // "dimension", "min-depth"
std::optional<TreeShape> parseTreeShape(std::string_view name);

// Participants, by one of three texts (the CLI's --participants and the
// scenario's sync.trees[].participants):
//   "all"                  every node
//   "X0-X1,Y0-Y1,Z0-Z1"    a box partition, bounds inclusive, X0 <= X1;
//                          "3" is short for "3-3"; one range per dimension
//   "X,Y,Z;X,Y,Z;..."      a list of nodes
// Sorted by NodeId, no duplicates. Throws std::invalid_argument naming the
// problem when the text is malformed or a node lies outside the topology.
std::vector<NodeId> parseParticipants(std::string_view text, const Topology& topo);

struct TreeRequest {
  std::vector<NodeId> participants;  // distinct; order does not matter
  TreeShape shape = TreeShape::MinimumDepth;
  std::optional<NodeId> root;        // a live node (participant or not); default per shape
};

struct SyncTree {
  inline static constexpr std::int8_t kNoParent = -1;  // the root
  inline static constexpr std::int8_t kNotInTree = -2;

  NodeId root = kInvalidId;
  // Per node: direction (0..5) to the parent, kNoParent at the root,
  // kNotInTree for routers outside the tree.
  std::vector<std::int8_t> parentDir;
  std::vector<std::uint8_t> participates;  // per node: its processor is a child
  std::vector<std::int32_t> depth;         // per node: hops from the root, -1 outside
  std::vector<NodeId> participants;        // the ones in the tree, sorted
  struct Left {
    NodeId node;
    std::string reason;  // "node failed", "unreachable from the root"
  };
  std::vector<Left> left;                  // participants that left the tree
  std::vector<std::string> notes;          // e.g. "root (1,1,1) failed; root is (0,1,1)"

  bool inTree(NodeId n) const { return parentDir[static_cast<std::size_t>(n)] != kNotInTree; }
  // Bit p (0..5 a direction, kProcessorPort the processor): p is a child.
  std::uint8_t childMask(NodeId n, const Topology& topo) const;
  int treeDepth() const;   // largest depth of a router in the tree
  int maxFanOut(const Topology& topo) const;  // most child directions (0..6) at one router
  int routerCount() const;
};

// Throws std::invalid_argument when the request's root is outside the
// topology or no participant is alive. `failedNodes`: per node, nonzero = failed
// (empty = none failed).
SyncTree buildSyncTree(const Topology& topo, const TreeRequest& request,
                       const std::vector<std::uint8_t>& failedNodes = {});

// The tree as text, one router per line in node order:
// "(1,0,0) parent -X children +X,P" (P = the processor); for snapshots.
std::string describeSyncTree(const SyncTree& tree, const Topology& topo);

}  // namespace flit
