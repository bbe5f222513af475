// File > Export Trace through the controllers (issue 16, "Trace export"): a
// session of the teaching torus with a link failed midway is exported by
// TraceExporter (the session's recording replayed on the thread pool):
//  - the file is trace-event JSON whose inject, deliver, hop, drop, dateline,
//    adaptiveHop and linkFailed counts equal those a headless engine run of
//    the same recording makes (and, over the whole run, the engine's totals);
//  - a cycle range keeps only the events of its cycles;
//  - it is byte for byte what `flitscope-cli run RECORDING --trace FILE
//    --trace-cycles A:B` writes for the recording File > Save Recording saves;
//  - cancel leaves no file (cancelled mid-replay, a file already there stays
//    as it was); a path that cannot be written and a bad range are refused,
//    the message naming the file or the field;
//  - a fat-tree session (transit-64) exports its circuit trace, the same
//    file the command line writes for its saved recording, and a cancel
//    mid-replay leaves no file.
#include "test_main.h"
#include "scenario_files.h"
#include "simulation_controller.h"
#include "trace_exporter.h"

#include "scenario/scenario.h"
#include "sim/replay.h"
#include "sim/sim_events.h"
#include "sim/simulator.h"

#include <QApplication>
#include <QFile>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

#include <atomic>
#include <map>
#include <memory>
#include <string>

using namespace flitgui;

namespace {

constexpr std::uint64_t kFailAt = 250;
constexpr std::uint64_t kRunCycles = 500;

// Engine events by their trace names, of cycles [first, last].
struct EventCounter final : flit::SimObserver {
  std::uint64_t first = 0;
  std::uint64_t last = UINT64_MAX;
  std::map<std::string, std::uint64_t> n;
  void onEvent(const flit::SimEvent& e) override {
    if (e.cycle < first || e.cycle > last) return;
    using K = flit::SimEventKind;
    switch (e.kind) {
      case K::PacketInjected:
        ++n["inject"];
        break;
      case K::Delivered:
        ++n["deliver"];
        break;
      case K::Hop:
        ++n["hop"];
        break;
      case K::Dropped:
        ++n["drop"];
        break;
      case K::DatelineCrossed:
        ++n["dateline"];
        break;
      case K::AdaptiveHop:
        ++n["adaptiveHop"];
        break;
      case K::LinkFailed:
        ++n["linkFailed"];
        break;
      default:
        break;
    }
  }
};

struct ParsedTrace {
  std::map<std::string, std::uint64_t> n;  // instant events by name
  std::uint64_t minTs = UINT64_MAX, maxTs = 0;
};

ParsedTrace readTrace(const QString& path) {
  QFile f(path);
  if (!f.open(QIODevice::ReadOnly)) return {};
  const nlohmann::json j =
      nlohmann::json::parse(f.readAll().toStdString());  // throws when not JSON
  ParsedTrace t;
  for (const auto& e : j.at("traceEvents")) {
    if (e.at("ph") == "M") continue;
    ++t.n[e.at("name").get<std::string>()];
    const auto ts = e.at("ts").get<std::uint64_t>();
    t.minTs = std::min(t.minTs, ts);
    t.maxTs = std::max(t.maxTs, ts);
  }
  return t;
}

QByteArray readAll(const QString& path) {
  QFile f(path);
  return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

}  // namespace

class TestTraceExport : public QObject {
  Q_OBJECT
  QTemporaryDir dir_;
  std::unique_ptr<SimulationController> sim_;
  flit::Recording recording_;  // the session's, as the export replays it

  // The events of cycles [first, last] a headless replay of the recording makes.
  EventCounter engineCounts(std::uint64_t first, std::uint64_t last,
                            flit::SimTotals* totals = nullptr) const {
    flit::Simulator sim(flit::simConfigFromRecording(recording_));
    EventCounter c;
    c.first = first;
    c.last = last;
    sim.setObserver(&c);
    sim.run(recording_.cycles);
    if (totals) *totals = sim.totals();
    return c;
  }

