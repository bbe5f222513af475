// A fat-tree's changes, timeline, checkpoints and recordings (issue 19: the
// fat-tree with the torus's run services): CircuitChange's JSON and its
// errors naming the field, a scenario's timeline applied at its cycles, the
// CircuitCheckpointStore (util/checkpoint_store.h, the torus's rule) giving
// after a rewind exactly the state and the events of a straight run, and a
// recording that replays to the same events.
#include "test_main.h"

#include <QtTest>

#include <sstream>
#include <string>
#include <vector>

#include "fattree/circuit_change.h"
#include "fattree/circuit_checkpoints.h"
#include "fattree/circuit_measure.h"
#include "fattree/circuit_recording.h"
#include "fattree/fat_tree_scenario.h"
#include "scenario/circuit_change_json.h"
#include "scenario/circuit_recording_json.h"
#include "scenario/fat_tree_scenario_json.h"
#include "scenario/json_fields.h"
#include "sim/circuit_fingerprint.h"

using namespace flit;
using namespace flit::fattree;

namespace {

// transit-64 (one UT64x2, 52 RN1s) at a middling load.
FatTreeScenario tree64() {
  FatTreeScenario s;
  s.spec = FatTreeSpec{BlockKind::UT64x2, 1, 0, 1};
  s.seed = 7;
  s.circuit.rate = 0.2;
  s.circuit.pattern = FatTreePattern::Uniform;
  return s;
}

CircuitChange change(std::uint64_t cycle, CircuitChangeKind kind, std::uint32_t id, double rate = 0.0) {
  CircuitChange c;
  c.cycle = cycle;
  c.kind = kind;
  c.id = id;
  c.rate = rate;
  return c;
}

// The window's changes of the tests below: RN1s and a channel failed and
// repaired, the load changed.
std::vector<CircuitChange> windowChanges() {
  return {change(150, CircuitChangeKind::FailRouter, 17), change(260, CircuitChangeKind::FailChannel, 300),
          change(260, CircuitChangeKind::SetRate, 0, 0.6), change(480, CircuitChangeKind::RepairRouter, 17),
          change(610, CircuitChangeKind::FailRouter, 40)};
}

// Everything a run's state shows: counters, faults, every channel's holder.
std::string stateText(const CircuitSimulator& sim) {
  std::ostringstream o;
  const CircuitTotals& t = sim.totals();
  const CircuitStats& st = sim.stats();
  o << "cycle " << sim.cycle() << " created " << t.created << " delivered " << t.delivered << " givenUp "
    << t.givenUp << " inProgress " << t.inProgress << " attempts " << t.attemptsStarted << '/'
    << t.retriesStarted << '/' << t.attemptsFinished << " backingOff " << t.backingOff << " busy "
    << st.blockedBusy << " fault " << st.blockedFault << " latency " << sim.latency().count() << '/'
    << sim.latency().max() << " rate " << sim.config().rate << " applied " << sim.applied().size() << '\n';
  for (std::uint32_t r = 0; r < sim.network().routerCount(); ++r)
    if (sim.faults().routerFailed[r]) o << "router " << r << " failed\n";
  for (std::uint32_t c = 0; c < sim.network().channelIdCount(); ++c) {
    if (sim.faults().channelFailed[c]) o << "channel " << c << " failed\n";
    if (sim.channelHolder(c) != kNoHolder) o << c << '<' << sim.channelHolder(c) << ' ';
  }
  return o.str();
}

// Runs to `to` through the store, applying `changes` at their cycles.
void runUntil(CircuitCheckpointStore& store, CircuitSimulator& sim, std::uint64_t to,
              const std::vector<CircuitChange>& changes) {
  while (sim.cycle() < to) {
    for (const CircuitChange& c : changes)
      if (c.cycle == sim.cycle()) store.apply(sim, c);
    QVERIFY(store.step(sim));
  }
}

std::uint64_t fingerprintAhead(CircuitCheckpointStore& store, CircuitSimulator& sim, std::uint64_t cycles,
                               const std::vector<CircuitChange>& changes = {}) {
  CircuitFingerprintObserver fp;
  sim.setObserver(&fp);
  runUntil(store, sim, sim.cycle() + cycles, changes);
  sim.setObserver(nullptr);
  return fp.fp.hash() ^ fp.fp.events();
}

CircuitSimulator simOf(const FatTreeScenario& s) { return scenarioSimulator(buildFatTree(s.spec), s); }

}  // namespace

