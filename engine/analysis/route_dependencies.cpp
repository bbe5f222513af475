#include "analysis/route_dependencies.h"

#include "analysis/route_walk.h"

#include <stdexcept>

namespace flit {

DependencyCheck checkDependencies(const Topology& topo, const RoutingSetup& setup,
                                  const DependencyCheckOptions& options) {
  const int n = topo.nodeCount();
  if (options.pairStatus &&
      options.pairStatus->size() != static_cast<std::size_t>(n) * static_cast<std::size_t>(n)) {
    throw std::invalid_argument("dependency check: pairStatus does not match the topology");
  }
  if (!options.nodeUp.empty() && options.nodeUp.size() != static_cast<std::size_t>(n)) {
    throw std::invalid_argument("dependency check: nodeUp does not match the topology");
  }
  DependencyCheck result{ChannelDependencyGraph(topo, options.trafficClasses, 2), {}, 0, 0, {}};
  ChannelDependencyGraph& g = result.graph;
  const int vcs = g.vcsPerChannel();
  const int classes = g.classes();
  const auto up = [&](NodeId v) {
    return options.nodeUp.empty() || options.nodeUp[static_cast<std::size_t>(v)] != 0;
  };
  for (NodeId src = 0; src < n; ++src) {
    if (!up(src)) continue;
    for (NodeId dst = 0; dst < n; ++dst) {
      if (dst == src || !up(dst)) continue;
      if (options.pairStatus &&
          (*options.pairStatus)[static_cast<std::size_t>(src) * static_cast<std::size_t>(n) +
                                static_cast<std::size_t>(dst)] != PairStatus::Routed) {
        continue;
      }
      ++result.routesTraced;
      int prev = -1;  // class-0 vertex of the previous hop
      const auto onHop = [&](ChannelId ch, Direction dir, std::uint8_t vc) {
        if (prev >= 0) {
          for (int c = 0; c < classes; ++c) g.addDependencyFast(prev + 2 * c, dir, 2 * c + vc);
        }
        prev = ch * vcs + vc;
        ++result.hopsTraced;
      };
      if (!detail::walkRoute(topo, setup, options.nodeUp, src, dst, true, onHop)) {
        result.brokenRoutes.emplace_back(src, dst);
      }
    }
  }
  result.cycle = result.graph.findCycle();
  return result;
}

DependencyCounts::DependencyCounts(const Topology& topo, int trafficClasses)
    : topo_(&topo), classes_(trafficClasses) {
  if (trafficClasses < 1 || trafficClasses * 2 > ChannelDependencyGraph::kMaxVcsPerChannel) {
    throw std::invalid_argument("dependency counts: trafficClasses must be 1..5");
  }
  counts_.assign(static_cast<std::size_t>(topo.channelCount()) * 2 * kBitsPerVertex, 0);
}

bool DependencyCounts::addRoute(const Topology& topo, const RoutingSetup& setup, NodeId src,
                                NodeId dst, int delta, bool respectLinks,
                                const std::vector<std::uint8_t>& nodeUp) {
  int prev = -1;  // vertex (channel * 2 + vc) of the previous hop
  const auto onHop = [&](ChannelId ch, Direction dir, std::uint8_t vc) {
    if (prev >= 0) {
      counts_[static_cast<std::size_t>(prev) * kBitsPerVertex +
              static_cast<std::size_t>(dir) * 2 + vc] += delta;
    }
    prev = ch * 2 + vc;
  };
  return detail::walkRoute(topo, setup, nodeUp, src, dst, respectLinks, onHop);
}

ChannelDependencyGraph DependencyCounts::graph() const {
  ChannelDependencyGraph g(*topo_, classes_, 2);
  const int vertices = static_cast<int>(counts_.size() / kBitsPerVertex);
  for (int v = 0; v < vertices; ++v) {
    const ChannelId ch = v / 2;
    const int vc = v % 2;
    for (int bit = 0; bit < kBitsPerVertex; ++bit) {
      if (counts_[static_cast<std::size_t>(v) * kBitsPerVertex + static_cast<std::size_t>(bit)] <=
          0) {
        continue;
      }
      for (int c = 0; c < classes_; ++c) {
        g.addDependencyFast(g.vertexOf({ch, 2 * c + vc}), static_cast<Direction>(bit / 2),
                            2 * c + bit % 2);
      }
    }
  }
  return g;
}

}  // namespace flit
