// The flat bidelta network of section 1 (flat_bidelta.h): everything that
// makes it differ from the fat-tree, as one NetworkShape.
#include "fattree/flat_bidelta.h"

#include <stdexcept>
#include <string>

#include "fattree/network_builder.h"
#include "fattree/network_shape.h"
#include "topology/topology_family.h"

namespace flit::fattree {

namespace {

void flatCheck(const FatTreeSpec& spec) {
  if (spec.flatStages < 1 || spec.flatStages > kMaxFlatStages || spec.leafCount != 1 || spec.treeStages != 0)
    throw std::invalid_argument("a flat bidelta network has 1 to " + std::to_string(kMaxFlatStages) +
                                " stages and no tree");
}

FatTreeNetwork flatBuild(const FatTreeSpec& spec) {
  FatTreeNetwork net;
  net.spec = spec;
  const std::uint32_t perStage = flatRoutersPerStage(spec.flatStages);
  net.endpointCount = perStage * 4;
  net.endpointUp.assign(std::size_t{net.endpointCount} * 2, kUnconnected);
  net.routers.reserve(std::size_t{perStage} * spec.flatStages);
  net.outTarget.reserve(std::size_t{perStage} * spec.flatStages * kRn1Ports);
  net.blocks.push_back(Block{BlockKind::Flat, 0, 0, 0, 0, 0});
  detail::NetworkBuilder b(net, spec.wiringSeed);
  const detail::PortList firstStage = detail::buildBidelta(b, perStage, 0, 0, 0, net.endpointCount, true);
  for (std::uint32_t e = 0; e < net.endpointCount; ++e) {
    for (int k = 0; k < 2; ++k) b.connectFromEndpoint(e, k, firstStage[2 * e + static_cast<std::uint32_t>(k)]);
  }
  net.blocks.back().routerCount = net.routerCount();
  net.stageWidth.push_back(1);
  return net;
}

std::uint64_t flatRouterCount(const FatTreeSpec& spec) {
  return std::uint64_t{spec.flatStages} * flatRoutersPerStage(spec.flatStages);
}
std::uint64_t flatEndpointCount(const FatTreeSpec& spec) { return std::uint64_t{flatRoutersPerStage(spec.flatStages)} * 4; }

// No tree: its "levels" are the base-4 digits of an endpoint id, as a full
// fat-tree's of the same size, so that locality traffic picks the same
// destinations on both; every route crosses all its stages whatever the
// level ("equally distant", section 1).
int flatTreeLevels(const FatTreeSpec& spec) { return static_cast<int>(spec.flatStages); }
int flatCommonLevel(const FatTreeSpec&, std::uint32_t a, std::uint32_t b) {
  return commonLevel(FatTreeSpec{}, a, b);  // the highest differing digit, as in a full fat-tree
}
RouteHeader flatRouteHeader(const FatTreeSpec& spec, std::uint32_t, std::uint32_t dst) {
  RouteHeader h;  // the destination's digits, most significant first
  for (int j = static_cast<int>(spec.flatStages) - 1; j >= 0; --j) {
    h.bits |= std::uint64_t{radix4Digit(dst, j)} << (2 * h.hops);
    ++h.hops;
  }
  return h;
}
int flatStagesBetween(const FatTreeSpec& spec, int, bool) { return static_cast<int>(spec.flatStages); }

// The column of the full fat-tree of the same size (3 or 6 stages: 64 or
// 4096 endpoints, Table 5), by digit: both networks carry the same destinations.
std::optional<LocalityTable> flatPaperLocality(const FatTreeSpec& spec) {
  if (spec.flatStages % 3 != 0) return std::nullopt;
  FatTreeSpec same;  // the full fat-tree of 4^flatStages endpoints
  same.leafCount = static_cast<std::uint32_t>(flatEndpointCount(spec) / 64);
  same.treeStages = spec.flatStages / 3 - 1;
  auto table = fattree::paperLocality(same);
  if (table) table->source += " (the fat-tree's destinations on the flat network)";
  return table;
}

}  // namespace

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

// The builder's order (detail::buildBidelta): a sub-network's RN1s, then
// its four sub-networks, each whole before the next.
std::vector<FlatRouterPlace> flatRouterPlaces(const FatTreeSpec& spec) {
  std::vector<FlatRouterPlace> places;
  places.reserve(flatRouterCount(spec));
  const auto place = [&](const auto& self, std::uint32_t stage, std::uint32_t subnetwork, std::uint32_t count) -> void {
    for (std::uint32_t i = 0; i < count; ++i) places.push_back({stage, subnetwork, i});
    if (count == 1) return;
    for (std::uint32_t d = 0; d < 4; ++d) self(self, stage + 1, subnetwork * 4 + d, count / 4);
  };
  if (spec.flatStages > 0) place(place, 0, 0, flatRoutersPerStage(spec.flatStages));
  return places;
}

NetworkShape flatBideltaShape() {
  return {kFlatBideltaKey, BlockKind::Flat, "flat bidelta", flatCheck, flatBuild, flatRouterCount, flatEndpointCount,
          flatTreeLevels, flatCommonLevel, flatRouteHeader, flatStagesBetween, flatPaperLocality};
}

}  // namespace flit::fattree
