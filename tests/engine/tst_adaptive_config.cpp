// Adaptive routing's configuration (docs/scenario-format.md): the router
// field adaptiveRouting, the traffic field orderedFraction (T3E paper
// section 5: ordered requests never adapt) and the adaptive VC's depth rule
// (section 5: the adaptive VC takes whole packets only); errors name the
// field. And the run-time switches the GUI uses: Simulator::setAdaptive and
// Simulator::setTrafficPattern.
#include "test_main.h"
#include "scenario/scenario.h"
#include "sim/simulator.h"

#include <QtTest>

#include <stdexcept>

using namespace flit;

namespace {

std::string scenario(const std::string& router, const std::string& traffic) {
  return R"({"format":"flitscope-scenario","version":1,"seed":5,"topology":{"radix":[4,4],"wrap":[true,true]},"router":)" +
         router + R"(,"routing":{"algorithm":"direction-order","adaptive":true},"traffic":)" +
         traffic + "}";
}
SimConfig config(const std::string& topology, const std::string& router) {
  return simConfigFromScenario(parseScenario(
      R"({"format":"flitscope-scenario","version":1,"topology":)" + topology + R"(,"router":)" +
      router + R"(,"routing":{"algorithm":"direction-order","adaptive":true},"traffic":{"rateFlitsPerNodeCycle":0,"packetFlits":2}})"));
}
const char* kTorus44 = R"({"radix":[4,4],"wrap":[true,true]})";
const char* kRouter =
    R"({"vcCount":3,"vcClasses":1,"adaptiveVcs":1,"vcDepthFlits":8,"adaptiveVcDepthFlits":8,"arbiter":"t3e"})";

}  // namespace

class TstAdaptiveConfig : public QObject {
  Q_OBJECT
 private slots:
  void badFieldsAreNamed_data();
  void badFieldsAreNamed();
  void roundTrip();
  void orderedFractionOfGeneratedTraffic_data();
  void orderedFractionOfGeneratedTraffic();
  void switchAndPatternAtRunTime();
};

void TstAdaptiveConfig::badFieldsAreNamed_data() {
  QTest::addColumn<QString>("router");
  QTest::addColumn<QString>("traffic");
  QTest::addColumn<QString>("field");
  QTest::newRow("adaptiveRouting not a bool")
      << R"({"vcCount":3,"adaptiveVcs":1,"adaptiveRouting":"yes"})" << "{}"
      << "scenario.router.adaptiveRouting";
  QTest::newRow("orderedFraction above 1")
      << kRouter << R"({"orderedFraction":1.5})" << "scenario.traffic.orderedFraction";
  QTest::newRow("adaptive VC shorter than a packet")
      << R"({"vcCount":3,"vcClasses":1,"adaptiveVcs":1,"vcDepthFlits":8,"adaptiveVcDepthFlits":4})"
      << R"({"packetFlits":6})" << "scenario.router.adaptiveVcDepthFlits";
}

void TstAdaptiveConfig::badFieldsAreNamed() {
  QFETCH(QString, router);
  QFETCH(QString, traffic);
  QFETCH(QString, field);
  try {
    Simulator sim(simConfigFromScenario(
        parseScenario(scenario(router.toStdString(), traffic.toStdString()))));
    QFAIL("expected a ScenarioError");
  } catch (const ScenarioError& e) {
    QCOMPARE(QString::fromStdString(e.path()), field);
  }
}

void TstAdaptiveConfig::roundTrip() {
  const Scenario s = parseScenario(scenario(
      R"({"vcCount":3,"vcClasses":1,"adaptiveVcs":1,"adaptiveRouting":false})",
      R"({"orderedFraction":0.25})"));
  QCOMPARE(s.router.adaptiveRouting, false);
  QCOMPARE(s.traffic.orderedFraction, 0.25);
  const Scenario back = parseScenario(scenarioToJson(s).dump());
  QCOMPARE(back.router.adaptiveRouting, false);
  QCOMPARE(back.traffic.orderedFraction, 0.25);
  QCOMPARE(parseScenario(scenario(kRouter, "{}")).router.adaptiveRouting, true);  // default
}

