// ChartFeeder (issue 5, "Live charts"): points reach the series, at most
// maxPointsPerSeries each with peaks kept, updates are rate-limited, a reset
// clears the charts, and the CSV export holds the full-resolution data.
// Issue 16: running points merge into intervals of at least 100 cycles and
// 200 ms, and interventions become markers on the charts over cycles.
// Qt Charts needs a QApplication: own main() (DESIGN.md, Qt 6.4 facts).
#include "test_main.h"
#include "chart_feeder.h"

#include <QApplication>
#include <QFile>
#include <QLineSeries>
#include <QScatterSeries>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace flitgui;

namespace {
StatsPoint point(std::uint64_t index, double latency = 10.0) {
  StatsPoint p;
  p.index = index;
  p.cycleBegin = (index - 1) * 10;
  p.cycleEnd = index * 10;
  p.deliveredPackets = 4;
  p.latencyMeanCycles = latency;
  p.latencyMaxCycles = latency * 2;
  p.offeredFlitsPerNodeCycle = 0.2;
  p.acceptedFlitsPerNodeCycle = 0.15;
  for (int vc = 0; vc < kVcClassCount; ++vc) p.vcOccupancy[static_cast<std::size_t>(vc)] = 0.1 * vc;
  return p;
}

// One chart interval per point, as before issue 16's merging (these tests
// are about series, decimation and export).
void unmerged(ChartFeeder& feeder) {
  feeder.setMinIntervalCycles(0);
  feeder.setMinIntervalMs(0);
}

FrameSnapshot frameWithPoints(std::uint64_t first, std::uint64_t last, std::uint64_t resetGeneration = 0) {
  FrameSnapshot f;
  f.resetGeneration = resetGeneration;
  for (std::uint64_t i = first; i <= last; ++i) f.stats.push_back(point(i));
  return f;
}
}  // namespace

class TestChartFeeder : public QObject {
  Q_OBJECT

 private slots:
  void pointsReachTheSeries() {
    ChartFeeder feeder;
    unmerged(feeder);
    QLineSeries mean, accepted, vcAdaptive;
    feeder.attachSeries(ChartFeeder::LatencyMeanSeries, &mean);
    feeder.attachSeries(ChartFeeder::AcceptedSeries, &accepted);
    feeder.attachSeries(ChartFeeder::VcAdaptiveSeries, &vcAdaptive);
    feeder.consume(frameWithPoints(1, 5));
    feeder.consume(frameWithPoints(3, 8));  // 3..5 were already seen: not appended twice
    feeder.flush();
    QCOMPARE(feeder.pointCount(), 8);
    QCOMPARE(mean.count(), 8);
    QCOMPARE(mean.at(0), QPointF(10, 10.0));
    QCOMPARE(mean.at(7), QPointF(80, 10.0));
    QCOMPARE(accepted.at(3).y(), 0.15);
    QCOMPARE(vcAdaptive.at(0).y(), 0.4);
    QCOMPARE(feeder.cycleMin(), 0.0);
    QCOMPARE(feeder.cycleMax(), 80.0);
    // Max latency 20, 10% headroom (22), up to a multiple of four: the five
    // "%.0f" ticks read 0 6 12 18 24, each exact.
    QCOMPARE(feeder.latencyAxisMax(), 24.0);
  }

  void timerUpdatesAtMostEightTimesASecond() {
    ChartFeeder feeder;
    unmerged(feeder);
    QCOMPARE(feeder.updateIntervalMs(), 125);
    QLineSeries mean;
    feeder.attachSeries(ChartFeeder::LatencyMeanSeries, &mean);
    QSignalSpy flushed(&feeder, &ChartFeeder::flushed);
    for (std::uint64_t i = 1; i <= 50; ++i) feeder.consume(frameWithPoints(i, i));  // 50 frames at once
    QCOMPARE(mean.count(), 0);  // not pushed per frame
    QTRY_COMPARE_WITH_TIMEOUT(mean.count(), 50, 2000);
    QCOMPARE(flushed.count(), 1);  // one replace() for all 50 frames
  }

