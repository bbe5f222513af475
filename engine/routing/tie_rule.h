// Which way a packet goes round a torus ring when both ways are equally
// short: in a ring of even radix k, a destination exactly k/2 hops away. The
// one place that decides it; every route decision calls ringStepPlus()
// (routeStep, RouteCache's tables, the R_NET_LUT generator, and through them
// the path tracer, the simulator and the dependency / reachability analysis).
//
// A packet carries its TieBits (RouteState::tieMinus): bit d set means a tie
// in dimension d goes -. The bits are fixed when the packet is created:
//  - Plus:         0 (every tie goes +; the default and the behaviour before
//                  the option existed, so older scenarios replay bit for bit)
//  - SourceParity: bit d = the source's coordinate in d is odd (even sources
//                  go +, odd ones -: deterministic and, over the sources of a
//                  ring, balanced)
//  - Random:       one bit per dimension drawn once per packet from the
//                  simulator's random generator (the scenario's seed); only
//                  this rule draws, so the others keep their random sequence.
// Under dimension-order routing a packet corrects dimension d starting from
// the source's ordinate in d, so a tie in d can only arise at the first hop
// in d, and only when |dst[d] - src[d]| == k/2 (tieDimensions()).
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "topology/topology.h"

namespace flit {

enum class TieRule : std::uint8_t { Plus, SourceParity, Random };

using TieBits = std::uint8_t;  // bit d set: a tie in dimension d goes -

std::string_view tieRuleName(TieRule r);                    // "plus", "sourceParity", "random"
std::optional<TieRule> parseTieRule(std::string_view text);  // exact names above

// The step round a ring from ordinate c towards d != c (k = radix): whether
// it goes +. The shorter way; at exactly k/2 (forward == k - forward) the
// packet's tie bit decides. `forward` is (d - c) mod k.
constexpr bool ringStepPlus(int forward, int k, bool tieMinus) {
  const int backward = k - forward;
  if (forward != backward) return forward < backward;
  return !tieMinus;
}

// The tie bits of a SourceParity packet from a node with coordinates `src`.
constexpr TieBits sourceParityTieBits(const Coord& src, int dims) {
  TieBits bits = 0;
  for (int d = 0; d < dims; ++d) bits |= static_cast<TieBits>((src[d] & 1) << d);
  return bits;
}

// The bits a packet from `src` carries under `rule`; `drawn` is the
// packet's random draw (used by Random only).
constexpr TieBits tieBitsFor(TieRule rule, const Coord& src, int dims, TieBits drawn) {
  switch (rule) {
    case TieRule::Plus:
      return 0;
    case TieRule::SourceParity:
      return sourceParityTieBits(src, dims);
    case TieRule::Random:
      return drawn;
  }
  return 0;
}

// The Random rule's draw from one 64-bit random number: one bit per dimension.
constexpr TieBits tieBitsFromRandom(std::uint64_t random, int dims) {
  return static_cast<TieBits>((random >> 61) & ((1u << dims) - 1u));
}

// The dimensions (bit d) in which a dimension-order route from src to dst
// meets a tie: wrapped, even radix, |dst[d] - src[d]| == k/2.
TieBits tieDimensions(const Topology& topo, NodeId src, NodeId dst);

}  // namespace flit
