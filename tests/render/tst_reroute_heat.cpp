// See the reroute (issue 42, item 4: "the reroute cannot be read"): on the
// lesson preset teaching-reroute-4x4x4 the timeline breaks (0,1,1) +Z at
// cycle 1500. With the detour view on (Shift+H) the links drawn green are
// exactly the links of the routes the rebuild changed, as the engine's own
// comparison of the tables before and after finds them (and the violet ones
// exactly their old paths'), over a dimmed lattice, green where the window
// shows them; the legend names the break and the count; a rewind to before
// the break shows no change and forward again the same one; a pair picked
// in the side panel draws its two paths; a repair is a change too, which
// leaves no detour. Pixels of the grabbed window under Xvfb.
#include "test_main.h"
#include "gui_session.h"
#include "link_heat_instancing.h"
#include "../app/window_test_support.h"
#include "torus/rebuild_outcome.h"

#include "analysis/route_change.h"
#include "scenario/scenario.h"
#include "sim/simulator.h"
#include "topology/ids.h"

#include <QApplication>
#include <QQuickItem>
#include <QQuickWindow>
#include <QtQml/qqmlextensionplugin.h>
#include <QtTest>

#include <algorithm>
#include <set>

#include "render_helpers.h"

Q_IMPORT_QML_PLUGIN(FlitscopePlugin)

namespace {

// The XT's rebuild checks 4.4 M routes: about 2 s here, 45 s under tsan.
#if defined(__SANITIZE_THREAD__) || defined(__SANITIZE_ADDRESS__)
constexpr int kXtRebuildWaitMs = 300000;
#else
constexpr int kXtRebuildWaitMs = 30000;
#endif

// Clearly green pixels (scene_palette::kDetour, lit) in a small square around p.
int greenPixels(const QImage& image, QPoint p) {
  int n = 0;
  for (int y = p.y() - 3; y <= p.y() + 3; ++y)
    for (int x = p.x() - 3; x <= p.x() + 3; ++x) {
      if (!image.rect().contains(x, y)) continue;
      const QRgb c = image.pixel(x, y);
      if (qGreen(c) > std::max(qRed(c), qBlue(c)) + 40) ++n;
    }
  return n;
}

int redPixels(const QImage& image, QPoint p) {
  int n = 0;
  for (int y = p.y() - 4; y <= p.y() + 4; ++y)
    for (int x = p.x() - 4; x <= p.x() + 4; ++x) {
      if (!image.rect().contains(x, y)) continue;
      const QRgb c = image.pixel(x, y);
      if (qRed(c) > 160 && qGreen(c) < 90 && qBlue(c) < 90) ++n;
    }
  return n;
}

// The delegate of `list` that shows its first row with this text (a person clicks it).
QQuickItem* firstRow(QQuickItem* list, const QString& text) {
  QList<QQuickItem*> delegates;
  window_test::collect(list, QString(), delegates);
  for (QQuickItem* d : delegates)
    if (d->property("index").toInt() == 0 && d->property("text").toString() == text) return d;
  return nullptr;
}

const char* const kPreset = FLITSCOPE_PRESETS_DIR "/teaching-reroute-4x4x4.json";

}  // namespace

