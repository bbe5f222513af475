// Level of detail for big machines (issue 16, "aggregate flits per link or
// level of detail instead of one instance per flit where they cannot be
// seen"): with more flits in flight than --max-flits, frames count them per
// channel, the 3D view draws no flit instances (but the followed packet's and
// the open slice plane's) and colours each link by its flits instead, the
// legend says so, and a heat map on takes the links back. The limit is set
// low here so the teaching torus crosses it.
#include "test_main.h"
#include "gui_session.h"
#include "link_heat_instancing.h"
#include "packet_scene.h"
#include "torus/slice_view.h"
#include "vc_palette.h"

#include <QApplication>
#include <QQuickItem>
#include <QQuickWindow>
#include <QtQml/qqmlextensionplugin.h>
#include <QtTest>

#include "render_helpers.h"

Q_IMPORT_QML_PLUGIN(FlitscopePlugin)

class TstLevelOfDetail : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase();
  void cleanupTestCase() { session_.reset(); }
  void linksShowTheFlits();
  void heatMapTakesTheLinksBack();

 private:
  QObject* view() const { return session_->rootObject()->property("networkView").value<QObject*>(); }
  QObject* model(const char* name) const { return view()->findChild<QObject*>(QLatin1String(name)); }
  LinkHeatInstancing* heat() const { return model("linkHeat")->property("instancing").value<LinkHeatInstancing*>(); }
  PacketScene* scene() const {
    auto* instancing = model("packetHeads")->property("instancing").value<QObject*>();
    return instancing ? instancing->property("scene").value<PacketScene*>() : nullptr;
  }
  std::unique_ptr<MainWindowSession> session_;
};

void TstLevelOfDetail::initTestCase() {
  session_ = std::make_unique<MainWindowSession>();
  GuiOptions options;
  options.scenarioPath = QStringLiteral(FLITSCOPE_PRESETS_DIR "/teaching-4x4x4.json");
  options.windowSize = QSize(1280, 900);
  options.maxFlits = 20;
  options.slice = flitgui::SliceSpec{flitgui::SlicePlane::XY, 1};
  startActiveSession(*session_, options);
  if (QTest::currentTestFailed()) return;
  QVERIFY(scene());
  runToAndWait(session_->simulation(), 400);
}

void TstLevelOfDetail::linksShowTheFlits() {
  const flitgui::FramePtr frame = session_->simulation()->currentFrame();
  QVERIFY(frame && frame->channelFlits);
  QVERIFY(frame->flitsInNetwork > 20);
  QTRY_VERIFY(scene()->perLink());
  // The 3D view draws only what the frame still lists: the slice plane's flits.
  QVERIFY(static_cast<std::size_t>(scene()->flitCount()) < frame->flitsInNetwork);
  QCOMPARE(static_cast<std::size_t>(scene()->flitCount()), frame->flits.size());
  auto* slice = session_->window()->findChild<SliceView*>(QStringLiteral("sliceView"));
  QVERIFY(slice);
  QTRY_VERIFY(slice->flitCount() > 0);  // the slice still draws its plane's flits
  // The links carry them: coloured (not the empty grey) where the frame counts flits.
  QTRY_VERIFY(model("linkHeat")->property("visible").toBool());
  QVERIFY(!model("links")->property("visible").toBool());
  QVERIFY(heat()->packetsPerLink());
  QVERIFY(heat()->rowCount() > 0);
  const QColor empty = LinkHeatInstancing::flitsColor(0.0, flit::LaneClass::RequestVc0);
  int coloured = 0, busy = 0;
  for (int link = 0; link < session_->controller()->linkCount(); ++link) {
    const auto c = static_cast<std::size_t>(link) * 2;
    const bool hasFlits = frame->channelFlits->count[c] + frame->channelFlits->count[c + 1] > 0;
    busy += hasFlits ? 1 : 0;
    const bool drawn = heat()->linkFlitsColor(link) != empty;
    QCOMPARE(drawn, hasFlits);
    coloured += drawn ? 1 : 0;
  }
  QVERIFY(busy > 0);
  QCOMPARE(coloured, busy);
  // Fuller is brighter, in the class's colour.
  QVERIFY(LinkHeatInstancing::flitsColor(1.0, flit::LaneClass::RequestVc0).lightness() >
          LinkHeatInstancing::flitsColor(0.1, flit::LaneClass::RequestVc0).lightness());
  QCOMPARE(LinkHeatInstancing::flitsColor(1.0, flit::LaneClass::ResponseVc0),
           QColor::fromRgb(vc_palette::kVcClassColor[static_cast<std::size_t>(flit::LaneClass::ResponseVc0)]));
  // The legend says why there are no packets to see.
  QObject* legend = view()->findChild<QObject*>(QStringLiteral("packetLegend"));
  QVERIFY(legend->findChild<QQuickItem*>(QStringLiteral("perLinkLegend"))->isVisible());
  QVERIFY(!legend->property("heatMap").toBool());
}

void TstLevelOfDetail::heatMapTakesTheLinksBack() {
  view()->setProperty("heatMap", true);
  QTRY_VERIFY(!heat()->packetsPerLink());
  QVERIFY(model("linkHeat")->property("visible").toBool());
  QObject* legend = view()->findChild<QObject*>(QStringLiteral("packetLegend"));
  QVERIFY(legend->property("heatMap").toBool());
  view()->setProperty("heatMap", false);
  QTRY_VERIFY(heat()->packetsPerLink());
}

FLITSCOPE_TEST_MAIN(argc, argv) {
  QApplication app(argc, argv);
  TstLevelOfDetail test;
  return QTest::qExec(&test, argc, argv);
}

#include "tst_level_of_detail.moc"
