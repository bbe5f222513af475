// The flitscope executable's command line, run as a process under Xvfb:
// --screenshot writes a PNG of the requested --size and exits 0; a bad
// scenario exits 2 with the engine's field-naming error on stderr; a bad
// option exits 2; --benchmark-frames prints a frame rate; --slice opens the
// 2D slice and a bad plane or index exits 2 naming --slice; --charts docks
// the live charts with the arbitration bars, --arbiter switches the engine's
// arbiter at start (a bad name exits 2); --help needs no display; a
// --fail-link with fewer coordinates than the machine has dimensions exits 2.
#include "test_main.h"
#include "app_info.h"

#include <QImage>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

class TstGuiCommandLine : public QObject {
  Q_OBJECT
 private slots:
  void screenshotWritesPngOfRequestedSize();
  void presenterStartsFullScreen();
  void badScenarioExitsTwoNamingTheField();
  void helpNeedsNoDisplay();
  void versionNamesTheFileFormats();
  void badOptionsExitTwo_data();
  void badOptionsExitTwo();
  void benchmarkPrintsFrameRate();
  void failLinkBadSpecNamesTheOption_data();
  void failLinkBadSpecNamesTheOption();
  void failLinkShowsTheLinkBroken();
  void sliceBadSpecNamesTheOption_data();
  void sliceBadSpecNamesTheOption();
  void sliceOpensThePlane();
  void chartsShowTheArbitrationBars();
  void fatTreeRunsWithItsCircuitsDrawn();
  void lessonOpensAtStart();

 private:
  struct Result {
    int exitCode = -1;
    QString out;
    QString err;
  };
  Result run(const QStringList& args, const QProcessEnvironment& env = QProcessEnvironment::systemEnvironment()) {
    QProcess p;
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(FLITSCOPE_GUI_EXE), args);
    Result r;
    if (!p.waitForFinished(120000)) {
      p.kill();
      p.waitForFinished();
      return r;
    }
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = QString::fromLocal8Bit(p.readAllStandardOutput());
    r.err = QString::fromLocal8Bit(p.readAllStandardError());
    return r;
  }
  QTemporaryDir dir_;
};

void TstGuiCommandLine::screenshotWritesPngOfRequestedSize() {
  const QString png = dir_.filePath(QStringLiteral("shot.png"));
  const Result r = run({QStringLiteral("--screenshot"), png, QStringLiteral("--size"), QStringLiteral("900x600")});
  QVERIFY2(r.exitCode == 0, qPrintable(r.err));
  const QImage image(png);
  QVERIFY(!image.isNull());
  QCOMPARE(image.size() / image.devicePixelRatio(), QSize(900, 600));
  // Not a blank frame: the 3D view shows light (node/link) pixels.
  int light = 0;
  for (int y = 0; y < image.height(); y += 4) {
    for (int x = 0; x < image.width() * 2 / 3; x += 4) light += qGray(image.pixel(x, y)) > 120 ? 1 : 0;
  }
  QVERIFY2(light > 200, qPrintable(QString::number(light)));
}

// --presenter starts in presenter mode (as F5), also in a screenshot run:
// the side panel is away and the view takes its place. (Full screen itself
// is the window manager's to grant; Xvfb has none, so the size stays.)
void TstGuiCommandLine::presenterStartsFullScreen() {
  const QString plain = dir_.filePath(QStringLiteral("plain.png"));
  const QString presenter = dir_.filePath(QStringLiteral("presenter.png"));
  const QStringList common{QStringLiteral("--size"), QStringLiteral("900x600"), QStringLiteral("--screenshot")};
  Result r = run(common + QStringList{plain});
  QVERIFY2(r.exitCode == 0, qPrintable(r.err));
  r = run(QStringList{QStringLiteral("--presenter")} + common + QStringList{presenter});
  QVERIFY2(r.exitCode == 0, qPrintable(r.err));
  // No QML warning: the rewind's Keep/Discard dialog, made at start, looped
  // on its implicit height when presenter mode's larger font came in.
  QVERIFY2(!r.err.contains(QStringLiteral("qrc:/")), qPrintable(r.err));
  // The side panel's background (the window palette's #262b35) in the right
  // fifth of the window, between a third and two thirds of its height.
  const auto panelPixels = [](const QImage& image) {
    int n = 0;
    for (int y = image.height() / 3; y < image.height() * 2 / 3; y += 2)
      for (int x = image.width() * 4 / 5; x < image.width(); x += 2) n += image.pixel(x, y) == qRgb(0x26, 0x2b, 0x35) ? 1 : 0;
    return n;
  };
  const int withPanel = panelPixels(QImage(plain)), inPresenter = panelPixels(QImage(presenter));
  qInfo("side-panel pixels: %d plain, %d in presenter mode", withPanel, inPresenter);
  QVERIFY2(withPanel > 1000 && inPresenter < withPanel / 10, qPrintable(QStringLiteral("%1 vs %2").arg(withPanel).arg(inPresenter)));
}

