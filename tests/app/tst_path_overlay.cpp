// PathOverlay and channel_geometry without a window: channels run along their
// link in travel direction (both stubs of a wrap link, in order), an engine
// PathTrace becomes the channel and node lists the overlay draws, and the
// table has one bar (solid) or three dashes (dashed) per piece plus one halo
// per node.
#include "test_main.h"
#include "channel_geometry.h"
#include "network_controller.h"
#include "torus/path_overlay.h"
#include "routing/path_trace.h"
#include "routing/routing_setup.h"

#include <QtTest>

using namespace flit;

namespace {
const TopologySpec kTorus444{3, {4, 4, 4}, {true, true, true}};

Coord xyz(int x, int y, int z) { return Coord{{x, y, z}}; }

bool near(const QVector3D& a, const QVector3D& b) { return (a - b).length() < 1e-3f; }
}  // namespace

class TstPathOverlay : public QObject {
  Q_OBJECT
 private slots:
  void neighbourChannelRunsBetweenSurfaces_data();
  void neighbourChannelRunsBetweenSurfaces();
  void wrapChannelUsesBothStubsInOrder();
  void inputPortSitsOnTheNeighbourSide();
  void traceBecomesChannelsAndNodes();
  void rowsPerStyle_data();
  void rowsPerStyle();
  void badIdsAreSkipped();
};

void TstPathOverlay::neighbourChannelRunsBetweenSurfaces_data() {
  QTest::addColumn<int>("direction");
  QTest::newRow("+X from (1,1,1)") << int(Direction::PlusX);
  QTest::newRow("-X from (1,1,1)") << int(Direction::MinusX);
  QTest::newRow("+Z from (1,1,1)") << int(Direction::PlusZ);
}

void TstPathOverlay::neighbourChannelRunsBetweenSurfaces() {
  QFETCH(int, direction);
  const Topology topo(kTorus444);
  const SceneLayout layout = SceneLayout::torus(topo);
  const NodeId src = topo.nodeAt(xyz(1, 1, 1));
  const auto d = static_cast<Direction>(direction);
  const ChannelId c = topo.channelFrom(src, d);
  const NodeId dst = topo.neighbor(src, d);
  const QVector3D u = (layout.nodePosition(dst) - layout.nodePosition(src)).normalized();
  const float r = SceneLayout::kNodeRadius;
  QVERIFY(near(channel_geometry::pointOnChannel(layout, c, 0.0f), layout.nodePosition(src) + u * r));
  QVERIFY(near(channel_geometry::pointOnChannel(layout, c, 1.0f), layout.nodePosition(dst) - u * r));
  QVERIFY(near(channel_geometry::pointOnChannel(layout, c, 0.5f),
               (layout.nodePosition(src) + layout.nodePosition(dst)) * 0.5f));
}

void TstPathOverlay::wrapChannelUsesBothStubsInOrder() {
  const Topology topo(kTorus444);
  const SceneLayout layout = SceneLayout::torus(topo);
  const NodeId last = topo.nodeAt(xyz(3, 2, 2));
  const NodeId first = topo.nodeAt(xyz(0, 2, 2));
  const ChannelId c = topo.channelFrom(last, Direction::PlusX);  // 3 -> 0 over the wrap
  const channel_geometry::ChannelPath path = channel_geometry::channelPath(layout, c);
  QCOMPARE(path.count, 2);
  const float r = SceneLayout::kNodeRadius;
  const QVector3D x(1, 0, 0);
  QVERIFY(near(path.pieces[0].a, layout.nodePosition(last) + x * r));  // leaves the last node in +X
  QVERIFY(path.pieces[0].b.x() > path.pieces[0].a.x());
  QVERIFY(near(path.pieces[1].b, layout.nodePosition(first) - x * r));  // enters node 0 from -X
  QVERIFY(near(channel_geometry::pointOnChannel(layout, c, 0.5f), path.pieces[1].a));
  // The opposite channel runs the other way round.
  const ChannelId back = topo.channelFrom(first, Direction::MinusX);
  QCOMPARE(linkOfChannel(back), linkOfChannel(c));
  QVERIFY(near(channel_geometry::pointOnChannel(layout, back, 0.0f), layout.nodePosition(first) - x * r));
  QVERIFY(near(channel_geometry::pointOnChannel(layout, back, 1.0f), layout.nodePosition(last) + x * r));
}

