#include "fattree/fat_tree_description.h"

#include "fattree/fat_tree_routing.h"

namespace flit::fattree {

namespace {

// Table 2 for block `b`, measured: which ports are driven from where.
ChannelOrganisation organisationOf(const FatTreeNetwork& net, std::uint32_t b,
                                   const std::vector<std::uint32_t>& driverOfInput) {
  const Block& block = net.blocks[b];
  ChannelOrganisation c;
  const auto stageOfPort = [&](std::uint32_t port) {
    return net.blocks[net.routers[port / kRn1Ports].block].stage;
  };
  for (std::uint32_t r = block.firstRouter; r < block.firstRouter + block.routerCount; ++r) {
    for (std::uint32_t p = 0; p < kRn1Ports; ++p) {
      const std::uint32_t port = r * kRn1Ports + p;
      const std::uint32_t t = net.outTarget[port];
      // Outputs: to the leaves (endpoints or a lower stage) or the root side.
      const bool upRootOutput = net.routers[r].role == RouterRole::Up             ? p / 2 == 3
                                : net.routers[r].role == RouterRole::ClusterFirst ? p / 2 == 3
                                                                                  : false;
      if (t & kEndpointFlag && t != kUnconnected) {
        ++c.downTowardLeaves;
      } else if (upRootOutput) {
        ++c.upTowardRoot;
      } else if (t != kUnconnected && stageOfPort(t) < block.stage) {
        ++c.downTowardLeaves;
      }
      // Inputs: from the leaves or from the root side (or the open top).
      const std::uint32_t d = driverOfInput[port];
      if (d == kUnconnected) {
        ++c.downFromRoot;  // the open top of the root stage
      } else if (d & kEndpointFlag) {
        ++c.upFromLeaves;
      } else if (net.routers[d / kRn1Ports].block != b) {
        (stageOfPort(d) < block.stage ? c.upFromLeaves : c.downFromRoot)++;
      }
    }
  }
  return c;
}

}  // namespace

FatTreeDescription describeFatTree(const FatTreeNetwork& net) {
  FatTreeDescription d;
  d.endpoints = net.endpointCount;
  d.routers = net.routerCount();
  d.treeLevels = treeLevels(net.spec);
  std::vector<std::uint32_t> driver(std::size_t{net.routerCount()} * kRn1Ports, kUnconnected);
  for (std::uint32_t port = 0; port < net.outTarget.size(); ++port) {
    const std::uint32_t t = net.outTarget[port];
    if (t == kUnconnected) continue;
    ++d.channels;
    if (!(t & kEndpointFlag)) driver[t] = port;
  }
  for (std::uint32_t e = 0; e < net.endpointCount; ++e) {
    for (int k = 0; k < 2; ++k) {
      const std::uint32_t t = net.endpointUp[e * 2 + static_cast<std::uint32_t>(k)];
      if (t == kUnconnected) continue;
      ++d.channels;
      driver[t] = kEndpointFlag | e;
    }
  }
  d.stages.resize(static_cast<std::size_t>(net.stageCount()));
  for (std::uint32_t b = 0; b < net.blocks.size(); ++b) {
    const Block& block = net.blocks[b];
    KindDescription& kd = d.kinds[static_cast<std::size_t>(block.kind)];
    StageDescription& st = d.stages[block.stage];
    st.kind = block.kind;
    ++st.blocks;
    st.nodes = std::max(st.nodes, block.node + 1);
    st.width = net.stageWidth[block.stage];
    const bool firstOfKind = kd.count++ == 0;
    if (firstOfKind) kd.channels = organisationOf(net, b, driver);
    std::vector<std::uint32_t> perLayer;
    for (std::uint32_t r = block.firstRouter; r < block.firstRouter + block.routerCount; ++r) {
      const std::uint8_t layer = net.routers[r].layer;
      if (perLayer.size() <= layer) perLayer.resize(layer + 1u, 0);
      ++perLayer[layer];
      if (st.layers.size() <= layer) st.layers.resize(layer + 1u);
      ++st.layers[layer].routers;
      for (std::uint32_t p = 0; p < kRn1Ports; ++p) {
        if (net.outTarget[r * kRn1Ports + p] != kUnconnected) ++st.layers[layer].channelsOut;
      }
    }
    if (firstOfKind) kd.routersPerLayer = perLayer;
  }
  for (int level = 0; level <= d.treeLevels; ++level) {
    const bool none = level == 0 && !isCluster(net.spec.leaf);  // no level 0 without clusters
    d.stagesPerLevel.push_back(none ? 0 : stagesBetween(net.spec, level, true));
    d.stagesPerLevelNoShortCuts.push_back(none ? 0 : stagesBetween(net.spec, level, false));
  }
  d.stagesThroughRoot = stagesThroughRoot(net.spec, true);
  d.stagesThroughRootNoShortCuts = stagesThroughRoot(net.spec, false);
  return d;
}

}  // namespace flit::fattree
