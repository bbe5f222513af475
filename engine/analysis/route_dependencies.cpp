#include "analysis/route_dependencies.h"

#include "analysis/route_walk.h"

#include <algorithm>
#include <bit>
#include <stdexcept>

namespace flit {

namespace {

// Routes towards one destination share suffixes: once a packet state
// (channel, dateline VC, tag, phase) is known to lead to a delivery, every
// later route reaching the same state adds no new dependency. A small
// open-addressing set of such states, per destination (stamped, so moving
// to the next destination costs nothing).
class DeliveredStates {
 public:
  explicit DeliveredStates(int nodeCount) {
    const std::size_t want = std::bit_ceil(static_cast<std::size_t>(nodeCount) * 16u);
    keys_.assign(want, 0);
    stamps_.assign(want, 0);
    mask_ = want - 1;
  }
  void next() {
    ++stamp_;
    used_ = 0;
  }
  // 0 when the state cannot be keyed (tag bits above 37, huge channel ids).
  // The tie bits share the tag's bits 32..34: only dimension-order packets
  // carry tie bits, and their tag (0, or a detour: routing/dor_detours.h)
  // stays below bit 8.
  static std::uint64_t key(ChannelId ch, std::uint8_t vc, const RouteState& st) {
    if ((st.tag >> 38) != 0 || ch >= (1 << 22)) return 0;
    const std::uint64_t tag = st.tag | (std::uint64_t{st.tieMinus} << 32);
    return (tag | (std::uint64_t{st.phase & 3u} << 38) | (std::uint64_t{vc & 1u} << 40) |
            (static_cast<std::uint64_t>(ch) << 41)) + 1;
  }
  bool contains(std::uint64_t k) const {
    for (std::size_t i = slot(k);; i = (i + 1) & mask_) {
      if (stamps_[i] != stamp_) return false;
      if (keys_[i] == k) return true;
    }
  }
  void insert(std::uint64_t k) {
    if (used_ * 2 >= keys_.size()) return;  // full enough: just stop remembering
    for (std::size_t i = slot(k);; i = (i + 1) & mask_) {
      if (stamps_[i] != stamp_) {
        stamps_[i] = stamp_;
        keys_[i] = k;
        ++used_;
        return;
      }
      if (keys_[i] == k) return;
    }
  }

