// Record and replay from the GUI (issue 16, "Interventions belong to the
// engine", "Record, replay, rewind"): every change the worker makes goes
// through Simulator::apply, so the engine's recording of a GUI session
// (File > Save recording) replayed by the engine and by `flitscope-cli run
// RECORDING --json` gives the fingerprint of the session's own event stream;
// File > Open replays a recording to its cycle; a bad recording is refused
// naming the entry and the current session stays.
#include "test_main.h"
#include "changes.h"
#include "network_controller.h"
#include "scenario_files.h"
#include "simulation_controller.h"
#include "torus/simulator_source.h"

#include "routing/routing_tag.h"
#include "scenario/scenario.h"
#include "sim/replay.h"
#include "sim/sim_events.h"
#include "sim/simulator.h"

#include <QApplication>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace flitgui;

namespace {
QString preset(const char* name) { return QString::fromUtf8(FLITSCOPE_PRESETS_DIR) + QLatin1Char('/') + name; }

flit::SimConfig teachingConfig() {
  return flit::simConfigFromScenario(flit::loadScenarioFile(preset("teaching-4x4x4.json").toStdString()));
}

// The engine's replay of a recording: its fingerprint after its cycles.
std::uint64_t replayFingerprint(const flit::Recording& r) {
  flit::Simulator sim(flit::simConfigFromRecording(r));
  flit::FingerprintObserver fp;
  sim.setObserver(&fp);
  sim.run(r.cycles);
  return fp.hash();
}

QString hex(std::uint64_t v) { return QString::number(v, 16); }

void writeText(const QString& path, const QByteArray& text) {
  QFile f(path);
  QVERIFY(f.open(QIODevice::WriteOnly));
  f.write(text);
}
}  // namespace

class TestGuiRecording : public QObject {
  Q_OBJECT
  QTemporaryDir dir_;

 private slots:
  void sessionReplaysToItsFingerprint();
  void aT3eRecordingKeepsItsSyncTreesAndUnits();
  void saveRecordingAndOpenItThroughTheControllers();
  void badRecordingKeepsTheSession_data();
  void badRecordingKeepsTheSession();
};

// A session as the worker runs it: the SimulatorSource's setters between
// cycles, one kind of change after another, an undo (the inverse), a reset.
void TestGuiRecording::sessionReplaysToItsFingerprint() {
  SimulatorSource source(teachingConfig());
  source.run().keepFingerprint(true);
  source.reset();  // from cycle 0 with the fingerprint kept
  const flit::Topology& topo = source.simulator().topology();
  const flit::NodeId src = topo.nodeAt(flit::Coord{{0, 0, 0}});
  const flit::NodeId dst = topo.nodeAt(flit::Coord{{1, 0, 0}});
  const flit::LinkId link = topo.linkFrom(topo.nodeAt(flit::Coord{{1, 2, 3}}), flit::Direction::PlusY);
  const int lutIndex = source.simulator().routing().tables->peMap().logicalOf(dst);
  flit::RoutingTag longWay = flit::RoutingTag::decode(source.simulator().generatedLutEntry(src, lutIndex));
  longWay.xMinus = true;
  auto run = [&](int n) {
    for (int i = 0; i < n; ++i) QVERIFY(source.step());
  };
  run(40);
  source.apply(changes::lutEntry(src, lutIndex, longWay.encode()));
  run(30);
  source.apply(changes::link(link, false));  // the routes are rebuilt, the LUT edit goes back in force
  run(50);
  source.apply(changes::rate(0.05));
  source.apply(changes::pattern(flit::TrafficPattern::Transpose));
  run(50);
  source.apply(changes::adaptive(false));
  source.apply(changes::node(topo.nodeAt(flit::Coord{{2, 2, 2}}), false));
  source.apply(changes::hotSpare(topo.nodeAt(flit::Coord{{3, 3, 1}}), true));
  run(60);
  source.apply(changes::link(link, true));  // undo: the inverse intervention
  source.apply(changes::lutEntry(src, lutIndex, std::nullopt));
  run(70);

  const flit::Recording rec = source.run().recording();
  QCOMPARE(rec.cycles, std::uint64_t{300});
  QVERIFY2(rec.timeline.size() >= 10, qPrintable(QString::number(rec.timeline.size())));
  QCOMPARE(rec.timeline.front().kind, flit::InterventionKind::SetLutEntry);
  QCOMPARE(rec.timeline.front().cycle, std::uint64_t{40});
  // Through the file format and back, the engine replays the session.
  const flit::Recording back = flit::parseRecording(flit::serializeRecording(rec));
  QCOMPARE(back.timeline, rec.timeline);
  const QString sessionFingerprint = hex(source.run().fingerprint());
  QCOMPARE(hex(replayFingerprint(back)), sessionFingerprint);

  // After reset the recording starts from the machine as the person left it.
  source.reset();
  run(25);
  const flit::Topology& rebuilt = source.simulator().topology();  // reset() built a new Simulator: `topo` is gone
  source.apply(changes::link(rebuilt.linkFrom(rebuilt.nodeAt(flit::Coord{{0, 1, 0}}), flit::Direction::PlusX), false));
  run(40);
  const flit::Recording afterReset = flit::parseRecording(flit::serializeRecording(source.run().recording()));
  QCOMPARE(afterReset.cycles, std::uint64_t{65});
  QVERIFY(!afterReset.scenario.failedNodes.empty());
  QCOMPARE(hex(replayFingerprint(afterReset)), hex(source.run().fingerprint()));

  // flitscope-cli run RECORDING --json prints the same fingerprint.
  QVERIFY(dir_.isValid());
  const QString file = dir_.filePath(QStringLiteral("session.json"));
  writeText(file, QByteArray::fromStdString(flit::serializeRecording(rec)));
  QProcess cli;
  cli.start(QStringLiteral(FLITSCOPE_CLI), {QStringLiteral("run"), file, QStringLiteral("--json")});
  QVERIFY(cli.waitForFinished(60000));
  QVERIFY2(cli.exitStatus() == QProcess::NormalExit && cli.exitCode() == 0, cli.readAllStandardError().constData());
  const QJsonObject summary = QJsonDocument::fromJson(cli.readAllStandardOutput()).object();
  QCOMPARE(summary.value(QStringLiteral("fingerprint")).toString(), sessionFingerprint);
}

