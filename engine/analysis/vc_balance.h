// Virtual-channel balance of torus rings: Scott & Thorson, "The Cray T3E
// Network" (Hot Interconnects 1996), section 4 and Table 1.
//
// The paper's traffic model: every node of a ring (or of an aligned
// power-of-two subring, "jobs running in partitions") sends one packet to
// every other node of it. The balance of a link is |routes on VC0 - routes on
// VC1| crossing it, divided by the largest number of routes crossing any link
// of that ring or subring; a ring's (subring's) average and maximum are over
// its links. Table 1 lists the whole ring and every subring of size >= 4.
//
// Choices where the paper is silent (docs/deadlock-and-vc-balance.md):
//  - Links of a ring of k nodes: 2k (k per direction). A subring of m nodes
//    has 2m links, the two that would close it into a ring included: its
//    traffic never uses them (it is "effectively a mesh"), so their balance is
//    0. This reproduces Table 1's time-of-crossing subring rows (.625, .656,
//    .664) exactly; averaging only over used links would give .833 for 4.
//  - A size's average is the mean over all its aligned subrings (they
//    partition the ring's links), its maximum the largest over them.
//  - Whole-ring routes go the way the scenario's routing sends them (the
//    first hop of the traced route, so half-ring ties follow routing.tieRule
//    or the LUT); subring routes go straight towards the destination without
//    leaving the partition (the partition's own LUTs, as in the paper).
//  - The VC of each hop comes from datelineRule() (routing/vc_selection.h):
//    the VC table's bit when the route enters the direction at its source,
//    VC0 -> VC1 going on through the ring's dateline node.
//
// Pure functions and plain values; no state, no threads.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "routing/routing_setup.h"
#include "routing/vc_selection.h"
#include "topology/topology.h"

