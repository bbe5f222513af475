// Guided lessons in the real main window (issue 42, "Guided lessons"): every
// bundled lesson opens from Help > Lessons (real clicks on the menus), docks its panel beside the view,
// and its solution, played with the panel's own Show me and Next buttons
// (real clicks), completes every step; doing nothing completes none, and a
// wrong action (the wrong arbiter, a VC rule that keeps the cycle) does not
// complete its step. The finished lessons are ticked in the menu.
#include "test_main.h"
#include "gui_session.h"
#include "lessons/lesson_controller.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QQuickItem>
#include <QQuickWindow>
#include <QtQml/qqmlextensionplugin.h>
#include <QtTest>

#include "../app/window_test_support.h"
#include "render_helpers.h"

Q_IMPORT_QML_PLUGIN(FlitscopePlugin)

using flitgui::LessonController;

class TstLessonsWindow : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase();
  void cleanupTestCase() { session_.reset(); }
  void everyLessonsSolutionCompletesIt();
  void wrongActionsDoNotCompleteAStep();
  void everyPanelALessonNamesOpensAndCloses();
  void aLessonFitsAt1280x720();
  void theSceneDrawsNothingOverTheLessonPanel();
  void theNetworkFitsBesideTheLessonAndTheLab();

 private:
  QQuickItem* item(const char* name) const {
    return session_->window()->findChild<QQuickItem*>(QString::fromLatin1(name));
  }
  void click(const char* name) { window_test::clickItem(session_->window(), item(name)); }
  // The visible item whose `property` is `value` (a menu bar's item for its
  // menu, a menu item for its submenu).
  QQuickItem* itemWhose(const char* property, QObject* value) const {
    for (QQuickItem* i : session_->window()->findChildren<QQuickItem*>())
      if (i->isVisible() && i->property(property).value<QObject*>() == value) return i;
    return nullptr;
  }
  // Help > Lessons > the lesson's item, with real clicks on the menu bar and the menus.
  void openFromTheMenu(int index) {
    QObject* help = session_->window()->findChild<QObject*>(QStringLiteral("helpMenu"));
    QObject* menu = session_->window()->findChild<QObject*>(QStringLiteral("lessonMenu"));
    QVERIFY(help && menu);
    QTRY_COMPARE(menu->property("count").toInt(), lessons()->bundledFiles().size());
    QQuickItem* helpTitle = itemWhose("menu", help);
    QVERIFY(helpTitle);
    window_test::clickItem(session_->window(), helpTitle);
    QTRY_VERIFY(help->property("opened").toBool());
    QQuickItem* lessonsItem = nullptr;
    QTRY_VERIFY((lessonsItem = itemWhose("subMenu", menu)) != nullptr);
    window_test::clickItem(session_->window(), lessonsItem);
    QTRY_VERIFY(menu->property("opened").toBool());
    QQuickItem* entry = nullptr;
    QVERIFY(QMetaObject::invokeMethod(menu, "itemAt", Q_RETURN_ARG(QQuickItem*, entry), Q_ARG(int, index)));
    QVERIFY(entry);
    QTRY_VERIFY(entry->isVisible() && entry->height() > 0);
    window_test::clickItem(session_->window(), entry);
    QTRY_VERIFY(!help->property("opened").toBool());
    QTRY_COMPARE(lessons()->title(), lessons()->bundledTitles()[index]);
    QTRY_VERIFY(item("lessonPanel")->isVisible());
  }
  void runFor(double cycles) { runToAndWait(session_->simulation(), session_->simulation()->cycle() + cycles); }
  // The facts the checks read, for a failure's message.
  QString facts() const {
    QStringList out;
    for (const char* f : {"cycle", "arbiter", "sourceSpread", "failedLinks", "reroutedPairs", "deadlocked", "vcRule",
                          "following", "followedDelivered", "tagHops", "tagDelivered", "tagInitialHop", "tagFinalHop",
                          "movedPes", "failedNodes", "barriersCompleted", "eurekas", "vcBalanceShown",
                          "vcBalanceOptimized", "circuitMessages", "firstAttemptSuccess"})
      out << QStringLiteral("%1=%2").arg(QLatin1String(f), lessons()->factValue(QLatin1String(f)).toString());
    const QObject* bars = session_->simulation()->arbitrationCharts();
    QStringList rates;
    for (const QVariant& r : bars->property("sourceRates").toList()) rates << QString::number(r.toDouble(), 'g', 3);
    out << QStringLiteral("span=%1 rates=%2").arg(bars->property("spanCycles").toDouble()).arg(rates.join(QLatin1Char(',')));
    return out.join(QLatin1Char(' '));
  }
  LessonController* lessons() const {
    return session_->rootObject()->property("lessons").value<LessonController*>();
  }
  std::unique_ptr<MainWindowSession> session_;
};

