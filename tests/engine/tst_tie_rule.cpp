// routing.tieRule: which way a packet goes at exactly half a ring
// (routing/tie_rule.h). "plus" sends every tie + and so loads the + channels
// of an even ring more than the - ones; "sourceParity" and "random" balance
// them. Every route decision point agrees (route cache == routeStep, the LUT
// generator per source), the dependency check covers every rule, "random"
// is deterministic per seed and only it draws from the generator.
#include "test_main.h"

#include <QtTest>

#include <array>

#include "analysis/route_dependencies.h"
#include "router/route_cache.h"
#include "routing/routing_setup.h"
#include "scenario/routing_config_json.h"
#include "scenario/scenario.h"
#include "sim/simulator.h"

using namespace flit;

Q_DECLARE_METATYPE(flit::TopologySpec)

namespace {

const TopologySpec kTorus8{3, {8, 8, 8}, {true, true, true}};

SimConfig uniformTorus(TieRule rule, double rate, std::uint64_t seed = 1) {
  SimConfig cfg;
  cfg.topology = kTorus8;
  cfg.routing = defaultRoutingConfig(kTorus8);
  cfg.routing.algorithm = RoutingAlgorithm::DimensionOrder;
  cfg.routing.tieRule = rule;
  cfg.router.vcCount = 2;
  cfg.router.vcClasses = 1;
  cfg.traffic.rateFlitsPerNodeCycle = rate;
  cfg.seed = seed;
  return cfg;
}

// Flits sent per dimension on + and on - channels, summed over every router.
struct DimensionLoads {
  std::array<double, kMaxDims> plus{}, minus{};
};

DimensionLoads loadsOf(const Simulator& sim) {
  DimensionLoads l;
  for (NodeId n = 0; n < sim.topology().nodeCount(); ++n) {
    for (int d = 0; d < kDirectionCount; ++d) {
      const auto dim = static_cast<std::size_t>(dimensionOf(static_cast<Direction>(d)));
      const auto sent = static_cast<double>(sim.portCounters(n, d).flitsSent);
      (isPositive(static_cast<Direction>(d)) ? l.plus : l.minus)[dim] += sent;
    }
  }
  return l;
}

std::string scenarioWithRouting(const std::string& routing) {
  return R"({"format": "flitscope-scenario", "version": 1,
             "topology": {"radix": [4, 4, 4], "wrap": [true, true, true]},
             "routing": )" +
         routing + "}";
}

}  // namespace

class TstTieRule : public QObject {
  Q_OBJECT
 private slots:
  void channelLoads_data();
  void channelLoads();
  void routeCacheAgreesWithRouteStep_data();
  void routeCacheAgreesWithRouteStep();
  void lutSignsFollowSourceParity();
  void dependencyCheckPasses_data();
  void dependencyCheckPasses();
  void randomIsDeterministicPerSeed();
  void onlyRandomDraws();
  void scenarioField_data();
  void scenarioField();
  void writtenOnlyWhenNotPlus();
};

// The issue's figure: with every tie +, a uniform 8-ary ring's + channels
// carry offsets 1..4 (1+2+3+4 = 10 hops per 7 destinations), the - ones
// 5..7 (3+2+1 = 6): + : - = 10 : 6 = 1.67, + = 1.25x the mean of the two.
// A balanced rule splits the 4-hop ties: 8 : 8.
void TstTieRule::channelLoads_data() {
  QTest::addColumn<int>("rule");
  QTest::addColumn<double>("plusToMinus");
  QTest::addColumn<double>("tolerance");
  QTest::newRow("plus, 8x8x8 uniform") << int(TieRule::Plus) << 10.0 / 6.0 << 0.04;
  QTest::newRow("sourceParity, 8x8x8 uniform") << int(TieRule::SourceParity) << 1.0 << 0.03;
  QTest::newRow("random, 8x8x8 uniform") << int(TieRule::Random) << 1.0 << 0.03;
}

void TstTieRule::channelLoads() {
  QFETCH(int, rule);
  QFETCH(double, plusToMinus);
  QFETCH(double, tolerance);
  Simulator sim(uniformTorus(static_cast<TieRule>(rule), 0.2));
  sim.run(3000);
  QVERIFY(!sim.deadlocked());
  const DimensionLoads l = loadsOf(sim);
  for (int d = 0; d < kMaxDims; ++d) {
    const auto i = static_cast<std::size_t>(d);
    const double ratio = l.plus[i] / l.minus[i];
    const double ofMean = l.plus[i] / ((l.plus[i] + l.minus[i]) / 2.0);
    qInfo("dimension %d: + %.0f flits, - %.0f flits, + : - = %.3f, + / mean = %.3f", d, l.plus[i],
          l.minus[i], ratio, ofMean);
    QVERIFY2(std::abs(ratio - plusToMinus) <= tolerance * plusToMinus,
             qPrintable(QStringLiteral("dimension %1: + : - = %2, expected %3").arg(d).arg(ratio).arg(plusToMinus)));
  }
}

