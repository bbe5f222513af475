// ScenarioFiles: open and save as QCoro coroutines. Opening a good file
// replaces the scenario (NetworkController::scenarioChanged); a bad one
// keeps the current scenario and reports the field the engine names; saving
// writes the loaded scenario with the links failed in the view, and the file
// parses back to the same scenario (round trip); an unwritable path is an
// error, not a crash; a write that fails part-way leaves the old file whole.
#include "test_main.h"
#include "scenario_files.h"

#include "scenario/scenario.h"

#include <QApplication>
#include <QDir>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <sys/resource.h>

namespace {
QString preset(const char* name) { return QString::fromUtf8(FLITSCOPE_PRESETS_DIR) + QLatin1Char('/') + name; }
QString write(const QTemporaryDir& dir, const QString& name, const QByteArray& text) {
  QFile f(dir.filePath(name));
  if (!f.open(QIODevice::WriteOnly)) return {};
  f.write(text);
  return f.fileName();
}
}  // namespace

class TestScenarioFiles : public QObject {
  Q_OBJECT
  QTemporaryDir dir_;

 private slots:
  void openReplacesTheScenario() {
    NetworkController c;
    QVERIFY(c.loadScenario(preset("teaching-4x4x4.json")));
    ScenarioFiles files;
    files.setController(&c);
    QSignalSpy changed(&c, &NetworkController::scenarioChanged);
    const QVariantMap r = QCoro::waitFor(files.openFile(preset("t3e-8x8x8.json")));
    QVERIFY2(r["ok"].toBool(), qPrintable(r["error"].toString()));
    QCOMPARE(changed.count(), 1);
    QCOMPARE(c.nodeCount(), 512);
    QCOMPARE(c.scenarioFile(), preset("t3e-8x8x8.json"));
    QVERIFY(!files.busy());
  }

