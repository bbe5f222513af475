// Section 4: stacks of unit trees composed into a fat-tree, and section 5:
// bidelta leaf clusters under the same tree.
#include "fattree/fat_tree_network.h"

#include <stdexcept>
#include <string>

#include "fattree/network_builder.h"
#include "fattree/network_shape.h"

namespace flit::fattree {

const char* blockKindName(BlockKind k) {
  if (const NetworkShape* s = otherShapeOfKind(k)) return s->blockName;
  switch (k) {
    case BlockKind::UT64x8:
      return "UT64x8";
    case BlockKind::UT64x2:
      return "UT64x2";
    case BlockKind::B12:
      return "B12";
    case BlockKind::B48:
      return "B48";
    case BlockKind::B192:
      return "B192";
    default:  // another shape's (above)
      break;
  }
  return "?";
}

bool isCluster(BlockKind k) {
  return k == BlockKind::B12 || k == BlockKind::B48 || k == BlockKind::B192;
}

std::uint32_t blockSubtrees(BlockKind k) {
  switch (k) {
    case BlockKind::B12:
      return 12;
    case BlockKind::B48:
      return 48;
    case BlockKind::B192:
      return 192;
    default:
      return 64;  // 4^3 logical channels (section 3.1)
  }
}

std::uint32_t blockUpChannels(BlockKind k) {
  switch (k) {
    case BlockKind::UT64x8:
      return 128;  // Table 2
    case BlockKind::UT64x2:
      return 32;  // Table 2
    // Section 5.1: the fourth direction of the first stage, whose size/3
    // RN1s have two outputs in it each.
    default:
      return blockSubtrees(k) / 3 * kRn1Dilation;
  }
}

std::vector<std::uint32_t> routersPerLayer(BlockKind kind) {
  switch (kind) {
    case BlockKind::UT64x8:
      return {64, 64, 48, 32};  // Table 1
    case BlockKind::UT64x2:
      return {16, 16, 12, 8};  // Table 1
    case BlockKind::B12:
      return {4, 3};
    case BlockKind::B48:
      return {16, 12, 12};
    case BlockKind::B192:
      return {64, 48, 48, 48};
    default:  // another shape's: it places its own routers (network_shape.h)
      break;
  }
  return {};
}

std::array<std::uint32_t, kBlockKindCount> FatTreeNetwork::blockCounts() const {
  std::array<std::uint32_t, kBlockKindCount> n{};
  for (const Block& b : blocks) ++n[static_cast<std::size_t>(b.kind)];
  return n;
}

namespace {

using detail::BlockPorts;
using detail::NetworkBuilder;
using detail::PortList;

std::uint64_t pow64(std::uint32_t k) { return std::uint64_t{1} << (6 * k); }

// The two top-side port lists of the blocks of the stage below.
struct TopPorts {
  PortList up;
  PortList root;
};

std::vector<TopPorts> buildLeaves(NetworkBuilder& b, const FatTreeSpec& spec) {
  FatTreeNetwork& net = b.net();
  std::vector<TopPorts> tops;
  tops.reserve(spec.leafCount);
  const std::uint32_t perLeaf = blockSubtrees(spec.leaf);
  for (std::uint32_t i = 0; i < spec.leafCount; ++i) {
    const auto index = static_cast<std::uint32_t>(net.blocks.size());
    net.blocks.push_back(Block{spec.leaf, 0, i, 0, net.routerCount(), 0});
    BlockPorts ports;
    if (isCluster(spec.leaf)) {
      ports = detail::buildCluster(b, spec.leaf, index, i * perLeaf);
    } else {
      ports = detail::buildUnitTree(b, spec.leaf, index);
      // Section 3.2: a UT64x2 connects to the processing nodes directly,
      // two channels each way per node.
      for (std::uint32_t c = 0; c < 64; ++c) {
        const std::uint32_t e = i * 64 + c;
        for (int k = 0; k < 2; ++k) {
          b.connectFromEndpoint(e, k, ports.slotUp[c][static_cast<std::size_t>(k)]);
          b.connectToEndpoint(ports.slotDown[c][static_cast<std::size_t>(k)], e);
        }
      }
    }
    net.blocks.back().routerCount = net.routerCount() - net.blocks.back().firstRouter;
    tops.push_back({std::move(ports.upOutputs), std::move(ports.rootInputs)});
  }
  return tops;
}

// One logical node of stage `stage`: `width` UT64x8s over 64 children whose
// top ports are `children` (block-major). Section 4.1: "physical channels
// from a single unit tree in the bottom tree are spread out as evenly as
// possible to all unit trees comprising the parent nodes": child entry j goes
// to parent unit tree j % width, so every child block reaches every parent
// (or as many as it has channels for) and no dilation group ends in one.
std::vector<TopPorts> buildNode(NetworkBuilder& b, std::uint16_t stage, std::uint32_t node,
                                std::uint32_t width, const std::vector<const TopPorts*>& children,
                                std::uint32_t childWidth) {
  FatTreeNetwork& net = b.net();
  std::vector<BlockPorts> parents(width);
  for (std::uint32_t w = 0; w < width; ++w) {
    const auto index = static_cast<std::uint32_t>(net.blocks.size());
    net.blocks.push_back(Block{BlockKind::UT64x8, stage, node, w, net.routerCount(), 0});
    parents[w] = detail::buildUnitTree(b, BlockKind::UT64x8, index);
    net.blocks.back().routerCount = net.routerCount() - net.blocks.back().firstRouter;
  }
  for (std::uint32_t c = 0; c < 64; ++c) {
    PortList up;
    PortList root;
    for (std::uint32_t i = 0; i < childWidth; ++i) {
      const TopPorts& t = *children[c * childWidth + i];
      up.insert(up.end(), t.up.begin(), t.up.end());
      root.insert(root.end(), t.root.begin(), t.root.end());
    }
    if (up.size() != 8 * width || root.size() != 8 * width) {
      throw std::logic_error("fat-tree composition: child channels do not match the parent node");
    }
    std::vector<std::uint32_t> used(width, 0);
    for (std::size_t j = 0; j < up.size(); ++j) {
      const std::size_t p = j % width;
      const std::uint32_t k = used[p]++;
      net.outTarget[up[j]] = parents[p].slotUp[c][k];
      net.outTarget[parents[p].slotDown[c][k]] = root[j];
    }
  }
  std::vector<TopPorts> tops(width);
  for (std::uint32_t w = 0; w < width; ++w) {
    tops[w] = {std::move(parents[w].upOutputs), std::move(parents[w].rootInputs)};
  }
  return tops;
}

void checkSpec(const FatTreeSpec& spec) {
  if (const NetworkShape* s = otherShapeOf(spec)) return s->check(spec);
  if (spec.leaf == BlockKind::UT64x8)
    throw std::invalid_argument("leaves must be UT64x2, B12, B48 or B192");
  if (spec.treeStages > 4 || spec.leafCount != pow64(spec.treeStages)) {
    throw std::invalid_argument("leaf count must be 64^stages");
  }
}

}  // namespace

std::uint32_t stageWidthOf(BlockKind leaf, std::uint32_t stage) {
  if (stage == 0) return 1;
  // Each UT64x8 takes 8 channels from each of its 64 subtrees (Table 2).
  std::uint32_t w = blockUpChannels(leaf) / 8;
  for (std::uint32_t k = 1; k < stage; ++k) w *= 16;  // section 4.3: 64n/4 = 16n
  return w;
}

namespace {
std::uint32_t routersIn(BlockKind k) {
  std::uint32_t n = 0;
  for (const std::uint32_t r : routersPerLayer(k)) n += r;
  return n;
}

}  // namespace

int log64Exact(std::uint64_t n) {
  for (std::uint32_t k = 0; k <= 4; ++k) {
    if (pow64(k) == n) return static_cast<int>(k);
  }
  return -1;
}

std::uint64_t composedUT64x8Count(BlockKind leaf, std::uint32_t leafCount) {
  const int stages = log64Exact(leafCount);
  std::uint64_t n = 0;
  for (int k = 1; k <= stages; ++k) {
    n += leafCount / pow64(static_cast<std::uint32_t>(k)) *
         stageWidthOf(leaf, static_cast<std::uint32_t>(k));
  }
  return n;
}

std::uint64_t routerCountOf(const FatTreeSpec& spec) {
  if (const NetworkShape* s = otherShapeOf(spec)) return s->routerCount(spec);
  return std::uint64_t{spec.leafCount} * routersIn(spec.leaf) +
         composedUT64x8Count(spec.leaf, spec.leafCount) * routersIn(BlockKind::UT64x8);
}

std::uint64_t endpointCountOf(const FatTreeSpec& spec) {
  if (const NetworkShape* s = otherShapeOf(spec)) return s->endpointCount(spec);
  return std::uint64_t{spec.leafCount} * blockSubtrees(spec.leaf);
}

std::uint64_t blockCountOf(const FatTreeSpec& spec) {
  return spec.leafCount + composedUT64x8Count(spec.leaf, spec.leafCount);
}

FatTreeNetwork buildFatTree(const FatTreeSpec& spec) {
  checkSpec(spec);
  if (const NetworkShape* s = otherShapeOf(spec)) return s->build(spec);
  FatTreeNetwork net;
  net.spec = spec;
  net.endpointCount = static_cast<std::uint32_t>(endpointCountOf(spec));
  net.endpointUp.assign(std::size_t{net.endpointCount} * 2, kUnconnected);
  // Exact sizes up front: growing by doubling would hold twice the ports.
  net.routers.reserve(routerCountOf(spec));
  net.outTarget.reserve(routerCountOf(spec) * kRn1Ports);
  net.blocks.reserve(blockCountOf(spec));
  NetworkBuilder b(net, spec.wiringSeed);
  std::vector<TopPorts> below = buildLeaves(b, spec);
  net.stageWidth.push_back(1);
  for (std::uint32_t stage = 1; stage <= spec.treeStages; ++stage) {
    const std::uint32_t width = stageWidthOf(spec.leaf, stage);
    const std::uint32_t childWidth = net.stageWidth.back();
    const auto nodes = static_cast<std::uint32_t>(spec.leafCount / pow64(stage));
    std::vector<TopPorts> here;
    here.reserve(std::size_t{nodes} * width);
    for (std::uint32_t node = 0; node < nodes; ++node) {
      std::vector<const TopPorts*> children;
      for (std::uint32_t i = 0; i < 64 * childWidth; ++i)
        children.push_back(&below[node * 64 * childWidth + i]);
      for (TopPorts& t :
           buildNode(b, static_cast<std::uint16_t>(stage), node, width, children, childWidth)) {
        here.push_back(std::move(t));
      }
    }
    below = std::move(here);
    net.stageWidth.push_back(width);
  }
  return net;
}

NetworkGraph networkGraphOf(const FatTreeNetwork& net) {
  NetworkGraph g;
  g.family = TopologyFamily::FatTree;
  g.routerCount = net.routerCount();
  g.endpointCount = net.endpointCount;
  g.routerPorts.assign(g.routerCount, static_cast<std::uint8_t>(kRn1Ports));
  const std::uint32_t ports = net.routerCount() * kRn1Ports;
  for (std::uint32_t c = 0; c < net.channelIdCount(); ++c) {
    const std::uint32_t target = net.channelTarget(c);
    if (target == kUnconnected) continue;  // the open top of the root stage
    GraphLink link;
    link.familyId = c;
    if (c < ports) {
      link.a = c / kRn1Ports;
      link.aPort = static_cast<std::int16_t>(c % kRn1Ports);
      link.group = static_cast<std::int32_t>(link.a * kRn1Directions + link.aPort / kRn1Dilation);
    } else {
      const std::uint32_t endpoint = (c - ports) / 2;
      link.a = g.routerCount + endpoint;
      link.group = static_cast<std::int32_t>(g.routerCount * kRn1Directions + endpoint);
    }
    if ((target & kEndpointFlag) != 0) {
      link.b = g.routerCount + (target & ~kEndpointFlag);
    } else {
      link.b = target / kRn1Ports;
      link.bPort = static_cast<std::int16_t>(target % kRn1Ports);
    }
    g.links.push_back(link);
  }
  return g;
}

}  // namespace flit::fattree
