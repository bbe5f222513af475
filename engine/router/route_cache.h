// Division-free routing for the simulator's hot loop. Topology::coordOf costs
// several integer divisions; the simulator calls routing once per head per
// hop, so it keeps every node's coordinates in a flat table and routes from
// it. Each function here must agree exactly with its reference in
// engine/routing (tst_router_cache checks every node pair):
//  - dimensionOrderStep    == routeStep(..., DimensionOrder, ...) for a packet
//                            whose ties go + (tieMinus 0), or with its tie bits
//  - directionOrderStep    == routeStep(..., DirectionOrder, ...) for any tag
//    (with its phase bits), and highestUnsatisfied == the adaptive request's
//    direction rule (Simulator::adaptiveOutput, T3E section 7)
//  - datelineDirs          == the directions in which selectVc(...) with
//                            arrivedDir == outDir switches VC (crosses a dateline)
#pragma once

#include "routing/route_step.h"
#include "routing/routing_tag.h"
#include "routing/tie_rule.h"
#include "routing/vc_selection.h"
#include "topology/topology.h"

#include <array>
#include <cstdint>
#include <vector>

namespace flit {

class RouteCache {
 public:
  explicit RouteCache(const Topology& topo) {
    dims_ = topo.dims();
    for (int d = 0; d < kMaxDims; ++d) {
      radix_[d] = topo.radix(d);
      wraps_[d] = topo.wraps(d);
    }
    coords_.resize(static_cast<std::size_t>(topo.nodeCount()) * kMaxDims);
    packed_.resize(static_cast<std::size_t>(topo.nodeCount()));
    for (NodeId n = 0; n < topo.nodeCount(); ++n) {
      const Coord c = topo.coordOf(n);
      std::uint32_t packed = 0;
      for (int d = 0; d < kMaxDims; ++d) {
        coords_[static_cast<std::size_t>(n) * kMaxDims + static_cast<std::size_t>(d)] =
            static_cast<std::uint8_t>(c[d]);
        if (d < dims_) packed |= static_cast<std::uint32_t>(c[d]) << (8 * d);
      }
      packed_[static_cast<std::size_t>(n)] = packed;
    }
    int stride = 1;  // Topology::nodeAt: x + kx * (y + ky * z)
    for (int dim = 0; dim < kMaxDims; ++dim) {
      for (int positive = 0; positive < 2; ++positive) {
        const auto d = static_cast<std::size_t>(makeDirection(dim, positive != 0));
        edge_[d] = static_cast<std::uint8_t>(positive ? radix_[dim] - 1 : 0);
        shift_[d] = static_cast<std::uint8_t>(8 * dim);
        stepDelta_[d] = positive ? stride : -stride;
        wrapFix_[d] = (positive ? -1 : 1) * (radix_[dim] - 1) * stride - stepDelta_[d];
      }
      stride *= radix_[dim];
    }
    for (int dim = 0; dim < dims_; ++dim) {  // the first differing dimension's step
      const int k = radix_[dim];
      auto& table = step_[static_cast<std::size_t>(dim)];
      auto& tieMinus = stepTieMinus_[static_cast<std::size_t>(dim)];
      table.assign(static_cast<std::size_t>(k * k), 0);
      tieMinus.assign(static_cast<std::size_t>(k * k), 0);
      for (int c = 0; c < k; ++c) {
        for (int d = 0; d < k; ++d) {
          if (c == d) continue;
          table[static_cast<std::size_t>(c * k + d)] = static_cast<std::uint8_t>(stepIn(dim, c, d, false));
          tieMinus[static_cast<std::size_t>(c * k + d)] = static_cast<std::uint8_t>(stepIn(dim, c, d, true));
        }
      }
    }
  }

  int coord(NodeId n, int dim) const {
    return coords_[static_cast<std::size_t>(n) * kMaxDims + static_cast<std::size_t>(dim)];
  }

  // X, then Y, then Z; the shorter way round a ring, + on a tie (as routeStep).
  // From the packed coordinates: the lowest differing byte is the first
  // dimension to correct, its step comes from that dimension's table.
  int dimensionOrderStep(NodeId here, NodeId dest) const {
    std::size_t dim = 0, index = 0;
    if (!stepIndex(here, dest, dim, index)) return kProcessorPort;
    return step_[dim][index];
  }

