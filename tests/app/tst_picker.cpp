// RayPicker and SceneLayout without a window: rays through known node and
// link positions (neighbour links and both stubs of wrap links) return them,
// rays through gaps and past mesh edges return nothing, the nearest hit wins.
#include "test_main.h"
#include "channel_geometry.h"
#include "ray_picker.h"
#include "scene_layout.h"

#include "fattree/fat_tree_network.h"
#include "topology/topology.h"

#include <QtTest>

using namespace flit;

namespace {

Coord xyz(int x, int y, int z) { return Coord{{x, y, z}}; }

const TopologySpec kTorus444{3, {4, 4, 4}, {true, true, true}};
const TopologySpec kXtLike{3, {5, 4, 3}, {false, true, true}};  // mesh in X, like the XT preset
const QVector3D kFromFront(0, 0, 200);  // camera-like offset along +Z

}  // namespace

class TstPicker : public QObject {
  Q_OBJECT
 private slots:
  void sphereAndCapsuleDistances();
  void rayThroughNodeReturnsFrontNode_data();
  void rayThroughNodeReturnsFrontNode();
  void rayThroughLinkMiddleReturnsLink_data();
  void rayThroughLinkMiddleReturnsLink();
  void rayThroughGapReturnsNothing();
  void rayPointingAwayReturnsNothing();
  void wrapLinkBothStubsPick();
  void meshEdgeHasNoStub();
  void nearestHitWins();
  void failedLinkStillPicksInItsGap();
  void longDimensionLiesAlongSceneX();
  void pickCost8x32x8();
  void flitPick_data();
  void flitPick();
  void flitOnWrapStubPicks();
  void fatTreeLevelsAreLayers();
  void fatTreeFlatIsTheSameTreeInAPlane();
};

void TstPicker::sphereAndCapsuleDistances() {
  const QVector3D o(0, 0, 10), d(0, 0, -1);
  QCOMPARE(ray_picker::intersectSphere(o, d, {0, 0, 0}, 2.0f), 8.0f);
  QVERIFY(ray_picker::intersectSphere(o, d, {3, 0, 0}, 2.0f) < 0.0f);
  QVERIFY(ray_picker::intersectSphere(o, -d, {0, 0, 0}, 2.0f) < 0.0f);  // behind the origin
  // Capsule along X from -5 to 5, radius 1: body hit at z = 1, end cap hit at z = 1 too.
  QCOMPARE(ray_picker::intersectCapsule(o, d, {-5, 0, 0}, {5, 0, 0}, 1.0f), 9.0f);
  QCOMPARE(ray_picker::intersectCapsule({5, 0, 10}, d, {-5, 0, 0}, {5, 0, 0}, 1.0f), 9.0f);
  QVERIFY(ray_picker::intersectCapsule({6.5f, 0, 10}, d, {-5, 0, 0}, {5, 0, 0}, 1.0f) < 0.0f);
  QVERIFY(ray_picker::intersectCapsule({0, 1.5f, 10}, d, {-5, 0, 0}, {5, 0, 0}, 1.0f) < 0.0f);
  // Ray along the capsule axis hits the near cap.
  QCOMPARE(ray_picker::intersectCapsule({20, 0, 0}, {-1, 0, 0}, {-5, 0, 0}, {5, 0, 0}, 1.0f), 14.0f);
}

void TstPicker::rayThroughNodeReturnsFrontNode_data() {
  QTest::addColumn<int>("x");
  QTest::addColumn<int>("y");
  QTest::newRow("(0,0,3)") << 0 << 0;
  QTest::newRow("(1,2,3)") << 1 << 2;
  QTest::newRow("(3,3,3)") << 3 << 3;
}