class TstCircuitRewind : public QObject {
  Q_OBJECT
 private slots:
  void changesReadAndWrite();
  void badChangesNameTheField_data();
  void badChangesNameTheField();
  void scenarioTimelineAppliesAtItsCycles();
  void rewindThenRunEqualsStraightRun_data();
  void rewindThenRunEqualsStraightRun();
  void checkpointsShareTheNetwork();
  void discardDropsLaterChanges();
  void recordingRoundTripsAndReplays();
  void badRecordingsNameTheField_data();
  void badRecordingsNameTheField();
};

void TstCircuitRewind::changesReadAndWrite() {
  const CircuitIdCounts counts = circuitIdCounts(tree64().spec);
  QCOMPARE(counts.routers, 52u);  // Table 1: UT64x2
  QCOMPARE(counts.channels, 52u * 8 + 64 * 2);
  QCOMPARE(counts.unitTrees, 1u);
  const nlohmann::json text = nlohmann::json::parse(
      R"([{"cycle": 500, "setRate": 0.25}, {"cycle": 20, "failRouter": 51}, {"cycle": 20, "failUnitTree": 0},
          {"cycle": 40, "repairChannel": 543}])");
  const std::vector<CircuitChange> read = readCircuitTimeline(text, "scenario.timeline", counts, false);
  QCOMPARE(read.size(), 4u);
  QCOMPARE(read[0].kind, CircuitChangeKind::SetRate);  // the file's order: the simulator sorts
  QCOMPARE(read[0].rate, 0.25);
  QCOMPARE(read[1].id, 51u);
  QCOMPARE(read[3].id, 543u);
  QCOMPARE(circuitTimelineToJson(read), text);
  QCOMPARE(describeCircuitChange(read[1]), std::string("cycle 20 failRouter 51"));
  for (int k = 0; k < kCircuitChangeKindCount; ++k) {
    const auto kind = static_cast<CircuitChangeKind>(k);
    QCOMPARE(parseCircuitChangeKind(circuitChangeKindName(kind)), std::optional(kind));
  }
  // A scenario's timeline round-trips through its file.
  FatTreeScenario s = tree64();
  s.timeline = read;
  QCOMPARE(parseFatTreeScenario(serializeFatTreeScenario(s)), s);
}

void TstCircuitRewind::badChangesNameTheField_data() {
  QTest::addColumn<QString>("entry");
  QTest::addColumn<QString>("error");
  QTest::newRow("router id") << R"({"cycle": 1, "failRouter": 52})" << "t[0].failRouter: must be 0..51, got 52";
  QTest::newRow("channel id") << R"({"cycle": 1, "failChannel": -1})" << "t[0].failChannel: must be 0..543, got -1";
  QTest::newRow("rate") << R"({"cycle": 1, "setRate": 1.5})" << "t[0].setRate: must be";
  QTest::newRow("no change") << R"({"cycle": 1})" << "t[0]: missing the change: one of failRouter,";
  QTest::newRow("two changes") << R"({"cycle": 1, "failRouter": 1, "failChannel": 2})" << "t[0]: one change per entry";
  QTest::newRow("unknown key") << R"({"cycle": 1, "failRouter": 1, "when": 2})" << "t[0].when";
  QTest::newRow("no cycle") << R"({"failRouter": 1})" << "t[0].cycle: missing";
}

void TstCircuitRewind::badChangesNameTheField() {
  QFETCH(QString, entry);
  QFETCH(QString, error);
  const nlohmann::json j = nlohmann::json::array({nlohmann::json::parse(entry.toStdString())});
  try {
    readCircuitTimeline(j, "t", circuitIdCounts(tree64().spec), false);
    QFAIL("accepted");
  } catch (const ScenarioError& e) {
    QVERIFY2(QString::fromStdString(e.what()).contains(error), e.what());
  }
}

