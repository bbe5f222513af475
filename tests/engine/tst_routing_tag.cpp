// RoutingTag: the exact bit layout of the T3E manual HMM-160-0, Table 7
// (encode/decode of every field, the hardware rule under Figure 19, the "not
// applicable" bits), validation against a topology, hex/field text.
#include "test_main.h"

#include <QtTest>

#include "routing/routing_tag.h"

using namespace flit;

Q_DECLARE_METATYPE(flit::RoutingTag)
Q_DECLARE_METATYPE(flit::TopologySpec)

namespace {
RoutingTag makeTag(int x, bool xm, int y, bool ym, int z, bool zm, InitialHop ih, bool fh,
                   bool ad) {
  RoutingTag t;
  t.xAddr = static_cast<std::uint8_t>(x);
  t.xMinus = xm;
  t.yAddr = static_cast<std::uint8_t>(y);
  t.yMinus = ym;
  t.zAddr = static_cast<std::uint8_t>(z);
  t.zMinus = zm;
  t.initialHop = ih;
  t.finalHop = fh;
  t.adaptive = ad;
  return t;
}
const TopologySpec k444{3, {4, 4, 4}, {true, true, true}};
}  // namespace

class TstRoutingTag : public QObject {
  Q_OBJECT
 private slots:
  void fieldBits_data();
  void fieldBits();
  void roundTripEveryFieldValue();
  void zSignForcesFinalHopZero();
  void undefinedBitsIgnoredByDecodeReportedByValidate();
  void validate_data();
  void validate();
  void formatting();
  void parsing_data();
  void parsing();
};

// Each field alone, at its Table 7 bit position.
void TstRoutingTag::fieldBits_data() {
  QTest::addColumn<RoutingTag>("tag");
  QTest::addColumn<quint64>("bits");
  const auto none = InitialHop::None;
  const quint64 noInitial = quint64{3} << 32;
  QTest::newRow("X_ADR=7 <2:0>") << makeTag(7, 0, 0, 0, 0, 0, none, 0, 0) << (noInitial | 0x7);
  QTest::newRow("X_SGN bit 7") << makeTag(0, 1, 0, 0, 0, 0, none, 0, 0) << (noInitial | 0x80);
  QTest::newRow("Y_ADR=31 <12:8>")
      << makeTag(0, 0, 31, 0, 0, 0, none, 0, 0) << (noInitial | 0x1F00);
  QTest::newRow("Y_SGN bit 15") << makeTag(0, 0, 0, 1, 0, 0, none, 0, 0) << (noInitial | 0x8000);
  QTest::newRow("Z_ADR=15 <19:16>")
      << makeTag(0, 0, 0, 0, 15, 0, none, 0, 0) << (noInitial | 0xF0000);
  QTest::newRow("Z_SGN bit 23") << makeTag(0, 0, 0, 0, 0, 1, none, 0, 0) << (noInitial | 0x800000);
  QTest::newRow("INITIAL_HOP=0 +X")
      << makeTag(0, 0, 0, 0, 0, 0, InitialHop::PlusX, 0, 0) << quint64{0};
  QTest::newRow("INITIAL_HOP=1 +Y")
      << makeTag(0, 0, 0, 0, 0, 0, InitialHop::PlusY, 0, 0) << (quint64{1} << 32);
  QTest::newRow("INITIAL_HOP=2 +Z")
      << makeTag(0, 0, 0, 0, 0, 0, InitialHop::PlusZ, 0, 0) << (quint64{2} << 32);
  QTest::newRow("FINAL_HOP bit 36")
      << makeTag(0, 0, 0, 0, 0, 0, none, 1, 0) << (noInitial | quint64{1} << 36);
  QTest::newRow("ADAPTIVE bit 37")
      << makeTag(0, 0, 0, 0, 0, 0, none, 0, 1) << (noInitial | quint64{1} << 37);
  // The manual's Figure 17 tag: INITIAL_HOP=3, X/Y/Z + with address 01.
  QTest::newRow("Figure 17 tag") << makeTag(1, 0, 1, 0, 1, 0, none, 0, 0)
                                 << quint64{0x0000000300010101};
}

