#include "analysis/vc_optimize.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <stdexcept>
#include <string>

#include "traffic/rng.h"

namespace flit {

namespace {

constexpr double kStartTemperature = 1e-1;
constexpr double kEndTemperature = 1e-4;
constexpr double kPairMoveShare = 0.5;  // moves that flip two entries with opposite VCs
constexpr std::int64_t kCancelCheckSteps = 1024;

// One link of one level that an entry's routes cross, and how much
// (VC0 - VC1 routes) on it changes when the entry goes from VC0 to VC1.
struct EntryHop {
  int level = 0;
  int link = 0;
  int delta = 0;
};

struct Level {
  int links = 0;                // 2 * size * number of subrings (the average's divisor)
  std::vector<double> weight;   // per link: 1 / max load of its subring (0: unused)
  std::vector<int> diff;        // per link: VC0 - VC1 routes
  double weightedSum = 0;       // sum of |diff| * weight
  double maximum() const {
    double m = 0;
    for (std::size_t l = 0; l < diff.size(); ++l) m = std::max(m, std::abs(diff[l]) * weight[l]);
    return m;
  }
};

// The annealing state of one ring: entries, their hops, the levels' counts.
class RingSearch {
 public:
  RingSearch(const RingModel& ring, VcTableLimit limit) : ring_(ring), limit_(limit) {
    const int k = ring.radix;
    perDirection_ = limit == VcTableLimit::T3e ? std::min(k, kT3eVcTableEntries) : k;
    const auto entryCount = static_cast<std::size_t>(2 * k * perDirection_);
    hops_.resize(entryCount);
    std::vector<std::uint8_t> used(entryCount, 0), constrained(entryCount, 0);
    const RingVcTable zeros(k);
    RingVcTable ones(k);
    for (int p = 0; p < k; ++p) {
      ones.plus[static_cast<std::size_t>(p)] = ~0ull;
      ones.minus[static_cast<std::size_t>(p)] = ~0ull;
    }
    for (int size : subringSizes(k)) {
      const int li = static_cast<int>(levels_.size());
      Level level;
      level.weight.assign(static_cast<std::size_t>(2 * k), 0);
      level.diff.assign(static_cast<std::size_t>(2 * k), 0);
      std::vector<int> load(static_cast<std::size_t>(2 * k), 0);
      for (const RingRoute& r : subringRoutes(ring, size)) {
        const auto e = static_cast<std::size_t>(entryOf(r));
        used[e] = 1;
        std::vector<int> links, vcs0;
        walkRingRoute(ring, zeros, r, [&](int pos, bool plus, std::uint8_t vc) {
          links.push_back(pos * 2 + (plus ? 0 : 1));
          vcs0.push_back(vc);
        });
        std::size_t i = 0;
        const bool safe = walkRingRoute(ring, ones, r, [&](int, bool, std::uint8_t vc) {
          const int d = (vc ? -1 : 1) - (vcs0[i] ? -1 : 1);
          if (d != 0) hops_[e].push_back({li, links[i], d});
          ++i;
        });
        if (!safe) constrained[e] = 1;
        for (std::size_t h = 0; h < links.size(); ++h) {
          ++load[static_cast<std::size_t>(links[h])];
          level.diff[static_cast<std::size_t>(links[h])] += vcs0[h] ? -1 : 1;
        }
      }
      for (int base = 0; base + size <= k; base += size) {
        int maxLoad = 0;
        for (int l = 2 * base; l < 2 * (base + size); ++l) maxLoad = std::max(maxLoad, load[static_cast<std::size_t>(l)]);
        for (int l = 2 * base; l < 2 * (base + size); ++l) {
          level.weight[static_cast<std::size_t>(l)] = maxLoad ? 1.0 / maxLoad : 0.0;
        }
        level.links += 2 * size;
      }
      for (std::size_t l = 0; l < level.diff.size(); ++l) {
        level.weightedSum += std::abs(level.diff[l]) * level.weight[l];
      }
      levels_.push_back(std::move(level));
    }
    bits_.assign(entryCount, 0);
    for (std::size_t e = 0; e < entryCount; ++e) {
      if (used[e] && constrained[e]) ++constrainedCount_;
      if (used[e] && !constrained[e] && !hops_[e].empty()) free_.push_back(static_cast<int>(e));
    }
  }