  // The same for a packet with tie bits (RouteState::tieMinus): a tie in
  // dimension d goes - when bit d is set. With tieMinus 0 it equals the
  // function above, which the simulator keeps for the "plus" rule.
  int dimensionOrderStep(NodeId here, NodeId dest, TieBits tieMinus) const {
    std::size_t dim = 0, index = 0;
    if (!stepIndex(here, dest, dim, index)) return kProcessorPort;
    return (((tieMinus >> dim) & 1u) ? stepTieMinus_[dim] : step_[dim])[index];
  }

  // Direction order with a T3E tag (routeStep's reference, manual "Direction
  // Order Routing"), without a loop over the six directions: the tag's
  // address fields sit in the bytes of the packed coordinates (X_ADR bits
  // 2:0, Y_ADR 12:8, Z_ADR 19:16; Table 7), so one XOR finds the
  // unsatisfied dimensions; the + ones come first in the order +X +Y +Z,
  // then the - ones. Updates st.phase as routeStep does.
  int directionOrderStep(NodeId here, RouteState& st) const {
    const std::uint64_t bits = st.tag;
    const auto initial = static_cast<int>((bits >> RoutingTag::kInitialHopShift) & 0x3u);
    if (st.phase & RouteState::kPhaseFinalHopDone) return kProcessorPort;
    if (initial != static_cast<int>(InitialHop::None) && !(st.phase & RouteState::kPhaseInitialHopDone)) {
      st.phase |= RouteState::kPhaseInitialHopDone;
      return hasNeighbor(here, initial) ? initial : kRouteMisroute;  // 0 = +X, 1 = +Y, 2 = +Z
    }
    st.phase |= RouteState::kPhaseInitialHopDone;
    std::uint32_t plus = 0, minus = 0;
    unsatisfied(here, bits, plus, minus);
    if (plus | minus) {
      const int dir = plus ? __builtin_ctz(plus) : 3 + __builtin_ctz(minus);
      return hasNeighbor(here, dir) ? dir : kRouteMisroute;
    }
    const bool zMinus = (bits >> RoutingTag::kZSignBit) & 1u;
    if (((bits >> RoutingTag::kFinalHopBit) & 1u) && !zMinus) {  // decode's hardware rule
      st.phase |= RouteState::kPhaseFinalHopDone;
      const int dir = static_cast<int>(Direction::MinusZ);
      return hasNeighbor(here, dir) ? dir : kRouteMisroute;
    }
    return kProcessorPort;
  }

  // The highest-ordered unsatisfied direction of the tag at `here` (order
  // +X +Y +Z -X -Y -Z: the - ones first, highest dimension first), -1 when
  // every dimension is satisfied. T3E section 7: the adaptive request "goes
  // to the adaptive VC on the output corresponding to the highest ordered
  // direction yet to be satisfied".
  int highestUnsatisfied(NodeId here, std::uint64_t tag) const {
    std::uint32_t plus = 0, minus = 0;
    unsatisfied(here, tag, plus, minus);
    if (minus) return 3 + 31 - __builtin_clz(minus);
    if (plus) return 31 - __builtin_clz(plus);
    return -1;
  }

  // Whether `here` has a neighbour in direction d (Topology::neighbor is
  // not kInvalidId): the dimension exists and, off a torus, here is not at
  // the mesh edge that direction leaves.
  bool hasNeighbor(NodeId here, int d) const {
    const auto i = static_cast<std::size_t>(d);
    const int dim = dimensionOf(static_cast<Direction>(d));
    if (dim >= dims_) return false;
    const auto c = (packed_[static_cast<std::size_t>(here)] >> shift_[i]) & 0xFFu;
    return wraps_[dim] || c != edge_[i];
  }

  // The neighbour of `here` in direction d, from its packed coordinates
  // (Topology::neighbor without divisions). Precondition: that neighbour
  // exists (a torus dimension, or not at a mesh edge).
  NodeId neighbor(NodeId here, int d) const {
    const auto i = static_cast<std::size_t>(d);
    const auto c = (packed_[static_cast<std::size_t>(here)] >> shift_[i]) & 0xFFu;
    // Without a branch: which way it goes is data, and mispredicts.
    return here + stepDelta_[i] + static_cast<int>(c == edge_[i]) * wrapFix_[i];
  }