void TstTieRule::routeCacheAgreesWithRouteStep_data() {
  QTest::addColumn<TopologySpec>("spec");
  QTest::newRow("4x4x4 torus") << TopologySpec{3, {4, 4, 4}, {true, true, true}};
  QTest::newRow("6x5x2 torus, odd Y") << TopologySpec{3, {6, 5, 2}, {true, true, true}};
  QTest::newRow("6x4 mesh X, torus Y") << TopologySpec{2, {6, 4, 1}, {false, true, false}};
}

// Every node pair, every tie-bit pattern: the simulator's table step equals
// routeStep (the reference the path tracer and the analyses use).
void TstTieRule::routeCacheAgreesWithRouteStep() {
  QFETCH(TopologySpec, spec);
  const Topology topo(spec);
  const RouteCache cache(topo);
  int ties = 0;
  for (TieBits bits = 0; bits < 8; ++bits) {
    for (NodeId here = 0; here < topo.nodeCount(); ++here) {
      for (NodeId dest = 0; dest < topo.nodeCount(); ++dest) {
        RouteState st = makeRouteState(topo, RoutingAlgorithm::DimensionOrder, here, dest);
        st.tieMinus = bits;
        const int expected = routeStep(topo, RoutingAlgorithm::DimensionOrder, here, st);
        QCOMPARE(cache.dimensionOrderStep(here, dest, bits), expected);
        if (bits == 0) QCOMPARE(cache.dimensionOrderStep(here, dest), expected);
        ties += tieDimensions(topo, here, dest) != 0 ? 1 : 0;
      }
    }
  }
  QVERIFY(ties > 0);
}

// Direction order: the LUT generator applies "sourceParity" per source node.
// On a 4-ring a destination 2 away is a tie: the tag's sign is + from an
// even source ordinate, - from an odd one; other entries are unchanged.
void TstTieRule::lutSignsFollowSourceParity() {
  const TopologySpec spec{3, {4, 4, 4}, {true, true, true}};
  const Topology topo(spec);
  RoutingConfig plusCfg = defaultRoutingConfig(spec);
  QCOMPARE(plusCfg.algorithm, RoutingAlgorithm::DirectionOrder);
  RoutingConfig parityCfg = plusCfg;
  parityCfg.tieRule = TieRule::SourceParity;
  const RoutingSetup plus = buildRoutingSetup(topo, plusCfg);
  const RoutingSetup parity = buildRoutingSetup(topo, parityCfg);
  int flipped = 0;
  for (NodeId src = 0; src < topo.nodeCount(); ++src) {
    const Coord s = topo.coordOf(src);
    for (NodeId dst = 0; dst < topo.nodeCount(); ++dst) {
      const RoutingTag a = RoutingTag::decode(plus.tables->tagFor(src, dst));
      const RoutingTag b = RoutingTag::decode(parity.tables->tagFor(src, dst));
      const TieBits ties = tieDimensions(topo, src, dst);
      for (int d = 0; d < 3; ++d) {
        const bool tie = (ties >> d) & 1u;
        QCOMPARE(a.minus(d), !tie && a.minus(d));  // "plus": a tie is never -
        QCOMPARE(b.minus(d), tie ? (s[d] & 1) == 1 : a.minus(d));
        flipped += a.minus(d) != b.minus(d) ? 1 : 0;
      }
      QCOMPARE(b.addr(0), a.addr(0));
    }
  }
  // Per dimension: 64 sources x 16 destinations 2 away = 1024 tie pairs,
  // the half from odd sources flipped.
  QCOMPARE(flipped, 3 * 1024 / 2);
}

void TstTieRule::dependencyCheckPasses_data() {
  QTest::addColumn<TopologySpec>("spec");
  QTest::addColumn<int>("algorithm");
  QTest::addColumn<int>("rule");
  const TopologySpec t8{3, {8, 8, 8}, {true, true, true}};
  const TopologySpec t4{3, {4, 4, 4}, {true, true, true}};
  const int dor = int(RoutingAlgorithm::DimensionOrder), dir = int(RoutingAlgorithm::DirectionOrder);
  QTest::newRow("8x8x8 dimension order, plus") << t8 << dor << int(TieRule::Plus);
  QTest::newRow("8x8x8 dimension order, sourceParity") << t8 << dor << int(TieRule::SourceParity);
  QTest::newRow("8x8x8 dimension order, random") << t8 << dor << int(TieRule::Random);
  QTest::newRow("4x4x4 direction order, plus") << t4 << dir << int(TieRule::Plus);
  QTest::newRow("4x4x4 direction order, sourceParity") << t4 << dir << int(TieRule::SourceParity);
}

