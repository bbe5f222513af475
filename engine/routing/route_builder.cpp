#include "routing/route_builder.h"

#include "routing/route_step.h"
#include "routing/routing_setup.h"  // destinationOrdinate

#include <algorithm>
#include <array>
#include <stdexcept>
#include <string>

namespace flit {

namespace {

constexpr std::uint64_t kAdaptiveBitMask = std::uint64_t{1} << RoutingTag::kAdaptiveBit;

// The tag the router of a node in `mode` builds from LUT entry `entry` for
// `logicalPe` (manual Table 6; mirrors RouteTables::tagForLogical).
std::uint64_t effectiveTag(LutMode mode, std::uint64_t entry, int logicalPe) {
  const auto lp = static_cast<std::uint64_t>(logicalPe);
  switch (mode) {
    case LutMode::LowBitsXY:
      return (entry & ~RouteTables::kLowAddrBits) | (lp & 1u) | (((lp >> 1) & 1u) << 8);
    case LutMode::LowBitsYX:
      return (entry & ~RouteTables::kLowAddrBits) | ((lp >> 1) & 1u) | ((lp & 1u) << 8);
    case LutMode::PerPe:
    case LutMode::Register: break;
  }
  return entry;
}

// Forward distance from a to b (both 0..k-1) along a ring in the given sense.
inline int stepsAlong(int k, int from, int to, bool positive) {
  const int d = positive ? to - from : from - to;
  return d < 0 ? d + k : d;
}

class Builder {
 public:
  Builder(RouteTables& tables, const Topology& topo, const RouteBuildOptions& opt)
      : tables_(tables), topo_(topo), opt_(opt),
        vcTables_(opt.vcTables == VcTables() ? VcTables(topo) : opt.vcTables) {
    n_ = topo.nodeCount();
    if (!opt.nodeUp.empty() && static_cast<int>(opt.nodeUp.size()) != n_) {
      throw std::invalid_argument("route builder: nodeUp has " +
                                  std::to_string(opt.nodeUp.size()) + " entries for " +
                                  std::to_string(n_) + " nodes");
    }
    coords_.resize(static_cast<std::size_t>(n_));
    for (NodeId v = 0; v < n_; ++v) coords_[static_cast<std::size_t>(v)] = topo.coordOf(v);
    for (LinkId l = 0; l < topo.linkCount(); ++l) {
      if (!topo.linkUp(l)) failedLinks_.push_back(l);
    }
    for (NodeId v = 0; v < n_; ++v) {
      if (!up(v)) downNodes_.push_back(v);
    }
    maxHops_ = routeHopBound(topo);
  }

  RouteBuildReport run();

 private:
  const Coord& coord(NodeId v) const { return coords_[static_cast<std::size_t>(v)]; }
  bool up(NodeId v) const {
    return opt_.nodeUp.empty() || opt_.nodeUp[static_cast<std::size_t>(v)] != 0;
  }
  int walk(NodeId src, NodeId dst, std::uint64_t tag, int hopLimit) const;
  bool boxFree(NodeId src, NodeId dst, const RoutingTag& t) const;
  bool plainPathFree(NodeId src, NodeId dst, const RoutingTag& t) const;
  int fastCleanHops(NodeId src, NodeId dst, std::uint64_t tag, bool& boxIsFree) const;
  bool adaptiveSafe(NodeId src, NodeId dst, std::uint64_t tag, int hops, bool boxKnownFree) const;
  int minimalHops(NodeId src, NodeId dst) const;
  const std::vector<std::vector<NodeId>>& groupsFor(LutMode mode);
  void rebuildEntry(NodeId src, LutMode mode, int index, const std::vector<NodeId>& members,
                    RouteBuildReport& report);
  // (hops if the route is well formed, tag), shortest first, ties in preference order.
  std::vector<std::pair<int, std::uint64_t>> candidates(NodeId src, const Coord& base) const;

