// The documents' worked routing examples as data rows: routing tag (or LUT)
// -> exact node path, with the dateline VC of every hop.
//
// Path text: "node dirVC node dirVC ... node PE", where node is "x,y,z", dir
// the output direction, VC the dateline VC on it, "*" a VC0 -> VC1 switch at
// a dateline node, "!" a dateline violation; the last node ends with "PE"
// (delivered to its processor port) or "misroute" (the route leaves the
// topology). Datelines are the default (ordinate 0 of every torus dimension).
//
// Machines derived from the T3E manual HMM-160-0 (the figures are images not
// in the text, so the geometry comes from the prose):
//  - Figure 17 (LPE A -> LPE 7, tag X+01 Y+01 Z+01): the packet goes +X one
//    hop to X=01, then +Y one hop to a node with Y=00 and on to Y=01, i.e. it
//    wraps from Y=3, then +Z one hop to Z=01. With the 16 PEs of Figure 12
//    and Figure 14 (X links stay on a 4-PE board, Z links always leave it)
//    that is a 2x4x2 torus, source (0,3,0), destination (1,1,1). The default
//    LUT generator makes exactly the figure's tag for this pair, and the
//    default PE numbering names the two nodes LPE A and LPE 7.
//  - Figure 18 (LPE 10 -> LPE B, initial +Z, tag X+01 Y-03 Z+00): LPE 10
//    (hex) does not exist in 16 PEs, and the initial-hop option is for
//    partial planes (T3E paper section 2.3: "All partial planes are Z planes";
//    a partial-plane node hops +Z to its neighbour and then uses "a routing
//    tag that can be identical to that which that neighbor uses"). So the
//    machine is the 2x4x2 of Figure 17 plus a partial plane at Z=2 (modelled
//    as a full 2x4x3 torus), source (0,0,2), destination LPE B = (1,3,0). Its
//    +Z neighbour (0,0,0) has exactly this tag without the initial hop.
//  - Figure 19 (LPE F -> LPE 12, final -Z hop, tag X+01 Y-00 Z+00): the
//    destination is in the partial plane (section 2.3: route to the +Z
//    neighbour of the destination, then a final -Z hop): (1,0,0) then -Z to
//    (1,0,2). The text has the packet travel +X to 01, +Z to 00 and -Y to 00,
//    so the source is taken as (0,1,1): one hop of each (the +Z leg wraps
//    through Z=2). The labels F and 12 cannot be checked: the partial plane's
//    numbering is not in the text.
//  - Figure 20's text says "X direction = + (X_SIGN = 1)", which contradicts
//    Table 7 (0 = +X, 1 = -X). Flitscope follows Table 7. (Adaptive routing
//    itself is issue 4.)
// T3E paper Figure 3: routes (+X,+Y,+Z) and (-X,+Y,+Z) in a 3x3x3 cube have
// different corners; dimension order always turns on the same corners.
#include "test_main.h"

#include <QtTest>

#include "routing/path_trace.h"
#include "routing/routing_setup.h"
#include "scenario/scenario.h"

using namespace flit;

Q_DECLARE_METATYPE(flit::TopologySpec)

namespace {

const TopologySpec kFig17{3, {2, 4, 2}, {true, true, true}};
const TopologySpec kPartialPlane{3, {2, 4, 3}, {true, true, true}};
const TopologySpec kCube3Mesh{3, {3, 3, 3}, {false, false, false}};
const TopologySpec kTorus444{3, {4, 4, 4}, {true, true, true}};
const TopologySpec kT3e888{3, {8, 8, 8}, {true, true, true}};
const TopologySpec kXt{3, {11, 12, 16}, {false, true, true}};
const TopologySpec kTrc8{2, {8, 8, 1}, {true, true, false}};

quint64 tagOf(int initialHop, int x, bool xm, int y, bool ym, int z, bool zm, bool finalHop) {
  RoutingTag t;
  t.initialHop = static_cast<InitialHop>(initialHop);
  t.xAddr = static_cast<std::uint8_t>(x);
  t.xMinus = xm;
  t.yAddr = static_cast<std::uint8_t>(y);
  t.yMinus = ym;
  t.zAddr = static_cast<std::uint8_t>(z);
  t.zMinus = zm;
  t.finalHop = finalHop;
  return t.encode();
}

QString pathText(const Topology& topo, const PathTrace& p) {
  QStringList parts;
  for (const PathHop& h : p.hops) {
    parts << QString::fromStdString(formatNodeCoord(topo.coordOf(h.node), topo.dims()));
    if (h.outPort == kProcessorPort) {
      parts << QStringLiteral("PE");
    } else if (h.outPort == kRouteMisroute) {
      parts << QStringLiteral("misroute");
    } else {
      QString hop = QString::fromUtf8(directionName(static_cast<Direction>(h.outPort)).data()) +
                    QString::number(h.vc);
      if (h.crossedDateline) hop += QLatin1Char('*');
      if (h.violation) hop += QLatin1Char('!');
      parts << hop;
    }
  }
  return parts.join(QLatin1Char(' '));
}

enum Algo { DirOrder = 0, DimOrder = 1, Trc = 2 };

}  // namespace

