// The live packets in the real main window under Xvfb (issue 5, "What the 3D
// view shows"), on the Cray T3E 8x8x8 preset after 300 cycles at full speed:
//  - packets of each deterministic VC class (request/response x dateline
//    VC0/VC1) are drawn in their VcPalette colour where PacketScene places
//    their heads (pixels of the grabbed frame);
//  - the dateline nodes are marked and the legend shows the engine's count;
//  - a click on a packet follows it: the frame's answer names its ends and
//    its routing tag (T3E manual Table 7), and the path so far plus the
//    remaining route are the engine's traced route (routing/path_trace.h);
//    Esc leaves follow mode;
//  - clicks aimed at packets on their links follow them and never break the
//    link (issue 42), also on a body flit and with Shift; hover over a
//    packet names it and says a click follows it.
#include "test_main.h"
#include "follow_controller.h"
#include "gui_session.h"
#include "packet_scene.h"
#include "routing/path_trace.h"
#include "routing/routing_tag.h"
#include "scenario/scenario.h"
#include "torus/path_overlay.h"
#include "vc_palette.h"

#include <QApplication>
#include <QJSValue>
#include <QQuickItem>
#include <QQuickWindow>
#include <QtQml/qqmlextensionplugin.h>
#include <QtTest>

#include "render_helpers.h"

Q_IMPORT_QML_PLUGIN(FlitscopePlugin)

namespace {

constexpr double kCycles = 300;

bool closeTo(QRgb a, QRgb b, int tolerance) {
  return std::abs(qRed(a) - qRed(b)) + std::abs(qGreen(a) - qGreen(b)) + std::abs(qBlue(a) - qBlue(b)) <= tolerance;
}

// Pixels of colour `c` in a small square around p.
int pixelsLike(const QImage& image, QPoint p, QRgb c) {
  int n = 0;
  for (int y = p.y() - 2; y <= p.y() + 2; ++y)
    for (int x = p.x() - 2; x <= p.x() + 2; ++x)
      if (image.rect().contains(x, y) && closeTo(image.pixel(x, y), c, 30)) ++n;
  return n;
}

}  // namespace

class TstLivePackets : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase();
  void cleanupTestCase() { session_.reset(); }
  // A test that opened a window of its own gives the T3E's window the keyboard back.
  void cleanup() {
    if (!session_ || QGuiApplication::focusWindow() == session_->window()) return;
    session_->window()->requestActivate();
    QVERIFY(QTest::qWaitForWindowActive(session_->window()));
  }
  void packetsOfEachDeterministicVcClassAreDrawn_data();
  void packetsOfEachDeterministicVcClassAreDrawn();
  void datelinesMarkedAndCounted();
  void clickFollowsPacketAlongTheEnginesRoute();
  void clicksAimedAtPacketsNeverBreakTheirLink_data();
  void clicksAimedAtPacketsNeverBreakTheirLink();
  void heatMapTogglesWithH();

 private:
  QObject* view() const { return session_->rootObject()->property("networkView").value<QObject*>(); }
  // The follow section of the side panel (not an overlay of the 3D view).
  QObject* followPanel() const {
    QObject* side = session_->rootObject()->findChild<QObject*>(QStringLiteral("sidePanel"));
    return side ? side->findChild<QObject*>(QStringLiteral("followPanel")) : nullptr;
  }
  PacketScene* packets() const { return view()->property("packets").value<PacketScene*>(); }
  FollowController* follow() const { return view()->property("follow").value<FollowController*>(); }
  std::unique_ptr<MainWindowSession> session_;
};

void TstLivePackets::initTestCase() {
  session_ = std::make_unique<MainWindowSession>();
  GuiOptions options;
  options.scenarioPath = QStringLiteral(FLITSCOPE_PRESETS_DIR "/t3e-8x8x8.json");
  startActiveSession(*session_, options);
  if (QTest::currentTestFailed()) return;
  QVERIFY(packets());
  packets()->setSmoothMotion(false);  // pixels where the frame puts the flits, no glide
  flitgui::SimulationController* sim = session_->simulation();
  sim->setSpeed(0);
  sim->runTo(kCycles);
  QTRY_VERIFY_WITH_TIMEOUT(sim->cycle() == kCycles && !sim->running(), 60000);
  QTRY_VERIFY_WITH_TIMEOUT(packets()->flitCount() > 0, 10000);
}

