// The circuit-switched RN1 network (DeHon, seed 004, section 2.1): random
// choice between two free outputs, discard when both are busy, the status
// back to the sender when the transmission completes, retries up to a
// limit, reversal for replies; faults routed around by retries; and the
// section 6.3 reproduction (first-attempt success at full load).
#include "test_main.h"

#include <QtTest>
#include <map>
#include <vector>

#include "fattree/circuit_simulator.h"
#include "fattree/fat_tree_scenario.h"

using namespace flit::fattree;

namespace {

// FNV-1a over every event's fields: the determinism fingerprint.
struct Fingerprint final : CircuitObserver {
  // asBefore: the event fields as they were before Blocked carried its
  // channel and Delivered its success flag (issue 19's GUI: the discard's
  // flash and the latency histogram), so the simulation's own behaviour
  // keeps the fingerprint it had.
  bool asBefore = false;
  std::uint64_t hash = 1469598103934665603ull;
  void mix(std::uint64_t v) {
    for (int i = 0; i < 8; ++i) {
      hash ^= (v >> (8 * i)) & 0xFF;
      hash *= 1099511628211ull;
    }
  }
  void onCircuitEvent(const CircuitEvent& event) override {
    CircuitEvent e = event;
    if (asBefore && e.kind == CircuitEventKind::Blocked) e.channel = 0xFFFFFFFFu;
    if (asBefore && e.kind == CircuitEventKind::Delivered) e.success = false;
    mix(static_cast<std::uint64_t>(e.kind) | static_cast<std::uint64_t>(e.reason) << 8 |
        static_cast<std::uint64_t>(e.success) << 16 | static_cast<std::uint64_t>(e.attempt) << 24);
    mix(e.cycle);
    mix(e.endpoint | static_cast<std::uint64_t>(e.destination) << 32);
    mix(e.router | static_cast<std::uint64_t>(e.channel) << 32);
  }
};

struct Recorder final : CircuitObserver {
  std::vector<CircuitEvent> events;
  void onCircuitEvent(const CircuitEvent& e) override { events.push_back(e); }
  std::vector<CircuitEvent> of(CircuitEventKind k, std::uint32_t endpoint) const {
    std::vector<CircuitEvent> out;
    for (const auto& e : events) {
      if (e.kind == k && e.endpoint == endpoint) out.push_back(e);
    }
    return out;
  }
};

FatTreeNetwork net64() { return buildFatTree(FatTreeSpec{BlockKind::UT64x2, 1, 0, 1}); }
FatTreeNetwork net4k() { return buildFatTree(FatTreeSpec{BlockKind::UT64x2, 64, 1, 1}); }

CircuitConfig quiet(std::uint32_t bytes = 20) {
  CircuitConfig c;
  c.rate = 0.0;  // only the messages a test sends
  c.pattern = FatTreePattern::Uniform;
  c.messageBytes = bytes;
  return c;
}

void runUntilIdle(CircuitSimulator& sim, std::uint32_t e, int limit = 100000) {
  for (int i = 0; i < limit && sim.endpointBusy(e); ++i) sim.step();
  QVERIFY(!sim.endpointBusy(e));
}

// The output the first RN1 took, for `count` messages 0 -> 1 (both under
// the same up router: level 1, the lateral crossover of direction 0).
std::vector<std::uint32_t> firstHopChannels(std::uint64_t seed, int count) {
  CircuitSimulator sim(net64(), quiet(), seed);
  Recorder rec;
  sim.setObserver(&rec);
  std::vector<std::uint32_t> out;
  for (int i = 0; i < count; ++i) {
    rec.events.clear();
    sim.sendMessage(0, 1);
    runUntilIdle(sim, 0);
    const auto hops = rec.of(CircuitEventKind::Hop, 0);
    if (hops.empty()) return {};
    out.push_back(hops.front().channel);
  }
  return out;
}

}  // namespace