// Generic packets count as requests here (they have no response): with
// orderedFraction 1 none adapts, with 0 they do, in between some do.
void TstAdaptiveConfig::orderedFractionOfGeneratedTraffic_data() {
  QTest::addColumn<double>("fraction");
  QTest::newRow("all ordered") << 1.0;
  QTest::newRow("none ordered") << 0.0;
  QTest::newRow("half ordered") << 0.5;
}

void TstAdaptiveConfig::orderedFractionOfGeneratedTraffic() {
  QFETCH(double, fraction);
  auto run = [](double f) {
    Simulator sim(simConfigFromScenario(parseScenario(scenario(
        kRouter, R"({"rateFlitsPerNodeCycle":0.1,"packetFlits":2,"orderedFraction":)" +
                     std::to_string(f) + "}"))));
    sim.run(3000);
    return sim.totals().adaptiveHops;
  };
  const std::uint64_t hops = run(fraction);
  if (fraction == 1.0) {
    QCOMPARE(hops, std::uint64_t{0});
  } else if (fraction == 0.0) {
    QVERIFY(hops > 100);
  } else {
    const std::uint64_t all = run(0.0);
    QVERIFY2(hops > all / 4 && hops < all * 3 / 4,
             qPrintable(QString("%1 adaptive hops, %2 with none ordered").arg(hops).arg(all)));
  }
}

void TstAdaptiveConfig::switchAndPatternAtRunTime() {
  Simulator sim(config(kTorus44, kRouter));
  const NodeId src = sim.topology().nodeAt({0, 0, 0}), dst = sim.topology().nodeAt({2, 2, 0});
  QVERIFY(sim.adaptive());
  sim.setAdaptive(false);
  QVERIFY(!sim.adaptive());
  QVERIFY(sim.injectPacket(src, dst));
  sim.run(100);
  QCOMPARE(sim.totals().delivered, std::uint64_t{1});
  QCOMPARE(sim.totals().adaptiveHops, std::uint64_t{0});
  sim.setAdaptive(true);
  QVERIFY(sim.injectPacket(src, dst));
  sim.run(100);
  QCOMPARE(sim.totals().delivered, std::uint64_t{2});
  QVERIFY(sim.totals().adaptiveHops > 0);
  // The scenario field switches it off from the start.
  const Simulator off(config(
      kTorus44, R"({"vcCount":3,"vcClasses":1,"adaptiveVcs":1,"adaptiveRouting":false,"arbiter":"t3e"})"));
  QVERIFY(!off.adaptive());
  // No adaptive VC: turning it on is refused, naming the argument; off is fine.
  Simulator none(config(kTorus44, R"({"vcCount":2})"));
  QVERIFY(!none.adaptiveAvailable());
  QVERIFY(!none.adaptive());
  try {
    none.setAdaptive(true);
    QFAIL("setAdaptive(true) without an adaptive VC must throw");
  } catch (const std::invalid_argument& e) {
    QVERIFY2(QString(e.what()).contains("enabled"), e.what());
  }
  none.setAdaptive(false);
  // Traffic pattern between cycles: transpose fits 4x4, not 4x2.
  sim.setTrafficPattern(TrafficPattern::Transpose);
  QCOMPARE(sim.config().traffic.pattern, TrafficPattern::Transpose);
  Simulator narrow(config(R"({"radix":[4,2],"wrap":[true,true]})", R"({"vcCount":2})"));
  for (const auto bad : {TrafficPattern::Transpose, static_cast<TrafficPattern>(99)}) {
    try {
      narrow.setTrafficPattern(bad);
      QFAIL("a pattern the machine cannot serve must throw");
    } catch (const std::invalid_argument& e) {
      QVERIFY2(QString(e.what()).contains("pattern"), e.what());
    }
  }
  QCOMPARE(narrow.config().traffic.pattern, TrafficPattern::UniformRandom);
}

FLITSCOPE_TEST_APPLESS_MAIN(TstAdaptiveConfig)
#include "tst_adaptive_config.moc"