void TstPicker::rayThroughNodeReturnsFrontNode() {
  QFETCH(int, x);
  QFETCH(int, y);
  const Topology topo(kTorus444);
  const SceneLayout layout = SceneLayout::torus(topo);
  const NodeId front = topo.nodeAt(xyz(x, y, 3));  // nearest to a camera on +Z
  const QVector3D p = layout.nodePosition(front);
  // Slightly off centre, still inside the sphere.
  const QVector3D target = p + QVector3D(0.8f, -0.6f, 0);
  const PickHit hit = ray_picker::pick(layout, target + kFromFront, target);
  QCOMPARE(hit.kind, PickHit::Kind::Node);
  QCOMPARE(hit.id, front);
}

void TstPicker::rayThroughLinkMiddleReturnsLink_data() {
  QTest::addColumn<int>("dir");
  QTest::newRow("+X link of (1,2,3)") << int(Direction::PlusX);
  QTest::newRow("+Y link of (1,2,3)") << int(Direction::PlusY);
  QTest::newRow("-X link of (1,2,3)") << int(Direction::MinusX);
}

void TstPicker::rayThroughLinkMiddleReturnsLink() {
  QFETCH(int, dir);
  const Topology topo(kTorus444);
  const SceneLayout layout = SceneLayout::torus(topo);
  const LinkId link = topo.linkFrom(topo.nodeAt(xyz(1, 2, 3)), static_cast<Direction>(dir));
  QVERIFY(link != kInvalidId);
  const QVector3D mid = layout.linkAnchor(link);
  const PickHit hit = ray_picker::pick(layout, mid + kFromFront, mid);
  QCOMPARE(hit.kind, PickHit::Kind::Link);
  QCOMPARE(hit.id, link);
}

void TstPicker::rayThroughGapReturnsNothing() {
  const Topology topo(kTorus444);
  const SceneLayout layout = SceneLayout::torus(topo);
  // Half way between rows and columns: between every X, Y and Z link.
  const float h = SceneLayout::kSpacing * 0.5f;
  const QVector3D gap = layout.nodePosition(topo.nodeAt(xyz(1, 1, 3))) + QVector3D(h, h, 0);
  QCOMPARE(ray_picker::pick(layout, gap + kFromFront, gap).kind, PickHit::Kind::None);
  // Far outside the lattice.
  QCOMPARE(ray_picker::pick(layout, {500, 500, 200}, {500, 500, 0}).kind, PickHit::Kind::None);
}

void TstPicker::rayPointingAwayReturnsNothing() {
  const Topology topo(kTorus444);
  const SceneLayout layout = SceneLayout::torus(topo);
  const QVector3D p = layout.nodePosition(topo.nodeAt(xyz(1, 1, 3)));
  QCOMPARE(ray_picker::pick(layout, p + kFromFront, p + kFromFront * 2.0f).kind, PickHit::Kind::None);
  QCOMPARE(ray_picker::pick(layout, p, p).kind, PickHit::Kind::None);  // degenerate ray
}

void TstPicker::wrapLinkBothStubsPick() {
  const Topology topo(kTorus444);
  const SceneLayout layout = SceneLayout::torus(topo);
  const NodeId last = topo.nodeAt(xyz(3, 1, 3));
  const LinkId wrap = topo.linkFrom(last, Direction::PlusX);
  QVERIFY(topo.linkEnds(wrap).isWrap);
  QVERIFY(layout.linkIsWrap(wrap));
  QCOMPARE(layout.linkPieces(wrap).size(), std::size_t{2});
  // Outgoing stub beyond x = 3, incoming stub before x = 0; both outside the lattice.
  const float stubMid = SceneLayout::kNodeRadius + SceneLayout::kWrapStubLength * 0.5f;
  const QVector3D out = layout.nodePosition(last) + QVector3D(stubMid, 0, 0);
  const QVector3D in = layout.nodePosition(topo.nodeAt(xyz(0, 1, 3))) - QVector3D(stubMid, 0, 0);
  for (const QVector3D& p : {out, in}) {
    const PickHit hit = ray_picker::pick(layout, p + kFromFront, p);
    QCOMPARE(hit.kind, PickHit::Kind::Link);
    QCOMPARE(hit.id, wrap);
  }
  QVERIFY(out.x() > layout.nodePosition(last).x() + SceneLayout::kNodeRadius);
  QVERIFY(in.x() < layout.nodePosition(topo.nodeAt(xyz(0, 1, 3))).x() - SceneLayout::kNodeRadius);
}