  void badFileKeepsTheScenario_data() {
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("field");
    QTest::newRow("radix 1") << QByteArray(R"({"format": "flitscope-scenario", "version": 1, "name": "bad",
        "topology": {"radix": [4, 1, 4], "wrap": [true, true, true]}})") << "radix";
    QTest::newRow("not JSON") << QByteArray("{ nope") << "JSON";
    // Issue 41: a file of 0 bytes, binary, or over the 16 MB a scenario may have.
    QTest::newRow("0 bytes") << QByteArray() << "not valid JSON";
    QByteArray binary(3000, '\0');
    for (int i = 0; i < binary.size(); ++i) binary[i] = static_cast<char>((i * 131 + 7) % 256);
    QTest::newRow("binary") << binary << "not valid JSON";
    QTest::newRow("50 MB") << QByteArray(R"({"format": "flitscope-scenario", "description": ")") + QByteArray(50 << 20, 'x') +
                                  QByteArray(R"("})") << "more than the 16777216 a scenario may have";
    QTest::newRow("unknown pattern") << QByteArray(R"({"format": "flitscope-scenario", "version": 1, "name": "bad",
        "topology": {"radix": [4, 4, 4], "wrap": [true, true, true]}, "traffic": {"pattern": "zigzag"}})") << "pattern";
  }

  void badFileKeepsTheScenario() {
    QFETCH(QByteArray, text);
    QFETCH(QString, field);
    QVERIFY(dir_.isValid());
    const QString path = write(dir_, QStringLiteral("bad.json"), text);
    NetworkController c;
    QVERIFY(c.loadScenario(preset("teaching-4x4x4.json")));
    ScenarioFiles files;
    files.setController(&c);
    QSignalSpy changed(&c, &NetworkController::scenarioChanged);
    const QVariantMap r = QCoro::waitFor(files.openFile(path));
    QVERIFY(!r["ok"].toBool());
    QVERIFY2(r["error"].toString().contains(field), qPrintable(r["error"].toString()));
    QVERIFY2(c.errorString().startsWith(QStringLiteral("bad.json: ")), qPrintable(c.errorString()));
    QVERIFY(c.errorString().contains(field));
    QCOMPARE(changed.count(), 0);
    QCOMPARE(c.nodeCount(), 64);  // the teaching torus stays
    QCOMPARE(files.lastError(), r["error"].toString());
  }

  void missingFileIsAnError() {
    NetworkController c;
    QVERIFY(c.loadScenario(preset("teaching-4x4x4.json")));
    ScenarioFiles files;
    files.setController(&c);
    const QVariantMap r = QCoro::waitFor(files.openFile(dir_.filePath(QStringLiteral("nowhere.json"))));
    QVERIFY(!r["ok"].toBool());
    QVERIFY(r["error"].toString().contains(QStringLiteral("cannot open")));
    QCOMPARE(c.nodeCount(), 64);
  }

  void saveRoundTripsWithFailedLinks() {
    NetworkController c;
    QVERIFY(c.loadScenario(preset("t3e-8x8x8.json")));
    c.setLinkUp(7, false);
    c.setLinkUp(300, false);
    ScenarioFiles files;
    files.setController(&c);
    const QString path = dir_.filePath(QStringLiteral("saved.json"));
    const QVariantMap r = QCoro::waitFor(files.saveFile(path));
    QVERIFY2(r["ok"].toBool(), qPrintable(r["error"].toString()));
    const flit::Scenario back = flit::loadScenarioFile(path.toStdString());
    const flit::Scenario& original = *c.scenario();
    QCOMPARE(back.name, original.name);
    QVERIFY(back.topology == original.topology);
    QCOMPARE(back.seed, original.seed);
    QCOMPARE(back.traffic.pattern, original.traffic.pattern);
    QCOMPARE(back.failedLinks.size(), std::size_t{2});
    const flit::Topology topo = flit::buildTopology(back);
    QVERIFY(!topo.linkUp(7));
    QVERIFY(!topo.linkUp(300));
    QCOMPARE(topo.failedLinkCount(), 2);
    // Opening the saved file shows the same network with the same failures.
    NetworkController c2;
    ScenarioFiles files2;
    files2.setController(&c2);
    QVERIFY(QCoro::waitFor(files2.openFile(path))["ok"].toBool());
    QCOMPARE(c2.failedLinkIds(), c.failedLinkIds());
  }

  // Saving over a file never leaves it half-written (issue 41): the write
  // fails part-way (the process may write at most 100 bytes to a file:
  // RLIMIT_FSIZE, which holds for root too), and the file keeps what it had.
  void aFailedSaveLeavesTheOldFileWhole() {
    NetworkController c;
    QVERIFY(c.loadScenario(preset("teaching-4x4x4.json")));
    ScenarioFiles files;
    files.setController(&c);
    const QByteArray before = "{\"the\": \"scenario saved before\"}";
    const QString path = write(dir_, QStringLiteral("kept.json"), before);
    QVERIFY(!path.isEmpty());
    rlimit old{};
    QCOMPARE(getrlimit(RLIMIT_FSIZE, &old), 0);
    const auto oldSignal = std::signal(SIGXFSZ, SIG_IGN);  // the write fails with EFBIG instead
    rlimit small = old;
    small.rlim_cur = 100;
    QCOMPARE(setrlimit(RLIMIT_FSIZE, &small), 0);
    const QVariantMap r = QCoro::waitFor(files.saveFile(path));
    setrlimit(RLIMIT_FSIZE, &old);
    std::signal(SIGXFSZ, oldSignal);
    QVERIFY(!r["ok"].toBool());
    QVERIFY2(r["error"].toString().startsWith(QStringLiteral("kept.json: cannot write")), qPrintable(r["error"].toString()));
    QFile kept(path);
    QVERIFY(kept.open(QIODevice::ReadOnly));
    QCOMPARE(kept.readAll(), before);
    // Nothing else was left in the folder (QSaveFile's temporary file went).
    QCOMPARE(QDir(dir_.path()).entryList({QStringLiteral("kept.json*")}, QDir::Files), QStringList{QStringLiteral("kept.json")});
  }

  void unwritablePathIsAnError() {
    NetworkController c;
    QVERIFY(c.loadScenario(preset("teaching-4x4x4.json")));
    ScenarioFiles files;
    files.setController(&c);
    const QVariantMap r = QCoro::waitFor(files.saveFile(dir_.filePath(QStringLiteral("no/such/dir/x.json"))));
    QVERIFY(!r["ok"].toBool());
    QVERIFY2(r["error"].toString().startsWith(QStringLiteral("x.json: cannot write")), qPrintable(r["error"].toString()));
  }
};

FLITSCOPE_TEST_MAIN(argc, argv) {
  QApplication app(argc, argv);
  TestScenarioFiles test;
  return QTest::qExec(&test, argc, argv);
}

#include "tst_scenario_files.moc"