class TstRouteExamples : public QObject {
  Q_OBJECT
 private slots:
  void paths_data();
  void paths();
  void figure17TagComesFromTheLut();
  void figure18TagIsTheNeighboursTag();
  void figure3CornersDiffer();
  void networkHopsCountsLinksTaken();
};

void TstRouteExamples::paths_data() {
  QTest::addColumn<TopologySpec>("spec");
  QTest::addColumn<int>("algorithm");
  QTest::addColumn<QString>("src");
  QTest::addColumn<QString>("dst");
  QTest::addColumn<bool>("hasTag");
  QTest::addColumn<quint64>("tag");
  QTest::addColumn<QString>("failedLink");
  QTest::addColumn<int>("outcome");
  QTest::addColumn<QString>("path");  // empty: not compared
  const int ok = int(PathOutcome::Delivered);

  QTest::newRow("manual Figure 17: LPE A -> LPE 7, direction order")
      << kFig17 << int(DirOrder) << "0,3,0"
      << "1,1,1" << true << tagOf(3, 1, 0, 1, 0, 1, 0, 0) << "" << ok
      << "0,3,0 +X0 1,3,0 +Y0 1,0,0 +Y1* 1,1,0 +Z0 1,1,1 PE";
  QTest::newRow("manual Figure 17 from the generated LUT")
      << kFig17 << int(DirOrder) << "0,3,0"
      << "1,1,1" << false << quint64{0} << "" << ok
      << "0,3,0 +X0 1,3,0 +Y0 1,0,0 +Y1* 1,1,0 +Z0 1,1,1 PE";
  QTest::newRow("manual Figure 18: LPE 10 -> LPE B, initial +Z hop")
      << kPartialPlane << int(DirOrder) << "0,0,2"
      << "1,3,0" << true << tagOf(2, 1, 0, 3, 1, 0, 0, 0) << "" << ok
      << "0,0,2 +Z0 0,0,0 +X0 1,0,0 -Y0 1,3,0 PE";
  QTest::newRow("manual Figure 19: LPE F -> LPE 12, final -Z hop")
      << kPartialPlane << int(DirOrder) << "0,1,1"
      << "1,0,2" << true << tagOf(3, 1, 0, 0, 1, 0, 0, 1) << "" << ok
      << "0,1,1 +X0 1,1,1 +Z0 1,1,2 +Z0 1,1,0 -Y0 1,0,0 -Z0 1,0,2 PE";
  QTest::newRow("manual Figure 19 with Z_SGN=1: final hop forced off, wrong node")
      << kPartialPlane << int(DirOrder) << "0,1,1"
      << "1,0,2" << true << tagOf(3, 1, 0, 0, 1, 0, 1, 1) << "" << int(PathOutcome::WrongNode)
      << "0,1,1 +X0 1,1,1 -Y0 1,0,1 -Z0 1,0,0 PE";
  // T3E paper section 2.2: "an initial direction of +X and its routing bits
  // can indicate a -X, +Y, +Z path. This results in a single initial-hop in
  // the +X direction followed by routes in +Y, +Z, and finally -X."
  QTest::newRow("T3E paper 2.2: initial +X hop, then +Y, +Z, -X")
      << kT3e888 << int(DirOrder) << "0,0,0"
      << "0,1,1" << true << tagOf(0, 0, 1, 1, 0, 1, 0, 0) << "" << ok
      << "0,0,0 +X0 1,0,0 +Y0 1,1,0 +Z0 1,1,1 -X0 0,1,1 PE";
  QTest::newRow("T3E paper Figure 3: (+X,+Y,+Z) turns X->Y->Z")
      << kCube3Mesh << int(DirOrder) << "0,0,0"
      << "2,2,2" << false << quint64{0} << "" << ok
      << "0,0,0 +X0 1,0,0 +X0 2,0,0 +Y0 2,1,0 +Y0 2,2,0 +Z0 2,2,1 +Z0 2,2,2 PE";
  QTest::newRow("T3E paper Figure 3: (-X,+Y,+Z) turns Y->Z->X")
      << kCube3Mesh << int(DirOrder) << "2,0,0"
      << "0,2,2" << false << quint64{0} << "" << ok
      << "2,0,0 +Y0 2,1,0 +Y0 2,2,0 +Z0 2,2,1 +Z0 2,2,2 -X0 1,2,2 -X0 0,2,2 PE";
  QTest::newRow("dimension order, same pair: X first")
      << kCube3Mesh << int(DimOrder) << "2,0,0"
      << "0,2,2" << false << quint64{0} << "" << ok
      << "2,0,0 -X0 1,0,0 -X0 0,0,0 +Y0 0,1,0 +Y0 0,2,0 +Z0 0,2,1 +Z0 0,2,2 PE";
  QTest::newRow("XT dimension order 11x12x16, minimal per dimension")
      << kXt << int(DimOrder) << "0,0,0"
      << "3,11,15" << false << quint64{0} << "" << ok
      << "0,0,0 +X0 1,0,0 +X0 2,0,0 +X0 3,0,0 -Y0 3,11,0 -Z0 3,11,15 PE";
  QTest::newRow("XT dimension order, Y ring through its dateline")
      << kXt << int(DimOrder) << "0,10,0"
      << "0,1,0" << false << quint64{0} << "" << ok << "0,10,0 +Y0 0,11,0 +Y0 0,0,0 +Y1* 0,1,0 PE";
  QTest::newRow("TRC 8x8: wraps in X and Y, low then high channel")
      << kTrc8 << int(Trc) << "6,3"
      << "1,2" << false << quint64{0} << "" << ok
      << "6,3 +X0 7,3 +X0 0,3 +X1* 1,3 +Y0 1,4 +Y0 1,5 +Y0 1,6 +Y0 1,7 +Y0 1,0 +Y1* 1,1 +Y1 "
         "1,2 PE";
  QTest::newRow("TRC 8x8: no wrap, high channel throughout")
      << kTrc8 << int(Trc) << "1,1"
      << "3,2" << false << quint64{0} << "" << ok << "1,1 +X1 2,1 +X1 3,1 +Y1 3,2 PE";
  QTest::newRow("mesh, wrong sign: leaves the topology")
      << kCube3Mesh << int(DirOrder) << "0,0,0"
      << "2,0,0" << true << tagOf(3, 2, 1, 0, 0, 0, 0, 0) << "" << int(PathOutcome::LeftTopology)
      << "0,0,0 misroute";
  QTest::newRow("mesh, initial +X hop off the edge: leaves the topology")
      << kCube3Mesh << int(DirOrder) << "2,0,0"
      << "1,0,0" << true << tagOf(0, 1, 1, 0, 0, 0, 0, 0) << "" << int(PathOutcome::LeftTopology)
      << "2,0,0 misroute";
  QTest::newRow("2D torus, initial +Z hop: no Z dimension")
      << kTrc8 << int(DirOrder) << "2,2"
      << "3,2" << true << tagOf(2, 3, 0, 2, 0, 0, 0, 0) << "" << int(PathOutcome::LeftTopology)
      << "2,2 misroute";
  QTest::newRow("X_ADR outside the ring: loop")
      << kTorus444 << int(DirOrder) << "0,0,0"
      << "1,0,0" << true << tagOf(3, 5, 0, 0, 0, 0, 0, 0) << "" << int(PathOutcome::Loop) << "";
  QTest::newRow("tag for another node: misroute to the wrong node")
      << kTorus444 << int(DirOrder) << "0,0,0"
      << "1,0,0" << true << tagOf(3, 2, 0, 0, 0, 0, 0, 0) << "" << int(PathOutcome::WrongNode)
      << "0,0,0 +X0 1,0,0 +X0 2,0,0 PE";
  QTest::newRow("failed link on the path") << kTorus444 << int(DirOrder) << "0,0,0"
                                           << "2,1,0" << false << quint64{0} << "1,0,0:+X"
                                           << int(PathOutcome::FailedLink) << "0,0,0 +X0 1,0,0 +X0";
}

