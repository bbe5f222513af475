// ChartFeeder (issue 5, "Live charts"): points reach the series, at most
// maxPointsPerSeries each with peaks kept, updates are rate-limited, a reset
// clears the charts, and the CSV export holds the full-resolution data.
// Qt Charts needs a QApplication: own main() (DESIGN.md, Qt 6.4 facts).
#include "chart_feeder.h"
#include "tsan_qt_suppressions.h"

#include <QApplication>
#include <QFile>
#include <QLineSeries>
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
    QVERIFY(feeder.latencyAxisMax() >= 20.0);  // max latency 20, with headroom
  }

  void timerUpdatesAtMostEightTimesASecond() {
    ChartFeeder feeder;
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
    QVERIFY(feeder.histogramCountMax() >= 7.0);
    QCOMPARE(feeder.csv(ChartFeeder::HistogramChart),
             QStringLiteral("latency_from_cycles,latency_to_cycles,packets\n0,5,2\n5,10,7\n10,,1\n"));
  }

  void resetGenerationClearsTheCharts() {
    ChartFeeder feeder;
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

  void csvHoldsEveryInterval() {
    ChartFeeder feeder;
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
    QObject notASeries;
    QSignalSpy errors(&feeder, &ChartFeeder::lastErrorChanged);
    feeder.attachSeries(ChartFeeder::OfferedSeries, &notASeries);
    QCOMPARE(errors.count(), 1);
    QVERIFY(!feeder.lastError().isEmpty());
  }

  void seriesDestroyedBeforeFeederIsForgotten() {
    ChartFeeder feeder;
    {
      QLineSeries mean;
      feeder.attachSeries(ChartFeeder::LatencyMeanSeries, &mean);
    }
    feeder.consume(frameWithPoints(1, 3));
    feeder.flush();  // must not touch the dead series
    QCOMPARE(feeder.pointCount(), 3);
  }
};

int main(int argc, char** argv) {
  QApplication app(argc, argv);
  TestChartFeeder test;
  return QTest::qExec(&test, argc, argv);
}

#include "tst_chart_feeder.moc"
