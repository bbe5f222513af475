// Spanning trees of the virtual barrier/eureka networks (engine/sync/sync_tree.h),
// T3E paper (seed 000_bcf8236523569157.txt) section 6: each router's register
// names its parent direction and its children. Every participant is reached
// once, depths for 4x4x4 and 8x8x8 in both shapes, partitions, and rebuilt
// trees avoid failed nodes and links. Also the paper's claim on the T3E
// 8x8x8 preset at zero load: a barrier over all PEs is faster than one
// remote reference ("this scheme keeps global barrier/eureka latency to less
// than that of a single remote memory reference").
#include "test_main.h"

#include <QtTest>

#include "scenario/scenario.h"
#include "sync/sync_transport.h"

using namespace flit;

Q_DECLARE_METATYPE(flit::TreeShape)

namespace {

TopologySpec cube(int k) { return TopologySpec{3, {k, k, k}, {true, true, true}}; }

// Every participant's router walks up to the root through routers of the
// tree, over live links, without a cycle; every router of the tree has a
// participant below it; the processor bit is set exactly for participants.
void checkTree(const Topology& topo, const SyncTree& t, const std::vector<std::uint8_t>& failed = {}) {
  int participants = 0;
  for (NodeId n = 0; n < topo.nodeCount(); ++n) {
    if (!t.inTree(n)) continue;
    QVERIFY(failed.empty() || !failed[static_cast<std::size_t>(n)]);
    const bool proc = (t.childMask(n, topo) >> kProcessorPort) & 1u;
    QCOMPARE(proc, t.participates[static_cast<std::size_t>(n)] != 0);
    participants += proc ? 1 : 0;
    if (t.childMask(n, topo) == 0) QFAIL("a router of the tree with no child");
    int steps = 0;
    for (NodeId cur = n; cur != t.root; ++steps) {
      QVERIFY(steps <= topo.nodeCount());
      const auto d = static_cast<Direction>(t.parentDir[static_cast<std::size_t>(cur)]);
      QVERIFY(topo.linkUp(topo.linkFrom(cur, d)));
      cur = topo.neighbor(cur, d);
      QVERIFY(t.inTree(cur));
    }
    QCOMPARE(steps, t.depth[static_cast<std::size_t>(n)]);
  }
  QCOMPARE(participants, static_cast<int>(t.participants.size()));
}

}  // namespace

class TstSyncTree : public QObject {
  Q_OBJECT

 private slots:
  void depths_data() {
    QTest::addColumn<int>("k");
    QTest::addColumn<TreeShape>("shape");
    QTest::addColumn<int>("depth");
    QTest::addColumn<int>("fanOut");
    // Minimum depth: the torus radius (k/2 per dimension), root fans out 6 ways.
    QTest::newRow("min-depth, 4x4x4 torus") << 4 << TreeShape::MinimumDepth << 6 << 6;
    QTest::newRow("min-depth, 8x8x8 torus") << 8 << TreeShape::MinimumDepth << 12 << 6;
    // Dimension ordered from the corner (0,0,0), no wrap links: (k-1) per dimension.
    QTest::newRow("dimension, 4x4x4 torus") << 4 << TreeShape::DimensionOrdered << 9 << 3;
    QTest::newRow("dimension, 8x8x8 torus") << 8 << TreeShape::DimensionOrdered << 21 << 3;
  }
  void depths() {
    QFETCH(int, k);
    QFETCH(TreeShape, shape);
    QFETCH(int, depth);
    QFETCH(int, fanOut);
    const Topology topo(cube(k));
    const SyncTree t = buildSyncTree(topo, {parseParticipants("all", topo), shape, std::nullopt});
    checkTree(topo, t);
    QCOMPARE(static_cast<int>(t.participants.size()), k * k * k);
    QCOMPARE(t.routerCount(), k * k * k);
    QCOMPARE(t.treeDepth(), depth);
    QCOMPARE(t.maxFanOut(topo), fanOut);
    QVERIFY(t.left.empty());
  }

  void dimensionOrderedFromTheCentre() {
    const Topology topo(cube(8));
    const SyncTree t = buildSyncTree(topo, {parseParticipants("all", topo), TreeShape::DimensionOrdered, topo.nodeAt(Coord{{4, 4, 4}})});
    checkTree(topo, t);
    QCOMPARE(t.treeDepth(), 12);
    QCOMPARE(t.maxFanOut(topo), 6);
  }

  // A 3x3 mesh, dimension ordered from (0,0): the X row, then Y columns.
  void dimensionOrderedSnapshot() {
    const Topology topo(TopologySpec{2, {3, 3, 1}, {false, false, false}});
    const SyncTree t = buildSyncTree(topo, {parseParticipants("all", topo), TreeShape::DimensionOrdered, std::nullopt});
    QCOMPARE(QString::fromStdString(describeSyncTree(t, topo)),
             QString("(0,0) root children +X,+Y,P\n"
                     "(1,0) parent -X children +X,+Y,P\n"
                     "(2,0) parent -X children +Y,P\n"
                     "(0,1) parent -Y children +Y,P\n"
                     "(1,1) parent -Y children +Y,P\n"
                     "(2,1) parent -Y children +Y,P\n"
                     "(0,2) parent -Y children P\n"
                     "(1,2) parent -Y children P\n"
                     "(2,2) parent -Y children P\n"));
  }

