// The age-arbitration parameter derivation of Abts & Weisser, "Age-Based
// Packet Arbitration in Large-Radix k-ary n-cubes" (SC 2007, the "XT
// paper"), sections 2 and 3 (engine/analysis/age_tuning.h).
//
// The worked example, XT paper section 3.2, an 11,12,16-ary 3-cube torus:
// H = 3+3+4 = 10 hops (eq. 4), biases 3,2,1 (section 3.1), T_bias = 3x3 +
// 3x2 + 4x1 = 19, target age 128 - 19 = 109, 109/10 ≈ 11 ticks per hop,
// 10 + 1 = 11 packets queued, 2 VCs x 9 flits = 18 cycles per packet,
// 11 x 18 = 198 cycles per hop, AGE_CLK_PERIOD = 198/11 = 18.
// The other rows apply the same equations to other shapes (derivations in
// the row comments).
#include "test_main.h"

#include <QtTest>
#include <cmath>

#include "analysis/age_tuning.h"

using namespace flit;

Q_DECLARE_METATYPE(flit::TopologySpec)

namespace {

const TopologySpec kXtTorus{3, {11, 12, 16}, {true, true, true}};
const TopologySpec kXtPreset{3, {11, 12, 16}, {false, true, true}};  // resources/presets
const TopologySpec kMesh888{3, {8, 8, 8}, {false, false, false}};
const TopologySpec kTorus444{3, {4, 4, 4}, {true, true, true}};
const TopologySpec kTorus1616{2, {16, 16, 1}, {true, true, false}};
const TopologySpec kTorus84{2, {8, 4, 1}, {true, true, false}};
const TopologySpec kRing16{1, {16, 1, 1}, {true, false, false}};
const TopologySpec kRing8{1, {8, 1, 1}, {true, false, false}};
const TopologySpec kLine8{1, {8, 1, 1}, {false, false, false}};

AgeTuningInputs inputsOf(int vcs, int flits, const QList<int>& biases) {
  AgeTuningInputs in;
  in.vcsPerClass = vcs;
  in.maxPacketFlits = flits;
  in.biases.assign(biases.begin(), biases.end());
  return in;
}

QList<int> hopsOf(const AgeTuning& t) {
  QList<int> h;
  for (const DimensionAgeTuning& d : t.dimensions) h << d.averageHops;
  return h;
}

QList<int> biasesOf(const AgeTuning& t) {
  QList<int> b;
  for (const DimensionAgeTuning& d : t.dimensions) b << d.bias;
  return b;
}

}  // namespace

class TstAgeTuning : public QObject {
  Q_OBJECT
 private slots:
  void derivation_data();
  void derivation();
  void ejectionProbabilities_data();
  void ejectionProbabilities();
  void ejectionRates_data();
  void ejectionRates();
  void channelLoad();
  void clampedPeriod();
  void badInputs_data();
  void badInputs();
};