class TstRerouteHeat : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase();
  void cleanupTestCase() { session_.reset(); }
  void detourIsExactlyTheChangedRoutes();
  void aRewindShowsTheDetourOfTheCycleShown();
  void aPairPickedShowsItsPathsBeforeAndNow();
  void aRepairChangesTheRoutesBackAndLeavesNoDetour();
  void aHotSpareTakeoverIsShownInTheOutcome();
  void aBrokenXtLinkIsRoutedAroundAndDrawn();
  void aBrokenTrcLinkListsAndDrawsItsUnreachablePairs();
  void theSidePanelAndTheStatusBarCountTheSamePairs();
  void aFailedUnitTreeIsCounted();

 private:
  QObject* view() const { return session_->rootObject()->property("networkView").value<QObject*>(); }
  LinkHeatInstancing* heat() const {
    QObject* model = view()->findChild<QObject*>(QStringLiteral("linkHeat"));
    return model ? model->property("instancing").value<LinkHeatInstancing*>() : nullptr;
  }
  flitgui::RebuildOutcome* outcome() const { return view()->property("outcome").value<flitgui::RebuildOutcome*>(); }
  QQuickItem* item(const char* name) const { return session_->window()->findChild<QQuickItem*>(QLatin1String(name)); }
  void runTo(double cycle) { runToAndWait(session_->simulation(), cycle); }
  int breakALinkByClicking(const char* preset);
  // The engine's own rebuild, on a Simulator of the preset with `link` failed.
  static flit::RouteRebuildReport engineRebuild(const char* preset, int link) {
    flit::Simulator sim(flit::simConfigFromScenario(
        flit::loadScenarioFile(std::string(FLITSCOPE_PRESETS_DIR "/") + preset)));
    sim.failLink(link);
    return sim.rebuildRoutes();
  }
  // Window position of a node's centre, or of a link's middle, where the
  // picker finds that element itself (nothing in front of it); (-1,-1) if none.
  QPoint shownNode(int from) {
    NetworkController* c = session_->controller();
    for (int n = from; n < c->nodeCount(); ++n) {
      const QPointF at = screenPosition(session_->rootObject(), c->nodePosition(n));
      QVariant hit;
      QMetaObject::invokeMethod(session_->rootObject(), "nodeAt", Q_RETURN_ARG(QVariant, hit), Q_ARG(QVariant, at.x()),
                                Q_ARG(QVariant, at.y()));
      if (hit.toInt() == n && at.x() > 20 && at.y() > 20) return at.toPoint();
    }
    return {-1, -1};
  }
  // Opens the node menu with a right-click at `at` and triggers the entry
  // `item` with a left click on it.
  void nodeMenuEntry(QPoint at, const char* item) {
    QTest::mouseClick(session_->window(), Qt::RightButton, {}, at);
    QObject* menu = session_->window()->findChild<QObject*>(QStringLiteral("nodeMenu"));
    QVERIFY(menu);
    QTRY_VERIFY(menu->property("opened").toBool());
    auto* entry = session_->window()->findChild<QQuickItem*>(QLatin1String(item));
    QVERIFY(entry);
    QTRY_VERIFY(entry->isVisible() && entry->isEnabled());
    window_test::clickItem(session_->window(), entry);
    QTRY_VERIFY(!menu->property("visible").toBool());
  }
  std::unique_ptr<MainWindowSession> session_;
};

void TstRerouteHeat::initTestCase() {
  session_ = std::make_unique<MainWindowSession>();
  GuiOptions options;
  options.scenarioPath = QString::fromLatin1(kPreset);
  options.windowSize = QSize(1400, 900);
  startActiveSession(*session_, options);
  if (QTest::currentTestFailed()) return;
  QVERIFY(heat() && outcome());
  session_->simulation()->setSpeed(0);
}