class TstFatTreeCircuit : public QObject {
  Q_OBJECT
 private slots:
  void randomChoiceBetweenTwoFreeOutputsUsesBoth();
  void discardWhenBothBusyStatusBackAndRetry();
  void retryLimitGivesUp();
  void reversalCarriesTheReply();
  void randomRouterFailuresLoseNoMessage();
  void sameSeedSameRun();
  void failedUpRouterIsRoutedAroundOnlyAfterRepair();
  void aFaultUnderAHeldConnectionBreaksIt_data();
  void aFaultUnderAHeldConnectionBreaksIt();
  void fingerprintOfThe4kTree();
  void section63FirstAttemptSuccessAtFullLoad();
};

void TstFatTreeCircuit::randomChoiceBetweenTwoFreeOutputsUsesBoth() {
  const auto a = firstHopChannels(7, 200);
  QCOMPARE(a.size(), std::size_t{200});
  std::map<std::uint32_t, int> used;
  for (const std::uint32_t c : a) ++used[c];
  QCOMPARE(used.size(), std::size_t{2});  // both outputs of direction 0 of one RN1
  const std::uint32_t c0 = used.begin()->first;
  QCOMPARE(std::next(used.begin())->first, c0 + 1);
  QCOMPARE(c0 % 8, 0u);
  for (const auto& [c, n] : used)
    QVERIFY2(n > 70, qPrintable(QString("channel %1 taken %2 of 200 times").arg(c).arg(n)));
  QVERIFY(firstHopChannels(7, 200) == a);  // seeded
  QVERIFY(firstHopChannels(8, 200) != a);
}

// Endpoints 0, 1 and 2 share one up RN1 (a UT64x2's level-1 node has one);
// to reach 4, 5, 6 (level 2) they all need its direction 1, two outputs.
void TstFatTreeCircuit::discardWhenBothBusyStatusBackAndRetry() {
  CircuitConfig cfg = quiet(50);
  cfg.backoffCycles = 1;
  CircuitSimulator sim(net64(), cfg, 1);
  Recorder rec;
  sim.setObserver(&rec);
  QVERIFY(sim.sendMessage(0, 4));
  QVERIFY(sim.sendMessage(1, 5));
  QVERIFY(sim.sendMessage(2, 6));
  sim.run(3);
  const auto blocked = rec.of(CircuitEventKind::Blocked, 2);
  QCOMPARE(blocked.size(), std::size_t{1});
  QCOMPARE(blocked[0].reason, BlockReason::Busy);
  QCOMPARE(blocked[0].cycle, std::uint64_t{1});  // at the first RN1, one stage after leaving
  const auto hop0 = rec.of(CircuitEventKind::Hop, 0).front();
  const auto hop1 = rec.of(CircuitEventKind::Hop, 1).front();
  QCOMPARE(hop0.router, blocked[0].router);
  QCOMPARE(hop1.router, blocked[0].router);
  QVERIFY(hop0.channel / 2 == hop1.channel / 2 && hop0.channel != hop1.channel);
  // The status reaches the sender when the discarded transmission is over:
  // its last byte at the blocking RN1 (49 cycles after the head), then one
  // channel back.
  runUntilIdle(sim, 2);
  const auto status = rec.of(CircuitEventKind::Status, 2);
  QVERIFY(status.size() >= 2);
  QCOMPARE(status[0].success, false);
  QCOMPARE(status[0].cycle, std::uint64_t{1 + 49 + 1});
  QCOMPARE(status[0].attempt, std::uint16_t{1});
  // It retried and got through once 0 and 1 released their circuits.
  QCOMPARE(status.back().success, true);
  QVERIFY(status.back().attempt >= 2);
  QCOMPARE(rec.of(CircuitEventKind::Delivered, 2).size(), std::size_t{1});
  QCOMPARE(sim.stats().firstAttempts, std::uint64_t{3});
  QCOMPARE(sim.stats().firstAttemptSuccesses, std::uint64_t{2});
  QCOMPARE(sim.stats().messagesDelivered, std::uint64_t{3});
}