void TstAgeTuning::derivation_data() {
  QTest::addColumn<TopologySpec>("spec");
  QTest::addColumn<int>("vcs");
  QTest::addColumn<int>("flits");
  QTest::addColumn<QList<int>>("biasOverride");  // empty: the default rule
  QTest::addColumn<QList<int>>("hops");          // H_i, rounded
  QTest::addColumn<QList<int>>("biases");
  QTest::addColumn<int>("tBias");
  QTest::addColumn<int>("targetAge");
  QTest::addColumn<int>("ticksPerHop");
  QTest::addColumn<int>("queuedPackets");
  QTest::addColumn<int>("queueingCycles");
  QTest::addColumn<int>("period");

  QTest::newRow("XT paper section 3.2: 11x12x16 torus -> 19, 109, 18")
      << kXtTorus << 2 << 9 << QList<int>{} << QList<int>{3, 3, 4} << QList<int>{3, 2, 1} << 19
      << 109 << 11 << 11 << 198 << 18;
  // The XT preset's packets (T3E Table 3 kinds, at most 4 flits): 11 x 8 = 88, 88/11 = 8.
  QTest::newRow("11x12x16 torus, 2 VCs x 4 flits")
      << kXtTorus << 2 << 4 << QList<int>{} << QList<int>{3, 3, 4} << QList<int>{3, 2, 1} << 19
      << 109 << 11 << 11 << 88 << 8;
  // Table 5's default bias 1 on all ports: T_bias 10, 118/10 -> 12, 198/12 = 16.5 -> 17.
  QTest::newRow("11x12x16 torus, bias 1,1,1")
      << kXtTorus << 2 << 9 << QList<int>{1, 1, 1} << QList<int>{3, 3, 4} << QList<int>{1, 1, 1}
      << 10 << 118 << 12 << 11 << 198 << 17;
  // Mesh in X (eq. 7: 12/3 = 4): 4+3+4 = 11, T_bias 12+6+4 = 22, 106/11 = 9.6 -> 10,
  // 12 x 18 = 216, 216/10 = 21.6 -> 22.
  QTest::newRow("11x12x16 mesh in X (the preset)")
      << kXtPreset << 2 << 9 << QList<int>{} << QList<int>{4, 3, 4} << QList<int>{3, 2, 1} << 22
      << 106 << 10 << 12 << 216 << 22;
  // Eq. 7: 9/3 = 3 per dimension; T_bias 18, 110/9 = 12.2 -> 12, 10 x 18 = 180, 15.
  QTest::newRow("8x8x8 mesh") << kMesh888 << 2 << 9 << QList<int>{} << QList<int>{3, 3, 3}
                              << QList<int>{3, 2, 1} << 18 << 110 << 12 << 10 << 180 << 15;
  // Eq. 5: 1 per dimension; T_bias 6, 122/3 = 40.7 -> 41, 4 x 18 = 72, 72/41 = 1.76 -> 2.
  QTest::newRow("4x4x4 torus") << kTorus444 << 2 << 9 << QList<int>{} << QList<int>{1, 1, 1}
                               << QList<int>{3, 2, 1} << 6 << 122 << 41 << 4 << 72 << 2;
  // Two dimensions: biases 2,1; T_bias 12, 116/8 = 14.5 -> 15 (halves up),
  // 9 x 18 = 162, 162/15 = 10.8 -> 11.
  QTest::newRow("16x16 torus") << kTorus1616 << 2 << 9 << QList<int>{} << QList<int>{4, 4}
                               << QList<int>{2, 1} << 12 << 116 << 15 << 9 << 162 << 11;
  // One dimension: bias 1; H 4, 124/4 = 31, 5 x 18 = 90, 90/31 = 2.9 -> 3.
  QTest::newRow("16-ary 1-cube ring") << kRing16 << 2 << 9 << QList<int>{} << QList<int>{4}
                                      << QList<int>{1} << 4 << 124 << 31 << 5 << 90 << 3;
  // Eq. 7: 9/3 = 3, 125/3 = 41.7 -> 42, 4 x 2 x 4 = 32, 32/42 = 0.76 -> 1.
  QTest::newRow("8-ary 1-cube mesh, 2 VCs x 4 flits")
      << kLine8 << 2 << 4 << QList<int>{} << QList<int>{3} << QList<int>{1} << 3 << 125 << 42 << 4
      << 32 << 1;
}

void TstAgeTuning::derivation() {
  QFETCH(TopologySpec, spec);
  QFETCH(int, vcs);
  QFETCH(int, flits);
  QFETCH(QList<int>, biasOverride);
  const AgeTuning t = deriveAgeTuning(spec, inputsOf(vcs, flits, biasOverride));
  const QByteArray all = QByteArray::fromStdString(describeAgeTuning(t));
  QFETCH(QList<int>, hops);
  QFETCH(QList<int>, biases);
  QVERIFY2(hopsOf(t) == hops, all.constData());
  QVERIFY2(biasesOf(t) == biases, all.constData());
  int total = 0;
  for (int h : hops) total += h;
  QCOMPARE(t.totalHops, total);
  QTEST(t.tBias, "tBias");
  QTEST(t.targetAge, "targetAge");
  QTEST(t.ticksPerHop, "ticksPerHop");
  QTEST(t.queuedPackets, "queuedPackets");
  QCOMPARE(t.cyclesPerPacket, vcs * flits);
  QTEST(t.queueingCyclesPerHop, "queueingCycles");
  QTEST(t.ageClockPeriod, "period");
  QVERIFY(!t.ageClockPeriodClamped);
}