  void decimatesAndKeepsPeaks() {
    ChartFeeder feeder;
    unmerged(feeder);
    QLineSeries mean, max;
    feeder.attachSeries(ChartFeeder::LatencyMeanSeries, &mean);
    feeder.attachSeries(ChartFeeder::LatencyMaxSeries, &max);
    FrameSnapshot f;
    for (std::uint64_t i = 1; i <= 50000; ++i) f.stats.push_back(point(i, i == 31337 ? 900.0 : 5.0 + (i % 3)));
    f.stats[12344].latencyMeanCycles = 0.5;  // a dip, index 12345
    feeder.consume(f);
    feeder.flush();
    QCOMPARE(feeder.pointCount(), 50000);
    QVERIFY(mean.count() <= 2000);
    QVERIFY(mean.count() >= 1900);
    double top = 0, bottom = 1e9;
    for (const QPointF& p : mean.points()) {
      top = std::max(top, p.y());
      bottom = std::min(bottom, p.y());
    }
    QCOMPARE(top, 900.0);
    QCOMPARE(bottom, 0.5);
    QCOMPARE(mean.at(0).x(), 10.0);
    QCOMPARE(mean.at(mean.count() - 1).x(), 500000.0);
    for (int i = 1; i < mean.count(); ++i) QVERIFY(mean.at(i).x() > mean.at(i - 1).x());
    feeder.setMaxPointsPerSeries(500);
    feeder.flush();
    QVERIFY(max.count() <= 500);
  }

  void decimateSmallInputIsUnchanged() {
    const QList<QPointF> in{{0, 1}, {1, 3}, {2, 2}};
    QCOMPARE(ChartFeeder::decimate(in, 2000), in);
    QCOMPARE(ChartFeeder::decimate({}, 10).size(), 0);
    QList<QPointF> ramp;
    for (int i = 0; i < 1000; ++i) ramp.append(QPointF(i, i));
    const QList<QPointF> out = ChartFeeder::decimate(ramp, 10);
    QVERIFY(out.size() <= 10);
    QCOMPARE(out.first(), QPointF(0, 0));
    QCOMPARE(out.last(), QPointF(999, 999));
  }

  void histogramIsAStepOutline() {
    ChartFeeder feeder;
    unmerged(feeder);
    QLineSeries hist;
    feeder.attachSeries(ChartFeeder::HistogramSeries, &hist);
    FrameSnapshot f;
    f.latencyHistogram.binWidthCycles = 5;
    f.latencyHistogram.counts = {2, 7, 1};
    feeder.consume(f);
    feeder.flush();
    const QList<QPointF> expected{{0, 2}, {5, 2}, {5, 7}, {10, 7}, {10, 1}, {15, 1}};
    QCOMPARE(hist.points(), expected);
    QCOMPARE(feeder.histogramLatencyMax(), 15.0);
    QCOMPARE(feeder.histogramCountMax(), 8.0);  // 7 with headroom, a multiple of four
    QCOMPARE(feeder.csv(ChartFeeder::HistogramChart),
             QStringLiteral("latency_from_cycles,latency_to_cycles,packets\n0,5,2\n5,10,7\n10,,1\n"));
    // A few packets: 0..4, ticks 0 1 2 3 4 (0..3.3 read "0 1 2 2 3").
    f.latencyHistogram.counts = {2, 3, 1};
    feeder.consume(f);
    feeder.flush();
    QCOMPARE(feeder.histogramCountMax(), 4.0);
  }

  void resetGenerationClearsTheCharts() {
    ChartFeeder feeder;
    unmerged(feeder);
    QLineSeries mean;
    feeder.attachSeries(ChartFeeder::LatencyMeanSeries, &mean);
    feeder.consume(frameWithPoints(1, 10));
    feeder.flush();
    QCOMPARE(mean.count(), 10);
    feeder.consume(frameWithPoints(11, 12, 1));  // the worker was reset: its indices go on
    feeder.flush();
    QCOMPARE(mean.count(), 2);
    QCOMPARE(feeder.pointCount(), 2);
  }