void TstRoutingTag::fieldBits() {
  QFETCH(RoutingTag, tag);
  QFETCH(quint64, bits);
  QCOMPARE(quint64{tag.encode()}, bits);
  QCOMPARE(RoutingTag::decode(bits), tag);
  QVERIFY((bits & ~RoutingTag::kDefinedBits) == 0);
}

void TstRoutingTag::roundTripEveryFieldValue() {
  // Every value of every field, with the others at a non-zero pattern.
  for (int x = 0; x < 8; ++x)
    for (int y = 0; y < 32; ++y)
      for (int z = 0; z < 16; ++z) {
        const int signs = (x + y + z) & 7;
        const auto ih = static_cast<InitialHop>((x + z) & 3);
        const bool zm = signs & 4;
        const RoutingTag t =
            makeTag(x, signs & 1, y, signs & 2, z, zm, ih, !zm && (y & 1), (z & 1) != 0);
        const std::uint64_t bits = t.encode();
        QCOMPARE(RoutingTag::decode(bits), t);
        QCOMPARE(RoutingTag::decode(bits).encode(), bits);
        QVERIFY((bits & ~RoutingTag::kDefinedBits) == 0);
      }
}

void TstRoutingTag::zSignForcesFinalHopZero() {
  // T3E manual, note under Figure 19: Z_SGN=1 forces FINAL_HOP to 0.
  const RoutingTag t = makeTag(1, 0, 0, 1, 0, 1, InitialHop::None, true, false);
  QCOMPARE((t.encode() >> RoutingTag::kFinalHopBit) & 1u, 0u);
  const std::uint64_t raw = (std::uint64_t{1} << 36) | (std::uint64_t{1} << 23);
  QCOMPARE(RoutingTag::decode(raw).finalHop, false);
  QCOMPARE(RoutingTag::decode(std::uint64_t{1} << 36).finalHop, true);
  const auto problems = validateTag(k444, raw | (std::uint64_t{3} << 32));
  QCOMPARE(problems.size(), std::size_t{1});
  QVERIFY(problems[0].starts_with("FINAL_HOP:"));
}

void TstRoutingTag::undefinedBitsIgnoredByDecodeReportedByValidate() {
  const std::uint64_t fig17 = 0x0000000300010101;
  // One bit in each "not applicable" range of Table 7.
  const std::vector<std::pair<int, const char*>> stray{{3, "bits <6:3>"},    {13, "bits <14:13>"},
                                                       {20, "bits <22:20>"}, {24, "bits <31:24>"},
                                                       {34, "bits <35:34>"}, {63, "bits <63:38>"}};
  QVERIFY(validateTag(k444, fig17).empty());
  for (const auto& [bit, name] : stray) {
    const std::uint64_t bits = fig17 | (std::uint64_t{1} << bit);
    QCOMPARE(RoutingTag::decode(bits), RoutingTag::decode(fig17));
    const auto problems = validateTag(k444, bits);
    QCOMPARE(problems.size(), std::size_t{1});
    QVERIFY2(problems[0].starts_with(name), problems[0].c_str());
  }
}

void TstRoutingTag::validate_data() {
  QTest::addColumn<TopologySpec>("spec");
  QTest::addColumn<quint64>("bits");
  QTest::addColumn<QString>("firstProblem");  // empty = valid
  const quint64 none = quint64{3} << 32;
  QTest::newRow("valid 4x4x4") << k444 << (none | 0x030302) << QString();
  QTest::newRow("X_ADR outside radix")
      << k444 << (none | 0x5) << "X_ADR: 5 is outside the X radix 4 (0..3)";
  QTest::newRow("Y_ADR outside radix")
      << k444 << (none | 0x0400) << "Y_ADR: 4 is outside the Y radix 4 (0..3)";
  QTest::newRow("Z_ADR on a 2D topology")
      << TopologySpec{2, {4, 4, 1}, {true, true, false}} << (none | 0x10000)
      << "Z_ADR: 1 is outside the Z radix 1 (0..0)";
  QTest::newRow("X radix 16 too big")
      << TopologySpec{3, {16, 4, 4}, {true, true, true}} << none
      << "X: radix 16 exceeds what X_ADR can address (Table 7: at most 8)";
  QTest::newRow("Y radix 33 too big")
      << TopologySpec{3, {8, 33, 4}, {true, true, true}} << none
      << "Y: radix 33 exceeds what Y_ADR can address (Table 7: at most 32)";
  QTest::newRow("Z radix 17 too big")
      << TopologySpec{3, {8, 8, 17}, {true, true, true}} << none
      << "Z: radix 17 exceeds what Z_ADR can address (Table 7: at most 16)";
  QTest::newRow("T3E 8x32x8 max addresses")
      << TopologySpec{3, {8, 32, 8}, {true, true, true}} << (none | 0x071F07) << QString();
  QTest::newRow("initial +Z on 2D")
      << TopologySpec{2, {4, 4, 1}, {true, true, false}} << (quint64{2} << 32)
      << "INITIAL_HOP: +Z but the topology has no Z dimension";
}

