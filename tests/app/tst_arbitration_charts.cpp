// ArbitrationCharts: per-source accepted throughput and age-group bars from
// the cumulative counters of the frames (differences over the recent window,
// no resetStats()), the window's trimming, restarts on reset and on an
// arbiter switch, decimation for big machines, and the XT paper's Figure 4
// on the real engine: round robin starves the far sources of the merging
// line, age arbitration evens the shares out.
// Qt Charts needs a QApplication: own main() (DESIGN.md, Qt 6.4 facts).
#include "test_main.h"
#include "changes.h"
#include "arbitration_charts.h"
#include "torus/simulator_source.h"

#include "scenario/scenario.h"

#include <QApplication>
#include <QBarSet>
#include <QSignalSpy>
#include <QTest>

#include <algorithm>
#include <memory>

using namespace flitgui;

namespace {
FramePtr frame(std::uint64_t cycle, std::vector<std::uint64_t> bySource, std::array<std::uint64_t, 4> ages = {},
               flit::ArbiterKind arbiter = flit::ArbiterKind::Age, std::uint64_t resetGeneration = 0) {
  auto f = std::make_shared<FrameSnapshot>();
  f->cycle = cycle;
  f->deliveredFlitsBySource = std::move(bySource);
  f->ageGroups = ages;
  f->arbiter = arbiter;
  f->resetGeneration = resetGeneration;
  return f;
}

void feed(ArbitrationCharts& charts, const FramePtr& f) {
  charts.consume(f);
  charts.flush();
}

QList<qreal> values(const QBarSet& set) {
  QList<qreal> out;
  for (qsizetype i = 0; i < set.count(); ++i) out << set.at(i);
  return out;
}
}  // namespace

class TestArbitrationCharts : public QObject {
  Q_OBJECT

 private slots:
  void sourceBarsAreFlitsPerCycleOverTheWindow() {
    ArbitrationCharts charts;
    QBarSet bars(QStringLiteral("accepted"));
    charts.attachBarSet(ArbitrationCharts::SourceBars, &bars);
    QCOMPARE(charts.attachedBarSetCount(), 1);
    feed(charts, frame(0, {0, 0, 0, 0}));
    QCOMPARE(charts.spanCycles(), 0.0);  // one sample: no rate yet
    QCOMPARE(values(bars), (QList<qreal>{0, 0, 0, 0}));
    feed(charts, frame(100, {50, 25, 0, 100}));
    QCOMPARE(charts.spanCycles(), 100.0);
    QCOMPARE(charts.sourceRates(), (QList<qreal>{0.5, 0.25, 0.0, 1.0}));
    QCOMPARE(values(bars), (QList<qreal>{0.5, 0.25, 0.0, 1.0}));
    QCOMPARE(charts.sourceLabels(), (QStringList{"0", "1", "2", "3"}));
    QCOMPARE(charts.nodesPerBar(), 1);
    QCOMPARE(charts.sourceNodes(), 4);
    QVERIFY(charts.sourceAxisMax() > 1.0);
  }

  void windowKeepsTheRecentCycles() {
    ArbitrationCharts charts;
    charts.setWindowCycles(100);
    feed(charts, frame(0, {0, 0}));
    feed(charts, frame(100, {100, 0}));   // source 0 at 1 flit/cycle...
    feed(charts, frame(200, {100, 50}));  // ...then source 1 at 0.5
    QCOMPARE(charts.spanCycles(), 100.0);
    QCOMPARE(charts.sourceRates(), (QList<qreal>{0.0, 0.5}));
    feed(charts, frame(200, {100, 50}));  // paused: the same cycle adds no sample
    QCOMPARE(charts.spanCycles(), 100.0);
  }

  void resetAndArbiterSwitchRestartTheWindow() {
    ArbitrationCharts charts;
    feed(charts, frame(0, {0}, {}, flit::ArbiterKind::RoundRobin));
    feed(charts, frame(100, {64}, {}, flit::ArbiterKind::RoundRobin));
    QCOMPARE(charts.sourceRates(), (QList<qreal>{0.64}));
    // Switched to age at cycle 100: the window starts there.
    feed(charts, frame(110, {70}, {}, flit::ArbiterKind::Age));
    QCOMPARE(charts.spanCycles(), 0.0);
    feed(charts, frame(210, {80}, {}, flit::ArbiterKind::Age));
    QCOMPARE(charts.spanCycles(), 100.0);
    QCOMPARE(charts.sourceRates(), (QList<qreal>{0.1}));
    // A reset (new generation): counters start from 0 again.
    feed(charts, frame(0, {0}, {}, flit::ArbiterKind::Age, 1));
    QCOMPARE(charts.spanCycles(), 0.0);
    feed(charts, frame(50, {10}, {}, flit::ArbiterKind::Age, 1));
    QCOMPARE(charts.sourceRates(), (QList<qreal>{0.2}));
  }

  // At full speed a short run can pass the switch before any frame is
  // taken: the frame says where the switch was, and the window starts
  // there (the lesson "Merging traffic" checks the spread right after).
  void aSwitchPassedBeforeAnyFrameStillStartsTheWindow() {
    ArbitrationCharts charts;
    feed(charts, frame(0, {0, 0}, {}, flit::ArbiterKind::Age));
    auto after = std::make_shared<FrameSnapshot>(*frame(3000, {3000, 300}, {}, flit::ArbiterKind::RoundRobin));
    after->arbiterSwitch = std::make_shared<const flit::ArbiterSwitch>(
        flit::ArbiterSwitch{1000, {1000, 100}, {}});
    feed(charts, after);
    QCOMPARE(charts.spanCycles(), 2000.0);
    QCOMPARE(charts.sourceRates(), (QList<qreal>{1.0, 0.1}));
    QCOMPARE(charts.sourceSpread(), 10.0);
  }

