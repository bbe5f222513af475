#include "fattree/locality.h"

#include <cmath>
#include <numeric>
#include <stdexcept>

#include "fattree/fat_tree_routing.h"
#include "fattree/network_shape.h"

namespace flit::fattree {

const char* fatTreePatternName(FatTreePattern p) {
  return p == FatTreePattern::Uniform ? "uniform" : "locality";
}

std::optional<FatTreePattern> parseFatTreePattern(const std::string& name) {
  if (name == "uniform") return FatTreePattern::Uniform;
  if (name == "locality") return FatTreePattern::Locality;
  return std::nullopt;
}

namespace {

LocalityTable normalised(std::vector<double> pAny, std::string source) {
  const double sum = std::accumulate(pAny.begin(), pAny.end(), 0.0);
  for (double& p : pAny) p /= sum;
  return {std::move(pAny), std::move(source)};
}

}  // namespace

// The values, per column of the paper:
// - Table 5, 64 and 4096 processors: as printed (the 4096 column sums to
//   0.9999; normalised). They agree with P_part(n) = P_any(n) / (endpoints
//   at level n), e.g. 0.278 / 3 = 9.27e-2, 0.0553 / 192 = 2.88e-4.
// - Table 5, 262144 processors: as printed, normalised: the column sums to
//   0.949 although every P_part agrees with its P_any, so one P_any row is
//   misprinted and the paper does not say which; scaling keeps the printed
//   ratios between levels.
// - Table 6 (hybrid, one unit tree stage): as printed, 0.75 + 3 x 0.0833
//   = 1. Its third P_part column is headed B12 but is B192 (0.75 / 191 =
//   3.93e-3): a misprint in the header, not in the values.
// - Table 7 (hybrid, two unit tree stages; titled "Full Fat-Trees" but it
//   has bidelta leaf columns): 0.75 + 6 x 0.0695 = 1.167, impossible. We
//   keep the leaf's 0.75 (three of the first stage's four directions stay
//   in the cluster, section 5.1, as in Table 6) and share the remaining
//   0.25 equally among the six tree levels, as the printed values are equal
//   (0.0417 each).
// - A network of another shape (network_shape.h): its own answer.
std::optional<LocalityTable> paperLocality(const FatTreeSpec& spec) {
  if (const NetworkShape* s = otherShapeOf(spec)) return s->paperLocality(spec);
  if (!isCluster(spec.leaf)) {
    switch (spec.treeStages) {
      case 0:
        return normalised({0, 0.333, 0.333, 0.333}, "Table 5, 64 processors");
      case 1:
        return normalised({0, 0.278, 0.278, 0.278, 0.0553, 0.0553, 0.0553},
                          "Table 5, 4096 processors");
      case 2:
        return normalised({0, 0.274, 0.274, 0.274, 0.0317, 0.0317, 0.0317, 0.0106, 0.0106, 0.0106},
                          "Table 5, 262144 processors (normalised from 0.949)");
      default:
        return std::nullopt;
    }
  }
  if (spec.treeStages == 1) return normalised({0.75, 0.0833, 0.0833, 0.0833}, "Table 6");
  if (spec.treeStages == 2) {
    std::vector<double> p(7, 0.25 / 6);
    p[0] = 0.75;
    return normalised(std::move(p), "Table 7 (tree levels 0.25/6 each, see docs/fat-tree.md)");
  }
  return std::nullopt;
}

DestinationPicker::DestinationPicker(const FatTreeSpec& spec, std::uint32_t endpoints,
                                     FatTreePattern pattern)
    : spec_(spec), endpoints_(endpoints), pattern_(pattern) {
  if (pattern != FatTreePattern::Locality) return;
  const auto table = paperLocality(spec);
  if (!table) throw std::invalid_argument("the paper has no locality table for this network");
  double acc = 0;
  for (const double p : table->pAny) {
    acc += p;
    cumulative_.push_back(Rng::threshold(acc));
  }
  cumulative_.back() = ~0ull;
}

std::uint64_t DestinationPicker::endpointsAtLevel(int level) const {
  const std::uint64_t size = isCluster(spec_.leaf) ? blockSubtrees(spec_.leaf) : 1;
  if (level == 0) return size - 1;
  return 3 * (std::uint64_t{1} << (2 * (level - 1))) * size;
}

std::uint32_t DestinationPicker::pick(std::uint32_t src, Rng& rng) const {
  if (pattern_ == FatTreePattern::Uniform) {
    const std::uint32_t d = rng.below(endpoints_ - 1);
    return d >= src ? d + 1 : d;
  }
  const std::uint64_t u = rng.next();
  int level = 0;
  while (level + 1 < static_cast<int>(cumulative_.size()) &&
         u >= cumulative_[static_cast<std::size_t>(level)])
    ++level;
  const std::uint32_t size = isCluster(spec_.leaf) ? blockSubtrees(spec_.leaf) : 1;
  if (level == 0) {
    const std::uint32_t local = src % size;
    std::uint32_t other = rng.below(size - 1);
    if (other >= local) ++other;
    return src - local + other;
  }
  // Another subtree at digit level-1 of the (cluster) index, anything below.
  const std::uint32_t index = src / size;
  const int shift = 2 * (level - 1);
  const std::uint32_t own = (index >> shift) & 3u;
  std::uint32_t child = rng.below(3);
  if (child >= own) ++child;
  const std::uint32_t high = index >> (shift + 2);
  const std::uint32_t low = shift == 0 ? 0 : rng.below(1u << shift);
  const std::uint32_t target = (((high << 2) | child) << shift) | low;
  return target * size + rng.below(size);
}

}  // namespace flit::fattree