void TstLessonsWindow::initTestCase() {
  QStandardPaths::setTestModeEnabled(true);
  session_ = std::make_unique<MainWindowSession>();
  GuiOptions options;
  options.windowSize = QSize(1600, 1000);
  startActiveSession(*session_, options);
  // Show me runs at the speed the person chose: here as fast as possible.
  session_->simulation()->setSpeed(0);
}

void TstLessonsWindow::everyLessonsSolutionCompletesIt() {
  QVERIFY(lessons());
  const int count = static_cast<int>(lessons()->bundledFiles().size());
  QVERIFY(count >= 3);
  for (int i = 0; i < count; ++i) {
    openFromTheMenu(i);
    if (QTest::currentTestFailed()) return;
    // Nothing of the lesson before stays: the VC balance optimizer's result went with its scenario.
    QVERIFY(!lessons()->factValue(QStringLiteral("vcBalanceOptimized")).toBool());
    // The facts of the view and the window are read from the QML objects.
    QVERIFY(lessons()->factValue(QStringLiteral("detourShown")).isValid());
    QVERIFY(lessons()->factValue(QStringLiteral("labOpen")).isValid());
    for (int s = 0; s < lessons()->stepCount(); ++s) {
      QCOMPARE(lessons()->stepIndex(), s);
      QTest::qWait(700);  // a few evaluations: doing nothing completes no step
      QVERIFY2(!lessons()->stepDone(), qPrintable(QStringLiteral("%1 step %2").arg(lessons()->title()).arg(s + 1)));
      click("lessonShowMe");
      QElapsedTimer took;
      took.start();
      QTRY_VERIFY2_WITH_TIMEOUT(lessons()->stepDone(), qPrintable(QStringLiteral("%1 step %2: %3 (%4)")
                                    .arg(lessons()->title()).arg(s + 1).arg(lessons()->errorString(), facts())), 90000);
      QTRY_VERIFY_WITH_TIMEOUT(!lessons()->playing(), 90000);
      QVERIFY2(lessons()->errorString().isEmpty(), qPrintable(lessons()->errorString()));
      qInfo("%s step %d: %lld ms, %s", qPrintable(lessons()->title()), s + 1, took.elapsed(), qPrintable(facts()));
      if (s + 1 < lessons()->stepCount()) click("lessonNext");
    }
    QVERIFY(lessons()->finished());
    QTRY_VERIFY(item("lessonFinished")->isVisible());
    session_->window()->grabWindow().save(QStringLiteral("lesson_%1.png").arg(i + 1));  // to look at
    QVERIFY(lessons()->bundledFinished().at(i));
  }
  click("lessonClose");
  QTRY_VERIFY(!item("lessonPanel")->isVisible());
}

