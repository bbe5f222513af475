// The VC class colours (vc_palette.h) against the rest of the 3D view's
// colours (scene_palette.h): issue 5 asks that packets be "coloured by VC
// class with a legend", so a class colour must not be mistaken for a link.
// The adaptive class was green, 9 CIELAB units from the Y links (0x55c46a);
// these rows fail for it. Distances are CIE76 delta E in CIELAB (D65), also
// after simulating deuteranopia and protanopia (Vienot, Brettel and Mollon
// 1999, linear-RGB matrices), so the colour-blind check can fail too.
#include "test_main.h"
#include "scene_palette.h"
#include "torus/sync_controller.h"
#include "vc_palette.h"

#include <QtTest>

#include <array>
#include <cmath>
#include <vector>

namespace {

using Lab = std::array<double, 3>;
using Matrix = std::array<std::array<double, 3>, 3>;

constexpr Matrix kIdentity = {{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}};
constexpr Matrix kDeuteranopia = {{{0.29275, 0.70725, 0}, {0.29275, 0.70725, 0}, {-0.02234, 0.02234, 1}}};
constexpr Matrix kProtanopia = {{{0.11238, 0.88762, 0}, {0.11238, 0.88762, 0}, {0.00401, -0.00401, 1}}};

double toLinear(int channel) {
  const double c = channel / 255.0;
  return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
}

// sRGB -> (seen through `vision`) -> CIELAB.
Lab toLab(QRgb srgb, const Matrix& vision) {
  const std::array<double, 3> in = {toLinear(qRed(srgb)), toLinear(qGreen(srgb)), toLinear(qBlue(srgb))};
  std::array<double, 3> rgb{};
  for (int i = 0; i < 3; ++i)
    rgb[i] = std::max(0.0, vision[i][0] * in[0] + vision[i][1] * in[1] + vision[i][2] * in[2]);
  const double x = (0.4124 * rgb[0] + 0.3576 * rgb[1] + 0.1805 * rgb[2]) / 0.95047;
  const double y = 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2];
  const double z = (0.0193 * rgb[0] + 0.1192 * rgb[1] + 0.9505 * rgb[2]) / 1.08883;
  auto f = [](double t) { return t > 0.008856 ? std::cbrt(t) : 7.787 * t + 16.0 / 116.0; };
  return {116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))};
}

double deltaE(QRgb a, QRgb b, const Matrix& vision) {
  const Lab la = toLab(a, vision);
  const Lab lb = toLab(b, vision);
  return std::hypot(la[0] - lb[0], la[1] - lb[1], la[2] - lb[2]);
}

QRgb adaptive() { return vc_palette::kVcClassColor[static_cast<std::size_t>(flitgui::VcClass::Adaptive)]; }

}  // namespace