void TstRerouteHeat::detourIsExactlyTheChangedRoutes() {
  QTest::keyClick(session_->window(), Qt::Key_H, Qt::ShiftModifier);  // the detour view
  QTRY_VERIFY(heat()->active() && heat()->routeChange());
  runTo(1400);
  QObject* cause = view()->findChild<QObject*>(QStringLiteral("detourCause"));
  QVERIFY(cause);
  QTRY_VERIFY(!outcome()->hasRebuild());
  QVERIFY(cause->property("text").toString().startsWith(QStringLiteral("No route has changed yet")));
  runTo(1600);
  QTRY_VERIFY(outcome()->hasRebuild());

  // The engine's own comparison, on a Simulator of its own broken the same way.
  flit::SimConfig config = flit::simConfigFromScenario(flit::loadScenarioFile(kPreset));
  config.autoRebuild = true;  // as the window's engine
  flit::Simulator sim(config);
  sim.run(1501);
  const flit::Topology& topo = sim.topology();
  const flit::LinkId broken = flit::resolveLinkSpec(topo, flit::parseLinkSpec("0,1,1:+Z", "test"), "test");
  QVERIFY(!topo.linkUp(broken));
  QVERIFY(sim.routesBefore());
  const flit::RouteChange expected = flit::compareRoutes(topo, sim.routing(), *sim.routesBefore(), {});
  QVERIFY(expected.changedPairs > 0);
  QCOMPARE(outcome()->changedPairs(), static_cast<int>(expected.changedPairs));
  const std::set<int> now(expected.channelsAfter.begin(), expected.channelsAfter.end());
  const std::set<int> before(expected.channelsBefore.begin(), expected.channelsBefore.end());
  int green = 0, violet = 0;
  for (flit::LinkId l = 0; l < topo.linkCount(); ++l) {
    const bool onNow = now.count(2 * l) || now.count(2 * l + 1);
    const bool onBefore = before.count(2 * l) || before.count(2 * l + 1);
    const int role = heat()->linkRouteRole(l);
    const int want = onNow ? LinkHeatInstancing::RouteNow : onBefore ? LinkHeatInstancing::RouteBefore
                                                                      : LinkHeatInstancing::OtherLink;
    QVERIFY2(role == want, qPrintable(QStringLiteral("link %1: role %2, changed routes say %3").arg(l).arg(role).arg(want)));
    green += onNow ? 1 : 0;
    violet += role == LinkHeatInstancing::RouteBefore ? 1 : 0;
  }
  QVERIFY(green > 0 && violet > 0);
  QVERIFY2(heat()->linkRouteRole(broken) == LinkHeatInstancing::RouteBefore, "the broken link was on the old paths");
  QVERIFY2(cause->property("text").toString().contains(QStringLiteral("failed at cycle 1500")),
           qPrintable(cause->property("text").toString()));
  QVERIFY(cause->property("text").toString().contains(QString::number(expected.changedPairs)));

  // Where the window shows them (not under the legend), detour links are
  // green and the other links are not; the broken link's X is red on top.
  session_->window()->update();
  const QImage image = session_->window()->grabWindow();
  if (const QString dir = qEnvironmentVariable("FLITSCOPE_SCREENSHOT_DIR"); !dir.isEmpty())
    QVERIFY(image.save(dir + QStringLiteral("/teaching-reroute-detour.png")));
  const qreal dpr = image.devicePixelRatio();
  const auto* legend = item("packetLegend");
  QVERIFY(legend);
  QList<QRectF> covered{legend->mapRectToScene(QRectF(0, 0, legend->width(), legend->height())).adjusted(-4, -4, 4, 4)};
  QList<QQuickItem*> labels;  // node labels are drawn over the view too
  window_test::collect(session_->window()->contentItem(), QStringLiteral("nodeLabel"), labels);
  for (QQuickItem* l : labels) covered.append(l->mapRectToScene(QRectF(0, 0, l->width(), l->height())).adjusted(-4, -4, 4, 4));
  const auto isCovered = [&covered](QPointF p) {
    return std::any_of(covered.begin(), covered.end(), [p](const QRectF& r) { return r.contains(p); });
  };
  const QRectF viewRect = qobject_cast<QQuickItem*>(view())->mapRectToScene(QRectF(0, 0, 10000, 10000))
                              .intersected(qobject_cast<QQuickItem*>(view())->mapRectToScene(
                                  QRectF(0, 0, qobject_cast<QQuickItem*>(view())->width(),
                                         qobject_cast<QQuickItem*>(view())->height() - 80)));
  int greenShown = 0, greenChecked = 0, otherGreen = 0, otherChecked = 0;
  for (flit::LinkId l = 0; l < topo.linkCount(); ++l) {
    if (session_->controller()->layout().linkIsWrap(l) || l == broken) continue;
    const QPointF at = screenPosition(session_->rootObject(), session_->controller()->linkAnchor(l));
    if (isCovered(at) || !viewRect.contains(at)) continue;
    // Only where the picker finds this link itself at that pixel (nothing in front, no packet on it).
    QVariant hit;
    QMetaObject::invokeMethod(session_->rootObject(), "linkAt", Q_RETURN_ARG(QVariant, hit), Q_ARG(QVariant, at.x()),
                              Q_ARG(QVariant, at.y()));
    if (hit.toInt() != l) continue;
    QVariant packet;  // a packet drawn over the link hides its colour there
    QMetaObject::invokeMethod(session_->rootObject(), "packetAt", Q_RETURN_ARG(QVariant, packet), Q_ARG(QVariant, at.x()),
                              Q_ARG(QVariant, at.y()));
    if (packet.toInt() >= 0) continue;
    const bool isGreen = greenPixels(image, (at * dpr).toPoint()) >= 8;
    if (heat()->linkRouteRole(l) == LinkHeatInstancing::RouteNow) {
      ++greenChecked;
      greenShown += isGreen ? 1 : 0;
    } else {
      ++otherChecked;
      otherGreen += isGreen ? 1 : 0;
    }
  }
  QVERIFY2(greenChecked >= 3 && greenShown == greenChecked,
           qPrintable(QStringLiteral("%1 of %2 detour links seen green").arg(greenShown).arg(greenChecked)));
  QVERIFY2(otherChecked >= 10 && otherGreen == 0,
           qPrintable(QStringLiteral("%1 of %2 other links green").arg(otherGreen).arg(otherChecked)));
  const QPointF x = screenPosition(session_->rootObject(), session_->controller()->linkAnchor(broken));
  QVERIFY2(redPixels(image, (x * dpr).toPoint()) >= 6, "the broken link's red X is drawn on top");
}