  double cost(const VcCostWeights& w) const {
    double c = 0;
    for (std::size_t i = 0; i < levels_.size(); ++i) {
      const Level& l = levels_[i];
      const double average = l.links ? l.weightedSum / l.links : 0;
      if (i == 0)
        c += w.ringAverage * average + w.ringMaximum * l.maximum();
      else if (i == 1)
        c += w.halfAverage * average + w.halfMaximum * l.maximum();
      else
        c += w.smallerAverage * average + w.smallerMaximum * l.maximum();
    }
    return c;
  }

  void flip(int e) {
    const auto i = static_cast<std::size_t>(e);
    const int sign = bits_[i] ? -1 : 1;
    bits_[i] ^= 1u;
    for (const EntryHop& h : hops_[i]) {
      Level& l = levels_[static_cast<std::size_t>(h.level)];
      const auto li = static_cast<std::size_t>(h.link);
      const int before = l.diff[li];
      l.diff[li] += sign * h.delta;
      l.weightedSum += (std::abs(l.diff[li]) - std::abs(before)) * l.weight[li];
    }
  }

  const std::vector<int>& freeEntries() const { return free_; }
  int constrainedCount() const { return constrainedCount_; }
  const std::vector<std::uint8_t>& bits() const { return bits_; }

  RingVcTable tableOf(const std::vector<std::uint8_t>& bits) const {
    RingVcTable t(ring_.radix);
    for (int p = 0; p < ring_.radix; ++p) {
      for (int dir = 0; dir < 2; ++dir) {
        for (int d = 0; d < ring_.radix; ++d) {
          const int e = (p * 2 + dir) * perDirection_ + vcTableEntryOf(limit_, d);
          if (bits[static_cast<std::size_t>(e)] && d != p) t.setVc(p, dir == 0, d, 1);
        }
      }
    }
    return t;
  }

 private:
  int entryOf(const RingRoute& r) const {
    return (r.src * 2 + (r.plus ? 0 : 1)) * perDirection_ + vcTableEntryOf(limit_, r.dst);
  }