void TstAgeTuning::ejectionProbabilities_data() {
  QTest::addColumn<TopologySpec>("spec");
  QTest::addColumn<QList<double>>("expected");  // P_x, P_y, P_z as eq. 10, 11, 12
  // Eq. 10: (10/11)(1/12)(1/16); eq. 11: (11/12)(1/16); eq. 12: 1 - P_x - P_y.
  const double px = (10.0 / 11) / 12 / 16, py = (11.0 / 12) / 16;
  QTest::newRow("XT paper eq. 10-12: 11x12x16 torus")
      << kXtTorus << QList<double>{px, py, 1 - px - py};
  QTest::newRow("eq. 10-12: 11x12x16 mesh in X (wrap does not matter)")
      << kXtPreset << QList<double>{px, py, 1 - px - py};
  QTest::newRow("eq. 10-12: 4x4x4 torus")
      << kTorus444 << QList<double>{0.75 / 16, 0.75 / 4, 1 - 0.75 / 16 - 0.75 / 4};
  QTest::newRow("eq. 11-12 in 2D: 8x4 torus")
      << kTorus84 << QList<double>{(7.0 / 8) / 4, 1 - (7.0 / 8) / 4};
  QTest::newRow("eq. 12 in 1D: 8-ring") << kRing8 << QList<double>{1.0};
}

void TstAgeTuning::ejectionProbabilities() {
  QFETCH(TopologySpec, spec);
  QFETCH(QList<double>, expected);
  const AgeTuning t = deriveAgeTuning(spec, {});
  QCOMPARE(t.dimensions.size(), std::size_t(expected.size()));
  double sum = 0;
  for (qsizetype i = 0; i < expected.size(); ++i) {
    const DimensionAgeTuning& d = t.dimensions[static_cast<std::size_t>(i)];
    QVERIFY2(std::abs(d.ejectionProbability - expected[i]) < 1e-15, describeAgeTuning(t).c_str());
    QCOMPARE(d.ejectionProbabilityPerPort, d.ejectionProbability / 2);  // eq. 13
    sum += d.ejectionProbability;
  }
  QVERIFY(std::abs(sum - 1.0) < 1e-15);  // every packet leaves by some dimension
}

void TstAgeTuning::ejectionRates_data() {
  QTest::addColumn<TopologySpec>("spec");
  QTest::addColumn<double>("ejectionGBs");
  QTest::addColumn<QList<double>>("rates");  // U_x, U_y, U_z
  // Eq. 14: min(4.8 x 8/16 = 2.4, 2) = 2; eq. 15, 16 then min(3.2, 2), min(3.49, 2).
  // (Section 4 measures 0.44 x 4.8 GB/s = 2.1 GB/s out of z, "as Equation 14 predicted".)
  QTest::newRow("XT paper eq. 14-16: 11x12x16 torus, E_p 2 GB/s")
      << kXtTorus << 2.0 << QList<double>{2.0, 2.0, 2.0};
  QTest::newRow("eq. 14-16: 11x12x16 torus, E_p 10 GB/s: z channels limit")
      << kXtTorus << 10.0 << QList<double>{2.4, 2.4, 2.4};
  // Section 3.1: a mesh uses 4/k: x gets 4.8 x 4/11 = 1.745 GB/s.
  QTest::newRow("eq. 14-16 with 4/k: 11x12x16 mesh in X, E_p 10 GB/s")
      << kXtPreset << 10.0 << QList<double>{4.8 * 4 / 11, 2.4, 2.4};
  QTest::newRow("eq. 14 in 1D: 8-ring, E_p 10 GB/s") << kRing8 << 10.0 << QList<double>{4.8};
}

void TstAgeTuning::ejectionRates() {
  QFETCH(TopologySpec, spec);
  QFETCH(double, ejectionGBs);
  QFETCH(QList<double>, rates);
  AgeTuningInputs in;
  in.ejectionBandwidthGBs = ejectionGBs;
  const AgeTuning t = deriveAgeTuning(spec, in);
  for (qsizetype i = 0; i < rates.size(); ++i) {
    const double u = t.dimensions[static_cast<std::size_t>(i)].ejectionRateGBs;
    QVERIFY2(std::abs(u - rates[i]) < 1e-12, describeAgeTuning(t).c_str());
  }
}

void TstAgeTuning::channelLoad() {  // eq. 8 (k/8) and eq. 9 (k/4)
  const AgeTuning t = deriveAgeTuning(kXtPreset, {});
  QCOMPARE(t.dimensions[0].channelLoad, 11.0 / 4);
  QCOMPARE(t.dimensions[1].channelLoad, 12.0 / 8);
  QCOMPARE(t.dimensions[2].channelLoad, 16.0 / 8);
  QCOMPARE(t.dimensions[0].averageHopsExact, 4.0);
  QCOMPARE(t.dimensions[2].averageHopsExact, 4.0);
}

