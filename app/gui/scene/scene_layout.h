// SceneLayout: where every node and link of a network sits in the 3D scene,
// and which way a router's ports face. Pure geometry; no QObject, no window,
// so the ray picker that uses it is unit-testable (tests/app/tst_picker.cpp).
// One layout per family, each from its own factory: SceneLayout::torus
// (torus/scene_layout_torus.cpp) and SceneLayout::fatTree
// (fat_tree/scene_layout_fat_tree.cpp); drawing and picking read only what
// is here.
//
// The k-ary n-cube's layout (scene units, Qt Quick 3D's right-handed, Y-up
// space):
//  - Engine X, Y, Z map to scene x, y, z; node (x,y,z) sits at
//    (coord - (radix-1)/2) * kSpacing in every used dimension, so the
//    lattice is centred on the origin. Exception: a dimension at least four
//    times as long as every other and 16 or more nodes long (Y of the T3E
//    8x32x8) is laid along scene x, the
//    screen's long side, and the dimensions before it move up one scene
//    axis (8x32x8: Y -> x, X -> y, Z -> z). sceneAxis() tells which.
//  - A neighbour link is one straight segment between its two nodes' spheres.
//  - A wrap-around link (torus ring, last node -> node 0) is drawn as two
//    stubs, one leaving each end node outward along the ring's dimension
//    (outside the lattice); hover names the far end. Both stubs pick.
//  - A failed link is drawn with a gap in the middle of every piece it has
//    (the picker still uses the whole shape so a failed link can be repaired).
#pragma once

#include "topology/network_graph.h"

#include <QVector3D>

#include <array>
#include <vector>

namespace flit {
class Topology;
}
namespace flit::fattree {
struct FatTreeNetwork;
}

struct SceneSegment {
  QVector3D a;
  QVector3D b;
};

class SceneLayout {
 public:
  static constexpr float kSpacing = 10.0f;
  static constexpr float kNodeRadius = 2.0f;
  static constexpr float kLinkRadius = 0.45f;
  static constexpr float kWrapLinkRadius = 0.32f;  // stubs are thinner than neighbour links
  static constexpr float kWrapStubLength = 3.6f;  // measured from the sphere surface
  static constexpr float kPickLinkRadius = 0.9f;  // a little fatter than drawn: easier to hit
  static constexpr float kGapFraction = 0.34f;    // share of a failed piece left empty

  SceneLayout() = default;  // nothing to draw
  // The k-ary n-cube family (rules above).
  static SceneLayout torus(const flit::Topology& topology);
  // The fat-tree family (issue 19; scene_layout_fat_tree.cpp): nodes and
  // links are those of `graph` (networkGraphOf(net): routers, then
  // endpoints; one link per connected channel). Levels are layers: the
  // endpoints at the bottom (y = 0) under their leaf block, each block's
  // RN1 layers stacked above (Table 1's layer 0 lowest), each stage of the
  // composition higher up over the centre of the leaves it serves; leaf
  // blocks on a square grid in x and z, a tree node's unit trees side by
  // side. A link is one straight segment from its driving router (or
  // endpoint) to the one it reaches; there are no wrap links.
  // linkDimension() of a fat-tree link: which way its driven direction goes
  // (the legend's three link colours, as X, Y and Z for a torus).
  // collapsed (per block of net.blocks, optional): a collapsed unit tree or
  // cluster is drawn as one sphere at the centre of its routers (its first
  // router's, nodeRadius) that covers them; its other routers sit at that
  // centre with radius 0 (not drawn, not picked), and the channels inside it
  // shrink to that point. Channels to other blocks and endpoints run from it.
  static SceneLayout fatTree(const flit::fattree::FatTreeNetwork& net, const flit::NetworkGraph& graph,
                             const std::vector<std::uint8_t>& collapsed = {});
  // The fat-tree's 2D projection (the map beside the 3D view): the same
  // rules with every grid a line along x, so z is 0 throughout: leaf blocks
  // left to right, a block's routers of one layer in a row, a tree node's
  // unit trees side by side over the leaves they serve. No collapsed blocks.
  static SceneLayout fatTreeFlat(const flit::fattree::FatTreeNetwork& net, const flit::NetworkGraph& graph);
  // A network of RN1 circuits whose room places its own nodes (a network
  // shape beside the fat-tree: fat_tree/circuit_shape_view.h): `nodes` per
  // node of `graph` (routers, then endpoints), each drawn at kNodeRadius;
  // the whole is centred on the origin and every link is one straight
  // segment, its linkDimension() up, down or lateral by the heights of its ends.
  static SceneLayout placed(const flit::NetworkGraph& graph, std::vector<QVector3D> nodes);
  static constexpr int kLinkUp = 0;       // towards the root
  static constexpr int kLinkDown = 1;     // towards the endpoints
  static constexpr int kLinkLateral = 2;  // within one layer (a unit tree's crossovers)
  bool nodeIsEndpoint(int n) const { return n >= endpointsFrom_; }