void TstPathOverlay::inputPortSitsOnTheNeighbourSide() {
  const Topology topo(kTorus444);
  const SceneLayout layout = SceneLayout::torus(topo);
  const NodeId n = topo.nodeAt(xyz(1, 1, 1));
  const NodeId up = topo.neighbor(n, Direction::MinusY);
  // A flit that came from the -Y neighbour waits in input port -Y: on the
  // side facing that neighbour, where its channel ends.
  const QVector3D p = channel_geometry::inputPortPosition(layout, n, int(Direction::MinusY));
  QVERIFY(near(p, channel_geometry::pointOnChannel(layout, topo.channelFrom(up, Direction::PlusY), 1.0f)));
  QVERIFY(!near(channel_geometry::inputPortPosition(layout, n, kProcessorPort), layout.nodePosition(n)));
}

void TstPathOverlay::traceBecomesChannelsAndNodes() {
  NetworkController controller;
  QVERIFY(controller.loadScenario(QStringLiteral(FLITSCOPE_PRESETS_DIR "/teaching-4x4x4.json")));
  const Topology& topo = *controller.topology();
  const flit::Scenario scenario = flit::loadScenarioFile(QStringLiteral(FLITSCOPE_PRESETS_DIR "/teaching-4x4x4.json").toStdString());
  const RoutingSetup setup = buildRoutingSetup(topo, scenario.routing);
  const NodeId src = topo.nodeAt(xyz(0, 0, 0));
  const NodeId dst = topo.nodeAt(xyz(2, 1, 0));
  const PathTrace trace = tracePath(topo, setup, src, dst);
  QCOMPARE(trace.outcome, PathOutcome::Delivered);
  const QList<int> channels = PathOverlay::channelsOf(topo, trace);
  QCOMPARE(channels.size(), trace.networkHops());
  NodeId here = src;
  for (int c : channels) {  // the channels chain from src to dst
    QCOMPARE(topo.channelSource(c), here);
    here = topo.channelTarget(c);
  }
  QCOMPARE(here, dst);
  const QList<int> nodes = PathOverlay::nodesOf(trace);
  QCOMPARE(nodes.front(), src);
  QCOMPARE(nodes.back(), dst);
}

void TstPathOverlay::rowsPerStyle_data() {
  QTest::addColumn<int>("style");
  QTest::addColumn<int>("rowsPerPiece");
  QTest::newRow("solid") << int(PathOverlay::Style::Solid) << 1;
  QTest::newRow("dashed") << int(PathOverlay::Style::Dashed) << PathOverlay::kDashesPerPiece;
}

void TstPathOverlay::rowsPerStyle() {
  QFETCH(int, style);
  QFETCH(int, rowsPerPiece);
  NetworkController controller;
  QVERIFY(controller.loadScenario(QStringLiteral(FLITSCOPE_PRESETS_DIR "/teaching-4x4x4.json")));
  const Topology& topo = *controller.topology();
  PathOverlay overlay;
  overlay.setController(&controller);
  overlay.setStyle(static_cast<PathOverlay::Style>(style));
  QVERIFY(overlay.empty());
  QCOMPARE(overlay.rowCount(), 0);
  const ChannelId neighbour = topo.channelFrom(topo.nodeAt(xyz(0, 0, 0)), Direction::PlusX);
  const ChannelId wrap = topo.channelFrom(topo.nodeAt(xyz(3, 0, 0)), Direction::PlusX);
  QSignalSpy changed(&overlay, &PathOverlay::pathChanged);
  overlay.setChannels({neighbour, wrap});  // 1 piece + 2 stubs
  overlay.setNodes({0, 1});
  QCOMPARE(changed.count(), 2);
  QVERIFY(!overlay.empty());
  QCOMPARE(overlay.rowCount(), 3 * rowsPerPiece + 2);
}

void TstPathOverlay::badIdsAreSkipped() {
  NetworkController controller;
  QVERIFY(controller.loadScenario(QStringLiteral(FLITSCOPE_PRESETS_DIR "/teaching-4x4x4.json")));
  PathOverlay overlay;
  overlay.setController(&controller);
  overlay.setChannels({-1, controller.linkCount() * 2});
  overlay.setNodes({-3, controller.nodeCount()});
  QCOMPARE(overlay.rowCount(), 0);
}

FLITSCOPE_TEST_GUI_MAIN(TstPathOverlay)
#include "tst_path_overlay.moc"