class TstVcPalette : public QObject {
  Q_OBJECT
 private slots:
  void adaptiveStandsApart_data() {
    QTest::addColumn<QRgb>("other");
    QTest::addColumn<double>("minimum");        // normal vision
    QTest::addColumn<double>("minimumDichromat");  // deuteranopia and protanopia
    // The link and axis colours the packets are drawn over.
    QTest::newRow("X link") << scene_palette::kLinkDim[0] << 40.0 << 20.0;
    QTest::newRow("Y link") << scene_palette::kLinkDim[1] << 40.0 << 20.0;
    QTest::newRow("Z link") << scene_palette::kLinkDim[2] << 40.0 << 20.0;
    QTest::newRow("wrap stub") << scene_palette::kWrap << 40.0 << 20.0;
    QTest::newRow("failed link") << scene_palette::kFailed << 40.0 << 20.0;
    QTest::newRow("hover") << scene_palette::kHover << 40.0 << 20.0;
    QTest::newRow("node") << scene_palette::kNode << 40.0 << 20.0;
    // The other VC classes (the legend tells them apart by colour alone).
    const char* names[] = {"request VC0", "request VC1", "response VC0", "response VC1"};
    for (int vc = 0; vc < 4; ++vc)
      QTest::newRow(names[vc]) << vc_palette::kVcClassColor[static_cast<std::size_t>(vc)] << 40.0 << 30.0;
    QTest::newRow("dateline violation") << vc_palette::kDatelineViolation << 40.0 << 20.0;
  }
  void adaptiveStandsApart() {
    QFETCH(QRgb, other);
    QFETCH(double, minimum);
    QFETCH(double, minimumDichromat);
    const double normal = deltaE(adaptive(), other, kIdentity);
    QVERIFY2(normal >= minimum, qPrintable(QStringLiteral("delta E %1").arg(normal)));
    const double dichromat = std::min(deltaE(adaptive(), other, kDeuteranopia), deltaE(adaptive(), other, kProtanopia));
    QVERIFY2(dichromat >= minimumDichromat, qPrintable(QStringLiteral("delta E for a dichromat %1").arg(dichromat)));
  }
  // The followed packet's path is drawn in a colour of its own.
  void followPathStandsApart() {
    std::vector<QRgb> others = {scene_palette::kNode, scene_palette::kNodeHover, scene_palette::kNodeSelected,
                                scene_palette::kWrap, scene_palette::kFailed, scene_palette::kHover,
                                vc_palette::kDatelineViolation,
                                0xfffff8e1,  // dateline halo (packet_scene.cpp)
                                0xffe040fb,  // tag editor ghost line (NetworkView.qml)
                                0xff3ddc84,  // hot spare box
                                0xff2b3566, 0xff9c2f8f, 0xfff07a2a, 0xfffff3a0,               // heat map
                                0xff3b82f6, 0xff22c55e, 0xfffacc15, 0xfff97316, 0xffdc2626};  // age ramp
    for (QRgb c : scene_palette::kLinkDim) others.push_back(c);
    for (QRgb c : vc_palette::kVcClassColor) others.push_back(c);
    for (QRgb other : others) {
      const double d = deltaE(scene_palette::kFollowPath, other, kIdentity);
      QVERIFY2(d >= 40.0, qPrintable(QStringLiteral("delta E %1 from %2").arg(d).arg(other, 8, 16)));
    }
  }
  // Issue 16: the detour collar round a rerouted packet's head (and the heat
  // map's "load rose" end) is told apart from the packet colours it rings,
  // the dateline halo and violation red, and the followed path. (It is near
  // the Y links' and the hot-spare box's greens: a collar on a head is not
  // a link, and the box is round a node.)
  void detourStandsApart() {
    std::vector<QRgb> others = {vc_palette::kDatelineViolation, scene_palette::kFollowPath, scene_palette::kNode,
                                scene_palette::kWrap, scene_palette::kNodeSelected,
                                0xfffff8e1};  // dateline halo (packet_scene.cpp)
    for (QRgb c : vc_palette::kVcClassColor) others.push_back(c);
    for (QRgb other : others) {
      const double d = deltaE(scene_palette::kDetour, other, kIdentity);
      QVERIFY2(d >= 40.0, qPrintable(QStringLiteral("delta E %1 from %2").arg(d).arg(other, 8, 16)));
    }
  }
  // Issue 17: the barrier VC's colour (legend, VC occupancy chart, barrier
  // latency chart) is told apart from every VC class, the BSU state colours
  // of the synchronization panel and the tree overlay, the links, the
  // followed path and the dateline violation red.
  void barrierStandsApart() {
    std::vector<QRgb> others = {scene_palette::kNode, scene_palette::kWrap, scene_palette::kFailed, scene_palette::kHover,
                                scene_palette::kFollowPath, vc_palette::kDatelineViolation, 0xffffffff};
    for (QRgb c : scene_palette::kLinkDim) others.push_back(c);
    for (QRgb c : vc_palette::kVcClassColor) others.push_back(c);
    for (QRgb c : SyncController::kStateColors) others.push_back(c);
    for (QRgb other : others) {
      const double normal = deltaE(vc_palette::kBarrierVc, other, kIdentity);
      const double dichromat = std::min(deltaE(vc_palette::kBarrierVc, other, kDeuteranopia),
                                        deltaE(vc_palette::kBarrierVc, other, kProtanopia));
      QVERIFY2(normal >= 40.0 && dichromat >= 20.0,
               qPrintable(QStringLiteral("delta E %1 (dichromat %2) from %3").arg(normal).arg(dichromat).arg(other, 8, 16)));
    }
    const VcPalette palette;
    QCOMPARE(palette.barrier().rgb(), vc_palette::kBarrierVc);
    QVERIFY(!palette.barrierName().isEmpty());
  }
  // The legend and the charts read the same table as the packets.
  // Issue 42, item 12: "amber packets and amber barrier nodes on orange Z
  // links". Every colour drawn on or beside a link (the five VC classes, the
  // barrier VC, the BSU states, the dateline violation) stands >= 25 delta E
  // from every link colour (the response VC0 amber was 9 from the Z links,
  // request VC0 21 from the X links).
  void packetsStandApartFromTheLinks() {
    std::vector<std::pair<const char*, QRgb>> marks;
    for (std::size_t i = 0; i < vc_palette::kVcClassColor.size(); ++i) marks.emplace_back("VC class", vc_palette::kVcClassColor[i]);
    marks.emplace_back("barrier VC", vc_palette::kBarrierVc);
    for (QRgb c : SyncController::kStateColors) marks.emplace_back("BSU state", c);
    marks.emplace_back("dateline violation", vc_palette::kDatelineViolation);
    for (const auto& [what, c] : marks) {
      for (QRgb link : scene_palette::kLinkDim) {
        const double d = deltaE(c, link, kIdentity);
        QVERIFY2(d >= 25.0, qPrintable(QStringLiteral("%1 %2 is %3 from link %4").arg(QLatin1String(what))
                                           .arg(c, 8, 16).arg(d, 0, 'f', 1).arg(link, 8, 16)));
      }
    }
  }