  int nodeCount() const { return static_cast<int>(nodes_.size()); }
  int linkCount() const { return static_cast<int>(linkPieces_.size()); }
  QVector3D nodePosition(flit::NodeId n) const { return nodes_[static_cast<std::size_t>(n)]; }
  // Drawn and picked radius of node n: kNodeRadius, except in a collapsed
  // fat-tree block (fatTree): the block's sphere for its first router, 0 for
  // the others. shownRadius: the radius of the sphere that shows n (its own,
  // or its collapsed block's).
  float nodeRadius(flit::NodeId n) const { return radius_.empty() ? kNodeRadius : radius_[static_cast<std::size_t>(n)]; }
  float shownRadius(flit::NodeId n) const { return shown_.empty() ? kNodeRadius : shown_[static_cast<std::size_t>(n)]; }
  bool linkIsWrap(flit::LinkId l) const { return wrap_[static_cast<std::size_t>(l)] != 0; }
  int linkDimension(flit::LinkId l) const { return dim_[static_cast<std::size_t>(l)]; }
  // Scene axis (0 = x, 1 = y, 2 = z) along which engine dimension `dim` runs.
  int sceneAxis(int dim) const { return sceneAxis_[static_cast<std::size_t>(dim)]; }
  // Unit vector of an engine dimension in the scene.
  QVector3D dimensionAxis(int dim) const;
  // Unit vector of router port `port` in the scene, the same for every
  // router of the network (a torus: towards the neighbour in that direction;
  // the processor port, and any port the family gives no anchor, points
  // up-right-front).
  QVector3D portDirection(int port) const;

  // The whole shape of a link (1 segment, or 2 stubs for a wrap link), from
  // sphere surface to sphere surface / stub tip. Used for picking.
  const std::vector<SceneSegment>& linkPieces(flit::LinkId l) const {
    return linkPieces_[static_cast<std::size_t>(l)];
  }
  // What is drawn for the link in its state: the pieces as they are when up,
  // each piece split in two around a central gap when down.
  std::vector<SceneSegment> drawnPieces(flit::LinkId l, bool up) const;
  // Where the "broken" marker of a failed link goes (one per piece) and the
  // direction of each piece.
  std::vector<SceneSegment> breakMarkers(flit::LinkId l) const { return linkPieces(l); }
  // A point on the link good for aiming at it (middle of the first piece).
  QVector3D linkAnchor(flit::LinkId l) const;

  QVector3D center() const { return {0.0f, 0.0f, 0.0f}; }
  // Radius of a sphere around the centre that holds every node and stub.
  float boundingRadius() const { return boundingRadius_; }

 private:
  std::vector<QVector3D> nodes_;
  std::vector<float> radius_;  // empty: every node kNodeRadius
  std::vector<float> shown_;
  std::vector<std::vector<SceneSegment>> linkPieces_;
  std::vector<std::uint8_t> wrap_;
  std::vector<std::uint8_t> dim_;
  float boundingRadius_ = 0.0f;
  std::array<int, 3> sceneAxis_{0, 1, 2};  // per engine dimension
  std::vector<QVector3D> portDirections_;  // per port number (portDirection)
  void placeTorus(const flit::Topology& topology);
  static SceneLayout placeFatTree(const flit::fattree::FatTreeNetwork& net, const flit::NetworkGraph& graph,
                                  const std::vector<std::uint8_t>& collapsed, bool flat);
  // Centres nodes_ on the origin, then the links (placed, placeFatTree).
  void centreAndLink(const flit::NetworkGraph& graph);
  int endpointsFrom_ = 1 << 30;  // node ids from here on are endpoints (fat-tree)
};