void TstAgeTuning::clampedPeriod() {
  // 2-ring, 1 VC, 1 flit: H = 0.5 -> 1, 127 ticks per hop, 2 cycles: 2/127 -> 0 -> 1.
  const AgeTuning t = deriveAgeTuning({1, {2, 1, 1}, {true, false, false}}, inputsOf(1, 1, {}));
  QCOMPARE(t.ticksPerHop, 127);
  QCOMPARE(t.queueingCyclesPerHop, 2);
  QCOMPARE(t.ageClockPeriod, 1);
  QVERIFY(t.ageClockPeriodClamped);
}

void TstAgeTuning::badInputs_data() {
  QTest::addColumn<TopologySpec>("spec");
  QTest::addColumn<int>("vcs");
  QTest::addColumn<int>("flits");
  QTest::addColumn<QList<int>>("biases");
  QTest::addColumn<double>("channelGBs");
  QTest::addColumn<QString>("field");  // the message starts with it
  QTest::newRow("radix 1") << TopologySpec{1, {1, 1, 1}, {true, false, false}} << 2 << 9
                           << QList<int>{} << 4.8 << "topology.radix[0]:";
  QTest::newRow("two biases for three dimensions")
      << kXtTorus << 2 << 9 << QList<int>{3, 2} << 4.8 << "biases: expected 3 values";
  QTest::newRow("bias 8 does not fit REQ_AGE_BIAS")
      << kXtTorus << 2 << 9 << QList<int>{3, 8, 1} << 4.8 << "biases[1]: must be 0..7";
  QTest::newRow("0 VCs") << kXtTorus << 0 << 9 << QList<int>{} << 4.8 << "vcsPerClass:";
  QTest::newRow("0 flits") << kXtTorus << 2 << 0 << QList<int>{} << 4.8 << "maxPacketFlits:";
  QTest::newRow("0 GB/s") << kXtTorus << 2 << 9 << QList<int>{} << 0.0 << "channelBandwidthGBs:";
  QTest::newRow("NaN GB/s") << kXtTorus << 2 << 9 << QList<int>{} << std::nan("")
                            << "channelBandwidthGBs:";
  // 64-ary mesh: H = 65/3 -> 22 per dimension, T_bias = 22 x 6 = 132 >= 128.
  QTest::newRow("64x64x64 mesh: T_bias 132")
      << TopologySpec{3, {64, 64, 64}, {false, false, false}} << 2 << 9 << QList<int>{} << 4.8
      << "biases: T_bias = 132";
  // 64x64x64 torus, biases 7,7,7: T_bias 336.
  QTest::newRow("64x64x64 torus, biases 7,7,7")
      << TopologySpec{3, {64, 64, 64}, {true, true, true}} << 2 << 9 << QList<int>{7, 7, 7} << 4.8
      << "biases: T_bias = 336";
  // 64x64x64 torus, biases 2,2,1: T_bias 80, 48/48 = 1 tick; 2,2,2: 96, 32/48 -> 1; 3,2,2: 112,
  // 16/48 = 0.33 -> 0.
  QTest::newRow("64x64x64 torus, biases 3,2,2: 0 ticks per hop")
      << TopologySpec{3, {64, 64, 64}, {true, true, true}} << 2 << 9 << QList<int>{3, 2, 2} << 4.8
      << "biases: target age 16 over 48 hops";
}

void TstAgeTuning::badInputs() {
  QFETCH(TopologySpec, spec);
  QFETCH(int, vcs);
  QFETCH(int, flits);
  QFETCH(QList<int>, biases);
  QFETCH(double, channelGBs);
  QFETCH(QString, field);
  AgeTuningInputs in = inputsOf(vcs, flits, biases);
  in.channelBandwidthGBs = channelGBs;
  try {
    deriveAgeTuning(spec, in);
    QFAIL("no exception");
  } catch (const std::invalid_argument& e) {
    QVERIFY2(QString::fromUtf8(e.what()).startsWith(field), e.what());
  }
}

FLITSCOPE_TEST_APPLESS_MAIN(TstAgeTuning)
#include "tst_age_tuning.moc"
