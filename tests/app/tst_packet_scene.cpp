// PacketScene on the teaching torus's live engine, with an injected display
// clock: every flit of a frame is placed where the frame says (a second scene
// without smooth motion is the reference), a new frame starts each flit where
// it was shown and glides it linearly to its new place over the frame's
// glide time, and the tables hold one row per head / body.
#include "test_main.h"
#include "age_palette.h"
#include "instance_rows.h"
#include "network_controller.h"
#include "packet_scene.h"
#include "scene_palette.h"
#include "vc_palette.h"
#include "simulation_controller.h"

#include <QApplication>
#include <QtTest>

namespace {
const QString kTeaching = QStringLiteral(FLITSCOPE_PRESETS_DIR "/teaching-4x4x4.json");
bool near(const QVector3D& a, const QVector3D& b) { return (a - b).length() < 1e-3f; }
}  // namespace

class TstPacketScene : public QObject {
  Q_OBJECT
 private slots:
  void init();
  void cleanup();
  void framePlacesEveryFlit();
  void motionGlidesFromShownToNewPlace();
  void resetClearsPackets();
  void colorByAgeUsesTheAgeRamp();
  void clickOnARouterSelectsItEvenWithPacketsBesideIt();

 private:
  void stepAndWait(int cycles);
  NetworkController* network_ = nullptr;
  flitgui::SimulationController* sim_ = nullptr;
  PacketScene* smooth_ = nullptr;
  PacketScene* exact_ = nullptr;
  double clock_ = 100.0;
};

void TstPacketScene::init() {
  network_ = new NetworkController(this);
  QVERIFY(network_->loadScenario(kTeaching));
  sim_ = new flitgui::SimulationController(this);
  QVERIFY(sim_->loadScenario(kTeaching));
  sim_->setSpeed(0);
  smooth_ = new PacketScene(this);
  smooth_->setClock([this] { return clock_; });
  smooth_->setController(network_);
  smooth_->setSimulation(sim_);
  exact_ = new PacketScene(this);
  exact_->setSmoothMotion(false);
  exact_->setController(network_);
  exact_->setSimulation(sim_);
}

void TstPacketScene::cleanup() {
  delete smooth_;
  delete exact_;
  sim_->shutdown();
  delete sim_;
  delete network_;
}

void TstPacketScene::stepAndWait(int cycles) {
  const double target = sim_->cycle() + cycles;
  sim_->step(cycles);
  QTRY_COMPARE_WITH_TIMEOUT(sim_->cycle(), target, 20000);
  QTRY_VERIFY(!sim_->running());
}

void TstPacketScene::framePlacesEveryFlit() {
  stepAndWait(60);
  QVERIFY(exact_->flitCount() > 0);
  QCOMPARE(exact_->flitCount(), int(sim_->currentFrame()->flits.size()));
  int heads = 0;
  for (const flitgui::FlitVisual& f : sim_->currentFrame()->flits) heads += (f.flags & flitgui::kFlitHead) ? 1 : 0;
  QCOMPARE(exact_->rowCount(PacketScene::Heads), heads);
  QCOMPARE(exact_->rowCount(PacketScene::Bodies), exact_->flitCount() - heads);
  // After the glide the smooth scene shows what the exact one shows.
  clock_ += 10.0;
  smooth_->tick();
  for (int serial : exact_->packetsOfClass(int(flitgui::VcClass::RequestVc0)))
    QVERIFY(near(smooth_->packetPosition(serial), exact_->packetPosition(serial)));
}

QHash<int, QVector3D> headsShown(const PacketScene& scene, const flitgui::FrameSnapshot& frame) {
  QHash<int, QVector3D> out;
  for (const flitgui::FlitVisual& f : frame.flits)
    if (f.flags & flitgui::kFlitHead) out.insert(f.packet, scene.packetPosition(f.packet));
  return out;
}

void TstPacketScene::motionGlidesFromShownToNewPlace() {
  stepAndWait(60);
  clock_ += 10.0;
  smooth_->tick();
  const QHash<int, QVector3D> settled = headsShown(*smooth_, *sim_->currentFrame());
  stepAndWait(1);  // a step glides 0.2 s; the injected clock stands still meanwhile
  const QHash<int, QVector3D> start = headsShown(*smooth_, *sim_->currentFrame());
  int glides = 0;
  for (auto it = start.cbegin(); it != start.cend(); ++it) {  // continuity: shown where they were
    if (!settled.contains(it.key())) continue;
    const QVector3D was = settled.value(it.key());
    const QVector3D to = exact_->packetPosition(it.key());
    if ((to - was).length() < PacketScene::kSnapDistance) {
      QVERIFY(near(it.value(), was));
      ++glides;
    } else {
      QVERIFY(near(it.value(), to));  // a jump (a wrap link) is shown at once
    }
  }
  QVERIFY(glides > 0);
  clock_ += 0.1;  // half of the glide
  QVERIFY(smooth_->tick());
  const QHash<int, QVector3D> middle = headsShown(*smooth_, *sim_->currentFrame());
  clock_ += 0.2;
  QVERIFY(!smooth_->tick());  // arrived
  const QHash<int, QVector3D> end = headsShown(*smooth_, *sim_->currentFrame());
  int moved = 0;
  for (auto it = end.cbegin(); it != end.cend(); ++it) {
    QVERIFY(near(it.value(), exact_->packetPosition(it.key())));  // at the frame's place
    QVERIFY(near(middle.value(it.key()), (start.value(it.key()) + it.value()) * 0.5f));  // linear
    moved += near(start.value(it.key()), it.value()) ? 0 : 1;
  }
  QVERIFY2(moved > 0, "some head moved in one cycle");
}

