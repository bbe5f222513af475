// The SeaStar's packet aging, procedure by procedure (XT paper, Abts &
// Weisser SC'07, section 2.3, Procedures 1-3, Tables 1-2; router/age_clock.h).
#include "test_main.h"
#include "router/age_clock.h"
#include "traffic/rng.h"

#include <QtTest>

using namespace flit;

class TstAgeClock : public QObject {
  Q_OBJECT
 private slots:
  void arrival_data();
  void arrival();
  void outputAge_data();
  void outputAge();
  void departureWritesAgeAndReleasesEpoch();
  void clockTicks();
  void rolloverInhibitedWhileOldEpochHolds();
  void lazyAdvanceEqualsTicks();
  void rrSelect();
  void ageGroups();
};

// Procedure 1: bias added, saturation at 255, epoch stored, 9-bit age - timestamp.
void TstAgeClock::arrival_data() {
  QTest::addColumn<int>("age");
  QTest::addColumn<int>("bias");
  QTest::addColumn<int>("timestamp");
  QTest::addColumn<int>("epoch");
  QTest::addColumn<int>("field");  // header[10:0] after line 12
  QTest::newRow("age 0, bias 1, ts 0") << 0 << 1 << 0 << 0 << 1;
  QTest::newRow("age 100, bias 3, ts 20, epoch 1") << 100 << 3 << 20 << 1 << ((1 << 9) | 83);
  QTest::newRow("saturates at 255 (Procedure 1 line 7)") << 254 << 7 << 0 << 0 << 255;
  QTest::newRow("age below timestamp: sign bit (line 12)") << 10 << 0 << 20 << 0 << (512 - 10);
  QTest::newRow("bias 0 keeps the age") << 42 << 0 << 0 << 1 << ((1 << 9) | 42);
}

void TstAgeClock::arrival() {
  QFETCH(int, age);
  QFETCH(int, bias);
  QFETCH(int, timestamp);
  QFETCH(int, epoch);
  QFETCH(int, field);
  AgeClock c = startAgeClock(8);
  c.timestamp = static_cast<std::uint8_t>(timestamp);
  c.epoch = static_cast<std::uint8_t>(epoch);
  const std::uint16_t inHeader = static_cast<std::uint16_t>(0x300 | age);  // stale bits 8-9 are ignored
  QCOMPARE(int(ageOnArrival(inHeader, bias, c)), field);
  QCOMPARE(c.packetCount[static_cast<std::size_t>(epoch)], 1u);  // line 10
  QCOMPARE(c.packetCount[static_cast<std::size_t>(epoch ^ 1)], 0u);
}

// Procedure 2 lines 1-11: the age after waiting, with rollover and saturation.
void TstAgeClock::outputAge_data() {
  QTest::addColumn<int>("age");
  QTest::addColumn<int>("tsIn");
  QTest::addColumn<int>("ticksWaited");  // timestamp increments while waiting
  QTest::addColumn<int>("expected");
  QTest::newRow("no wait") << 40 << 7 << 0 << 40;
  QTest::newRow("waited 30") << 40 << 7 << 30 << 70;
  QTest::newRow("age < timestamp, no wait (the misprint case)") << 10 << 20 << 0 << 10;
  QTest::newRow("age < timestamp, waited 5") << 10 << 20 << 5 << 15;
  QTest::newRow("rollover: arrived at ts 250, now ts 10 of the next epoch") << 5 << 250 << 16 << 21;
  QTest::newRow("rollover, age >= timestamp") << 251 << 250 << 10 << 255;
  QTest::newRow("saturates: 200 + 100") << 200 << 0 << 100 << 255;
  QTest::newRow("saturates after rollover") << 100 << 200 << 200 << 255;
  QTest::newRow("exactly 255") << 200 << 0 << 55 << 255;
  QTest::newRow("254") << 200 << 0 << 54 << 254;
}

void TstAgeClock::outputAge() {
  QFETCH(int, age);
  QFETCH(int, tsIn);
  QFETCH(int, ticksWaited);
  QFETCH(int, expected);
  AgeClock c = startAgeClock(1);
  c.timestamp = static_cast<std::uint8_t>(tsIn);
  const std::uint16_t h = ageOnArrival(static_cast<std::uint16_t>(age), 0, c);
  // Advance the timestamp by hand (as Procedure 3 would, flipping the epoch
  // at the rollover; the old epoch's packet is this one, so in the hardware
  // a second rollover would be inhibited).
  for (int i = 0; i < ticksWaited; ++i) {
    if (c.timestamp == 255) {
      c.timestamp = 0;
      c.epoch ^= 1u;
    } else {
      ++c.timestamp;
    }
  }
  QCOMPARE(int(ageAtOutput(h, c)), expected);
}

void TstAgeClock::departureWritesAgeAndReleasesEpoch() {
  AgeClock c = startAgeClock(4);
  c.timestamp = 3;
  const std::uint16_t h = ageOnArrival(17, 2, c);  // age 19, epoch 0
  c.timestamp = 9;
  c.epoch = 1;  // rolled over meanwhile: rollover adds 256, saturates
  const std::uint16_t out = ageOnDeparture(h, c);
  QCOMPARE(int(AgeField::age(out)), 255);
  QCOMPARE(c.packetCount[0], 0u);  // line 14: its arrival epoch
  AgeClock d = startAgeClock(4);
  const std::uint16_t h2 = ageOnArrival(17, 2, d);
  d.timestamp = 6;
  QCOMPARE(int(AgeField::age(ageOnDeparture(h2, d))), 25);
}