// Scenario timeline entries take effect before their cycle runs, each one
// recorded in applied() with its cycle; the state between is the straight
// run's with the same calls made by hand.
void TstCircuitRewind::scenarioTimelineAppliesAtItsCycles() {
  FatTreeScenario s = tree64();
  s.timeline = {change(300, CircuitChangeKind::FailUnitTree, 0), change(100, CircuitChangeKind::FailChannel, 3),
                change(300, CircuitChangeKind::RepairUnitTree, 0), change(200, CircuitChangeKind::SetRate, 0, 0.9)};
  CircuitSimulator sim = simOf(s);
  CircuitSimulator byHand = simOf(tree64());
  byHand.run(100);
  byHand.failChannel(3);
  byHand.run(100);
  byHand.setRate(0.9);
  byHand.run(100);
  byHand.failBlock(0);
  byHand.repairBlock(0);
  byHand.run(100);
  sim.run(100);
  QVERIFY(!sim.faults().channelFailed[3]);  // the state at 100 is before the change stamped 100
  sim.run(300);
  QCOMPARE(stateText(sim).substr(0, stateText(sim).find(" applied")),
           stateText(byHand).substr(0, stateText(byHand).find(" applied")));
  QCOMPARE(sim.applied().size(), 4u);
  QCOMPARE(sim.applied()[0].cycle, 100u);
  QCOMPARE(sim.applied()[1].kind, CircuitChangeKind::SetRate);
  QCOMPARE(sim.applied()[2].kind, CircuitChangeKind::FailUnitTree);  // stable: the file's order within a cycle
  QVERIFY(sim.faults().channelFailed[3]);
  QVERIFY(!sim.faults().routerFailed[4]);  // the unit tree came back
}

void TstCircuitRewind::rewindThenRunEqualsStraightRun_data() {
  QTest::addColumn<quint64>("rewindTo");
  QTest::addColumn<quint64>("runTo");
  // The run goes to 700; checkpoints every 100 cycles.
  QTest::newRow("450 -> 640") << quint64{450} << quint64{640};
  QTest::newRow("260 (a change's cycle) -> 300") << quint64{260} << quint64{300};
  QTest::newRow("60 (before any checkpoint) -> 700") << quint64{60} << quint64{700};
  QTest::newRow("700 -> 700") << quint64{700} << quint64{700};
}

// Back to a cycle and on again: the state and the events of a run that went
// straight there with the same changes.
void TstCircuitRewind::rewindThenRunEqualsStraightRun() {
  QFETCH(quint64, rewindTo);
  QFETCH(quint64, runTo);
  const CheckpointPolicy policy{100, std::size_t{64} << 20};
  CircuitSimulator straight = simOf(tree64());
  CircuitCheckpointStore straightStore(straight, policy);
  runUntil(straightStore, straight, rewindTo, windowChanges());
  const std::string atTarget = stateText(straight);
  const std::uint64_t ahead = fingerprintAhead(straightStore, straight, runTo - rewindTo, windowChanges());

  CircuitSimulator sim = simOf(tree64());
  CircuitCheckpointStore store(sim, policy);
  runUntil(store, sim, 700, windowChanges());
  QVERIFY(store.checkpointCycles().size() >= 6);
  store.rewind(sim, static_cast<std::int64_t>(rewindTo));
  QCOMPARE(sim.cycle(), rewindTo);
  QCOMPARE(stateText(sim), atTarget);
  QCOMPARE(store.lastCycle(sim), 700u);
  // The changes after the target are pending and apply again on the way.
  for (const CircuitChange& c : store.pending()) QVERIFY(c.cycle >= rewindTo);
  QCOMPARE(fingerprintAhead(store, sim, runTo - rewindTo), ahead);
}

// A checkpoint is the run's state: the network is shared by every copy, and
// a copy holds no spare capacity (the wheel's buckets keep theirs, up to
// 3 MB at full load, only in the running simulator).
void TstCircuitRewind::checkpointsShareTheNetwork() {
  FatTreeScenario s = tree64();
  s.spec = FatTreeSpec{BlockKind::UT64x2, 64, 1, 1};  // transit-4k
  CircuitSimulator sim = simOf(s);
  sim.run(300);
  const CircuitSimulator copy = sim;
  QCOMPARE(&copy.network(), &sim.network());
  QVERIFY(sim.memoryBytes() > 4096u * 8);  // per-endpoint state
  QVERIFY2(sim.memoryBytes() < std::size_t{1} << 20, qPrintable(QString::number(sim.memoryBytes())));
}

void TstCircuitRewind::discardDropsLaterChanges() {
  CircuitSimulator sim = simOf(tree64());
  CircuitCheckpointStore store(sim, CheckpointPolicy{100, std::size_t{64} << 20});
  runUntil(store, sim, 700, windowChanges());
  store.rewind(sim, 200);
  QCOMPARE(store.pending().size(), 4u);  // 260, 260, 480, 610
  QCOMPARE(store.timeline(sim).size(), 5u);
  QVERIFY(store.timeline(sim).back().pending);
  store.discardPending(sim);
  QVERIFY(store.pending().empty());
  QCOMPARE(store.lastCycle(sim), 200u);
  store.run(sim, 600);
  QVERIFY(sim.faults().routerFailed[17]);  // never repaired now
  QVERIFY(!sim.faults().routerFailed[40]);
  QCOMPARE(sim.config().rate, 0.2);
  QVERIFY_THROWS_EXCEPTION(std::invalid_argument, store.rewind(sim, 900));
  QVERIFY_THROWS_EXCEPTION(std::invalid_argument, store.rewind(sim, -1));
}

