// Dateline virtual-channel selection, shared by the simulator and the channel
// dependency graph analysis. Pure functions; no state besides the tables.
//
// T3E paper section 3.2 ("Torus cycles"): each ring has one dateline node. A
// packet that crosses the dateline on VC0 leaves the dateline node on VC1; a
// packet on VC1 may not cross it (R_ERR0 bits 5:0, manual Table 8: dateline
// violation, per port). "Crossing" = passing THROUGH the dateline node in the
// same direction (manual, "R Option": "passes through a dateline node and does
// not switch to a new dimension"); a packet injected at, turning at or ending
// at the dateline node does not cross it.
//
// VC tables (section 3.2): each router has 2(kx+ky+kz) bits, one per
// destination ordinate per direction. On entering a new direction (including
// the first hop from the processor), the bit for the destination's ordinate
// in that dimension picks VC0 (0) or VC1 (1). All zeros is the
// "time-of-crossing" assignment (section 4). Routes that will cross the
// dateline must start on VC0, otherwise they commit a violation there.
//
// The request/response class (section 3.3) is a separate bit kept by the
// simulator: the dateline VC here is the same for both classes. Adaptive VCs
// are not handled here.
//
// Torus Routing Chip (Dally & Seitz 1986, the 2D torus section): two VCs per
// channel forming a spiral, a packet whose destination is "below" it in a
// dimension (it must wrap) travels on the low channel until it passes node 0,
// then on the high channel; others travel on the high channel. This is the
// same mechanism with the dateline at ordinate 0 and the VC table from
// VcTables::trc (VC1 exactly for the routes that neither pass through nor end
// at the dateline node: with the dateline at 0 and + travel, destination >
// here, the TRC's "high" channel). Passing node 0 switches VC0 -> VC1, which
// is the TRC's step from the low to the high channel: the spiral.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "topology/topology.h"

namespace flit {

// One dateline node per ring. "Ring" is a unidirectional ring (T3E paper
// section 3.2: "A node in each ring is specified as the dateline"; each
// router sits on "six unidirectional rings"), so the + and - rings of a
// dimension may have their dateline at different nodes. Per dimension:
// `ordinate` is the + ring's dateline node (and the - ring's too, unless
// `minusOrdinate` names another one), or kNoDateline (mesh dimensions, or
// datelines switched off to demonstrate deadlock: then both rings have none).
//
// Why two: Table 1's time-of-crossing column is reproduced only when both
// rings of a dimension switch right after the same wrap link, i.e. the +
// ring's dateline node is 0 and the - ring's is k-1 (analysis/vc_balance.h
// and docs/deadlock-and-vc-balance.md show the search); one node for both
// rings cannot give ring 4's average of 1.
inline constexpr int kNoDateline = -1;
inline constexpr int kSameAsPlus = -2;  // minusOrdinate: the - ring uses `ordinate`
struct DatelineConfig {
  std::array<int, kMaxDims> ordinate{kNoDateline, kNoDateline, kNoDateline};
  std::array<int, kMaxDims> minusOrdinate{kSameAsPlus, kSameAsPlus, kSameAsPlus};
  // The VC a packet moves to when it crosses a dateline: 1 (T3E section 3.2,
  // VC0 -> VC1) unless routing.vcRule "vc1Start" (routing/vc_rule.h) makes
  // it 0 (the torus routing chip, section 4: VC1 -> VC0 after address 0).
  std::uint8_t afterVc = 1;
  // Default: ordinate 0 (the origin, as in the TRC) for both rings of every
  // wrapped dimension of radix >= 2, none in mesh and unused dimensions.
  static DatelineConfig defaults(const TopologySpec& spec);
  // The paper's placement (Table 1, see above): + ring at 0, - ring at k-1,
  // in every wrapped dimension of radix >= 2.
  static DatelineConfig wrapLink(const TopologySpec& spec);
  bool has(int dim) const { return ordinate[static_cast<std::size_t>(dim)] != kNoDateline; }
  // The + ring's dateline node of the dimension (kNoDateline when none).
  int at(int dim) const { return ordinate[static_cast<std::size_t>(dim)]; }
  // The dateline node of the ring travelled in `dir` (kNoDateline when none).
  int at(Direction dir) const {
    const auto i = static_cast<std::size_t>(dimensionOf(dir));
    if (isPositive(dir) || minusOrdinate[i] == kSameAsPlus) return ordinate[i];
    return ordinate[i] == kNoDateline ? kNoDateline : minusOrdinate[i];
  }
  // Whether both rings of the dimension share one dateline node.
  bool sameForBothRings(int dim) const {
    const auto i = static_cast<std::size_t>(dim);
    return minusOrdinate[i] == kSameAsPlus || minusOrdinate[i] == ordinate[i];
  }
  // Whether a node at `ord` is the dateline node of the ring travelled in `dir`.
  bool isDatelineNode(Direction dir, int ord) const {
    const int at = this->at(dir);
    return at != kNoDateline && at == ord;
  }
  friend bool operator==(const DatelineConfig&, const DatelineConfig&) = default;
};

// True when a packet going from ordinate `from` to `to` (from != to) in the
// given direction of a ring of radix k passes THROUGH ordinate `dateline`
// (strictly between the two along the walk). False when dateline is none.
bool routeCrossesDateline(int k, int dateline, int from, int to, bool positive);

// Per-router VC tables: for each node and direction, bit i = the VC (0/1) a
// packet entering that direction at that node uses when its destination's
// ordinate in that dimension is i. Radix <= 64 (one 64-bit word per row).
class VcTables {
 public:
  VcTables() = default;
  explicit VcTables(const Topology& topo);  // all zeros: time-of-crossing

