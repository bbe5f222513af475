// Work that survives a crash (issue 41; app/gui/session/autosave.h): a running
// window keeps its recording on disk; killed with SIGKILL, the next start
// offers it in a dialog, and Restore (a real click) replays it to the same
// cycle with the same change in force and the same packets delivered as the
// run itself, and shows it as the killed window did (camera, panels, slice,
// colouring). Discard removes it; a second window started beside a running
// one offers nothing and keeps its own run; a window that closes normally
// leaves nothing to restore. One window (session) for the whole test, as in the
// other render tests.
#include "test_main.h"
#include "gui_session.h"

#include <QApplication>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJSValue>
#include <QLockFile>
#include <QProcess>
#include <QQuickItem>
#include <QQuickWindow>
#include <QTemporaryDir>
#include <QtQml/qqmlextensionplugin.h>
#include <QtTest>

#include "../app/window_test_support.h"
#include "render_helpers.h"

Q_IMPORT_QML_PLUGIN(FlitscopePlugin)

using flitgui::Autosave;

class TstAutosave : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase();
  void aKilledWindowsRunIsRestored();
  void discardRemovesTheKeptRun();
  void aSecondWindowLeavesTheFirstsRunAlone();
  void everySlotHeldKeepsNothingAndSaysSo();
  void aRequestIsAnsweredOrDroppedNeverLeftWaiting();
  void aNormalCloseLeavesNothing();

 private:
  // The restore dialog (a Popup, not an item) is shown.
  bool dialogShown() const {
    const QObject* d = session_->window()->findChild<QObject*>(QStringLiteral("restoreDialog"));
    return d && d->property("visible").toBool();
  }
  QQuickItem* item(const char* name) const {
    return session_->window()->findChild<QQuickItem*>(QString::fromLatin1(name));
  }
  void click(const char* name) { window_test::clickItem(session_->window(), item(name)); }
  void startSession() {
    session_ = std::make_unique<MainWindowSession>();
    GuiOptions options;
    options.windowSize = QSize(1280, 800);
    options.autosaveSeconds = 1;
    startActiveSession(*session_, options);
  }
  // Main.qml's viewState(): what the window shows, as the autosave keeps it.
  QJsonObject viewState() const {
    QVariant state;
    if (!QMetaObject::invokeMethod(session_->rootObject(), "viewState", Q_RETURN_ARG(QVariant, state))) return {};
    return QJsonDocument::fromJson(QJsonDocument(QJsonObject::fromVariantMap(state.value<QJSValue>().toVariant().toMap()))
                                       .toJson(QJsonDocument::Compact))
        .object();
  }
  static QJsonObject readJson(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return {};
    return QJsonDocument::fromJson(f.readAll()).object();
  }
  QTemporaryDir dir_;
  std::unique_ptr<MainWindowSession> session_;
};

void TstAutosave::initTestCase() {
  QVERIFY(dir_.isValid());
  // The kept run lives in <XDG_DATA_HOME>/flitscope/autosave, for the
  // window this test starts as a process and for the sessions it makes.
  qputenv("XDG_DATA_HOME", dir_.path().toLocal8Bit());
  QVERIFY(Autosave::folder().startsWith(dir_.path()));
}