  void participantsSyntax_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("count");
    QTest::newRow("all") << "all" << 64;
    QTest::newRow("box 0-1,0-3,2-3") << "0-1,0-3,2-3" << 16;
    QTest::newRow("single node as a box") << "1,2,3" << 1;
    QTest::newRow("list of three") << "0,0,0;3,3,3;1,2,3" << 3;
    QTest::newRow("list with a duplicate") << "0,0,0;0,0,0" << 1;
    QTest::newRow("bad: two coordinates") << "1,2" << -1;
    QTest::newRow("bad: reversed range") << "3-1,0,0" << -1;
    QTest::newRow("bad: outside") << "0-4,0,0" << -1;
    QTest::newRow("bad: word") << "some" << -1;
  }
  void participantsSyntax() {
    QFETCH(QString, text);
    QFETCH(int, count);
    const Topology topo(cube(4));
    if (count < 0) {
      QVERIFY_THROWS_EXCEPTION(std::invalid_argument, parseParticipants(text.toStdString(), topo));
      return;
    }
    QCOMPARE(static_cast<int>(parseParticipants(text.toStdString(), topo).size()), count);
  }

  // A partition's minimum-depth tree stays inside its box.
  void partitionStaysInsideItsBox() {
    const Topology topo(cube(8));
    const auto box = parseParticipants("2-5,0-3,4-7", topo);
    const SyncTree t = buildSyncTree(topo, {box, TreeShape::MinimumDepth, std::nullopt});
    checkTree(topo, t);
    QCOMPARE(t.routerCount(), 64);
    QCOMPARE(t.treeDepth(), 6);  // root near the centre of a 4x4x4 box, no wraps inside it
  }

  // A list of scattered nodes: relays carry the tree, every leaf participates.
  void scatteredListUsesRelays() {
    const Topology topo(cube(8));
    const auto nodes = parseParticipants("0,0,0;7,7,7;3,5,1;6,0,2", topo);
    for (TreeShape shape : {TreeShape::MinimumDepth, TreeShape::DimensionOrdered}) {
      const SyncTree t = buildSyncTree(topo, {nodes, shape, std::nullopt});
      checkTree(topo, t);
      QCOMPARE(static_cast<int>(t.participants.size()), 4);
      QVERIFY(t.routerCount() > 4);
    }
  }

  void rebuiltTreesAvoidFailures_data() {
    QTest::addColumn<TreeShape>("shape");
    QTest::newRow("min-depth") << TreeShape::MinimumDepth;
    QTest::newRow("dimension") << TreeShape::DimensionOrdered;
  }
  void rebuiltTreesAvoidFailures() {
    QFETCH(TreeShape, shape);
    Topology topo(cube(4));
    std::vector<std::uint8_t> failed(static_cast<std::size_t>(topo.nodeCount()), 0);
    const NodeId dead = topo.nodeAt(Coord{{1, 0, 0}});  // on the X row of a corner root
    failed[static_cast<std::size_t>(dead)] = 1;
    topo.setLinkUp(topo.linkFrom(topo.nodeAt(Coord{{0, 1, 0}}), Direction::PlusX), false);
    topo.setLinkUp(topo.linkFrom(topo.nodeAt(Coord{{2, 2, 2}}), Direction::PlusZ), false);
    const SyncTree t = buildSyncTree(topo, {parseParticipants("all", topo), shape, topo.nodeAt(Coord{{0, 0, 0}})}, failed);
    checkTree(topo, t, failed);
    QCOMPARE(static_cast<int>(t.participants.size()), 63);
    QCOMPARE(static_cast<int>(t.left.size()), 1);
    QCOMPARE(t.left.front().node, dead);
    QCOMPARE(QString::fromStdString(t.left.front().reason), QString("node failed"));
    // And a barrier over the rebuilt tree completes with the 63 left.
    const IdleSyncResult r = runIdleBarrier(topo, t, 0, SyncHopCosts{3, 7, 7}, false);
    QVERIFY(r.latencyCycles > 0);
  }

  void failedRootMovesAndCutOffNodesLeave() {
    Topology topo(TopologySpec{1, {4, 1, 1}, {false, false, false}});  // a line 0-1-2-3
    std::vector<std::uint8_t> failed{1, 0, 0, 0};
    topo.setLinkUp(topo.linkFrom(2, Direction::PlusX), false);  // 3 is cut off
    const SyncTree t = buildSyncTree(topo, {parseParticipants("all", topo), TreeShape::MinimumDepth, NodeId{0}}, failed);
    QCOMPARE(static_cast<int>(t.notes.size()), 1);
    QVERIFY(t.root == 1 || t.root == 2);
    QCOMPARE(static_cast<int>(t.participants.size()), 2);
    QCOMPARE(static_cast<int>(t.left.size()), 2);
  }

  // T3E section 6: global barrier latency below "a single remote memory
  // reference" on the T3E 8x8x8 preset, idle network.
  void t3eBarrierBeatsRemoteReference() {
    const Scenario s = loadScenarioFile(FLITSCOPE_PRESETS_DIR "/t3e-8x8x8.json");
    const Topology topo = buildTopology(s);
    const auto all = parseParticipants("all", topo);
    const SyncTree t = buildSyncTree(topo, {all, TreeShape::MinimumDepth, std::nullopt});
    const IdleSyncResult r = runIdleBarrier(topo, t, 0, SyncHopCosts::fromRouter(s.router), false);
    const std::uint64_t get = farthestGetRoundTripCycles(topo, s.router, all);
    // 7 + 12 hops up * 3 + 12 down * 3 + 7; Get: 2 * (1 + 7 + 12 * 3 + 2 * 3 + 7).
    QCOMPARE(r.latencyCycles, std::uint64_t{86});
    QCOMPARE(get, std::uint64_t{114});
    QVERIFY(r.latencyCycles < get);
  }
};

FLITSCOPE_TEST_APPLESS_MAIN(TstSyncTree)
#include "tst_sync_tree.moc"
