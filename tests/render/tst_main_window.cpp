// The real main window under Xvfb (Mesa llvmpipe; Quick 3D does not render on
// the offscreen platform): the default scenario renders its nodes (pixels at
// projected node centres are node-coloured), hovering shows the element in the
// status text; breaking a link is a deliberate gesture (issue 42): a plain
// click on a link breaks nothing and says how, B over it breaks it, and in
// break mode (X or the Break links button; Esc leaves it) a click breaks it
// in the engine and the next frame shows it broken; Ctrl+Z / Ctrl+Shift+Z
// undo and redo.
#include "test_main.h"
#include "gui_session.h"

#include <QApplication>
#include <QQuickItem>
#include <QQuickWindow>
#include <QtQml/qqmlextensionplugin.h>
#include <QTemporaryDir>
#include <QtTest>

#include "render_helpers.h"

Q_IMPORT_QML_PLUGIN(FlitscopePlugin)

namespace {

int linkAt(QObject* root, QPointF p) {
  QVariant result;
  QMetaObject::invokeMethod(root, "linkAt", Q_RETURN_ARG(QVariant, result), Q_ARG(QVariant, p.x()),
                            Q_ARG(QVariant, p.y()));
  return result.toInt();
}

bool isBackground(QRgb c) {  // clear colour #1b1f27
  return std::abs(qRed(c) - 0x1b) < 8 && std::abs(qGreen(c) - 0x1f) < 8 && std::abs(qBlue(c) - 0x27) < 8;
}

// Lit node grey-blue (#b8c4d6 before lighting): light, bluish, unsaturated.
bool isNodeColoured(QRgb c) {
  return qRed(c) > 90 && qBlue(c) >= qRed(c) && qBlue(c) - qRed(c) < 60 && !isBackground(c);
}

int differingPixels(const QImage& a, const QImage& b, QPoint center, int radius) {
  int count = 0;
  for (int y = center.y() - radius; y <= center.y() + radius; ++y) {
    for (int x = center.x() - radius; x <= center.x() + radius; ++x) {
      if (!a.rect().contains(x, y)) continue;
      const QRgb pa = a.pixel(x, y), pb = b.pixel(x, y);
      if (std::abs(qRed(pa) - qRed(pb)) + std::abs(qGreen(pa) - qGreen(pb)) + std::abs(qBlue(pa) - qBlue(pb)) > 60) ++count;
    }
  }
  return count;
}

}  // namespace

class TstMainWindow : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase();
  void cleanupTestCase() { session_.reset(); }
  void defaultScenarioRendersNodes();
  void hoverShowsNodeInStatusText();
  void breakingALinkIsADeliberateGesture();
  void doubleClickCentresNodeAndFitRestores();
  void badScenarioErrorShownInPanel();

 private:
  QImage grab() { return session_->window()->grabWindow(); }
  QPoint nodeScreenPos(int node) {
    return screenPosition(session_->rootObject(), session_->controller()->nodePosition(node)).toPoint();
  }
  std::unique_ptr<MainWindowSession> session_;
};

void TstMainWindow::initTestCase() {
  session_ = std::make_unique<MainWindowSession>();
  GuiOptions options;  // the default scenario, 1280x800
  QVERIFY2(session_->start(options), qPrintable(session_->errorString()));
  QSignalSpy frames(session_->window(), &QQuickWindow::frameSwapped);
  QVERIFY(QTest::qWaitForWindowExposed(session_->window()));
  session_->window()->requestActivate();  // shortcuts (Ctrl+Z) need the active window
  QVERIFY(QTest::qWaitForWindowActive(session_->window()));
  session_->window()->update();
  QTRY_VERIFY_WITH_TIMEOUT(frames.count() >= 1, 20000);
  QCOMPARE(session_->window()->size(), QSize(1280, 800));
}

void TstMainWindow::defaultScenarioRendersNodes() {
  NetworkController* c = session_->controller();
  QCOMPARE(c->nodeCount(), 64);
  const QImage image = grab();
  QVERIFY(!image.isNull());
  const qreal dpr = image.devicePixelRatio();
  auto* view = session_->rootObject()->property("networkView").value<QQuickItem*>();
  QVERIFY(view);
  const QPoint origin = view->mapToScene(QPointF(0, 0)).toPoint();  // below the menu bar
  QVERIFY(isBackground(image.pixel((origin + QPoint(5, 5)) * dpr)));  // top-left corner of the 3D view is empty
  const QRect viewRect(origin * dpr, QSize(qRound(view->width() * dpr), qRound(view->height() * dpr)));
  QVERIFY(viewRect.width() > 600 && viewRect.height() > 600);
  int nodeColoured = 0;
  for (int n = 0; n < c->nodeCount(); ++n) {
    const QPoint p = nodeScreenPos(n) * dpr;
    QVERIFY2(viewRect.contains(p), "fit: every node projects into the 3D view");
    if (isNodeColoured(image.pixel(p))) ++nodeColoured;
  }
  // The nodes in front are unoccluded: at least the 16 of the nearest face.
  QVERIFY2(nodeColoured >= 16, qPrintable(QString::number(nodeColoured)));
}

