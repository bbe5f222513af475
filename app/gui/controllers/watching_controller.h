// WatchingController: the base of the controllers whose panel asks the
// frames to carry something it pays for only while it looks (the watch set,
// watch_set.h): the synchronization panel (SyncController), the VC balance
// (VcBalanceController) and the deadlock lab (DeadlockLab). It holds what
// the three shared, once: the simulation it watches (re-pointed with
// frame_consumer.h's attachFrames), whether its panel looks, asking the
// worker again when either changes or a new simulation starts (which knows
// nothing of what was asked), and dropping the view when the panel closes.
// A subclass says which part of the watch set is its own (askFor), reads
// each frame (onFrame) and forgets its view (forgetView), and registers
// itself (FLITSCOPE_REGISTER_PANEL, panel_registry.h). GUI thread only.
#pragma once

#include "simulation_controller.h"

#include <QObject>
#include <QPointer>
#include <QtQml/qqmlregistration.h>

namespace flit {
struct WatchSet;
}

namespace flitgui {

class WatchingController : public QObject {
  Q_OBJECT
  QML_ANONYMOUS
  Q_PROPERTY(flitgui::SimulationController* simulation READ simulation WRITE setSimulation NOTIFY simulationChanged)
  // Whether its panel or overlay looks now: the frames carry its part only then.
  Q_PROPERTY(bool watched READ watched WRITE setWatched NOTIFY watchedChanged)

 public:
  SimulationController* simulation() const { return simulation_; }
  void setSimulation(SimulationController* simulation);
  bool watched() const { return watched_; }
  void setWatched(bool watched);

 signals:
  void simulationChanged();
  void watchedChanged();

 protected:
  explicit WatchingController(QObject* parent) : QObject(parent) {}
  // Posts the watch set with this controller's part as askFor sets it now
  // (also after a change to what it asks, such as the BSU).
  void postWatch();
  // Sets this controller's part of the watch set from watched() (and what
  // else it asks for).
  virtual void askFor(flit::WatchSet& watch) const = 0;
  // A frame came (SimulationController::currentFrame).
  virtual void onFrame() = 0;
  // The panel closed: drop the view the frames gave (announce the change).
  virtual void forgetView() = 0;
  // Another simulation is watched now, or a new one started in it (another
  // scenario): drop what the old one answered; the watch is posted again next.
  virtual void simulationReplaced() {}

  QPointer<SimulationController> simulation_;
  bool watched_ = false;
};

}  // namespace flitgui
