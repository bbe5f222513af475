// Adaptive routing under load: the T3E 8x8x8 preset (Scott & Thorson 1996,
// sections 3.4 and 5; docs/routing.md "Adaptive routing").
#include "test_main.h"
#include "scenario/scenario.h"
#include "sim/simulator.h"

#include <QtTest>

using namespace flit;

class TstAdaptiveLoad : public QObject {
  Q_OBJECT
 private slots:
  void longRunOnT3ePreset_data();
  void longRunOnT3ePreset();
};

// The T3E 8x8x8 preset with adaptive routing on, loaded beyond saturation:
// no deadlock (section 5: a blocked adaptive packet can always return to the
// acyclic deterministic network), the accounting invariant every cycle, and
// packets do adapt.
void TstAdaptiveLoad::longRunOnT3ePreset_data() {
  QTest::addColumn<QString>("pattern");
  QTest::addColumn<double>("rate");
  QTest::newRow("uniform 0.3") << "uniform" << 0.3;
  QTest::newRow("transpose 0.3") << "transpose" << 0.3;
  QTest::newRow("hotspot 0.2") << "hotspot" << 0.2;
}

void TstAdaptiveLoad::longRunOnT3ePreset() {
  QFETCH(QString, pattern);
  QFETCH(double, rate);
  Scenario s = loadScenarioFile(FLITSCOPE_PRESETS_DIR "/t3e-8x8x8.json");
  s.routing.adaptive = true;
  s.router.adaptiveRouting = true;
  s.traffic.pattern = *parseTrafficPattern(pattern.toStdString());
  s.traffic.rateFlitsPerNodeCycle = rate;
  Simulator sim(simConfigFromScenario(s));
  QVERIFY(sim.adaptive());
  for (int c = 0; c < 10000; ++c) {
    QVERIFY(sim.step());
    const SimTotals& t = sim.totals();
    QCOMPARE(t.injected, t.delivered + t.droppedTotal() + t.inFlight);
    if (c % 16 == 0) QCOMPARE(sim.auditInFlight(), t.inFlight);
  }
  QVERIFY(!sim.deadlocked());
  QVERIFY(sim.totals().adaptiveHops > 0);
  QVERIFY(sim.totals().delivered > 1000);
  QCOMPARE(sim.totals().droppedTotal(), std::uint64_t{0});
}

FLITSCOPE_TEST_APPLESS_MAIN(TstAdaptiveLoad)
#include "tst_adaptive_load.moc"