void TstGuiCommandLine::badScenarioExitsTwoNamingTheField() {
  QFile f(dir_.filePath(QStringLiteral("bad.json")));
  QVERIFY(f.open(QIODevice::WriteOnly));
  f.write(R"({"format": "flitscope-scenario", "version": 1, "name": "x", "seed": 1, "topology": {"radix": [4, 65]}})");
  f.close();
  const Result r = run({QStringLiteral("--scenario"), f.fileName(), QStringLiteral("--screenshot"),
                        dir_.filePath(QStringLiteral("never.png"))});
  QCOMPARE(r.exitCode, 2);
  QVERIFY2(r.err.contains(QStringLiteral("scenario.topology.radix[1]: must be 2..64, got 65")), qPrintable(r.err));
  QVERIFY(!QFile::exists(dir_.filePath(QStringLiteral("never.png"))));
}

// --help is answered before a QApplication exists: no X server needed (with
// the xcb platform forced and no DISPLAY a QApplication would abort).
void TstGuiCommandLine::helpNeedsNoDisplay() {
  QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
  env.remove(QStringLiteral("DISPLAY"));
  env.remove(QStringLiteral("WAYLAND_DISPLAY"));
  env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("xcb"));
  for (const QString& option : {QStringLiteral("--help"), QStringLiteral("-h")}) {
    const Result r = run({option}, env);
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains(QStringLiteral("--scenario")) && r.out.contains(QStringLiteral("--screenshot")),
             qPrintable(r.out));
  }
}

// --version (issue 39) also needs no display, and says what the About dialog
// says (AppInfo): the version and the scenario and recording formats.
void TstGuiCommandLine::versionNamesTheFileFormats() {
  QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
  env.remove(QStringLiteral("DISPLAY"));
  env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("xcb"));
  const QString expected = QStringLiteral("flitscope %1\nscenario format %2, recording format %3\n")
                               .arg(flitgui::AppInfo::version())
                               .arg(flitgui::AppInfo::scenarioFormatVersion())
                               .arg(flitgui::AppInfo::recordingFormatVersion());
  for (const QString& option : {QStringLiteral("--version"), QStringLiteral("-v")}) {
    const Result r = run({option}, env);
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QCOMPARE(r.out, expected);
  }
  QVERIFY(!flitgui::AppInfo::version().isEmpty());
}

