#include "analysis/machine_figures.h"

#include <algorithm>
#include <cstdlib>

namespace flit {

namespace {

// One-way channels that cross the cut of dimension d between k/2 - 1 and k/2
// (and the wrap links of a torus): every link whose ends fall in different
// halves, counted once each way.
int channelsAcross(const Topology& topo, int d) {
  const int half = topo.radix(d) / 2;
  int links = 0;
  for (LinkId l = 0; l < topo.linkCount(); ++l) {
    const Topology::LinkEnds& e = topo.linkEnds(l);
    if (e.dim != d) continue;
    const bool lowerHalf = topo.coordOf(e.lower)[d] < half;
    const bool upperHalf = topo.coordOf(e.upper)[d] < half;
    if (lowerHalf != upperHalf) ++links;
  }
  return 2 * links;
}

// The probability of each minimal hop count along dimension d between two
// uniformly random coordinates (wrap links taken where shorter).
std::vector<double> hopDistribution(const Topology& topo, int d) {
  const int k = topo.radix(d);
  std::vector<double> p(static_cast<std::size_t>(k), 0.0);
  for (int a = 0; a < k; ++a) {
    for (int b = 0; b < k; ++b) {
      int delta = std::abs(a - b);
      if (topo.wraps(d)) delta = std::min(delta, k - delta);
      p[static_cast<std::size_t>(delta)] += 1.0 / (static_cast<double>(k) * k);
    }
  }
  return p;
}

}  // namespace

MachineFigures machineFigures(const TopologySpec& shape, const RouterConfig& router) {
  const Topology topo(shape);
  MachineFigures f;
  f.nodes = topo.nodeCount();
  if (f.nodes < 2) return f;
  for (int d = 0; d < topo.dims(); ++d) {
    const int across = channelsAcross(topo, d);
    if (f.bisectionDim < 0 || across < f.bisectionChannels) {
      f.bisectionDim = d;
      f.bisectionChannels = across;
    }
  }
  f.bisectionBoundFlitsPerCycle = 2.0 * f.bisectionChannels / f.nodes;
  f.perPeGlobalFlitsPerCycle = std::min(f.bisectionBoundFlitsPerCycle, 1.0);
  // Channel counts and node counts are whole numbers: exactly 1 is exact.
  f.limit = f.bisectionBoundFlitsPerCycle > 1.0   ? MachineFigures::Limit::ProcessorPort
            : f.bisectionBoundFlitsPerCycle == 1.0 ? MachineFigures::Limit::Both
                                                   : MachineFigures::Limit::Bisection;

  // The joint distribution of (hops, dimensions used) over uniformly random
  // pairs, dimension by dimension (the coordinates are independent), so a
  // 32x32x32 machine costs no more than an 8x8x8; a route turns once per
  // dimension after its first (dimension- and direction-order routing).
  int maxHops = 0;
  for (int d = 0; d < topo.dims(); ++d) maxHops += topo.radix(d) / (topo.wraps(d) ? 2 : 1);
  const int dims = topo.dims();
  const auto at = [dims](int hops, int used) { return static_cast<std::size_t>(hops * (dims + 1) + used); };
  std::vector<double> dist(static_cast<std::size_t>((maxHops + 1) * (dims + 1)), 0.0);
  dist[at(0, 0)] = 1.0;
  int reach = 0;  // the largest hop count so far
  int farthestHops = 0, farthestUsed = 0;
  for (int d = 0; d < dims; ++d) {
    const std::vector<double> p = hopDistribution(topo, d);
    std::vector<double> next(dist.size(), 0.0);
    int longest = 0;
    for (int delta = 0; delta < static_cast<int>(p.size()); ++delta) {
      if (p[static_cast<std::size_t>(delta)] == 0.0) continue;
      longest = delta;
      for (int h = 0; h <= reach; ++h) {
        for (int u = 0; u <= d; ++u) {
          const double w = dist[at(h, u)];
          if (w != 0.0) next[at(h + delta, u + (delta > 0 ? 1 : 0))] += w * p[static_cast<std::size_t>(delta)];
        }
      }
    }
    dist.swap(next);
    reach += longest;
    farthestHops += longest;
    farthestUsed += longest > 0 ? 1 : 0;
  }
  const auto roundTrip = [&router](int hops, int used) {
    return 2 * zeroLoadCycles(router, hops, std::max(0, used - 1), 1);
  };
  double sum = 0.0;
  for (int h = 1; h <= reach; ++h) {
    for (int u = 1; u <= dims; ++u) sum += dist[at(h, u)] * static_cast<double>(roundTrip(h, u));
  }
  // The source itself (hops 0) has probability 1/N; the others share the rest.
  f.meanRoundTripCycles = sum / (1.0 - 1.0 / f.nodes);
  f.maxRoundTripCycles = roundTrip(farthestHops, farthestUsed);
  return f;
}

const char* limitName(MachineFigures::Limit l) {
  switch (l) {
    case MachineFigures::Limit::ProcessorPort: return "processorPort";
    case MachineFigures::Limit::Both: return "both";
    case MachineFigures::Limit::Bisection: return "bisection";
  }
  return "";
}

std::vector<TopologySpec> t3eSystemShapes() {
  const auto torus = [](std::initializer_list<int> radix) {
    TopologySpec s;
    s.dims = static_cast<int>(radix.size());
    int d = 0;
    for (const int k : radix) {
      s.radix[static_cast<std::size_t>(d)] = k;
      s.wrap[static_cast<std::size_t>(d)] = true;
      ++d;
    }
    return s;
  };
  return {torus({2}),   torus({2, 2}),   torus({2, 2, 2}),  torus({2, 4, 2}),
          torus({4, 4, 2}), torus({4, 4, 4}), torus({4, 8, 4}), torus({8, 4, 8}),
          torus({8, 8, 8}), torus({8, 16, 8}), torus({8, 32, 8})};
}

}  // namespace flit
