#include "routing/dor_detours.h"

#include "routing/route_step.h"

#include <bit>
#include <tuple>

namespace flit {

int dorRouteHops(const Topology& topo, const RoutingSetup& setup,
                 const std::vector<std::uint8_t>& nodeUp, NodeId src, NodeId dst, std::uint64_t tag) {
  const int hopLimit = 2 * (topo.radix(0) + topo.radix(1) + topo.radix(2)) + 2;
  RouteState st = makeRouteState(topo, RoutingAlgorithm::DimensionOrder, src, dst, tag);
  NodeId here = src;
  int arrived = kFromProcessor;
  std::uint8_t vc = 0;
  for (int hops = 0;; ++hops) {
    const int out = routeStep(topo, RoutingAlgorithm::DimensionOrder, here, st);
    if (out == kProcessorPort) return here == dst ? hops : -1;
    if (out < 0 || hops >= hopLimit) return -1;
    const auto dir = static_cast<Direction>(out);
    if (arrived >= 0 && dir == opposite(static_cast<Direction>(arrived))) return -1;  // rule 3
    const LinkId link = topo.linkFrom(here, dir);
    if (link == kInvalidId || !topo.linkUp(link)) return -1;
    const VcSelection sel =
        selectVc(topo, setup.datelines, setup.vcTables, here, arrived, out, vc,
                 destinationOrdinate(topo, RoutingAlgorithm::DimensionOrder, st, dimensionOf(dir)));
    if (sel.violation) return -1;
    vc = sel.vc;
    here = topo.neighbor(here, dir);
    if (!nodeUp.empty() && nodeUp[static_cast<std::size_t>(here)] == 0) return -1;
    arrived = out;
  }
}

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
  std::optional<DorDetourChoice> best;
  std::tuple<int, int, int, int, int> bestKey{};
  for (int initial = -1; initial < dims; ++initial) {
    if (initial >= 0) {  // rule 2: + only, never to a dateline node
      const Direction dir = makeDirection(initial, true);
      const NodeId next = topo.neighbor(src, dir);
      if (next == kInvalidId || setup.datelines.isDatelineNode(dir, topo.coordOf(next)[initial])) continue;
    }
    for (unsigned minus = 0; minus < (1u << dims); ++minus) {
      const DorDetour detour{static_cast<std::uint8_t>(minus), static_cast<std::int8_t>(initial)};
      const std::uint64_t tag = detour.encode();
      const int hops = dorRouteHops(topo, setup, nodeUp, src, dst, tag);
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
