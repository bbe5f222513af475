// Recordings (docs/recording-format.md): a run's scenario plus the timeline of
// what was applied replays to the same event stream (FingerprintObserver);
// bad recordings are refused with an error naming the field.
#include "test_main.h"
#include "sim/replay.h"
#include "sim/simulator.h"

#include <QtTest>

#include <string>

using namespace flit;

namespace {

const char* kScenario =
    R"({"format":"flitscope-scenario","version":1,"seed":11,"topology":{"radix":[4,4,4]},)"
    R"("router":{"vcCount":2,"vcDepthFlits":4,"flowControl":"wormhole"},)"
    R"("routing":{"algorithm":"direction-order"},)"
    R"("traffic":{"rateFlitsPerNodeCycle":0.2,"packetFlits":4},)"
    R"("timeline":[{"cycle":400,"failLink":"1,0,0:+Y"},{"cycle":900,"repairLink":"1,0,0:+Y"}]})";

std::string recordingText(const std::string& timeline, const std::string& extra = "") {
  return R"({"flitscopeRecording":1,"cycles":1000,"scenario":)" +
         std::string(R"({"format":"flitscope-scenario","version":1,"topology":{"radix":[4,4]}})") +
         R"(,"timeline":)" + timeline + extra + "}";
}

}  // namespace

class TstRecording : public QObject {
  Q_OBJECT
 private slots:
  void replayGivesTheSameFingerprint();
  void replayEveryKind();
  void roundTrip();
  void badRecordings_data();
  void badRecordings();
};

void TstRecording::replayGivesTheSameFingerprint() {
  const Scenario scenario = parseScenario(kScenario);
  SimConfig cfg = simConfigFromScenario(scenario);
  cfg.autoRebuild = true;
  Simulator sim(cfg);
  FingerprintObserver fp;
  sim.setObserver(&fp);
  const Topology& topo = sim.topology();
  sim.run(600);
  sim.apply(Intervention::rate(0.05));  // a caller between cycles (the GUI)
  sim.run(100);
  sim.apply(Intervention::node(InterventionKind::FailNode, topo.nodeAt({{2, 2, 2}})));
  sim.apply(Intervention::link(InterventionKind::FailLink,
                               topo.linkFrom(topo.nodeAt({{3, 1, 0}}), Direction::PlusX)));
  sim.run(100);
  sim.apply(Intervention::node(InterventionKind::RepairNode, topo.nodeAt({{2, 2, 2}})));
  sim.resetStats();
  sim.run(700);
  QCOMPARE(sim.applied().size(), std::size_t{6});
  QVERIFY(fp.events() > 10000);

  const Recording rec = recordRun(scenario, sim, 0);
  QCOMPARE(rec.cycles, 1500u);
  const std::string text = serializeRecording(rec);
  QVERIFY(looksLikeRecording(text));
  QVERIFY(!looksLikeRecording(kScenario));
  const Recording loaded = parseRecording(text);
  QVERIFY(loaded.timeline == sim.applied());

  Simulator replay(simConfigFromRecording(loaded));
  FingerprintObserver again;
  replay.setObserver(&again);
  QCOMPARE(replay.run(loaded.cycles), 1500u);
  QCOMPARE(again.events(), fp.events());
  QCOMPARE(again.hash(), fp.hash());
  QCOMPARE(replay.totals().delivered, sim.totals().delivered);
  QVERIFY(replay.applied() == sim.applied());
}

// The other kinds through a save and a load: the teaching torus (T3E
// routing tags, an adaptive VC), a caller applying one of each between cycles.
void TstRecording::replayEveryKind() {
  const Scenario scenario = loadScenarioFile(FLITSCOPE_PRESETS_DIR "/teaching-4x4x4.json");
  SimConfig cfg = simConfigFromScenario(scenario);
  cfg.autoRebuild = true;
  Simulator sim(cfg);
  FingerprintObserver fp;
  sim.setObserver(&fp);
  const Topology& topo = sim.topology();
  const NodeId n0 = topo.nodeAt({{0, 0, 0}});
  Intervention i;
  auto apply = [&sim, &i](InterventionKind k) {
    i.kind = k;
    sim.apply(i);
  };
  sim.run(300);
  i.on = false;
  apply(InterventionKind::SetAdaptive);
  sim.run(200);
  i.pattern = TrafficPattern::Tornado;
  apply(InterventionKind::SetPattern);
  i.arbiter = ArbiterKind::T3e;
  apply(InterventionKind::SetArbiter);
  sim.run(200);
  i.id = topo.nodeAt({{3, 3, 3}});
  i.on = true;
  apply(InterventionKind::SetHotSpare);
  i.id = topo.nodeAt({{1, 1, 1}});
  apply(InterventionKind::FailNode);
  sim.run(200);
  i.id = n0;
  i.lutIndex = 5;
  i.tag = sim.generatedLutEntry(n0, 9);
  apply(InterventionKind::SetLutEntry);
  sim.run(200);
  apply(InterventionKind::RestoreLutEntry);
  i.on = true;
  apply(InterventionKind::SetAdaptive);
  i.age.clockPeriodCycles = 3;
  apply(InterventionKind::SetAgeConfig);
  sim.run(300);
  QCOMPARE(sim.applied().size(), std::size_t{9});
  QVERIFY(!sim.deadlocked());

  const Recording loaded = parseRecording(serializeRecording(recordRun(scenario, sim, 0)));
  QVERIFY(loaded.timeline == sim.applied());
  Simulator replay(simConfigFromRecording(loaded));
  FingerprintObserver again;
  replay.setObserver(&again);
  replay.run(loaded.cycles);
  QCOMPARE(again.events(), fp.events());
  QCOMPARE(again.hash(), fp.hash());
}