// The window's run with changes, as a recording: written and read back
// equal, and its replay gives the events and the state of the run.
void TstCircuitRewind::recordingRoundTripsAndReplays() {
  const FatTreeScenario s = tree64();
  CircuitSimulator sim = simOf(s);
  CircuitFingerprintObserver fp;
  sim.setObserver(&fp);
  CircuitCheckpointStore store(sim, CheckpointPolicy{100, std::size_t{64} << 20});
  runUntil(store, sim, 700, windowChanges());
  store.apply(sim, change(0, CircuitChangeKind::FailChannel, 5));  // made while paused at the end
  const CircuitRecording rec = recordCircuitRun(s, sim, 0);
  QCOMPARE(rec.cycles, 700u);
  QCOMPARE(rec.timeline.size(), windowChanges().size() + 1);
  QCOMPARE(rec.timeline.back().cycle, 700u);
  const CircuitRecording back = parseCircuitRecording(serializeCircuitRecording(rec));
  QCOMPARE(back, rec);
  const FatTreeScenarioOrRecording either = parseFatTreeScenarioOrRecording(serializeCircuitRecording(rec));
  QVERIFY(either.recording.has_value());
  QCOMPARE(either.scenario, s);

  CircuitSimulator replay = simOf(replayScenario(back));
  CircuitFingerprintObserver replayFp;
  replay.setObserver(&replayFp);
  QCOMPARE(replayCircuitRecording(replay, back.warmupCycles, back.cycles), 700u);
  QCOMPARE(replayFp.fp.hash(), fp.fp.hash());
  QCOMPARE(stateText(replay), stateText(sim));  // the channel failed at the end included
  QVERIFY(replay.faults().channelFailed[5]);
}

void TstCircuitRewind::badRecordingsNameTheField_data() {
  QTest::addColumn<QString>("json");
  QTest::addColumn<QString>("error");
  const std::string scenario = fatTreeScenarioToJson(tree64()).dump();
  const auto rec = [&](const std::string& rest) {
    return QString::fromStdString(R"({"flitscopeRecording": 1, "scenario": )" + scenario + rest + "}");
  };
  QTest::newRow("newer") << QString::fromStdString(R"({"flitscopeRecording": 2, "cycles": 1, "scenario": )" + scenario + "}")
                         << "recording.flitscopeRecording: version 2 is newer";
  QTest::newRow("order") << rec(R"(, "cycles": 10, "timeline": [{"cycle": 5, "failRouter": 1}, {"cycle": 4, "failRouter": 2}])")
                         << "recording.timeline[1].cycle: cycles must not decrease: 4 after 5";
  QTest::newRow("beyond") << rec(R"(, "cycles": 10, "timeline": [{"cycle": 11, "failRouter": 1}])")
                          << "recording.timeline[0].cycle: after the last cycle run (10), got 11";
  QTest::newRow("id") << rec(R"(, "cycles": 10, "timeline": [{"cycle": 1, "repairUnitTree": 1}])")
                      << "recording.timeline[0].repairUnitTree: must be 0..0, got 1";
  QTest::newRow("torus key") << rec(R"(, "cycles": 10, "autoRebuild": true)") << "recording.autoRebuild";
  QTest::newRow("scenario field")
      << QString::fromStdString(R"({"flitscopeRecording": 1, "cycles": 1, "scenario": {"format": "flitscope-scenario", "version": 1, "topology": {"family": "fatTree", "unitTrees": {"UT64x2": 3}}}})")
      << "recording.scenario.topology";
}

void TstCircuitRewind::badRecordingsNameTheField() {
  QFETCH(QString, json);
  QFETCH(QString, error);
  try {
    parseCircuitRecording(json.toStdString());
    QFAIL("accepted");
  } catch (const ScenarioError& e) {
    QVERIFY2(QString::fromStdString(e.what()).contains(error), e.what());
  }
}

FLITSCOPE_TEST_APPLESS_MAIN(TstCircuitRewind)
#include "tst_circuit_rewind.moc"