// The T3E preset's barrier trees and units go into the recording with the
// rest of the machine (before, the window's recording left "sync" out: a
// barrier in its timeline had no tree on replay).
void TestGuiRecording::aT3eRecordingKeepsItsSyncTreesAndUnits() {
  const flit::Scenario t3e = flit::loadScenarioFile(preset("t3e-8x8x8.json").toStdString());
  QVERIFY(!t3e.sync.trees.empty() && t3e.units.known());
  SimulatorSource source(flit::simConfigFromScenario(t3e));
  source.run().keepFingerprint(true);
  source.reset();
  for (int i = 0; i < 60; ++i) QVERIFY(source.step());
  const flit::Recording back = flit::parseRecording(flit::serializeRecording(source.run().recording()));
  QCOMPARE(back.scenario.sync.trees.size(), t3e.sync.trees.size());
  QCOMPARE(back.scenario.units, t3e.units);
  QCOMPARE(hex(replayFingerprint(back)), hex(source.run().fingerprint()));
}

// File > Save recording through the worker (the controller's queue), then
// File > Open of that recording: the simulation replays it to its cycle.
void TestGuiRecording::saveRecordingAndOpenItThroughTheControllers() {
  const QString path = preset("teaching-4x4x4.json");
  NetworkController view;
  QVERIFY(view.loadScenario(path));
  SimulationController sim;
  QVERIFY(sim.loadScenario(path));
  const flit::Topology& topo = *view.topology();
  const flit::LinkId link = topo.linkFrom(topo.nodeAt(flit::Coord{{1, 2, 3}}), flit::Direction::PlusY);
  sim.step(30);
  QTRY_VERIFY_WITH_TIMEOUT(sim.frameSawEveryCommand() && sim.cycle() == 30.0, 10000);
  sim.setLinkUp(link, false);
  sim.setInjectionRate(0.04);
  sim.step(20);
  QTRY_VERIFY_WITH_TIMEOUT(sim.frameSawEveryCommand() && sim.cycle() == 50.0, 10000);
  QVERIFY2(sim.lastError().isEmpty(), qPrintable(sim.lastError()));

  ScenarioFiles files;
  files.setController(&view);
  files.setSimulation(&sim);
  QVERIFY(dir_.isValid());
  const QString saved = dir_.filePath(QStringLiteral("gui-recording.json"));
  const QVariantMap r = QCoro::waitFor(files.saveRecordingFile(saved));
  QVERIFY2(r["ok"].toBool(), qPrintable(r["error"].toString()));
  const flit::Recording rec = flit::loadRecordingFile(saved.toStdString());
  QCOMPARE(rec.cycles, std::uint64_t{50});
  QCOMPARE(rec.timeline.size(), std::size_t{2});
  QCOMPARE(rec.timeline[0].kind, flit::InterventionKind::FailLink);
  QCOMPARE(rec.timeline[0].id, link);
  QCOMPARE(rec.timeline[0].cycle, std::uint64_t{30});
  QCOMPARE(rec.timeline[1].kind, flit::InterventionKind::SetRate);

  // Opened, the view shows its scenario and the engine runs it to cycle 50,
  // with the link failed by the timeline.
  const QVariantMap opened = QCoro::waitFor(files.openFile(saved));
  QVERIFY2(opened["ok"].toBool(), qPrintable(opened["error"].toString()));
  QVERIFY(opened["recording"].toBool());
  QVERIFY(sim.loadScenario(saved));  // as MainWindowSession does on scenarioChanged
  QTRY_VERIFY_WITH_TIMEOUT(sim.frameSawEveryCommand() && sim.cycle() == 50.0 && !sim.running(), 10000);
  QVERIFY(sim.currentFrame());
  QCOMPARE(int(sim.currentFrame()->linkUp[static_cast<std::size_t>(link)]), 0);
  sim.shutdown();
}