void TstLessonsWindow::wrongActionsDoNotCompleteAStep() {
  const QStringList files = lessons()->bundledFiles();
  // XT fairness: the T3E's arbiter is not round robin; round robin is not age.
  const int fairness = static_cast<int>(files.indexOf(QRegularExpression(QStringLiteral(".*xt-fairness.json$"))));
  QVERIFY(fairness >= 0);
  openFromTheMenu(fairness);
  session_->simulation()->setArbiter(QStringLiteral("t3e"));
  runFor(3000);
  lessons()->evaluate();
  QVERIFY(!lessons()->stepDone());
  click("lessonNext");
  session_->simulation()->setArbiter(QStringLiteral("roundRobin"));
  runFor(3000);
  lessons()->evaluate();
  QVERIFY(!lessons()->stepDone());
  // Deadlock: a rule without datelines keeps the dependency cycle.
  const int deadlock = static_cast<int>(files.indexOf(QRegularExpression(QStringLiteral(".*deadlock-datelines.json$"))));
  QVERIFY(deadlock >= 0);
  openFromTheMenu(deadlock);
  click("lessonShowMe");
  QTRY_VERIFY_WITH_TIMEOUT(lessons()->stepDone() && !lessons()->playing(), 90000);
  click("lessonNext");
  QObject* lab = session_->rootObject()->property("deadlockLab").value<QObject*>();
  QVERIFY(QMetaObject::invokeMethod(lab, "setRule", Q_ARG(QString, QStringLiteral("noDatelines"))));
  QTRY_COMPARE(lab->property("rule").toString(), QStringLiteral("noDatelines"));
  QTest::qWait(700);
  QVERIFY(!lessons()->stepDone());
  // A hot spare: a node failed with no spare standing by moves no PE.
  const int spare = static_cast<int>(files.indexOf(QRegularExpression(QStringLiteral(".*hot-spare.json$"))));
  QVERIFY(spare >= 0);
  openFromTheMenu(spare);
  click("lessonNext");  // Skip: no spare made
  session_->controller()->setNodeUp(session_->controller()->findNode(QStringLiteral("0,1,0")), false);
  QTRY_COMPARE(session_->controller()->failedNodeCount(), 1);
  QTRY_VERIFY(lessons()->stepDone());
  click("lessonNext");
  runFor(600);
  lessons()->evaluate();
  QVERIFY2(!lessons()->stepDone(), qPrintable(facts()));
  // Adaptive routing: running on without switching it on.
  const int adaptive = static_cast<int>(files.indexOf(QRegularExpression(QStringLiteral(".*adaptive-routing.json$"))));
  QVERIFY(adaptive >= 0);
  openFromTheMenu(adaptive);
  click("lessonShowMe");
  QTRY_VERIFY_WITH_TIMEOUT(lessons()->stepDone() && !lessons()->playing(), 90000);
  click("lessonNext");
  runFor(1600);
  lessons()->evaluate();
  QVERIFY2(!lessons()->stepDone(), qPrintable(facts()));
  click("lessonClose");
}

// Main.qml's setPanel knows every panel the lesson format allows (an
// unknown one would warn and open nothing).
void TstLessonsWindow::everyPanelALessonNamesOpensAndCloses() {
  QTest::failOnWarning(QRegularExpression(QStringLiteral("setPanel")));
  const QStringList panels = lessons()->property("panels").toStringList();
  QVERIFY(panels.size() >= 10);
  for (const QString& p : panels) {
    for (const bool on : {true, false})
      QVERIFY(QMetaObject::invokeMethod(session_->rootObject(), "setPanel", Q_ARG(QVariant, p), Q_ARG(QVariant, on)));
  }
  QVERIFY(!session_->controller()->breakMode());
}