void TstGuiCommandLine::badOptionsExitTwo_data() {
  QTest::addColumn<QStringList>("args");
  QTest::newRow("unknown option") << QStringList{QStringLiteral("--frobnicate")};
  QTest::newRow("bad size") << QStringList{QStringLiteral("--size"), QStringLiteral("12by7")};
  QTest::newRow("missing file") << QStringList{QStringLiteral("--scenario"), QStringLiteral("/nonexistent/x.json")};
  QTest::newRow("zero frames") << QStringList{QStringLiteral("--benchmark-frames"), QStringLiteral("0")};
  QTest::newRow("unknown arbiter") << QStringList{QStringLiteral("--arbiter"), QStringLiteral("oldestFirst")};
  QTest::newRow("unknown heat mode") << QStringList{QStringLiteral("--heat"), QStringLiteral("hot")};
  QTest::newRow("max flits not a number") << QStringList{QStringLiteral("--max-flits"), QStringLiteral("many")};
  QTest::newRow("max flits negative") << QStringList{QStringLiteral("--max-flits"), QStringLiteral("-5")};
  QTest::newRow("engine threads not a number") << QStringList{QStringLiteral("--engine-threads"), QStringLiteral("all")};
  QTest::newRow("engine threads too many") << QStringList{QStringLiteral("--engine-threads"), QStringLiteral("65")};
  QTest::newRow("lesson 0") << QStringList{QStringLiteral("--lesson"), QStringLiteral("0")};
  QTest::newRow("lesson 999") << QStringList{QStringLiteral("--lesson"), QStringLiteral("999")};
  QTest::newRow("lesson file missing") << QStringList{QStringLiteral("--lesson"), QStringLiteral("/nonexistent/l.json")};
  QTest::newRow("lesson and scenario")
      << QStringList{QStringLiteral("--lesson"), QStringLiteral("1"), QStringLiteral("--scenario"),
                     QStringLiteral(FLITSCOPE_PRESETS_DIR "/teaching-4x4x4.json")};
}

void TstGuiCommandLine::badOptionsExitTwo() {
  QFETCH(QStringList, args);
  const Result r = run(args);
  QCOMPARE(r.exitCode, 2);
  QVERIFY2(r.err.contains(QStringLiteral("flitscope: ")), qPrintable(r.err));
}

void TstGuiCommandLine::benchmarkPrintsFrameRate() {
  const Result r = run({QStringLiteral("--benchmark-frames"), QStringLiteral("10"), QStringLiteral("--size"),
                        QStringLiteral("640x400")});
  QVERIFY2(r.exitCode == 0, qPrintable(r.err));
  const QRegularExpression fps(QStringLiteral("frames per second: ([0-9.]+)"));
  const auto m = fps.match(r.out);
  QVERIFY2(m.hasMatch(), qPrintable(r.out));
  QVERIFY(m.captured(1).toDouble() > 0.0);
  QVERIFY(r.out.contains(QStringLiteral("frames: 10 ")));
  // After a --run-cycles run too (the benchmark's own run used to be taken
  // for that one still going, and the program never finished), and with the
  // heat map in its change mode.
  const Result after = run({QStringLiteral("--run-cycles"), QStringLiteral("200"), QStringLiteral("--heat"),
                            QStringLiteral("change"), QStringLiteral("--benchmark-frames"), QStringLiteral("10"),
                            QStringLiteral("--size"), QStringLiteral("640x400")});
  QVERIFY2(after.exitCode == 0, qPrintable(after.err));
  QVERIFY2(after.out.contains(QStringLiteral("frames: 10 ")), qPrintable(after.out));
}

void TstGuiCommandLine::failLinkBadSpecNamesTheOption_data() {
  QTest::addColumn<QString>("spec");
  QTest::newRow("direction +Q") << QStringLiteral("1,0,0:+Q");
  QTest::newRow("no direction") << QStringLiteral("1,0,0");
  QTest::newRow("node off the 4x4x4 torus") << QStringLiteral("9,0,0:+X");
  QTest::newRow("two coordinates on the 3D torus") << QStringLiteral("1,0:+Y");
}

void TstGuiCommandLine::failLinkBadSpecNamesTheOption() {
  QFETCH(QString, spec);
  const Result r = run({QStringLiteral("--fail-link"), spec, QStringLiteral("--screenshot"),
                        dir_.filePath(QStringLiteral("never.png"))});
  QCOMPARE(r.exitCode, 2);
  QVERIFY2(r.err.contains(QStringLiteral("--fail-link")), qPrintable(r.err));
  QVERIFY(!QFile::exists(dir_.filePath(QStringLiteral("never.png"))));
}

