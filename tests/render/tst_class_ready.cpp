// The window in front of a class (issue 42), driven as a teacher drives it:
// keys with the focus where they left it, clicks on what is drawn.
//  - item 6, orientation: every node of the teaching torus labelled with its
//    coordinates, Shift+L turning them into logical and physical PE numbers
//    and off; an axis cross with +X, +Y, +Z;
//  - item 8, overlays: at 1280x720 with the charts open the legend folds and
//    covers none of the view's buttons; its fold button opens it;
//  - item 11, silent controls: Ctrl+B starts a barrier with the
//    Synchronization panel closed; Help has the user guide and About;
//  - item 9, big trees: the barrier tree by level from its root, the root
//    named in the view and ringed in the slice;
//  - item 7, stale messages: the tag editor's error goes with its scenario,
//    the deadlock report with the deadlock;
//  - presenter mode: F5 fills the screen, puts the panel away, shows a
//    pointer, Page Down steps the run, B breaks nothing; F5 brings it back.
// Needs a display (xvfb-run).
#include "test_main.h"
#include "gui_session.h"
#include "torus/sync_controller.h"
#include "torus/tag_editor.h"
#include "view_settings.h"

#include "../app/window_test_support.h"
#include "render_helpers.h"

#include <QApplication>
#include <QQuickItem>
#include <QQuickWindow>
#include <QRegularExpression>
#include <QtQml/qqmlextensionplugin.h>
#include <QtTest>

#include <algorithm>
#include <numeric>

Q_IMPORT_QML_PLUGIN(FlitscopePlugin)

class TstClassReady : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase();
  void init();
  void cleanupTestCase() { session_.reset(); }
  void nodesAreLabelledAndTheAxesShown();
  void overlaysLeaveTheControlsFreeAt1280x720();
  void ctrlBStartsABarrierWithThePanelClosed();
  void theBarrierTreeReadsByLevelFromItsRoot();
  void helpHasTheGuideAndAbout();
  void staleMessagesGoWithTheirState();
  void presenterModeFillsTheScreen();
  void theFourKMapShowsStructureAndFailsOneRn1();

 private:
  QQuickWindow* window() const { return session_->window(); }
  QQuickItem* item(const char* name) const { return window()->findChild<QQuickItem*>(QLatin1String(name)); }
  QObject* object(const char* name) const { return window()->findChild<QObject*>(QLatin1String(name)); }
  QList<QQuickItem*> items(const char* name) const {
    QList<QQuickItem*> out;
    window_test::collect(window()->contentItem(), QLatin1String(name), out);
    return out;
  }
  flitgui::ViewSettings* settings() const {
    return session_->rootObject()->property("settings").value<flitgui::ViewSettings*>();
  }
  QObject* view() const { return session_->rootObject()->property("networkView").value<QObject*>(); }
  static QRectF sceneRect(const QQuickItem* i) { return i->mapRectToScene(QRectF(0, 0, i->width(), i->height())); }
  std::unique_ptr<MainWindowSession> session_;
};

void TstClassReady::initTestCase() {
  session_ = std::make_unique<MainWindowSession>();
  GuiOptions options;  // the teaching torus
  options.windowSize = QSize(1280, 720);
  startActiveSession(*session_, options);
  if (QTest::currentTestFailed()) return;
  QVERIFY(settings());
  settings()->setNodeLabels(flitgui::ViewSettings::CoordinateLabels);  // as a new user finds it
  settings()->setPresenter(false);
  session_->simulation()->setSpeed(0);
}

// Each test starts from the window a teacher sits down to, whatever the one
// before left open.
void TstClassReady::init() {
  settings()->setPresenter(false);
  QTRY_COMPARE(window()->visibility(), QWindow::Windowed);
  window()->requestActivate();  // leaving full screen can leave no window active; shortcuts need one
  QVERIFY(QTest::qWaitForWindowActive(window()));
  if (QQuickItem* slice = item("slicePanel"); slice && slice->isVisible()) QTest::keyClick(window(), Qt::Key_S);
  if (QQuickItem* map = item("fatTreeMapPanel"); map && map->isVisible()) QTest::keyClick(window(), Qt::Key_S);
  QTRY_VERIFY(!item("slicePanel")->isVisible());
}

