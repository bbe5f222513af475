// VC balance: Scott & Thorson, "The Cray T3E Network" (1996), section 4 and
// Table 1, "time of crossing" column (analysis/vc_balance.h).
//
// How the rings are routed here (the paper does not say; these are the
// choices that reproduce its numbers, docs/deadlock-and-vc-balance.md):
//  - half-ring ties (distance k/2) go + from an even source ordinate and -
//    from an odd one (routing.tieRule "sourceParity");
//  - the + ring's dateline node is 0 and the - ring's is k-1 (both rings
//    switch to VC1 right after the wrap link between k-1 and 0), written
//    "datelines": [{"plus": 0, "minus": k-1}] in a scenario.
#include "test_main.h"
#include "analysis/vc_balance.h"
#include "routing/routing_setup.h"
#include "scenario/scenario.h"

#include <QtTest>

using namespace flit;

namespace {

// Table 1's rounding: three decimals (".813" is 0.8125).
constexpr double kPaperRounding = 0.0005 + 1e-9;

Topology ring1d(int k) {
  TopologySpec spec;
  spec.dims = 1;
  spec.radix = {k, 1, 1};
  spec.wrap = {true, false, false};
  return Topology(spec);
}

// A scenario-level ring: dimension-order routing, the paper's tie rule and
// dateline placement.
RoutingSetup paperSetup(const Topology& topo) {
  RoutingConfig c = defaultRoutingConfig(topo.spec());
  c.algorithm = RoutingAlgorithm::DimensionOrder;
  c.tieRule = TieRule::SourceParity;
  c.datelines = DatelineConfig::wrapLink(topo.spec());
  return buildRoutingSetup(topo, c);
}

}  // namespace

class TestVcBalance : public QObject {
  Q_OBJECT
 private slots:
  void subringSizesAreTable1s() {
    QCOMPARE(subringSizes(4), (std::vector<int>{4}));
    QCOMPARE(subringSizes(8), (std::vector<int>{8, 4}));
    QCOMPARE(subringSizes(32), (std::vector<int>{32, 16, 8, 4}));
    QCOMPARE(subringSizes(12), (std::vector<int>{12, 8, 4}));
  }

  void timeOfCrossing_data() {
    QTest::addColumn<int>("ring");
    QTest::addColumn<int>("subring");
    QTest::addColumn<double>("average");
    QTest::addColumn<double>("maximum");
    // T3E paper, Table 1, "Time of Crossing" column.
    QTest::newRow("ring 4") << 4 << 4 << 1.0 << 1.0;
    QTest::newRow("ring 8") << 8 << 8 << .813 << 1.0;
    QTest::newRow("ring 8, subring 4") << 8 << 4 << .625 << 1.0;
    QTest::newRow("ring 16") << 16 << 16 << .813 << 1.0;
    QTest::newRow("ring 16, subring 8") << 16 << 8 << .656 << 1.0;
    QTest::newRow("ring 16, subring 4") << 16 << 4 << .625 << 1.0;
    QTest::newRow("ring 32") << 32 << 32 << .807 << 1.0;
    QTest::newRow("ring 32, subring 16") << 32 << 16 << .664 << 1.0;
    QTest::newRow("ring 32, subring 8") << 32 << 8 << .656 << 1.0;
    QTest::newRow("ring 32, subring 4") << 32 << 4 << .625 << 1.0;
  }
  void timeOfCrossing() {
    QFETCH(int, ring);
    QFETCH(int, subring);
    QFETCH(double, average);
    QFETCH(double, maximum);
    const RingModel model = tieRuleRing(ring, 0, ring - 1, TieRule::SourceParity);
    const RingBalance b = evaluateRing(model, RingVcTable(ring));
    const auto it = std::find_if(b.levels.begin(), b.levels.end(),
                                 [&](const VcBalanceLevel& l) { return l.subring == subring; });
    QVERIFY(it != b.levels.end());
    QVERIFY2(std::abs(it->average - average) <= kPaperRounding, qPrintable(QString::number(it->average)));
    QVERIFY2(std::abs(it->maximum - maximum) <= kPaperRounding, qPrintable(QString::number(it->maximum)));
    QCOMPARE(b.violations(), 0);
  }

