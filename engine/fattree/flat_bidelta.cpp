// The flat bidelta network of section 1 (flat_bidelta.h).
#include "fattree/flat_bidelta.h"

#include "fattree/network_builder.h"

namespace flit::fattree {

std::uint32_t flatRoutersPerStage(std::uint32_t stages) {
  return stages == 0 ? 0 : std::uint32_t{1} << (2 * (stages - 1));
}

FatTreeSpec flatBideltaSpec(std::uint32_t stages, std::uint64_t wiringSeed) {
  FatTreeSpec spec;
  spec.leaf = BlockKind::Flat;
  spec.leafCount = 1;
  spec.treeStages = 0;
  spec.flatStages = stages;
  spec.wiringSeed = wiringSeed;
  return spec;
}

FatTreeNetwork buildFlatBidelta(const FatTreeSpec& spec) {
  FatTreeNetwork net;
  net.spec = spec;
  const std::uint32_t perStage = flatRoutersPerStage(spec.flatStages);
  net.endpointCount = perStage * 4;
  net.endpointUp.assign(std::size_t{net.endpointCount} * 2, kUnconnected);
  net.routers.reserve(std::size_t{perStage} * spec.flatStages);
  net.outTarget.reserve(std::size_t{perStage} * spec.flatStages * kRn1Ports);
  net.blocks.push_back(Block{BlockKind::Flat, 0, 0, 0, 0, 0});
  detail::NetworkBuilder b(net, spec.wiringSeed);
  const detail::PortList firstStage = detail::buildBidelta(b, perStage, 0, 0, 0, net.endpointCount);
  for (std::uint32_t e = 0; e < net.endpointCount; ++e) {
    for (int k = 0; k < 2; ++k) b.connectFromEndpoint(e, k, firstStage[2 * e + static_cast<std::uint32_t>(k)]);
  }
  net.blocks.back().routerCount = net.routerCount();
  net.stageWidth.push_back(1);
  return net;
}

}  // namespace flit::fattree