void TstClassReady::nodesAreLabelledAndTheAxesShown() {
  NetworkController* c = session_->controller();
  QTRY_COMPARE(items("nodeLabel").size(), 64);
  // No label lies on another (a nearer node's label keeps the place) or
  // under the legend, and most of the 64 show.
  const auto shownApart = [this](int atLeast) {
    QList<QRectF> shown;
    for (QQuickItem* l : items("nodeLabel"))
      if (l->isVisible()) shown.append(sceneRect(l));
    const QRectF legend = sceneRect(item("packetLegend"));  // nor under the legend
    if (std::any_of(shown.begin(), shown.end(), [&legend](const QRectF& r) { return r.intersects(legend); })) return false;
    for (int i = 0; i < shown.size(); ++i)
      for (int j = i + 1; j < shown.size(); ++j)
        if (shown[i].intersects(shown[j])) return false;
    return shown.size() >= atLeast;
  };
  QTRY_VERIFY(shownApart(24));
  QTest::keyClick(window(), Qt::Key_Left);  // orbit: still apart once the camera stops
  QTest::keyClick(window(), Qt::Key_Left);
  QTRY_VERIFY(shownApart(24));
  QTest::keyClick(window(), Qt::Key_Home);
  QSet<QString> texts;
  for (QQuickItem* l : items("nodeLabel")) texts.insert(l->property("text").toString());
  for (int n = 0; n < c->nodeCount(); ++n) QVERIFY(texts.contains(c->nodeLabel(n, 1, -1)));
  QVERIFY(texts.contains(QStringLiteral("(0,0,0)")) && texts.contains(QStringLiteral("(3,3,3)")));
  QList<QString> axes;
  for (QQuickItem* a : items("axisLabel")) axes.append(a->property("text").toString());
  std::sort(axes.begin(), axes.end());
  QCOMPARE(axes, (QList<QString>{QStringLiteral("+X"), QStringLiteral("+Y"), QStringLiteral("+Z")}));
  // Shift+L: logical PE numbers (hex, as the manual writes them), physical PE numbers, none, coordinates.
  QTest::keyClick(window(), Qt::Key_L, Qt::ShiftModifier);
  QTRY_COMPARE(settings()->nodeLabels(), int(flitgui::ViewSettings::LogicalPeLabels));
  texts.clear();
  for (QQuickItem* l : items("nodeLabel")) texts.insert(l->property("text").toString());
  QVERIFY(texts.contains(QStringLiteral("PE 0")) && texts.contains(QStringLiteral("PE 3F")));
  QTest::keyClick(window(), Qt::Key_L, Qt::ShiftModifier);
  QTRY_COMPARE(settings()->nodeLabels(), int(flitgui::ViewSettings::PhysicalPeLabels));
  texts.clear();
  for (QQuickItem* l : items("nodeLabel")) texts.insert(l->property("text").toString());
  QVERIFY(texts.contains(QStringLiteral("0x030303")));  // (3,3,3): 0xZZYYXX (manual Figure 11)
  QTest::keyClick(window(), Qt::Key_L, Qt::ShiftModifier);
  QTRY_COMPARE(items("nodeLabel").size(), 0);
  QTest::keyClick(window(), Qt::Key_L, Qt::ShiftModifier);
  QTRY_COMPARE(items("nodeLabel").size(), 64);

  // A big machine: a ruler along the axis lines, every label beside its own
  // node once the view has fitted it (the fit moves the camera after the
  // labels were placed: they follow it).
  QVERIFY(c->loadScenario(QStringLiteral(FLITSCOPE_PRESETS_DIR "/t3e-8x32x8.json")));
  QTRY_VERIFY(!items("nodeLabel").isEmpty() && items("nodeLabel").size() < 8 + 32 + 8);
  QTest::qWait(400);  // the fit after the layout settled
  for (QQuickItem* l : items("nodeLabel")) {
    int node = -1;
    for (int n = 0; n < c->nodeCount() && node < 0; ++n)
      if (c->nodeLabel(n, 1, -1) == l->property("text").toString()) node = n;
    QVERIFY(node >= 0);
    const QPointF at = screenPosition(session_->rootObject(), c->nodePosition(node));
    const QPointF corner = l->mapToScene(QPointF(-5, l->height() + 3));  // SceneLabel: above-right of its point
    QVERIFY2((at - corner).manhattanLength() < 2,
             qPrintable(QStringLiteral("%1 at %2,%3, its node at %4,%5").arg(l->property("text").toString())
                            .arg(corner.x()).arg(corner.y()).arg(at.x()).arg(at.y())));
  }
  QVERIFY(c->loadScenario(NetworkController::defaultScenarioPath()));
  QTRY_COMPARE(items("nodeLabel").size(), 64);
}

