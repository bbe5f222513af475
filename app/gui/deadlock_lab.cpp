#include "deadlock_lab.h"

void DeadlockLab::setSimulation(flitgui::SimulationController* simulation) {
  if (simulation == simulation_) return;
  if (simulation_) disconnect(simulation_, nullptr, this, nullptr);
  simulation_ = simulation;
  if (simulation_) {
    connect(simulation_, &flitgui::SimulationController::frameChanged, this, &DeadlockLab::onFrame);
    // A new simulation (another scenario) knows nothing of what we asked.
    connect(simulation_, &flitgui::SimulationController::hasSimulationChanged, this, &DeadlockLab::postWatch);
  }
  postWatch();
  onFrame();
  emit simulationChanged();
}

void DeadlockLab::setWatched(bool watched) {
  if (watched == watched_) return;
  watched_ = watched;
  postWatch();
  if (!watched_ && lab_) {
    lab_.reset();
    emit labChanged();
  }
  emit watchedChanged();
}

void DeadlockLab::postWatch() {
  if (simulation_ && simulation_->hasSimulation()) simulation_->postCommand(flitgui::WatchLabCommand{watched_});
}

void DeadlockLab::onFrame() {
  const flitgui::FramePtr frame = simulation_ ? simulation_->currentFrame() : nullptr;
  const auto lab = frame && watched_ ? frame->lab : nullptr;
  if (lab != lab_) {
    lab_ = lab;
    emit labChanged();
  }
  const auto deadlock = frame ? frame->deadlock : nullptr;
  if (deadlock != deadlock_) {
    deadlock_ = deadlock;
    emit deadlockChanged();
  }
}

QList<int> DeadlockLab::deadlockPackets() const {
  QList<int> out;
  if (!deadlock_) return out;
  for (const flitgui::DeadlockBuffer& b : deadlock_->cycle)
    if (!out.contains(b.packet)) out.append(b.packet);
  return out;
}