// Alt+Left steps back 100 cycles (a rewind): before the break the view and
// the legend say nothing has changed, after it the same change again.
void TstRerouteHeat::aRewindShowsTheDetourOfTheCycleShown() {
  const int pairs = outcome()->changedPairs();
  QVERIFY(pairs > 0);
  QObject* cause = view()->findChild<QObject*>(QStringLiteral("detourCause"));
  for (int i = 0; i < 2; ++i) {
    const double cycle = session_->simulation()->cycle();
    QTest::keyClick(session_->window(), Qt::Key_Left, Qt::AltModifier);
    QTRY_VERIFY_WITH_TIMEOUT(session_->simulation()->cycle() == cycle - 100 && !session_->simulation()->rewinding(), 20000);
  }
  QCOMPARE(session_->simulation()->cycle(), 1400.0);
  QTRY_VERIFY(!outcome()->hasRebuild());
  QVERIFY(cause->property("text").toString().startsWith(QStringLiteral("No route has changed yet")));
  runTo(1600);  // running on replays the timeline's break at 1500
  QTRY_VERIFY(outcome()->hasRebuild());
  QCOMPARE(outcome()->changedPairs(), pairs);
  QVERIFY(cause->property("text").toString().contains(QStringLiteral("failed at cycle 1500")));
}

// The panel's list of changed pairs: a click draws that pair's path before
// (ending at the break) and now, on top, as the engine traced them.
void TstRerouteHeat::aPairPickedShowsItsPathsBeforeAndNow() {
  auto* list = item("detourPairList");
  QVERIFY(list);
  QTRY_VERIFY(list->isVisible() && list->property("count").toInt() == std::min(outcome()->changedPairs(), 500));
  QQuickItem* first = firstRow(list, outcome()->changedPairNames().first());
  QVERIFY(first);
  window_test::clickItem(session_->window(), first);
  QTRY_COMPARE(view()->property("detourPair").toInt(), 0);
  QObject* now = view()->findChild<QObject*>(QStringLiteral("detourPairNow"));
  QObject* was = view()->findChild<QObject*>(QStringLiteral("detourPairBefore"));
  QVERIFY(now && was);
  QTRY_VERIFY(now->property("visible").toBool() && was->property("visible").toBool());
  QObject* nowPath = now->property("instancing").value<QObject*>();
  QCOMPARE(nowPath->property("channels").value<QList<int>>(), outcome()->pairChannels(0, true));
  QVERIFY(!outcome()->pairChannels(0, false).isEmpty());
  window_test::clickItem(session_->window(), first);  // a second click takes it away
  QTRY_COMPARE(view()->property("detourPair").toInt(), -1);
}

// A click in the failed-links list repairs the link: the routes change back
// (the same pairs), no route detours any more, and the report says so.
void TstRerouteHeat::aRepairChangesTheRoutesBackAndLeavesNoDetour() {
  const int pairs = outcome()->changedPairs();
  QList<QQuickItem*> delegates;
  window_test::collect(session_->window()->contentItem(), QString(), delegates);
  QQuickItem* entry = nullptr;
  for (QQuickItem* d : delegates)
    if (d->property("text").toString() == QStringLiteral("link (0,1,1) +Z -> (0,1,2)") && d->isVisible()) entry = d;
  QVERIFY(entry);
  window_test::clickItem(session_->window(), entry);
  QTRY_COMPARE(session_->controller()->failedLinkCount(), 0);
  session_->simulation()->step(1);
  QTRY_VERIFY(outcome()->cause().contains(QStringLiteral("repaired at cycle")));
  QCOMPARE(outcome()->changedPairs(), pairs);
  const auto rebuilt = [this] { return QString::fromStdString(session_->simulation()->currentFrame()->routeRebuild); };
  QTRY_VERIFY2(rebuilt().contains(QStringLiteral(", 0 detour around failures now;")), qPrintable(rebuilt()));
}