// Issue 42, item 8: "at 1280x720 with charts open [the legend covers] the
// whole view and its buttons".
void TstClassReady::overlaysLeaveTheControlsFreeAt1280x720() {
  QTest::keyClick(window(), Qt::Key_G, Qt::ControlModifier);  // the charts
  QTRY_VERIFY(item("latencyChart") && item("latencyChart")->isVisible());
  QQuickItem* legend = item("packetLegend");
  QQuickItem* buttons = item("viewButtons");
  QVERIFY(legend && buttons);
  QTRY_VERIFY(!item("legendBody")->isVisible());  // folded: it does not fit
  QVERIFY(!sceneRect(legend).intersects(sceneRect(buttons)));
  // The view is small now: its node labels would overlap, so they thin to a
  // ruler along the axis lines through (0,0,0), the origin labelled.
  QTRY_VERIFY(items("nodeLabel").size() < 64);
  QSet<QString> ruler;
  for (QQuickItem* l : items("nodeLabel")) ruler.insert(l->property("text").toString());
  QVERIFY(ruler.size() >= 4 && ruler.contains(QStringLiteral("(0,0,0)")));
  window()->grabWindow().save(QStringLiteral("class_ready_1280x720_charts.png"));  // to look at
  // Its button opens it for a person who wants it whole, and folds it again.
  window_test::clickItem(window(), item("legendFoldButton"));
  QTRY_VERIFY(item("legendBody")->isVisible());
  window_test::clickItem(window(), item("legendFoldButton"));
  QTRY_VERIFY(!item("legendBody")->isVisible());
  QTest::keyClick(window(), Qt::Key_G, Qt::ControlModifier);  // the charts away: the person's choice holds
  QTRY_COMPARE(items("nodeLabel").size(), 64);  // room for every label again
  QVERIFY(!item("legendBody")->isVisible());
  window_test::clickItem(window(), item("legendFoldButton"));
  QTRY_VERIFY(item("legendBody")->isVisible());
  QVERIFY(!sceneRect(legend).intersects(sceneRect(buttons)));
}

// Issue 42, item 11: "Ctrl+B does nothing unless the Synchronization
// section or the tree is open".
void TstClassReady::ctrlBStartsABarrierWithThePanelClosed() {
  QObject* side = object("sidePanel");
  QVERIFY(!side->property("synchronizationOpen").toBool());
  auto* sync = view()->property("sync").value<SyncController*>();
  QVERIFY(sync);
  const double before = sync->completed();
  QTest::keyClick(window(), Qt::Key_B, Qt::ControlModifier);
  QTRY_VERIFY(side->property("synchronizationOpen").toBool());  // the panel shows what happens
  // The barrier starts once the panel knows the BSU (the next frame) and
  // completes as the run goes on: step as a person would press Step.
  for (int i = 0; i < 40 && sync->completed() <= before; ++i) {
    session_->simulation()->step(50);
    QTest::qWait(150);
  }
  QVERIFY(sync->completed() > before);
}

