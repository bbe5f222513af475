// Latency statistics: mean, max, standard deviation, percentiles from the
// histogram (exact below 4096 cycles, 64-cycle buckets above).
#include "test_main.h"
#include "util/latency_stats.h"

#include <QtTest>

using namespace flit;

class TstStats : public QObject {
  Q_OBJECT
 private slots:
  void empty();
  void moments();
  void percentiles();
  void coarseBuckets();
};

void TstStats::empty() {
  LatencyStats s;
  QCOMPARE(s.count(), 0u);
  QCOMPARE(s.mean(), 0.0);
  QCOMPARE(s.stddev(), 0.0);
  QCOMPARE(s.percentile(0.5), std::int64_t{0});
}

void TstStats::moments() {
  LatencyStats s;
  for (int v : {2, 4, 4, 4, 5, 5, 7, 9}) s.add(v);
  QCOMPARE(s.count(), 8u);
  QCOMPARE(s.mean(), 5.0);
  QCOMPARE(s.max(), std::int64_t{9});
  QVERIFY(qAbs(s.stddev() - std::sqrt(32.0 / 7.0)) < 1e-12);  // sample standard deviation
}

void TstStats::percentiles() {
  LatencyStats s;
  for (int v = 1; v <= 100; ++v) s.add(v);
  QCOMPARE(s.percentile(0.5), std::int64_t{50});
  QCOMPARE(s.percentile(0.99), std::int64_t{99});
  QCOMPARE(s.percentile(1.0), std::int64_t{100});
  QCOMPARE(s.histogram()[37], 1u);
}

void TstStats::coarseBuckets() {
  LatencyStats s;
  s.add(10);
  s.add(5000);
  QCOMPARE(s.max(), std::int64_t{5000});
  QCOMPARE(s.percentile(1.0), LatencyStats::bucketStart(LatencyStats::kExactCycles + (5000 - 4096) / 64));
  QVERIFY(s.percentile(1.0) <= 5000 && s.percentile(1.0) > 5000 - 64);
}

FLITSCOPE_TEST_APPLESS_MAIN(TstStats)
#include "tst_stats.moc"
