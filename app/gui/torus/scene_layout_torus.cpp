// SceneLayout::torus: where the nodes and links of a k-ary n-cube sit in the
// 3D scene, and which way each router port faces. The placement rules are in
// scene_layout.h.
#include "scene_layout.h"

#include "topology/topology.h"

#include <algorithm>
#include <cmath>

namespace {

// Engine dimension -> scene axis: identity unless one dimension is at least
// four times as long as every other and 16 or more nodes long (the 8x32x8's
// Y), which then goes along x. A small machine keeps its X across and its Y
// up as the manual draws it (issue 42, item 6: the 2x4x2 of the T3E
// manual's Figure 12 had X and Y swapped on screen).
constexpr int kLongRatio = 4;
constexpr int kLongRadix = 16;
std::array<int, 3> chooseSceneAxes(const flit::Topology& t) {
  std::array<int, 3> axes{0, 1, 2};
  for (int d = 1; d < t.dims(); ++d) {
    bool dominant = t.radix(d) >= kLongRadix;
    for (int o = 0; o < t.dims(); ++o) dominant = dominant && (o == d || t.radix(d) >= kLongRatio * t.radix(o));
    if (!dominant) continue;
    axes[static_cast<std::size_t>(d)] = 0;
    for (int o = 0; o < d; ++o) axes[static_cast<std::size_t>(o)] = o + 1;
  }
  return axes;
}

}  // namespace

SceneLayout SceneLayout::torus(const flit::Topology& topology) {
  SceneLayout layout;
  layout.sceneAxis_ = chooseSceneAxes(topology);
  layout.placeTorus(topology);
  return layout;
}

void SceneLayout::placeTorus(const flit::Topology& topology) {
  // Port anchors: a direction port faces its neighbour (the processor port
  // has none: portDirection's default).
  portDirections_.resize(flit::kDirectionCount);
  for (int port = 0; port < flit::kDirectionCount; ++port) {
    const auto d = static_cast<flit::Direction>(port);
    portDirections_[static_cast<std::size_t>(port)] = dimensionAxis(flit::dimensionOf(d)) * (flit::isPositive(d) ? 1.0f : -1.0f);
  }
  const int n = topology.nodeCount();
  nodes_.resize(static_cast<std::size_t>(n));
  for (flit::NodeId id = 0; id < n; ++id) {
    const flit::Coord c = topology.coordOf(id);
    QVector3D p;
    for (int d = 0; d < topology.dims(); ++d) {
      p[sceneAxis(d)] = (static_cast<float>(c[d]) - static_cast<float>(topology.radix(d) - 1) * 0.5f) * kSpacing;
    }
    nodes_[static_cast<std::size_t>(id)] = p;
    boundingRadius_ = std::max(boundingRadius_, p.length() + kNodeRadius);
  }

  const int links = topology.linkCount();
  linkPieces_.resize(static_cast<std::size_t>(links));
  wrap_.resize(static_cast<std::size_t>(links));
  dim_.resize(static_cast<std::size_t>(links));
  for (flit::LinkId l = 0; l < links; ++l) {
    const flit::Topology::LinkEnds& e = topology.linkEnds(l);
    const QVector3D lower = nodePosition(e.lower);
    const QVector3D upper = nodePosition(e.upper);
    const QVector3D u = dimensionAxis(e.dim);
    auto& pieces = linkPieces_[static_cast<std::size_t>(l)];
    wrap_[static_cast<std::size_t>(l)] = e.isWrap ? 1 : 0;
    dim_[static_cast<std::size_t>(l)] = static_cast<std::uint8_t>(e.dim);
    if (!e.isWrap) {
      pieces.push_back({lower + u * kNodeRadius, upper - u * kNodeRadius});
      continue;
    }
    // Wrap link: the lower end is the last node of the ring and leaves in +dim,
    // the upper end is node 0 and is entered from its -dim side.
    const QVector3D tipOut = lower + u * (kNodeRadius + kWrapStubLength);
    const QVector3D tipIn = upper - u * (kNodeRadius + kWrapStubLength);
    pieces.push_back({lower + u * kNodeRadius, tipOut});
    pieces.push_back({upper - u * kNodeRadius, tipIn});
    boundingRadius_ = std::max({boundingRadius_, tipOut.length(), tipIn.length()});
  }
}