// Issue 42, item 5: "that a hot spare took over PE 7C shows only deep in
// the node inspector". The node menu makes a node a hot spare, then fails
// another; the side panel's outcome says which spare holds whose PE.
void TstRerouteHeat::aHotSpareTakeoverIsShownInTheOutcome() {
  QVERIFY(session_->controller()->loadScenario(QStringLiteral(FLITSCOPE_PRESETS_DIR "/teaching-4x4x4.json")));
  session_->simulation()->setSpeed(0);
  NetworkController* c = session_->controller();
  const QPoint spareAt = shownNode(0);
  QVERIFY(spareAt.x() >= 0);
  QVariant hit;
  QMetaObject::invokeMethod(session_->rootObject(), "nodeAt", Q_RETURN_ARG(QVariant, hit), Q_ARG(QVariant, spareAt.x()),
                            Q_ARG(QVariant, spareAt.y()));
  const int spare = hit.toInt();
  nodeMenuEntry(spareAt, "hotSpareItem");
  QTRY_VERIFY(session_->simulation()->hotSpareIds().contains(spare));
  const QPoint failAt = shownNode(spare + 1);
  QVERIFY(failAt.x() >= 0);
  QMetaObject::invokeMethod(session_->rootObject(), "nodeAt", Q_RETURN_ARG(QVariant, hit), Q_ARG(QVariant, failAt.x()),
                            Q_ARG(QVariant, failAt.y()));
  const int failed = hit.toInt();
  nodeMenuEntry(failAt, "failNodeItem");
  session_->simulation()->step(1);
  QTRY_VERIFY_WITH_TIMEOUT(session_->simulation()->peHomeOf(spare) == failed, 20000);
  QList<QQuickItem*> takeovers;
  window_test::collect(session_->window()->contentItem(), QStringLiteral("outcomeTakeover"), takeovers);
  QTRY_VERIFY([&] {
    takeovers.clear();
    window_test::collect(session_->window()->contentItem(), QStringLiteral("outcomeTakeover"), takeovers);
    return takeovers.size() == 1;
  }());
  QCOMPARE(takeovers.first()->property("text").toString(),
           QStringLiteral("Hot spare: %1 holds the logical PE of failed %2.").arg(c->describeNode(spare), c->describeNode(failed)));
  QVERIFY(takeovers.first()->isVisible());
  QVERIFY(outcome()->cause().contains(QStringLiteral("failed at cycle")));
}

// Breaks a link of the preset's machine the way a person does (X, a click on
// the link, X again) and waits for the window's rebuild; returns the link.
int TstRerouteHeat::breakALinkByClicking(const char* preset) {
  if (!session_->controller()->loadScenario(QStringLiteral(FLITSCOPE_PRESETS_DIR "/") + QLatin1String(preset))) return -1;
  session_->simulation()->setSpeed(0);
  NetworkController* c = session_->controller();
  int link = -1;
  QPoint at;
  for (int l = 0; l < c->linkCount() && link < 0; ++l) {
    if (c->layout().linkIsWrap(l)) continue;
    const QPoint p = screenPosition(session_->rootObject(), c->linkAnchor(l)).toPoint();
    QVariant hit;
    QMetaObject::invokeMethod(session_->rootObject(), "linkAt", Q_RETURN_ARG(QVariant, hit), Q_ARG(QVariant, p.x()),
                              Q_ARG(QVariant, p.y()));
    if (hit.toInt() == l && p.x() > 40 && p.y() > 300) {
      link = l;
      at = p;
    }
  }
  if (link < 0) return -1;
  // The outcome shown now may still be the last machine's (a test before
  // this one broke a link there): wait for this break's own.
  const QString causeBefore = outcome()->hasRebuild() ? outcome()->cause() : QString();
  QTest::keyClick(session_->window(), Qt::Key_X);
  if (!QTest::qWaitFor([c] { return c->breakMode(); })) return -1;
  QTest::mouseClick(session_->window(), Qt::LeftButton, {}, at);
  if (!QTest::qWaitFor([c, link] { return !c->linkUp(link); })) return -1;
  QTest::keyClick(session_->window(), Qt::Key_X);
  session_->simulation()->step(1);
  if (!QTest::qWaitFor([this, causeBefore] { return outcome()->hasRebuild() && outcome()->cause() != causeBefore; },
                       kXtRebuildWaitMs))
    return -1;
  return link;
}