void TstFatTreeCircuit::retryLimitGivesUp() {
  CircuitConfig cfg = quiet(50);
  cfg.retryLimit = 0;
  CircuitSimulator sim(net64(), cfg, 1);
  Recorder rec;
  sim.setObserver(&rec);
  sim.sendMessage(0, 4);
  sim.sendMessage(1, 5);
  sim.sendMessage(2, 6);
  runUntilIdle(sim, 2);
  QCOMPARE(rec.of(CircuitEventKind::GivenUp, 2).size(), std::size_t{1});
  QCOMPARE(rec.of(CircuitEventKind::AttemptStarted, 2).size(), std::size_t{1});
  QCOMPARE(sim.stats().messagesGivenUp, std::uint64_t{1});
}

// Section 2.1: "the direction of the connection can be reversed, allowing
// data to flow back from the destination to the source processor".
void TstFatTreeCircuit::reversalCarriesTheReply() {
  CircuitConfig cfg = quiet(10);
  cfg.replyBytes = 6;
  cfg.turnaroundCycles = 2;
  CircuitSimulator sim(net64(), cfg, 3);
  Recorder rec;
  sim.setObserver(&rec);
  sim.sendMessage(0, 63);  // through the unit tree's root: 4 RN1s
  std::vector<std::uint32_t> path;
  for (int i = 0; i < 200 && sim.endpointBusy(0); ++i) {
    sim.step();
    if (!rec.of(CircuitEventKind::Arrived, 0).empty() && path.empty()) {
      for (std::uint32_t c = 0; c < sim.network().channelIdCount(); ++c) {
        if (sim.channelHolder(c) == 0) path.push_back(c);
      }
    }
  }
  QCOMPARE(path.size(), std::size_t{5});  // the endpoint's channel and one per RN1
  const auto arrived = rec.of(CircuitEventKind::Arrived, 0);
  QCOMPARE(arrived.size(), std::size_t{1});
  QCOMPARE(arrived[0].cycle, std::uint64_t{5});
  // No routing after the turn: the reply uses the held circuit.
  for (const auto& e : rec.events)
    QVERIFY(e.kind != CircuitEventKind::Hop || e.cycle < arrived[0].cycle);
  const auto status = rec.of(CircuitEventKind::Status, 0);
  QCOMPARE(status.size(), std::size_t{1});
  QVERIFY(status[0].success);
  QCOMPARE(rec.of(CircuitEventKind::Reversed, 0).size(), std::size_t{1});
  // Last byte in at 5 + 9 = 14, turn 2, 5 channels back, 5 more reply bytes.
  QCOMPARE(status[0].cycle, std::uint64_t{14 + 2 + 5 + 5});
  for (const std::uint32_t c : path) QCOMPARE(sim.channelHolder(c), kNoHolder);
}

void TstFatTreeCircuit::randomRouterFailuresLoseNoMessage() {
  FatTreeNetwork net = net4k();
  const auto failed = randomFailedRouters(net, 0.02, 11);
  QVERIFY(failed.size() > 40);
  CircuitConfig cfg;
  cfg.pattern = FatTreePattern::Uniform;
  cfg.rate = 0.02;
  cfg.retryLimit = 6;
  CircuitSimulator sim(std::move(net), cfg, 5);
  for (const std::uint32_t r : failed) sim.failRouter(r);
  sim.run(1500);
  sim.setRate(0.0);
  sim.run(20000);
  const CircuitTotals& t = sim.totals();
  QCOMPARE(t.inProgress, std::uint64_t{0});
  QVERIFY(t.created > 1000);
  QCOMPARE(t.delivered + t.givenUp, t.created);
  QVERIFY(sim.stats().blockedFault > 0);
  qInfo("%zu RN1s failed: %llu created, %llu delivered, %llu given up", failed.size(),
        static_cast<unsigned long long>(t.created), static_cast<unsigned long long>(t.delivered),
        static_cast<unsigned long long>(t.givenUp));
  // 2% of the RN1s: some endpoints lose their only up RN1 (a UT64x2 level-1
  // node has one) and give up every message; the rest get around.
  QVERIFY2(t.delivered > t.created * 8 / 10, "the retries should go around most faults");
}