void TstRouteExamples::paths() {
  QFETCH(TopologySpec, spec);
  QFETCH(int, algorithm);
  QFETCH(QString, src);
  QFETCH(QString, dst);
  QFETCH(bool, hasTag);
  QFETCH(quint64, tag);
  QFETCH(QString, failedLink);
  QFETCH(int, outcome);
  QFETCH(QString, path);
  Topology topo(spec);
  if (!failedLink.isEmpty()) {
    topo.setLinkUp(resolveLinkSpec(topo, parseLinkSpec(failedLink.toStdString(), "link"), "link"),
                   false);
  }
  RoutingConfig cfg = defaultRoutingConfig(spec);
  cfg.algorithm = algorithm == DirOrder   ? RoutingAlgorithm::DirectionOrder
                  : algorithm == DimOrder ? RoutingAlgorithm::DimensionOrder
                                          : RoutingAlgorithm::TrcRelative;
  if (algorithm == Trc) cfg.vcTableGenerator = VcTableGenerator::Trc;
  const RoutingSetup setup = buildRoutingSetup(topo, cfg);
  const NodeId s = topo.nodeAt(parseNodeCoord(src.toStdString(), spec, "src"));
  const NodeId d = topo.nodeAt(parseNodeCoord(dst.toStdString(), spec, "dst"));
  const PathTrace p =
      tracePath(topo, setup, s, d, hasTag ? std::optional<std::uint64_t>(tag) : std::nullopt);
  if (!path.isEmpty()) QCOMPARE(pathText(topo, p), path);
  QCOMPARE(int(p.outcome), outcome);
  if (hasTag) QCOMPARE(quint64{p.tag}, tag);
}

