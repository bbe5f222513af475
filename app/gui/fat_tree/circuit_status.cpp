#include "fat_tree/circuit_status.h"

namespace flitgui {

void CircuitStatus::setSimulation(SimulationController* simulation) {
  if (simulation == simulation_) return;
  if (simulation_) disconnect(simulation_, nullptr, this, nullptr);
  simulation_ = simulation;
  if (simulation_) connect(simulation_, &SimulationController::frameChanged, this, &CircuitStatus::onFrame);
  emit simulationChanged();
  onFrame();
}

void CircuitStatus::onFrame() {
  const FramePtr frame = simulation_ ? simulation_->currentFrame() : nullptr;
  std::shared_ptr<const flit::CircuitView> view = frame && frame->circuits ? frame->circuits->view : nullptr;
  if (view == view_) return;
  view_ = std::move(view);
  emit countersChanged();
}

}  // namespace flitgui
