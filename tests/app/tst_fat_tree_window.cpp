// A Transit fat-tree in the real main window (MainWindowSession, as
// flitscope starts it, on the 64-endpoint preset; issue 19, "In the GUI"):
// the circuit counters over the view count retries and discards from the
// engine; the discards flash; a click on an RN1 with the inspector open
// lists its 16 ports and the connections holding them; the node menu of an
// endpoint follows its message across its attempts (and offers no fail or
// hot spare there); S opens the tree's flat map in the slice's place, with
// the circuits held now, and a click on a channel there fails it; the
// rewind bar replays the run; the charts show the
// circuit chart and the sweep view, whose button runs a sweep. Needs a
// display (xvfb-run).
#include "test_main.h"
#include "fat_tree/circuit_status.h"
#include "fat_tree/fat_tree_map_view.h"
#include "gui_session.h"
#include "torus/node_inspector.h"
#include "window_test_support.h"

#include <QApplication>
#include <QQuickItem>
#include <QQuickWindow>
#include <QStyleHints>
#include <QTest>
#include <QtQml/qqmlextensionplugin.h>

#include <algorithm>
#include <numeric>
#include <vector>

Q_IMPORT_QML_PLUGIN(FlitscopePlugin)

using namespace flitgui;

class TestFatTreeWindow : public QObject {
  Q_OBJECT

 private:
  std::unique_ptr<MainWindowSession> session_;

  QQuickWindow* window() { return session_->window(); }
  QObject* object(const char* name) { return window()->findChild<QObject*>(QString::fromLatin1(name)); }
  QQuickItem* item(const char* name) { return window()->findChild<QQuickItem*>(QString::fromLatin1(name)); }
  NodeInspector* inspector() { return object("sidePanel")->property("nodeInspector").value<NodeInspector*>(); }
  QObject* follow() { return object("networkView")->property("follow").value<QObject*>(); }

  void clickItem(QQuickItem* target) { window_test::clickItem(window(), target); }
  QPointF onScreen(int node) { return window_test::onScreen(session_->rootObject(), session_->controller()->nodePosition(node)); }
  // An RN1 (a router: ids below the endpoints') whose centre nothing hides.
  int clickableRouter() {
    std::vector<int> routers(session_->controller()->graph().routerCount);
    std::iota(routers.begin(), routers.end(), 0);
    return window_test::clickableNode(session_->rootObject(), routers,
                                      [this](int n) { return session_->controller()->nodePosition(n); },
                                      QRectF(20, 20, 880, 580));
  }

 private slots:
  void initTestCase() {
    session_ = std::make_unique<MainWindowSession>();
    GuiOptions options;
    options.scenarioPath = QString::fromUtf8(FLITSCOPE_PRESETS_DIR) + QStringLiteral("/transit-64.json");
    options.charts = true;
    options.windowSize = QSize(1400, 900);
    QVERIFY2(session_->start(options), qPrintable(session_->errorString()));
    if (!QTest::qWaitForWindowExposed(window())) QSKIP("no window system (run under xvfb-run)");
    QVERIFY(session_->controller()->fatTree());
    session_->simulation()->setSpeed(0);
    session_->simulation()->runTo(600);
    QTRY_COMPARE_WITH_TIMEOUT(session_->simulation()->cycle(), 600.0, 60000);
  }
  void cleanupTestCase() { session_.reset(); }

  void countersOverTheViewCountRetries() {
    QQuickItem* hud = item("circuitHud");
    QVERIFY(hud && hud->isVisible());
    QVERIFY(!item("packetLegend")->isVisible());
    auto* status = hud->property("status").value<CircuitStatus*>();
    QVERIFY(status && status->active());
    QTRY_VERIFY(status->retriesStarted() > 0);
    QTRY_COMPARE(item("hudRetries")->property("text").toString(), QString::number(status->retriesStarted(), 'f', 0));
    QVERIFY(item("hudFirstAttempt")->property("text").toString().endsWith(QStringLiteral("%")));
    QVERIFY(object("circuitFlashes"));
  }

  // A fat-tree has RN1s, endpoints and channels, none of them wrapping
  // around: the side panel and the status bar say so, not "links".
  void theCountsNameChannels() {
    const QString links = QString::number(session_->controller()->linkCount());
    QCOMPARE(item("linkCountLabel")->property("text").toString(), links);
    QCOMPARE(item("networkCountsLabel")->property("text").toString(),
             QStringLiteral("116 RN1s and endpoints, %1 channels, 0 failed").arg(links));
  }

