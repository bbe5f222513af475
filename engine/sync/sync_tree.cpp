// Spanning-tree builders for the virtual barrier/eureka networks (T3E paper
// section 6). Both shapes prune routers whose subtree holds no participant,
// so every leaf of a tree is a participating processor's router.
#include "sync/sync_tree.h"

#include <algorithm>
#include <bit>
#include <charconv>
#include <deque>
#include <stdexcept>

namespace flit {

namespace {

int toInt(std::string_view s, std::string_view whole) {
  int v = 0;
  auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (s.empty() || ec != std::errc{} || ptr != s.data() + s.size()) {
    throw std::invalid_argument("expected a number in \"" + std::string(whole) +
                                "\", got \"" + std::string(s) + "\"");
  }
  return v;
}

std::vector<std::string_view> split(std::string_view s, char sep) {
  std::vector<std::string_view> out;
  while (true) {
    const auto at = s.find(sep);
    out.push_back(s.substr(0, at));
    if (at == std::string_view::npos) return out;
    s.remove_prefix(at + 1);
  }
}

struct Graph {
  const Topology& topo;
  const std::vector<std::uint8_t>& failed;
  bool alive(NodeId n) const { return failed.empty() || failed[static_cast<std::size_t>(n)] == 0; }
  // The live neighbour in direction d over a live link, or kInvalidId.
  NodeId step(NodeId n, int d) const {
    const auto dir = static_cast<Direction>(d);
    const NodeId nb = topo.neighbor(n, dir);
    const LinkId l = topo.linkFrom(n, dir);
    if (nb == kInvalidId || l == kInvalidId || !topo.linkUp(l) || !alive(nb)) return kInvalidId;
    return nb;
  }
};

std::int8_t dirTo(int d) { return static_cast<std::int8_t>(opposite(static_cast<Direction>(d))); }

NodeId defaultRoot(const Topology& topo, const std::vector<NodeId>& live, TreeShape shape) {
  if (shape == TreeShape::DimensionOrdered) return live.front();
  Coord lo = topo.coordOf(live.front()), hi = lo;
  for (NodeId n : live) {
    const Coord c = topo.coordOf(n);
    for (int d = 0; d < kMaxDims; ++d) lo[d] = std::min(lo[d], c[d]), hi[d] = std::max(hi[d], c[d]);
  }
  NodeId best = live.front();
  int bestDist = 1 << 30;
  for (NodeId n : live) {
    const Coord c = topo.coordOf(n);
    int dist = 0;
    for (int d = 0; d < kMaxDims; ++d) dist += std::abs(2 * c[d] - (lo[d] + hi[d]));
    if (dist < bestDist) bestDist = dist, best = n;
  }
  return best;
}

// Minimum depth: breadth-first distances from the root over live links; each
// router's parent is a neighbour one hop nearer, a participant if there is one
// (keeps a partition's tree inside it), else the first in direction order.
void buildMinimumDepth(const Graph& g, SyncTree& t, const std::vector<std::uint8_t>& wanted) {
  const auto count = static_cast<std::size_t>(g.topo.nodeCount());
  std::vector<int> dist(count, -1);
  std::vector<NodeId> order{t.root};
  dist[static_cast<std::size_t>(t.root)] = 0;
  for (std::size_t k = 0; k < order.size(); ++k) {
    for (int d = 0; d < kDirectionCount; ++d) {
      const NodeId nb = g.step(order[k], d);
      if (nb != kInvalidId && dist[static_cast<std::size_t>(nb)] < 0) {
        dist[static_cast<std::size_t>(nb)] = dist[static_cast<std::size_t>(order[k])] + 1;
        order.push_back(nb);
      }
    }
  }
  for (std::size_t k = 1; k < order.size(); ++k) {
    const NodeId n = order[k];
    int chosen = -1;
    for (int d = 0; d < kDirectionCount; ++d) {
      const NodeId nb = g.step(n, d);
      if (nb == kInvalidId || dist[static_cast<std::size_t>(nb)] + 1 != dist[static_cast<std::size_t>(n)]) continue;
      if (chosen < 0 || (wanted[static_cast<std::size_t>(nb)] && !wanted[static_cast<std::size_t>(g.step(n, chosen))])) chosen = d;
    }
    t.parentDir[static_cast<std::size_t>(n)] = static_cast<std::int8_t>(chosen);
  }
}

// Attaches `target` by a shortest live path to any router already in the
// tree; false when none is reachable.
bool attachByShortestPath(const Graph& g, SyncTree& t, NodeId target) {
  std::vector<std::int8_t> via(static_cast<std::size_t>(g.topo.nodeCount()), -1);
  std::deque<NodeId> queue{target};
  via[static_cast<std::size_t>(target)] = 6;
  while (!queue.empty()) {
    const NodeId n = queue.front();
    queue.pop_front();
    if (t.inTree(n)) {  // walk back to the target, setting parents toward n
      for (NodeId cur = n; cur != target;) {
        const int d = via[static_cast<std::size_t>(cur)];  // cur was reached from step(cur, d)
        const NodeId prev = g.step(cur, d);
        t.parentDir[static_cast<std::size_t>(prev)] = dirTo(d);
        cur = prev;
      }
      return true;
    }
    for (int d = 0; d < kDirectionCount; ++d) {
      const NodeId nb = g.step(n, d);
      if (nb != kInvalidId && via[static_cast<std::size_t>(nb)] < 0) {
        via[static_cast<std::size_t>(nb)] = dirTo(d);
        queue.push_back(nb);
      }
    }
  }
  return false;
}

// Dimension ordered: the path root -> target moves in X, then Y, then Z,
// without wrap links; a path that meets a failure is replaced by a shortest
// live path to the tree so far.
void buildDimensionOrdered(const Graph& g, SyncTree& t, const std::vector<NodeId>& live) {
  t.parentDir[static_cast<std::size_t>(t.root)] = SyncTree::kNoParent;
  for (NodeId target : live) {
    if (t.inTree(target)) continue;
    const Coord goal = g.topo.coordOf(target);
    NodeId cur = t.root;
    bool broken = false;
    for (int dim = 0; dim < kMaxDims && !broken; ++dim) {
      while (!broken && g.topo.coordOf(cur)[dim] != goal[dim]) {
        const int d = static_cast<int>(makeDirection(dim, g.topo.coordOf(cur)[dim] < goal[dim]));
        const bool wrapLink = g.topo.linkFrom(cur, static_cast<Direction>(d)) != kInvalidId &&
                              g.topo.linkEnds(g.topo.linkFrom(cur, static_cast<Direction>(d))).isWrap;
        const NodeId next = wrapLink ? kInvalidId : g.step(cur, d);
        if (next == kInvalidId) {
          broken = true;
          break;
        }
        if (!t.inTree(next)) t.parentDir[static_cast<std::size_t>(next)] = dirTo(d);
        cur = next;
      }
    }
    if (broken && !attachByShortestPath(g, t, target)) {
      t.left.push_back({target, "unreachable from the root"});
    }
  }
}

void pruneAndMeasure(const Topology& topo, SyncTree& t, const std::vector<std::uint8_t>& wanted) {
  const auto count = static_cast<std::size_t>(topo.nodeCount());
  std::vector<std::uint8_t> keep(count, 0);
  keep[static_cast<std::size_t>(t.root)] = 1;
  for (std::size_t n = 0; n < count; ++n) {
    if (!wanted[n]) continue;
    if (!t.inTree(static_cast<NodeId>(n))) {
      if (static_cast<NodeId>(n) != t.root &&
          std::none_of(t.left.begin(), t.left.end(), [&](const auto& l) { return l.node == static_cast<NodeId>(n); })) {
        t.left.push_back({static_cast<NodeId>(n), "unreachable from the root"});
      }
      continue;
    }
    t.participates[n] = 1;
    t.participants.push_back(static_cast<NodeId>(n));
    for (NodeId cur = static_cast<NodeId>(n); !keep[static_cast<std::size_t>(cur)];) {
      keep[static_cast<std::size_t>(cur)] = 1;
      cur = topo.neighbor(cur, static_cast<Direction>(t.parentDir[static_cast<std::size_t>(cur)]));
    }
  }
  for (std::size_t n = 0; n < count; ++n) {
    if (!keep[n]) t.parentDir[n] = SyncTree::kNotInTree;
  }
  for (std::size_t n = 0; n < count; ++n) {  // depth by walking up (trees are shallow)
    if (!keep[n]) continue;
    int depth = 0;
    for (NodeId cur = static_cast<NodeId>(n); cur != t.root; ++depth) {
      cur = topo.neighbor(cur, static_cast<Direction>(t.parentDir[static_cast<std::size_t>(cur)]));
    }
    t.depth[n] = depth;
  }
}

}  // namespace

std::string_view treeShapeName(TreeShape s) {
  return s == TreeShape::DimensionOrdered ? "dimension" : "min-depth";
}

std::optional<TreeShape> parseTreeShape(std::string_view name) {
  if (name == "dimension") return TreeShape::DimensionOrdered;
  if (name == "min-depth") return TreeShape::MinimumDepth;
  return std::nullopt;
}

std::vector<NodeId> parseParticipants(std::string_view text, const Topology& topo) {
  std::vector<NodeId> out;
  if (text == "all") {
    for (NodeId n = 0; n < topo.nodeCount(); ++n) out.push_back(n);
    return out;
  }
  const bool list = text.find(';') != std::string_view::npos;
  for (std::string_view item : list ? split(text, ';') : std::vector<std::string_view>{text}) {
    const auto parts = split(item, ',');
    if (static_cast<int>(parts.size()) != topo.dims()) {
      throw std::invalid_argument("\"" + std::string(item) + "\" needs " +
                                  std::to_string(topo.dims()) + " comma-separated " +
                                  (list ? "coordinates" : "ranges X0-X1"));
    }
    Coord lo, hi;
    for (int d = 0; d < topo.dims(); ++d) {
      const auto range = split(parts[static_cast<std::size_t>(d)], '-');
      if (range.size() > 2 || (list && range.size() != 1)) {
        throw std::invalid_argument("bad range \"" + std::string(parts[static_cast<std::size_t>(d)]) + "\"");
      }
      lo[d] = toInt(range.front(), item);
      hi[d] = toInt(range.back(), item);
      if (lo[d] > hi[d] || lo[d] < 0 || hi[d] >= topo.radix(d)) {
        throw std::invalid_argument("\"" + std::string(item) + "\" dimension " +
                                    std::to_string(d) + " must be within 0.." +
                                    std::to_string(topo.radix(d) - 1) + " with low <= high");
      }
    }
    for (NodeId n = 0; n < topo.nodeCount(); ++n) {
      const Coord c = topo.coordOf(n);
      bool in = true;
      for (int d = 0; d < topo.dims(); ++d) in = in && c[d] >= lo[d] && c[d] <= hi[d];
      if (in) out.push_back(n);
    }
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

SyncTree buildSyncTree(const Topology& topo, const TreeRequest& request,
                       const std::vector<std::uint8_t>& failedNodes) {
  const Graph g{topo, failedNodes};
  const auto count = static_cast<std::size_t>(topo.nodeCount());
  SyncTree t;
  t.parentDir.assign(count, SyncTree::kNotInTree);
  t.participates.assign(count, 0);
  t.depth.assign(count, -1);
  std::vector<std::uint8_t> wanted(count, 0);
  std::vector<NodeId> live;
  std::vector<NodeId> sorted = request.participants;
  std::sort(sorted.begin(), sorted.end());
  for (NodeId n : sorted) {
    if (n < 0 || n >= topo.nodeCount()) throw std::invalid_argument("participant node #" + std::to_string(n) + " is outside the topology");
    if (!g.alive(n)) {
      t.left.push_back({n, "node failed"});
      continue;
    }
    if (!wanted[static_cast<std::size_t>(n)]) live.push_back(n);
    wanted[static_cast<std::size_t>(n)] = 1;
  }
  if (live.empty()) throw std::invalid_argument("no live participant");
  t.root = defaultRoot(topo, live, request.shape);
  if (request.root) {
    if (*request.root < 0 || *request.root >= topo.nodeCount()) throw std::invalid_argument("root is outside the topology");
    if (g.alive(*request.root)) {
      t.root = *request.root;
    } else {
      t.notes.push_back("root " + formatCoord(topo.coordOf(*request.root), topo.dims()) +
                        " failed; root is " + formatCoord(topo.coordOf(t.root), topo.dims()));
    }
  }
  t.parentDir[static_cast<std::size_t>(t.root)] = SyncTree::kNoParent;
  if (request.shape == TreeShape::MinimumDepth) {
    buildMinimumDepth(g, t, wanted);
  } else {
    buildDimensionOrdered(g, t, live);
  }
  pruneAndMeasure(topo, t, wanted);
  return t;
}

std::uint8_t SyncTree::childMask(NodeId n, const Topology& topo) const {
  if (!inTree(n)) return 0;
  std::uint8_t mask = participates[static_cast<std::size_t>(n)] ? std::uint8_t(1u << kProcessorPort) : 0;
  for (int d = 0; d < kDirectionCount; ++d) {
    const NodeId nb = topo.neighbor(n, static_cast<Direction>(d));
    if (nb != kInvalidId && nb != n && parentDir[static_cast<std::size_t>(nb)] == dirTo(d)) {
      mask = static_cast<std::uint8_t>(mask | (1u << d));
    }
  }
  return mask;
}

int SyncTree::treeDepth() const { return *std::max_element(depth.begin(), depth.end()); }

int SyncTree::maxFanOut(const Topology& topo) const {
  int best = 0;
  for (NodeId n = 0; n < topo.nodeCount(); ++n) {
    const int m = childMask(n, topo) & 0x3F;
    best = std::max(best, std::popcount(static_cast<unsigned>(m)));
  }
  return best;
}

int SyncTree::routerCount() const {
  return static_cast<int>(std::count_if(parentDir.begin(), parentDir.end(), [](std::int8_t p) { return p != kNotInTree; }));
}

std::string describeSyncTree(const SyncTree& tree, const Topology& topo) {
  std::string out;
  for (NodeId n = 0; n < topo.nodeCount(); ++n) {
    if (!tree.inTree(n)) continue;
    out += formatCoord(topo.coordOf(n), topo.dims());
    const auto p = tree.parentDir[static_cast<std::size_t>(n)];
    out += p == SyncTree::kNoParent ? " root" : " parent " + std::string(directionName(static_cast<Direction>(p)));
    out += " children";
    const std::uint8_t mask = tree.childMask(n, topo);
    std::string kids;
    for (int d = 0; d <= kProcessorPort; ++d) {
      if (!(mask & (1u << d))) continue;
      kids += (kids.empty() ? " " : ",") + std::string(d == kProcessorPort ? "P" : directionName(static_cast<Direction>(d)));
    }
    out += (kids.empty() ? " -" : kids) + "\n";
  }
  return out;
}

}  // namespace flit
