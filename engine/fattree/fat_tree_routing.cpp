#include "fattree/fat_tree_routing.h"

#include <stdexcept>

#include "fattree/network_shape.h"

namespace flit::fattree {

namespace {

// Stages inside a cluster below its first stage: log4(size / 3).
int innerStages(BlockKind k) {
  switch (k) {
    case BlockKind::B12:
      return 1;
    case BlockKind::B48:
      return 2;
    case BlockKind::B192:
      return 3;
    default:
      return 0;
  }
}

// Highest differing base-4 digit + 1 (0 when equal).
int highestDigitLevel(std::uint32_t a, std::uint32_t b) {
  int h = 0;
  for (std::uint32_t x = a ^ b; x != 0; x >>= 2) ++h;
  return h;
}

void push(RouteHeader& h, std::uint32_t dir) {
  if (h.hops >= kMaxHops) throw std::logic_error("fat-tree header longer than kMaxHops");
  h.bits |= std::uint64_t{dir & 3u} << (2 * h.hops);
  ++h.hops;
}

// Up through `level`'s unit tree stage and down to the destination's
// index `to` (section 3.1): one up router per unit tree (the short-cut
// paths), the lateral crossover into level (level-1)%3+1, then one down
// stage per level.
void pushTreePart(RouteHeader& h, int level, std::uint32_t to) {
  const int stage = (level - 1) / 3;
  for (int s = 0; s < stage; ++s) push(h, 3);
  push(h, static_cast<std::uint32_t>((level - 1) % 3));
  for (int j = level - 1; j >= 0; --j) push(h, radix4Digit(to, j));
}

}  // namespace

int treeLevels(const FatTreeSpec& spec) {
  if (const NetworkShape* s = otherShapeOf(spec)) return s->treeLevels(spec);
  return 3 * static_cast<int>(spec.treeStages + (isCluster(spec.leaf) ? 0 : 1));
}

int commonLevel(const FatTreeSpec& spec, std::uint32_t a, std::uint32_t b) {
  if (const NetworkShape* s = otherShapeOf(spec)) return s->commonLevel(spec, a, b);
  if (!isCluster(spec.leaf)) return highestDigitLevel(a, b);
  const std::uint32_t size = blockSubtrees(spec.leaf);
  return highestDigitLevel(a / size, b / size);
}

RouteHeader routeHeader(const FatTreeSpec& spec, std::uint32_t src, std::uint32_t dst) {
  if (const NetworkShape* s = otherShapeOf(spec)) return s->routeHeader(spec, src, dst);
  RouteHeader h;
  if (!isCluster(spec.leaf)) {
    pushTreePart(h, highestDigitLevel(src, dst), dst);
    return h;
  }
  const std::uint32_t size = blockSubtrees(spec.leaf);
  const std::uint32_t group = size / 3;
  const int level = highestDigitLevel(src / size, dst / size);
  if (level > 0) {
    push(h, 3);  // the first stage's fourth direction: into the tree
    pushTreePart(h, level, dst / size);
  }
  const std::uint32_t local = dst % size;
  push(h, local / group);
  for (int j = innerStages(spec.leaf) - 1; j >= 0; --j) push(h, radix4Digit(local % group, j));
  return h;
}

int stagesBetween(const FatTreeSpec& spec, int level, bool shortCuts) {
  if (const NetworkShape* s = otherShapeOf(spec)) return s->stagesBetween(spec, level, shortCuts);
  const int up = level == 0 ? 0 : (shortCuts ? (level - 1) / 3 + 1 : level);
  const int tree = level == 0 ? 0 : up + level;
  if (!isCluster(spec.leaf)) return tree;
  return (level == 0 ? 1 : 2 + tree) + innerStages(spec.leaf);
}

int stagesThroughRoot(const FatTreeSpec& spec, bool shortCuts) {
  return stagesBetween(spec, treeLevels(spec), shortCuts);
}

void FaultMap::failBlock(const FatTreeNetwork& net, std::uint32_t block) {
  const Block& b = net.blocks.at(block);
  for (std::uint32_t r = 0; r < b.routerCount; ++r) routerFailed[b.firstRouter + r] = 1;
}

bool FaultMap::usable(const FatTreeNetwork& net, std::uint32_t channel) const {
  if (channelFailed[channel]) return false;
  const std::uint32_t t = net.channelTarget(channel);
  if (t == kUnconnected) return false;
  return (t & kEndpointFlag) != 0 || !routerFailed[t / kRn1Ports];
}

int candidateOutputs(const FatTreeNetwork& net, std::uint32_t router, int inPort, int dir,
                     std::uint32_t out[2]) {
  const std::uint32_t base = router * kRn1Ports + static_cast<std::uint32_t>(dir * kRn1Dilation);
  if (net.routers[router].dualCrossbar) {
    out[0] = base + static_cast<std::uint32_t>(inPort / 4);
    return 1;
  }
  out[0] = base;
  out[1] = base + 1;
  return 2;
}

std::vector<std::uint8_t> reachableFrom(const FatTreeNetwork& net, const FaultMap& faults,
                                        std::uint32_t src) {
  std::vector<std::uint8_t> reach(net.endpointCount, 0);
  // sets[i]: the input ports (or kEndpointFlag|e) a head can occupy after i
  // hops of the current header; recomputed from the first hop where the
  // next destination's header differs from the previous one.
  std::vector<std::vector<std::uint32_t>> sets(kMaxHops + 2);
  for (int k = 0; k < 2; ++k) {
    const std::uint32_t ch = net.endpointChannel(src, k);
    if (faults.usable(net, ch)) sets[0].push_back(net.channelTarget(ch));
  }
  std::vector<std::uint32_t> mark(net.routerCount() * kRn1Ports, 0);
  std::uint32_t stamp = 0;
  RouteHeader prev;
  int valid = 0;  // sets[0..valid] hold for prev's prefix
  for (std::uint32_t dst = 0; dst < net.endpointCount; ++dst) {
    if (dst == src) continue;
    const RouteHeader h = routeHeader(net.spec, src, dst);
    int same = 0;
    while (same < valid && same < h.hops && same < prev.hops &&
           h.direction(same) == prev.direction(same))
      ++same;
    for (int i = same; i < h.hops; ++i) {
      std::vector<std::uint32_t>& next = sets[static_cast<std::size_t>(i + 1)];
      next.clear();
      ++stamp;
      for (const std::uint32_t in : sets[static_cast<std::size_t>(i)]) {
        if (in & kEndpointFlag) continue;
        const std::uint32_t r = in / kRn1Ports;
        if (faults.routerFailed[r]) continue;
        std::uint32_t out[2];
        const int n =
            candidateOutputs(net, r, static_cast<int>(in % kRn1Ports), h.direction(i), out);
        for (int k = 0; k < n; ++k) {
          if (!faults.usable(net, out[k])) continue;
          const std::uint32_t t = net.outTarget[out[k]];
          if (t & kEndpointFlag) {
            next.push_back(t);
          } else if (mark[t] != stamp) {
            mark[t] = stamp;
            next.push_back(t);
          }
        }
      }
    }
    valid = h.hops;
    prev = h;
    for (const std::uint32_t t : sets[h.hops]) {
      if (t == (kEndpointFlag | dst)) reach[dst] = 1;
    }
  }
  return reach;
}

}  // namespace flit::fattree