void TstLivePackets::packetsOfEachDeterministicVcClassAreDrawn_data() {
  QTest::addColumn<int>("vcClass");
  QTest::newRow("request VC0") << int(flitgui::VcClass::RequestVc0);
  QTest::newRow("request VC1") << int(flitgui::VcClass::RequestVc1);
  QTest::newRow("response VC0") << int(flitgui::VcClass::ResponseVc0);
  QTest::newRow("response VC1") << int(flitgui::VcClass::ResponseVc1);
}

void TstLivePackets::packetsOfEachDeterministicVcClassAreDrawn() {
  QFETCH(int, vcClass);
  const QList<int> serials = packets()->packetsOfClass(vcClass);
  QVERIFY2(!serials.isEmpty(), "the T3E preset has packets of every deterministic class after 300 cycles");
  session_->window()->update();
  const QImage image = session_->window()->grabWindow();
  const qreal dpr = image.devicePixelRatio();
  // Heads are unlit (NoLighting), so a visible head has its palette colour exactly.
  const QRgb colour = vc_palette::kVcClassColor[static_cast<std::size_t>(vcClass)];
  int visible = 0;
  for (int serial : serials) {
    const QPoint p = (screenPosition(session_->rootObject(), packets()->packetPosition(serial)) * dpr).toPoint();
    if (pixelsLike(image, p, colour) >= 4) ++visible;
  }
  QVERIFY2(visible >= 1, qPrintable(QStringLiteral("%1 of %2 heads visible").arg(visible).arg(serials.size())));
}

void TstLivePackets::datelinesMarkedAndCounted() {
  QObject* marks = view()->findChild<QObject*>(QStringLiteral("datelines"));
  QVERIFY(marks);
  QVERIFY(marks->property("visible").toBool());
  // The T3E 8x8x8 preset: per dimension 64 pairs of one-way rings, the +
  // ring's dateline node at ordinate 0 and the - ring's at 7 (T3E Table 1's
  // placement, docs/deadlock-and-vc-balance.md): 3 x 64 x 2 marked nodes.
  QObject* instancing = marks->property("instancing").value<QObject*>();
  QVERIFY(instancing);
  QCOMPARE(instancing->property("markerCount").toInt(), 3 * 64 * 2);
  const double crossings = instancing->property("crossings").toDouble();
  QVERIFY2(crossings > 0, "300 cycles of uniform traffic on 8-rings cross datelines");
  QObject* label = view()->findChild<QObject*>(QStringLiteral("datelineCounts"));
  QVERIFY(label);
  QVERIFY(label->property("text").toString().contains(QString::number(crossings)));
}

