// SceneLayout::fatTree: where the routers, endpoints and channels of a MIT
// Transit fat-tree (seed 004, sections 3-5) sit in the 3D scene (a network
// of another shape places its own nodes, in 3D and in the map:
// SceneLayout::placed, fat_tree/circuit_shape_view.h). The
// placement rules are in scene_layout.h; the sizes are here.
#include "scene_layout.h"

#include "fattree/fat_tree_network.h"

#include <algorithm>
#include <cmath>

namespace {

using flit::fattree::Block;
using flit::fattree::FatTreeNetwork;

// Routers and endpoints are spheres of SceneLayout::kNodeRadius, as torus
// nodes are: the pitches keep them apart.
constexpr float kRouterPitch = 5.0f;    // between routers of one layer
constexpr float kEndpointPitch = 5.0f;  // between endpoints under a leaf block
constexpr float kLayerHeight = 8.0f;    // between the RN1 layers of a block
constexpr float kBlockGap = 8.0f;       // between neighbouring blocks
constexpr float kStageGap = 16.0f;      // above the top layer of the stage below
constexpr float kEndpointDrop = 12.0f;  // endpoints below the leaf blocks' lowest layer

int squareSide(std::uint32_t n) { return std::max(1, static_cast<int>(std::ceil(std::sqrt(static_cast<double>(n))))); }

// Position k of n on a centred square grid of `pitch` in x and z, or (flat)
// on a centred line along x.
QVector3D onGrid(std::uint32_t k, std::uint32_t n, float pitch, bool flat) {
  if (flat) return {(static_cast<float>(k) - static_cast<float>(n - 1) * 0.5f) * pitch, 0.0f, 0.0f};
  const int side = squareSide(n);
  const float half = static_cast<float>(side - 1) * 0.5f;
  const auto col = static_cast<float>(static_cast<int>(k) % side);
  const auto row = static_cast<float>(static_cast<int>(k) / side);
  return {(col - half) * pitch, 0.0f, (row - half) * pitch};
}

// A block's footprint: the side of the square its widest layer fills (flat:
// the length of that layer's line).
float blockWidth(const FatTreeNetwork& net, const Block& b, bool flat) {
  const auto side = [flat](std::uint32_t n) { return flat ? static_cast<int>(std::max<std::uint32_t>(n, 1)) : squareSide(n); };
  std::uint32_t widest = 0;
  for (const std::uint32_t n : flit::fattree::routersPerLayer(b.kind)) widest = std::max(widest, n);
  float w = static_cast<float>(side(widest) - 1) * kRouterPitch;
  if (b.stage == 0) {  // the endpoints under it too
    const std::uint32_t endpoints = net.endpointCount / std::max<std::uint32_t>(1, net.spec.leafCount);
    w = std::max(w, static_cast<float>(side(endpoints) - 1) * kEndpointPitch);
  }
  return w;
}

}  // namespace

SceneLayout SceneLayout::fatTree(const FatTreeNetwork& net, const flit::NetworkGraph& graph,
                                 const std::vector<std::uint8_t>& collapsed) {
  return placeFatTree(net, graph, collapsed, false);
}

SceneLayout SceneLayout::fatTreeFlat(const FatTreeNetwork& net, const flit::NetworkGraph& graph) {
  return placeFatTree(net, graph, {}, true);
}

