#include "analysis/vc_balance.h"

#include <algorithm>
#include <cstdlib>
#include <stdexcept>
#include <string>

#include "routing/route_step.h"
#include "routing/tie_rule.h"

namespace flit {

std::string_view vcTableLimitName(VcTableLimit l) {
  return l == VcTableLimit::T3e ? "t3e" : "full";
}

std::optional<VcTableLimit> parseVcTableLimit(std::string_view text) {
  if (text == "full") return VcTableLimit::Full;
  if (text == "t3e") return VcTableLimit::T3e;
  return std::nullopt;
}

void RingVcTable::setVc(int pos, bool plusDir, int dest, std::uint8_t vc) {
  auto& row = (plusDir ? plus : minus).at(static_cast<std::size_t>(pos));
  if (vc)
    row |= 1ull << dest;
  else
    row &= ~(1ull << dest);
}

RingModel tieRuleRing(int radix, int plusDateline, int minusDateline, TieRule rule) {
  if (rule == TieRule::Random) {
    throw std::invalid_argument("routing.tieRule: \"random\" has no fixed route per pair");
  }
  RingModel ring{radix, true, plusDateline, minusDateline, {}};
  for (int s = 0; s < radix; ++s) {
    const Coord src{s, 0, 0};
    const bool tieMinus = (tieBitsFor(rule, src, 1, 0) & 1u) != 0;
    for (int d = 0; d < radix; ++d) {
      if (d == s) continue;
      ring.routes.push_back({s, d, ringStepPlus((d - s + radix) % radix, radix, tieMinus)});
    }
  }
  return ring;
}

std::vector<int> subringSizes(int radix) {
  std::vector<int> sizes{radix};
  int m = 4;
  while (m * 2 < radix) m *= 2;
  for (; m >= 4; m /= 2) {
    if (m < radix) sizes.push_back(m);
  }
  return sizes;
}

std::vector<RingRoute> subringRoutes(const RingModel& ring, int size) {
  if (size == ring.radix) return ring.routes;
  std::vector<RingRoute> routes;
  for (int base = 0; base + size <= ring.radix; base += size) {
    for (int s = base; s < base + size; ++s) {
      for (int d = base; d < base + size; ++d) {
        if (d != s) routes.push_back({s, d, d > s});
      }
    }
  }
  return routes;
}

namespace {

int linkIndex(int pos, bool plus) { return pos * 2 + (plus ? 0 : 1); }

VcBalanceLevel evaluateLevel(const RingModel& ring, const RingVcTable& table, int size) {
  const int k = ring.radix;
  std::vector<int> load(static_cast<std::size_t>(2 * k), 0);
  std::vector<int> diff(static_cast<std::size_t>(2 * k), 0);  // VC0 - VC1 routes
  VcBalanceLevel level{size, 0, 0, 0};
  for (const RingRoute& r : subringRoutes(ring, size)) {
    const bool ok = walkRingRoute(ring, table, r, [&](int pos, bool plus, std::uint8_t vc) {
      const auto l = static_cast<std::size_t>(linkIndex(pos, plus));
      ++load[l];
      diff[l] += vc ? -1 : 1;
    });
    if (!ok) ++level.violations;
  }
  int links = 0;
  double sum = 0;
  for (int base = 0; base + size <= k; base += size) {
    int maxLoad = 0;
    for (int l = 2 * base; l < 2 * (base + size); ++l) maxLoad = std::max(maxLoad, load[static_cast<std::size_t>(l)]);
    links += 2 * size;
    if (maxLoad == 0) continue;
    for (int l = 2 * base; l < 2 * (base + size); ++l) {
      const double b = std::abs(diff[static_cast<std::size_t>(l)]) / static_cast<double>(maxLoad);
      sum += b;
      level.maximum = std::max(level.maximum, b);
    }
  }
  level.average = links ? sum / links : 0;
  return level;
}

}  // namespace

RingBalance evaluateRing(const RingModel& ring, const RingVcTable& table) {
  RingBalance out;
  for (int size : subringSizes(ring.radix)) out.levels.push_back(evaluateLevel(ring, table, size));
  return out;
}

int RingBalance::violations() const {
  int n = 0;
  for (const VcBalanceLevel& l : levels) n += l.violations;
  return n;
}

std::vector<NodeId> ringBases(const Topology& topo, int dim) {
  std::vector<NodeId> bases;
  for (NodeId n = 0; n < topo.nodeCount(); ++n) {
    if (topo.coordOf(n)[dim] == 0) bases.push_back(n);
  }
  return bases;
}

namespace {

NodeId ringNode(const Topology& topo, NodeId base, int dim, int pos) {
  Coord c = topo.coordOf(base);
  c[dim] = pos;
  return topo.nodeAt(c);
}

// The direction of the traced route from s to d when it stays in dimension
// dim and in one direction (nullopt otherwise: an initial or final hop).
std::optional<bool> ringDirection(const Topology& topo, const RoutingSetup& setup, int dim,
                                  NodeId src, NodeId dst) {
  RouteState st = setup.startState(topo, src, dst);
  NodeId here = src;
  std::optional<bool> plus;
  for (int hops = 0; hops <= topo.radix(dim); ++hops) {
    const int out = routeStep(topo, setup.algorithm, here, st);
    if (out == kProcessorPort) return here == dst ? plus : std::nullopt;
    if (out < 0 || out >= kDirectionCount) return std::nullopt;
    const auto dir = static_cast<Direction>(out);
    if (dimensionOf(dir) != dim || (plus && *plus != isPositive(dir))) return std::nullopt;
    plus = isPositive(dir);
    here = topo.neighbor(here, dir);
    if (here == kInvalidId) return std::nullopt;
  }
  return std::nullopt;
}

}  // namespace

RingModel ringModelOf(const Topology& topo, const RoutingSetup& setup, int dim, NodeId base) {
  RingModel ring;
  ring.radix = topo.radix(dim);
  ring.wraps = topo.wraps(dim);
  ring.plusDateline = setup.datelines.at(makeDirection(dim, true));
  ring.minusDateline = setup.datelines.at(makeDirection(dim, false));
  ring.afterVc = setup.datelines.afterVc;
  for (int s = 0; s < ring.radix; ++s) {
    for (int d = 0; d < ring.radix; ++d) {
      if (d == s) continue;
      const auto plus = ringDirection(topo, setup, dim, ringNode(topo, base, dim, s),
                                      ringNode(topo, base, dim, d));
      if (plus) ring.routes.push_back({s, d, *plus});
    }
  }
  return ring;
}

RingVcTable ringTableOf(const Topology& topo, const VcTables& tables, int dim, NodeId base) {
  RingVcTable t(topo.radix(dim));
  for (int p = 0; p < topo.radix(dim); ++p) {
    const NodeId n = ringNode(topo, base, dim, p);
    t.plus[static_cast<std::size_t>(p)] = tables.row(n, makeDirection(dim, true));
    t.minus[static_cast<std::size_t>(p)] = tables.row(n, makeDirection(dim, false));
  }
  return t;
}

void applyRingTable(const Topology& topo, VcTables& tables, int dim, NodeId base,
                    const RingVcTable& table) {
  for (int p = 0; p < topo.radix(dim); ++p) {
    const NodeId n = ringNode(topo, base, dim, p);
    tables.setRow(n, makeDirection(dim, true), table.plus[static_cast<std::size_t>(p)]);
    tables.setRow(n, makeDirection(dim, false), table.minus[static_cast<std::size_t>(p)]);
  }
}

std::vector<VcBalanceRow> evaluateVcBalance(const Topology& topo, const RoutingSetup& setup) {
  if (setup.algorithm == RoutingAlgorithm::DimensionOrder && setup.tieRule == TieRule::Random) {
    throw std::invalid_argument(
        "routing.tieRule: \"random\" has no fixed route per pair, so no VC balance");
  }
  std::vector<VcBalanceRow> rows;
  for (int dim = 0; dim < topo.dims(); ++dim) {
    const int k = topo.radix(dim);
    if (k < 2) continue;
    const std::vector<NodeId> bases = ringBases(topo, dim);
    const std::size_t first = rows.size();
    for (int size : subringSizes(k)) rows.push_back({dim, k, size, 0, 0, 0});
    for (NodeId base : bases) {
      const RingBalance b = evaluateRing(ringModelOf(topo, setup, dim, base),
                                         ringTableOf(topo, setup.vcTables, dim, base));
      for (std::size_t i = 0; i < b.levels.size(); ++i) {
        VcBalanceRow& row = rows[first + i];
        row.average += b.levels[i].average / static_cast<double>(bases.size());
        row.maximum = std::max(row.maximum, b.levels[i].maximum);
        row.violations += b.levels[i].violations;
      }
    }
  }
  return rows;
}

std::vector<ChannelVcRoutes> channelVcRoutes(const Topology& topo, const RoutingSetup& setup) {
  std::vector<ChannelVcRoutes> counts(static_cast<std::size_t>(topo.channelCount()));
  for (int dim = 0; dim < topo.dims(); ++dim) {
    if (topo.radix(dim) < 2) continue;
    for (const NodeId base : ringBases(topo, dim)) {
      const RingModel ring = ringModelOf(topo, setup, dim, base);
      const RingVcTable table = ringTableOf(topo, setup.vcTables, dim, base);
      for (const RingRoute& r : ring.routes) {
        walkRingRoute(ring, table, r, [&](int pos, bool plus, std::uint8_t vc) {
          const ChannelId c = topo.channelFrom(ringNode(topo, base, dim, pos), makeDirection(dim, plus));
          if (c == kInvalidId) return;
          ++(vc ? counts[static_cast<std::size_t>(c)].vc1 : counts[static_cast<std::size_t>(c)].vc0);
        });
      }
    }
  }
  return counts;
}

}  // namespace flit
