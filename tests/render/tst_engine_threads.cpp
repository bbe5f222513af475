// The window's engine on more threads (issue 40, "the window's worker uses
// the cores that the view leaves"; docs/engine.md "A parallel cycle"):
// --engine-threads N, as typed, reaches the engine, which reports its own thread count
// back in its frames; the controls bar says so while it runs (Space); and
// the run is the same as on one thread (every flit where the frame shows it);
// the count chosen in Simulation > Engine threads is the next start's.
#include "test_main.h"
#include "gui_session.h"
#include "gui_options.h"
#include "sim/parallel_cycle.h"

#include <QApplication>
#include <QQuickItem>
#include <QQuickWindow>
#include <QSettings>
#include <QtQml/qqmlextensionplugin.h>
#include <QtTest>

#include <algorithm>

#include "render_helpers.h"
#include "../app/window_test_support.h"

Q_IMPORT_QML_PLUGIN(FlitscopePlugin)

class TstEngineThreads : public QObject {
  Q_OBJECT
 private slots:
  void theEngineRunsOnTheThreadsAsked();
  void automaticLeavesACoreToTheView();
  void theSimulationMenuChangesTheThreadsOfARunningEngine();
  // The choice is kept (QSettings) for the next start: none is left for the tests after these.
  void cleanupTestCase() { QSettings().remove(QLatin1String(flitgui::SimulationController::kEngineThreadsKey)); }
};

namespace {

// A session on the generic 8x8x8 (512 routers: two parts of 256) with
// `threads` engine threads, run to cycle 300; what its frame shows then:
// every flit where it is, and the flits each source delivered.
QString runOn(MainWindowSession& session, int threads) {
  // The command line a person types.
  const GuiOptionsResult parsed = parseGuiOptions(
      {QStringLiteral("flitscope"), QStringLiteral("--scenario"), QStringLiteral(FLITSCOPE_PRESETS_DIR "/generic-8x8x8.json"),
       QStringLiteral("--size"), QStringLiteral("1280x800"), QStringLiteral("--engine-threads"), QString::number(threads)});
  if (!parsed.options) return parsed.message;
  startActiveSession(session, *parsed.options);
  runToAndWait(session.simulation(), 300);
  const flitgui::FramePtr frame = session.simulation()->currentFrame();
  if (!frame) return {};
  QString text = QStringLiteral("cycle %1, %2 flits\n").arg(frame->cycle).arg(frame->flitsInNetwork);
  for (const flitgui::FlitVisual& f : frame->flits) {
    text += QStringLiteral("%1.%2 %3 %4 %5 %6\n").arg(f.packet).arg(f.index).arg(f.channel).arg(f.node).arg(f.port).arg(f.progress);
  }
  for (const std::uint64_t d : frame->deliveredFlitsBySource) text += QString::number(d) + QLatin1Char(' ');
  return text;
}

}  // namespace

void TstEngineThreads::theEngineRunsOnTheThreadsAsked() {
  MainWindowSession one;
  const QString shownOnOne = runOn(one, 1);
  QCOMPARE(one.simulation()->engineThreads(), 1);

  MainWindowSession session;
  const QString shown = runOn(session, 2);
  QCOMPARE(session.simulation()->engineThreads(), 2);  // the engine's own count, from its frame
  QVERIFY(shown.count(QLatin1Char('\n')) > 100);  // flits in flight
  QCOMPARE(shown, shownOnOne);

  // Space runs it; the controls bar names the threads.
  QQuickWindow* window = session.window();
  window->requestActivate();
  QVERIFY(QTest::qWaitForWindowActive(window));
  window->contentItem()->forceActiveFocus();
  QTest::keyClick(window, Qt::Key_Space);
  QTRY_VERIFY(session.simulation()->running());
  auto* label = window->findChild<QQuickItem*>(QStringLiteral("engineRateLabel"));
  QVERIFY(label);
  QTRY_VERIFY2(label->property("text").toString().contains(QStringLiteral(" on 2 threads")),
               qPrintable(label->property("text").toString()));
  QTest::keyClick(window, Qt::Key_Space);
  QTRY_VERIFY(!session.simulation()->running());
}