namespace flit {

// The T3E's VC tables hold 8 entries per direction, indexed by the low three
// bits of the destination ordinate (paper section 4: "the VC lookup tables
// are limited to 8 entries"; its "only the lower 8 bits of the destination
// ordinate" is read as a misprint for 3 bits: 8 entries, and section 3.2's
// "maximum radix supported by the tables is 8"); full tables have one entry
// per ordinate.
enum class VcTableLimit : std::uint8_t { Full, T3e };
inline constexpr int kT3eVcTableEntries = 8;
std::string_view vcTableLimitName(VcTableLimit l);                   // "full", "t3e"
std::optional<VcTableLimit> parseVcTableLimit(std::string_view text);  // exact names above
constexpr int vcTableEntryOf(VcTableLimit limit, int destOrdinate) {
  return limit == VcTableLimit::T3e ? destOrdinate % kT3eVcTableEntries : destOrdinate;
}

// One route of a ring: positions (ordinates in the ring's dimension).
struct RingRoute {
  int src = 0;
  int dst = 0;
  bool plus = true;  // travels + (else -)
  friend bool operator==(const RingRoute&, const RingRoute&) = default;
};

// A ring as section 4 sees it: its radix, whether it wraps, the dateline
// node of its + and - ring (kNoDateline: none), and the whole ring's routes.
struct RingModel {
  int radix = 0;
  bool wraps = true;
  int plusDateline = kNoDateline;
  int minusDateline = kNoDateline;
  std::vector<RingRoute> routes;  // every ordered pair, the way it is routed
  std::uint8_t afterVc = 1;       // the VC a crossing moves to (DatelineConfig::afterVc)
  int datelineOf(bool plus) const { return plus ? plusDateline : minusDateline; }
  friend bool operator==(const RingModel&, const RingModel&) = default;
};

// A torus ring of radix k whose half-ring ties follow `rule` by the source's
// ordinate (tieBitsFor, routing/tie_rule.h; Random is refused with
// std::invalid_argument: it has no fixed route per pair).
RingModel tieRuleRing(int radix, int plusDateline, int minusDateline, TieRule rule);

// The VC table bits of the nodes of one ring: per position the + and - rows
// (bit i = VC for destination ordinate i), as VcTables stores them.
struct RingVcTable {
  std::vector<std::uint64_t> plus;
  std::vector<std::uint64_t> minus;
  explicit RingVcTable(int radix = 0)
      : plus(static_cast<std::size_t>(radix), 0), minus(static_cast<std::size_t>(radix), 0) {}
  std::uint8_t vcFor(int pos, bool plusDir, int dest) const {
    const auto& rows = plusDir ? plus : minus;
    return static_cast<std::uint8_t>((rows[static_cast<std::size_t>(pos)] >> dest) & 1u);
  }
  void setVc(int pos, bool plusDir, int dest, std::uint8_t vc);
  friend bool operator==(const RingVcTable&, const RingVcTable&) = default;
};

// Walks a ring route: onHop(position, plus, vc) for every link it takes (the
// link leaving `position`). Returns false when the route commits a dateline
// violation (it starts on VC1 and then goes through its dateline node).
template <typename OnHop>
bool walkRingRoute(const RingModel& ring, const RingVcTable& table, const RingRoute& r,
                   OnHop&& onHop) {
  const int k = ring.radix;
  const int dateline = ring.datelineOf(r.plus);
  bool ok = true;
  std::uint8_t vc = 0;
  for (int pos = r.src, hop = 0; pos != r.dst; ++hop) {
    const VcSelection sel = datelineRule(
        hop > 0, pos == dateline, vc, [&] { return table.vcFor(pos, r.plus, r.dst); }, ring.afterVc);
    ok = ok && !sel.violation;
    vc = sel.vc;
    onHop(pos, r.plus, vc);
    pos = r.plus ? (pos + 1) % k : (pos + k - 1) % k;
  }
  return ok;
}

// The subring sizes Table 1 lists for a ring: the ring itself, then every
// power of two below it down to 4 (none below 4).
std::vector<int> subringSizes(int radix);
// The routes of every aligned subring of `size` nodes ([j*size, (j+1)*size)
// for each j with (j+1)*size <= radix): each ordered pair, straight towards
// the destination. size == radix returns ring.routes.
std::vector<RingRoute> subringRoutes(const RingModel& ring, int size);

struct VcBalanceLevel {
  int subring = 0;      // size (== radix for the whole ring)
  double average = 0;   // mean link balance
  double maximum = 0;   // worst link balance
  int violations = 0;   // its routes that commit a dateline violation
  friend bool operator==(const VcBalanceLevel&, const VcBalanceLevel&) = default;
};
struct RingBalance {
  std::vector<VcBalanceLevel> levels;  // subringSizes() order
  int violations() const;              // summed over the levels
};

RingBalance evaluateRing(const RingModel& ring, const RingVcTable& table);

// Scenario level. A ring of dimension d is the nodes that differ from `base`
// only in d (base has ordinate 0 in d).
RingModel ringModelOf(const Topology& topo, const RoutingSetup& setup, int dim, NodeId base);
RingVcTable ringTableOf(const Topology& topo, const VcTables& tables, int dim, NodeId base);
// Writes a ring's rows into the nodes of the ring of dimension `dim` at `base`.
void applyRingTable(const Topology& topo, VcTables& tables, int dim, NodeId base,
                    const RingVcTable& table);
// The base node of every ring of dimension dim (ordinate 0 in dim), in node order.
std::vector<NodeId> ringBases(const Topology& topo, int dim);

struct VcBalanceRow {
  int dimension = 0;
  int ring = 0;     // radix
  int subring = 0;  // == ring for the whole ring
  double average = 0;
  double maximum = 0;
  int violations = 0;  // routes committing a dateline violation, summed over the rings
  friend bool operator==(const VcBalanceRow&, const VcBalanceRow&) = default;
};

// Every dimension of radix >= 2, every ring of it (the scenario's VC tables,
// datelines and routes): per subring size the mean of the rings' averages and
// the largest of their maxima. Throws std::invalid_argument under
// routing.tieRule "random" (no fixed route per pair).
std::vector<VcBalanceRow> evaluateVcBalance(const Topology& topo, const RoutingSetup& setup);

// Per channel (ChannelId), how many routes of the paper's traffic model (every
// node of the channel's ring to every other, routed as the scenario routes
// them: ringModelOf) cross it on VC0 and on VC1: the GUI's VC-balance overlay.
// Channels of dimensions of radix < 2 stay 0. Same tie-rule limit as above.
struct ChannelVcRoutes {
  std::int32_t vc0 = 0;
  std::int32_t vc1 = 0;
  friend bool operator==(const ChannelVcRoutes&, const ChannelVcRoutes&) = default;
};
std::vector<ChannelVcRoutes> channelVcRoutes(const Topology& topo, const RoutingSetup& setup);

}  // namespace flit