// --fail-link breaks the link as a click would: the picture differs from the
// intact torus (the red X in its gap) and the engine reroutes around it.
void TstGuiCommandLine::failLinkShowsTheLinkBroken() {
  const QString intact = dir_.filePath(QStringLiteral("intact.png"));
  const QString broken = dir_.filePath(QStringLiteral("broken.png"));
  Result r = run({QStringLiteral("--screenshot"), intact, QStringLiteral("--size"), QStringLiteral("900x600")});
  QVERIFY2(r.exitCode == 0, qPrintable(r.err));
  r = run({QStringLiteral("--fail-link"), QStringLiteral("1,0,0:+Y"), QStringLiteral("--fail-link"),
           QStringLiteral("2,1,3:+X"), QStringLiteral("--screenshot"), broken, QStringLiteral("--size"),
           QStringLiteral("900x600")});
  QVERIFY2(r.exitCode == 0, qPrintable(r.err));
  const QImage a(intact), b(broken);
  QCOMPARE(a.size(), b.size());
  int red = 0;  // failed links are drawn red (scene_palette): count reddish pixels that appeared
  for (int y = 0; y < a.height(); y += 2) {
    for (int x = 0; x < a.width() * 2 / 3; x += 2) {
      const QColor ca = a.pixelColor(x, y), cb = b.pixelColor(x, y);
      const bool redNow = cb.red() > 170 && cb.green() < 110 && cb.blue() < 110;
      const bool redBefore = ca.red() > 170 && ca.green() < 110 && ca.blue() < 110;
      red += redNow && !redBefore ? 1 : 0;
    }
  }
  QVERIFY2(red > 10, qPrintable(QString::number(red)));
}

void TstGuiCommandLine::sliceBadSpecNamesTheOption_data() {
  QTest::addColumn<QString>("spec");
  QTest::addColumn<QString>("says");
  QTest::newRow("plane QQ") << QStringLiteral("QQ:1") << QStringLiteral("PLANE one of XY, YZ, XZ");
  QTest::newRow("index x") << QStringLiteral("XY:x") << QStringLiteral("plane index must be a number");
  QTest::newRow("Z=4 off the 4x4x4 torus") << QStringLiteral("XY:4") << QStringLiteral("must be 0..3 (Z), got 4");
}

void TstGuiCommandLine::sliceBadSpecNamesTheOption() {
  QFETCH(QString, spec);
  QFETCH(QString, says);
  const Result r = run({QStringLiteral("--slice"), spec, QStringLiteral("--screenshot"),
                        dir_.filePath(QStringLiteral("never.png"))});
  QCOMPARE(r.exitCode, 2);
  QVERIFY2(r.err.contains(QStringLiteral("--slice")) && r.err.contains(says), qPrintable(r.err));
  QVERIFY(!QFile::exists(dir_.filePath(QStringLiteral("never.png"))));
}

// --slice XY:1 opens the 2D slice beside the 3D view: its wrap stubs are
// flat lines of exactly the wrap colour (scene_palette::kWrap); the 3D
// view's lit stubs are shades of it.
void TstGuiCommandLine::sliceOpensThePlane() {
  const QString without = dir_.filePath(QStringLiteral("no-slice.png"));
  const QString with = dir_.filePath(QStringLiteral("slice.png"));
  Result r = run({QStringLiteral("--screenshot"), without, QStringLiteral("--size"), QStringLiteral("1100x700")});
  QVERIFY2(r.exitCode == 0, qPrintable(r.err));
  r = run({QStringLiteral("--slice"), QStringLiteral("XY:1"), QStringLiteral("--screenshot"), with,
           QStringLiteral("--size"), QStringLiteral("1100x700")});
  QVERIFY2(r.exitCode == 0, qPrintable(r.err));
  const auto violet = [](const QImage& image) {
    int n = 0;
    for (int y = 0; y < image.height(); ++y)
      for (int x = 0; x < image.width(); ++x) {
        const QRgb c = image.pixel(x, y);
        n += std::abs(qRed(c) - 0xc7) + std::abs(qGreen(c) - 0x7d) + std::abs(qBlue(c) - 0xff) <= 4 ? 1 : 0;
      }
    return n;
  };
  const int before = violet(QImage(without)), after = violet(QImage(with));
  qInfo("pixels of the exact wrap colour: %d without the slice, %d with it", before, after);
  QVERIFY2(after > before + 300, qPrintable(QStringLiteral("%1 -> %2").arg(before).arg(after)));
}

