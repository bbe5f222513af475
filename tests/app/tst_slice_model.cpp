// The 2D slice (issue 5, "a 2D slice mode (one XY, YZ or XZ plane, with
// wrap links shown at the edges)") without a window: which nodes, links and
// wrap links a plane holds on a 4x4x4 torus, the non-cubic 2x4x3 and the
// T3E 8x32x8 (its 8x32 XY plane), checked against the topology; which flits
// of a frame are the plane's and where they sit (by progress along a link,
// over the edge on a wrap link, stacked at the input port when buffered);
// the --slice text; SliceView's pixel geometry and hit tests (a click point
// of every link finds that link).
#include "test_main.h"
#include "network_controller.h"
#include "torus/slice_model.h"
#include "torus/slice_view.h"

#include <QtTest>

#include <set>
#include <stdexcept>

using namespace flit;
using flitgui::SlicePlane;

Q_DECLARE_METATYPE(flit::TopologySpec)
Q_DECLARE_METATYPE(flitgui::SlicePlane)

namespace {

Coord xyz(int x, int y, int z) { return Coord{{x, y, z}}; }

flitgui::FlitVisual onChannel(ChannelId c, float progress, flitgui::VcClass vc = flitgui::VcClass::RequestVc0) {
  flitgui::FlitVisual f;
  f.packet = 7;
  f.channel = c;
  f.progress = progress;
  f.vcClass = vc;
  f.flags = flitgui::kFlitHead;
  return f;
}

flitgui::FlitVisual buffered(NodeId n, int port) {
  flitgui::FlitVisual f;
  f.packet = 9;
  f.node = n;
  f.port = static_cast<std::int8_t>(port);
  return f;
}

}  // namespace

class TstSliceModel : public QObject {
  Q_OBJECT

 private slots:
  void planeContents_data() {
    QTest::addColumn<TopologySpec>("spec");
    QTest::addColumn<SlicePlane>("plane");
    QTest::addColumn<int>("index");
    QTest::addColumn<int>("columns");
    QTest::addColumn<int>("rows");
    QTest::addColumn<int>("links");
    QTest::addColumn<int>("wrapLinks");
    const TopologySpec t444{3, {4, 4, 4}, {true, true, true}};
    const TopologySpec t243{3, {2, 4, 3}, {true, true, true}};
    const TopologySpec t8328{3, {8, 32, 8}, {true, true, true}};
    const TopologySpec mesh{3, {3, 4, 5}, {false, true, false}};
    // A ring of k nodes has k links, one of them the wrap (a ring of 2: two links, one wrap).
    QTest::newRow("XY at Z=2, 4x4x4 torus") << t444 << SlicePlane::XY << 2 << 4 << 4 << 32 << 8;
    QTest::newRow("YZ at X=0, 4x4x4 torus") << t444 << SlicePlane::YZ << 0 << 4 << 4 << 32 << 8;
    QTest::newRow("XZ at Y=3, 4x4x4 torus") << t444 << SlicePlane::XZ << 3 << 4 << 4 << 32 << 8;
    QTest::newRow("XY at Z=1, 2x4x3 torus") << t243 << SlicePlane::XY << 1 << 2 << 4 << 4 * 2 + 2 * 4 << 4 + 2;
    QTest::newRow("YZ at X=1, 2x4x3 torus") << t243 << SlicePlane::YZ << 1 << 4 << 3 << 3 * 4 + 4 * 3 << 3 + 4;
    QTest::newRow("XZ at Y=2, 2x4x3 torus") << t243 << SlicePlane::XZ << 2 << 2 << 3 << 3 * 2 + 2 * 3 << 3 + 2;
    QTest::newRow("XY at Z=5, T3E 8x32x8") << t8328 << SlicePlane::XY << 5 << 8 << 32 << 32 * 8 + 8 * 32 << 32 + 8;
    QTest::newRow("XZ at Y=31, T3E 8x32x8") << t8328 << SlicePlane::XZ << 31 << 8 << 8 << 64 + 64 << 16;
    QTest::newRow("XZ at Y=0, 3x4x5 mesh in X and Z") << mesh << SlicePlane::XZ << 0 << 3 << 5 << 5 * 2 + 3 * 4 << 0;
    QTest::newRow("XY at Z=4, 3x4x5 Y ring") << mesh << SlicePlane::XY << 4 << 3 << 4 << 4 * 2 + 3 * 4 << 3;
  }
  void planeContents() {
    QFETCH(TopologySpec, spec);
    QFETCH(SlicePlane, plane);
    QFETCH(int, index);
    const Topology topo(spec);
    const flitgui::SliceGrid grid = flitgui::buildSliceGrid(topo, plane, index);
    const flitgui::SliceAxes axes = flitgui::sliceAxes(plane);
    QTEST(grid.columns, "columns");
    QTEST(grid.rows, "rows");
    QCOMPARE(static_cast<int>(grid.nodes.size()), grid.columns * grid.rows);
    QTEST(static_cast<int>(grid.links.size()), "links");
    QTEST(grid.wrapLinkCount(), "wrapLinks");
    // Every node with the plane's ordinate is in it, at its coordinates; no other.
    for (NodeId n = 0; n < topo.nodeCount(); ++n) {
      const Coord c = topo.coordOf(n);
      QCOMPARE(grid.containsNode(n), c[axes.fixed] == index);
      if (!grid.containsNode(n)) continue;
      const flitgui::SliceNode& s = grid.nodes[static_cast<std::size_t>(grid.nodeSlot[static_cast<std::size_t>(n)])];
      QCOMPARE(s.node, n);
      QCOMPARE(s.column, c[axes.horizontal]);
      QCOMPARE(s.row, c[axes.vertical]);
    }
    // A link is in the plane when both ends are and it runs in one of its two dimensions.
    for (LinkId l = 0; l < topo.linkCount(); ++l) {
      const Topology::LinkEnds& e = topo.linkEnds(l);
      const bool inside = e.dim != axes.fixed && topo.coordOf(e.lower)[axes.fixed] == index;
      QCOMPARE(grid.containsLink(l), inside);
      if (!inside) continue;
      const flitgui::SliceLink& s = grid.links[static_cast<std::size_t>(grid.linkSlot[static_cast<std::size_t>(l)])];
      QCOMPARE(s.wrap, e.isWrap);
      QCOMPARE(s.dim, e.dim);
      QCOMPARE(s.lowerColumn, topo.coordOf(e.lower)[axes.horizontal]);
      QCOMPARE(s.upperRow, topo.coordOf(e.upper)[axes.vertical]);
      if (e.isWrap) QCOMPARE(e.dim == axes.horizontal ? s.lowerColumn : s.lowerRow, topo.radix(e.dim) - 1);
    }
  }