  void bigMachinesGetOneBarPerRunOfNodes() {
    ArbitrationCharts charts;
    charts.setMaxSourceBars(64);
    std::vector<std::uint64_t> later(130, 0);
    for (std::size_t n = 0; n < later.size(); ++n) later[n] = n < 3 ? 30 * (n + 1) : 0;  // 30, 60, 90
    feed(charts, frame(0, std::vector<std::uint64_t>(130, 0)));
    feed(charts, frame(10, later));
    QCOMPARE(charts.nodesPerBar(), 3);
    QCOMPARE(charts.sourceRates().size(), 44);  // 43 bars of 3 nodes, one of 1
    QCOMPARE(charts.sourceRates().front(), 6.0);  // (3 + 6 + 9) / 3 flits per cycle
    QCOMPARE(charts.sourceLabels().front(), QStringLiteral("0-2"));
    QCOMPARE(charts.sourceLabels().back(), QStringLiteral("129"));  // a run of one node
    QCOMPARE(charts.sourceNodes(), 130);  // the chart's "nodes 0-129" line
  }

  void ageGroupsAreSharesOfTheHeadsSent() {
    ArbitrationCharts charts;
    QBarSet bars(QStringLiteral("heads"));
    charts.attachBarSet(ArbitrationCharts::AgeBars, &bars);
    feed(charts, frame(0, {0}, {10, 10, 0, 0}));
    feed(charts, frame(100, {0}, {70, 30, 20, 10}));  // 60, 20, 20, 10 in the window
    QCOMPARE(charts.ageHeads(), 110.0);
    QCOMPARE(values(bars).size(), 4);
    QVERIFY(qFuzzyCompare(bars.at(0), 100.0 * 60 / 110));
    QVERIFY(qFuzzyCompare(bars.at(3), 100.0 * 10 / 110));
  }

  void notABarSetIsAnError() {
    ArbitrationCharts charts;
    QObject notBars;
    charts.attachBarSet(ArbitrationCharts::SourceBars, &notBars);
    QVERIFY(!charts.lastError().isEmpty());
    QCOMPARE(charts.attachedBarSetCount(), 0);
  }

  void updatesAreRateLimited() {
    ArbitrationCharts charts;
    charts.setUpdateIntervalMs(40);
    QSignalSpy spy(&charts, &ArbitrationCharts::barsChanged);
    for (std::uint64_t c = 1; c <= 20; ++c) charts.consume(frame(c * 10, {c}));
    QCOMPARE(spy.count(), 0);  // nothing until the timer fires
    QTRY_COMPARE(spy.count(), 1);
  }

  // XT paper Figure 4 on the real engine (resources/presets/xt-merging-8.json):
  // P0..P6 send to P7 on an 8-node line.
  void mergingLineRoundRobinVersusAge() {
    const flit::SimConfig config = flit::simConfigFromScenario(
        flit::loadScenarioFile(FLITSCOPE_PRESETS_DIR "/xt-merging-8.json"));
    SimulatorSource source(config);
    ArbitrationCharts charts;
    charts.setWindowCycles(1000000);
    auto run = [&](flit::ArbiterKind arbiter) {
      source.apply(flitgui::changes::arbiter(arbiter));
      for (int i = 0; i < 3000; ++i)  // past the switch's transient
        if (!source.step()) return QList<qreal>{};
      auto start = std::make_shared<FrameSnapshot>();
      source.fillSnapshot(*start);
      start->cycle = source.cycle();
      feed(charts, start);
      for (int i = 0; i < 30000; ++i)
        if (!source.step()) return QList<qreal>{};
      auto end = std::make_shared<FrameSnapshot>();
      source.fillSnapshot(*end);
      end->cycle = source.cycle();
      feed(charts, end);
      // From the switch (the frame says where it was) or from the first frame.
      return charts.spanCycles() >= 30000.0 ? charts.sourceRates() : QList<qreal>{};
    };
    const QList<qreal> roundRobin = run(flit::ArbiterKind::RoundRobin);
    QCOMPARE(roundRobin.size(), 8);
    QVERIFY2(roundRobin[6] > 0.4, qPrintable(QString::number(roundRobin[6])));  // 1/2 of P7's link
    QVERIFY2(roundRobin[0] < 0.03, qPrintable(QString::number(roundRobin[0])));  // 1/64
    QVERIFY(roundRobin[6] > 10 * roundRobin[0]);
    QCOMPARE(roundRobin[7], 0.0);  // P7 only receives
    const QList<qreal> age = run(flit::ArbiterKind::Age);
    QCOMPARE(age.size(), 8);
    // About 1/7 each (flitscope-cli on this preset: P0 0.20, P1..P6 0.13-0.14).
    for (int p = 0; p < 7; ++p)
      QVERIFY2(age[p] > 0.1 && age[p] < 0.25, qPrintable(QStringLiteral("P%1: %2").arg(p).arg(age[p])));
    QVERIFY(*std::max_element(age.begin(), age.begin() + 7) < 2 * *std::min_element(age.begin(), age.begin() + 7));
  }
};

FLITSCOPE_TEST_MAIN(argc, argv) {
  QApplication app(argc, argv);
  TestArbitrationCharts test;
  return QTest::qExec(&test, argc, argv);
}

#include "tst_arbitration_charts.moc"