 private:
  std::size_t slot(std::uint64_t k) const {  // splitmix64 finaliser: every key bit counts
    k ^= k >> 30;
    k *= 0xBF58476D1CE4E5B9ull;
    k ^= k >> 27;
    k *= 0x94D049BB133111EBull;
    k ^= k >> 31;
    return static_cast<std::size_t>(k) & mask_;
  }
  std::vector<std::uint64_t> keys_;
  std::vector<std::uint32_t> stamps_;
  std::size_t mask_ = 0;
  std::size_t used_ = 0;
  std::uint32_t stamp_ = 0;
};

}  // namespace

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
  DependencyCheck result{ChannelDependencyGraph(topo, options.trafficClasses, 2), {}, 0, 0, {}, false, {}};
  ChannelDependencyGraph& g = result.graph;
  const int vcs = g.vcsPerChannel();
  const int classes = g.classes();
  const auto up = [&](NodeId v) {
    return options.nodeUp.empty() || options.nodeUp[static_cast<std::size_t>(v)] != 0;
  };
  DeliveredStates delivered(n);
  std::vector<std::uint64_t> pending;  // states of the route being walked
  // options.endPointDependencies: per node, the hops routes start on (bits
  // as addDependencyFast's) and the class-0 vertices routes end on.
  const bool endPoints = options.endPointDependencies;
  std::vector<std::uint64_t> firstOut(endPoints ? static_cast<std::size_t>(n) : 0, 0);
  std::vector<std::vector<int>> lastIn(endPoints ? static_cast<std::size_t>(n) : 0);
  bool truncated = false;  // the walk stopped at a state known to deliver
  for (NodeId dst = 0; dst < n; ++dst) {
    if (!up(dst)) continue;
    if (options.stop.stop_requested()) {
      result.cancelled = true;
      return result;
    }
    delivered.next();
    for (NodeId src = 0; src < n; ++src) {
      if (dst == src || !up(src)) continue;
      if (options.pairStatus &&
          (*options.pairStatus)[static_cast<std::size_t>(src) * static_cast<std::size_t>(n) +
                                static_cast<std::size_t>(dst)] != PairStatus::Routed) {
        continue;
      }
      // A relayed pair has no route of its own: its two legs are the routes
      // of (src, relay) and (relay, dst), traced as those pairs.
      if (!setup.relays.empty() && setup.relayOf(topo, src, dst) != kInvalidId) continue;
      ++result.routesTraced;
      int prev = -1;  // class-0 vertex of the previous hop
      const auto onHop = [&](ChannelId ch, Direction dir, std::uint8_t vc, const RouteState& st) {
        if (prev >= 0) {
          for (int c = 0; c < classes; ++c) g.addDependencyFast(prev + 2 * c, dir, 2 * c + vc);
        } else if (endPoints) {
          firstOut[static_cast<std::size_t>(src)] |= std::uint64_t{1} << (static_cast<int>(dir) * vcs + vc);
        }
        prev = ch * vcs + vc;
        ++result.hopsTraced;
        const std::uint64_t k = DeliveredStates::key(ch, vc, st);
        if (k == 0) return true;
        if (delivered.contains(k)) {  // the rest is known: it delivers
          truncated = true;
          return false;
        }
        pending.push_back(k);
        return true;
      };
      // Every route a packet of this pair may take (tieRule "random": each
      // way round at a half-ring tie).
      bool broken = false;
      setup.forEachTieVariant(topo, src, dst, [&](TieBits draw) {
        pending.clear();
        prev = -1;
        truncated = false;
        if (detail::walkRoute(topo, setup, options.nodeUp, src, dst, true, onHop, draw)) {
          for (std::uint64_t k : pending) delivered.insert(k);
          // A walk cut short ends as an earlier one that was not.
          if (endPoints && !truncated && prev >= 0) {
            std::vector<int>& in = lastIn[static_cast<std::size_t>(dst)];
            if (std::find(in.begin(), in.end(), prev) == in.end()) in.push_back(prev);
          }
        } else {
          broken = true;
        }
      });
      if (broken) result.brokenRoutes.emplace_back(src, dst);
    }
  }
  std::optional<ChannelDependencyGraph> routesOnly;  // to tell the end points' steps apart
  if (endPoints) {
    routesOnly = g;
    for (std::size_t d = 0; d < lastIn.size(); ++d) {
      for (const int v : lastIn[d]) g.addSuccessors(v, firstOut[d]);
    }
  }
  std::sort(result.brokenRoutes.begin(), result.brokenRoutes.end());
  result.cycle = result.graph.findCycle();
  result.endPointStep.assign(result.cycle.size(), 0);
  for (std::size_t i = 0; routesOnly && i < result.cycle.size(); ++i) {
    const ChannelVc& next = result.cycle[(i + 1) % result.cycle.size()];
    result.endPointStep[i] = routesOnly->hasDependency(result.cycle[i], next) ? 0 : 1;
  }
  return result;
}

std::string DependencyCheck::cycleText() const {
  std::string s;
  for (std::size_t i = 0; i < cycle.size(); ++i) {
    s += graph.describe(cycle[i]);
    if (i < endPointStep.size() && endPointStep[i] != 0) {
      const NodeId at = graph.topology().channelTarget(cycle[i].channel);
      s += " -> [a request ejected at " + formatCoord(graph.topology().coordOf(at), graph.topology().dims()) +
           " only when its response can leave] -> ";
    } else {
      s += " -> ";
    }
  }
  if (!cycle.empty()) s += graph.describe(cycle.front());
  return s;
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
  const auto onHop = [&](ChannelId ch, Direction dir, std::uint8_t vc, const RouteState&) {
    if (prev >= 0) {
      counts_[static_cast<std::size_t>(prev) * kBitsPerVertex +
              static_cast<std::size_t>(dir) * 2 + vc] += delta;
    }
    prev = ch * 2 + vc;
    return true;
  };
  bool delivers = true;
  setup.forEachTieVariant(topo, src, dst, [&](TieBits draw) {
    prev = -1;
    delivers = detail::walkRoute(topo, setup, nodeUp, src, dst, respectLinks, onHop, draw) && delivers;
  });
  return delivers;
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
