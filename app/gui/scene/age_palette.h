// Colours of packet ages under the Cray XT's age arbiter (XT paper section 2;
// FlitVisual::age, 0..255): one ramp from young (blue) through green and
// yellow to old (red), in one place for the packets in the 3D view
// (PacketScene's colour-by-age mode) and their legend. The four age groups
// of RTR_AGE_GROUP0/1 (XT Table 4: 0-63, 64-127, 128-191, 192-255) are
// named and coloured by the ramp at their middle. sRGB here; instance tables
// convert with scene_palette::linear().
#pragma once

#include <QColor>
#include <QList>
#include <QObject>
#include <QStringList>
#include <QtQml/qqmlregistration.h>

#include <algorithm>
#include <array>

namespace age_palette {

struct Stop {
  int age;
  QRgb color;
};
inline constexpr std::array<Stop, 5> kRamp = {{
    {0, 0xff3b82f6},    // blue: just injected
    {64, 0xff22c55e},   // green
    {128, 0xfffacc15},  // yellow
    {192, 0xfff97316},  // orange
    {255, 0xffdc2626},  // red: saturated
}};
inline constexpr QRgb kNoAge = 0xff8a93a3;  // grey: no age (another arbiter)

// The ramp's colour at `age` (clamped to 0..255); kNoAge below 0.
inline QRgb rgb(int age) {
  if (age < 0) return kNoAge;
  age = std::min(age, 255);
  for (std::size_t i = 1; i < kRamp.size(); ++i) {
    if (age > kRamp[i].age) continue;
    const Stop& a = kRamp[i - 1];
    const Stop& b = kRamp[i];
    const double t = static_cast<double>(age - a.age) / static_cast<double>(b.age - a.age);
    auto mix = [t](int x, int y) { return static_cast<int>(x + (y - x) * t + 0.5); };
    return qRgb(mix(qRed(a.color), qRed(b.color)), mix(qGreen(a.color), qGreen(b.color)),
                mix(qBlue(a.color), qBlue(b.color)));
  }
  return kRamp.back().color;
}

inline constexpr int kGroups = 4;
inline int groupMiddle(int group) { return group * 64 + 32; }

}  // namespace age_palette

// The same for QML: AgePalette.color(age), AgePalette.groupColors[g],
// AgePalette.groupNames[g].
class AgePalette : public QObject {
  Q_OBJECT
  QML_ELEMENT
  QML_SINGLETON
  Q_PROPERTY(QList<QColor> groupColors READ groupColors CONSTANT)
  Q_PROPERTY(QStringList groupNames READ groupNames CONSTANT)
  Q_PROPERTY(QColor noAge READ noAge CONSTANT)

 public:
  using QObject::QObject;
  Q_INVOKABLE QColor color(int age) const { return QColor::fromRgb(age_palette::rgb(age)); }
  QList<QColor> groupColors() const {
    QList<QColor> out;
    for (int g = 0; g < age_palette::kGroups; ++g) out.append(color(age_palette::groupMiddle(g)));
    return out;
  }
  QStringList groupNames() const { return {tr("age 0-63"), tr("age 64-127"), tr("age 128-191"), tr("age 192-255")}; }
  QColor noAge() const { return QColor::fromRgb(age_palette::kNoAge); }
};
