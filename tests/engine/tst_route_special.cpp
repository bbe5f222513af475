// Special (delta) routing, T3E manual HMM-160-0 "Special Routing": primary
// delta X, Y, Z then secondary delta X, Y, Z, one hop per unit, sign = direction.
#include "test_main.h"

#include <QtTest>

#include "routing/special_route.h"
#include "scenario/scenario.h"

using namespace flit;

Q_DECLARE_METATYPE(flit::TopologySpec)

namespace {
QString pathText(const Topology& topo, const PathTrace& p) {
  QStringList parts;
  for (const PathHop& h : p.hops) {
    parts << QString::fromStdString(formatCoord(topo.coordOf(h.node), topo.dims()));
    if (h.outPort == kProcessorPort)
      parts << QStringLiteral("PE");
    else if (h.outPort == kRouteMisroute)
      parts << QStringLiteral("misroute");
    else
      parts << QString::fromUtf8(directionName(static_cast<Direction>(h.outPort)).data());
  }
  return parts.join(QLatin1Char(' '));
}
}  // namespace

class TstRouteSpecial : public QObject {
  Q_OBJECT
 private slots:
  void paths_data();
  void paths();
  void parsing_data();
  void parsing();
};

void TstRouteSpecial::paths_data() {
  QTest::addColumn<TopologySpec>("spec");
  QTest::addColumn<QString>("deltas");
  QTest::addColumn<QString>("failedLink");
  QTest::addColumn<int>("outcome");
  QTest::addColumn<QString>("path");
  const TopologySpec t888{3, {8, 8, 8}, {true, true, true}};
  const TopologySpec t444{3, {4, 4, 4}, {true, true, true}};
  const TopologySpec mesh{3, {3, 3, 3}, {false, false, false}};
  const int ok = int(PathOutcome::Delivered);
  QTest::newRow("manual: primary delta X = +3 is 3 hops +X")
      << t888 << "3,0,0"
      << "" << ok << "(0,0,0) +X (1,0,0) +X (2,0,0) +X (3,0,0) PE";
  QTest::newRow("primary X,Y,Z then secondary X,Y,Z")
      << t444 << "1,-1,0,-1,0,2"
      << "" << ok << "(0,0,0) +X (1,0,0) -Y (1,3,0) -X (0,3,0) +Z (0,3,1) +Z (0,3,2) PE";
  QTest::newRow("all zero: this router") << t444 << "0,0,0"
                                         << "" << ok << "(0,0,0) PE";
  QTest::newRow("more hops than the ring wraps")
      << TopologySpec{1, {3, 1, 1}, {true, false, false}} << "4,0,0"
      << "" << ok << "(0) +X (1) +X (2) +X (0) +X (1) PE";
  QTest::newRow("mesh edge: misroute")
      << mesh << "-1,0,0"
      << "" << int(PathOutcome::LeftTopology) << "(0,0,0) misroute";
  QTest::newRow("unused dimension: misroute")
      << TopologySpec{2, {4, 4, 1}, {true, true, false}} << "0,0,1"
      << "" << int(PathOutcome::LeftTopology) << "(0,0) misroute";
  QTest::newRow("failed link") << t444 << "0,2,0"
                               << "0,1,0:+Y" << int(PathOutcome::FailedLink)
                               << "(0,0,0) +Y (0,1,0) +Y";
}

void TstRouteSpecial::paths() {
  QFETCH(TopologySpec, spec);
  QFETCH(QString, deltas);
  QFETCH(QString, failedLink);
  QFETCH(int, outcome);
  QFETCH(QString, path);
  Topology topo(spec);
  if (!failedLink.isEmpty()) {
    topo.setLinkUp(resolveLinkSpec(topo, parseLinkSpec(failedLink.toStdString(), "l"), "l"), false);
  }
  const auto d = parseSpecialDeltas(deltas.toStdString());
  QVERIFY(d.has_value());
  const PathTrace p = traceSpecialPath(topo, 0, *d);
  QCOMPARE(pathText(topo, p), path);
  QCOMPARE(int(p.outcome), outcome);
  QCOMPARE(p.crossings() + p.violations(), 0);
}

void TstRouteSpecial::parsing_data() {
  QTest::addColumn<QString>("text");
  QTest::addColumn<bool>("ok");
  QTest::newRow("three") << "3,0,-2" << true;
  QTest::newRow("six with plus signs") << "+1,0,0,-1,0,+2" << true;
  QTest::newRow("two") << "1,2" << false;
  QTest::newRow("four") << "1,2,3,4" << false;
  QTest::newRow("seven") << "1,2,3,4,5,6,7" << false;
  QTest::newRow("not a number") << "1,x,3" << false;
  QTest::newRow("empty part") << "1,,3" << false;
  QTest::newRow("too big") << "256,0,0" << false;
}

void TstRouteSpecial::parsing() {
  QFETCH(QString, text);
  QFETCH(bool, ok);
  const auto d = parseSpecialDeltas(text.toStdString());
  QCOMPARE(d.has_value(), ok);
  if (text == QLatin1String("+1,0,0,-1,0,+2")) {
    QCOMPARE(d->delta, (std::array<int, 6>{1, 0, 0, -1, 0, 2}));
  }
}

FLITSCOPE_TEST_APPLESS_MAIN(TstRouteSpecial)
#include "tst_route_special.moc"
