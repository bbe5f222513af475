// CircuitFlashInstancing: a fat-tree's discarded transmissions in the 3D
// view (issue 19: "a discarded attempt flashing where it was blocked";
// DeHon seed 004, section 2.1). Every discard of the frame's flit::CircuitView
// (the last flit::CircuitView::kFlashCycles cycles) is drawn as a box round the RN1
// that discarded it and a bar along the last part of the channel it came in
// on (for a failed output, that output), white when both outputs were busy,
// red when a fault lost it; both shrink as the discard ages (from half
// again the router's size to within it), so a discard seen at teaching
// speed fades over a few cycles. A discard inside a collapsed unit tree
// (SceneLayout::fatTree) is a spark on top of the tree's sphere.
// One instanced Model (LowPolyMesh.Prism); rebuilt when a frame brings new
// flashes. GUI thread only.
#pragma once

#include "view/circuit_view.h"
#include "network_controller.h"
#include "simulation_controller.h"
#include "row_instancing.h"

#include <QPointer>
#include <QQuick3DInstancing>
#include <QtQml/qqmlregistration.h>

#include <memory>

class CircuitFlashInstancing : public RowInstancing {
  Q_OBJECT
  QML_ELEMENT
  Q_PROPERTY(NetworkController* controller READ controller WRITE setController NOTIFY controllerChanged)
  Q_PROPERTY(flitgui::SimulationController* simulation READ simulation WRITE setSimulation NOTIFY simulationChanged)
  Q_PROPERTY(int flashCount READ flashCount NOTIFY flashesChanged)

 public:
  explicit CircuitFlashInstancing(QQuick3DObject* parent = nullptr);

  NetworkController* controller() const { return controller_; }
  void setController(NetworkController* controller);
  flitgui::SimulationController* simulation() const { return simulation_; }
  void setSimulation(flitgui::SimulationController* simulation);
  int flashCount() const { return view_ ? static_cast<int>(view_->flashes.size()) : 0; }

 signals:
  void controllerChanged();
  void simulationChanged();
  void flashesChanged();

 private:
  void onFrame();
  void build() override;

  QPointer<NetworkController> controller_;
  QPointer<flitgui::SimulationController> simulation_;
  std::shared_ptr<const flit::CircuitView> view_;
  std::uint64_t cycle_ = 0;
};
