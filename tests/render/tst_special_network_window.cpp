// The special (delta) network in the real main window under Xvfb (T3E paper
// sections 8 and 9; engine/sim/special_network.h), on the teacher's preset
// t3e-special-recovery-4x4x4.json: the machine deadlocks, PE (0,0,0) sends
// an SPUT of R_RESETS to every router from cycle 1001, an SGET at 1110
// comes back along R_SGET_RTRN.
//  - before cycle 1001 no special packet is drawn and no message says so;
//  - at cycle 1010 the SPUTs are drawn (near (0,0,0), inside the cube), and
//    the message over the view counts them;
//  - after the SGET's response, the message says where it came back to;
//  - the node menu sends them too: a right-click on a router, "Write the
//    way back ..." then "Read its R_SGET_RTRN ...": the SPUT is drawn in
//    magenta round that router as it arrives (pixels of the grabbed frame),
//    and the answer comes back to (0,0,0) with the deltas written.
#include "test_main.h"
#include "gui_session.h"
#include "torus/special_controller.h"
#include "torus/special_instancing.h"
#include "../app/window_test_support.h"

#include "routing/special_route.h"

#include <QApplication>
#include <QQuickWindow>
#include <QtQml/qqmlextensionplugin.h>
#include <QtTest>

#include "render_helpers.h"

Q_IMPORT_QML_PLUGIN(FlitscopePlugin)

namespace {

int countNear(const QImage& image, const QRect& rect, QRgb colour, int tolerance) {
  int n = 0;
  const QRect r = rect.intersected(image.rect());
  for (int y = r.top(); y <= r.bottom(); ++y)
    for (int x = r.left(); x <= r.right(); ++x) {
      const QRgb p = image.pixel(x, y);
      if (std::abs(qRed(p) - qRed(colour)) + std::abs(qGreen(p) - qGreen(colour)) + std::abs(qBlue(p) - qBlue(colour)) <=
          tolerance)
        ++n;
    }
  return n;
}

}  // namespace

class TstSpecialNetworkWindow : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase();
  void cleanupTestCase() { session_.reset(); }
  void nothingIsDrawnBeforeTheFirstSput();
  void theSputsAreDrawnAndCounted();
  void theSgetsAnswerIsNamed();
  void theNodeMenuSendsAndReads();

 private:
  template <typename T>
  T* item(const char* name) const {
    return session_->window()->findChild<T*>(QString::fromLatin1(name));
  }
  QRect windowRect(const QQuickItem* i) const { return QRectF(i->mapToScene(QPointF(0, 0)), i->size()).toAlignedRect(); }
  QImage grab() const { return session_->window()->grabWindow(); }
  SpecialController* special() const {
    auto* view = item<QQuickItem>("networkView");
    return view ? view->property("special").value<SpecialController*>() : nullptr;
  }
  // Window position of a node's centre where the picker finds that node.
  QPoint shownNode(int n) {
    NetworkController* c = session_->controller();
    const QPointF at = screenPosition(session_->rootObject(), c->nodePosition(n));
    QVariant hit;
    QMetaObject::invokeMethod(session_->rootObject(), "nodeAt", Q_RETURN_ARG(QVariant, hit), Q_ARG(QVariant, at.x()),
                              Q_ARG(QVariant, at.y()));
    return hit.toInt() == n ? at.toPoint() : QPoint(-1, -1);
  }
  void nodeMenuEntry(QPoint at, const char* name) {
    QTest::mouseClick(session_->window(), Qt::RightButton, {}, at);
    QObject* menu = session_->window()->findChild<QObject*>(QStringLiteral("nodeMenu"));
    QVERIFY(menu);
    QTRY_VERIFY(menu->property("opened").toBool());
    auto* entry = item<QQuickItem>(name);
    QVERIFY(entry);
    QTRY_VERIFY(entry->isVisible() && entry->isEnabled());
    window_test::clickItem(session_->window(), entry);
    QTRY_VERIFY(!menu->property("visible").toBool());
  }
  void stepTo(double cycle) {
    flitgui::SimulationController* sim = session_->simulation();
    sim->step(static_cast<int>(cycle - sim->cycle()));
    QTRY_COMPARE_WITH_TIMEOUT(sim->cycle(), cycle, 30000);
  }
  std::unique_ptr<MainWindowSession> session_;
};

void TstSpecialNetworkWindow::initTestCase() {
  session_ = std::make_unique<MainWindowSession>();
  GuiOptions options;
  options.scenarioPath = QStringLiteral(FLITSCOPE_PRESETS_DIR "/t3e-special-recovery-4x4x4.json");
  options.windowSize = QSize(1400, 820);
  startActiveSession(*session_, options);
}

