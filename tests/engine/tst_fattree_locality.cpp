// The locality of DeHon's section 6.2 (seed 004), Tables 4-7, as the
// circuit simulator's `pattern: locality` draws it (fattree/locality.h).
//
// Table 4 is the legend: P_any(n), "probability that a connection is routed
// through tree level n", and P_part(n), "probability that a connection is
// routed to a particular processor through tree level n". So P_part(n) =
// P_any(n) / (endpoints whose common ancestor with the source is at level
// n), and every printed P_part follows from its printed P_any and the
// tree's shape: the test checks that the level sizes Flitscope draws from
// (DestinationPicker::endpointsAtLevel) give the paper's P_part, that each
// destination drawn for level n has its common ancestor at level n, and
// that the levels are drawn with the paper's P_any. Table 5 is the full
// fat-trees (64, 4096, 262144 endpoints), Table 6 the hybrids with one unit
// tree stage, Table 7 with two (its three P_part columns: B12, B48, B192).
//
// Where the printed P_any cannot be used as they stand, the draw follows
// the documented choice (locality.cpp, docs/fat-tree.md "Locality"): the
// 262144 column sums to 0.949 and is scaled to 1 (the ratios between levels
// kept); Table 7's 0.75 + 6 x 0.0695 = 1.167 keeps the cluster's 0.75 and
// splits the rest equally over the six tree levels (the printed values are
// equal). Those rows compare the drawn levels with the printed ratios.
#include "test_main.h"

#include <QtTest>

#include <cmath>
#include <numeric>
#include <vector>

#include "fattree/fat_tree_routing.h"
#include "fattree/locality.h"

using namespace flit::fattree;

Q_DECLARE_METATYPE(flit::fattree::FatTreeSpec)

namespace {

constexpr int kDraws = 200000;
// The tables print three significant digits: a P_part computed from a
// rounded P_any is within 0.5% of the printed one.
constexpr double kPrintedDigits = 0.005;

FatTreeSpec full(std::uint32_t leafUnitTrees, std::uint32_t stages) {
  return FatTreeSpec{BlockKind::UT64x2, leafUnitTrees, stages, 1};
}
FatTreeSpec hybrid(BlockKind cluster, std::uint32_t clusters, std::uint32_t stages) {
  return FatTreeSpec{cluster, clusters, stages, 1};
}

}  // namespace

class TstFatTreeLocality : public QObject {
  Q_OBJECT
 private slots:
  void tables4To7_data();
  void tables4To7();
};

void TstFatTreeLocality::tables4To7_data() {
  QTest::addColumn<FatTreeSpec>("spec");
  // Printed rows from level `firstLevel` on (0: the bidelta cluster).
  QTest::addColumn<int>("firstLevel");
  QTest::addColumn<QList<double>>("pAny");
  QTest::addColumn<QList<double>>("pPart");
  QTest::newRow("Table 5, 64 processors")
      << full(1, 0) << 1 << QList<double>{0.333, 0.333, 0.333} << QList<double>{0.111, 2.78e-2, 6.94e-3};
  QTest::newRow("Table 5, 4096 processors")
      << full(64, 1) << 1 << QList<double>{0.278, 0.278, 0.278, 5.53e-2, 5.53e-2, 5.53e-2}
      << QList<double>{9.27e-2, 2.32e-2, 5.79e-3, 2.88e-4, 7.20e-5, 1.80e-5};
  QTest::newRow("Table 5, 262144 processors (levels 1-7 printed)")
      << full(4096, 2) << 1 << QList<double>{0.274, 0.274, 0.274, 3.17e-2, 3.17e-2, 3.17e-2, 1.06e-2}
      << QList<double>{9.13e-2, 2.28e-2, 5.71e-3, 1.65e-4, 4.13e-5, 1.03e-5, 8.62e-7};
  const QList<double> table6Any{0.75, 8.33e-2, 8.33e-2, 8.33e-2};
  QTest::newRow("Table 6, B12") << hybrid(BlockKind::B12, 64, 1) << 0 << table6Any
                                << QList<double>{6.82e-2, 2.31e-3, 5.78e-4, 1.45e-4};
  QTest::newRow("Table 6, B48") << hybrid(BlockKind::B48, 64, 1) << 0 << table6Any
                                << QList<double>{1.60e-2, 5.78e-4, 1.45e-4, 3.62e-5};
  // Its third column is headed B12 but holds B192's values (0.75 / 191).
  QTest::newRow("Table 6, B192") << hybrid(BlockKind::B192, 64, 1) << 0 << table6Any
                                 << QList<double>{3.93e-3, 1.45e-4, 3.62e-5, 9.04e-6};
  const QList<double> table7Any{0.75, 6.95e-2, 6.95e-2, 6.95e-2, 6.95e-2, 6.95e-2, 6.95e-2};
  QTest::newRow("Table 7, B12") << hybrid(BlockKind::B12, 4096, 2) << 0 << table7Any
                                << QList<double>{6.82e-2, 1.93e-3, 4.83e-4, 1.21e-4, 3.02e-5, 7.54e-6, 1.89e-6};
  QTest::newRow("Table 7, B48") << hybrid(BlockKind::B48, 4096, 2) << 0 << table7Any
                                << QList<double>{1.60e-2, 4.83e-4, 1.21e-4, 3.02e-5, 7.54e-6, 1.89e-6, 4.71e-7};
  QTest::newRow("Table 7, B192") << hybrid(BlockKind::B192, 4096, 2) << 0 << table7Any
                                 << QList<double>{3.93e-3, 1.21e-4, 3.02e-5, 7.54e-6, 1.89e-6, 4.71e-7, 1.18e-7};
}