  const RingModel& ring_;
  VcTableLimit limit_;
  int perDirection_ = 0;
  std::vector<std::vector<EntryHop>> hops_;
  std::vector<Level> levels_;
  std::vector<std::uint8_t> bits_;
  std::vector<int> free_;
  int constrainedCount_ = 0;
};

}  // namespace

RingOptimizeResult optimizeRing(const RingModel& ring, const VcOptimizeOptions& options,
                                double progressBase, double progressShare) {
  if (options.iterations < 1) {
    throw std::invalid_argument("iterations: must be >= 1, got " +
                                std::to_string(options.iterations));
  }
  if (ring.radix < 2 || ring.radix > 64) {
    throw std::invalid_argument("radix: VC tables hold 2..64 ordinates, got " +
                                std::to_string(ring.radix));
  }
  RingSearch search(ring, options.limit);
  RingOptimizeResult out;
  out.before = evaluateRing(ring, RingVcTable(ring.radix));
  out.freeEntries = static_cast<int>(search.freeEntries().size());
  out.constrainedEntries = search.constrainedCount();
  Rng rng(options.seed);
  double cost = search.cost(options.weights);
  double bestCost = cost;
  std::vector<std::uint8_t> best = search.bits();
  const std::int64_t n = options.iterations;
  const std::int64_t progressEvery = std::max<std::int64_t>(1, n / 100);
  const double cooling = std::log(kEndTemperature / kStartTemperature);
  const auto& freeList = search.freeEntries();
  for (std::int64_t i = 0; i < n && !freeList.empty(); ++i) {
    if (i % kCancelCheckSteps == 0 && options.cancel && options.cancel->load()) {
      out.cancelled = true;
      break;
    }
    if (options.progress && i % progressEvery == 0) {
      options.progress(progressBase + progressShare * static_cast<double>(i) / static_cast<double>(n));
    }
    const double temperature =
        kStartTemperature * std::exp(cooling * static_cast<double>(i) / static_cast<double>(n));
    const int e = freeList[rng.below(static_cast<std::uint32_t>(freeList.size()))];
    const int e2 = freeList[rng.below(static_cast<std::uint32_t>(freeList.size()))];
    const bool pair = rng.uniform() < kPairMoveShare && e2 != e &&
                      search.bits()[static_cast<std::size_t>(e)] != search.bits()[static_cast<std::size_t>(e2)];
    search.flip(e);
    if (pair) search.flip(e2);
    const double next = search.cost(options.weights);
    const double u = rng.uniform();  // drawn every step: the sequence does not depend on costs
    if (next <= cost || u < std::exp((cost - next) / temperature)) {
      cost = next;
      if (cost < bestCost - 1e-12) {
        bestCost = cost;
        best = search.bits();
      }
    } else {
      search.flip(e);
      if (pair) search.flip(e2);
    }
    out.iterationsRun = i + 1;
  }
  out.table = search.tableOf(best);
  out.after = evaluateRing(ring, out.table);
  if (options.progress && !out.cancelled) options.progress(progressBase + progressShare);
  return out;
}

VcOptimizeResult optimizeVcTables(const Topology& topo, const RoutingSetup& setup,
                                  const VcOptimizeOptions& options) {
  VcOptimizeResult out;
  out.tables = setup.vcTables;
  out.before = evaluateVcBalance(topo, setup);
  // The distinct ring models, in dimension then node order, with their rings.
  struct Group {
    int dim;
    RingModel model;
    std::vector<NodeId> bases;
  };
  std::vector<Group> groups;
  for (int dim = 0; dim < topo.dims(); ++dim) {
    if (!topo.wraps(dim) || topo.radix(dim) < 4) continue;
    for (NodeId base : ringBases(topo, dim)) {
      RingModel m = ringModelOf(topo, setup, dim, base);
      auto it = std::find_if(groups.begin(), groups.end(),
                             [&](const Group& g) { return g.dim == dim && g.model == m; });
      if (it == groups.end()) it = groups.insert(groups.end(), Group{dim, std::move(m), {}});
      it->bases.push_back(base);
    }
  }
  out.distinctRings = static_cast<int>(groups.size());
  for (std::size_t g = 0; g < groups.size() && !out.cancelled; ++g) {
    VcOptimizeOptions o = options;
    o.seed = options.seed * 0x9E3779B97F4A7C15ull + g;
    const double share = 1.0 / static_cast<double>(groups.size());
    const RingOptimizeResult r = optimizeRing(groups[g].model, o, share * static_cast<double>(g), share);
    out.cancelled = r.cancelled;
    for (NodeId base : groups[g].bases) applyRingTable(topo, out.tables, groups[g].dim, base, r.table);
  }
  RoutingSetup after = setup;
  after.vcTables = out.tables;
  out.after = evaluateVcBalance(topo, after);
  return out;
}

std::vector<VcTableEntry> vcTableEntriesOf(const Topology& topo, const VcTables& tables) {
  std::vector<VcTableEntry> entries;
  for (NodeId n = 0; n < topo.nodeCount(); ++n) {
    for (int d = 0; d < kDirectionCount; ++d) {
      const auto dir = static_cast<Direction>(d);
      const int dim = dimensionOf(dir);
      if (dim >= topo.dims()) continue;
      const std::uint64_t row = tables.row(n, dir);
      if (row == 0) continue;
      VcTableEntry e{topo.coordOf(n), dir, {}};
      for (int i = 0; i < topo.radix(dim); ++i) e.vcs.push_back(static_cast<std::uint8_t>((row >> i) & 1u));
      entries.push_back(std::move(e));
    }
  }
  return entries;
}

}  // namespace flit