void TstRecording::roundTrip() {
  const Recording r = parseRecording(recordingText(
      R"([{"cycle":3,"setRate":0.5},{"cycle":3,"failLink":"0,0:+X"},{"cycle":9,"setPattern":"tornado"}])",
      R"(,"warmupCycles":100,"autoRebuild":false)"));
  QCOMPARE(r.timeline.size(), std::size_t{3});
  QCOMPARE(r.cycles, 1000u);
  QCOMPARE(r.warmupCycles, 100u);
  QVERIFY(!r.autoRebuild);
  const Recording again = parseRecording(serializeRecording(r));
  QVERIFY(again.timeline == r.timeline);
  QCOMPARE(again.cycles, r.cycles);
  QCOMPARE(again.warmupCycles, r.warmupCycles);
  QCOMPARE(again.autoRebuild, r.autoRebuild);
  QCOMPARE(again.scenario.topology, r.scenario.topology);

  // One reader for "a scenario or a recording" (the GUI's three ways to open a file use it).
  const std::string text = serializeRecording(r);
  const ScenarioOrRecording asRecording = parseScenarioOrRecording(text);
  QVERIFY(asRecording.recording.has_value());
  QVERIFY(asRecording.recording->timeline == r.timeline);
  QCOMPARE(asRecording.scenario.topology, r.scenario.topology);
  const ScenarioOrRecording asScenario = parseScenarioOrRecording(serializeScenario(r.scenario));
  QVERIFY(!asScenario.recording.has_value());
  QCOMPARE(asScenario.scenario.topology, r.scenario.topology);
}

void TstRecording::badRecordings_data() {
  QTest::addColumn<QString>("json");
  QTest::addColumn<QString>("error");
  auto row = [](const char* name, const std::string& json, const std::string& error) {
    QTest::newRow(name) << QString::fromStdString(json) << QString::fromStdString(error);
  };
  row("not JSON", "{\"flitscopeRecording\":1,", "recording: not valid JSON");
  row("future version", R"({"flitscopeRecording":2,"cycles":1,"scenario":{}})",
      "recording.flitscopeRecording: version 2 is newer than this Flitscope reads (up to 1)");
  row("no version", R"({"cycles":1,"scenario":{}})", "recording.flitscopeRecording: missing required field");
  row("bad scenario", R"({"flitscopeRecording":1,"cycles":1,"scenario":{"format":"flitscope-scenario","version":1}})",
      "recording.scenario.topology: missing required field");
  row("out of order", recordingText(R"([{"cycle":5,"setRate":0.1},{"cycle":4,"setRate":0.2}])"),
      "recording.timeline[1].cycle: cycles must not decrease: 4 after 5");
  row("malformed entry", recordingText(R"([{"cycle":5,"setRate":0.1},{"cycle":6,"setRate":"fast"}])"),
      "recording.timeline[1].setRate: must be a number");
  row("unknown link", recordingText(R"([{"cycle":5,"failLink":"0,7:+X"}])"),
      "recording.timeline[0].failLink: node (0,7) is outside the topology");
  row("unknown node", recordingText(R"([{"cycle":5,"repairNode":"9,9"}])"),
      "recording.timeline[0].repairNode: node is outside the topology");
  row("after the end", recordingText(R"([{"cycle":1001,"setRate":0.1}])"),
      "recording.timeline[0].cycle: after the last cycle run (1000), got 1001");
  row("missing cycles", R"({"flitscopeRecording":1,"scenario":{"format":"flitscope-scenario","version":1,"topology":{"radix":[4]}}})",
      "recording.cycles: missing required field");
  row("unknown field", recordingText("[]", R"(,"speed":3)"), "recording.speed: unknown field");
  row("scenario with its own timeline",
      R"({"flitscopeRecording":1,"cycles":5,"scenario":{"format":"flitscope-scenario","version":1,"topology":{"radix":[4]},"timeline":[]}})",
      "recording.scenario.timeline: a recording's interventions are in its own timeline");
}

void TstRecording::badRecordings() {
  QFETCH(QString, json);
  QFETCH(QString, error);
  try {
    parseRecording(json.toStdString());
    QFAIL("loaded");
  } catch (const ScenarioError& e) {
    QVERIFY2(QString::fromUtf8(e.what()).startsWith(error), e.what());
  }
}

FLITSCOPE_TEST_APPLESS_MAIN(TstRecording)
#include "tst_recording.moc"
