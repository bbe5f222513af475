// T3E node identification (T3E manual HMM-160-0, "Node Identification",
// Figures 11 and 12): every node has a physical PE number (its position,
// 0xZZYYXX, see Topology::physicalPe), a logical PE number (how software
// numbers the machine; a bad node is "logically removed" by giving its
// logical number to another physical node) and, inside a partition, a
// virtual PE number (virtual 0 = the smallest logical PE of the partition).
//
// Default logical numbering (documented in docs/routing.md):
//  - "module" numbering when X and Y radices are both even (and dims >= 2):
//      logical = (x & 1) | (y & 1) << 1 | module << 2,
//      module  = (x >> 1) + (kx/2) * (z + kz * (y >> 1)).
//    Four consecutive logical PEs are a 2x2 block in X and Y with logical
//    bit 0 = X bit 0 and bit 1 = Y bit 0, which is what R_LUT_OVERRIDE mode 1
//    needs for machines over 544 PEs (Table 6, Figure 10). The module order
//    (X, then Z, then Y) is derived from the manual's worked examples: it
//    puts LPE A at (0,3,0), LPE 7 at (1,1,1) (Figure 17) and LPE B at
//    (1,3,0) (Figure 18) in the 2x4x2 machine of Figure 12.
//  - otherwise "linear" numbering: logical = NodeId (X fastest, then Y, Z);
//    such machines cannot use LUT modes 1/2.
//
// A PeMap is always a bijection between logical PEs 0..nodeCount-1 and
// nodes. Plain value type; not thread-safe for concurrent mutation.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "topology/topology.h"

namespace flit {

class PeMap {
 public:
  PeMap() = default;
  explicit PeMap(const Topology& topo);  // default numbering, see above

  // True when the spec gets module numbering (kx, ky even, dims >= 2).
  static bool usesModuleNumbering(const TopologySpec& spec);
  // The default logical number of a coordinate (no moves applied).
  static int defaultLogicalOf(const TopologySpec& spec, const Coord& c);

  int peCount() const { return static_cast<int>(nodeOf_.size()); }
  // Precondition: 0 <= logicalPe < peCount(), 0 <= node < peCount().
  NodeId nodeOf(int logicalPe) const { return nodeOf_[static_cast<std::size_t>(logicalPe)]; }
  int logicalOf(NodeId node) const { return logicalOf_[static_cast<std::size_t>(node)]; }

  // Moves logical PE `logicalPe` to physical node `node` (hot spare, manual
  // "Node Identification": "logically remove a bad node"). The logical PE
  // that was on `node` takes the vacated node (a swap), so the map stays a
  // bijection. Throws std::out_of_range on an invalid PE or node.
  void assign(int logicalPe, NodeId node);

  // True when every aligned group of 4 logical PEs {4m..4m+3} sits on a 2x2
  // block in X and Y with logical bit 0 = X bit 0 and bit 1 = Y bit 0 (the
  // LUT mode 1 condition), or with the bits swapped (`swapped`, mode 2).
  bool isModuleAligned(const Topology& topo, bool swapped = false) const;

  friend bool operator==(const PeMap&, const PeMap&) = default;

 private:
  std::vector<NodeId> nodeOf_;  // logical -> node
  std::vector<int> logicalOf_;  // node -> logical
};

// A partition: a set of logical PEs given to one application. Virtual PE
// numbers count its members in increasing logical order (manual, note under
// "Node Identification": virtual 0 = smallest logical PE).
class Partition {
 public:
  // Throws std::invalid_argument on a duplicate or negative logical PE.
  explicit Partition(std::vector<int> logicalPes);
  int size() const { return static_cast<int>(members_.size()); }
  // -1 when the logical PE is not in the partition.
  int virtualOf(int logicalPe) const;
  // Precondition: 0 <= virtualPe < size().
  int logicalOf(int virtualPe) const { return members_[static_cast<std::size_t>(virtualPe)]; }

 private:
  std::vector<int> members_;  // sorted logical PEs
};

// "A" / "1F": a logical or virtual PE number the way the manual writes them (hex).
std::string formatPeNumber(int pe);

}  // namespace flit
