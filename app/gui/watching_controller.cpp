#include "watching_controller.h"

#include "frame_consumer.h"
#include "watch_set.h"

namespace flitgui {

void WatchingController::setSimulation(SimulationController* simulation) {
  if (!attachFrames(this, simulation_, simulation, &WatchingController::onFrame, &WatchingController::postWatch))
    return;
  simulationReplaced();
  emit simulationChanged();
}

void WatchingController::setWatched(bool watched) {
  if (watched == watched_) return;
  watched_ = watched;
  postWatch();
  if (!watched_) forgetView();
  emit watchedChanged();
}

void WatchingController::postWatch() {
  if (simulation_) simulation_->updateWatch([this](WatchSet& w) { askFor(w); });
}

}  // namespace flitgui