// Issue 42, item 9: "the 512-node barrier tree is a mass of white stubs with
// no visible root; ... the slice shows no tree".
void TstClassReady::theBarrierTreeReadsByLevelFromItsRoot() {
  auto* sync = view()->property("sync").value<SyncController*>();
  if (!object("sidePanel")->property("synchronizationOpen").toBool())  // where the levels are written
    window_test::clickItem(window(), item("syncSection"));
  QTRY_VERIFY(object("sidePanel")->property("synchronizationOpen").toBool());
  QTest::keyClick(window(), Qt::Key_T);  // the tree
  QTRY_VERIFY(view()->property("syncTree").toBool());
  QTRY_VERIFY(sync->root() >= 0 && !sync->levelSizes().isEmpty());
  const QList<int> levels = sync->levelSizes();
  QCOMPARE(levels.first(), 1);  // the root alone on level 0
  QCOMPARE(levels.size(), sync->treeDepth() + 1);
  QCOMPARE(std::accumulate(levels.begin(), levels.end(), 0), 64);  // the teaching torus's tree spans every router
  QQuickItem* rootLabel = item("syncRootLabel");
  QVERIFY(rootLabel);
  QTRY_VERIFY(rootLabel->isVisible());
  QCOMPARE(rootLabel->property("text").toString(), QStringLiteral("barrier root"));
  auto* text = item("syncLevels");
  QVERIFY(text && text->isVisible());
  QVERIFY(text->property("text").toString().contains(session_->controller()->describeNode(sync->root())));
  // The slice through the root shows the tree and rings the root in gold.
  QTest::keyClick(window(), Qt::Key_S);
  auto* slice = window()->findChild<QQuickItem*>(QStringLiteral("sliceView"));
  QVERIFY(slice);
  QTRY_VERIFY(slice->isVisible());
  const flit::Coord rootAt = session_->controller()->topology()->coordOf(sync->root());
  slice->setProperty("index", rootAt[2]);  // the XY plane through the root
  QVERIFY(slice->property("syncTree").toBool());
  // Looked at again until the slice has its size (it opens beside a view
  // that fits itself to the new width a moment later).
  const auto goldAtRoot = [&] {
    QPointF at;
    if (!QMetaObject::invokeMethod(slice, "nodePoint", Q_RETURN_ARG(QPointF, at), Q_ARG(int, sync->root()))) return -1;
    window()->update();
    const QImage image = window()->grabWindow();
    const QPointF centre = slice->mapToScene(at);
    int gold = 0;
    for (int dy = -30; dy <= 30; ++dy)
      for (int dx = -30; dx <= 30; ++dx) {
        const QPoint p = (centre + QPointF(dx, dy)).toPoint() * image.devicePixelRatio();
        if (!image.rect().contains(p)) continue;
        const QRgb c = image.pixel(p);
        gold += qRed(c) > 200 && qGreen(c) > 170 && qBlue(c) < 60 ? 1 : 0;
      }
    return gold;
  };
  QTRY_VERIFY_WITH_TIMEOUT(goldAtRoot() > 20, 10000);
  QTest::keyClick(window(), Qt::Key_S);
  QTest::keyClick(window(), Qt::Key_T);
  QTRY_VERIFY(!view()->property("syncTree").toBool());
}

// Issue 42, item 11: "Help has only the shortcut sheet (no guide, no About)".
void TstClassReady::helpHasTheGuideAndAbout() {
  QObject* guideItem = object("userGuideItem");
  QObject* aboutItem = object("aboutItem");
  QVERIFY(guideItem && aboutItem);
  QVERIFY(QMetaObject::invokeMethod(guideItem, "triggered"));
  QObject* guide = object("userGuideDialog");
  QTRY_VERIFY(guide->property("opened").toBool());
  QVERIFY(object("userGuideText")->property("text").toString().contains(QStringLiteral("Flitscope user guide")));
  QTest::keyClick(window(), Qt::Key_Escape);
  QTRY_VERIFY(!guide->property("visible").toBool());
  QVERIFY(QMetaObject::invokeMethod(aboutItem, "triggered"));
  QObject* about = object("aboutDialog");
  QTRY_VERIFY(about->property("opened").toBool());
  QVERIFY(object("aboutVersion")->property("text").toString().startsWith(QStringLiteral("Flitscope ")));
  QVERIFY(object("aboutFormats")->property("text").toString().contains(QStringLiteral("Scenario format version 1")));
  QTest::keyClick(window(), Qt::Key_Escape);
  QTRY_VERIFY(!about->property("visible").toBool());
}