void TstFatTreeCircuit::sameSeedSameRun() {
  auto once = [](std::uint64_t seed) {
    CircuitConfig cfg;
    cfg.rate = 0.5;
    CircuitSimulator sim(net4k(), cfg, seed);
    sim.run(600);
    const CircuitStats& s = sim.stats();
    return std::vector<std::uint64_t>{s.messagesCreated, s.attemptsFinished,
                                      s.firstAttemptSuccesses, s.blockedBusy, s.latencySumCycles};
  };
  QVERIFY(once(3) == once(3));
  QVERIFY(once(3) != once(4));
}

// Endpoint 0's only up RN1 (router 0: a UT64x2 level-1 node has one)
// failed: every attempt is lost there ("fault") and the message is given
// up; repaired, the next message gets through.
void TstFatTreeCircuit::failedUpRouterIsRoutedAroundOnlyAfterRepair() {
  CircuitConfig cfg = quiet(8);
  cfg.retryLimit = 3;
  CircuitSimulator sim(net64(), cfg, 2);
  Recorder rec;
  sim.setObserver(&rec);
  sim.failRouter(0);
  sim.sendMessage(0, 63);
  runUntilIdle(sim, 0);
  const auto blocked = rec.of(CircuitEventKind::Blocked, 0);
  QCOMPARE(blocked.size(), std::size_t{4});
  for (const auto& b : blocked) {
    QCOMPARE(b.reason, BlockReason::Fault);
    QCOMPARE(b.router, 0u);
  }
  QCOMPARE(sim.stats().messagesGivenUp, std::uint64_t{1});
  sim.repairRouter(0);
  sim.sendMessage(0, 63);
  runUntilIdle(sim, 0);
  QCOMPARE(sim.stats().messagesDelivered, std::uint64_t{1});
  QCOMPARE(sim.totals().delivered + sim.totals().givenUp, sim.totals().created);
}

// A part failed under a connection that holds it (section 1.2; issue 19:
// "fail an RN1, a channel, or a whole unit tree; connections route around
// them"): the transmission is lost at once (Blocked, fault, at the failed
// part, in this cycle), whether its head is still on its way or it was
// delivered and its status is coming back; the status says failure, and the
// retry goes around the fault (a whole unit tree: nothing is left to take).
void TstFatTreeCircuit::aFaultUnderAHeldConnectionBreaksIt_data() {
  QTest::addColumn<QString>("part");
  QTest::addColumn<bool>("delivered");
  for (const char* part : {"router", "channel", "unitTree"}) {
    QTest::newRow((std::string(part) + ", head on its way").c_str()) << QString::fromLatin1(part) << false;
    QTest::newRow((std::string(part) + ", delivered").c_str()) << QString::fromLatin1(part) << true;
  }
}

