#include "view_settings.h"

#include <QSettings>

#include <algorithm>

namespace flitgui {

ViewSettings::ViewSettings(QObject* parent, const QString& group) : QObject(parent), group_(group) {
  QSettings s;
  s.beginGroup(group_);
  nodeLabels_ = std::clamp(s.value(QStringLiteral("nodeLabels"), int{CoordinateLabels}).toInt(), 0, NodeLabelModes - 1);
  presenter_ = s.value(QStringLiteral("presenter"), false).toBool();
  physicalUnits_ = s.value(QStringLiteral("physicalUnits"), false).toBool();
}

void ViewSettings::useDefaults() {
  transient_ = true;
  setNodeLabels(CoordinateLabels);
  setPresenter(false);
  setPhysicalUnits(false);
}

void ViewSettings::store(const char* key, int value) const {
  if (transient_) return;
  QSettings s;
  s.beginGroup(group_);
  s.setValue(QLatin1String(key), value);
}

void ViewSettings::setNodeLabels(int mode) {
  mode = std::clamp(mode, 0, NodeLabelModes - 1);
  if (mode == nodeLabels_) return;
  nodeLabels_ = mode;
  store("nodeLabels", mode);
  emit nodeLabelsChanged();
}

void ViewSettings::setPresenter(bool on) {
  if (on == presenter_) return;
  presenter_ = on;
  store("presenter", on ? 1 : 0);
  emit presenterChanged();
}

void ViewSettings::setPhysicalUnits(bool on) {
  if (on == physicalUnits_) return;
  physicalUnits_ = on;
  store("physicalUnits", on ? 1 : 0);
  emit physicalUnitsChanged();
}

QString ViewSettings::nodeLabelsName(int mode) const {
  switch (mode) {
    case NoLabels: return tr("No labels");
    case CoordinateLabels: return tr("Coordinates");
    case LogicalPeLabels: return tr("Logical PE numbers");
    case PhysicalPeLabels: return tr("Physical PE numbers (0xZZYYXX)");
    default: return {};
  }
}

}  // namespace flitgui