// Issue 42, item 7: "'source 8: no such node' from the tag editor stays into
// the next scenario; 'deadlock detected at cycle 132' stays after the fix".
void TstClassReady::staleMessagesGoWithTheirState() {
  QObject* side = object("sidePanel");
  window_test::clickItem(window(), item("tagSection"));
  QTRY_VERIFY(side->property("tagEditorShown").toBool());
  QQuickItem* source = nullptr;
  QTRY_VERIFY((source = item("sourceField")) != nullptr && source->isVisible());
  window_test::clickItem(window(), source);
  QTRY_VERIFY(source->hasActiveFocus());
  for (const char ch : std::string("8,0,0")) QTest::keyClick(window(), ch);
  QTest::keyClick(window(), Qt::Key_Return);
  QQuickItem* error = item("tagErrorLabel");
  QTRY_VERIFY(error->isVisible());
  QVERIFY(error->property("text").toString().startsWith(QStringLiteral("source")));
  QVERIFY(session_->controller()->loadScenario(QStringLiteral(FLITSCOPE_PRESETS_DIR "/t3e-8x8x8.json")));
  QTRY_VERIFY(!error->isVisible());
  // F5 (presenter mode) hides the side panel while the field has the
  // keyboard: the next key is the window's (Shift+L: the next node labels),
  // not typed into the hidden field.
  QVERIFY(source->hasActiveFocus());
  QTest::keyClick(window(), Qt::Key_F5);
  QTRY_VERIFY(!source->isVisible());
  const QString typed = source->property("text").toString();
  const int labels = settings()->nodeLabels();
  QTest::keyClick(window(), Qt::Key_L, Qt::ShiftModifier);
  QTRY_VERIFY(settings()->nodeLabels() != labels);
  QCOMPARE(source->property("text").toString(), typed);
  QVERIFY(!source->hasActiveFocus());
  while (settings()->nodeLabels() != labels) QTest::keyClick(window(), Qt::Key_L, Qt::ShiftModifier);
  QTest::keyClick(window(), Qt::Key_F5);
  QTRY_COMPARE(window()->visibility(), QWindow::Windowed);
  window()->requestActivate();
  QVERIFY(QTest::qWaitForWindowActive(window()));
  window_test::clickItem(window(), item("tagSection"));  // the person closes the editor
  QTRY_VERIFY(!side->property("tagEditorShown").toBool());

  // The deadlock of TRC Figure 1: the report while deadlocked, gone after a reset.
  QVERIFY(session_->controller()->loadScenario(QStringLiteral(FLITSCOPE_PRESETS_DIR "/trc-figure1-ring4.json")));
  session_->simulation()->setSpeed(0);
  session_->simulation()->run();
  QQuickItem* halted = item("simulationErrorLabel");
  QTRY_VERIFY_WITH_TIMEOUT(halted->isVisible(), 20000);
  QVERIFY(session_->simulation()->lastError().contains(QStringLiteral("deadlock")));
  QTest::keyClick(window(), Qt::Key_R, Qt::ControlModifier);  // back to cycle 0
  QTRY_VERIFY(!halted->isVisible());
  QVERIFY(session_->simulation()->lastError().isEmpty());
  QVERIFY(session_->controller()->loadScenario(NetworkController::defaultScenarioPath()));
}

// Issue 42, "A presenter mode": for a projector.
void TstClassReady::presenterModeFillsTheScreen() {
  session_->simulation()->setSpeed(0);
  QQuickItem* side = item("sidePanel");
  QVERIFY(side->isVisible());
  QTest::keyClick(window(), Qt::Key_F5);
  QTRY_VERIFY(settings()->presenter());
  QTRY_VERIFY(!side->isVisible());
  QTRY_COMPARE(window()->visibility(), QWindow::FullScreen);
  QQuickItem* viewItem = qobject_cast<QQuickItem*>(view());
  QTRY_VERIFY(viewItem->width() >= window()->width() - 2);  // the view fills the width
  QVERIFY(item("presenterHint")->isVisible());
  QTRY_VERIFY(!item("legendBody")->isVisible());  // the legend folded to its title
  // A pointer ring follows the mouse over the view.
  const QPoint middle = viewItem->mapToScene(QPointF(viewItem->width() / 2, viewItem->height() / 2)).toPoint();
  QTest::mouseMove(window(), middle);
  QTRY_VERIFY(item("pointerHighlight")->isVisible());
  // A clicker's Next (Page Down) steps 10 cycles on, its Back 10 back.
  const double cycle = session_->simulation()->cycle();
  QTest::keyClick(window(), Qt::Key_PageDown);
  QTRY_COMPARE(session_->simulation()->cycle(), cycle + 10);
  // A clicker's blank-screen key is B: it breaks no link here.
  NetworkController* c = session_->controller();
  for (int l = 0; l < c->linkCount() && c->hoveredLink() < 0; ++l) {
    QTest::mouseMove(window(), screenPosition(session_->rootObject(), c->linkAnchor(l)).toPoint());
  }
  QVERIFY(c->hoveredLink() >= 0);
  QVERIFY2(!c->hoverAction().contains(QStringLiteral("B ")), qPrintable(c->hoverAction()));  // no promise B keeps
  QTest::keyClick(window(), Qt::Key_B);
  QTest::qWait(200);
  QCOMPARE(c->failedLinkCount(), 0);
  window()->grabWindow().save(QStringLiteral("class_ready_presenter.png"));  // to look at
  QTest::keyClick(window(), Qt::Key_F5);
  QTRY_VERIFY(!settings()->presenter());
  QTRY_VERIFY(side->isVisible());
  QTRY_COMPARE(window()->visibility(), QWindow::Windowed);
}