void TstFatTreeCircuit::aFaultUnderAHeldConnectionBreaksIt() {
  QFETCH(QString, part);
  QFETCH(bool, delivered);
  CircuitSimulator sim(net64(), quiet(60), 9);  // 60 bytes: the path is held for a while
  Recorder rec;
  sim.setObserver(&rec);
  QVERIFY(sim.sendMessage(0, 63));  // through the root of the unit tree
  const auto reached = [&] {
    return delivered ? !rec.of(CircuitEventKind::Arrived, 0).empty() : rec.of(CircuitEventKind::Hop, 0).size() >= 2;
  };
  for (int i = 0; i < 1000 && !reached(); ++i) sim.step();
  QVERIFY(reached());
  QVERIFY(rec.of(CircuitEventKind::Blocked, 0).empty());
  const CircuitEvent hop = rec.of(CircuitEventKind::Hop, 0).at(1);  // the second RN1 and the output it took
  QCOMPARE(sim.channelHolder(hop.channel), 0u);
  if (part == QLatin1String("router")) sim.failRouter(hop.router);
  if (part == QLatin1String("channel")) sim.failChannel(hop.channel);
  if (part == QLatin1String("unitTree")) sim.failBlock(sim.network().routers.at(hop.router).block);
  const auto blocked = rec.of(CircuitEventKind::Blocked, 0);
  QCOMPARE(blocked.size(), std::size_t{1});
  QCOMPARE(blocked[0].reason, BlockReason::Fault);
  QCOMPARE(blocked[0].cycle, sim.cycle());
  if (part == QLatin1String("unitTree")) {  // the first of its RN1s (by id) the path holds an output of
    QCOMPARE(sim.network().routers.at(blocked[0].router).block, sim.network().routers.at(hop.router).block);
  } else {
    QCOMPARE(blocked[0].router, hop.router);
  }
  QCOMPARE(blocked[0].attempt, std::uint16_t{1});
  QCOMPARE(sim.stats().blockedFault, std::uint64_t{1});
  runUntilIdle(sim, 0);
  const auto statuses = rec.of(CircuitEventKind::Status, 0);
  QVERIFY(!statuses.empty());
  QVERIFY(!statuses[0].success);  // the broken attempt's status: failure
  QCOMPARE(rec.of(CircuitEventKind::Arrived, 0).size(), std::size_t{delivered ? 1u : 0u} +
                                                            (part == QLatin1String("unitTree") ? 0u : 1u));
  if (part == QLatin1String("unitTree")) {
    QCOMPARE(sim.totals().givenUp, std::uint64_t{1});
  } else {
    QCOMPARE(sim.totals().delivered, std::uint64_t{1});
    QVERIFY(statuses.back().success && statuses.size() >= 2);
    // The retry that got through took neither the failed RN1 nor the failed channel.
    const auto hops = rec.of(CircuitEventKind::Hop, 0);
    const std::uint16_t last = statuses.back().attempt;
    for (const CircuitEvent& h : hops) {
      if (h.attempt != last) continue;
      QVERIFY(part == QLatin1String("router") ? h.router != hop.router : h.channel != hop.channel);
    }
  }
  QCOMPARE(sim.totals().created, sim.totals().delivered + sim.totals().givenUp);
  for (std::uint32_t c = 0; c < sim.network().channelIdCount(); ++c) QCOMPARE(sim.channelHolder(c), kNoHolder);
}

// The event stream of 400 cycles of the 4K tree at full load, hashed. A
// change is a deliberate, explained commit (CONVENTIONS.md, fingerprints).
void TstFatTreeCircuit::fingerprintOfThe4kTree() {
  CircuitConfig cfg;
  for (const bool asBefore : {true, false}) {
    CircuitSimulator sim(net4k(), cfg, 1);
    Fingerprint fp;
    fp.asBefore = asBefore;
    sim.setObserver(&fp);
    sim.run(400);
    QCOMPARE(QString::number(fp.hash, 16), QString::fromLatin1(asBefore ? "387391e065478891" : "9bde2bf66b276060"));
  }
}

// Section 6.3: "The probability of obtaining a successful route in a fully
// loaded network is in the 70% to 80% range", with Table 5's locality. Here
// 4096 endpoints at rate 1.0 (every endpoint always has a message waiting),
// a short window; docs/fat-tree.md has the long runs.
void TstFatTreeCircuit::section63FirstAttemptSuccessAtFullLoad() {
  CircuitConfig cfg;  // locality (Table 5, 4096 column), rate 1.0
  CircuitSimulator sim(net4k(), cfg, 1);
  sim.run(300);
  sim.resetStats();
  sim.run(1500);
  const double p = sim.stats().firstAttemptSuccess();
  qInfo("first-attempt success %.4f over %llu first attempts", p,
        static_cast<unsigned long long>(sim.stats().firstAttempts));
  QVERIFY(sim.stats().firstAttempts > 50000);
  QVERIFY2(p >= 0.70 && p <= 0.80, qPrintable(QString::number(p)));
}

FLITSCOPE_TEST_APPLESS_MAIN(TstFatTreeCircuit)
#include "tst_fattree_circuit.moc"