void TestGuiRecording::badRecordingKeepsTheSession_data() {
  QTest::addColumn<QByteArray>("text");
  QTest::addColumn<QString>("named");
  const QByteArray scenario = R"("scenario": {"format": "flitscope-scenario", "version": 1,
      "topology": {"radix": [4, 4, 4]}})";
  QTest::newRow("link outside the machine")
      << (R"({"flitscopeRecording": 1, )" + scenario + R"(, "cycles": 100,
           "timeline": [{"cycle": 10, "failLink": "7,0,0:+X"}]})")
      << QStringLiteral("recording.timeline[0].failLink");
  QTest::newRow("out of order")
      << (R"({"flitscopeRecording": 1, )" + scenario + R"(, "cycles": 100,
           "timeline": [{"cycle": 20, "setRate": 0.1}, {"cycle": 10, "setRate": 0.2}]})")
      << QStringLiteral("recording.timeline[1].cycle");
  QTest::newRow("version from the future")
      << (R"({"flitscopeRecording": 9, )" + scenario + R"(, "cycles": 100})")
      << QStringLiteral("recording.flitscopeRecording");
}

// A bad recording opened in the GUI: refused whole, the error names the
// entry, the scenario and the running simulation stay.
void TestGuiRecording::badRecordingKeepsTheSession() {
  QFETCH(QByteArray, text);
  QFETCH(QString, named);
  const QString path = preset("teaching-4x4x4.json");
  NetworkController view;
  QVERIFY(view.loadScenario(path));
  SimulationController sim;
  QVERIFY(sim.loadScenario(path));
  sim.step(10);
  QTRY_VERIFY_WITH_TIMEOUT(sim.frameSawEveryCommand() && sim.cycle() == 10.0, 10000);

  QVERIFY(dir_.isValid());
  const QString bad = dir_.filePath(QStringLiteral("bad-recording.json"));
  writeText(bad, text);
  ScenarioFiles files;
  files.setController(&view);
  files.setSimulation(&sim);
  const QVariantMap r = QCoro::waitFor(files.openFile(bad));
  QVERIFY(!r["ok"].toBool());
  QVERIFY2(r["error"].toString().contains(named), qPrintable(r["error"].toString()));
  QVERIFY2(view.errorString().contains(named), qPrintable(view.errorString()));
  QCOMPARE(view.scenarioFile(), path);
  QVERIFY(!sim.loadScenario(bad));  // the simulation refuses it too and keeps running its own
  QVERIFY2(sim.lastError().contains(named), qPrintable(sim.lastError()));
  QVERIFY(sim.hasSimulation());
  QCOMPARE(sim.cycle(), 10.0);
  sim.shutdown();
}

FLITSCOPE_TEST_MAIN(argc, argv) {
  QApplication app(argc, argv);
  TestGuiRecording t;
  return QTest::qExec(&t, argc, argv);
}

#include "tst_gui_recording.moc"
