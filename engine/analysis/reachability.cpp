#include "analysis/reachability.h"

#include "routing/dor_detours.h"

#include <algorithm>
#include <cstdlib>
#include <unordered_map>
#include <optional>
#include <stdexcept>
#include <string>

namespace flit {

namespace {

// Hops of the plain dimension-order route a -> b: the shorter way round
// every ring (a mesh's only way). No detour of the pair is shorter.
int plainHops(const Topology& topo, const Coord& a, const Coord& b) {
  int hops = 0;
  for (int d = 0; d < topo.dims(); ++d) {
    const int delta = std::abs(a[d] - b[d]);
    hops += topo.wraps(d) ? std::min(delta, topo.radix(d) - delta) : delta;
  }
  return hops;
}

// Two legs for the pairs no route of the turn rules reaches (issue 38): the
// relay node m, up, with both src -> m and m -> dst routed straight (a plain
// route or a detour), the fewest hops in all; ties go to the lowest m. Each
// leg is a route the dependency check already covers (it is the route of
// the pair (src, m) or (m, dst)), and at m the packet leaves the network
// into a queue that never refuses it, so the relay adds no channel
// dependency: the graph stays what the check proves. The pairs left without
// a relay (no such m: the machine is cut between them) are returned, in
// (src, dst) order.
std::vector<std::pair<NodeId, NodeId>> relayRemaining(
    RoutingSetup& setup, const Topology& topo, const std::vector<std::uint8_t>& nodeUp,
    RouteBuildReport& report, const std::vector<std::pair<NodeId, NodeId>>& pairs,
    const std::unordered_map<std::uint64_t, int>& detourHops) {
  std::vector<std::pair<NodeId, NodeId>> left;
  if (pairs.empty()) return left;
  const int nodes = topo.nodeCount();
  const auto n = static_cast<std::uint64_t>(nodes);
  std::vector<Coord> coord(static_cast<std::size_t>(nodes));
  for (NodeId v = 0; v < nodes; ++v) coord[static_cast<std::size_t>(v)] = topo.coordOf(v);
  const auto legHops = [&](NodeId a, NodeId b) {
    const auto it = detourHops.find(static_cast<std::uint64_t>(a) * n + static_cast<std::uint64_t>(b));
    return it != detourHops.end() ? it->second
                                  : plainHops(topo, coord[static_cast<std::size_t>(a)], coord[static_cast<std::size_t>(b)]);
  };
  const PairStatus* status = report.status.data();
  // By destination: the m -> dst legs (a column of the status matrix, the
  // slow way through memory) are read once per destination.
  std::vector<std::pair<NodeId, NodeId>> byDst(pairs);
  std::sort(byDst.begin(), byDst.end(), [](const auto& a, const auto& b) {
    return a.second != b.second ? a.second < b.second : a.first < b.first;
  });
  std::vector<int> toDst(static_cast<std::size_t>(nodes), -1);  // hops of m -> dst routed straight, -1: none
  NodeId column = kInvalidId;
  for (const auto& [src, dst] : byDst) {
    if (dst != column) {
      column = dst;
      for (NodeId m = 0; m < nodes; ++m) {
        const bool usable = m != dst && (nodeUp.empty() || nodeUp[static_cast<std::size_t>(m)]) &&
                            status[static_cast<std::size_t>(m) * n + static_cast<std::size_t>(dst)] == PairStatus::Routed;
        toDst[static_cast<std::size_t>(m)] = usable ? legHops(m, dst) : -1;
      }
    }
    NodeId best = kInvalidId;
    int bestHops = 0;
    const PairStatus* fromSrc = status + static_cast<std::size_t>(src) * n;
    const Coord& from = coord[static_cast<std::size_t>(src)];
    for (NodeId m = 0; m < nodes; ++m) {
      const int second = toDst[static_cast<std::size_t>(m)];
      if (second < 0 || m == src || fromSrc[m] != PairStatus::Routed) continue;
      // The plain route's hops bound the first leg from below: a relay that
      // cannot beat the best (ties go to the lower m, found first) is skipped
      // before its detour is looked up.
      if (best != kInvalidId && plainHops(topo, from, coord[static_cast<std::size_t>(m)]) + second >= bestHops) continue;
      const int hops = legHops(src, m) + second;
      if (best == kInvalidId || hops < bestHops) {
        best = m;
        bestHops = hops;
      }
    }
    if (best == kInvalidId) {
      left.emplace_back(src, dst);
      continue;
    }
    const std::uint64_t key = static_cast<std::uint64_t>(src) * n + static_cast<std::uint64_t>(dst);
    setup.relays.emplace(key, best);
    report.status[static_cast<std::size_t>(key)] = PairStatus::Relayed;
    ++report.relayedPairs;
  }
  std::sort(left.begin(), left.end());
  return left;
}

}  // namespace

RouteBuildReport rebuildSetupRoutes(RoutingSetup& setup, const Topology& topo,
                                    const std::vector<std::uint8_t>& nodeUp, bool adaptive) {
  RouteBuildOptions options;
  options.nodeUp = nodeUp;
  options.adaptive = adaptive;
  options.datelines = setup.datelines;
  options.vcTables = setup.vcTables;
  if (setup.tables) return rebuildRoutes(*setup.tables, topo, options);
  setup.detours.clear();
  setup.relays.clear();
  RouteBuildReport report = fixedRouteReachability(topo, setup, nodeUp);
  if (setup.algorithm != RoutingAlgorithm::DimensionOrder || report.unreachable.empty()) return report;
  // Dimension order: every pair whose plain route meets a failure gets the
  // shortest detour of the turn rules (routing/dor_detours.h), if any.
  std::vector<std::pair<NodeId, NodeId>> still;
  const auto n = static_cast<std::uint64_t>(topo.nodeCount());
  std::unordered_map<std::uint64_t, int> detourHops;
  for (const auto& [src, dst] : report.unreachable) {
    const std::optional<DorDetourChoice> detour = findDorDetour(topo, setup, nodeUp, src, dst);
    if (!detour) {
      still.emplace_back(src, dst);
      continue;
    }
    const std::uint64_t key = static_cast<std::uint64_t>(src) * n + static_cast<std::uint64_t>(dst);
    setup.detours.emplace(key, detour->tag);
    detourHops.emplace(key, detour->hops);
    report.status[static_cast<std::size_t>(key)] = PairStatus::Routed;
    ++report.reroutedEntries;
    if (DorDetour::decode(detour->tag).initialDim >= 0) ++report.initialHopEntries;
  }
  report.unreachable = relayRemaining(setup, topo, nodeUp, report, still, detourHops);
  return report;
}

RouteBuildReport fixedRouteReachability(const Topology& topo, const RoutingSetup& setup,
                                        const std::vector<std::uint8_t>& nodeUp) {
  if (setup.algorithm == RoutingAlgorithm::DirectionOrder) {
    throw std::invalid_argument(
        "fixed-route reachability: direction-order routes come from per-source tables; use "
        "rebuildSetupRoutes");
  }
  const int n = topo.nodeCount();
  if (!nodeUp.empty() && static_cast<int>(nodeUp.size()) != n) {
    throw std::invalid_argument("fixed-route reachability: nodeUp does not match the topology");
  }
  const auto up = [&](NodeId v) {
    return nodeUp.empty() || nodeUp[static_cast<std::size_t>(v)] != 0;
  };
  RouteBuildReport report;
  report.nodeCount = n;
  report.status.assign(static_cast<std::size_t>(n) * static_cast<std::size_t>(n),
                       PairStatus::Routed);
  bool healthy = topo.failedLinkCount() == 0;
  for (NodeId v = 0; v < n && healthy; ++v) healthy = up(v);
  if (healthy) return report;  // fixed routes on an intact machine: nothing to meet
  // A fixed route from a node depends only on that node, the destination
  // and the packet's tie bits (dimension order is otherwise stateless; TRC's
  // remaining offsets are dst - here), so per destination each (tie bits,
  // node) verdict is computed once.
  const int maxHops = 2 * (topo.radix(0) + topo.radix(1) + topo.radix(2)) + 2;
  constexpr std::size_t kTieVariants = 1u << kMaxDims;
  // -1 unknown, 0 no, 1 delivers; [tie bits * n + node]
  std::vector<std::int8_t> known(kTieVariants * static_cast<std::size_t>(n));
  std::vector<NodeId> path;
  for (NodeId dst = 0; dst < n; ++dst) {
    std::fill(known.begin(), known.end(), std::int8_t{-1});
    for (NodeId src = 0; src < n; ++src) {
      auto& status = report.status[static_cast<std::size_t>(src) * static_cast<std::size_t>(n) +
                                   static_cast<std::size_t>(dst)];
      if (!up(src) || !up(dst)) {
        status = PairStatus::NodeDown;
        continue;
      }
      // Every route a packet of the pair may take (tieRule "random").
      bool all = true;
      setup.forEachTieVariant(topo, src, dst, [&](TieBits draw) {
        RouteState st = setup.startState(topo, src, dst, draw);
        std::int8_t* memo = known.data() + static_cast<std::size_t>(st.tieMinus) * static_cast<std::size_t>(n);
        NodeId here = src;
        path.clear();
        std::int8_t ok = 0;
        for (int hops = 0; hops <= maxHops; ++hops) {
          if (memo[here] >= 0) {
            ok = memo[here];
            break;
          }
          path.push_back(here);
          const int out = routeStep(topo, setup.algorithm, here, st);
          if (out == kProcessorPort) {
            ok = here == dst ? 1 : 0;
            break;
          }
          const LinkId link = out < 0 ? kInvalidId : topo.linkFrom(here, static_cast<Direction>(out));
          if (link == kInvalidId || !topo.linkUp(link)) break;
          here = topo.neighbor(here, static_cast<Direction>(out));
          if (!up(here)) break;
        }
        for (NodeId v : path) memo[v] = ok;
        all = all && ok != 0;
      });
      if (!all) status = PairStatus::Unreachable;
    }
  }
  for (NodeId src = 0; src < n; ++src) {
    for (NodeId dst = 0; dst < n; ++dst) {
      if (report.at(src, dst) == PairStatus::Unreachable) report.unreachable.emplace_back(src, dst);
    }
  }
  return report;
}

}  // namespace flit
