// The flat bidelta network (fattree/flat_bidelta.h; seed 004, section 1) in
// the real main window, as a person reaches it: picked from the preset list
// with the mouse, it opens with its own words (its stages, no unit trees),
// its own legend and layout (one layer per stage, each RN1 of the last
// stage over its own four endpoints), runs circuits counted
// over the view, and a right-click on an RN1 offers to fail that RN1 only
// (no unit tree to collapse or fail), which Ctrl+Z undoes; S shows its
// stages flat. Needs a display (xvfb-run).
#include "test_main.h"
#include "fat_tree/circuit_status.h"
#include "fat_tree/fat_tree_map_view.h"
#include "gui_session.h"
#include "packet_scene.h"
#include "window_test_support.h"

#include <QApplication>
#include <QQuickItem>
#include <QQuickWindow>
#include <QTest>
#include <QVector3D>
#include <QtQml/qqmlextensionplugin.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

Q_IMPORT_QML_PLUGIN(FlitscopePlugin)

using namespace flitgui;

namespace {
const QString kName = QStringLiteral("Flat bidelta network, 256 endpoints (RN1)");
}

class TestFlatBideltaWindow : public QObject {
  Q_OBJECT

 private:
  std::unique_ptr<MainWindowSession> session_;

  QQuickWindow* window() { return session_->window(); }
  QObject* object(const char* name) { return window()->findChild<QObject*>(QString::fromLatin1(name)); }
  QQuickItem* item(const char* name) { return window()->findChild<QQuickItem*>(QString::fromLatin1(name)); }
  QPointF onScreen(int node) { return onScreenPoint(session_->controller()->nodePosition(node)); }
  QPointF onScreenPoint(const QVector3D& p) { return window_test::onScreen(session_->rootObject(), p); }
  // An RN1 of the last stage (the top layer: nothing in front of it from
  // above) whose centre the mouse hits.
  int clickableRouter() {
    std::vector<int> routers(session_->controller()->graph().routerCount);
    std::iota(routers.rbegin(), routers.rend(), 0);  // the last stage first
    return window_test::clickableNode(session_->rootObject(), routers,
                                      [this](int n) { return session_->controller()->nodePosition(n); },
                                      QRectF(20, 40, 880, 610));
  }
  // Visible text anywhere in the window that contains `text`.
  bool shows(const QString& text) {
    QList<QQuickItem*> items;
    window_test::collectAll(window()->contentItem(), items);
    for (QQuickItem* i : items)
      if (i->isVisible() && i->property("text").toString().contains(text)) return true;
    return false;
  }

 private slots:
  void initTestCase() {
    session_ = std::make_unique<MainWindowSession>();
    GuiOptions options;  // the default scenario, the teaching torus
    options.windowSize = QSize(1400, 1000);
    QVERIFY2(session_->start(options), qPrintable(session_->errorString()));
    if (!QTest::qWaitForWindowExposed(window())) QSKIP("no window system (run under xvfb-run)");
    window()->requestActivate();  // Ctrl+Z goes to the active window
    QVERIFY(QTest::qWaitForWindowActive(window()));
    QVERIFY(!session_->controller()->fatTree());
  }
  void cleanupTestCase() { session_.reset(); }

  void pickedFromThePresetList() {
    QVERIFY(session_->controller()->presetNames().contains(kName));
    auto* presets = qobject_cast<QQuickItem*>(object("presetBox"));
    QVERIFY(presets);
    auto* popup = presets->property("popup").value<QObject*>();
    window_test::clickItem(window(), presets);
    QTRY_VERIFY(popup->property("opened").toBool());
    QQuickItem* entry = nullptr;
    QTRY_VERIFY([&] {
      QList<QQuickItem*> items;
      window_test::collectAll(popup->property("contentItem").value<QQuickItem*>(), items);
      for (QQuickItem* i : items)
        if (i->property("text").toString() == kName && i->isVisible()) entry = i;
      return entry != nullptr;
    }());
    window_test::clickItem(window(), entry);
    QTRY_COMPARE(session_->controller()->scenarioName(), kName);
    QVERIFY(session_->controller()->fatTree());
    QCOMPARE(session_->controller()->graph().routerCount, 256u);
    QCOMPARE(session_->controller()->graph().endpointCount, 256u);
  }

  // Its own words and legend: stages, not unit trees.
  void itsWordsAndLegendAreItsOwn() {
    QTRY_VERIFY(shows(QStringLiteral("flat bidelta network, 256 endpoints, 4 stages of 64 RN1 routers")));
    QVERIFY(shows(QStringLiteral("Channel into the next stage")));
    QVERIFY(shows(QStringLiteral("Channel from the last stage to an endpoint")));
    QVERIFY(!shows(QStringLiteral("unit tree")));
    QCOMPARE(session_->controller()->collapsedBlockCount(), 0);
    // One layer per stage, the first lowest, the endpoints below them all.
    const auto y = [this](int node) { return session_->controller()->nodePosition(node).y(); };
    const int endpoint0 = static_cast<int>(session_->controller()->graph().routerCount);
    QVERIFY(y(endpoint0) < y(0));
    // Each RN1 of the last stage (dual mode, in pairs: one channel to each of
    // its own four endpoints and its pair's) stands over its own four.
    const flit::NetworkGraph& graph = session_->controller()->graph();
    int checked = 0;
    for (std::uint32_t r = 0; r < graph.routerCount; ++r) {
      const QVector3D above = session_->controller()->nodePosition(static_cast<int>(r));
      std::vector<QVector3D> ends;
      for (const flit::GraphLink& l : graph.links)
        if (l.a == r && graph.isEndpoint(l.b)) ends.push_back(session_->controller()->nodePosition(static_cast<int>(l.b)));
      if (ends.empty()) continue;
      QCOMPARE(ends.size(), std::size_t{8});
      const auto across = [&above](const QVector3D& p) { return std::hypot(p.x() - above.x(), p.z() - above.z()); };
      std::sort(ends.begin(), ends.end(), [&](const QVector3D& a, const QVector3D& b) { return across(a) < across(b); });
      const QVector3D under = (ends[0] + ends[1] + ends[2] + ends[3]) / 4.0f;
      QVERIFY(std::abs(above.x() - under.x()) < 0.01f && std::abs(above.z() - under.z()) < 0.01f);
      QVERIFY(above.y() > under.y());
      ++checked;
    }
    QCOMPARE(checked, 64);
    QCOMPARE(session_->controller()->describeNode(0).left(4), QStringLiteral("RN1 "));
    QVERIFY(session_->controller()->describeNode(0).contains(QStringLiteral("stage 1 of 4")));
  }