void TstRouteExamples::figure17TagComesFromTheLut() {
  const Topology topo(kFig17);
  const RoutingSetup setup = buildRoutingSetup(topo, defaultRoutingConfig(kFig17));
  Coord a, seven;
  a[1] = 3;
  seven[0] = seven[1] = seven[2] = 1;
  const NodeId lpeA = topo.nodeAt(a), lpe7 = topo.nodeAt(seven);
  QCOMPARE(setup.peMap.logicalOf(lpeA), 0xA);
  QCOMPARE(setup.peMap.logicalOf(lpe7), 0x7);
  // LPE A indexes its R_NET_LUT with the destination's logical number 7.
  QCOMPARE(setup.tables->overrideOf(lpeA).mode, LutMode::PerPe);
  QCOMPARE(quint64{setup.tables->entry(lpeA, 7)}, quint64{0x0000000300010101});
  QCOMPARE(formatTagFields(setup.tables->tagFor(lpeA, lpe7)),
           std::string("INITIAL_HOP=3 X_SGN=0 X_ADR=01 Y_SGN=0 Y_ADR=01 Z_SGN=0 Z_ADR=01 "
                       "FINAL_HOP=0 ADAPTIVE=0"));
}

void TstRouteExamples::figure18TagIsTheNeighboursTag() {
  // T3E paper section 2.3: the partial-plane node hops +Z, then uses its
  // neighbour's tag. The neighbour (0,0,0)'s minimal tag to LPE B plus an
  // initial +Z hop is the manual's Figure 18 tag.
  const Topology topo(kPartialPlane);
  Coord n, b;
  b[0] = 1;
  b[1] = 3;
  RoutingTag t = RoutingTag::decode(minimalTag(topo, topo.nodeAt(n), topo.nodeAt(b), false));
  t.initialHop = InitialHop::PlusZ;
  QCOMPARE(quint64{t.encode()}, tagOf(2, 1, 0, 3, 1, 0, 0, 0));
}