  void aClickedRouterShowsItsConnections() {
    clickItem(item("inspectorSection"));
    const int router = clickableRouter();
    QVERIFY(router >= 0);
    const QPointF at = onScreen(router);
    QTest::mouseClick(window(), Qt::LeftButton, {}, at.toPoint());
    QTRY_COMPARE(inspector()->node(), router);
    session_->simulation()->step(50);
    QTRY_VERIFY(inspector()->circuit());
    QTRY_VERIFY(item("circuitSummary") && item("circuitSummary")->isVisible());
    QVERIFY(item("circuitSummary")->property("text").toString().contains(QStringLiteral("crossbar")));
    QCOMPARE(inspector()->circuitPorts().size(), 16);
    QVERIFY(!item("bufferHeader")->isVisible());  // the torus's buffer table is not shown
    window()->grabWindow().save(QStringLiteral("fat_tree_inspector.png"));
    clickItem(item("inspectorSection"));  // fold it again
  }

  void theNodeMenuFollowsAnEndpointsMessage() {
    const int endpoint = static_cast<int>(session_->controller()->graph().routerCount) + 7;
    QVERIFY(QMetaObject::invokeMethod(object("networkView"), "openNodeMenu", Q_ARG(QVariant, endpoint)));
    QQuickItem* followItem = nullptr;
    QTRY_VERIFY((followItem = item("followEndpointItem")) && followItem->isVisible());
    QVERIFY(!item("failNodeItem")->isVisible());   // endpoints do not fail
    QVERIFY(!item("hotSpareItem")->isVisible());   // no hot spares in a fat-tree
    QVERIFY(followItem->property("text").toString().contains(QStringLiteral("endpoint 7")));
    QMetaObject::invokeMethod(followItem, "triggered");
    QTRY_VERIFY(follow()->property("following").toBool());
    QCOMPARE(follow()->property("serial").toInt(), 7);
    session_->simulation()->step(200);
    QTRY_VERIFY(follow()->property("circuit").toBool());
    QTRY_VERIFY(!follow()->property("attemptLines").toStringList().isEmpty());
    QVERIFY(item("followPanel")->isVisible());
    QVERIFY(item("followNextButton")->isVisible());
    QVERIFY(object("followTravelled") && object("followTravelled")->property("visible").toBool());
    window()->grabWindow().save(QStringLiteral("fat_tree_follow.png"));
    clickItem(item("followNextButton"));
    QTRY_VERIFY(follow()->property("following").toBool());
    QVERIFY(QMetaObject::invokeMethod(follow(), "stop"));
    QObject* menu = object("nodeMenu");
    if (menu->property("visible").toBool()) QMetaObject::invokeMethod(menu, "close");
  }