void TstFatTreeLocality::tables4To7() {
  QFETCH(FatTreeSpec, spec);
  QFETCH(int, firstLevel);
  QFETCH(QList<double>, pAny);
  QFETCH(QList<double>, pPart);
  const std::uint32_t endpoints = spec.leafCount * blockSubtrees(spec.leaf);
  const DestinationPicker picker(spec, endpoints, FatTreePattern::Locality);
  // Table 4's definitions: P_part(n) = P_any(n) / endpoints at level n.
  for (int i = 0; i < pAny.size(); ++i) {
    const int n = firstLevel + i;
    const double part = pAny[i] / static_cast<double>(picker.endpointsAtLevel(n));
    QVERIFY2(std::abs(part - pPart[i]) <= kPrintedDigits * pPart[i],
             qPrintable(QStringLiteral("level %1: P_any / endpoints = %2, printed P_part %3").arg(n).arg(part).arg(pPart[i])));
  }
  // The drawn levels: each destination at the level drawn, levels with the
  // table's P_any (normalised as locality.cpp says).
  const auto table = paperLocality(spec);
  QVERIFY(table.has_value());
  const int levels = treeLevels(spec);
  QCOMPARE(static_cast<int>(table->pAny.size()), levels + 1);
  std::vector<int> drawn(static_cast<std::size_t>(levels + 1), 0);
  flit::Rng rng(7);
  for (int k = 0; k < kDraws; ++k) {
    const auto src = static_cast<std::uint32_t>(rng.below(endpoints));
    const std::uint32_t dst = picker.pick(src, rng);
    QVERIFY(dst != src && dst < endpoints);
    ++drawn[static_cast<std::size_t>(commonLevel(spec, src, dst))];
  }
  for (int n = 0; n <= levels; ++n) {
    const double want = table->pAny[static_cast<std::size_t>(n)];
    const double got = static_cast<double>(drawn[static_cast<std::size_t>(n)]) / kDraws;
    const double sigma = std::sqrt(want * (1 - want) / kDraws);
    QVERIFY2(std::abs(got - want) <= 5 * sigma + 1e-12,
             qPrintable(QStringLiteral("level %1 drawn %2, table %3").arg(n).arg(got).arg(want)));
  }
  // Against the printed P_any: the ratio of every printed level to the
  // first printed tree level (level 1), which every column keeps.
  const double firstTree = table->pAny[1];
  const double printedFirstTree = pAny[1 - firstLevel];
  for (int i = 0; i < pAny.size(); ++i) {
    const int n = firstLevel + i;
    if (n == 0) continue;
    const double ratio = table->pAny[static_cast<std::size_t>(n)] / firstTree;
    QVERIFY2(std::abs(ratio - pAny[i] / printedFirstTree) <= 2 * kPrintedDigits,
             qPrintable(QStringLiteral("level %1: P_any / P_any(1) = %2, printed %3").arg(n).arg(ratio).arg(pAny[i] / printedFirstTree)));
  }
  if (firstLevel == 0) QVERIFY(std::abs(table->pAny[0] - pAny[0]) <= kPrintedDigits * pAny[0]);  // the cluster's 0.75
}

FLITSCOPE_TEST_APPLESS_MAIN(TstFatTreeLocality)
#include "tst_fattree_locality.moc"