  void qmlSingletonServesTheTable() {
    const VcPalette palette;
    QCOMPARE(palette.colors().size(), flitgui::kVcClassCount);
    QCOMPARE(palette.colors().at(static_cast<int>(flitgui::VcClass::Adaptive)).rgb(), adaptive());
    QCOMPARE(palette.names().size(), flitgui::kVcClassCount);
    QCOMPARE(palette.names(), vc_palette::classNames(true));
  }
  // The legends' one form (SimulationController.vcLegend.names): the XT's
  // responses on VC2; a machine without the request/response split has no
  // requests, its classes are the VC rule's VC0 and VC1 halves, and a class
  // of one VC is named by it alone.
  void legendNamesFollowTheSplit() {
    const QStringList split = vc_palette::classNames(true);
    const QStringList plain = vc_palette::classNames(false);
    const auto at = [](const QStringList& names, flitgui::VcClass c) { return names.at(static_cast<int>(c)); };
    QCOMPARE(vc_palette::legendName(at(split, flitgui::VcClass::ResponseVc0), QStringLiteral("2")),
             QStringLiteral("response VC0 (VC 2)"));
    QCOMPARE(vc_palette::legendName(at(split, flitgui::VcClass::RequestVc1), QStringLiteral("1")),
             QStringLiteral("request VC1 (VC 1)"));
    QCOMPARE(at(plain, flitgui::VcClass::RequestVc0), QStringLiteral("VC0"));
    QCOMPARE(vc_palette::legendName(at(plain, flitgui::VcClass::RequestVc1), QStringLiteral("1")), QStringLiteral("VC1"));
    QCOMPARE(vc_palette::legendName(at(plain, flitgui::VcClass::RequestVc1), QStringLiteral("2, 3")),
             QStringLiteral("VC1 (VC 2, 3)"));
    QCOMPARE(at(plain, flitgui::VcClass::Adaptive), at(split, flitgui::VcClass::Adaptive));
  }
};

FLITSCOPE_TEST_GUI_MAIN(TstVcPalette)
#include "tst_vc_palette.moc"
