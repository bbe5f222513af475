// Colours of the network view, shared by the instance tables (which need
// linear RGB) and the legend in QML (sRGB hex, via NetworkPalette). One place
// so the legend cannot drift from what is drawn.
#pragma once

#include <QColor>
#include <QObject>
#include <QVector4D>
#include <QtQml/qqmlregistration.h>

namespace scene_palette {

inline constexpr QRgb kNode = 0xffb8c4d6;
inline constexpr QRgb kNodeHover = 0xffffd54a;
inline constexpr QRgb kNodeSelected = 0xff4ae0f0;  // the node the side panel inspects
// X, Y, Z (a fat-tree: up, down, lateral): indigo blue, green and olive,
// apart from what is drawn on them (issue 42, item 12: amber responses and
// amber barrier nodes on the orange Z links, light blue requests and idle
// BSUs on the light blue X links). tst_vc_palette holds every packet and
// mark colour >= 25 delta E from them, and the adaptive, barrier and
// followed-path colours further.
inline constexpr QRgb kLinkDim[3] = {0xff2c34c8, 0xff55c46a, 0xff827e17};
inline constexpr QRgb kWrap = 0xffc77dff;
inline constexpr QRgb kFailed = 0xffe53935;
inline constexpr QRgb kHover = 0xffffd54a;
// The followed packet's path (travelled solid, the rest dashed): lime, a
// colour nothing else in the view uses (tst_vc_palette: >= 40 delta E from
// every link, node, VC class, heat and age colour).
inline constexpr QRgb kFollowPath = 0xffaaff00;
// What the last intervention rerouted: the links whose load rose (the heat
// map's "change since the last intervention" mode) and the collar round the
// heads of packets whose route the last route rebuild changed (one colour for
// the one story: the detour).
inline constexpr QRgb kDetour = 0xff3cff8c;
// A fat-tree transmission discarded at an RN1 (circuit_flash_instancing.h):
// a white flash when both outputs were busy; the failed colour when a fault
// lost it.
inline constexpr QRgb kDiscardBusy = 0xffffffff;
inline constexpr QRgb kDiscardFault = kFailed;

// sRGB -> linear (instance colours are linear, DESIGN.md).
QVector4D linear(QRgb srgb);

}  // namespace scene_palette

// Exposes the palette to QML for the legend.
class NetworkPalette : public QObject {
  Q_OBJECT
  QML_ELEMENT
  QML_SINGLETON
  Q_PROPERTY(QColor node READ node CONSTANT)
  Q_PROPERTY(QColor linkX READ linkX CONSTANT)
  Q_PROPERTY(QColor linkY READ linkY CONSTANT)
  Q_PROPERTY(QColor linkZ READ linkZ CONSTANT)
  Q_PROPERTY(QColor wrap READ wrap CONSTANT)
  Q_PROPERTY(QColor failed READ failed CONSTANT)
  Q_PROPERTY(QColor hover READ hover CONSTANT)
  Q_PROPERTY(QColor followPath READ followPath CONSTANT)
  Q_PROPERTY(QColor detour READ detour CONSTANT)
  Q_PROPERTY(QColor discardBusy READ discardBusy CONSTANT)

 public:
  using QObject::QObject;
  QColor node() const { return QColor::fromRgb(scene_palette::kNode); }
  QColor linkX() const { return QColor::fromRgb(scene_palette::kLinkDim[0]); }
  QColor linkY() const { return QColor::fromRgb(scene_palette::kLinkDim[1]); }
  QColor linkZ() const { return QColor::fromRgb(scene_palette::kLinkDim[2]); }
  QColor wrap() const { return QColor::fromRgb(scene_palette::kWrap); }
  QColor failed() const { return QColor::fromRgb(scene_palette::kFailed); }
  QColor hover() const { return QColor::fromRgb(scene_palette::kHover); }
  QColor followPath() const { return QColor::fromRgb(scene_palette::kFollowPath); }
  QColor detour() const { return QColor::fromRgb(scene_palette::kDetour); }
  QColor discardBusy() const { return QColor::fromRgb(scene_palette::kDiscardBusy); }
};
