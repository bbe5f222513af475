// Routing tag look-up: per node an R_NET_LUT of 544 registers and an
// R_LUT_OVERRIDE register (T3E manual HMM-160-0, "Routing Tag Look-up Table",
// Table 6, Figure 10; T3E paper section 2: up to 2176 PEs).
//
//  mode 0: entry = LUT[logical PE]                (<= 544 PEs)
//  mode 1: entry = LUT[logical >> 2], then tag bit 0 (X_ADR bit 0) := logical
//          bit 0 and tag bit 8 (Y_ADR bit 0) := logical bit 1
//  mode 2: as mode 1 with the two logical bits swapped (bit 0 := logical bit 1,
//          bit 8 := logical bit 0)
//  mode 3: the tag is bits <37:0> of the R_LUT_OVERRIDE register itself
//
// tagFor()/tagForLogical() are the simulator's hot path: inline, no
// allocation, no checks beyond what the mode needs. Mutators validate.
// Not thread-safe for concurrent mutation; const use from many threads is fine.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "routing/pe_map.h"
#include "routing/routing_tag.h"
#include "routing/tie_rule.h"
#include "topology/topology.h"

namespace flit {

inline constexpr int kNetLutEntries = 544;          // R_NET_LUT registers per router
inline constexpr int kMaxTagAddressablePes = 2176;  // 4 * 544 (T3E paper, section 2)

enum class LutMode : std::uint8_t { PerPe = 0, LowBitsXY = 1, LowBitsYX = 2, Register = 3 };
std::string_view lutModeName(LutMode m);  // "0 (one entry per logical PE)", ...

struct LutOverride {
  LutMode mode = LutMode::PerPe;
  std::uint64_t registerBits = 0;  // used in mode 3 (bits <37:0>)
  friend bool operator==(const LutOverride&, const LutOverride&) = default;
};

class RouteTables {
 public:
  // All entries 0, every node in defaultLutMode(topo) (mode 0 up to 544 PEs,
  // mode 1 above, so tagFor never indexes past the 544 registers). Throws
  // ScenarioError naming the field ("topology.radix[0]: ...") when Table 7
  // cannot address the topology (see checkTagAddressable).
  RouteTables(const Topology& topo, PeMap peMap);

  const PeMap& peMap() const { return peMap_; }
  int nodeCount() const { return static_cast<int>(overrides_.size()); }

  // The routing tag the source's router builds for a packet to `dstNode`
  // (through the PeMap and the source's mode).
  std::uint64_t tagFor(NodeId src, NodeId dstNode) const {
    return tagForLogical(src, peMap_.logicalOf(dstNode));
  }
  // Precondition: 0 <= logicalPe < peMap().peCount(); in mode 0 logicalPe < 544.
  std::uint64_t tagForLogical(NodeId src, int logicalPe) const {
    const LutOverride& o = overrides_[static_cast<std::size_t>(src)];
    const auto lp = static_cast<std::uint64_t>(logicalPe);
    switch (o.mode) {
      case LutMode::PerPe:
        return lutRow(src)[logicalPe];
      case LutMode::LowBitsXY:
        return (lutRow(src)[logicalPe >> 2] & ~kLowAddrBits) | (lp & 1u) | (((lp >> 1) & 1u) << 8);
      case LutMode::LowBitsYX:
        return (lutRow(src)[logicalPe >> 2] & ~kLowAddrBits) | ((lp >> 1) & 1u) | ((lp & 1u) << 8);
      case LutMode::Register:
        return o.registerBits & kRegisterTagMask;
    }
    return 0;
  }
  // The R_NET_LUT register index a logical PE uses in a mode (mode 3: -1).
  static int lutIndex(LutMode mode, int logicalPe);

  // Throws std::out_of_range for a bad node or index (0..543).
  void setEntry(NodeId node, int index, std::uint64_t tag);
  std::uint64_t entry(NodeId node, int index) const;
  // Throws std::invalid_argument when the mode cannot serve this machine:
  // mode 0 with more than 544 PEs, modes 1/2 with more than 2176.
  void setOverride(NodeId node, LutOverride o);
  const LutOverride& overrideOf(NodeId node) const {
    return overrides_[static_cast<std::size_t>(node)];
  }

  static constexpr std::uint64_t kLowAddrBits = 0x101u;  // tag bits 0 and 8
  static constexpr std::uint64_t kRegisterTagMask = (std::uint64_t{1} << 38) - 1;

 private:
  const std::uint64_t* lutRow(NodeId n) const {
    return lut_.data() + static_cast<std::size_t>(n) * kNetLutEntries;
  }
  PeMap peMap_;
  std::vector<std::uint64_t> lut_;  // node * 544 + index
  std::vector<LutOverride> overrides_;
};

// Throws ScenarioError naming the field when Table 7 cannot address the
// topology: "topology.radix[0]: X radix 16 exceeds the routing tag's X_ADR
// field (Table 7: at most 8)", same for Y (32) and Z (16), and
// "topology: 4096 PEs exceed the 2176 a 544-entry R_NET_LUT can address".
void checkTagAddressable(const TopologySpec& spec);

// The mode a machine needs by default: 0 up to 544 PEs, 1 above (requires
// module-aligned logical numbering, see PeMap).
LutMode defaultLutMode(const Topology& topo);

// A minimal direction-order tag from src to dst: per dimension the shorter
// way round a torus ring (ties, i.e. exactly k/2 hops, as the tie rule says
// for this source: ringStepPlus, routing/tie_rule.h; "plus", the default, is
// the XT's dimension-order rule), the only way in a mesh; no initial or final
// hop; `adaptive` sets bit 37. TieRule::Random is treated as Plus here (a
// table cannot draw per packet; fillMinimalTags refuses it).
std::uint64_t minimalTag(const Topology& topo, NodeId src, NodeId dst, bool adaptive,
                         TieRule rule = TieRule::Plus);

// Fills every node's R_NET_LUT with minimal tags for `mode` and sets every
// node's override register to that mode (mode 3 is rejected: it has no table).
// Modes 1/2: one entry serves 4 logical PEs; its X_ADR/Y_ADR bit 0 come from
// the logical PE, and each sign is chosen to minimise the summed hop count
// over the block's members (an equal sum is a tie). Ties follow `rule` per
// source node: "plus" every source +, "sourceParity" + from an even source
// ordinate in that dimension, - from an odd one. Throws ScenarioError naming
// the field when the topology is not addressable, "routing.lutMode: ..." when
// the mode cannot serve the machine or the PeMap is not module-aligned for
// it, and "routing.tieRule: ..." for TieRule::Random (per packet, which a
// per-source table cannot express).
void fillMinimalTags(RouteTables& tables, const Topology& topo, LutMode mode, bool adaptive,
                     TieRule rule = TieRule::Plus);

}  // namespace flit
