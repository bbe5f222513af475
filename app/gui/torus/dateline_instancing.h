// DatelineInstancing: marks the dateline node of every ring (issue 5; T3E
// paper section 3.2: a packet crossing the dateline switches from VC0 to VC1)
// with a thin grey ring around the node, perpendicular to the ring's
// dimension. The datelines are the running engine's (FrameSnapshot::
// datelines); the table is rebuilt only when they or the scenario change.
// datelineCrossings / datelineViolations are the engine's counts since reset.
#pragma once

#include "view/dateline_view.h"
#include "view/followed_packet.h"
#include "network_controller.h"
#include "simulation_controller.h"
#include "row_instancing.h"

#include <QPointer>
#include <QQuick3DInstancing>
#include <QtQml/qqmlregistration.h>

class DatelineInstancing : public RowInstancing {
  Q_OBJECT
  QML_ELEMENT
  Q_PROPERTY(NetworkController* controller READ controller WRITE setController NOTIFY controllerChanged)
  Q_PROPERTY(flitgui::SimulationController* simulation READ simulation WRITE setSimulation NOTIFY simulationChanged)
  Q_PROPERTY(int markerCount READ markerCount NOTIFY datelinesChanged)
  Q_PROPERTY(double crossings READ crossings NOTIFY countsChanged)
  Q_PROPERTY(double violations READ violations NOTIFY countsChanged)

 public:
  static constexpr QRgb kMarkerColor = 0xff9aa3b2;
  explicit DatelineInstancing(QQuick3DObject* parent = nullptr) : RowInstancing(parent) {}

  NetworkController* controller() const { return controller_; }
  void setController(NetworkController* controller);
  flitgui::SimulationController* simulation() const { return simulation_; }
  void setSimulation(flitgui::SimulationController* simulation);
  int markerCount() const { return publishedRows(); }
  double crossings() const { return static_cast<double>(view_.crossings); }
  double violations() const { return static_cast<double>(view_.violations); }
  // True when `node` is the dateline node of its ring in `dim` (for tests).
  bool isDatelineNode(int node, int dim) const;

 signals:
  void controllerChanged();
  void simulationChanged();
  void datelinesChanged();
  void countsChanged();

 private:
  void onFrame();
  void rebuild();

  QPointer<NetworkController> controller_;
  QPointer<flitgui::SimulationController> simulation_;
  flit::DatelineView view_;
};