SceneLayout SceneLayout::placeFatTree(const FatTreeNetwork& net, const flit::NetworkGraph& graph,
                                      const std::vector<std::uint8_t>& collapsed, bool flat) {
  SceneLayout out;
  out.nodes_.assign(graph.nodeCount(), QVector3D());
  out.endpointsFrom_ = static_cast<int>(graph.routerCount);

  // Leaf blocks on a square grid (flat: a line), one pitch fits the widest block.
  float leafPitch = 0.0f;
  float stageHeight = 0.0f;
  for (const Block& b : net.blocks) {
    if (b.stage == 0) leafPitch = std::max(leafPitch, blockWidth(net, b, flat) + kBlockGap);
    stageHeight = std::max(stageHeight, static_cast<float>(flit::fattree::routersPerLayer(b.kind).size() - 1) *
                                            kLayerHeight + kStageGap);
  }
  std::vector<QVector3D> leafCentre(net.spec.leafCount);
  for (std::uint32_t leaf = 0; leaf < net.spec.leafCount; ++leaf)
    leafCentre[leaf] = onGrid(leaf, net.spec.leafCount, leafPitch, flat);

  // Per block, its centre at the height of its layer 0.
  std::vector<QVector3D> blockCentre(net.blocks.size());
  for (std::size_t i = 0; i < net.blocks.size(); ++i) {
    const Block& b = net.blocks[i];
    QVector3D centre;
    if (b.stage == 0) {
      centre = leafCentre[b.node];
    } else {  // over the leaves this tree node serves: 64^stage of them
      const auto span = static_cast<std::uint64_t>(std::pow(64.0, b.stage));
      const std::uint64_t first = static_cast<std::uint64_t>(b.node) * span;
      const std::uint64_t last = std::min<std::uint64_t>(first + span, net.spec.leafCount);
      for (std::uint64_t leaf = first; leaf < last; ++leaf) centre += leafCentre[leaf];
      centre /= static_cast<float>(std::max<std::uint64_t>(1, last - first));
      const std::uint32_t width = net.stageWidth[b.stage];
      centre += onGrid(b.indexInNode, width, blockWidth(net, b, flat) + kBlockGap, flat);
    }
    centre.setY(kEndpointDrop + static_cast<float>(b.stage) * stageHeight);
    blockCentre[i] = centre;
  }

  // Routers: each layer of a block on its own square grid (flat: a row), layer 0 lowest.
  // Routers of one block and layer are numbered consecutively from
  // firstRouter (the builder adds them layer by layer); count them as they come.
  std::vector<std::uint32_t> seenInLayer;
  std::uint32_t currentBlock = ~0u;
  for (std::uint32_t r = 0; r < graph.routerCount; ++r) {
    const flit::fattree::Rn1Router& router = net.routers[r];
    if (router.block != currentBlock) {
      currentBlock = router.block;
      seenInLayer.assign(flit::fattree::kRn1Layers + 1, 0);
    }
    const Block& b = net.blocks[router.block];
    const std::vector<std::uint32_t> perLayer = flit::fattree::routersPerLayer(b.kind);
    const std::uint32_t inLayer = perLayer[std::min<std::size_t>(router.layer, perLayer.size() - 1)];
    QVector3D p = blockCentre[router.block] + onGrid(seenInLayer[router.layer]++ % inLayer, inLayer, kRouterPitch, flat);
    p.setY(blockCentre[router.block].y() + static_cast<float>(router.layer) * kLayerHeight);
    out.nodes_[r] = p;
  }

  // Endpoints under the leaf block their up channels enter.
  const std::uint32_t perLeaf = net.endpointCount / std::max<std::uint32_t>(1, net.spec.leafCount);
  for (std::uint32_t e = 0; e < net.endpointCount; ++e) {
    const std::uint32_t router = net.endpointUp[e * 2] / flit::fattree::kRn1Ports;
    const std::uint32_t leaf = net.blocks[net.routers[router].block].node;
    QVector3D p = leafCentre[leaf] + onGrid(e % std::max<std::uint32_t>(1, perLeaf), perLeaf, kEndpointPitch, flat);
    p.setY(0.0f);
    out.nodes_[graph.routerCount + e] = p;
  }

  // Collapsed blocks: every router at the block's centre, the first drawn
  // as a sphere over all of them (three quarters of the farthest router's
  // distance: neighbouring blocks' spheres stay apart).
  out.radius_.assign(graph.nodeCount(), kNodeRadius);
  out.shown_.assign(graph.nodeCount(), kNodeRadius);
  for (std::size_t i = 0; i < net.blocks.size() && i < collapsed.size(); ++i) {
    if (!collapsed[i]) continue;
    const Block& b = net.blocks[i];
    if (b.routerCount == 0) continue;
    QVector3D centre;
    for (std::uint32_t r = b.firstRouter; r < b.firstRouter + b.routerCount; ++r) centre += out.nodes_[r];
    centre /= static_cast<float>(b.routerCount);
    float far = 0.0f;
    for (std::uint32_t r = b.firstRouter; r < b.firstRouter + b.routerCount; ++r)
      far = std::max(far, (out.nodes_[r] - centre).length());
    const float radius = std::max(kNodeRadius * 1.5f, 0.75f * far);
    for (std::uint32_t r = b.firstRouter; r < b.firstRouter + b.routerCount; ++r) {
      out.nodes_[r] = centre;
      out.radius_[r] = r == b.firstRouter ? radius : 0.0f;
      out.shown_[r] = radius;
    }
  }

  out.centreAndLink(graph);
  return out;
}

SceneLayout SceneLayout::placed(const flit::NetworkGraph& graph, std::vector<QVector3D> nodes) {
  SceneLayout out;
  out.nodes_ = std::move(nodes);
  out.nodes_.resize(graph.nodeCount());
  out.endpointsFrom_ = static_cast<int>(graph.routerCount);
  out.radius_.assign(graph.nodeCount(), kNodeRadius);
  out.shown_.assign(graph.nodeCount(), kNodeRadius);
  out.centreAndLink(graph);
  return out;
}

void SceneLayout::centreAndLink(const flit::NetworkGraph& graph) {
  SceneLayout& out = *this;
  // Centre the whole on the origin, then the links.
  QVector3D lo = out.nodes_.empty() ? QVector3D() : out.nodes_.front(), hi = lo;
  for (const QVector3D& p : out.nodes_) {
    lo = QVector3D(std::min(lo.x(), p.x()), std::min(lo.y(), p.y()), std::min(lo.z(), p.z()));
    hi = QVector3D(std::max(hi.x(), p.x()), std::max(hi.y(), p.y()), std::max(hi.z(), p.z()));
  }
  const QVector3D middle = (lo + hi) * 0.5f;
  for (std::size_t n = 0; n < out.nodes_.size(); ++n) {
    QVector3D& p = out.nodes_[n];
    p -= middle;
    out.boundingRadius_ = std::max(out.boundingRadius_, p.length() + out.shown_[n]);
  }
  out.linkPieces_.resize(graph.links.size());
  out.wrap_.assign(graph.links.size(), 0);
  out.dim_.assign(graph.links.size(), 0);
  for (std::size_t l = 0; l < graph.links.size(); ++l) {
    const QVector3D a = out.nodes_[graph.links[l].a], b = out.nodes_[graph.links[l].b];
    out.linkPieces_[l].push_back({a, b});  // a point inside a collapsed block
    out.dim_[l] = b.y() > a.y() + 0.5f ? kLinkUp : b.y() < a.y() - 0.5f ? kLinkDown : kLinkLateral;
  }
}