  RouteTables& tables_;
  const Topology& topo_;
  const RouteBuildOptions& opt_;
  VcTables vcTables_;
  int n_ = 0;
  int maxHops_ = 0;
  std::vector<Coord> coords_;  // per node, coordOf() without its divisions
  std::vector<LinkId> failedLinks_;
  std::vector<NodeId> downNodes_;
  std::array<std::vector<std::vector<NodeId>>, 3> groups_;  // per LUT mode 0..2
  std::array<bool, 3> groupsReady_{false, false, false};
};

// The route as the routers walk it, with the VC the dateline hardware picks
// (walkedRouteHops).
int Builder::walk(NodeId src, NodeId dst, std::uint64_t tag, int hopLimit) const {
  return walkedRouteHops(topo_, RoutingAlgorithm::DirectionOrder, opt_.datelines, vcTables_, opt_.nodeUp, src, dst,
                         tag, hopLimit);
}

int Builder::minimalHops(NodeId src, NodeId dst) const {
  const Coord& s = coord(src);
  const Coord& d = coord(dst);
  int hops = 0;
  for (int dim = 0; dim < topo_.dims(); ++dim) {
    const int k = topo_.radix(dim);
    const int fwd = stepsAlong(k, s[dim], d[dim], true);
    hops += topo_.wraps(dim) ? std::min(fwd, k - fwd) : std::abs(d[dim] - s[dim]);
  }
  return hops;
}

// True when no failed link or down node lies on any path from src that
// moves only in the tag's directions and stays within the tag's distances
// (the "box" of those paths). A plain tag's own route lies in that box, and
// so do all the minimal paths an adaptive packet may take (sections 2.4, 5).
bool Builder::boxFree(NodeId src, NodeId dst, const RoutingTag& t) const {
  const Coord& s = coord(src);
  const Coord& d = coord(dst);
  std::array<int, kMaxDims> dist{0, 0, 0};
  for (int dim = 0; dim < topo_.dims(); ++dim) {
    dist[static_cast<std::size_t>(dim)] =
        stepsAlong(topo_.radix(dim), s[dim], d[dim], !t.minus(dim));
  }
  const auto inBox = [&](const Coord& c, int dim) {  // 0 <= offset <= dist in dim
    return stepsAlong(topo_.radix(dim), s[dim], c[dim], !t.minus(dim)) <=
           dist[static_cast<std::size_t>(dim)];
  };
  for (NodeId v : downNodes_) {
    const Coord& c = coord(v);
    bool inside = true;
    for (int dim = 0; dim < topo_.dims() && inside; ++dim) inside = inBox(c, dim);
    if (inside) return false;
  }
  for (LinkId l : failedLinks_) {
    const Topology::LinkEnds& e = topo_.linkEnds(l);
    const bool minus = t.minus(e.dim);
    // The link is taken from `from` when travelling the tag's way in e.dim.
    const Coord& from = coord(minus ? e.upper : e.lower);
    bool onPath = stepsAlong(topo_.radix(e.dim), s[e.dim], from[e.dim], !minus) <
                  dist[static_cast<std::size_t>(e.dim)];
    for (int dim = 0; dim < topo_.dims() && onPath; ++dim) {
      if (dim != e.dim) onPath = inBox(from, dim);
    }
    if (onPath) return false;
  }
  return true;
}

// True when the direction-order route of a plain tag (the + dimensions in
// X, Y, Z order, then the - dimensions) meets no failed link or down node;
// the analytic twin of walk() for plain tags.
bool Builder::plainPathFree(NodeId src, NodeId dst, const RoutingTag& t) const {
  Coord cur = coord(src);
  const Coord& d = coord(dst);
  const auto sameElsewhere = [&](const Coord& c, int dim) {
    for (int o = 0; o < topo_.dims(); ++o) {
      if (o != dim && c[o] != cur[o]) return false;
    }
    return true;
  };
  for (int pass = 0; pass < 2; ++pass) {
    for (int dim = 0; dim < topo_.dims(); ++dim) {
      const bool minus = t.minus(dim);
      if (minus != (pass == 1)) continue;
      const int k = topo_.radix(dim);
      const int dist = stepsAlong(k, cur[dim], d[dim], !minus);
      if (dist == 0) continue;
      for (NodeId v : downNodes_) {
        const Coord& c = coord(v);
        const int at = stepsAlong(k, cur[dim], c[dim], !minus);
        if (at >= 1 && at <= dist && sameElsewhere(c, dim)) return false;
      }
      for (LinkId l : failedLinks_) {
        const Topology::LinkEnds& e = topo_.linkEnds(l);
        if (e.dim != dim) continue;
        const Coord& from = coord(minus ? e.upper : e.lower);
        if (stepsAlong(k, cur[dim], from[dim], !minus) < dist && sameElsewhere(from, dim)) {
          return false;
        }
      }
      cur[dim] = d[dim];
    }
  }
  return true;
}

// The hop count of a plain tag addressed to dst whose route meets no failure
// (decided without walking it), or -1: walk it. boxFree tells whether no
// failure lies on any minimal path in the tag's directions either (for the
// adaptive bit). Skips the dateline-violation check: violations depend on
// the VC tables, not on failures, and the dependency check reports them for
// the tables as given.
int Builder::fastCleanHops(NodeId src, NodeId dst, std::uint64_t tag, bool& boxIsFree) const {
  boxIsFree = false;
  const RoutingTag t = RoutingTag::decode(tag);
  if (t.initialHop != InitialHop::None || t.finalHop) return -1;
  const Coord& s = coord(src);
  const Coord& d = coord(dst);
  int hops = 0;
  for (int dim = 0; dim < kMaxDims; ++dim) {
    if (t.addr(dim) != d[dim]) return -1;
    if (dim >= topo_.dims()) continue;
    // A mesh route must point the right way, or it walks off the edge.
    if (!topo_.wraps(dim) && d[dim] != s[dim] && t.minus(dim) != (d[dim] < s[dim])) return -1;
    hops += stepsAlong(topo_.radix(dim), s[dim], d[dim], !t.minus(dim));
  }
  boxIsFree = boxFree(src, dst, t);
  return boxIsFree || plainPathFree(src, dst, t) ? hops : -1;
}

// boxKnownFree: fastCleanHops already proved the box free for this tag.
// (When it did not, the box is checked again here.)
bool Builder::adaptiveSafe(NodeId src, NodeId dst, std::uint64_t tag, int hops,
                           bool boxKnownFree) const {
  const RoutingTag t = RoutingTag::decode(tag);
  if (t.initialHop != InitialHop::None || t.finalHop) return false;
  if (hops != minimalHops(src, dst)) return false;
  return boxKnownFree || boxFree(src, dst, t);
}

// LUT entry index -> the destination nodes it serves (Table 6).
const std::vector<std::vector<NodeId>>& Builder::groupsFor(LutMode mode) {
  const auto m = static_cast<std::size_t>(mode);
  if (!groupsReady_[m]) {
    const PeMap& pe = tables_.peMap();
    const int per = mode == LutMode::PerPe ? 1 : 4;
    auto& g = groups_[m];
    g.assign(static_cast<std::size_t>((pe.peCount() + per - 1) / per), {});
    for (int lp = 0; lp < pe.peCount(); ++lp) {
      g[static_cast<std::size_t>(lp / per)].push_back(pe.nodeOf(lp));
    }
    groupsReady_[m] = true;
  }
  return groups_[m];
}

// Every direction-order tag towards `base` (the members' common block, or
// its +Z neighbour for a final hop), best-first order of features: plain,
// initial hop, final hop, both.
std::vector<std::pair<int, std::uint64_t>> Builder::candidates(NodeId src,
                                                               const Coord& base) const {
  std::vector<std::pair<int, std::uint64_t>> out;
  const int kz = topo_.radix(2);
  for (int fin = 0; fin < 2; ++fin) {
    if (fin && (kz < 2 || (!topo_.wraps(2) && base[2] + 1 >= kz))) continue;
    for (int init = 3; init >= 0; --init) {  // None (3) first
      if (init != 3) {
        const auto dir = static_cast<Direction>(init);
        const NodeId next = topo_.neighbor(src, dir);
        if (next == kInvalidId) continue;
        const int dim = dimensionOf(dir);
        // Section 3.1: the initial hop must not go to a dateline node.
        if (opt_.datelines.isDatelineNode(dir, topo_.coordOf(next)[dim])) continue;
      }
      for (int signs = 0; signs < 8; ++signs) {
        if ((signs >> topo_.dims()) != 0) continue;  // unused dimensions stay +
        if (fin && (signs & 4)) continue;            // Z sign forces the final hop off
        RoutingTag t;
        t.xAddr = static_cast<std::uint8_t>(base[0]);
        t.yAddr = static_cast<std::uint8_t>(base[1]);
        t.zAddr = static_cast<std::uint8_t>(fin ? (base[2] + 1) % kz : base[2]);
        t.xMinus = signs & 1;
        t.yMinus = (signs >> 1) & 1;
        t.zMinus = (signs >> 2) & 1;
        t.initialHop = static_cast<InitialHop>(init);
        t.finalHop = fin != 0;
        // Length as direction order walks it: the initial hop, then each
        // dimension the tag's way round, then the final hop.
        Coord c = coord(src);
        if (init != 3) c = coord(topo_.neighbor(src, static_cast<Direction>(init)));
        int hops = (init != 3 ? 1 : 0) + fin;
        for (int dim = 0; dim < topo_.dims(); ++dim) {
          hops += stepsAlong(topo_.radix(dim), c[dim], t.addr(dim), !t.minus(dim));
        }
        out.emplace_back(hops, t.encode());
      }
    }
  }
  std::stable_sort(out.begin(), out.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  return out;
}

void Builder::rebuildEntry(NodeId src, LutMode mode, int index,
                           const std::vector<NodeId>& members, RouteBuildReport& report) {
  const PeMap& pe = tables_.peMap();
  const std::uint64_t current = tables_.entry(src, index);
  std::array<int, 4> hops{};
  std::array<bool, 4> fastOk{};
  // hopLimit prunes candidates that cannot beat the best so far (one member).
  int hopLimit = maxHops_;
  const auto evaluate = [&](std::uint64_t entry, int& reached, int& total, bool fast) {
    reached = 0;
    total = 0;
    for (std::size_t i = 0; i < members.size(); ++i) {
      if (!up(members[i])) continue;
      const std::uint64_t tag = effectiveTag(mode, entry, pe.logicalOf(members[i]));
      fastOk[i] = false;
      hops[i] = fast ? fastCleanHops(src, members[i], tag, fastOk[i]) : -1;
      if (hops[i] < 0) hops[i] = walk(src, members[i], tag, hopLimit);
      if (hops[i] >= 0) {
        ++reached;
        total += hops[i];
      }
    }
  };
  int wanted = 0;
  for (NodeId m : members) wanted += up(m) ? 1 : 0;
  int reached = 0, total = 0;
  evaluate(current, reached, total, true);
  std::uint64_t chosen = current;
  if (reached < wanted) {
    int bestReached = reached, bestTotal = total;
    for (const auto& [length, cand] : candidates(src, coord(members.front()))) {
      // One member: candidates come shortest first, so the first that
      // reaches it is the best (a mesh route's length may be understated:
      // it then fails the walk).
      if (members.size() == 1 && bestReached == 1) break;
      evaluate(cand, reached, total, false);
      if (reached > bestReached || (reached == bestReached && reached > 0 && total < bestTotal)) {
        chosen = cand;
        bestReached = reached;
        bestTotal = total;
        if (members.size() == 1) hopLimit = bestTotal - 1;  // ties keep the earlier one
      }
    }
    if (chosen != current) {
      ++report.reroutedEntries;
      const RoutingTag t = RoutingTag::decode(chosen);
      report.initialHopEntries += t.initialHop != InitialHop::None ? 1 : 0;
      report.finalHopEntries += t.finalHop ? 1 : 0;
    }
    hopLimit = maxHops_;
    evaluate(chosen, reached, total, false);
  }
  // Adaptivity: a kept entry keeps its own choice, a new one follows the
  // scenario default; either way only when every member's route is minimal
  // and no failure lies on any of its minimal paths.
  const bool wantAdaptive =
      chosen == current ? (current & kAdaptiveBitMask) != 0 : opt_.adaptive;
  bool safe = wantAdaptive;
  for (std::size_t i = 0; i < members.size() && safe; ++i) {
    if (!up(members[i])) continue;
    const std::uint64_t tag = effectiveTag(mode, chosen, pe.logicalOf(members[i]));
    safe = hops[i] >= 0 && adaptiveSafe(src, members[i], tag, hops[i], fastOk[i]);
  }
  if (wantAdaptive && !safe) ++report.adaptiveDisabledEntries;
  chosen = safe ? (chosen | kAdaptiveBitMask) : (chosen & ~kAdaptiveBitMask);
  if (chosen != current) tables_.setEntry(src, index, chosen);
  for (std::size_t i = 0; i < members.size(); ++i) {
    const NodeId dst = members[i];
    if (!up(dst)) continue;
    if (hops[i] < 0) {
      report.status[static_cast<std::size_t>(src) * static_cast<std::size_t>(n_) +
                    static_cast<std::size_t>(dst)] = PairStatus::Unreachable;
      report.unreachable.emplace_back(src, dst);
    }
  }
}

RouteBuildReport Builder::run() {
  RouteBuildReport report;
  report.nodeCount = n_;
  report.status.assign(static_cast<std::size_t>(n_) * static_cast<std::size_t>(n_),
                       PairStatus::Routed);
  for (NodeId v : downNodes_) {
    for (NodeId o = 0; o < n_; ++o) {
      report.status[static_cast<std::size_t>(v) * static_cast<std::size_t>(n_) +
                    static_cast<std::size_t>(o)] = PairStatus::NodeDown;
      report.status[static_cast<std::size_t>(o) * static_cast<std::size_t>(n_) +
                    static_cast<std::size_t>(v)] = PairStatus::NodeDown;
    }
  }
  for (NodeId src = 0; src < n_; ++src) {
    const LutMode mode = tables_.overrideOf(src).mode;
    if (mode == LutMode::Register) {
      throw std::invalid_argument("route builder: node " + topo_.describeNode(src) +
                                  " uses LUT mode 3 (one register tag), which cannot be rebuilt");
    }
    if (!up(src)) continue;
    const auto& groups = groupsFor(mode);
    for (std::size_t index = 0; index < groups.size(); ++index) {
      rebuildEntry(src, mode, static_cast<int>(index), groups[index], report);
    }
  }
  std::sort(report.unreachable.begin(), report.unreachable.end());  // (src, dst) order
  return report;
}

}  // namespace

RouteBuildReport rebuildRoutes(RouteTables& tables, const Topology& topo,
                               const RouteBuildOptions& options) {
  Builder builder(tables, topo, options);
  return builder.run();
}

std::pair<RouteTables, RouteBuildReport> buildFaultTolerantTables(
    const Topology& topo, const PeMap& peMap, const RouteBuildOptions& options) {
  RouteTables tables(topo, peMap);
  fillMinimalTags(tables, topo, defaultLutMode(topo), options.adaptive, options.tieRule);
  RouteBuildReport report = rebuildRoutes(tables, topo, options);
  return {std::move(tables), std::move(report)};
}

int walkedRouteHops(const Topology& topo, RoutingAlgorithm algo, const DatelineConfig& datelines,
                    const VcTables& vcTables, const std::vector<std::uint8_t>& nodeUp, NodeId src,
                    NodeId dst, std::uint64_t tag, int hopLimit) {
  RouteState st = makeRouteState(topo, algo, src, dst, tag);
  NodeId here = src;
  int arrived = kFromProcessor;
  std::uint8_t vc = 0;
  for (int hops = 0;; ++hops) {
    const int out = routeStep(topo, algo, here, st);
    if (out == kProcessorPort) return here == dst ? hops : -1;
    if (out < 0 || hops >= hopLimit) return -1;
    const auto dir = static_cast<Direction>(out);
    const LinkId link = topo.linkFrom(here, dir);
    if (link == kInvalidId || !topo.linkUp(link)) return -1;
    const VcSelection sel = selectVc(topo, datelines, vcTables, here, arrived, out, vc,
                                     destinationOrdinate(topo, algo, st, dimensionOf(dir)));
    if (sel.violation) return -1;
    vc = sel.vc;
    here = topo.neighbor(here, dir);
    if (!nodeUp.empty() && nodeUp[static_cast<std::size_t>(here)] == 0) return -1;
    arrived = out;
  }
}

int cleanRouteHops(const Topology& topo, const std::vector<std::uint8_t>& nodeUp, NodeId src,
                   NodeId dst, std::uint64_t tagBits) {
  RouteState st = makeRouteState(topo, RoutingAlgorithm::DirectionOrder, src, dst, tagBits);
  const int maxHops = routeHopBound(topo);
  NodeId here = src;
  for (int hops = 0;; ++hops) {
    const int out = routeStep(topo, RoutingAlgorithm::DirectionOrder, here, st);
    if (out == kProcessorPort) return here == dst ? hops : -1;
    if (out < 0 || hops >= maxHops) return -1;
    const LinkId link = topo.linkFrom(here, static_cast<Direction>(out));
    if (link == kInvalidId || !topo.linkUp(link)) return -1;
    here = topo.neighbor(here, static_cast<Direction>(out));
    if (!nodeUp.empty() && nodeUp[static_cast<std::size_t>(here)] == 0) return -1;
  }
}

}  // namespace flit