  // A fat-tree's circuit chart stays shown across a rewind or reset (the
  // same network) before the first point after it arrives; a new
  // simulation (clear()) hides it until its points say.
  void circuitChartOutlivesARewind() {
    ChartFeeder feeder;
    FrameSnapshot f = frameWithPoints(1, 3);
    for (StatsPoint& p : f.stats) p.circuits = true;
    feeder.consume(f);
    QVERIFY(feeder.circuits());
    FrameSnapshot rewound;
    rewound.resetGeneration = 1;  // no point yet: the run is paused
    feeder.consume(rewound);
    QVERIFY(feeder.circuits());
    feeder.clear();
    QVERIFY(!feeder.circuits());
  }

  void csvHoldsEveryInterval() {
    ChartFeeder feeder;
    unmerged(feeder);
    feeder.consume(frameWithPoints(1, 3));
    QCOMPARE(feeder.csv(ChartFeeder::LatencyChart),
             QStringLiteral("cycle_begin,cycle_end,delivered_packets,latency_mean_cycles,latency_max_cycles\n"
                            "0,10,4,10,20\n10,20,4,10,20\n20,30,4,10,20\n"));
    QCOMPARE(feeder.csv(ChartFeeder::ThroughputChart),
             QStringLiteral("cycle_begin,cycle_end,offered_flits_per_node_cycle,accepted_flits_per_node_cycle\n"
                            "0,10,0.2,0.15\n10,20,0.2,0.15\n20,30,0.2,0.15\n"));
    const QStringList vcLines = feeder.csv(ChartFeeder::VcOccupancyChart).split('\n', Qt::SkipEmptyParts);
    QCOMPARE(vcLines.size(), 4);
    QCOMPARE(vcLines[0], QStringLiteral("cycle_begin,cycle_end,request_vc0,request_vc1,response_vc0,response_vc1,adaptive"));
    QCOMPARE(vcLines[1], QStringLiteral("0,10,0,0.1,0.2,0.3,0.4"));

    QTemporaryDir dir;
    const QString path = dir.filePath("latency.csv");
    QVERIFY(feeder.exportCsv(ChartFeeder::LatencyChart, QUrl::fromLocalFile(path)));
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(QString::fromUtf8(file.readAll()), feeder.csv(ChartFeeder::LatencyChart));
    QVERIFY(feeder.lastError().isEmpty());
    QVERIFY(!feeder.exportCsv(ChartFeeder::LatencyChart, QUrl::fromLocalFile(dir.filePath("no/such/dir/x.csv"))));
    QVERIFY(feeder.lastError().contains("x.csv"));
  }

  void attachRejectsNonXySeries() {
    ChartFeeder feeder;
    unmerged(feeder);
    QObject notASeries;
    QSignalSpy errors(&feeder, &ChartFeeder::lastErrorChanged);
    feeder.attachSeries(ChartFeeder::OfferedSeries, &notASeries);
    QCOMPARE(errors.count(), 1);
    QVERIFY(!feeder.lastError().isEmpty());
  }

  // Issue 16: while running, points merge until an interval spans at least
  // minIntervalCycles (and minIntervalMs); a pause closes the open one.
  void runningPointsMergeIntoLongerIntervals() {
    ChartFeeder feeder;
    feeder.setMinIntervalMs(0);
    QCOMPARE(feeder.minIntervalCycles(), 100);
    FrameSnapshot f = frameWithPoints(1, 25);  // 25 points of 10 cycles
    f.stats[3].deliveredPackets = 12;          // weighted: (9 * 4 * 10 + 12 * 50) / 48
    f.stats[3].latencyMeanCycles = 50;
    f.stats[4].latencyMaxCycles = 99;
    f.running = true;
    feeder.consume(f);
    QCOMPARE(feeder.pointCount(), 2);  // [0, 100) and [100, 200); [200, 250) still open
    const StatsPoint& first = feeder.history().front();
    QCOMPARE(first.cycleBegin, 0u);
    QCOMPARE(first.cycleEnd, 100u);
    QCOMPARE(first.deliveredPackets, 48u);
    QCOMPARE(first.latencyMeanCycles, (9 * 4 * 10.0 + 12 * 50.0) / 48.0);
    QCOMPARE(first.latencyMaxCycles, 99.0);
    QCOMPARE(first.acceptedFlitsPerNodeCycle, 0.15);
    FrameSnapshot paused;
    paused.running = false;
    feeder.consume(paused);
    QCOMPARE(feeder.pointCount(), 3);
    QCOMPARE(feeder.history().back().cycleBegin, 200u);
    QCOMPARE(feeder.history().back().cycleEnd, 250u);
  }

