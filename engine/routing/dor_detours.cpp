#include "routing/dor_detours.h"

#include "routing/route_builder.h"
#include "routing/route_step.h"

#include <bit>
#include <tuple>

namespace flit {

namespace {

// Rule 3: a detour whose first hop after the initial +d hop would go
// straight back (-d: d is the first dimension left to travel, its sign -).
bool uTurnsAfterInitialHop(const Topology& topo, NodeId afterHop, NodeId dst, const DorDetour& detour) {
  const int d = detour.initialDim;
  if (d < 0 || ((detour.minus >> d) & 1u) == 0) return false;
  const Coord c = topo.coordOf(afterHop);
  const Coord t = topo.coordOf(dst);
  for (int dim = 0; dim < d; ++dim) {
    if (c[dim] != t[dim]) return false;  // a lower dimension is travelled first
  }
  return c[d] != t[d];
}

}  // namespace

std::optional<DorDetourChoice> findDorDetour(const Topology& topo, const RoutingSetup& setup,
                                             const std::vector<std::uint8_t>& nodeUp, NodeId src,
                                             NodeId dst) {
  const int dims = topo.dims();
  // The plain route's signs: the preference among equal lengths.
  const Coord s = topo.coordOf(src);
  const Coord d = topo.coordOf(dst);
  std::uint8_t plainMinus = 0;
  for (int dim = 0; dim < dims; ++dim) {
    const int k = topo.radix(dim);
    const int forward = ((d[dim] - s[dim]) % k + k) % k;
    const bool plus = topo.wraps(dim) ? 2 * forward <= k : d[dim] >= s[dim];
    if (!plus) plainMinus = static_cast<std::uint8_t>(plainMinus | (1u << dim));
  }
  const int hopLimit = routeHopBound(topo);
  std::optional<DorDetourChoice> best;
  std::tuple<int, int, int, int, int> bestKey{};
  for (int initial = -1; initial < dims; ++initial) {
    NodeId afterHop = src;
    if (initial >= 0) {  // rule 2: + only, never to a dateline node
      const Direction dir = makeDirection(initial, true);
      afterHop = topo.neighbor(src, dir);
      if (afterHop == kInvalidId || setup.datelines.isDatelineNode(dir, topo.coordOf(afterHop)[initial])) continue;
    }
    for (unsigned minus = 0; minus < (1u << dims); ++minus) {
      const DorDetour detour{static_cast<std::uint8_t>(minus), static_cast<std::int8_t>(initial)};
      if (uTurnsAfterInitialHop(topo, afterHop, dst, detour)) continue;
      const std::uint64_t tag = detour.encode();
      const int hops = walkedRouteHops(topo, RoutingAlgorithm::DimensionOrder, setup.datelines, setup.vcTables,
                                       nodeUp, src, dst, tag, hopLimit);
      if (hops < 0) continue;
      const std::tuple<int, int, int, int, int> key{hops, initial >= 0 ? 1 : 0,
                                                    std::popcount(minus ^ plainMinus), static_cast<int>(minus),
                                                    initial};
      if (!best || key < bestKey) {
        best = DorDetourChoice{tag, hops};
        bestKey = key;
      }
    }
  }
  return best;
}

}  // namespace flit
