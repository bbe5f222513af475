// Topology: ids round-trip, neighbours and wrap per dimension, link counts,
// physical PE numbers (T3E manual HMM-160-0, Figure 11: 0xZZYYXX).
#include "test_main.h"
#include "topology/network_graph.h"
#include "topology/topology.h"

#include <QtTest>

#include <set>

using namespace flit;

Q_DECLARE_METATYPE(flit::TopologySpec)

class TstTopology : public QObject {
  Q_OBJECT
 private slots:
  void idsRoundTrip_data();
  void idsRoundTrip();
  void linkCounts_data();
  void linkCounts();
  void neighboursAndWrap();
  void graphIsTheTopology();
  void linkEndsAgreeWithNeighbours_data() { idsRoundTrip_data(); }
  void linkEndsAgreeWithNeighbours();
  void physicalPeFigure11();
  void directionParsing();
  void badSpecNamesField();
  void linkState();
};

void TstTopology::idsRoundTrip_data() {
  QTest::addColumn<TopologySpec>("spec");
  QTest::newRow("ring 5 torus") << TopologySpec{1, {5, 1, 1}, {true, false, false}};
  QTest::newRow("ring 2 mesh") << TopologySpec{1, {2, 1, 1}, {false, false, false}};
  QTest::newRow("2D 16x16 torus (TRC)") << TopologySpec{2, {16, 16, 1}, {true, true, false}};
  QTest::newRow("2D 3x7 mesh/torus") << TopologySpec{2, {3, 7, 1}, {false, true, false}};
  QTest::newRow("3D 4x4x4 torus") << TopologySpec{3, {4, 4, 4}, {true, true, true}};
  QTest::newRow("3D 11x12x16 XT mesh X") << TopologySpec{3, {11, 12, 16}, {false, true, true}};
  QTest::newRow("3D 2x3x64 mixed") << TopologySpec{3, {2, 3, 64}, {true, false, true}};
}

void TstTopology::idsRoundTrip() {
  QFETCH(TopologySpec, spec);
  const Topology t(spec);
  int expected = 1;
  for (int d = 0; d < spec.dims; ++d) expected *= spec.radix[static_cast<std::size_t>(d)];
  QCOMPARE(t.nodeCount(), expected);
  for (NodeId n = 0; n < t.nodeCount(); ++n) {
    const Coord c = t.coordOf(n);
    QVERIFY(t.contains(c));
    QCOMPARE(t.nodeAt(c), n);
    for (int d = spec.dims; d < kMaxDims; ++d) QCOMPARE(c[d], 0);
    for (int p = 0; p < kPortsPerNode; ++p) {
      const PortId id = Topology::portId(n, p);
      QCOMPARE(Topology::nodeOfPort(id), n);
      QCOMPARE(Topology::portIndexOf(id), p);
    }
  }
  Coord outside;
  outside[0] = spec.radix[0];
  QCOMPARE(t.nodeAt(outside), kInvalidId);
}

void TstTopology::linkCounts_data() {
  QTest::addColumn<TopologySpec>("spec");
  QTest::addColumn<int>("links");
  QTest::newRow("8x32x8 torus: 6144") << TopologySpec{3, {8, 32, 8}, {true, true, true}} << 6144;
  QTest::newRow("8x8x8 torus: 1536") << TopologySpec{3, {8, 8, 8}, {true, true, true}} << 1536;
  QTest::newRow("4x4x4 mesh: 3*3*16=144") << TopologySpec{3, {4, 4, 4}, {false, false, false}}
                                           << 144;
  // 11x12x16 with X mesh: X links 10*12*16, Y 11*12*16, Z 11*12*16.
  QTest::newRow("11x12x16 mesh X") << TopologySpec{3, {11, 12, 16}, {false, true, true}}
                                   << 10 * 12 * 16 + 2 * 11 * 12 * 16;
  QTest::newRow("16x16 torus: 512") << TopologySpec{2, {16, 16, 1}, {true, true, false}} << 512;
  QTest::newRow("ring 4 torus: 4") << TopologySpec{1, {4, 1, 1}, {true, false, false}} << 4;
  QTest::newRow("ring 2 torus: 2 (two links between 0 and 1)")
      << TopologySpec{1, {2, 1, 1}, {true, false, false}} << 2;
}