void TstPicker::meshEdgeHasNoStub() {
  const Topology topo(kXtLike);
  const SceneLayout layout = SceneLayout::torus(topo);
  const float stubMid = SceneLayout::kNodeRadius + SceneLayout::kWrapStubLength * 0.5f;
  // X is a mesh: nothing beyond x = 4.
  const QVector3D pastX = layout.nodePosition(topo.nodeAt(xyz(4, 1, 2))) + QVector3D(stubMid, 0, 0);
  QCOMPARE(ray_picker::pick(layout, pastX + kFromFront, pastX).kind, PickHit::Kind::None);
  // Y wraps: a stub above y = 3.
  const NodeId top = topo.nodeAt(xyz(2, 3, 2));
  const QVector3D pastY = layout.nodePosition(top) + QVector3D(0, stubMid, 0);
  const PickHit hit = ray_picker::pick(layout, pastY + kFromFront, pastY);
  QCOMPARE(hit.kind, PickHit::Kind::Link);
  QCOMPARE(hit.id, topo.linkFrom(top, Direction::PlusY));
}

void TstPicker::nearestHitWins() {
  const Topology topo(kTorus444);
  const SceneLayout layout = SceneLayout::torus(topo);
  // Along the X ring of (.,1,3) from far +X: the wrap stub's tip comes first.
  const NodeId last = topo.nodeAt(xyz(3, 1, 3));
  const QVector3D start = layout.nodePosition(last) + QVector3D(100, 0, 0);
  const PickHit hit = ray_picker::pick(layout, start, layout.nodePosition(last));
  QCOMPARE(hit.kind, PickHit::Kind::Link);
  QCOMPARE(hit.id, topo.linkFrom(last, Direction::PlusX));
  const float tip = SceneLayout::kNodeRadius + SceneLayout::kWrapStubLength + SceneLayout::kPickLinkRadius;
  QVERIFY(std::abs(hit.distance - (100.0f - tip)) < 1e-3f);
  // From behind (-Z) the back node of the column is hit, not the front one;
  // off the column's axis, which the incoming Z wrap stub of node z = 0 covers.
  const NodeId back = topo.nodeAt(xyz(2, 2, 0));
  const QVector3D p = layout.nodePosition(back) + QVector3D(1.0f, 1.0f, 0);
  QCOMPARE(ray_picker::pick(layout, p - kFromFront, p).id, back);
  QCOMPARE(ray_picker::pick(layout, p - kFromFront, p).kind, PickHit::Kind::Node);
  // On the axis, the Z wrap stub in front of that node is nearer.
  const QVector3D axis = layout.nodePosition(back);
  const PickHit stub = ray_picker::pick(layout, axis - kFromFront, axis);
  QCOMPARE(stub.kind, PickHit::Kind::Link);
  QCOMPARE(stub.id, topo.linkFrom(back, Direction::MinusZ));
}

void TstPicker::failedLinkStillPicksInItsGap() {
  Topology topo(kTorus444);
  const LinkId link = topo.linkFrom(topo.nodeAt(xyz(1, 2, 3)), Direction::PlusX);
  topo.setLinkUp(link, false);
  const SceneLayout layout = SceneLayout::torus(topo);
  // Drawn with a gap: two pieces, neither covering the middle...
  const auto drawn = layout.drawnPieces(link, false);
  QCOMPARE(drawn.size(), std::size_t{2});
  const QVector3D mid = layout.linkAnchor(link);
  QVERIFY(drawn[0].b.x() < mid.x() && drawn[1].a.x() > mid.x());
  // ...but the picker uses the whole shape, so the broken link can be clicked to repair.
  QCOMPARE(ray_picker::pick(layout, mid + kFromFront, mid).id, link);
}