void TstLivePackets::clickFollowsPacketAlongTheEnginesRoute() {
  FollowController* f = follow();
  QVERIFY(f && !f->following());
  // A buffered or travelling request head, clicked where it is drawn. The
  // preset routes adaptively: a head now on a deterministic VC may have
  // detoured on the adaptive VC before (then it is off its traced route, and
  // the panel says so), so the heads are clicked in turn until one is on it.
  const QList<int> candidates = packets()->packetsOfClass(int(flitgui::VcClass::RequestVc0));
  QVERIFY(!candidates.isEmpty());
  bool onRoute = false;
  int clicked = 0, skipped = 0;
  for (int i = 0; i < candidates.size() && clicked < 20 && !onRoute; ++i) {
    if (f->following()) {
      f->stop();
      QTRY_VERIFY(!f->following());
    }
    const QPointF p = screenPosition(session_->rootObject(), packets()->packetPosition(candidates[i]));
    // A head in front of the middle of its router's ball: that click selects
    // the router (PacketScene::clickedPacket); click another head.
    const QPointF inView = qobject_cast<QQuickItem*>(view())->mapFromScene(p);
    QVariant ray;
    QMetaObject::invokeMethod(view(), "rayFrom", Q_RETURN_ARG(QVariant, ray), Q_ARG(QVariant, inView.x()),
                              Q_ARG(QVariant, inView.y()));
    if (ray.metaType() == QMetaType::fromType<QJSValue>()) ray = ray.value<QJSValue>().toVariant();
    const QVariantList ends = ray.toList();
    QVERIFY2(ends.size() == 2, qPrintable(QString::fromLatin1(ray.typeName())));
    if (packets()->clickedPacket(ends.value(0).value<QVector3D>(), ends.value(1).value<QVector3D>(), false) !=
        candidates[i]) {
      ++skipped;
      continue;
    }
    ++clicked;
    QTest::mouseClick(session_->window(), Qt::LeftButton, Qt::NoModifier, p.toPoint());
    QTRY_VERIFY(f->following());
    QCOMPARE(session_->controller()->failedLinkCount(), 0);  // the click followed, it broke no link
    QTRY_VERIFY_WITH_TIMEOUT(f->answered() && f->answer()->serial == f->serial(), 10000);
    onRoute = f->answer()->onRoute;
  }
  QVERIFY2(onRoute, qPrintable(QStringLiteral("some request head on VC0 is on its traced route (%1 clicked, %2 hidden or "
                                                "at a router's middle)").arg(clicked).arg(skipped)));
  const flit::FollowedPacket& a = *f->answer();
  QCOMPARE(a.serial, f->serial());
  QCOMPARE(a.state, flit::FollowedPacket::State::InFlight);
  QCOMPARE(f->sourceText(), session_->controller()->describeNode(a.source));
  QCOMPARE(f->destinationText(), session_->controller()->describeNode(a.destination));
  // The T3E routes by tag: the panel shows it decoded, Table 7's field names.
  QVERIFY(a.directionOrder);
  QCOMPARE(f->tagHex(), QString::fromStdString(flit::formatTagHex(a.tag)));
  QCOMPARE(f->tagFields(), QString::fromStdString(flit::formatTagFields(a.tag)));
  QVERIFY(f->tagFields().contains(QStringLiteral("INITIAL_HOP=")));
  // The engine's route for this packet, traced here from its own tag.
  const flit::Topology& topo = *session_->controller()->topology();
  const flit::Scenario scenario = flit::loadScenarioFile(FLITSCOPE_PRESETS_DIR "/t3e-8x8x8.json");
  const flit::RoutingSetup setup = flit::buildRoutingSetup(topo, scenario.routing);
  const flit::PathTrace trace = flit::tracePath(topo, setup, a.source, a.destination, a.tag);
  QCOMPARE(trace.outcome, flit::PathOutcome::Delivered);
  const QList<int> route = PathOverlay::channelsOf(topo, trace);
  QVERIFY2(a.onRoute, "a head on a deterministic VC is on its traced route");
  QCOMPARE(f->remainingChannels(), route.mid(route.size() - f->remainingChannels().size()));
  if (a.travelledFromSource) QCOMPARE(f->travelledChannels() + f->remainingChannels(), route);
  // The overlays draw exactly those channels.
  QObject* remaining = view()->findChild<QObject*>(QStringLiteral("followRemaining"));
  QVERIFY(remaining);
  QCOMPARE(remaining->property("instancing").value<QObject*>()->property("channels").value<QList<int>>(),
           f->remainingChannels());
  // The side panel shows it, the tag among its fields (issue 5: "its routing
  // tag decoded in the side panel").
  QObject* panel = followPanel();
  QVERIFY(panel);
  QVERIFY(panel->property("visible").toBool());
  QObject* tagField = panel->findChild<QObject*>(QStringLiteral("followTag"));
  QVERIFY(tagField && tagField->property("visible").toBool());
  QCOMPARE(tagField->property("value").toString(), f->tagHex());
  // For the user guide: FLITSCOPE_SCREENSHOT_DIR=docs/images keeps this frame.
  if (const QString dir = qEnvironmentVariable("FLITSCOPE_SCREENSHOT_DIR"); !dir.isEmpty()) {
    session_->window()->update();
    QVERIFY(session_->window()->grabWindow().save(dir + QStringLiteral("/t3e-8x8x8-follow.png")));
  }
  // The path is drawn over the lattice by a View3D of its own (never hidden
  // behind a node or link), in the follow colour.
  QObject* overlay = view()->findChild<QObject*>(QStringLiteral("followOverlayView"));
  QVERIFY(overlay && overlay->property("visible").toBool());
  // Delivered: the panel keeps its tag and route and says when.
  const QString tagBefore = f->tagHex();
  for (int i = 0; i < 20 && (!f->answer() || f->answer()->state != flit::FollowedPacket::State::Delivered); ++i) {
    const double target = session_->simulation()->cycle() + 50;
    session_->simulation()->step(50);
    QTRY_COMPARE_WITH_TIMEOUT(session_->simulation()->cycle(), target, 20000);
    QTest::qWait(50);
  }
  QTRY_VERIFY(f->answer() && f->answer()->state == flit::FollowedPacket::State::Delivered);
  QVERIFY(f->following());
  QVERIFY2(f->stateText().startsWith(QStringLiteral("delivered at cycle ")), qPrintable(f->stateText()));
  QCOMPARE(f->stateText(), QStringLiteral("delivered at cycle %1").arg(f->answer()->endedCycle));
  QVERIFY(f->answer()->endedCycle > f->answer()->createdCycle);
  QCOMPARE(f->tagHex(), tagBefore);
  QVERIFY(!f->travelledChannels().isEmpty());
  QVERIFY(tagField->property("visible").toBool());
  QVERIFY(overlay->property("visible").toBool());
  // Esc leaves follow mode.
  QTest::keyClick(session_->window(), Qt::Key_Escape);
  QTRY_VERIFY(!f->following());
  QVERIFY(!followPanel()->property("visible").toBool());
}