void TstTopology::linkCounts() {
  QFETCH(TopologySpec, spec);
  QFETCH(int, links);
  const Topology t(spec);
  QCOMPARE(t.linkCount(), links);
  QCOMPARE(t.channelCount(), 2 * links);
}

void TstTopology::neighboursAndWrap() {
  const Topology t(TopologySpec{3, {3, 4, 5}, {false, true, true}});
  auto at = [&](int x, int y, int z) {
    Coord c;
    c[0] = x;
    c[1] = y;
    c[2] = z;
    return t.nodeAt(c);
  };
  // X is a mesh: no wrap at either edge.
  QCOMPARE(t.neighbor(at(2, 0, 0), Direction::PlusX), kInvalidId);
  QCOMPARE(t.neighbor(at(0, 0, 0), Direction::MinusX), kInvalidId);
  QCOMPARE(t.neighbor(at(1, 0, 0), Direction::PlusX), at(2, 0, 0));
  QCOMPARE(t.linkFrom(at(2, 1, 1), Direction::PlusX), kInvalidId);
  // Y and Z wrap.
  QCOMPARE(t.neighbor(at(0, 3, 0), Direction::PlusY), at(0, 0, 0));
  QCOMPARE(t.neighbor(at(0, 0, 0), Direction::MinusY), at(0, 3, 0));
  QCOMPARE(t.neighbor(at(1, 2, 4), Direction::PlusZ), at(1, 2, 0));
  QCOMPARE(t.neighbor(at(1, 2, 0), Direction::MinusZ), at(1, 2, 4));
  const LinkId wrapY = t.linkFrom(at(0, 3, 0), Direction::PlusY);
  QVERIFY(wrapY != kInvalidId);
  QVERIFY(t.linkEnds(wrapY).isWrap);
  QCOMPARE(t.linkFrom(at(0, 0, 0), Direction::MinusY), wrapY);
  QVERIFY(!t.linkEnds(t.linkFrom(at(0, 1, 0), Direction::PlusY)).isWrap);
  // Unused dimension in 2D has no neighbours.
  const Topology t2(TopologySpec{2, {4, 4, 1}, {true, true, false}});
  QCOMPARE(t2.neighbor(0, Direction::PlusZ), kInvalidId);
  QCOMPARE(t2.linkFrom(0, Direction::MinusZ), kInvalidId);
}

void TstTopology::linkEndsAgreeWithNeighbours() {
  QFETCH(TopologySpec, spec);
  const Topology t(spec);
  std::set<LinkId> seen;
  for (NodeId n = 0; n < t.nodeCount(); ++n) {
    for (int d = 0; d < kDirectionCount; ++d) {
      const auto dir = static_cast<Direction>(d);
      const ChannelId ch = t.channelFrom(n, dir);
      QCOMPARE(ch == kInvalidId, t.neighbor(n, dir) == kInvalidId);
      if (ch == kInvalidId) continue;
      QCOMPARE(t.channelSource(ch), n);
      QCOMPARE(t.channelTarget(ch), t.neighbor(n, dir));
      QCOMPARE(t.channelDirection(ch), dir);
      seen.insert(linkOfChannel(ch));
    }
  }
  QCOMPARE(static_cast<int>(seen.size()), t.linkCount());
}

void TstTopology::physicalPeFigure11() {
  // Manual HMM-160-0 Figure 11: 010300 (hex) = Z 01, Y 03, X 00.
  Coord c;
  c[0] = 0;
  c[1] = 3;
  c[2] = 1;
  QCOMPARE(Topology::physicalPe(c), 0x010300u);
  QCOMPARE(Topology::coordOfPhysicalPe(0x010300u), c);
  QCOMPARE(QString::fromStdString(Topology::formatPhysicalPe(0x010300u)), QStringLiteral("010300"));
  const Topology t(TopologySpec{3, {8, 32, 8}, {true, true, true}});
  for (NodeId n = 0; n < t.nodeCount(); n += 37) {
    QCOMPARE(t.nodeAt(Topology::coordOfPhysicalPe(t.physicalPe(n))), n);
  }
  QCOMPARE(QString::fromStdString(t.describeNode(t.nodeAt(c))),
           QStringLiteral("node (0,3,1) PE 010300"));
}