void TstPicker::longDimensionLiesAlongSceneX() {
  const Topology topo(TopologySpec{3, {8, 32, 8}, {true, true, true}});  // T3E 8x32x8
  const SceneLayout layout = SceneLayout::torus(topo);
  QCOMPARE(layout.sceneAxis(1), 0);  // Y (32) along the screen's long side
  QCOMPARE(layout.sceneAxis(0), 1);
  QCOMPARE(layout.sceneAxis(2), 2);
  const NodeId a = topo.nodeAt(xyz(2, 10, 7));
  const NodeId b = topo.neighbor(a, Direction::PlusY);
  QCOMPARE(layout.nodePosition(b) - layout.nodePosition(a), QVector3D(SceneLayout::kSpacing, 0, 0));
  const LinkId link = topo.linkFrom(a, Direction::PlusY);
  const QVector3D mid = layout.linkAnchor(link);
  QCOMPARE(ray_picker::pick(layout, mid + kFromFront, mid).id, link);
  // A wrap stub of the Y ring sticks out along +x beyond the last node.
  const NodeId last = topo.nodeAt(xyz(2, 31, 7));
  const QVector3D stub = layout.nodePosition(last) +
                         QVector3D(SceneLayout::kNodeRadius + SceneLayout::kWrapStubLength * 0.5f, 0, 0);
  QCOMPARE(ray_picker::pick(layout, stub + kFromFront, stub).id, topo.linkFrom(last, Direction::PlusY));
  // Equal radices keep the identity mapping.
  const Topology cubeTopo(kTorus444);
  const SceneLayout cube = SceneLayout::torus(cubeTopo);
  for (int d = 0; d < 3; ++d) QCOMPARE(cube.sceneAxis(d), d);
  // So does a small machine with one longer dimension (issue 42, item 6: the
  // T3E manual's 2x4x2 of Figure 12 had X and Y swapped on screen).
  const Topology figure12(TopologySpec{3, {2, 4, 2}, {true, true, true}});
  const SceneLayout small = SceneLayout::torus(figure12);
  for (int d = 0; d < 3; ++d) QCOMPARE(small.sceneAxis(d), d);
}

// One hover pick on the largest preset (2048 spheres, 6720 capsules); run
// `tst_picker pickCost8x32x8` prints the time (0.05 ms on the dev machine).
void TstPicker::pickCost8x32x8() {
  const Topology topo(TopologySpec{3, {8, 32, 8}, {true, true, true}});
  const SceneLayout layout = SceneLayout::torus(topo);
  const NodeId n = topo.nodeAt(xyz(3, 17, 7));
  const QVector3D p = layout.nodePosition(n) + QVector3D(1.0f, 1.0f, 0);
  PickHit hit;
  QBENCHMARK { hit = ray_picker::pick(layout, p + kFromFront, p); }
  QCOMPARE(hit.id, n);
}

// Flits (follow mode): spheres at the places PacketScene shows them.
void TstPicker::flitPick_data() {
  QTest::addColumn<QVector3D>("through");
  QTest::addColumn<int>("expected");
  // Three flits on one line of sight along -Z (z = 5, 0, -5) and one apart.
  QTest::newRow("line of sight: the front flit") << QVector3D(0, 0, 0) << 0;
  QTest::newRow("grazing the front flit's rim") << QVector3D(0.9f, 0, 0) << 0;
  QTest::newRow("flit apart") << QVector3D(6, 0, 0) << 3;
  QTest::newRow("between flits: nothing") << QVector3D(3, 0, 0) << -1;
}

void TstPicker::flitPick() {
  QFETCH(QVector3D, through);
  QFETCH(int, expected);
  const std::vector<QVector3D> flits = {{0, 0, 5}, {0, 0, 0}, {0, 0, -5}, {6, 0, 0}};
  const QVector3D origin = through + kFromFront;
  QCOMPARE(ray_picker::pickSphere(flits.data(), flits.size(), 1.0f, origin, through), expected);
  QCOMPARE(ray_picker::pickSphere(flits.data(), 0, 1.0f, origin, through), -1);  // no flits
  QCOMPARE(ray_picker::pickSphere(flits.data(), flits.size(), 1.0f, origin, origin), -1);  // no direction
}

