#include "watching_controller.h"

#include "frame_consumer.h"
#include "view/watch_set.h"

namespace flitgui {

void WatchingController::setSimulation(SimulationController* simulation) {
  if (!attachFrames(this, simulation_, simulation, &WatchingController::onFrame)) return;
  // A new simulation (another scenario, a lesson's) knows nothing of what was
  // asked, and what the old one answered (a view, an optimizer's result)
  // belongs to the old one.
  if (simulation_)
    connect(simulation_, &SimulationController::hasSimulationChanged, this, [this] {
      simulationReplaced();
      postWatch();
    });
  simulationReplaced();
  postWatch();
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
  if (simulation_) simulation_->updateWatch([this](flit::WatchSet& w) { askFor(w); });
}

}  // namespace flitgui
