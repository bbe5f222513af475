// DeadlockInstancing: the watchdog's deadlock in the 3D view (issue 18,
// deadlock lab): the cycle of waiting VC buffers of the frames'
// flit::DeadlockView (flit::DeadlockReport), as one instanced Model with its own
// material (QTBUG-105318; LowPolyMesh.Prism geometry):
//  - each waiting buffer a red block at its router's input port (where the
//    3D view draws buffered flits, channel_geometry::inputPortPosition);
//  - each "waits for" an arrow (a bar with a stepped head at the waited-for
//    end): along the channel into the next buffer (both stubs of a wrap
//    link), or across the router when it waits for an output VC another
//    input of the same router holds (flit::waitEdgesOf, lab_data.h).
// labelPositions / labelTexts place the packet labels (NetworkView.qml
// projects them to the screen). Rebuilt only when the deadlock or the
// scenario changes. GUI thread only.
#pragma once

#include "torus/deadlock_lab.h"
#include "network_controller.h"
#include "row_instancing.h"

#include <QList>
#include <QPointer>
#include <QQuick3DInstancing>
#include <QStringList>
#include <QVector3D>
#include <QtQml/qqmlregistration.h>

class DeadlockInstancing : public RowInstancing {
  Q_OBJECT
  QML_ELEMENT
  Q_PROPERTY(NetworkController* controller READ controller WRITE setController NOTIFY controllerChanged)
  Q_PROPERTY(DeadlockLab* lab READ lab WRITE setLab NOTIFY labChanged)
  Q_PROPERTY(bool empty READ empty NOTIFY tableChanged)
  Q_PROPERTY(int bufferCount READ bufferCount NOTIFY tableChanged)
  // The channels drawn as "waits for" arrows, in cycle order.
  Q_PROPERTY(QList<int> channels READ channels NOTIFY tableChanged)
  // Per waiting buffer: a scene point just outside it and "packet 12, VC0".
  Q_PROPERTY(QList<QVector3D> labelPositions READ labelPositions NOTIFY tableChanged)
  Q_PROPERTY(QStringList labelTexts READ labelTexts NOTIFY tableChanged)

 public:
  static constexpr float kArrowRadius = 0.8f;  // links are 0.45: the arrow sheathes them
  explicit DeadlockInstancing(QQuick3DObject* parent = nullptr);

  NetworkController* controller() const { return controller_; }
  void setController(NetworkController* controller);
  DeadlockLab* lab() const { return lab_; }
  void setLab(DeadlockLab* lab);
  bool empty() const { return buffers_.empty(); }
  int bufferCount() const { return static_cast<int>(buffers_.size()); }
  QList<int> channels() const { return channels_; }
  QList<QVector3D> labelPositions() const { return labelPositions_; }
  QStringList labelTexts() const { return labelTexts_; }
  // The buffers highlighted (the deadlock's cycle, in order).
  const std::vector<flit::DeadlockBuffer>& buffers() const { return buffers_; }

 signals:
  void controllerChanged();
  void labChanged();
  void tableChanged();

 private:
  void refresh();
  void build() override;

  QPointer<NetworkController> controller_;
  QPointer<DeadlockLab> lab_;
  std::vector<flit::DeadlockBuffer> buffers_;
  QList<int> channels_;
  QList<QVector3D> labelPositions_;
  QStringList labelTexts_;
};