void TstRoutingTag::validate() {
  QFETCH(TopologySpec, spec);
  QFETCH(quint64, bits);
  QFETCH(QString, firstProblem);
  const auto problems = validateTag(spec, bits);
  if (firstProblem.isEmpty()) {
    QVERIFY2(problems.empty(), problems.empty() ? "" : problems[0].c_str());
  } else {
    QVERIFY(!problems.empty());
    QCOMPARE(QString::fromStdString(problems[0]), firstProblem);
  }
}

void TstRoutingTag::formatting() {
  QCOMPARE(formatTagHex(0x0000000300010101), std::string("0x0000000300010101"));
  QCOMPARE(formatTagHex(0x2001010101), std::string("0x0000002001010101"));
  QCOMPARE(formatTagHex(~0ull), std::string("0xFFFFFFFFFFFFFFFF"));
  // The manual's Figure 17 field list.
  QCOMPARE(formatTagFields(0x0000000300010101),
           std::string("INITIAL_HOP=3 X_SGN=0 X_ADR=01 Y_SGN=0 Y_ADR=01 Z_SGN=0 Z_ADR=01 "
                       "FINAL_HOP=0 ADAPTIVE=0"));
  // Figure 18: initial +Z, -Y to 03.
  const RoutingTag fig18 = makeTag(1, 0, 3, 1, 0, 0, InitialHop::PlusZ, false, false);
  QCOMPARE(formatTagFields(fig18.encode()),
           std::string("INITIAL_HOP=2 X_SGN=0 X_ADR=01 Y_SGN=1 Y_ADR=03 Z_SGN=0 Z_ADR=00 "
                       "FINAL_HOP=0 ADAPTIVE=0"));
  QCOMPARE(formatTagFields(makeTag(7, 1, 31, 0, 15, 0, InitialHop::None, true, true).encode()),
           std::string("INITIAL_HOP=3 X_SGN=1 X_ADR=07 Y_SGN=0 Y_ADR=1F Z_SGN=0 Z_ADR=0F "
                       "FINAL_HOP=1 ADAPTIVE=1"));
}

void TstRoutingTag::parsing_data() {
  QTest::addColumn<QString>("text");
  QTest::addColumn<bool>("ok");
  QTest::addColumn<quint64>("bits");
  QTest::newRow("0x 16 digits") << "0x0000000300010101" << true << quint64{0x300010101};
  QTest::newRow("0X lower case") << "0X2001010101" << true << quint64{0x2001010101};
  QTest::newRow("bare hex") << "ff" << true << quint64{0xFF};
  QTest::newRow("max") << "FFFFFFFFFFFFFFFF" << true << ~quint64{0};
  QTest::newRow("17 digits") << "0x10000000000000000" << false << quint64{0};
  QTest::newRow("empty") << "" << false << quint64{0};
  QTest::newRow("prefix only") << "0x" << false << quint64{0};
  QTest::newRow("not hex") << "0x12G4" << false << quint64{0};
  QTest::newRow("space") << " 0x12" << false << quint64{0};
  QTest::newRow("sign") << "-12" << false << quint64{0};
}

void TstRoutingTag::parsing() {
  QFETCH(QString, text);
  QFETCH(bool, ok);
  QFETCH(quint64, bits);
  const auto parsed = parseTagHex(text.toStdString());
  QCOMPARE(parsed.has_value(), ok);
  if (ok) {
    QCOMPARE(quint64{*parsed}, bits);
    QCOMPARE(parseTagHex(formatTagHex(*parsed)), parsed);
  }
}

FLITSCOPE_TEST_APPLESS_MAIN(TstRoutingTag)
#include "tst_routing_tag.moc"
