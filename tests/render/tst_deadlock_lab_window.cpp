// The deadlock lab in the real main window under Xvfb (issue 18), on the TRC
// Figure 1 ring opened with --lab and --slice XY:0 (Dally & Seitz, Figure 1):
//  - the lab is open at start and draws the dependency graph, the 4-channel
//    cycle in red (pixels of the grabbed frame inside the CdgView);
//  - run: the watchdog stops the ring; the 3D view dims the network and draws
//    the cycle of waiting buffers (red and orange pixels over the 3D view,
//    a label per buffer), the slice rings each buffer in red at the place
//    the slice model gives;
//  - Ctrl+D closes the lab; the deadlock stays drawn in the view.
#include "test_main.h"
#include "torus/cdg_view.h"
#include "torus/deadlock_instancing.h"
#include "gui_session.h"
#include "torus/slice_deadlock_overlay.h"
#include "torus/slice_view.h"

#include <QApplication>
#include <QQuickWindow>
#include <QtQml/qqmlextensionplugin.h>
#include <QtTest>

#include "render_helpers.h"

Q_IMPORT_QML_PLUGIN(FlitscopePlugin)

namespace {

bool closeTo(QRgb a, QRgb b, int tolerance) {
  return std::abs(qRed(a) - qRed(b)) + std::abs(qGreen(a) - qGreen(b)) + std::abs(qBlue(a) - qBlue(b)) <= tolerance;
}

// Pixels of `image` inside `rect` close to one of `colours`.
int countNear(const QImage& image, const QRect& rect, std::initializer_list<QRgb> colours, int tolerance) {
  int n = 0;
  const QRect r = rect.intersected(image.rect());
  for (int y = r.top(); y <= r.bottom(); ++y)
    for (int x = r.left(); x <= r.right(); ++x)
      for (QRgb c : colours)
        if (closeTo(image.pixel(x, y), c, tolerance)) {
          ++n;
          break;
        }
  return n;
}

constexpr QRgb kRed = 0xffff4d4d;     // the cycle (CdgView, SliceDeadlockOverlay, DeadlockInstancing)
constexpr QRgb kOrange = 0xffff8a65;  // the waits-for arrows

}  // namespace

class TstDeadlockLabWindow : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase();
  void cleanupTestCase() { session_.reset(); }
  void labOpenAtStartDrawsTheCycle();
  void deadlockIsDrawnInTheViewAndTheSlice();
  void ctrlDClosesTheLab();

 private:
  template <typename T>
  T* item(const char* name) const {
    return session_->window()->findChild<T*>(QString::fromLatin1(name));
  }
  QRect windowRect(const QQuickItem* i) const {
    return QRectF(i->mapToScene(QPointF(0, 0)), i->size()).toAlignedRect();
  }
  QImage grab() const { return session_->window()->grabWindow(); }
  std::unique_ptr<MainWindowSession> session_;
};

void TstDeadlockLabWindow::initTestCase() {
  session_ = std::make_unique<MainWindowSession>();
  GuiOptions options;
  options.scenarioPath = QStringLiteral(FLITSCOPE_PRESETS_DIR "/trc-figure1-ring4.json");
  options.windowSize = QSize(1400, 820);
  options.lab = true;
  options.slice = flitgui::SliceSpec{flitgui::SlicePlane::XY, 0};
  startActiveSession(*session_, options);
  if (QTest::currentTestFailed()) return;
}

void TstDeadlockLabWindow::labOpenAtStartDrawsTheCycle() {
  auto* panel = item<QQuickItem>("deadlockLabPanel");
  auto* cdg = item<CdgView>("cdgView");
  QVERIFY(panel && cdg);
  QVERIFY(panel->isVisible());
  QTRY_COMPARE_WITH_TIMEOUT(cdg->vertexCount(), 4, 10000);
  QCOMPARE(cdg->cycleEdgeCount(), 4);
  QTRY_VERIFY(countNear(grab(), windowRect(cdg), {kRed}, 40) > 200);
}

void TstDeadlockLabWindow::deadlockIsDrawnInTheViewAndTheSlice() {
  auto* view = item<QQuickItem>("networkView");
  auto* overlay = item<SliceDeadlockOverlay>("sliceDeadlock");
  auto* slice = item<SliceView>("sliceView");
  QVERIFY(view && overlay && slice);
  const int before = countNear(grab(), windowRect(view), {kRed, kOrange}, 40);
  flitgui::SimulationController* sim = session_->simulation();
  sim->setSpeed(0);
  sim->run();
  QTRY_VERIFY_WITH_TIMEOUT(view->property("deadlockShown").toBool(), 20000);
  auto* lab = session_->window()->property("deadlockLab").value<QObject*>();
  QVERIFY(lab && lab->property("deadlocked").toBool());
  const int buffers = lab->property("deadlockBufferCount").toInt();
  QVERIFY(buffers >= 4);
  QTRY_COMPARE(item<QQuickItem>("deadlockDim")->isVisible(), true);
  QTRY_COMPARE(item<QQuickItem>("deadlockLabels")->property("count").toInt(), buffers);
  QTRY_COMPARE(overlay->bufferCount(), buffers);
  // The deadlock report (a line per waiting buffer): its first line in the
  // controls bar, ending in "…", at most two lines high (the view keeps its
  // height); the whole of it in the tooltip.
  auto* error = item<QQuickItem>("simulationErrorLabel");
  QTRY_VERIFY(error->isVisible());
  const QString shown = error->property("text").toString();
  QVERIFY2(shown.startsWith(QStringLiteral("deadlock detected at cycle")) && shown.endsWith(QStringLiteral(" …")) &&
               !shown.contains(QLatin1Char('\n')),
           qPrintable(shown));
  QVERIFY(error->property("lineCount").toInt() <= 2);
  const QString whole = sim->lastError();
  QVERIFY(whole.count(QLatin1Char('\n')) >= buffers);
  QCOMPARE(whole.section(QLatin1Char('\n'), 0, 0) + QStringLiteral(" …"), shown);
  QImage frame;
  QTRY_VERIFY_WITH_TIMEOUT((frame = grab(), countNear(frame, windowRect(view), {kRed, kOrange}, 40) > before + 50), 10000);
  // Each waiting buffer's ring in the slice, where the slice model puts it.
  for (const auto& b : overlay->marks().buffers) {
    const QPoint at = slice->mapToScene(slice->toItem(b.x, b.y)).toPoint();
    const int ring = static_cast<int>(std::max(4.0, slice->cellPixels() * 0.13));
    QVERIFY2(countNear(frame, QRect(at - QPoint(ring + 3, ring + 3), QSize(2 * ring + 7, 2 * ring + 7)), {kRed}, 60) > 4,
             qPrintable(QStringLiteral("no red ring at %1,%2").arg(at.x()).arg(at.y())));
  }
}

void TstDeadlockLabWindow::ctrlDClosesTheLab() {
  auto* panel = item<QQuickItem>("deadlockLabPanel");
  auto* view = item<QQuickItem>("networkView");
  QTest::keyClick(session_->window(), Qt::Key_D, Qt::ControlModifier);
  QTRY_VERIFY(!panel->isVisible());
  QVERIFY(view->property("deadlockShown").toBool());  // the deadlock is the engine's, not the lab's
  QTest::keyClick(session_->window(), Qt::Key_D, Qt::ControlModifier);
  QTRY_VERIFY(panel->isVisible());
}

FLITSCOPE_TEST_MAIN(argc, argv) {
  QApplication app(argc, argv);
  TstDeadlockLabWindow test;
  return QTest::qExec(&test, argc, argv);
}

#include "tst_deadlock_lab_window.moc"