  void itRunsCircuits() {
    session_->simulation()->setSpeed(0);
    session_->simulation()->runTo(500);
    QTRY_COMPARE_WITH_TIMEOUT(session_->simulation()->cycle(), 500.0, 60000);
    QQuickItem* hud = item("circuitHud");
    QVERIFY(hud && hud->isVisible());
    auto* status = hud->property("status").value<CircuitStatus*>();
    QVERIFY(status && status->active());
    QTRY_VERIFY(status->retriesStarted() > 0);
    QVERIFY(item("hudFirstAttempt")->property("text").toString().endsWith(QStringLiteral("%")));
    window()->grabWindow().save(QStringLiteral("flat_bidelta_window.png"));  // to look at
  }

  // The mouse over a circuit's mark: the status bar names the circuit and
  // whose message it carries, not a packet of a VC class (it said "packet
  // 124 (adaptive)").
  void hoveringACircuitNamesIt() {
    auto* view = object("networkView");
    auto* scene = view->property("packets").value<PacketScene*>();
    QVERIFY(scene);
    scene->setSmoothMotion(false);
    QQuickItem* status = item("hoverLabel");
    QVERIFY(status);
    const QRectF area(40, 60, 860, 560);
    bool named = false;
    for (int round = 0; round < 6 && !named; ++round) {
      session_->simulation()->step(7);
      QTest::qWait(200);
      QList<int> marks;  // a circuit's marks carry its sending endpoint's number
      for (int e = 0; e < 256; ++e)
        if (scene->hasPacket(e)) marks.append(e);
      for (int i = 0; i < marks.size() && i < 40 && !named; ++i) {
        const QPointF at = onScreenPoint(scene->packetPosition(marks[i]));
        if (!area.contains(at)) continue;
        QTest::mouseMove(window(), at.toPoint());
        QTest::qWait(50);
        const QString text = status->property("text").toString();
        if (!text.contains(QStringLiteral("click follows it"))) continue;
        QVERIFY2(text.startsWith(QStringLiteral("the circuit of endpoint ")), qPrintable(text));
        QVERIFY2(!text.contains(QStringLiteral("adaptive")), qPrintable(text));
        named = true;
      }
    }
    QVERIFY2(named, "no circuit mark found under the mouse");
    QTest::mouseMove(window(), QPoint(5, window()->height() / 2));
  }

  // A right-click on an RN1: fail that RN1, nothing about unit trees; Ctrl+Z
  // repairs it.
  void theNodeMenuFailsOneRouter() {
    const int router = clickableRouter();
    QVERIFY(router >= 0);
    QTest::mouseClick(window(), Qt::RightButton, {}, onScreen(router).toPoint());
    QQuickItem* fail = nullptr;
    QTRY_VERIFY((fail = item("failNodeItem")) && fail->isVisible());
    QVERIFY(fail->property("text").toString().contains(QStringLiteral("stage 4 of 4")));
    QVERIFY(!item("expandBlockItem")->isVisible());
    QVERIFY(!item("failBlockItem")->isVisible());
    window_test::clickItem(window(), fail);
    QTRY_VERIFY(!session_->controller()->nodeUp(router));
    QCOMPARE(session_->controller()->failedNodeCount(), 1);
    QTest::keyClick(window(), Qt::Key_Z, Qt::ControlModifier);
    QTRY_VERIFY(session_->controller()->nodeUp(router));
    QCOMPARE(session_->controller()->failedNodeCount(), 0);
  }

  void theMapShowsItsStages() {
    QQuickItem* panel = item("fatTreeMapPanel");
    QVERIFY(panel && !panel->isVisible());
    window_test::clickItem(window(), item("sliceButton"));  // "Map"
    QTRY_VERIFY(panel->isVisible());
    auto* map = qobject_cast<FatTreeMapView*>(item("fatTreeMap"));
    QVERIFY(map);
    QCOMPARE(map->nodeCount(), static_cast<int>(session_->controller()->graph().nodeCount()));
    // Its own rows and words: the stages above the endpoints, the first lowest.
    QVERIFY(item("mapCaption")->property("text").toString().contains(QStringLiteral("to the next stage: blue")));
    const int endpoint0 = static_cast<int>(session_->controller()->graph().routerCount);
    QVERIFY(map->nodePoint(endpoint0).y() > map->nodePoint(0).y());  // the endpoints below (screen y down)
    session_->simulation()->step(20);
    QTRY_VERIFY(map->heldLinkCount() > 0);
    window_test::clickItem(window(), item("sliceButton"));
    QTRY_VERIFY(!panel->isVisible());
  }
};

FLITSCOPE_TEST_MAIN(argc, argv) {
  QApplication app(argc, argv);
  TestFlatBideltaWindow test;
  return QTest::qExec(&test, argc, argv);
}

#include "tst_flat_bidelta_window.moc"