// Issue 42: "three of four clicks aimed at a packet, and the Shift+click
// that docs/user-guide.md says follows one, broke the link the packet was
// on". Packets travelling on links whose heads are seen, clicked where they
// are drawn (every fourth with Shift): no click breaks a link; the click
// follows a packet (the one aimed at, or one whose flits are drawn in front
// of it), or selects a router whose ball is in front. On the teaching torus
// (64 nodes, the classroom's machine) it is the packet aimed at; on the
// 512-node T3E, where packets crowd every line of sight, most often.
void TstLivePackets::clicksAimedAtPacketsNeverBreakTheirLink_data() {
  QTest::addColumn<QString>("preset");
  QTest::addColumn<double>("cycles");
  QTest::addColumn<double>("aimedShare");  // of the clicks, at least
  QTest::newRow("teaching 4x4x4, 1600x1000") << QStringLiteral("teaching-4x4x4.json") << 400.0 << 0.8;
  QTest::newRow("T3E 8x8x8") << QString() << kCycles << 0.6;
}

void TstLivePackets::clicksAimedAtPacketsNeverBreakTheirLink() {
  QFETCH(QString, preset);
  QFETCH(double, cycles);
  QFETCH(double, aimedShare);
  std::unique_ptr<MainWindowSession> own;  // the teaching torus in a window of its own
  MainWindowSession* session = session_.get();
  if (!preset.isEmpty()) {
    own = std::make_unique<MainWindowSession>();
    GuiOptions options;
    options.scenarioPath = QStringLiteral(FLITSCOPE_PRESETS_DIR "/") + preset;
    options.windowSize = QSize(1600, 1000);
    startActiveSession(*own, options);
    if (QTest::currentTestFailed()) return;
    session = own.get();
    runToAndWait(session->simulation(), cycles);
  }
  auto* view = session->rootObject()->property("networkView").value<QQuickItem*>();
  QVERIFY(view);
  auto* scene = view->property("packets").value<PacketScene*>();
  auto* f = view->property("follow").value<FollowController*>();
  QVERIFY(scene && f);
  scene->setSmoothMotion(false);
  QTRY_VERIFY(scene->flitCount() > 0);
  auto* status = session->window()->findChild<QQuickItem*>(QStringLiteral("hoverLabel"));
  QVERIFY(status);
  const QRectF inside = view->mapRectToScene(QRectF(40, 40, view->width() - 80, view->height() - 160));
  int tries = 0, followedAimed = 0, followedOther = 0, selectedRouter = 0;
  // A few moments of the run (the teaching torus has a few packets on links at a time).
  for (int round = 0; round < 8 && tries < 20; ++round) {
    if (round > 0) runToAndWait(session->simulation(), session->simulation()->cycle() + 37);
    QTRY_VERIFY(scene->flitCount() > 0);
    // Heads seen where they are drawn (heads are unlit: their palette colour exactly).
    session->window()->update();
    const QImage image = session->window()->grabWindow();
    const qreal dpr = image.devicePixelRatio();
    QList<int> onLinks;
    for (int vcClass = 0; vcClass < flitgui::kVcClassCount; ++vcClass) {
      const QRgb colour = vc_palette::kVcClassColor[static_cast<std::size_t>(vcClass)];
      for (int serial : scene->packetsOfClass(vcClass)) {
        const QPointF at = screenPosition(session->rootObject(), scene->packetPosition(serial));
        if (!scene->describePacket(serial).contains(QStringLiteral("waiting in")) && inside.contains(at) &&
            pixelsLike(image, (at * dpr).toPoint(), colour) >= 9)
          onLinks.append(serial);
      }
    }
    for (int i = 0; i < onLinks.size() && tries < 40; ++i, ++tries) {
      if (f->following()) f->stop();
      QTRY_VERIFY(!f->following());
      const int serial = onLinks[i];
      const QPoint p = screenPosition(session->rootObject(), scene->packetPosition(serial)).toPoint();
      QTest::mouseMove(session->window(), p);
      const Qt::KeyboardModifiers modifiers = tries % 4 == 3 ? Qt::ShiftModifier : Qt::NoModifier;
      QTest::mouseClick(session->window(), Qt::LeftButton, modifiers, p);
      QTest::qWait(20);
      QCOMPARE(session->controller()->failedLinkCount(), 0);  // never a broken link
      if (f->following() && f->serial() == serial) {
        ++followedAimed;
        if (modifiers == Qt::ShiftModifier) continue;  // Shift reaches through a node in front; hover does not
        // Hover named the packet and said what a click does, before the click.
        const QString text = status->property("text").toString();
        QVERIFY2(text.startsWith(QStringLiteral("packet %1").arg(serial)) && text.endsWith(QStringLiteral("click follows it")),
                 qPrintable(text));
      } else if (f->following()) {
        ++followedOther;  // e.g. another packet's flit at the same place on another VC of the link
      } else {
        ++selectedRouter;
      }
    }
  }
  QVERIFY2(tries >= 12, qPrintable(QString::number(tries)));
  qInfo("%d clicks on packets on links: %d followed the packet aimed at, %d one drawn in front, %d selected a router",
        tries, followedAimed, followedOther, selectedRouter);
  QVERIFY2(followedAimed >= aimedShare * tries, "the packet aimed at is followed");
  QVERIFY2((followedAimed + followedOther) * 4 >= tries * 3, "three of four clicks follow a packet");
  if (f->following()) f->stop();
  QTRY_VERIFY(!f->following());
}