// --charts on the XT merging line (resources/presets/xt-merging-8.json):
// the age-group bars are drawn flat in their colour (#ffb74d) under the age
// arbiter; under round robin (--arbiter) the chart says there are no ages.
// --age-colors hides the VC swatches of the legend (the same amber).
void TstGuiCommandLine::chartsShowTheArbitrationBars() {
  const QString xt = QStringLiteral(FLITSCOPE_SOURCE_DIR "/resources/presets/xt-merging-8.json");
  const QString age = dir_.filePath(QStringLiteral("age.png"));
  const QString roundRobin = dir_.filePath(QStringLiteral("round-robin.png"));
  const QStringList common{QStringLiteral("--scenario"), xt, QStringLiteral("--charts"), QStringLiteral("--age-colors"),
                           QStringLiteral("--run-cycles"), QStringLiteral("3000"), QStringLiteral("--size"),
                           QStringLiteral("1400x900")};
  Result r = run(common + QStringList{QStringLiteral("--screenshot"), age});
  QVERIFY2(r.exitCode == 0, qPrintable(r.err));
  r = run(common + QStringList{QStringLiteral("--arbiter"), QStringLiteral("roundRobin"), QStringLiteral("--screenshot"),
                               roundRobin});
  QVERIFY2(r.exitCode == 0, qPrintable(r.err));
  const auto amber = [](const QImage& image) {
    int n = 0;
    for (int y = image.height() / 2; y < image.height(); ++y)
      for (int x = 0; x < image.width(); ++x) {
        const QRgb c = image.pixel(x, y);
        n += std::abs(qRed(c) - 0xff) + std::abs(qGreen(c) - 0xb7) + std::abs(qBlue(c) - 0x4d) <= 6 ? 1 : 0;
      }
    return n;
  };
  const int withAges = amber(QImage(age)), withoutAges = amber(QImage(roundRobin));
  qInfo("age-bar pixels: %d under the age arbiter, %d under round robin", withAges, withoutAges);
  QVERIFY2(withAges > withoutAges + 300, qPrintable(QStringLiteral("%1 vs %2").arg(withAges).arg(withoutAges)));
}

// A Transit fat-tree scenario (issue 19) opens and runs in the window: after
// 60 cycles at full load the circuits its connections hold are drawn as
// magenta marks (flit::CircuitRun::kCircuitClass) that the unrun picture lacks;
// --map opens its map beside the view (magenta there too, between the 3D
// view and the side panel); --slice is refused for it and --map for a torus, naming the option.
void TstGuiCommandLine::fatTreeRunsWithItsCircuitsDrawn() {
  const QString scenario = QStringLiteral(FLITSCOPE_PRESETS_DIR "/transit-64.json");
  const QString still = dir_.filePath(QStringLiteral("tree.png"));
  const QString running = dir_.filePath(QStringLiteral("tree-run.png"));
  Result r = run({QStringLiteral("--scenario"), scenario, QStringLiteral("--screenshot"), still,
                  QStringLiteral("--size"), QStringLiteral("900x600")});
  QVERIFY2(r.exitCode == 0, qPrintable(r.err));
  r = run({QStringLiteral("--scenario"), scenario, QStringLiteral("--run-cycles"), QStringLiteral("60"),
           QStringLiteral("--screenshot"), running, QStringLiteral("--size"), QStringLiteral("900x600")});
  QVERIFY2(r.exitCode == 0, qPrintable(r.err));
  const QImage a(still), b(running);
  QCOMPARE(a.size(), b.size());
  const auto magenta = [](const QColor& c) { return c.red() > 150 && c.blue() > 90 && c.green() < 110; };
  int before = 0, after = 0;
  // Below the circuit counters (CircuitHud, top left: its legend has a magenta
  // swatch) and left of the side panel (x 560 on: its legend has one too).
  for (int y = 260; y < a.height(); y += 2) {
    for (int x = 0; x < a.width() * 3 / 5; x += 2) {
      before += magenta(a.pixelColor(x, y)) ? 1 : 0;
      after += magenta(b.pixelColor(x, y)) ? 1 : 0;
    }
  }
  QVERIFY2(before == 0 && after > 20, qPrintable(QStringLiteral("%1 -> %2").arg(before).arg(after)));
  const QString mapped = dir_.filePath(QStringLiteral("tree-map.png"));
  r = run({QStringLiteral("--scenario"), scenario, QStringLiteral("--map"), QStringLiteral("--run-cycles"),
           QStringLiteral("60"), QStringLiteral("--screenshot"), mapped, QStringLiteral("--size"), QStringLiteral("900x600")});
  QVERIFY2(r.exitCode == 0, qPrintable(r.err));
  const QImage m(mapped);
  int inMap = 0;
  for (int y = 80; y < m.height() - 140; y += 2)  // the map: between the 3D view and the side panel
    for (int x = m.width() / 4; x < m.width() * 3 / 5; x += 2) inMap += magenta(m.pixelColor(x, y)) ? 1 : 0;
  QVERIFY2(inMap > 10, qPrintable(QString::number(inMap)));
  r = run({QStringLiteral("--scenario"), scenario, QStringLiteral("--slice"), QStringLiteral("XY:0"),
           QStringLiteral("--screenshot"), still});
  QCOMPARE(r.exitCode, 2);
  QVERIFY2(r.err.contains(QStringLiteral("--slice")), qPrintable(r.err));
  r = run({QStringLiteral("--scenario"), QStringLiteral(FLITSCOPE_PRESETS_DIR "/teaching-4x4x4.json"),
           QStringLiteral("--map"), QStringLiteral("--screenshot"), still});
  QCOMPARE(r.exitCode, 2);
  QVERIFY2(r.err.contains(QStringLiteral("--map")), qPrintable(r.err));
}