void TstPacketScene::resetClearsPackets() {
  stepAndWait(40);
  QVERIFY(smooth_->flitCount() > 0);
  sim_->reset();
  QTRY_COMPARE(sim_->cycle(), 0.0);
  QTRY_COMPARE(smooth_->flitCount(), 0);
  QCOMPARE(smooth_->rowCount(PacketScene::Heads), 0);
}

// XT merging line under the age arbiter: in ColorByAge every head is
// coloured by its packet's age (age_palette.h), in ColorByVc by its VC class.
void TstPacketScene::colorByAgeUsesTheAgeRamp() {
  const QString xt = QStringLiteral(FLITSCOPE_PRESETS_DIR "/xt-merging-8.json");
  QVERIFY(network_->loadScenario(xt));
  QVERIFY(sim_->loadScenario(xt));
  sim_->setSpeed(0);
  stepAndWait(300);
  const flitgui::FrameSnapshot& frame = *sim_->currentFrame();
  auto headColors = [this] {
    QList<QVector4D> out;
    const QByteArray& t = exact_->table(PacketScene::Heads);
    for (int i = 0; i < exact_->rowCount(PacketScene::Heads); ++i)
      out << reinterpret_cast<const instance_rows::Entry*>(t.constData())[i].color;
    return out;
  };
  QList<QVector4D> ages, vcs;
  for (const flitgui::FlitVisual& f : frame.flits) {
    if (!(f.flags & flitgui::kFlitHead)) continue;
    QVERIFY(f.age >= 0 && f.age <= 255);
    ages << scene_palette::linear(age_palette::rgb(f.age));
    vcs << scene_palette::linear(vc_palette::kVcClassColor[static_cast<std::size_t>(f.vcClass)]);
  }
  QVERIFY(!ages.isEmpty());
  QCOMPARE(headColors(), vcs);
  QSignalSpy spy(exact_, &PacketScene::colorModeChanged);
  exact_->setColorMode(PacketScene::ColorByAge);  // recoloured at once, also paused
  QCOMPARE(spy.count(), 1);
  QCOMPARE(headColors(), ages);
  exact_->setColorMode(PacketScene::ColorByVc);
  QCOMPARE(headColors(), vcs);
  // The ramp: young blue, old red, no age grey.
  QCOMPARE(age_palette::rgb(0), age_palette::kRamp.front().color);
  QCOMPARE(age_palette::rgb(255), age_palette::kRamp.back().color);
  QCOMPARE(age_palette::rgb(300), age_palette::kRamp.back().color);
  QCOMPARE(age_palette::rgb(-1), age_palette::kNoAge);
}

FLITSCOPE_TEST_MAIN(argc, argv) {
  QApplication app(argc, argv);
  TstPacketScene test;
  return QTest::qExec(&test, argc, argv);
}
#include "tst_packet_scene.moc"

// A click follows a packet only when it hits the drawn packet; a click through
// the middle of a router's ball selects the router, even with a packet
// waiting in its buffer in front of it; Shift (wide) follows the nearest. A
// packet travelling on a link in front of the ball is followed (issue 42:
// picking prefers the packet under the cursor).
void TstPacketScene::clickOnARouterSelectsItEvenWithPacketsBesideIt() {
  stepAndWait(60);
  const SceneLayout& layout = network_->layout();
  int checked = 0;
  for (int vc = 0; vc < flitgui::kVcClassCount; ++vc) {
    for (int serial : exact_->packetsOfClass(vc)) {
      const QVector3D p = exact_->packetPosition(serial);
      int node = -1;  // the router the head waits beside, if any
      for (int n = 0; n < layout.nodeCount() && node < 0; ++n)
        if ((layout.nodePosition(n) - p).length() < SceneLayout::kNodeRadius + 1.5f) node = n;
      if (node < 0) continue;
      const QVector3D c = layout.nodePosition(node);
      const QVector3D out = (p - c).normalized();
      QVector3D side = QVector3D::crossProduct(out, QVector3D(0, 1, 0));
      if (side.lengthSquared() < 1e-4f) side = QVector3D::crossProduct(out, QVector3D(1, 0, 0));
      side.normalize();
      // Through the packet into the middle of the router's ball (1 unit off
      // its centre), slanted off the link so no flit on the link is in front.
      const QVector3D target = c + side * 1.0f;
      const QVector3D dir = (target - p).normalized();
      const QVector3D origin = p - dir * 3.0f;
      if (exact_->pickPacket(origin, target) != serial) continue;  // another flit in front
      const bool waiting = exact_->describePacket(serial).contains(QStringLiteral("waiting in"));
      QCOMPARE(exact_->clickedPacket(origin, target, false), waiting ? -1 : serial);
      QCOMPARE(exact_->clickedPacket(origin, target, true), serial);  // Shift+click still follows
      // Across the packet, past the router: the packet.
      const int hit = exact_->clickedPacket(p - side * 2.0f, p + side, false);
      QVERIFY2(hit >= 0, "a ray through the drawn packet, missing the router, follows a packet");
      ++checked;
    }
  }
  QVERIFY2(checked > 0, "some head waits beside a router after 60 cycles");
}