// H swaps the dimension-coloured links for the utilisation heat map (and back).
void TstLivePackets::heatMapTogglesWithH() {
  QObject* links = view()->findChild<QObject*>(QStringLiteral("links"));
  QObject* heat = view()->findChild<QObject*>(QStringLiteral("linkHeat"));
  QVERIFY(links && heat);
  QVERIFY(links->property("visible").toBool() && !heat->property("visible").toBool());
  QTest::keyClick(session_->window(), Qt::Key_H);
  QTRY_VERIFY(heat->property("visible").toBool());
  QVERIFY(!links->property("visible").toBool());
  QObject* table = heat->property("instancing").value<QObject*>();
  QVERIFY(table->property("maxUtilization").toDouble() > 0.0);  // 300 cycles of traffic used links
  if (const QString dir = qEnvironmentVariable("FLITSCOPE_SCREENSHOT_DIR"); !dir.isEmpty()) {
    session_->window()->update();
    QVERIFY(session_->window()->grabWindow().save(dir + QStringLiteral("/t3e-8x8x8-heat.png")));
  }
  QTest::keyClick(session_->window(), Qt::Key_H);
  QTRY_VERIFY(links->property("visible").toBool());
  QVERIFY(!heat->property("visible").toBool());
}

FLITSCOPE_TEST_MAIN(argc, argv) {
  QApplication app(argc, argv);
  TstLivePackets test;
  return QTest::qExec(&test, argc, argv);
}
#include "tst_live_packets.moc"
