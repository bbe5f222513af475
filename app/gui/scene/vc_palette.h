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

// The classes' names, by VcClass, on a machine with the request/response
// split (the T3E, the XT 11x12x16: "request VC0" ... "adaptive") or without
// it (requestResponse false: the generic and TRC machines, the XT merging
// line). Without the split a machine has no requests: its classes are the
// two halves its VC rule chooses between, "VC0" and "VC1" (T3E paper
// section 3.2's names; docs/user-guide.md, "Packets in the 3D view").
inline QStringList classNames(bool requestResponse) {
  const auto t = [](const char* s) { return QCoreApplication::translate("VcPalette", s); };
  if (!requestResponse)
    return {t(QT_TRANSLATE_NOOP("VcPalette", "VC0")), t(QT_TRANSLATE_NOOP("VcPalette", "VC1")),
            t(QT_TRANSLATE_NOOP("VcPalette", "response VC0")), t(QT_TRANSLATE_NOOP("VcPalette", "response VC1")),
            t(QT_TRANSLATE_NOOP("VcPalette", "adaptive"))};
  return {t(QT_TRANSLATE_NOOP("VcPalette", "request VC0")), t(QT_TRANSLATE_NOOP("VcPalette", "request VC1")),
          t(QT_TRANSLATE_NOOP("VcPalette", "response VC0")), t(QT_TRANSLATE_NOOP("VcPalette", "response VC1")),
          t(QT_TRANSLATE_NOOP("VcPalette", "adaptive"))};
}

// A class as the legends name it, with the machine's VC numbers in it:
// "request VC0 (VC 0)", "VC1 (VC 2, 3)"; a class named by its one VC alone
// stays "VC0".
inline QString legendName(const QString& name, const QString& channels) {
  if (name == QStringLiteral("VC") + channels) return name;
  return QCoreApplication::translate("VcPalette", "%1 (VC %2)").arg(name, channels);
}

}  // namespace vc_palette

// The same for QML: VcPalette.colors[i] and VcPalette.names[i], i a VcClass.
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
  // The names with the request/response split, for views that know no
  // machine yet; a machine's own are SimulationController.vcLegend.classNames.
  QStringList names() const { return vc_palette::classNames(true); }
  QColor datelineViolation() const { return QColor::fromRgb(vc_palette::kDatelineViolation); }
  QColor barrier() const { return QColor::fromRgb(vc_palette::kBarrierVc); }
  QString barrierName() const { return tr("barrier VC"); }
};