  void theMapShowsTheTreeFlat() {
    QQuickItem* panel = item("fatTreeMapPanel");
    QVERIFY(panel && !panel->isVisible());
    clickItem(item("sliceButton"));  // "Map" for a fat-tree
    QTRY_VERIFY(panel->isVisible());
    QVERIFY(!item("slicePanel")->isVisible());  // a torus plane: none here
    auto* map = qobject_cast<FatTreeMapView*>(item("fatTreeMap"));
    QVERIFY(map);
    QCOMPARE(map->nodeCount(), static_cast<int>(session_->controller()->graph().nodeCount()));
    QCOMPARE(map->linkCount(), static_cast<int>(session_->controller()->graph().linkCount()));
    session_->simulation()->step(20);
    QTRY_VERIFY(map->heldLinkCount() > 0);
    // The 3D view is narrower beside the map: the axis hint never covers
    // the circuit counters (it moves down beside the buttons, or hides).
    QQuickItem* hint = item("axisHint");
    QQuickItem* hud = item("circuitHud");
    QVERIFY(hint && hud && hud->isVisible());
    const auto sceneRect = [](QQuickItem* it) { return it->mapRectToScene(QRectF(0, 0, it->width(), it->height())); };
    QTRY_VERIFY(!hint->isVisible() || !sceneRect(hint).intersects(sceneRect(hud)));
    // A channel in the map (at a whole pixel: channels crowd near the
    // routers): a click fails it, a second repairs it.
    // Searched again until found: right after the panel opens, under load,
    // the map may not have its final size yet.
    int link = -1;
    QPoint at;
    const auto findLink = [&] {
      for (int l = 0; l < map->linkCount() && link < 0; ++l) {
        at = map->mapToScene(map->linkPoint(l)).toPoint();
        if (map->linkAt(map->mapFromScene(at)) == l) link = l;
      }
      return link >= 0;
    };
    QTRY_VERIFY(findLink());
    // A click breaks a channel only in break mode (issue 42): the view's
    // Break channels button turns it on.
    QQuickItem* breakButton = window()->findChild<QQuickItem*>(QStringLiteral("breakModeButton"));
    QVERIFY(breakButton);
    QCOMPARE(breakButton->property("text").toString(), QStringLiteral("Break channels"));
    window_test::clickItem(window(), breakButton);
    QTRY_VERIFY(session_->controller()->breakMode());
    QTest::mouseClick(window(), Qt::LeftButton, {}, at);
    QTRY_VERIFY(!session_->controller()->linkUp(link));
    window()->grabWindow().save(QStringLiteral("fat_tree_map.png"));
    // The channel's tooltip away, and not a double click.
    QTest::mouseMove(window(), QPoint(5, window()->height() / 2));
    QTRY_VERIFY(map->hoveredLink() < 0);
    QTest::qWait(QGuiApplication::styleHints()->mouseDoubleClickInterval() + 50);
    QTest::mouseClick(window(), Qt::LeftButton, {}, at);
    QTRY_VERIFY(session_->controller()->linkUp(link));
    window_test::clickItem(window(), breakButton);
    QTRY_VERIFY(!session_->controller()->breakMode());
    // Zoom keeps the point under the cursor; Fit shows the whole again.
    const int router = 3;
    const QPointF before = map->nodePoint(router);
    map->zoomAt(before, 8.0);
    QCOMPARE(map->zoom(), 8.0);
    QVERIFY((map->nodePoint(router) - before).manhattanLength() < 1.0);
    QCOMPARE(map->nodeAt(map->nodePoint(router)), router);
    // Zoomed out all the way by the wheel: the whole map again, centred.
    map->panBy(40, 0);
    map->zoomAt(QPointF(10, 10), 1.0 / 64);
    QCOMPARE(map->zoom(), 1.0);
    QCOMPARE(map->nodePoint(router), before);
    map->zoomAt(before, 8.0);
    clickItem(item("mapFit"));
    QTRY_COMPARE(map->zoom(), 1.0);
    // At a projector's 1280x720 the counters would cover half the narrowed
    // view and the top of the tree: they fold to their title (FoldHeader.qml,
    // the packet legend's rule), and their button unfolds and folds them.
    const QSize size = window()->size();
    window()->resize(1280, 720);
    QTRY_VERIFY(hud->property("folded").toBool());
    QQuickItem* counters = item("hudRetries");
    QTRY_VERIFY(!counters->isVisible());
    clickItem(item("hudFoldButton"));
    QTRY_VERIFY(counters->isVisible());
    clickItem(item("hudFoldButton"));
    QTRY_VERIFY(!counters->isVisible());
    window()->resize(size);
    clickItem(item("sliceButton"));
    QTRY_VERIFY(!panel->isVisible());
  }

  // The rewind bar works for a fat-tree, from its checkpoints (one every
  // 1000 cycles), with their memory beside it.
  void theRewindBarRestoresCheckpoints() {
    auto* sim = session_->simulation();
    if (sim->cycle() < 2100.0) sim->step(static_cast<int>(2100.0 - sim->cycle()));
    QTRY_VERIFY(sim->cycle() >= 2100.0);
    sim->rewindTo(1300);
    QTRY_VERIFY(!sim->rewinding() && sim->cycle() == 1300.0);
    QVERIFY2(sim->lastError().isEmpty(), qPrintable(sim->lastError()));
    QVERIFY(sim->lastCycle() >= 2100.0);
    QTRY_VERIFY(item("checkpointMemoryLabel")->property("text").toString().startsWith(QStringLiteral("checkpoints ")));
    QVERIFY(sim->property("checkpointBytes").toDouble() > 0.0);
  }

  void theSweepButtonRunsTheSweep() {
    QQuickItem* circuitChart = item("circuitChart");
    QVERIFY(circuitChart);
    QTRY_VERIFY(circuitChart->isVisible());
    QVERIFY(!item("vcOccupancyChart")->isVisible());
    QQuickItem* button = item("sweepButton");
    QVERIFY(button && item("sweepChart")->isVisible());
    clickItem(button);
    // The sweep's controller comes from the composition root, as every controller.
    auto* sweep = session_->rootObject()->property("circuitSweep").value<QObject*>();
    QVERIFY(sweep);
    QTRY_VERIFY_WITH_TIMEOUT(sweep->property("pointCount").toInt() == 9 && !sweep->property("running").toBool(), 120000);
    QVERIFY(sweep->property("summary").toString().contains(QStringLiteral("first-attempt success")));
    QTRY_COMPARE(item("sweepChart")->property("loadingAxisMax").toDouble(), sweep->property("loadingAxisMax").toDouble());
    QVERIFY(sweep->property("loadingAxisMax").toDouble() > 0.5);
    window()->grabWindow().save(QStringLiteral("fat_tree_sweep.png"));
  }
};

FLITSCOPE_TEST_MAIN(argc, argv) {
  QApplication app(argc, argv);
  TestFatTreeWindow test;
  return QTest::qExec(&test, argc, argv);
}

#include "tst_fat_tree_window.moc"