  // T3E paper section 4: "the VC balance of [Dally and Seitz's] assignments
  // is almost identical to that of the time-of-crossing scheme": all packets
  // start on one VC and those crossing the dateline move to the other
  // (vcRule vc1Start, the torus routing chip's rule, section 4 of its
  // paper). On the T3E 8x8x8 preset (its datelines and tie rule), every
  // dimension gives Table 1's time-of-crossing row for the 8-ring: .813 / 1
  // for the whole ring, .625 / 1 for its subrings of 4.
  void dallySeitzBalancesLikeTimeOfCrossing_data() {
    QTest::addColumn<int>("rule");
    QTest::addColumn<int>("subring");
    QTest::addColumn<double>("average");
    QTest::addColumn<double>("maximum");
    for (const VcRule rule : {VcRule::TimeOfCrossing, VcRule::Vc1Start}) {
      const char* name = rule == VcRule::Vc1Start ? "Dally-Seitz (vc1Start)" : "time of crossing";
      QTest::addRow("%s, ring 8", name) << static_cast<int>(rule) << 8 << .813 << 1.0;
      QTest::addRow("%s, ring 8, subring 4", name) << static_cast<int>(rule) << 4 << .625 << 1.0;
    }
  }
  void dallySeitzBalancesLikeTimeOfCrossing() {
    QFETCH(int, rule);
    QFETCH(int, subring);
    QFETCH(double, average);
    QFETCH(double, maximum);
    Scenario s = loadScenarioFile(FLITSCOPE_PRESETS_DIR "/t3e-8x8x8.json");
    s.routing.vcRule = static_cast<VcRule>(rule);
    const Topology topo = buildTopology(s);
    const std::vector<VcBalanceRow> rows = evaluateVcBalance(topo, buildRoutingSetup(topo, s.routing));
    int seen = 0;
    for (const VcBalanceRow& r : rows) {
      if (r.subring != subring) continue;
      ++seen;
      QCOMPARE(r.ring, 8);
      QVERIFY2(std::abs(r.average - average) <= kPaperRounding,
               qPrintable(QStringLiteral("dimension %1: average %2").arg(r.dimension).arg(r.average)));
      QVERIFY2(std::abs(r.maximum - maximum) <= kPaperRounding,
               qPrintable(QStringLiteral("dimension %1: maximum %2").arg(r.dimension).arg(r.maximum)));
      QCOMPARE(r.violations, 0);
    }
    QCOMPARE(seen, 3);  // X, Y and Z
  }

  // The same numbers through a scenario's routing (traced routes, VcTables,
  // DatelineConfig): the evaluator a `check --vc-balance` runs.
  void scenarioRingMatchesTheModel_data() {
    QTest::addColumn<int>("ring");
    for (int k : {4, 8, 16, 32}) QTest::newRow(qPrintable(QStringLiteral("ring %1").arg(k))) << k;
  }
  void scenarioRingMatchesTheModel() {
    QFETCH(int, ring);
    const Topology topo = ring1d(ring);
    const RoutingSetup setup = paperSetup(topo);
    const RingModel traced = ringModelOf(topo, setup, 0, 0);
    QCOMPARE(traced, tieRuleRing(ring, 0, ring - 1, TieRule::SourceParity));
    const std::vector<VcBalanceRow> rows = evaluateVcBalance(topo, setup);
    const RingBalance model = evaluateRing(traced, RingVcTable(ring));
    QCOMPARE(rows.size(), model.levels.size());
    for (std::size_t i = 0; i < rows.size(); ++i) {
      QCOMPARE(rows[i].ring, ring);
      QCOMPARE(rows[i].subring, model.levels[i].subring);
      QCOMPARE(rows[i].average, model.levels[i].average);
      QCOMPARE(rows[i].maximum, model.levels[i].maximum);
    }
  }

  // One dateline node for both rings (the engine's default, ordinate 0)
  // cannot give Table 1's ring 4 (every link would have to carry one VC and
  // the same load): with source-parity ties it is .875, with "plus" .583.
  void oneDatelineNodeForBothRingsDiffers() {
    const RingBalance parity = evaluateRing(tieRuleRing(4, 0, 0, TieRule::SourceParity), RingVcTable(4));
    QCOMPARE(parity.levels[0].average, 0.875);
    const RingBalance plus = evaluateRing(tieRuleRing(4, 0, 0, TieRule::Plus), RingVcTable(4));
    QVERIFY(std::abs(plus.levels[0].average - 7.0 / 12.0) < 1e-12);
  }

  // A route that crosses the dateline and starts on VC1 is a violation.
  void violationsAreCounted() {
    const RingModel model = tieRuleRing(8, 0, 7, TieRule::SourceParity);
    RingVcTable t(8);
    t.setVc(6, true, 2, 1);  // 6 -> 2 goes + (distance 4, even source) through node 0
    const RingBalance b = evaluateRing(model, t);
    QCOMPARE(b.levels[0].violations, 1);
    QCOMPARE(b.levels[1].violations, 0);  // subrings never reach the wrap link
  }

  void randomTieRuleIsRefused() {
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, tieRuleRing(8, 0, 7, TieRule::Random));
  }

  // A 3D torus: every dimension gets its rows, every ring of it the same.
  void everyDimensionOfATorus() {
    TopologySpec spec;
    spec.dims = 3;
    spec.radix = {8, 4, 8};
    spec.wrap = {true, true, true};
    const Topology topo(spec);
    RoutingConfig c = defaultRoutingConfig(spec);
    c.tieRule = TieRule::SourceParity;
    c.datelines = DatelineConfig::wrapLink(spec);
    const RoutingSetup setup = buildRoutingSetup(topo, c);
    const std::vector<VcBalanceRow> rows = evaluateVcBalance(topo, setup);
    QCOMPARE(rows.size(), std::size_t{5});  // X: 8, 4; Y: 4; Z: 8, 4
    QCOMPARE(rows[0].dimension, 0);
    QCOMPARE(rows[2].dimension, 1);
    QCOMPARE(rows[2].ring, 4);
    QCOMPARE(rows[2].average, 1.0);
    QVERIFY(std::abs(rows[0].average - 0.8125) < 1e-12);
    QVERIFY(std::abs(rows[3].average - 0.8125) < 1e-12);
    QVERIFY(std::abs(rows[4].average - 0.625) < 1e-12);
  }
};

FLITSCOPE_TEST_GUILESS_MAIN(TestVcBalance)
#include "tst_vc_balance.moc"
