// See the reroute (issue 16): on the teaching torus, fail the busiest link;
// in the heat map's "since the last intervention" mode (Shift+H) the links
// whose windowed load rose are drawn green where the window shows them, and
// the same spots are not green in the plain heat map (pixels of the grabbed
// window under Xvfb).
#include "gui_session.h"
#include "link_heat_instancing.h"

#include <QApplication>
#include <QQuickItem>
#include <QQuickWindow>
#include <QtQml/qqmlextensionplugin.h>
#include <QtTest>

#include <algorithm>
#include <numeric>

#include "render_helpers.h"

Q_IMPORT_QML_PLUGIN(FlitscopePlugin)

namespace {

// Clearly green pixels (the "rose" end of LinkHeatInstancing::changeColor,
// lit) in a small square around p.
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

}  // namespace

class TstRerouteHeat : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase();
  void cleanupTestCase() { session_.reset(); }
  void detourLightsUpSinceTheFailure();
  void lessonFailureShowsWhenTheRunPauses();

 private:
  QObject* view() const { return session_->rootObject()->property("networkView").value<QObject*>(); }
  LinkHeatInstancing* heat() const {
    QObject* model = view()->findChild<QObject*>(QStringLiteral("linkHeat"));
    return model ? model->property("instancing").value<LinkHeatInstancing*>() : nullptr;
  }
  void runTo(double cycle) { runToAndWait(session_->simulation(), cycle); }
  std::unique_ptr<MainWindowSession> session_;
};

void TstRerouteHeat::initTestCase() {
  session_ = std::make_unique<MainWindowSession>();
  GuiOptions options;
  options.scenarioPath = QStringLiteral(FLITSCOPE_PRESETS_DIR "/teaching-4x4x4.json");
  options.windowSize = QSize(1280, 900);
  startActiveSession(*session_, options);
  if (QTest::currentTestFailed()) return;
  QVERIFY(heat());
  session_->simulation()->setSpeed(0);
}

void TstRerouteHeat::detourLightsUpSinceTheFailure() {
  runTo(2000);
  const flitgui::FramePtr before = session_->simulation()->currentFrame();
  QVERIFY(before && !before->channelUtilization.empty());
  QVERIFY(!before->loadBaseline);
  const auto& load = before->channelUtilization;
  const int busiest = static_cast<int>(std::max_element(load.begin(), load.end()) - load.begin()) / 2;
  session_->controller()->setLinkUp(busiest, false);
  runTo(3500);
  const flitgui::FramePtr after = session_->simulation()->currentFrame();
  QVERIFY(after->loadBaseline);
  QCOMPARE(after->loadBaselineCycle, std::uint64_t{2000});

  QTest::keyClick(session_->window(), Qt::Key_H, Qt::ShiftModifier);  // since the last intervention
  QTRY_VERIFY(heat()->active() && heat()->sinceIntervention());
  QTRY_VERIFY(heat()->rowCount() > 0 && heat()->hasBaseline());
  // The links whose load rose most, biggest first.
  const int links = static_cast<int>(after->linkUp.size());
  std::vector<int> order(static_cast<std::size_t>(links));
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [this](int a, int b) { return heat()->linkChange(a) > heat()->linkChange(b); });
  QVERIFY2(heat()->linkChange(order.front()) > 0.02, "some link carries the detour");
  QVERIFY(heat()->linkChange(busiest) < 0.0);

  session_->window()->update();
  const QImage changed = session_->window()->grabWindow();
  const qreal dpr = changed.devicePixelRatio();
  // Spots under the legend (top left, over the view) cannot show a link:
  // which links rose most depends on where the wall-clock intervals fell.
  const auto* legend = qobject_cast<QQuickItem*>(view()->findChild<QObject*>(QStringLiteral("packetLegend")));
  QVERIFY(legend);
  const QRectF covered = legend->mapRectToScene(QRectF(0, 0, legend->width(), legend->height())).adjusted(-4, -4, 4, 4);
  std::vector<QPoint> spots;
  for (int i = 0; i < links && spots.size() < 8; ++i) {
    const int l = order[static_cast<std::size_t>(i)];
    if (heat()->linkChange(l) < 0.5 * heat()->maxChange()) break;
    const QPointF at = screenPosition(session_->rootObject(), session_->controller()->linkAnchor(l));
    if (covered.contains(at)) continue;
    spots.push_back((at * dpr).toPoint());
  }
  QVERIFY2(!spots.empty(), "every strongly rising link is under the legend");
  int green = 0;
  for (const QPoint& p : spots) green += greenPixels(changed, p) >= 4 ? 1 : 0;
  if (const QString dir = qEnvironmentVariable("FLITSCOPE_SCREENSHOT_DIR"); !dir.isEmpty())
    QVERIFY(changed.save(dir + QStringLiteral("/teaching-reroute-change.png")));
  QVERIFY2(green >= 1, qPrintable(QStringLiteral("%1 of %2 rising links drawn green").arg(green).arg(spots.size())));

  // The plain heat map has no green at those spots.
  QTest::keyClick(session_->window(), Qt::Key_H, Qt::ShiftModifier);
  QTest::keyClick(session_->window(), Qt::Key_H);
  QTRY_VERIFY(heat()->active() && !heat()->sinceIntervention());
  QTest::qWait(300);  // the table is rebuilt at most 5 times a second
  session_->window()->update();
  const QImage plain = session_->window()->grabWindow();
  int plainGreen = 0;
  for (const QPoint& p : spots) plainGreen += greenPixels(plain, p) >= 4 ? 1 : 0;
  QCOMPARE(plainGreen, 0);
}

// The lesson preset's timeline breaks (0,1,1) +Z at cycle 1500. With the
// change mode on from the start, a run that pauses soon after shows the
// baseline (the heat map used to drop a frame that came within its rate
// limit, so the last frame of a run was never drawn), and packets on the
// detour wear their collars.
void TstRerouteHeat::lessonFailureShowsWhenTheRunPauses() {
  QVERIFY(session_->controller()->loadScenario(QStringLiteral(FLITSCOPE_PRESETS_DIR "/teaching-reroute-4x4x4.json")));
  session_->simulation()->setSpeed(0);
  if (!heat()->sinceIntervention()) QTest::keyClick(session_->window(), Qt::Key_H, Qt::ShiftModifier);
  if (!heat()->active()) QTest::keyClick(session_->window(), Qt::Key_H);
  QTRY_VERIFY(heat()->active() && heat()->sinceIntervention());
  runTo(1400);
  QTRY_VERIFY(!heat()->hasBaseline());  // nothing happened yet
  runTo(1800);
  QVERIFY(session_->simulation()->currentFrame()->loadBaseline);
  // Drawn, though no frame with new cycles follows: the legend (bound to the
  // table's updates) says so.
  QObject* legend = view()->findChild<QObject*>(QStringLiteral("packetLegend"));
  QVERIFY(legend);
  QTRY_VERIFY_WITH_TIMEOUT(legend->property("hasBaseline").toBool(), 2000);
  QObject* detours = view()->findChild<QObject*>(QStringLiteral("packetDetours"));
  QVERIFY(detours);
  QObject* instancing = detours->property("instancing").value<QObject*>();
  QVERIFY(instancing);
  QObject* scene = instancing->property("scene").value<QObject*>();
  QVERIFY(scene);
  QTRY_VERIFY(scene->property("detourCount").toInt() > 0);
  QVERIFY(detours->property("visible").toBool());
}

int main(int argc, char** argv) {
  QApplication app(argc, argv);
  TstRerouteHeat test;
  return QTest::qExec(&test, argc, argv);
}
#include "tst_reroute_heat.moc"