// Simulation > Engine threads > 2 threads, clicked as a person does in the
// middle of a run: the engine reports 2 threads from its next frame, and
// the run goes on as it would have on one (the frame at cycle 600 equals a
// run on one thread all along).
void TstEngineThreads::theSimulationMenuChangesTheThreadsOfARunningEngine() {
  MainWindowSession oneAllAlong;
  const GuiOptionsResult parsed = parseGuiOptions(
      {QStringLiteral("flitscope"), QStringLiteral("--scenario"), QStringLiteral(FLITSCOPE_PRESETS_DIR "/generic-8x8x8.json"),
       QStringLiteral("--size"), QStringLiteral("1280x800"), QStringLiteral("--engine-threads"), QStringLiteral("1")});
  QVERIFY(parsed.options);
  startActiveSession(oneAllAlong, *parsed.options);
  runToAndWait(oneAllAlong.simulation(), 600);
  const flitgui::FramePtr expected = oneAllAlong.simulation()->currentFrame();
  QVERIFY(expected && expected->cycle == 600);

  MainWindowSession session;
  startActiveSession(session, *parsed.options);
  flitgui::SimulationController* sim = session.simulation();
  runToAndWait(sim, 300);
  QCOMPARE(sim->engineThreads(), 1);
  QQuickWindow* window = session.window();
  QObject* menu = session.rootObject()->findChild<QObject*>(QStringLiteral("simulationMenu"));
  QObject* threadsMenu = session.rootObject()->findChild<QObject*>(QStringLiteral("engineThreadsMenu"));
  QVERIFY(menu && threadsMenu);
  window_test::openMenuBarMenu(window, menu);
  QList<QQuickItem*> all;
  window_test::collectAll(window->contentItem(), all);
  QQuickItem* title = nullptr;
  for (QQuickItem* i : all)
    if (i->property("subMenu").value<QObject*>() == threadsMenu) title = i;
  QVERIFY2(title, "no Engine threads item in the Simulation menu");
  window_test::clickItem(window, title);
  QTRY_VERIFY(threadsMenu->property("opened").toBool());
  auto* two = session.rootObject()->findChild<QQuickItem*>(QStringLiteral("engineThreads2"));
  QVERIFY(two);
  QCOMPARE(two->property("text").toString().left(9), QStringLiteral("2 threads"));
  window_test::clickItem(window, two);
  QTRY_VERIFY(!menu->property("visible").toBool());
  QCOMPARE(sim->engineThreadsChosen(), 2);
  runToAndWait(sim, 600);
  QCOMPARE(sim->engineThreads(), 2);  // the engine's own count, from its frame
  const flitgui::FramePtr frame = sim->currentFrame();
  QVERIFY(frame && frame->cycle == 600);
  QCOMPARE(frame->flitsInNetwork, expected->flitsInNetwork);
  QCOMPARE(frame->deliveredFlitsBySource, expected->deliveredFlitsBySource);
  QCOMPARE(frame->flits.size(), expected->flits.size());
  for (std::size_t i = 0; i < frame->flits.size(); ++i) {
    QCOMPARE(frame->flits[i].packet, expected->flits[i].packet);
    QCOMPARE(frame->flits[i].channel, expected->flits[i].channel);
    QCOMPARE(frame->flits[i].progress, expected->flits[i].progress);
  }
  // A count out of range is refused, naming the field; the choice stays.
  sim->chooseEngineThreads(flit::kMaxCycleThreads + 1);
  QVERIFY2(sim->lastError().contains(QStringLiteral("engine threads")), qPrintable(sim->lastError()));
  QCOMPARE(sim->engineThreadsChosen(), 2);
  // A fat-tree's circuit simulator runs on one thread: the menu item is greyed there.
  QVERIFY(threadsMenu->property("enabled").toBool());
  QVERIFY(session.controller()->loadScenario(QStringLiteral(FLITSCOPE_PRESETS_DIR "/transit-64.json")));
  QTRY_VERIFY(!threadsMenu->property("enabled").toBool());

  // The next start without --engine-threads takes the count chosen here;
  // --engine-threads still wins.
  const GuiOptionsResult plain = parseGuiOptions(
      {QStringLiteral("flitscope"), QStringLiteral("--scenario"), QStringLiteral(FLITSCOPE_PRESETS_DIR "/generic-8x8x8.json")});
  QVERIFY(plain.options);
  MainWindowSession next;
  QVERIFY(next.start(*plain.options));
  QCOMPARE(next.simulation()->engineThreadsChosen(), 2);
  MainWindowSession given;
  QVERIFY(given.start(*parsed.options));
  QCOMPARE(given.simulation()->engineThreadsChosen(), 1);
}

// Without --engine-threads (or with 0) the engine takes the cores the view
// leaves: one less than the machine has, at least 1, at most 4.
// With no choice kept from Simulation > Engine threads.
void TstEngineThreads::automaticLeavesACoreToTheView() {
  const int expected = std::clamp(QThread::idealThreadCount() - 1, 1, kMaxAutoEngineThreads);
  QSettings().remove(QLatin1String(flitgui::SimulationController::kEngineThreadsKey));
  for (const QStringList& args : {QStringList{QStringLiteral("flitscope")},
                                  QStringList{QStringLiteral("flitscope"), QStringLiteral("--engine-threads"), QStringLiteral("0")}}) {
    const GuiOptionsResult parsed = parseGuiOptions(args);
    QVERIFY(parsed.options);
    MainWindowSession session;
    QVERIFY(session.start(*parsed.options));
    QCOMPARE(session.simulation()->engineThreadsChosen(), expected);
  }
  const GuiOptionsResult three = parseGuiOptions({QStringLiteral("flitscope"), QStringLiteral("--engine-threads"), QStringLiteral("3")});
  QVERIFY(three.options);
  QCOMPARE(three.options->engineThreads, 3);
}

FLITSCOPE_TEST_MAIN(argc, argv) {
  QApplication app(argc, argv);
  TstEngineThreads t;
  return QTest::qExec(&t, argc, argv);
}

#include "tst_engine_threads.moc"
