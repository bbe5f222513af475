// The plumbing every consumer of frames shares (issue 16: a new view of the
// engine should not cost the same eight steps again): re-pointing it at
// another SimulationController, and posting a command to the worker only when
// there is one. The watchers (synchronization, VC balance, deadlock lab) ask
// the worker for a view they pay for only while watched; a new simulation
// (another scenario) knows nothing of what they asked, so they ask again.
#pragma once

#include "simulation_controller.h"

#include <QPointer>

namespace flitgui {

// Drops `owner`'s connections to the controller in `slot`, stores `next` and
// connects its frameChanged to `onFrame` and, when given, its
// hasSimulationChanged to `rewatch`, which is then called once (the watch
// for `next`). False, doing nothing, when `next` is already in `slot`.
template <class Owner>
bool attachFrames(Owner* owner, QPointer<SimulationController>& slot, SimulationController* next,
                  void (Owner::*onFrame)(), void (Owner::*rewatch)() = nullptr) {
  if (next == slot) return false;
  if (slot) QObject::disconnect(slot, nullptr, owner, nullptr);
  slot = next;
  if (slot) {
    QObject::connect(slot, &SimulationController::frameChanged, owner, onFrame);
    if (rewatch) QObject::connect(slot, &SimulationController::hasSimulationChanged, owner, rewatch);
  }
  if (rewatch) (owner->*rewatch)();
  return true;
}

}  // namespace flitgui