  void wallTimeLimitHoldsShortBursts() {
    ChartFeeder feeder;
    feeder.setMinIntervalMs(60000);  // a minute: nothing closes by cycles alone
    FrameSnapshot f = frameWithPoints(1, 50);
    f.running = true;
    feeder.consume(f);
    QCOMPARE(feeder.pointCount(), 0);
    // The run stops (flitscope --run-cycles N at full speed: all of it in
    // less wall time than one interval): its 500 cycles still draw, in
    // intervals of at least 100 cycles.
    FrameSnapshot paused;
    paused.running = false;
    feeder.consume(paused);
    QCOMPARE(feeder.pointCount(), 5);
    QCOMPARE(feeder.history().front().cycleBegin, 0u);
    QCOMPARE(feeder.history().front().cycleEnd, 100u);
    QCOMPARE(feeder.history().back().cycleEnd, 500u);
    // A rest shorter than an interval joins the one before it.
    FrameSnapshot more = frameWithPoints(1, 15);  // 15 more points, moved to cycles 500..650
    more.resetGeneration = paused.resetGeneration;
    for (StatsPoint& p : more.stats) {
      p.index += 100;
      p.cycleBegin += 500;
      p.cycleEnd += 500;
    }
    more.running = false;
    feeder.consume(more);
    QCOMPARE(feeder.pointCount(), 6);
    QCOMPARE(feeder.history().back().cycleBegin, 500u);
    QCOMPARE(feeder.history().back().cycleEnd, 650u);
  }

  // Interventions reach every chart over cycles as a vertical marker up to its axis top.
  void interventionsBecomeMarkers() {
    ChartFeeder feeder;
    QLineSeries latency, throughput, occupancy;
    feeder.attachSeries(ChartFeeder::LatencyMarkerSeries, &latency);
    feeder.attachSeries(ChartFeeder::ThroughputMarkerSeries, &throughput);
    feeder.attachSeries(ChartFeeder::OccupancyMarkerSeries, &occupancy);
    FrameSnapshot f = frameWithPoints(1, 8);
    f.stats[2].interventionCycles = {25};
    f.stats[6].interventionCycles = {61, 65};
    feeder.consume(f);
    feeder.flush();
    QCOMPARE(feeder.interventionCount(), 3);
    QCOMPARE(latency.count(), 9);
    QCOMPARE(latency.at(0), QPointF(25, 0));
    QCOMPARE(latency.at(1), QPointF(25, feeder.latencyAxisMax()));
    QCOMPARE(throughput.at(4), QPointF(61, feeder.throughputAxisMax()));
    QCOMPARE(occupancy.at(7), QPointF(65, feeder.occupancyAxisMax()));
    feeder.consume(frameWithPoints(1, 2, 1));  // a reset forgets them
    feeder.flush();
    QCOMPARE(feeder.interventionCount(), 0);
    QCOMPARE(latency.count(), 0);
  }

  // CSV numbers in fixed notation: no exponent for tiny rates or long runs.
  void csvHasNoExponents() {
    ChartFeeder feeder;
    unmerged(feeder);
    FrameSnapshot f = frameWithPoints(1, 1);
    f.stats[0].offeredFlitsPerNodeCycle = 0.00001;
    f.stats[0].cycleBegin = 12345678900;
    f.stats[0].cycleEnd = 12345678910;
    feeder.consume(f);
    const QString csv = feeder.csv(ChartFeeder::ThroughputChart);
    QVERIFY2(!csv.section(QLatin1Char('\n'), 1).contains(QLatin1Char('e')), qPrintable(csv));  // the rows, not the header
    QVERIFY2(csv.contains(QStringLiteral("12345678900,12345678910,0.00001,0.15")), qPrintable(csv));
  }

