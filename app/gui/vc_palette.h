// Colours and names of the virtual-channel classes (frame_snapshot.h VcClass;
// T3E paper sections 2.4, 3.2, 3.3), one place for the live charts, the
// packet instances in the 3D view and their legend. sRGB here; instance
// tables convert with scene_palette::linear().
#pragma once

#include "frame_snapshot.h"

#include <QColor>
#include <QCoreApplication>
#include <QList>
#include <QObject>
#include <QStringList>
#include <QtQml/qqmlregistration.h>

#include <array>

namespace vc_palette {

inline constexpr std::array<QRgb, flitgui::kVcClassCount> kVcClassColor = {
    0xff4fc3f7,  // request VC0: light blue
    0xff1e6fd9,  // request VC1: deep blue (after a dateline)
    0xffffb74d,  // response VC0: amber
    0xffe65100,  // response VC1: deep orange
    0xffd63a8f,  // adaptive: raspberry pink (was green, too close to the Y links)
};
inline constexpr QRgb kDatelineViolation = 0xffe53935;  // red, as failed links
// The barrier/eureka VC (T3E section 6; scenarios with sync.trees): dusty red,
// apart from the five classes, the BSU state colours (SyncController), the
// links and the followed path (tst_vc_palette barrierStandsApart).
inline constexpr QRgb kBarrierVc = 0xffaa6666;

inline QColor color(flitgui::VcClass vc) {
  return QColor::fromRgb(kVcClassColor[static_cast<std::size_t>(vc)]);
}

}  // namespace vc_palette

// The same for QML: VcPalette.colors[i] and VcPalette.names[i], i a VcClass;
// VcPalette.legendName(i, channels) for the legends of one machine.
class VcPalette : public QObject {
  Q_OBJECT
  QML_ELEMENT
  QML_SINGLETON
  Q_PROPERTY(QList<QColor> colors READ colors CONSTANT)
  Q_PROPERTY(QStringList names READ names CONSTANT)
  Q_PROPERTY(QColor datelineViolation READ datelineViolation CONSTANT)
  Q_PROPERTY(QColor barrier READ barrier CONSTANT)
  Q_PROPERTY(QString barrierName READ barrierName CONSTANT)

 public:
  using QObject::QObject;
  QList<QColor> colors() const {
    QList<QColor> out;
    for (QRgb c : vc_palette::kVcClassColor) out.append(QColor::fromRgb(c));
    return out;
  }
  QStringList names() const {
    return {tr("request VC0"), tr("request VC1"), tr("response VC0"), tr("response VC1"), tr("adaptive")};
  }
  // A class as the legends name it with the machine's VCs in it
  // (SimulationController.vcLegendChannels): "request VC0 (VC 0)".
  Q_INVOKABLE QString legendName(int vcClass, const QString& channels) const {
    const QStringList all = names();
    return vcClass >= 0 && vcClass < all.size() ? tr("%1 (VC %2)").arg(all[vcClass], channels) : QString();
  }
  QColor datelineViolation() const { return QColor::fromRgb(vc_palette::kDatelineViolation); }
  QColor barrier() const { return QColor::fromRgb(vc_palette::kBarrierVc); }
  QString barrierName() const { return tr("barrier VC"); }
};