void TstSpecialNetworkWindow::nothingIsDrawnBeforeTheFirstSput() {
  QVERIFY(special());
  stepTo(600);
  QVERIFY(!special()->active());
  QVERIFY(!item<QQuickItem>("specialNetworkMessage")->isVisible());
  QCOMPARE(countNear(grab(), windowRect(item<QQuickItem>("networkView")), SpecialInstancing::kPutColor, 60), 0);
}

void TstSpecialNetworkWindow::theSputsAreDrawnAndCounted() {
  stepTo(1010);
  QTRY_VERIFY(special()->active());
  QVERIFY(special()->packetCount() > 0);
  auto* message = item<QQuickItem>("specialNetworkMessage");
  QTRY_VERIFY(message->isVisible());
  const QString text = message->property("text").toString();
  // Cycles 0..1009 ran: the SPUTs of cycles 1001..1009.
  QVERIFY2(text.startsWith(QStringLiteral("Special network")) && text.contains(QStringLiteral("SPUT 9,")), qPrintable(text));
  auto* model = session_->window()->findChild<QObject*>(QStringLiteral("specialPackets"));
  QVERIFY(model);
  auto* rows = model->property("instancing").value<SpecialInstancing*>();
  QVERIFY(rows);
  QTRY_COMPARE(rows->rows(), special()->packetCount());
  QVERIFY(model->property("visible").toBool());  // the Model is shown
}

void TstSpecialNetworkWindow::theSgetsAnswerIsNamed() {
  stepTo(1150);
  auto* message = item<QQuickItem>("specialNetworkMessage");
  NetworkController* c = session_->controller();
  const QString back = QStringLiteral("came back to %1").arg(c->describeNode(0));
  QTRY_VERIFY(message->property("text").toString().contains(back));
  const QString text = message->property("text").toString();
  QVERIFY2(text.contains(QStringLiteral("R_NET_LUT[0] at %1").arg(c->describeNode(63))) && text.contains(QStringLiteral("lost 0")),
           qPrintable(text));
}

void TstSpecialNetworkWindow::theNodeMenuSendsAndReads() {
  flitgui::SimulationController* sim = session_->simulation();
  NetworkController* c = session_->controller();
  const flit::SpecialView* before = special()->view();  // null when this function runs alone
  const std::size_t readsBefore = before ? before->lastReads.size() : 0;
  const std::uint64_t getsBefore = before ? before->totals.gets : 0;
  // A router the view shows, not (0,0,0) itself.
  int target = -1;
  QPoint at;
  for (int n = c->nodeCount() - 1; n > 0 && target < 0; --n) {
    at = shownNode(n);
    if (at.x() > 20 && at.y() > 20) target = n;
  }
  QVERIFY(target > 0);
  nodeMenuEntry(at, "specialWayBackItem");
  // One cycle at a time until the SPUT is at the router it writes: drawn round it.
  bool seen = false;
  for (int k = 0; k < 40 && !seen; ++k) {
    stepTo(sim->cycle() + 1);
    if (const flit::SpecialView* v = special()->view())
      for (const flit::SpecialPacketView& p : v->packets) seen = seen || (p.node == target && p.dir < 0);
  }
  QVERIFY(seen);
  const QPoint centre = screenPosition(session_->rootObject(), c->nodePosition(target)).toPoint();
  QTRY_VERIFY(countNear(grab(), QRect(centre - QPoint(40, 40), QSize(81, 81)), SpecialInstancing::kPutColor, 60) > 30);
  stepTo(sim->cycle() + 4);
  nodeMenuEntry(at, "specialReadItem");
  stepTo(sim->cycle() + 30);
  QTRY_VERIFY(special()->view()->totals.gets == getsBefore + 1);
  QCOMPARE(special()->view()->lastReads.size(), std::min<std::size_t>(readsBefore + 1, flit::SpecialView::kLastReads));
  const flit::SpecialRead& read = special()->view()->lastReads.back();
  QCOMPARE(read.readFrom, target);
  QCOMPARE(read.arrivedAt, 0);  // back along the deltas the menu wrote
  QCOMPARE(flit::unpackSpecialDeltas(read.value), flit::shortestSpecialDeltas(*c->topology(), target, 0));
  QTRY_VERIFY(item<QQuickItem>("specialNetworkMessage")->property("text").toString().contains(
      QStringLiteral("at %1 came back to %2").arg(c->describeNode(target), c->describeNode(0))));
}

FLITSCOPE_TEST_MAIN(argc, argv) {
  QApplication app(argc, argv);
  TstSpecialNetworkWindow test;
  return QTest::qExec(&test, argc, argv);
}

#include "tst_special_network_window.moc"