void TstRouteExamples::figure3CornersDiffer() {
  // "the two routes have different corner nodes" (T3E paper, section 2.1).
  const Topology topo(kCube3Mesh);
  auto corners = [&](RoutingAlgorithm a, const char* from, const char* to) {
    RoutingConfig cfg = defaultRoutingConfig(kCube3Mesh);
    cfg.algorithm = a;
    const RoutingSetup setup = buildRoutingSetup(topo, cfg);
    const PathTrace p = tracePath(topo, setup, topo.nodeAt(parseNodeCoord(from, kCube3Mesh, "")),
                                  topo.nodeAt(parseNodeCoord(to, kCube3Mesh, "")));
    QStringList turns;
    for (std::size_t i = 1; i + 1 < p.hops.size(); ++i) {
      if (p.hops[i].outPort != p.hops[i - 1].outPort) {
        turns << QString::fromStdString(formatNodeCoord(topo.coordOf(p.hops[i].node), 3));
      }
    }
    return turns.join(QLatin1Char(' '));
  };
  QCOMPARE(corners(RoutingAlgorithm::DirectionOrder, "0,0,0", "2,2,2"),
           QStringLiteral("2,0,0 2,2,0"));
  QCOMPARE(corners(RoutingAlgorithm::DirectionOrder, "2,0,0", "0,2,2"),
           QStringLiteral("2,2,0 2,2,2"));
  // Dimension order turns X->Y->Z for both (corners at the X then Y target).
  QCOMPARE(corners(RoutingAlgorithm::DimensionOrder, "2,0,0", "0,2,2"),
           QStringLiteral("0,0,0 0,2,0"));
}

void TstRouteExamples::networkHopsCountsLinksTaken() {
  Topology topo(kTorus444);
  const RoutingSetup setup = buildRoutingSetup(topo, defaultRoutingConfig(kTorus444));
  Coord c;
  c[0] = 2;
  c[1] = 1;
  const NodeId dst = topo.nodeAt(c);
  QCOMPARE(tracePath(topo, setup, 0, dst).networkHops(), 3);
  QCOMPARE(tracePath(topo, setup, 0, 0).networkHops(), 0);
  // Loop: X_ADR 5 lies outside the ring of 4, so the packet circles the X
  // ring going +X. Every recorded hop was taken, and the trace stops when
  // the packet is back at a router in a state it was in: hops 0-3 are the
  // first lap on VC0, hop 4 goes straight through the dateline node 0,0,0
  // onto VC1 (the crossing), hops 5-8 are a lap on VC1 ending with the
  // violation at 0,0,0 (hop 8), and then 1,0,0 entered going +X on VC1 is
  // hop 5's state again. 9 hops, one crossing, one violation; without the
  // check it ran lap after lap to the hop limit.
  const PathTrace loop = tracePath(topo, setup, 0, 1, tagOf(3, 5, 0, 0, 0, 0, 0, 0));
  QCOMPARE(loop.outcome, PathOutcome::Loop);
  QCOMPARE(loop.networkHops(), static_cast<int>(loop.hops.size()));
  QCOMPARE(loop.loopsBackTo, 5);
  QCOMPARE(loop.endNode, loop.hops[5].node);
  QCOMPARE(loop.networkHops(), 9);
  QCOMPARE(loop.crossings(), 1);
  QCOMPARE(loop.violations(), 1);
  // A route that ends is never called a loop, whatever its length.
  QCOMPARE(tracePath(topo, setup, 0, dst).loopsBackTo, -1);
  // Blocked at the second link: one link taken.
  topo.setLinkUp(
      topo.linkFrom(topo.nodeAt(parseNodeCoord("1,0,0", kTorus444, "")), Direction::PlusX), false);
  const PathTrace blocked = tracePath(topo, setup, 0, dst);
  QCOMPARE(blocked.outcome, PathOutcome::FailedLink);
  QCOMPARE(blocked.networkHops(), 1);
}

FLITSCOPE_TEST_APPLESS_MAIN(TstRouteExamples)
#include "tst_route_examples.moc"
