// The legend's VC classes of the running machine (SimulationController.
// vcLegend), from its VC layout (FrameSnapshot::vcClasses, as the engine
// names them): the classes present, in VcClass order, for each the VC
// numbers it covers ("0", "2, 3") and its legend entry ("request VC0
// (VC 0)"); empty before the first frame. classNames: the five classes'
// names on this machine (vc_palette::classNames; "VC0", not "request VC0",
// without a response class), by VcClass. The packet legend, the inspector,
// the follow panel and the VC occupancy chart read it. GUI thread only.
#pragma once

#include "frame_snapshot.h"

#include <QObject>
#include <QStringList>
#include <QtQml/qqmlregistration.h>

#include <vector>

namespace flitgui {

class VcLegend : public QObject {
  Q_OBJECT
  QML_ELEMENT
  QML_UNCREATABLE("SimulationController.vcLegend")
  Q_PROPERTY(QList<int> classes READ classes NOTIFY changed)
  Q_PROPERTY(QStringList channels READ channels NOTIFY changed)
  Q_PROPERTY(QStringList names READ names NOTIFY changed)
  Q_PROPERTY(QStringList classNames READ classNames NOTIFY changed)

 public:
  explicit VcLegend(QObject* parent = nullptr);

  QList<int> classes() const { return classes_; }
  QStringList channels() const { return channels_; }
  QStringList names() const { return names_; }
  QStringList classNames() const { return classNames_; }

  // A frame's VC layout (one class per VC); nothing changes when it is the
  // layout shown already.
  void setLayout(const std::vector<VcClass>& layout);

 signals:
  void changed();

 private:
  std::vector<VcClass> layout_;
  QList<int> classes_;
  QStringList channels_;
  QStringList names_;
  QStringList classNames_;
};

}  // namespace flitgui