  void indexOutsideTheMachineNamesTheRange() {
    const Topology topo(TopologySpec{3, {8, 32, 8}, {true, true, true}});
    try {
      flitgui::buildSliceGrid(topo, SlicePlane::XZ, 32);
      QFAIL("no error");
    } catch (const std::invalid_argument& e) {
      QCOMPARE(QString::fromUtf8(e.what()), QStringLiteral("XZ plane index: must be 0..31 (Y), got 32"));
    }
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, flitgui::buildSliceGrid(topo, SlicePlane::XY, -1));
    // A 2D machine has one XY plane and XZ / YZ planes one node deep.
    const Topology flat(TopologySpec{2, {16, 16, 1}, {true, true, false}});
    QCOMPARE(flitgui::buildSliceGrid(flat, SlicePlane::XY, 0).nodes.size(), 256u);
    QCOMPARE(flitgui::buildSliceGrid(flat, SlicePlane::XZ, 3).rows, 1);
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, flitgui::buildSliceGrid(flat, SlicePlane::XY, 1));
  }

  void sliceSpecText_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("result");  // "XY:3" or the error
    QTest::newRow("XY:3") << "XY:3" << "XY:3";
    QTest::newRow("xz:0 lower case") << "xz:0" << "XZ:0";
    QTest::newRow("YZ without index") << "YZ" << "YZ:0";
    QTest::newRow("bad plane") << "XX:1"
                               << "--slice: expected PLANE:INDEX with PLANE one of XY, YZ, XZ (e.g. XY:3), got \"XX:1\"";
    QTest::newRow("negative") << "XY:-1" << "--slice: the plane index must be a number >= 0 (e.g. XY:3), got \"XY:-1\"";
    QTest::newRow("not a number") << "XY:z" << "--slice: the plane index must be a number >= 0 (e.g. XY:3), got \"XY:z\"";
    QTest::newRow("empty index") << "XY:" << "--slice: the plane index must be a number >= 0 (e.g. XY:3), got \"XY:\"";
  }
  void sliceSpecText() {
    QFETCH(QString, text);
    QString got;
    try {
      const flitgui::SliceSpec s = flitgui::parseSliceSpec(text.toStdString(), "--slice");
      got = QString::fromLatin1(flitgui::slicePlaneName(s.plane).data(), 2) + QLatin1Char(':') + QString::number(s.index);
    } catch (const std::invalid_argument& e) {
      got = QString::fromUtf8(e.what());
    }
    QTEST(got, "result");
  }

  // Only the plane's flits; on a link by progress, a wrap link's over the
  // edge; buffered ones beside their node on the side of their input port.
  void flitsOfThePlane() {
    const Topology topo(TopologySpec{3, {4, 4, 4}, {true, true, true}});
    const flitgui::SliceGrid grid = flitgui::buildSliceGrid(topo, SlicePlane::XY, 2);
    flitgui::FrameSnapshot frame;
    const NodeId a = topo.nodeAt(xyz(1, 3, 2));
    frame.flits.push_back(onChannel(topo.channelFrom(a, Direction::PlusX), 0.25f, flitgui::VcClass::ResponseVc1));
    frame.flits.push_back(onChannel(topo.channelFrom(a, Direction::MinusY), 0.5f));
    // The X wrap link (3,0,2) -> (0,0,2): first quarter on the right edge's stub, last quarter on the left one.
    const NodeId last = topo.nodeAt(xyz(3, 0, 2));
    frame.flits.push_back(onChannel(topo.channelFrom(last, Direction::PlusX), 0.25f));
    frame.flits.push_back(onChannel(topo.channelFrom(last, Direction::PlusX), 0.75f));
    // The Y wrap link the - way: from (2,0,2) down over the bottom edge to (2,3,2).
    frame.flits.push_back(onChannel(topo.channelFrom(topo.nodeAt(xyz(2, 0, 2)), Direction::MinusY), 0.7f));
    // Not in the plane: a Z link of a plane node (counted), an X link of another plane.
    frame.flits.push_back(onChannel(topo.channelFrom(a, Direction::PlusZ), 0.5f));
    frame.flits.push_back(onChannel(topo.channelFrom(topo.nodeAt(xyz(0, 0, 1)), Direction::PlusX), 0.5f));
    // Buffered: two at (1,3,2)'s -X input port, one in another plane.
    frame.flits.push_back(buffered(a, static_cast<int>(Direction::MinusX)));
    frame.flits.push_back(buffered(a, static_cast<int>(Direction::MinusX)));
    frame.flits.push_back(buffered(topo.nodeAt(xyz(1, 3, 0)), kProcessorPort));

    const flitgui::SliceFlits got = flitgui::collectSliceFlits(topo, grid, frame);
    QCOMPARE(got.flits.size(), 7u);
    QCOMPARE(got.betweenPlanes, 1);
    const auto at = [&](int i, float x, float y) {
      const flitgui::SliceFlit& f = got.flits[static_cast<std::size_t>(i)];
      return qAbs(f.x - x) < 1e-4f && qAbs(f.y - y) < 1e-4f;
    };
    QVERIFY(at(0, 1.25f, 3.0f));
    QCOMPARE(got.flits[0].vcClass, flitgui::VcClass::ResponseVc1);
    QCOMPARE(got.flits[0].dirX, 1.0f);
    QVERIFY(at(1, 1.0f, 2.5f));
    QCOMPARE(got.flits[1].dirY, -1.0f);
    QVERIFY(at(2, 3.25f, 0.0f));   // out of the right edge
    QVERIFY(at(3, -0.25f, 0.0f));  // back in from the left
    QVERIFY(at(4, 2.0f, 3.3f));    // out under the bottom edge, in again from the top
    const float r = flitgui::kSliceNodeRadius;
    QVERIFY(got.flits[5].buffered);
    QVERIFY(at(5, 1.0f - r, 3.0f));
    QVERIFY(at(6, 1.0f - r - flitgui::kSliceStackStep, 3.0f));  // the second one behind the first
  }

  // An 8x32 plane of the T3E 8x32x8 in a slice view the size of the side
  // dock: every node and link has a point that hits it, nodes win at their
  // centre, the wrap links' points are on the edge stubs.
  void viewGeometryOfThe8x32Plane() {
    NetworkController controller;
    QVERIFY(controller.loadScenario(QStringLiteral(FLITSCOPE_PRESETS_DIR "/t3e-8x32x8.json")));
    SliceView view;
    view.setSize(QSizeF(300, 640));
    view.setController(&controller);
    view.setIndex(3);
    QCOMPARE(view.depth(), 8);
    QCOMPARE(view.columns(), 8);
    QCOMPARE(view.rows(), 32);
    QCOMPARE(view.nodeCount(), 256);
    QCOMPARE(view.linkCount(), 512);
    QCOMPARE(view.wrapLinkCount(), 40);
    QVERIFY(view.cellPixels() >= 18.0);  // 640 px for 32 rows and the edge margins
    const Topology& topo = *controller.topology();
    for (const flitgui::SliceNode& n : view.grid().nodes) QCOMPARE(view.nodeAt(view.nodePoint(n.node)), n.node);
    for (const flitgui::SliceLink& l : view.grid().links) QCOMPARE(view.linkAt(view.linkPoint(l.link)), l.link);
    // Wrap stubs lie outside the grid of node centres.
    const LinkId wrapX = topo.linkFrom(topo.nodeAt(xyz(7, 0, 3)), Direction::PlusX);
    QVERIFY(view.linkPoint(wrapX).x() > view.nodePoint(topo.nodeAt(xyz(7, 0, 3))).x());
    const LinkId wrapY = topo.linkFrom(topo.nodeAt(xyz(0, 31, 3)), Direction::PlusY);
    QVERIFY(view.linkPoint(wrapY).y() < view.nodePoint(topo.nodeAt(xyz(0, 31, 3))).y());  // above the top row
    QCOMPARE(view.linkPoint(topo.linkFrom(topo.nodeAt(xyz(0, 0, 2)), Direction::PlusX)), QPointF(-1, -1));
    // Another plane: the index is clamped to the Y radix.
    view.setPlane(SliceView::XZ);
    view.setIndex(40);
    QCOMPARE(view.index(), 31);
    QCOMPARE(view.nodeCount(), 64);
  }
};

FLITSCOPE_TEST_GUI_MAIN(TstSliceModel)
#include "tst_slice_model.moc"