// On a 1280x720 projector the lesson panel, the view's buttons and the
// controls all stay inside the window, and the legend folds.
void TstLessonsWindow::aLessonFitsAt1280x720() {
  session_->window()->resize(1280, 720);
  openFromTheMenu(0);
  const QRectF window(0, 0, 1280, 720);
  for (const char* name : {"lessonPanel", "lessonShowMe", "lessonNext", "breakModeButton", "sliceButton"}) {
    QQuickItem* i = item(name);
    QVERIFY2(i && i->isVisible(), name);
    QTRY_VERIFY2(window.contains(QRectF(i->mapToScene(QPointF(0, 0)), i->size())), name);
  }
  // The legend would cover half of the narrowed view: it folds to its title.
  QTRY_VERIFY(!item("legendBody")->isVisible());
  session_->window()->grabWindow().save(QStringLiteral("lesson_1280x720.png"));  // to look at
  click("lessonClose");
}

// At 1280x720 lesson 2's ring has node 0 left of the narrowed view, under
// the lesson panel: its label and its saturated blue X link must not be
// drawn over the step's text (they were, before the view clipped them).
void TstLessonsWindow::theSceneDrawsNothingOverTheLessonPanel() {
  session_->window()->resize(1280, 720);
  openFromTheMenu(1);
  QQuickItem* panel = item("lessonPanel");
  QQuickItem* view = item("networkView");
  QVERIFY(panel && view);
  const QRect inPanel = QRectF(panel->mapToScene(QPointF(0, 0)), panel->size()).toAlignedRect();
  QTRY_VERIFY(view->mapToScene(QPointF(0, 0)).x() >= inPanel.right());
  // The X links' blue (scene_palette.h), which the panel never uses.
  const auto xLinkBlue = [](QRgb c) { return qBlue(c) > 150 && qRed(c) < 90 && qGreen(c) < 90; };
  int viewBlue = 0;
  int panelBlue = 0;
  QTRY_VERIFY_WITH_TIMEOUT(
      [&] {
        const QImage shot = session_->window()->grabWindow();
        const qreal dpr = shot.devicePixelRatio();
        viewBlue = panelBlue = 0;
        for (int y = 0; y < shot.height(); ++y)
          for (int x = 0; x < shot.width(); ++x) {
            if (!xLinkBlue(shot.pixel(x, y))) continue;
            const QPoint p(qRound(x / dpr), qRound(y / dpr));
            if (inPanel.contains(p)) ++panelBlue;
            else ++viewBlue;
          }
        return viewBlue > 0;  // the ring is drawn
      }(),
      20000);
  QVERIFY2(panelBlue == 0, qPrintable(QStringLiteral("%1 X-link pixels over the lesson panel").arg(panelBlue)));
  click("lessonClose");
}

// Lesson 2 at 1280x720 opens the deadlock lab beside the view, which leaves
// the view a third of its width: the ring is fitted to what is left, every
// node of it on screen (two of the four were off it before), and the view's
// buttons wrap inside it (Slice and Break links were under the lab).
void TstLessonsWindow::theNetworkFitsBesideTheLessonAndTheLab() {
  session_->window()->resize(1280, 720);
  openFromTheMenu(1);
  QQuickItem* view = item("networkView");
  QVERIFY(view && item("deadlockLabPanel") && item("deadlockLabPanel")->isVisible());
  const QRectF inView(view->mapToScene(QPointF(0, 0)), view->size());
  NetworkController* network = session_->controller();
  QTRY_VERIFY_WITH_TIMEOUT(
      [&] {
        for (int n = 0; n < network->nodeCount(); ++n)
          if (!inView.contains(screenPosition(session_->rootObject(), network->nodePosition(n)))) return false;
        return true;
      }(),
      5000);
  // The view's buttons wrap inside what is left of it, none under the lab.
  for (const char* name : {"breakModeButton", "sliceButton"}) {
    QQuickItem* b = item(name);
    QVERIFY2(b && b->isVisible(), name);
    QTRY_VERIFY2(inView.contains(QRectF(b->mapToScene(QPointF(0, 0)), b->size())), name);
  }
  click("lessonClose");
}

FLITSCOPE_TEST_MAIN(argc, argv) {
  QApplication app(argc, argv);
  TstLessonsWindow test;
  return QTest::qExec(&test, argc, argv);
}

#include "tst_lessons_window.moc"