// --lesson N opens Help > Lessons' N-th lesson at start: its panel docks at
// the left of the window (the 3D view's dark background there without it);
// a lesson file with a bad field exits 2 naming the field.
void TstGuiCommandLine::lessonOpensAtStart() {
  const QString plain = dir_.filePath(QStringLiteral("plain.png"));
  const QString lesson = dir_.filePath(QStringLiteral("lesson.png"));
  const QStringList common{QStringLiteral("--size"), QStringLiteral("1280x720"), QStringLiteral("--screenshot")};
  Result r = run(QStringList{QStringLiteral("--scenario"), QStringLiteral(FLITSCOPE_PRESETS_DIR "/t3e-manual-figure12-2x4x2.json")} +
                 common + QStringList{plain});
  QVERIFY2(r.exitCode == 0, qPrintable(r.err));
  r = run(QStringList{QStringLiteral("--lesson"), QStringLiteral("5")} + common + QStringList{lesson});
  QVERIFY2(r.exitCode == 0, qPrintable(r.err));
  // The lesson panel's background (LessonPanel.qml, #20252f) at the left, where the view's is #1b1f27.
  const auto panelPixels = [](const QImage& image) {
    int n = 0;
    for (int y = 100; y < image.height() - 150; y += 4)
      for (int x = 0; x < 300; x += 4) n += image.pixelColor(x, y) == QColor(0x20, 0x25, 0x2f) ? 1 : 0;
    return n;
  };
  const int without = panelPixels(QImage(plain)), with = panelPixels(QImage(lesson));
  QVERIFY2(without < 100 && with > 2000, qPrintable(QStringLiteral("%1 -> %2").arg(without).arg(with)));
  QFile bad(dir_.filePath(QStringLiteral("bad-lesson.json")));
  QVERIFY(bad.open(QIODevice::WriteOnly));
  bad.write(R"({"format": "flitscope-lesson", "version": 1, "title": "t", "goal": "g", "source": "s",
               "scenario": "teaching-4x4x4.json", "steps": [{"text": "t", "do": "d",
               "check": [{"fact": "cycles", "atLeast": 1}], "solution": [{"do": "run", "cycles": 5}]}]})");
  bad.close();
  r = run(QStringList{QStringLiteral("--lesson"), bad.fileName()} + common + QStringList{lesson});
  QCOMPARE(r.exitCode, 2);
  QVERIFY2(r.err.contains(QStringLiteral("lesson.steps[0].check[0].fact")), qPrintable(r.err));
}

FLITSCOPE_TEST_GUILESS_MAIN(TstGuiCommandLine)
#include "tst_gui_command_line.moc"