// A flit halfway over a wrap link sits at the tip of the entering stub and
// picks there, not in the middle of the lattice.
void TstPicker::flitOnWrapStubPicks() {
  const Topology topo(kTorus444);
  const SceneLayout layout = SceneLayout::torus(topo);
  const ChannelId wrap = topo.channelFrom(topo.nodeAt(xyz(3, 1, 2)), Direction::PlusX);
  const std::vector<QVector3D> flits = {channel_geometry::pointOnChannel(layout, wrap, 0.5f),
                                        channel_geometry::pointOnChannel(layout, wrap, 0.25f)};
  const QVector3D tipIn = layout.linkPieces(linkOfChannel(wrap))[1].b;
  QVERIFY((flits[0] - tipIn).length() < 1e-3f);
  QCOMPARE(ray_picker::pickSphere(flits.data(), flits.size(), 1.0f, tipIn + kFromFront, tipIn), 0);
  const QVector3D middle = (layout.nodePosition(topo.nodeAt(xyz(3, 1, 2))) + layout.nodePosition(topo.nodeAt(xyz(0, 1, 2)))) * 0.5f;
  QCOMPARE(ray_picker::pickSphere(flits.data(), flits.size(), 1.0f, middle + kFromFront, middle), -1);
}


// The fat-tree family's layout (issue 19; DeHon, seed 004, sections 3-4):
// endpoints at the bottom under their leaf unit tree, each unit tree's
// layers stacked (Table 1's layer 0 lowest), the UT64x8 stage above the
// leaves, one straight segment per channel between the nodes it joins, no
// two nodes overlapping, and a ray from above picks a router of the top.
void TstPicker::fatTreeLevelsAreLayers() {
  using namespace flit::fattree;
  const FatTreeNetwork net = buildFatTree(FatTreeSpec{BlockKind::UT64x2, 64, 1, 1});  // the 4K machine
  const NetworkGraph graph = networkGraphOf(net);
  const SceneLayout layout = SceneLayout::fatTree(net, graph);
  QCOMPARE(layout.nodeCount(), static_cast<int>(graph.nodeCount()));
  QCOMPARE(layout.linkCount(), static_cast<int>(graph.linkCount()));
  float endpointY = layout.nodePosition(static_cast<int>(graph.routerCount)).y();
  float lowestRouter = 1e9f, highestLeafRouter = -1e9f, lowestTreeRouter = 1e9f, top = -1e9f;
  int topRouter = -1;
  for (std::uint32_t r = 0; r < graph.routerCount; ++r) {
    const float y = layout.nodePosition(static_cast<int>(r)).y();
    const Rn1Router& router = net.routers[r];
    const std::uint16_t stage = net.blocks[router.block].stage;
    lowestRouter = std::min(lowestRouter, y);
    if (stage == 0) highestLeafRouter = std::max(highestLeafRouter, y);
    else lowestTreeRouter = std::min(lowestTreeRouter, y);
    if (y > top) top = y, topRouter = static_cast<int>(r);
    QVERIFY(!layout.nodeIsEndpoint(static_cast<int>(r)));
    // Layers in order within a block.
    if (r > 0 && net.routers[r - 1].block == router.block && net.routers[r - 1].layer < router.layer)
      QVERIFY(layout.nodePosition(static_cast<int>(r - 1)).y() < y);
  }
  for (std::uint32_t e = 0; e < graph.endpointCount; ++e) {
    const int n = static_cast<int>(graph.routerCount + e);
    QVERIFY(layout.nodeIsEndpoint(n));
    QCOMPARE(layout.nodePosition(n).y(), endpointY);
  }
  QVERIFY(endpointY < lowestRouter);
  QVERIFY(highestLeafRouter < lowestTreeRouter);  // the UT64x8 stage above the leaves
  for (int l = 0; l < layout.linkCount(); ++l) {
    const SceneSegment& s = layout.linkPieces(l).front();
    QCOMPARE(layout.linkPieces(l).size(), std::size_t{1});
    QCOMPARE(s.a, layout.nodePosition(static_cast<int>(graph.links[static_cast<std::size_t>(l)].a)));
    QCOMPARE(s.b, layout.nodePosition(static_cast<int>(graph.links[static_cast<std::size_t>(l)].b)));
    QVERIFY(!layout.linkIsWrap(l));
    const int way = s.b.y() > s.a.y() ? SceneLayout::kLinkUp : s.b.y() < s.a.y() ? SceneLayout::kLinkDown : SceneLayout::kLinkLateral;
    QCOMPARE(layout.linkDimension(l), way);
  }
  // No two nodes closer than two radii (grid cells keyed by position).
  QHash<QString, int> at;
  for (int n = 0; n < layout.nodeCount(); ++n) {
    const QVector3D p = layout.nodePosition(n);
    QVERIFY(p.length() + SceneLayout::kNodeRadius <= layout.boundingRadius() + 1e-3f);
    const QString key = QStringLiteral("%1,%2,%3").arg(std::lround(p.x())).arg(std::lround(p.y())).arg(std::lround(p.z()));
    QVERIFY2(!at.contains(key), qPrintable(key));
    at.insert(key, n);
  }
  const QVector3D above = layout.nodePosition(topRouter) + QVector3D(0, 100, 0);
  const PickHit hit = ray_picker::pick(layout, above, layout.nodePosition(topRouter));
  QCOMPARE(hit.kind, PickHit::Kind::Node);
  QCOMPARE(layout.nodePosition(hit.id).y(), top);
}

