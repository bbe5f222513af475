// Internal to engine/analysis: walks one route hop by hop with the same
// routeStep() + selectVc() calls the routers make, calling
// onHop(channel, direction, datelineVc, state) for every channel it takes
// (state: the packet's RouteState after this hop's decision). onHop returns
// false to stop the walk early because the rest of the route is known to
// deliver (walkRoute then returns true).
#pragma once

#include "routing/routing_setup.h"
#include "topology/topology.h"

#include <cstdint>
#include <vector>

namespace flit::detail {

inline int routeHopLimit(const Topology& topo) {
  return 2 * (topo.radix(0) + topo.radix(1) + topo.radix(2)) + 4;
}

// Returns true when the route delivers at dst. It stops (false) where it
// leaves the topology, loops, meets a link that is down (only when
// respectLinks) or a down node, or commits a dateline violation (that hop is
// still reported). `tieDraw`: the packet's random tie draw (see
// RoutingSetup::forEachTieVariant; walkRoutes walks every one).
template <typename OnHop>
bool walkRoute(const Topology& topo, const RoutingSetup& setup,
               const std::vector<std::uint8_t>& nodeUp, NodeId src, NodeId dst,
               bool respectLinks, OnHop&& onHop, TieBits tieDraw = 0) {
  const int maxHops = routeHopLimit(topo);
  RouteState st = setup.startState(topo, src, dst, tieDraw);
  NodeId here = src;
  int arrived = kFromProcessor;
  std::uint8_t vc = 0;
  for (int hops = 0;; ++hops) {
    const int out = routeStep(topo, setup.algorithm, here, st);
    if (out == kProcessorPort) return here == dst;
    if (out < 0 || hops >= maxHops) return false;
    const auto dir = static_cast<Direction>(out);
    const ChannelId ch = topo.channelFrom(here, dir);
    if (ch == kInvalidId) return false;
    if (respectLinks && !topo.linkUp(linkOfChannel(ch))) return false;
    const VcSelection sel =
        selectVc(topo, setup.datelines, setup.vcTables, here, arrived, out, vc,
                 destinationOrdinate(topo, setup.algorithm, st, dimensionOf(dir)));
    vc = sel.vc;
    const bool unknownRest = onHop(ch, dir, vc, static_cast<const RouteState&>(st));
    if (sel.violation) return false;
    if (!unknownRest) return true;
    here = topo.neighbor(here, dir);
    if (!nodeUp.empty() && nodeUp[static_cast<std::size_t>(here)] == 0) return false;
    arrived = out;
  }
}

}  // namespace flit::detail