// Issue 42, item 9: "the 4K fat-tree map at Fit is a solid magenta fan; the
// map cannot fail one RN1". At full load after a few hundred cycles the map
// at Fit draws the held channels at several strengths (how many circuits
// share a pixel line), and a right-click on one RN1 of a unit tree that the
// 3D view shows collapsed fails that RN1 alone.
void TstClassReady::theFourKMapShowsStructureAndFailsOneRn1() {
  NetworkController* c = session_->controller();
  QVERIFY(c->loadScenario(QStringLiteral(FLITSCOPE_PRESETS_DIR "/transit-4k.json")));
  QVERIFY(c->fatTree() && c->collapsedBlockCount() > 0);
  QTest::keyClick(window(), Qt::Key_S);  // the map
  auto* map = window()->findChild<QQuickItem*>(QStringLiteral("fatTreeMap"));
  QVERIFY(map);
  QTRY_VERIFY(map->isVisible() && map->width() > 100);
  runToAndWait(session_->simulation(), 300);
  QTRY_VERIFY(map->property("heldLinkCount").toInt() > 2000);
  QTest::qWait(300);  // the map repaints its circuits at most ten times a second
  window()->update();
  const QImage image = window()->grabWindow();
  const QRectF area = sceneRect(map);
  int faint = 0, strong = 0;
  for (int y = int(area.top()) + 20; y < int(area.bottom()) - 20; y += 2)
    for (int x = int(area.left()) + 5; x < int(area.right()) - 5; x += 2) {
      const QRgb p = image.pixel(QPoint(x, y) * image.devicePixelRatio());
      if (!(qRed(p) > qGreen(p) + 30 && qBlue(p) > qGreen(p))) continue;  // the circuits' pink
      if (qRed(p) >= 190) ++strong;
      else if (qRed(p) <= 150) ++faint;
    }
  qInfo("held-channel pixels: %d strong, %d faint", strong, faint);
  QVERIFY2(strong > 50 && faint > 50, "bundles at several strengths, not one solid colour");
  window()->grabWindow().save(QStringLiteral("class_ready_4k_map.png"));  // to look at

  int router = -1;
  QPointF at;
  for (int n = 0; n < c->nodeCount() && router < 0; ++n) {
    if (!c->blockCollapsed(n) || c->endpointOf(n) >= 0) continue;
    QPointF point;
    QVERIFY(QMetaObject::invokeMethod(map, "nodePoint", Q_RETURN_ARG(QPointF, point), Q_ARG(int, n)));
    const QPoint pixel = map->mapToScene(point).toPoint();  // where a mouse can be: a whole pixel
    int hit = -1;
    QVERIFY(QMetaObject::invokeMethod(map, "nodeAt", Q_RETURN_ARG(int, hit), Q_ARG(QPointF, map->mapFromScene(pixel))));
    if (hit == n) {
      router = n;
      at = pixel;
    }
  }
  QVERIFY(router >= 0);
  QTest::mouseClick(window(), Qt::RightButton, {}, at.toPoint());
  QObject* menu = object("nodeMenu");
  QTRY_VERIFY(menu && menu->property("opened").toBool());
  QCOMPARE(menu->property("node").toInt(), router);
  QQuickItem* fail = item("failNodeItem");
  QTRY_VERIFY(fail->isVisible());
  QCOMPARE(fail->property("text").toString(), QStringLiteral("Fail %1").arg(c->describeNode(router)));
  window_test::clickItem(window(), fail);
  QTRY_COMPARE(c->failedNodeIds(), QList<int>{router});
  QTest::keyClick(window(), Qt::Key_S);
  QVERIFY(c->loadScenario(NetworkController::defaultScenarioPath()));
}

FLITSCOPE_TEST_MAIN(argc, argv) {
  QApplication app(argc, argv);
  TstClassReady test;
  return QTest::qExec(&test, argc, argv);
}
#include "tst_class_ready.moc"