// The fat-tree's 2D projection (the map beside the 3D view): the same rules
// with every grid a line, so every node lies in z = 0 at the height it has
// in 3D, the leaf unit trees (and the endpoints under them) run left to
// right, and no two nodes share a place.
void TstPicker::fatTreeFlatIsTheSameTreeInAPlane() {
  using namespace flit::fattree;
  const FatTreeNetwork net = buildFatTree(FatTreeSpec{BlockKind::UT64x2, 64, 1, 1});  // the 4K machine
  const NetworkGraph graph = networkGraphOf(net);
  const SceneLayout solid = SceneLayout::fatTree(net, graph);
  const SceneLayout flat = SceneLayout::fatTreeFlat(net, graph);
  QCOMPARE(flat.nodeCount(), solid.nodeCount());
  QCOMPARE(flat.linkCount(), solid.linkCount());
  QSet<QPair<long, long>> places;
  for (int n = 0; n < flat.nodeCount(); ++n) {
    const QVector3D p = flat.nodePosition(n);
    QCOMPARE(p.z(), 0.0f);
    QCOMPARE(p.y(), solid.nodePosition(n).y());
    const QPair<long, long> place{std::lround(p.x() * 10), std::lround(p.y() * 10)};
    QVERIFY2(!places.contains(place), qPrintable(QStringLiteral("node %1").arg(n)));
    places.insert(place);
  }
  const std::uint32_t perLeaf = graph.endpointCount / net.spec.leafCount;
  for (std::uint32_t e = 0; e + 1 < graph.endpointCount; ++e)
    QVERIFY(flat.nodePosition(static_cast<int>(graph.routerCount + e)).x() <
            flat.nodePosition(static_cast<int>(graph.routerCount + e + 1)).x());
  QCOMPARE(perLeaf, 64u);
  for (int l = 0; l < flat.linkCount(); ++l) QCOMPARE(flat.linkDimension(l), solid.linkDimension(l));
}

FLITSCOPE_TEST_APPLESS_MAIN(TstPicker)
#include "tst_picker.moc"