// Procedure 3: the countdown, the timestamp increment and the epoch flip.
void TstAgeClock::clockTicks() {
  AgeClock c = startAgeClock(3);
  for (int i = 0; i < 2; ++i) tickAgeClock(c, 3);
  QCOMPARE(int(c.timestamp), 0);
  QCOMPARE(c.periodReg, 1u);
  tickAgeClock(c, 3);  // the third tick expires the countdown
  QCOMPARE(int(c.timestamp), 1);
  QCOMPARE(c.periodReg, 3u);
  for (int i = 0; i < 3 * 254; ++i) tickAgeClock(c, 3);
  QCOMPARE(int(c.timestamp), 255);
  QCOMPARE(int(c.epoch), 0);
  for (int i = 0; i < 3; ++i) tickAgeClock(c, 3);  // rollover, nothing outstanding: flip
  QCOMPARE(int(c.timestamp), 0);
  QCOMPARE(int(c.epoch), 1);
  QVERIFY(!c.inhibit);
}

// "we switch epochs if and only if the next epoch has no outstanding
// packets"; while inhibited the countdown stops (Procedure 3 lines 1-5).
void TstAgeClock::rolloverInhibitedWhileOldEpochHolds() {
  AgeClock c = startAgeClock(2);
  c.epoch = 1;
  c.packetCount[0] = 1;  // an old packet still waits
  c.timestamp = 255;
  tickAgeClock(c, 2);
  tickAgeClock(c, 2);
  QVERIFY(c.inhibit);
  QCOMPARE(int(c.timestamp), 255);
  QCOMPARE(int(c.epoch), 1);
  for (int i = 0; i < 10; ++i) tickAgeClock(c, 2);
  QVERIFY(c.inhibit);
  QCOMPARE(c.periodReg, 2u);  // reloaded at the expiry, not counted down while inhibited
  c.packetCount[0] = 0;  // the old packet left
  tickAgeClock(c, 2);
  QVERIFY(!c.inhibit);
  QCOMPARE(int(c.timestamp), 255);  // the flip waits for the next expiry
  tickAgeClock(c, 2);
  tickAgeClock(c, 2);
  QCOMPARE(int(c.epoch), 0);
  QCOMPARE(int(c.timestamp), 0);
}

// The simulator's lazy catch-up equals the paper's per-clock procedure.
void TstAgeClock::lazyAdvanceEqualsTicks() {
  Rng rng(7);
  for (int trial = 0; trial < 400; ++trial) {
    const auto period = static_cast<std::uint32_t>(1 + rng.next() % 20);
    AgeClock a = startAgeClock(period);
    AgeClock b = a;
    for (int step = 0; step < 40; ++step) {
      const std::uint64_t ticks = rng.next() % (trial % 4 == 0 ? 20000 : 300);
      for (std::uint64_t t = 0; t < ticks; ++t) tickAgeClock(a, period);
      advanceAgeClock(b, period, ticks);
      QVERIFY2(a == b, qPrintable(QStringLiteral("trial %1 step %2 ticks %3").arg(trial).arg(step).arg(ticks)));
      // Packets come and go between the stretches of ticks.
      const std::uint64_t r = rng.next() % 6;
      if (r < 2) {
        ageOnArrival(0, 1, a);
        ageOnArrival(0, 1, b);
      } else if (r < 4) {
        const std::uint16_t h = static_cast<std::uint16_t>((rng.next() % 2) << 9);
        ageForget(h, a);
        ageForget(h, b);
      }
    }
  }
}

// AGE_RR_SELECT: all zeros is round robin, all ones is age (XT section 2.1).
void TstAgeClock::rrSelect() {
  for (std::uint8_t k = 0; k < 64; ++k) {
    QVERIFY(!ageSelectsAge(0, k));
    QVERIFY(ageSelectsAge(~std::uint64_t{0}, k));
    QCOMPARE(ageSelectsAge(0x5555555555555555ull, k), k % 2 == 0);  // "0101...0101": half and half
  }
  QVERIFY(ageSelectsAge(1, 64));  // the counter is 6 bits: 64 wraps to 0
}

// RTR_AGE_GROUP0/1 buckets (XT Table 4).
void TstAgeClock::ageGroups() {
  QCOMPARE(ageGroupOf(0), 0);
  QCOMPARE(ageGroupOf(63), 0);
  QCOMPARE(ageGroupOf(64), 1);
  QCOMPARE(ageGroupOf(127), 1);
  QCOMPARE(ageGroupOf(128), 2);
  QCOMPARE(ageGroupOf(191), 2);
  QCOMPARE(ageGroupOf(192), 3);
  QCOMPARE(ageGroupOf(255), 3);
}

FLITSCOPE_TEST_APPLESS_MAIN(TstAgeClock)
#include "tst_age_clock.moc"