void TstMainWindow::hoverShowsNodeInStatusText() {
  NetworkController* c = session_->controller();
  // The node nearest to the camera is visible: find it by asking the picker at its centre.
  int shown = -1;
  for (int n = 0; n < c->nodeCount() && shown < 0; ++n) {
    QTest::mouseMove(session_->window(), nodeScreenPos(n));
    if (c->hoveredNode() == n) shown = n;
  }
  QVERIFY(shown >= 0);
  QTRY_COMPARE(c->hoverText(), c->describeNode(shown));
  QVERIFY(c->hoverText().startsWith(QStringLiteral("node (")));
  QVERIFY(c->hoverText().contains(QStringLiteral(" PE ")));
}

void TstMainWindow::breakingALinkIsADeliberateGesture() {
  NetworkController* c = session_->controller();
  QObject* root = session_->rootObject();
  // A known link: the first neighbour link whose middle is not hidden behind
  // anything (the picker at its screen position returns the link itself).
  int link = -1;
  QPoint pos;
  for (int l = 0; l < c->linkCount() && link < 0; ++l) {
    if (c->layout().linkIsWrap(l)) continue;
    // Search at the pixel the mouse will use: at the rounded point another
    // link can be in front of the exact one.
    const QPoint p = screenPosition(root, c->linkAnchor(l)).toPoint();
    if (linkAt(root, QPointF(p)) == l) {
      link = l;
      pos = p;
    }
  }
  QVERIFY(link >= 0);
  QVERIFY(c->linkUp(link));
  QTest::mouseMove(session_->window(), pos);  // hovered before and after: same highlight
  QTRY_COMPARE(c->hoveredLink(), link);
  auto* status = session_->window()->findChild<QQuickItem*>(QStringLiteral("hoverLabel"));
  QVERIFY(status);
  // Hover says what a click will do before it does it.
  QTRY_VERIFY(status->property("text").toString().contains(QStringLiteral("B breaks it")));
  const QImage before = grab();

  // A plain click breaks nothing, and the view says how to break a link.
  QVERIFY(!c->breakMode());
  QTest::mouseClick(session_->window(), Qt::LeftButton, Qt::NoModifier, pos);
  auto* hint = session_->window()->findChild<QQuickItem*>(QStringLiteral("linkClickHint"));
  QVERIFY(hint);
  QTRY_VERIFY(hint->isVisible());
  QTest::qWait(300);
  QVERIFY(c->linkUp(link));
  QVERIFY(!c->canUndo());

  // B over the link breaks it; Ctrl+Z repairs it.
  QTest::keyClick(session_->window(), Qt::Key_B);
  QTRY_VERIFY(!c->linkUp(link));
  QTest::keyClick(session_->window(), Qt::Key_Z, Qt::ControlModifier);
  QTRY_VERIFY(c->linkUp(link));

  // X turns break mode on: a red banner says so, hover says a click breaks it.
  QTest::keyClick(session_->window(), Qt::Key_X);
  QTRY_VERIFY(c->breakMode());
  auto* banner = session_->window()->findChild<QQuickItem*>(QStringLiteral("breakModeBanner"));
  QVERIFY(banner);
  QTRY_VERIFY(banner->isVisible());
  QTRY_VERIFY(status->property("text").toString().endsWith(QStringLiteral("click breaks it")));
  grab().save(QStringLiteral("break_mode.png"));  // to look at
  QTest::mouseClick(session_->window(), Qt::LeftButton, Qt::NoModifier, pos);
  QTRY_VERIFY(!c->linkUp(link));
  // The engine failed it (the click posted an intervention); the view shows the engine's word.
  QTRY_VERIFY(session_->simulation()->currentFrame() &&
              session_->simulation()->currentFrame()->linkUp[static_cast<std::size_t>(link)] == 0);
  QCOMPARE(c->failedLinkCount(), 1);
  const QImage broken = grab();
  const qreal dpr = broken.devicePixelRatio();
  // The middle of the link turned into a red X in a gap: pixels change there.
  QVERIFY2(differingPixels(before, broken, pos * dpr, 6) > 20,
           qPrintable(QString::number(differingPixels(before, broken, pos * dpr, 6))));
  const QRgb centre = broken.pixel(pos * dpr);
  QVERIFY2(qRed(centre) > 2 * qGreen(centre) || isBackground(centre), "red X or gap at the link middle");

  // Ctrl+Z repairs, Ctrl+Shift+Z breaks again.
  QTest::keyClick(session_->window(), Qt::Key_Z, Qt::ControlModifier);
  QTRY_VERIFY(c->linkUp(link));
  const QImage repaired = grab();
  QVERIFY(differingPixels(before, repaired, pos * dpr, 6) < 5);
  QTest::keyClick(session_->window(), Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
  QTRY_VERIFY(!c->linkUp(link));
  c->undo();
  QVERIFY(c->linkUp(link));

  // Esc leaves break mode; the on-screen Break links button enters and leaves it too.
  QTest::keyClick(session_->window(), Qt::Key_Escape);
  QTRY_VERIFY(!c->breakMode());
  QTRY_VERIFY(!banner->isVisible());
  auto* button = session_->window()->findChild<QQuickItem*>(QStringLiteral("breakModeButton"));
  QVERIFY(button);
  const QPoint middle = button->mapToScene(QPointF(button->width() / 2, button->height() / 2)).toPoint();
  QTest::mouseClick(session_->window(), Qt::LeftButton, Qt::NoModifier, middle);
  QTRY_VERIFY(c->breakMode());
  QTest::mouseClick(session_->window(), Qt::LeftButton, Qt::NoModifier, middle);
  QTRY_VERIFY(!c->breakMode());
  QCOMPARE(c->failedLinkCount(), 0);
}

void TstMainWindow::doubleClickCentresNodeAndFitRestores() {
  NetworkController* c = session_->controller();
  QObject* root = session_->rootObject();
  QObject* view = root->property("networkView").value<QObject*>();
  QVERIFY(view);
  // A visible corner-ish node: the one the picker finds at its own centre.
  int node = -1;
  for (int n = c->nodeCount() - 1; n >= 0 && node < 0; --n) {
    QTest::mouseMove(session_->window(), nodeScreenPos(n));
    if (c->hoveredNode() == n && n != 0) node = n;
  }
  QVERIFY(node > 0);
  const QPoint before = nodeScreenPos(node);
  QTest::mouseDClick(session_->window(), Qt::LeftButton, Qt::NoModifier, before);
  // The camera target moves to the node (animated): it ends at the view centre.
  auto* viewItem = qobject_cast<QQuickItem*>(view);
  QVERIFY(viewItem);
  const QPoint viewCentre = viewItem->mapToScene(QPointF(viewItem->width() / 2, viewItem->height() / 2)).toPoint();
  QTRY_VERIFY_WITH_TIMEOUT((nodeScreenPos(node) - viewCentre).manhattanLength() <= 2, 5000);
  // Zoom in with the keyboard; the node is still drawn at the centre (no culling of instances).
  for (int i = 0; i < 4; ++i) QTest::keyClick(session_->window(), Qt::Key_Plus);
  // The camera moved under the resting mouse: the hover follows what is under it now.
  if ((before - viewCentre).manhattanLength() > 2 * 20) QVERIFY(c->hoveredNode() != node);
  QTest::mouseMove(session_->window(), viewCentre);
  QTRY_COMPARE(c->hoveredNode(), node);
  const QImage image = grab();
  const QRgb centre = image.pixel(viewCentre * image.devicePixelRatio());
  // The node under the mouse is drawn in the hover colour (#ffd54a, lit).
  QVERIFY2(qRed(centre) > 200 && qGreen(centre) > 150 && qBlue(centre) < 120,
           qPrintable(QString::number(centre, 16)));
  QCOMPARE(c->failedLinkCount(), 0);  // a double-click on a node breaks nothing
  // F fits the whole network again: the target returns to the origin.
  QTest::keyClick(session_->window(), Qt::Key_F);
  QTRY_VERIFY(view->property("target").value<QVector3D>().length() < 1e-3f);
}

// Opening a bad scenario from the window (Open... / Presets call the same
// loadScenario) keeps the network and shows the engine's field-naming error.
void TstMainWindow::badScenarioErrorShownInPanel() {
  NetworkController* c = session_->controller();
  QObject* label = session_->rootObject()->findChild<QObject*>(QStringLiteral("errorLabel"));
  QVERIFY(label);
  QVERIFY(!label->property("visible").toBool());
  QTemporaryDir dir;
  QFile f(dir.filePath(QStringLiteral("bad.json")));
  QVERIFY(f.open(QIODevice::WriteOnly));
  f.write(R"({"format": "flitscope-scenario", "version": 1, "name": "x", "seed": 1, "topology": {"radix": [4, 0]}})");
  f.close();
  QVERIFY(!c->loadScenario(f.fileName()));
  QCOMPARE(c->nodeCount(), 64);
  QTRY_VERIFY(label->property("visible").toBool());
  QVERIFY2(label->property("text").toString().contains(QStringLiteral("scenario.topology.radix[1]: must be 2..64, got 0")),
           qPrintable(label->property("text").toString()));
  QVERIFY(c->loadScenario(NetworkController::defaultScenarioPath()));
  QTRY_VERIFY(!label->property("visible").toBool());
}

FLITSCOPE_TEST_MAIN(argc, argv) {
  QApplication app(argc, argv);  // Qt Charts (later) needs a QApplication, like the real window
  TstMainWindow test;
  return QTest::qExec(&test, argc, argv);
}
#include "tst_main_window.moc"