void TstAutosave::aKilledWindowsRunIsRestored() {
  // A window runs 400 cycles with a broken link, keeping its run every second...
  QProcess window;
  window.setProcessChannelMode(QProcess::ForwardedErrorChannel);
  window.start(QStringLiteral(FLITSCOPE_GUI_EXE),
               {QStringLiteral("--scenario"), QStringLiteral(FLITSCOPE_PRESETS_DIR "/teaching-4x4x4.json"),
                QStringLiteral("--fail-link"), QStringLiteral("1,1,0:+X"), QStringLiteral("--run-cycles"),
                QStringLiteral("400"), QStringLiteral("--autosave-seconds"), QStringLiteral("1"),
                // ... shown its own way: the charts, the heat map by change, the XZ slice at y = 2, age colours.
                QStringLiteral("--charts"), QStringLiteral("--heat"), QStringLiteral("change"), QStringLiteral("--slice"),
                QStringLiteral("XZ:2"), QStringLiteral("--age-colors")});
  QVERIFY(window.waitForStarted());
  QTRY_VERIFY_WITH_TIMEOUT(readJson(Autosave::path()).value(QStringLiteral("cycles")).toInt() == 400, 60000);
  // What it shows is kept beside the run (the slice's panel has opened: the
  // camera fitted to the narrower view).
  QTRY_VERIFY_WITH_TIMEOUT(readJson(Autosave::viewPath()).value(QStringLiteral("panels")).toObject().value(QStringLiteral("charts")).toBool(), 30000);
  QTest::qWait(1500);  // the fit after the slice opened, and the save after it
  // ... and is killed (no chance to tidy up).
  window.kill();
  QVERIFY(window.waitForFinished());
  const QJsonObject kept = readJson(Autosave::path());
  QCOMPARE(kept.value(QStringLiteral("timeline")).toArray().size(), 1);
  QVERIFY(kept.value(QStringLiteral("timeline")).toArray()[0].toObject().contains(QStringLiteral("failLink")));
  const QJsonObject keptView = readJson(Autosave::viewPath());
  const QJsonObject keptPanels = keptView.value(QStringLiteral("panels")).toObject();
  QVERIFY(keptPanels.value(QStringLiteral("charts")).toBool() && keptPanels.value(QStringLiteral("detour")).toBool() &&
          keptPanels.value(QStringLiteral("slice")).toBool() && !keptPanels.value(QStringLiteral("heat")).toBool());
  QVERIFY(!keptPanels.contains(QStringLiteral("breakMode")));  // never kept: a click after a restore breaks nothing
  QCOMPARE(keptView.value(QStringLiteral("slice")).toObject().value(QStringLiteral("plane")).toInt(), 2);  // XZ
  QCOMPARE(keptView.value(QStringLiteral("slice")).toObject().value(QStringLiteral("index")).toInt(), 2);
  QVERIFY(keptView.value(QStringLiteral("ageColors")).toBool());

  // The next start offers it; Restore replays it.
  startSession();
  QTRY_VERIFY(dialogShown());
  QVERIFY(session_->rootObject()->property("autosave").value<Autosave*>()->restoreText().contains(QStringLiteral("cycle 400")));
  QVERIFY(!QFile::exists(Autosave::path()));  // moved aside: this run keeps its own
  QVERIFY(QFile::exists(Autosave::leftOverPath()));
  QTRY_VERIFY(item("restoreRunButton") && item("restoreRunButton")->isVisible());
  session_->window()->grabWindow().save(QStringLiteral("restore_dialog.png"));  // to look at
  click("restoreRunButton");
  flitgui::SimulationController* sim = session_->simulation();
  QTRY_VERIFY_WITH_TIMEOUT(sim->cycle() == 400 && !sim->running(), 60000);
  QCOMPARE(session_->controller()->failedLinkCount(), 1);
  QCOMPARE(session_->controller()->failedLinkIds().front(), session_->controller()->findLink(QStringLiteral("1,1,0:+X")));
  QTRY_VERIFY(!dialogShown());
  QVERIFY(!QFile::exists(Autosave::leftOverPath()));
  QVERIFY(!QFile::exists(Autosave::leftOverViewPath()));
  QTRY_VERIFY(sim->packetsDelivered() > 0);
  const double restored = sim->packetsDelivered();
  // ... and shown as the killed window showed it: the same panels, slice,
  // colouring and camera (this session started with none of them).
  QTRY_COMPARE(viewState(), keptView);
  QVERIFY(item("slicePanel")->isVisible());
  QTest::qWait(600);  // longer than the view's fit after a resize: the camera stays
  QCOMPARE(viewState(), keptView);
  session_->window()->grabWindow().save(QStringLiteral("restored_view.png"));  // to look at

  // The same run made here: the same packets delivered by cycle 400.
  QVERIFY(session_->controller()->loadScenario(QStringLiteral(FLITSCOPE_PRESETS_DIR "/teaching-4x4x4.json")));
  QTRY_VERIFY(sim->hasSimulation() && sim->cycle() == 0);
  session_->controller()->setLinkUp(session_->controller()->findLink(QStringLiteral("1,1,0:+X")), false);
  runToAndWait(sim, 400);
  QTRY_COMPARE(sim->packetsDelivered(), restored);
}

// The next start finds a kept run again (here: this window's own, as the
// start a killed window's successor makes would find it); Discard drops it
// and loads nothing.
void TstAutosave::discardRemovesTheKeptRun() {
  flitgui::SimulationController* sim = session_->simulation();
  const int target = static_cast<int>(sim->cycle()) + 120;
  runToAndWait(sim, target);
  QTRY_VERIFY_WITH_TIMEOUT(readJson(Autosave::path()).value(QStringLiteral("cycles")).toInt() == target, 10000);
  Autosave* autosave = session_->rootObject()->property("autosave").value<Autosave*>();
  autosave->start(1);  // what MainWindowSession::start does
  QTRY_VERIFY(dialogShown());
  QVERIFY(autosave->restoreText().contains(QStringLiteral("cycle %1").arg(target)));
  QTRY_VERIFY(item("discardRunButton") && item("discardRunButton")->isVisible());
  click("discardRunButton");
  QTRY_VERIFY(!dialogShown());
  QVERIFY(!QFile::exists(Autosave::leftOverPath()));
  QCOMPARE(sim->cycle(), static_cast<double>(target));  // nothing was loaded
}