 private slots:
  void initTestCase();
  void cleanupTestCase();
  void wholeRunMatchesTheEngine();
  void cycleRangeKeepsItsCycles();
  void sameFileAsTheCommandLine();
  void cancelLeavesNoFile();
  void cancelMidReplayKeepsTheOlderFile();
  void unwritablePathNamesTheFile();
  void badRangeNamesTheField_data();
  void badRangeNamesTheField();
  void fatTreeSessionIsTracedAsTheCommandLineTracesIt();
};

// The teaching torus runs kRunCycles cycles; a link fails at kFailAt.
void TestTraceExport::initTestCase() {
  QVERIFY(dir_.isValid());
  sim_ = std::make_unique<SimulationController>();
  QVERIFY(sim_->loadScenario(QStringLiteral(FLITSCOPE_PRESETS_DIR "/teaching-4x4x4.json")));
  sim_->setSpeed(0);  // steps at full speed
  sim_->step(static_cast<int>(kFailAt));
  QTRY_VERIFY_WITH_TIMEOUT(sim_->frameSawEveryCommand() && sim_->cycle() == double(kFailAt), 20000);
  const flit::Topology topo =
      flit::buildTopology(flit::loadScenarioFile(FLITSCOPE_PRESETS_DIR "/teaching-4x4x4.json"));
  sim_->setLinkUp(topo.linkFrom(topo.nodeAt(flit::Coord{{1, 1, 1}}), flit::Direction::PlusX),
                  false);
  sim_->step(static_cast<int>(kRunCycles - kFailAt));
  QTRY_VERIFY_WITH_TIMEOUT(sim_->frameSawEveryCommand() && sim_->cycle() == double(kRunCycles),
                           20000);
  QVERIFY2(sim_->lastError().isEmpty(), qPrintable(sim_->lastError()));
  recording_ = QCoro::waitFor(sim_->captureLiveScenario())->recording.value();
  QCOMPARE(recording_.cycles, kRunCycles);
  QCOMPARE(recording_.timeline.size(), std::size_t{1});
  QCOMPARE(recording_.timeline[0].cycle, kFailAt);
}

void TestTraceExport::cleanupTestCase() { sim_->shutdown(); }

void TestTraceExport::wholeRunMatchesTheEngine() {
  TraceExporter exporter;
  exporter.setSimulation(sim_.get());
  QSignalSpy finished(&exporter, &TraceExporter::exportFinished);
  const QString path = dir_.filePath(QStringLiteral("whole.json"));
  const QVariantMap r = QCoro::waitFor(exporter.exportTraceFile(path, 0, -1));
  QVERIFY2(r["ok"].toBool(), qPrintable(r["error"].toString()));
  QCOMPARE(r["lastCycle"].toLongLong(), qint64(kRunCycles));
  QCOMPARE(finished.size(), 1);
  QVERIFY(!exporter.exporting());
  QVERIFY(!exporter.failed());
  QCOMPARE(exporter.progress(), 1.0);
  QCOMPARE(exporter.status(), QStringLiteral("Trace: %1 events written to %2 (cycles 0..%3)")
                                  .arg(r["events"].toULongLong())
                                  .arg(path)
                                  .arg(kRunCycles));
  QVERIFY(!QFile::exists(path + QStringLiteral(".part")));

  const ParsedTrace trace = readTrace(path);
  flit::SimTotals totals;
  const EventCounter engine = engineCounts(0, UINT64_MAX, &totals);
  for (const char* name :
       {"inject", "deliver", "hop", "drop", "dateline", "adaptiveHop", "linkFailed"}) {
    const auto got = trace.n.count(name) ? trace.n.at(name) : 0;
    const auto want = engine.n.count(name) ? engine.n.at(name) : 0;
    QVERIFY2(
        got == want,
        qPrintable(
            QStringLiteral("%1: %2 in the trace, %3 in the engine").arg(name).arg(got).arg(want)));
  }
  QCOMPARE(trace.n.at("inject"), totals.injected);
  QCOMPARE(trace.n.at("deliver"), totals.delivered);
  QCOMPARE(trace.n.at("linkFailed"), std::uint64_t{1});
  QVERIFY(trace.n.at("deliver") > 200 && trace.n.at("hop") > trace.n.at("deliver"));
  QVERIFY(trace.maxTs <= kRunCycles);
}

void TestTraceExport::cycleRangeKeepsItsCycles() {
  TraceExporter exporter;
  exporter.setSimulation(sim_.get());
  const QString path = dir_.filePath(QStringLiteral("range.json"));
  const qint64 first = 200, last = 320;  // around the failure
  const QVariantMap r = QCoro::waitFor(exporter.exportTraceFile(path, first, last));
  QVERIFY2(r["ok"].toBool(), qPrintable(r["error"].toString()));
  QVERIFY2(exporter.status().endsWith(QStringLiteral("(cycles 200..320)")),
           qPrintable(exporter.status()));
  const ParsedTrace trace = readTrace(path);
  QVERIFY(trace.minTs >= std::uint64_t(first));
  QVERIFY(trace.maxTs <= std::uint64_t(last));
  const EventCounter engine = engineCounts(first, last);
  for (const char* name :
       {"inject", "deliver", "hop", "drop", "dateline", "adaptiveHop", "linkFailed"}) {
    const auto got = trace.n.count(name) ? trace.n.at(name) : 0;
    const auto want = engine.n.count(name) ? engine.n.at(name) : 0;
    QVERIFY2(
        got == want,
        qPrintable(
            QStringLiteral("%1: %2 in the trace, %3 in the engine").arg(name).arg(got).arg(want)));
  }
  QCOMPARE(trace.n.at("linkFailed"), std::uint64_t{1});
  QVERIFY(trace.n.at("inject") <
          readTrace(dir_.filePath(QStringLiteral("whole.json"))).n.at("inject"));
}

// The same recording, saved with File > Save Recording and traced by the CLI.
void TestTraceExport::sameFileAsTheCommandLine() {
  ScenarioFiles files;
  files.setSimulation(sim_.get());
  const QString saved = dir_.filePath(QStringLiteral("session.json"));
  const QVariantMap s = QCoro::waitFor(files.saveRecordingFile(saved));
  QVERIFY2(s["ok"].toBool(), qPrintable(s["error"].toString()));
  TraceExporter exporter;
  exporter.setSimulation(sim_.get());
  const QString gui = dir_.filePath(QStringLiteral("gui-trace.json"));
  QVERIFY(QCoro::waitFor(exporter.exportTraceFile(gui, 100, 400))["ok"].toBool());
  const QString cli = dir_.filePath(QStringLiteral("cli-trace.json"));
  QProcess p;
  p.start(QStringLiteral(FLITSCOPE_CLI),
          {QStringLiteral("run"), saved, QStringLiteral("--trace"), cli,
           QStringLiteral("--trace-cycles"), QStringLiteral("100:400")});
  QVERIFY(p.waitForFinished(60000));
  QVERIFY2(p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0,
           p.readAllStandardError().constData());
  const QByteArray a = readAll(gui), b = readAll(cli);
  QVERIFY(a.size() > 1000);
  QVERIFY2(a == b,
           qPrintable(QStringLiteral("GUI %1 bytes, CLI %2 bytes").arg(a.size()).arg(b.size())));
}

void TestTraceExport::cancelLeavesNoFile() {
  TraceExporter exporter;
  exporter.setSimulation(sim_.get());
  const QString path = dir_.filePath(QStringLiteral("cancelled.json"));
  QCoro::Task<QVariantMap> task = exporter.exportTraceFile(path, 0, -1);
  QVERIFY(exporter.exporting());
  exporter.cancel();
  const QVariantMap r = QCoro::waitFor(std::move(task));
  QVERIFY(!r["ok"].toBool());
  QVERIFY(r["cancelled"].toBool());
  QVERIFY(!exporter.exporting());
  QVERIFY(!exporter.failed());
  QVERIFY(exporter.status().contains(QStringLiteral("cancelled")));
  QVERIFY(!QFile::exists(path));
  QVERIFY(!QFile::exists(path + QStringLiteral(".part")));
  // The next export runs.
  QVERIFY(QCoro::waitFor(exporter.exportTraceFile(path, 0, 10))["ok"].toBool());
  QVERIFY(QFile::exists(path));
}

// The thread-pool work cancelled after its first chunk of cycles: its
// FILE.part was being written and is removed; the file at the path stays.
void TestTraceExport::cancelMidReplayKeepsTheOlderFile() {
  const QString path = dir_.filePath(QStringLiteral("kept.json"));
  {
    QFile older(path);
    QVERIFY(older.open(QIODevice::WriteOnly));
    older.write("older");
  }
  std::atomic<bool> cancel{false};
  bool partWritten = false;
  flit::ReplayControl control;
  control.cancel = &cancel;
  control.chunkCycles = 50;
  control.progress = [&](std::uint64_t, std::uint64_t) {
    partWritten = QFile::exists(path + QStringLiteral(".part"));
    cancel = true;
  };
  const TraceExporter::FileOutcome cut = TraceExporter::writeTraceFile(recording_, path, 0, UINT64_MAX, control);
  QVERIFY(cut.cancelled);
  QVERIFY(cut.error.isEmpty());
  QVERIFY(partWritten);
  QVERIFY(!QFile::exists(path + QStringLiteral(".part")));
  QCOMPARE(readAll(path), QByteArray("older"));
  // Run to the end, the trace replaces it: the controller's file of the whole run.
  const TraceExporter::FileOutcome whole = TraceExporter::writeTraceFile(recording_, path, 0, UINT64_MAX);
  QVERIFY(!whole.cancelled);
  QVERIFY2(whole.error.isEmpty(), qPrintable(whole.error));
  QCOMPARE(readAll(path), readAll(dir_.filePath(QStringLiteral("whole.json"))));
}

void TestTraceExport::unwritablePathNamesTheFile() {
  TraceExporter exporter;
  exporter.setSimulation(sim_.get());
  const QString path = dir_.filePath(QStringLiteral("no-such-folder/trace.json"));
  const QVariantMap r = QCoro::waitFor(exporter.exportTraceFile(path, 0, -1));
  QVERIFY(!r["ok"].toBool());
  QVERIFY(!r["cancelled"].toBool());
  QVERIFY2(r["error"].toString().startsWith(path + QStringLiteral(": cannot write the file")),
           qPrintable(r["error"].toString()));
  QVERIFY(exporter.failed());
  QVERIFY2(exporter.status().contains(path), qPrintable(exporter.status()));
  QVERIFY(!QFile::exists(path));
}

void TestTraceExport::badRangeNamesTheField_data() {
  QTest::addColumn<qint64>("first");
  QTest::addColumn<qint64>("last");
  QTest::addColumn<QString>("named");
  QTest::newRow("last before first") << qint64(300) << qint64(200) << QStringLiteral("Last cycle");
  QTest::newRow("last past the run")
      << qint64(0) << qint64(kRunCycles + 1) << QStringLiteral("Last cycle");
  QTest::newRow("first past the run")
      << qint64(kRunCycles + 5) << qint64(-1) << QStringLiteral("First cycle");
  QTest::newRow("first negative") << qint64(-3) << qint64(10) << QStringLiteral("First cycle");
}

void TestTraceExport::badRangeNamesTheField() {
  QFETCH(qint64, first);
  QFETCH(qint64, last);
  QFETCH(QString, named);
  TraceExporter exporter;
  exporter.setSimulation(sim_.get());
  const QString path = dir_.filePath(QStringLiteral("bad-range.json"));
  const QVariantMap r = QCoro::waitFor(exporter.exportTraceFile(path, first, last));
  QVERIFY(!r["ok"].toBool());
  QVERIFY2(r["error"].toString().startsWith(named + QLatin1Char(':')),
           qPrintable(r["error"].toString()));
  QVERIFY(exporter.failed());
  QVERIFY(exporter.status().contains(named));
  QVERIFY(!QFile::exists(path));
}

void TestTraceExport::fatTreeSessionIsTracedAsTheCommandLineTracesIt() {
  SimulationController tree;
  QVERIFY(tree.loadScenario(QStringLiteral(FLITSCOPE_PRESETS_DIR "/transit-64.json")));
  tree.setSpeed(0);
  tree.step(600);
  QTRY_VERIFY_WITH_TIMEOUT(tree.frameSawEveryCommand() && tree.cycle() == 600.0, 20000);
  TraceExporter exporter;
  exporter.setSimulation(&tree);
  const QString gui = dir_.filePath(QStringLiteral("tree-gui.json"));
  const QVariantMap r = QCoro::waitFor(exporter.exportTraceFile(gui, 100, 500));
  QVERIFY2(r["ok"].toBool(), qPrintable(r["error"].toString()));
  QVERIFY(r["events"].toULongLong() > 500);
  const ParsedTrace trace = readTrace(gui);
  QVERIFY(trace.n.at("hop") > 0 && trace.n.at("attempt") > 0 && trace.n.at("deliver") > 0);
  QVERIFY(trace.minTs >= 100 && trace.maxTs <= 500);
  ScenarioFiles files;
  files.setSimulation(&tree);
  const QString saved = dir_.filePath(QStringLiteral("tree-session.json"));
  const QVariantMap s = QCoro::waitFor(files.saveRecordingFile(saved));
  QVERIFY2(s["ok"].toBool(), qPrintable(s["error"].toString()));
  const QString cli = dir_.filePath(QStringLiteral("tree-cli.json"));
  QProcess p;
  p.start(QStringLiteral(FLITSCOPE_CLI), {QStringLiteral("run"), saved, QStringLiteral("--trace"), cli,
                                          QStringLiteral("--trace-cycles"), QStringLiteral("100:500")});
  QVERIFY(p.waitForFinished(60000));
  QVERIFY2(p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0, p.readAllStandardError().constData());
  QCOMPARE(readAll(gui), readAll(cli));
  // Cancelled mid-replay: no file.
  const QString cut = dir_.filePath(QStringLiteral("tree-cut.json"));
  std::atomic<bool> cancel{false};
  flit::ReplayControl control;
  control.cancel = &cancel;
  control.progress = [&](std::uint64_t, std::uint64_t) { cancel = true; };
  const auto live = QCoro::waitFor(tree.captureLiveScenario());
  QVERIFY(live && live->circuitRecording);
  const TraceExporter::FileOutcome o = TraceExporter::writeTraceFile(*live->circuitRecording, cut, 0, UINT64_MAX, control);
  QVERIFY(o.cancelled);
  QVERIFY(!QFile::exists(cut) && !QFile::exists(cut + QStringLiteral(".part")));
  tree.shutdown();
}

FLITSCOPE_TEST_MAIN(argc, argv) {
  QApplication app(argc, argv);
  TestTraceExport t;
  return QTest::qExec(&t, argc, argv);
}

#include "tst_trace_export.moc"