  // Dally-Seitz (TRC) assignment generalised to any dateline: VC1 for every
  // route that neither passes through nor ends at its (unidirectional)
  // ring's dateline node,
  // VC0 for the others. Rings without a dateline: VC1 everywhere.
  static VcTables trc(const Topology& topo, const DatelineConfig& datelines);
  // BookSim2's dim_order_torus classes (routing.vcRule "wrapClass"): VC1
  // for a route that will cross its ring's wraparound channel (k-1 <-> 0),
  // VC0 for the others and on rings without one. (BookSim2 names the two
  // classes of the - ring the other way round: the same split.)
  static VcTables wrapClass(const Topology& topo);

  // Precondition: 0 <= destOrdinate < 64 (bits above the radix read 0).
  std::uint8_t vcFor(NodeId node, Direction dir, int destOrdinate) const {
    return static_cast<std::uint8_t>((row(node, dir) >> destOrdinate) & 1u);
  }
  std::uint64_t row(NodeId node, Direction dir) const {
    return rows_[static_cast<std::size_t>(node) * kDirectionCount + static_cast<std::size_t>(dir)];
  }
  // Throws std::out_of_range on a bad node or ordinate (0..radix-1).
  void setVc(NodeId node, Direction dir, int destOrdinate, std::uint8_t vc);
  void setRow(NodeId node, Direction dir, std::uint64_t bits);  // bits above the radix dropped
  // 2(kx+ky+kz) for the topology (section 3.2); unused dimensions count 0.
  static int bitsPerRouter(const TopologySpec& spec);
  bool allZero() const;
  friend bool operator==(const VcTables&, const VcTables&) = default;

 private:
  std::vector<std::uint64_t> rows_;  // node * 6 + direction
  std::array<std::uint64_t, kMaxDims> radixMask_{0, 0, 0};
};

// `arrivedDir` for a packet that enters from the processor port.
inline constexpr int kFromProcessor = kProcessorPort;

struct VcSelection {
  std::uint8_t vc = 0;           // dateline VC (0/1) used on the output channel
  bool crossedDateline = false;  // VC0 -> VC1 switch at the dateline node
  bool violation = false;        // on VC1 and crossing a dateline (R_ERR0 5:0)
  friend bool operator==(const VcSelection&, const VcSelection&) = default;
};

// The rule itself, in the one place it is written (selectVc below and the
// simulator's routing step call it): going straight on through its ring's
// dateline node a packet on VC0 moves to VC1 (crossed) and one already on
// VC1 commits a violation and stays on VC1; going straight on elsewhere it
// keeps its VC; entering a direction (a turn, or the first hop from the
// processor) it takes the VC table's bit, `tableVc()` (called only then).
// `afterVc` is the VC a crossing moves to (DatelineConfig::afterVc): 1 for
// the T3E (VC0 -> VC1, on VC1 a violation), 0 for the torus routing chip's
// own rule (section 4: VC1 -> VC0 after address 0, on VC0 a violation).
template <class TableVc>
[[gnu::always_inline]] inline VcSelection datelineRule(bool straight, bool atDateline,
                                                       std::uint8_t currentVc, TableVc tableVc,
                                                       std::uint8_t afterVc = 1) {
  if (!straight) return {tableVc(), false, false};
  if (!atDateline) return {currentVc, false, false};
  return currentVc != afterVc ? VcSelection{afterVc, true, false}
                              : VcSelection{afterVc, false, true};
}

// The dateline VC a packet uses leaving `here` in `outDir` (0..5). arrivedDir
// is the direction it travelled to get here (0..5) or kFromProcessor;
// currentVc its dateline VC so far; destOrdinate the destination's ordinate in
// dimensionOf(outDir) as the router knows it (the tag's address for T3E tags,
// see destinationOrdinate in path_trace.h). On a violation the packet stays on
// VC1 (the hardware logs the error and forwards it). outDir == kProcessorPort
// returns {currentVc, false, false}.
VcSelection selectVc(const Topology& topo, const DatelineConfig& datelines, const VcTables& tables,
                     NodeId here, int arrivedDir, int outDir, std::uint8_t currentVc,
                     int destOrdinate);

// R_ERR0 dateline-violation bit (manual Table 8, bits 5:0: X0=0, X1=1, Y0=2,
// Y1=3, Z0=4, Z1=5) for the input port a packet travelling `arrivedDir`
// enters by, with R_ORIENT = 0 (manual Table 1: X0 is +X, X1 is -X, ...): a
// packet travelling +X enters by the -X port (X1, bit 1).
int datelineViolationErrBit(Direction arrivedDir);

}  // namespace flit