// Issue 38: the XT routes around a broken link with its turn rules
// (routing/dor_detours.h) instead of refusing every pair whose route
// crossed it. The outcome counts the changed pairs as the engine does, none
// is unreachable, and a pair picked in the list draws its detour, which
// avoids the link, and its old path, which ends at it.
void TstRerouteHeat::aBrokenXtLinkIsRoutedAroundAndDrawn() {
  const int link = breakALinkByClicking("xt-11x12x16.json");
  QVERIFY(link >= 0);
  const flit::RouteRebuildReport expected = engineRebuild("xt-11x12x16.json", link);
  QVERIFY2(expected.accepted && expected.unreachable.empty() && expected.reroutedEntries > 0,
           expected.describe().c_str());
  QCOMPARE(outcome()->unreachableCount(), 0);
  QCOMPARE(outcome()->changedPairs(), expected.reroutedEntries);
  auto* status = item("outcomeStatusLabel");
  QVERIFY(status);
  QVERIFY2(status->property("text").toString().contains(QStringLiteral("%1 routes changed, 0 unreachable pairs, deadlock-free")
                                                            .arg(expected.reroutedEntries)),
           qPrintable(status->property("text").toString()));
  auto* list = item("detourPairList");
  QVERIFY(list);
  QTRY_VERIFY(list->isVisible() && list->property("count").toInt() > 0);
  QQuickItem* first = firstRow(list, outcome()->changedPairNames().first());
  QVERIFY(first);
  window_test::clickItem(session_->window(), first);
  QTRY_COMPARE(view()->property("detourPair").toInt(), 0);
  QObject* now = view()->findChild<QObject*>(QStringLiteral("detourPairNow"));
  QVERIFY(now);
  QTRY_VERIFY(now->property("visible").toBool());
  const QList<int> detour = outcome()->pairChannels(0, true);
  QCOMPARE(now->property("instancing").value<QObject*>()->property("channels").value<QList<int>>(), detour);
  QVERIFY(!detour.isEmpty());
  for (const int channel : detour) QVERIFY(flit::linkOfChannel(channel) != link);
  const QList<int> was = outcome()->pairChannels(0, false);
  QVERIFY(!was.isEmpty());
  QCOMPARE(flit::linkOfChannel(was.last()), link);  // the old path ends at the break
  window_test::clickItem(session_->window(), first);
  QTRY_COMPARE(view()->property("detourPair").toInt(), -1);
}

// The generic machine draws half-ring ties at random per packet: a detour
// the other way round a ring is the path that some of a pair's packets
// already took. The side panel's "pairs take another route" and the status
// bar's "routes changed" are the same count (the pairs whose path changed),
// and the panel says for how many more pairs only some packets change path.
void TstRerouteHeat::theSidePanelAndTheStatusBarCountTheSamePairs() {
  const int link = breakALinkByClicking("generic-8x8x8.json");
  QVERIFY(link >= 0);
  const flit::RouteRebuildReport expected = engineRebuild("generic-8x8x8.json", link);
  QVERIFY(expected.pairDetours);
  const int changed = outcome()->changedPairs();
  QVERIFY(changed > 0);
  QVERIFY2(changed < expected.reroutedEntries, qPrintable(QStringLiteral("%1 of %2").arg(changed).arg(expected.reroutedEntries)));
  auto* routes = item("outcomeRoutes");
  auto* status = item("outcomeStatusLabel");
  QVERIFY(routes && status);
  const QString panel = routes->property("text").toString();
  QVERIFY2(panel.contains(QStringLiteral("%1 pairs take another route; %2 detour around failures now")
                              .arg(changed)
                              .arg(expected.reroutedEntries)),
           qPrintable(panel));
  QVERIFY2(panel.contains(QStringLiteral("For %1 more pairs only the packets whose half-ring tie was drawn the other "
                                         "way change path.")
                              .arg(expected.reroutedEntries - changed)),
           qPrintable(panel));
  QVERIFY2(status->property("text").toString().contains(QStringLiteral("%1 routes changed").arg(changed)),
           qPrintable(status->property("text").toString()));
}