  // Issue 17: with barrier networks the barrier VC is a series of the VC
  // occupancy chart (the share of link cycles its packets took, merged by
  // cycles) and each completed barrier a point (completion cycle, latency)
  // of the barrier latency chart, both with their CSV; without them neither
  // shows (barrierNetworks false, no CSV column).
  void barrierSeries() {
    ChartFeeder feeder;
    feeder.setMinIntervalMs(0);
    feeder.setMinIntervalCycles(20);
    QLineSeries share, marks;
    QScatterSeries latency;
    feeder.attachSeries(ChartFeeder::VcBarrierSeries, &share);
    feeder.attachSeries(ChartFeeder::BarrierLatencySeries, &latency);
    feeder.attachSeries(ChartFeeder::BarrierMarkerSeries, &marks);
    FrameSnapshot f = frameWithPoints(1, 4);  // cycles [0, 40): two chart intervals of 20
    f.running = true;
    for (StatsPoint& p : f.stats) p.barrierNetworks = true;
    f.stats[0].barrierLinkShare = 0.01;
    f.stats[1].barrierLinkShare = 0.03;
    f.stats[1].barriers = {{12, 0, 86}, {18, 0, 90}};
    f.stats[2].barriers = {{25, 3, 120}};
    f.stats[3].interventionCycles = {33};
    feeder.consume(f);
    feeder.flush();
    QVERIFY(feeder.barrierNetworks());
    QCOMPARE(feeder.pointCount(), 2);
    QCOMPARE(feeder.barrierCount(), 3);
    QCOMPARE(share.count(), 2);
    QCOMPARE(share.at(0), QPointF(20, 0.02));  // (0.01 * 10 + 0.03 * 10) / 20
    QCOMPARE(share.at(1), QPointF(40, 0.0));
    QCOMPARE(latency.count(), 3);
    QCOMPARE(latency.at(0), QPointF(12, 86));
    QCOMPARE(latency.at(1), QPointF(18, 90));
    QCOMPARE(latency.at(2), QPointF(25, 120));
    QVERIFY(feeder.barrierLatencyAxisMax() >= 120.0);
    QCOMPARE(marks.count(), 3);  // the intervention at cycle 33, up to the latency axis' top
    QCOMPARE(marks.at(1), QPointF(33, feeder.barrierLatencyAxisMax()));
    QCOMPARE(feeder.csv(ChartFeeder::BarrierLatencyChart),
             QStringLiteral("completion_cycle,bsu,latency_cycles\n12,0,86\n18,0,90\n25,3,120\n"));
    const QStringList vcLines = feeder.csv(ChartFeeder::VcOccupancyChart).split('\n', Qt::SkipEmptyParts);
    QCOMPARE(vcLines[0], QStringLiteral("cycle_begin,cycle_end,request_vc0,request_vc1,response_vc0,response_vc1,adaptive,barrier_link_share"));
    QCOMPARE(vcLines[1], QStringLiteral("0,20,0,0.1,0.2,0.3,0.4,0.02"));

    // A reset (another simulation, without trees) clears them.
    FrameSnapshot plain = frameWithPoints(1, 2, 1);
    feeder.consume(plain);
    feeder.flush();
    QVERIFY(!feeder.barrierNetworks());
    QCOMPARE(feeder.barrierCount(), 0);
    QCOMPARE(latency.count(), 0);
    QVERIFY(!feeder.csv(ChartFeeder::VcOccupancyChart).contains(QStringLiteral("barrier")));
  }

  void seriesDestroyedBeforeFeederIsForgotten() {
    ChartFeeder feeder;
    unmerged(feeder);
    {
      QLineSeries mean;
      feeder.attachSeries(ChartFeeder::LatencyMeanSeries, &mean);
    }
    feeder.consume(frameWithPoints(1, 3));
    feeder.flush();  // must not touch the dead series
    QCOMPARE(feeder.pointCount(), 3);
  }
};

FLITSCOPE_TEST_MAIN(argc, argv) {
  QApplication app(argc, argv);
  TestChartFeeder test;
  return QTest::qExec(&test, argc, argv);
}

#include "tst_chart_feeder.moc"