  // Bit d set: a packet going straight on through `here` in direction d
  // crosses its ring's dateline (here is the dateline node of that
  // dimension), where selectVc switches VC0 -> VC1 (on VC1: a violation).
  // The simulator keeps it per router (RouterState::datelineDirs).
  std::uint8_t datelineDirs(const DatelineConfig& datelines, NodeId here) const {
    std::uint8_t bits = 0;
    for (int d = 0; d < kDirectionCount; ++d) {
      const auto dir = static_cast<Direction>(d);
      const int dim = dimensionOf(dir);
      if (dim < dims_ && datelines.isDatelineNode(dir, coord(here, dim))) {
        bits |= static_cast<std::uint8_t>(1u << d);
      }
    }
    return bits;
  }

 private:
  // The dimension to correct first and the entry of its step table for
  // (here's ordinate, dest's ordinate), from the packed coordinates (the
  // lowest differing byte); false when here == dest.
  bool stepIndex(NodeId here, NodeId dest, std::size_t& dim, std::size_t& index) const {
    const std::uint32_t a = packed_[static_cast<std::size_t>(here)];
    const std::uint32_t b = packed_[static_cast<std::size_t>(dest)];
    const std::uint32_t diff = a ^ b;
    if (!diff) return false;
    const int shift = __builtin_ctz(diff) & ~7;
    dim = static_cast<std::size_t>(shift >> 3);
    const auto c = static_cast<int>((a >> shift) & 0xFFu);
    const auto d = static_cast<int>((b >> shift) & 0xFFu);
    index = static_cast<std::size_t>(c * radix_[dim] + d);
    return true;
  }

  // Bit d of plus / minus: dimension d's ordinate at `here` differs from the
  // tag's address and its sign is + / -.
  void unsatisfied(NodeId here, std::uint64_t tag, std::uint32_t& plus, std::uint32_t& minus) const {
    constexpr std::uint32_t kAddr = static_cast<std::uint32_t>(
        RoutingTag::kXAddrMask | (RoutingTag::kYAddrMask << RoutingTag::kYAddrShift) |
        (RoutingTag::kZAddrMask << RoutingTag::kZAddrShift));
    static_assert(RoutingTag::kYAddrShift == 8 && RoutingTag::kZAddrShift == 16, "one field per byte");
    const std::uint32_t diff = packed_[static_cast<std::size_t>(here)] ^ (static_cast<std::uint32_t>(tag) & kAddr);
    const std::uint32_t differs = static_cast<std::uint32_t>((diff & 0xFFu) != 0) |
                                  static_cast<std::uint32_t>((diff & 0xFF00u) != 0) << 1 |
                                  static_cast<std::uint32_t>((diff & 0xFF0000u) != 0) << 2;
    const auto signs = static_cast<std::uint32_t>(((tag >> RoutingTag::kXSignBit) & 1u) |
                                                  ((tag >> (RoutingTag::kYSignBit - 1)) & 2u) |
                                                  ((tag >> (RoutingTag::kZSignBit - 2)) & 4u));
    plus = differs & ~signs;
    minus = differs & signs;
  }

  // The step from ordinate c towards d != c in one dimension (routeStep's rule).
  int stepIn(int dim, int c, int d, bool tieMinus) const {
    bool plus = d > c;
    if (wraps_[dim]) {
      int forward = d - c;
      if (forward < 0) forward += radix_[dim];
      plus = ringStepPlus(forward, radix_[dim], tieMinus);
    }
    return static_cast<int>(makeDirection(dim, plus));
  }

  int dims_ = 3;
  int radix_[kMaxDims]{};
  bool wraps_[kMaxDims]{};
  std::vector<std::uint8_t> coords_;
  std::vector<std::uint32_t> packed_;  // per node: coordinate of dimension d in byte d
  std::array<std::vector<std::uint8_t>, kMaxDims> step_;  // per dimension: [c * radix + d]
  std::array<std::vector<std::uint8_t>, kMaxDims> stepTieMinus_;  // the same, ties going -
  // Per direction: the ordinate at which a step wraps, and the node id
  // difference of a step and what a wrapping step adds to it (neighbor).
  std::array<std::uint8_t, kDirectionCount> edge_{}, shift_{};  // shift_: its byte in packed_
  std::array<int, kDirectionCount> stepDelta_{}, wrapFix_{};  // a wrapping step: stepDelta_ + wrapFix_
};

}  // namespace flit