// Routes the TRC cannot change (it only travels +, issue 42 item 4): the
// pairs whose route crossed a broken link are listed as unreachable, and a
// click on one draws its route up to the break.
void TstRerouteHeat::aBrokenTrcLinkListsAndDrawsItsUnreachablePairs() {
  const int link = breakALinkByClicking("trc-16x16.json");
  QVERIFY(link >= 0);
  const flit::RouteRebuildReport expected = engineRebuild("trc-16x16.json", link);
  QVERIFY(!expected.unreachable.empty());
  QCOMPARE(outcome()->unreachableCount(), static_cast<int>(expected.unreachable.size()));
  auto* unreachable = item("outcomeUnreachable");
  QVERIFY(unreachable);
  QTRY_VERIFY(unreachable->isVisible());
  QVERIFY2(unreachable->property("text").toString().startsWith(
               QStringLiteral("%1 pairs cannot reach each other").arg(expected.unreachable.size())),
           qPrintable(unreachable->property("text").toString()));
  auto* status = item("outcomeStatusLabel");
  QVERIFY(status);
  QVERIFY2(status->property("text").toString().contains(QStringLiteral("%1 unreachable pairs").arg(expected.unreachable.size())),
           qPrintable(status->property("text").toString()));

  auto* list = item("unreachableList");
  QVERIFY(list);
  QTRY_COMPARE(list->property("count").toInt(),
               std::min<int>(static_cast<int>(expected.unreachable.size()), flitgui::RebuildOutcome::kListed));
  QQuickItem* first = firstRow(list, outcome()->unreachableNames().first());
  QVERIFY(first);
  window_test::clickItem(session_->window(), first);
  QTRY_COMPARE(view()->property("unreachablePair").toInt(), 0);
  QObject* route = view()->findChild<QObject*>(QStringLiteral("unreachableRoute"));
  QVERIFY(route);
  QTRY_VERIFY(route->property("visible").toBool());
  const QList<int> channels = outcome()->unreachableRoute(0);
  QVERIFY(!channels.isEmpty());
  QCOMPARE(flit::linkOfChannel(channels.last()), link);  // blocked at the broken link
  window_test::clickItem(session_->window(), first);
  QTRY_COMPARE(view()->property("unreachablePair").toInt(), -1);
}

// Issue 42, item 5: "failed RN1s and unit trees are never counted on a
// fat-tree ('Failed channels 0' after a unit tree failed)". The node
// menu's "Fail every RN1 of this unit tree": the side panel counts them.
void TstRerouteHeat::aFailedUnitTreeIsCounted() {
  QVERIFY(session_->controller()->loadScenario(QStringLiteral(FLITSCOPE_PRESETS_DIR "/transit-64.json")));
  NetworkController* c = session_->controller();
  QVERIFY(c->fatTree());
  int router = -1;
  QPoint at;
  for (int n = 0; n < c->nodeCount() && router < 0; ++n) {
    if (c->blockOf(n) < 0) continue;
    const QPointF p = screenPosition(session_->rootObject(), c->nodePosition(n));
    QVariant hit;
    QMetaObject::invokeMethod(session_->rootObject(), "nodeAt", Q_RETURN_ARG(QVariant, hit), Q_ARG(QVariant, p.x()),
                              Q_ARG(QVariant, p.y()));
    if (hit.toInt() == n && p.x() > 20 && p.y() > 20) {
      router = n;
      at = p.toPoint();
    }
  }
  QVERIFY(router >= 0);
  nodeMenuEntry(at, "failBlockItem");
  QTRY_VERIFY(c->failedBlockCount() == 1);
  auto* label = item("failedNodeCountLabel");
  QVERIFY(label);
  QTRY_COMPARE(label->property("text").toString(), QStringLiteral("%1 (1 whole unit trees)").arg(c->failedNodeCount()));
  QVERIFY(c->failedNodeCount() > 1);
}

FLITSCOPE_TEST_MAIN(argc, argv) {
  QApplication app(argc, argv);
  TstRerouteHeat test;
  return QTest::qExec(&test, argc, argv);
}
#include "tst_reroute_heat.moc"