// A second window started while the first runs (two windows on one
// desktop) offers nothing: the first's run is live, not killed. Each keeps
// its own run in its own slot, and closing the second leaves the first's.
void TstAutosave::aSecondWindowLeavesTheFirstsRunAlone() {
  flitgui::SimulationController* sim = session_->simulation();
  const int target = static_cast<int>(sim->cycle()) + 60;
  runToAndWait(sim, target);
  Autosave* first = session_->rootObject()->property("autosave").value<Autosave*>();
  const QString firstPath = Autosave::path(first->slot());
  QTRY_VERIFY_WITH_TIMEOUT(readJson(firstPath).value(QStringLiteral("cycles")).toInt() == target, 10000);

  auto second = std::make_unique<MainWindowSession>();
  GuiOptions options;
  options.windowSize = QSize(1280, 800);
  options.autosaveSeconds = 1;
  QVERIFY(second->start(options));
  Autosave* secondAutosave = second->rootObject()->property("autosave").value<Autosave*>();
  QVERIFY(!secondAutosave->restorable());
  QVERIFY(secondAutosave->slot() >= 0 && secondAutosave->slot() != first->slot());
  QCOMPARE(readJson(firstPath).value(QStringLiteral("cycles")).toInt(), target);  // not moved aside
  QVERIFY(!QFile::exists(Autosave::leftOverPath()));
  runToAndWait(second->simulation(), 50);
  const QString secondPath = Autosave::path(secondAutosave->slot());
  QTRY_VERIFY_WITH_TIMEOUT(readJson(secondPath).value(QStringLiteral("cycles")).toInt() == 50, 10000);
  QCOMPARE(readJson(firstPath).value(QStringLiteral("cycles")).toInt(), target);  // not written over
  second.reset();  // the second window closes
  QVERIFY(!QFile::exists(secondPath));
  QCOMPARE(readJson(firstPath).value(QStringLiteral("cycles")).toInt(), target);
}

// Sixteen windows already keep their runs: the seventeenth keeps nothing,
// writes over none of theirs, and says so in its status bar.
void TstAutosave::everySlotHeldKeepsNothingAndSaysSo() {
  std::vector<std::unique_ptr<QLockFile>> held;  // the other windows' locks (one is session_'s)
  for (int slot = 0; slot < Autosave::kSlots; ++slot) {
    auto lock = std::make_unique<QLockFile>(Autosave::lockPath(slot));
    if (lock->tryLock(0)) held.push_back(std::move(lock));
  }
  QCOMPARE(static_cast<int>(held.size()), Autosave::kSlots - 1);
  MainWindowSession extra;
  GuiOptions options;
  options.windowSize = QSize(1280, 800);
  options.autosaveSeconds = 1;
  QVERIFY(extra.start(options));
  QCOMPARE(extra.rootObject()->property("autosave").value<Autosave*>()->slot(), -1);
  auto* label = extra.window()->findChild<QQuickItem*>(QStringLiteral("autosaveErrorLabel"));
  QVERIFY(label);
  QTRY_VERIFY(label->isVisible());
  QVERIFY2(label->property("text").toString().contains(QStringLiteral("16 windows already keep their runs")),
           qPrintable(label->property("text").toString()));
  // The first window's status bar has nothing to say.
  auto* firstLabel = session_->window()->findChild<QQuickItem*>(QStringLiteral("autosaveErrorLabel"));
  QVERIFY(firstLabel && !firstLabel->isVisible());
}

// What the autosave asks the engine for comes back from a frame, or as
// nothing when the window closes first: no save is left waiting on a timer
// (a closed window's did, and LeakSanitizer found it at exit).
void TstAutosave::aRequestIsAnsweredOrDroppedNeverLeftWaiting() {
  using flitgui::LiveScenario;
  int answers = 0;
  std::shared_ptr<const LiveScenario> answer;
  session_->simulation()->requestLiveScenario([&](std::shared_ptr<const LiveScenario> live) {
    ++answers;
    answer = std::move(live);
  });
  QTRY_COMPARE(answers, 1);
  QVERIFY(answer && answer->recording);
  QCOMPARE(static_cast<double>(answer->recording->cycles), session_->simulation()->cycle());

  auto closing = std::make_unique<MainWindowSession>();
  GuiOptions options;
  options.windowSize = QSize(1280, 800);
  QVERIFY(closing->start(options));
  QVERIFY(closing->simulation()->hasSimulation());
  int dropped = 0;
  closing->simulation()->requestLiveScenario([&](std::shared_ptr<const LiveScenario> live) { dropped += live ? 100 : 1; });
  QCOMPARE(dropped, 0);  // asked, not answered yet (no frame taken in between)
  closing.reset();  // closed before any frame answered
  QCOMPARE(dropped, 1);
}

// A window that closes normally (its session ends) leaves nothing to restore.
void TstAutosave::aNormalCloseLeavesNothing() {
  const int target = static_cast<int>(session_->simulation()->cycle()) + 80;
  runToAndWait(session_->simulation(), target);
  Autosave* autosave = session_->rootObject()->property("autosave").value<Autosave*>();
  const QString path = Autosave::path(autosave->slot());
  QTRY_VERIFY_WITH_TIMEOUT(readJson(path).value(QStringLiteral("cycles")).toInt() == target, 10000);
  session_.reset();  // the window closes
  QVERIFY(!QFile::exists(path));
  QVERIFY(QDir(Autosave::folder()).entryList(QDir::Files).isEmpty());  // no lock left either
  QVERIFY(!QFile::exists(Autosave::leftOverPath()));
}

FLITSCOPE_TEST_MAIN(argc, argv) {
  QApplication app(argc, argv);
  TstAutosave test;
  return QTest::qExec(&test, argc, argv);
}

#include "tst_autosave.moc"