void TstTopology::directionParsing() {
  for (int d = 0; d < kDirectionCount; ++d) {
    const auto dir = static_cast<Direction>(d);
    QCOMPARE(parseDirection(directionName(dir)), std::optional<Direction>(dir));
    QCOMPARE(opposite(opposite(dir)), dir);
    QCOMPARE(dimensionOf(opposite(dir)), dimensionOf(dir));
  }
  for (int i = 0; i < 256; ++i) {  // the division-free form equals i % 3 for every value
    QCOMPARE(dimensionOf(static_cast<Direction>(i)), i % 3);
  }
  QCOMPARE(parseDirection("-y"), std::optional<Direction>(Direction::MinusY));
  QCOMPARE(parseDirection("Z+"), std::optional<Direction>(Direction::PlusZ));
  QVERIFY(!parseDirection("+W"));
  QVERIFY(!parseDirection("X"));
  QVERIFY(!parseDirection(""));
}

void TstTopology::badSpecNamesField() {
  try {
    Topology t(TopologySpec{3, {4, 0, 4}, {true, true, true}});
    QFAIL("radix 0 accepted");
  } catch (const std::invalid_argument& e) {
    QCOMPARE(QString::fromUtf8(e.what()), QStringLiteral("topology.radix[1]: must be 2..64, got 0"));
  }
  QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                           Topology(TopologySpec{3, {65, 4, 4}, {true, true, true}}));
  QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                           Topology(TopologySpec{4, {4, 4, 4}, {true, true, true}}));
}

void TstTopology::linkState() {
  Topology t(TopologySpec{3, {4, 4, 4}, {true, true, true}});
  QCOMPARE(t.failedLinkCount(), 0);
  const LinkId l = t.linkFrom(5, Direction::MinusZ);
  t.setLinkUp(l, false);
  QVERIFY(!t.linkUp(l));
  QCOMPARE(t.failedLinkCount(), 1);
  QVERIFY(QString::fromStdString(t.describeLink(l)).endsWith(QStringLiteral("[failed]")));
  t.setLinkUp(l, true);
  QCOMPARE(t.failedLinkCount(), 0);
}

// The torus as a family-neutral graph (topology/network_graph.h): one router
// of seven ports per node, no separate endpoints, link l = Topology link l
// from its lower end's + port to its upper end's - port.
void TstTopology::graphIsTheTopology() {
  const Topology t(TopologySpec{3, {4, 3, 2}, {true, false, true}});
  const NetworkGraph g = networkGraphOf(t);
  QCOMPARE(g.family, TopologyFamily::KAryNCube);
  QCOMPARE(g.routerCount, static_cast<std::uint32_t>(t.nodeCount()));
  QCOMPARE(g.endpointCount, 0u);
  QCOMPARE(g.linkCount(), static_cast<std::uint32_t>(t.linkCount()));
  for (LinkId l = 0; l < t.linkCount(); ++l) {
    const GraphLink& gl = g.links[static_cast<std::size_t>(l)];
    QCOMPARE(gl.a, static_cast<std::uint32_t>(t.linkEnds(l).lower));
    QCOMPARE(gl.b, static_cast<std::uint32_t>(t.linkEnds(l).upper));
    QCOMPARE(t.neighbor(t.linkEnds(l).lower, static_cast<Direction>(gl.aPort)), t.linkEnds(l).upper);
    QCOMPARE(t.neighbor(t.linkEnds(l).upper, static_cast<Direction>(gl.bPort)), t.linkEnds(l).lower);
    QCOMPARE(gl.familyId, static_cast<std::uint32_t>(l));
  }
}

FLITSCOPE_TEST_APPLESS_MAIN(TstTopology)
#include "tst_topology.moc"