// With the default datelines and time-of-crossing VC tables, the channel
// dependency graph stays acyclic under every rule ("random": both ways of
// every tie are traced).
void TstTieRule::dependencyCheckPasses() {
  QFETCH(TopologySpec, spec);
  QFETCH(int, algorithm);
  QFETCH(int, rule);
  const Topology topo(spec);
  RoutingConfig cfg = defaultRoutingConfig(spec);
  cfg.algorithm = static_cast<RoutingAlgorithm>(algorithm);
  cfg.tieRule = static_cast<TieRule>(rule);
  const RoutingSetup setup = buildRoutingSetup(topo, cfg);
  const DependencyCheck check = checkDependencies(topo, setup);
  QVERIFY2(check.deadlockFree(), check.cycleText().c_str());
  QVERIFY(check.brokenRoutes.empty());
  QCOMPARE(check.routesTraced, std::int64_t{topo.nodeCount()} * (topo.nodeCount() - 1));
}

void TstTieRule::randomIsDeterministicPerSeed() {
  Simulator a(uniformTorus(TieRule::Random, 0.2, 7));
  Simulator b(uniformTorus(TieRule::Random, 0.2, 7));
  Simulator c(uniformTorus(TieRule::Random, 0.2, 8));
  a.run(800);
  b.run(800);
  c.run(800);
  const DimensionLoads la = loadsOf(a), lb = loadsOf(b), lc = loadsOf(c);
  QCOMPARE(a.totals().delivered, b.totals().delivered);
  QCOMPARE(la.plus, lb.plus);
  QCOMPARE(la.minus, lb.minus);
  QVERIFY(la.plus != lc.plus || la.minus != lc.minus);
}

// "plus" and "sourceParity" draw nothing: with the same seed they create
// the same packets (same sources, destinations and times) as before the
// option existed; "random" takes one draw per packet, so its traffic differs.
void TstTieRule::onlyRandomDraws() {
  Simulator plus(uniformTorus(TieRule::Plus, 0.2));
  Simulator parity(uniformTorus(TieRule::SourceParity, 0.2));
  Simulator random(uniformTorus(TieRule::Random, 0.2));
  plus.run(300);
  parity.run(300);
  random.run(300);
  QCOMPARE(parity.totals().created, plus.totals().created);
  QVERIFY(random.totals().created != plus.totals().created);
}

void TstTieRule::scenarioField_data() {
  QTest::addColumn<QString>("routing");
  QTest::addColumn<QString>("error");  // empty: accepted
  QTest::newRow("plus") << R"({"algorithm": "dimension-order", "tieRule": "plus"})" << "";
  QTest::newRow("sourceParity") << R"({"algorithm": "dimension-order", "tieRule": "sourceParity"})"
                                << "";
  QTest::newRow("random") << R"({"algorithm": "dimension-order", "tieRule": "random"})" << "";
  QTest::newRow("direction order, sourceParity")
      << R"({"algorithm": "direction-order", "tieRule": "sourceParity"})" << "";
  QTest::newRow("bad value")
      << R"({"algorithm": "dimension-order", "tieRule": "minus"})"
      << R"(scenario.routing.tieRule: must be one of plus, sourceParity, random, got "minus")";
  QTest::newRow("not a string") << R"({"tieRule": 1})" << "scenario.routing.tieRule:";
  QTest::newRow("direction order, random")
      << R"({"algorithm": "direction-order", "tieRule": "random"})"
      << R"(scenario.routing.tieRule: "random" draws per packet)";
}

void TstTieRule::scenarioField() {
  QFETCH(QString, routing);
  QFETCH(QString, error);
  const std::string text = scenarioWithRouting(routing.toStdString());
  try {
    const Scenario s = parseScenario(text);
    QVERIFY2(error.isEmpty(), "accepted a bad tieRule");
    QCOMPARE(parseScenario(serializeScenario(s)).routing, s.routing);
  } catch (const ScenarioError& e) {
    QVERIFY2(!error.isEmpty(), e.what());
    QVERIFY2(QString::fromStdString(e.what()).startsWith(error), e.what());
  }
}

void TstTieRule::writtenOnlyWhenNotPlus() {
  RoutingConfig c = defaultRoutingConfig(kTorus8);
  c.algorithm = RoutingAlgorithm::DimensionOrder;
  QVERIFY(!routingConfigToJson(c).contains("tieRule"));
  c.tieRule = TieRule::SourceParity;
  QCOMPARE(routingConfigToJson(c).at("tieRule").get<std::string>(), std::string("sourceParity"));
}

FLITSCOPE_TEST_APPLESS_MAIN(TstTieRule)
#include "tst_tie_rule.moc"
