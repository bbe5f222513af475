// CircuitStatus: a fat-tree's circuit counters for QML (issue 19: "retries
// counted on screen"; CircuitHud.qml), from every frame's flit::CircuitView
// (circuit_data.h): messages delivered and given up; retries started;
// discards (busy, fault); attempts in the network and senders backing off
// now; first-attempt success and attempts per message since the reset.
// `active` is false for a torus.
// GUI thread only; formats nothing the engine did not count.
#pragma once

#include "view/circuit_view.h"
#include "simulation_controller.h"

#include <QObject>
#include <QPointer>
#include <QtQml/qqmlregistration.h>

#include <memory>

namespace flitgui {

class CircuitStatus : public QObject {
  Q_OBJECT
  QML_ELEMENT
  Q_PROPERTY(flitgui::SimulationController* simulation READ simulation WRITE setSimulation NOTIFY simulationChanged)
  Q_PROPERTY(bool active READ active NOTIFY countersChanged)
  Q_PROPERTY(double messagesDelivered READ messagesDelivered NOTIFY countersChanged)
  Q_PROPERTY(double messagesGivenUp READ messagesGivenUp NOTIFY countersChanged)
  Q_PROPERTY(double retriesStarted READ retriesStarted NOTIFY countersChanged)
  Q_PROPERTY(double blockedBusy READ blockedBusy NOTIFY countersChanged)
  Q_PROPERTY(double blockedFault READ blockedFault NOTIFY countersChanged)
  Q_PROPERTY(double attemptsInNetwork READ attemptsInNetwork NOTIFY countersChanged)
  Q_PROPERTY(double sendersBackingOff READ sendersBackingOff NOTIFY countersChanged)
  Q_PROPERTY(double firstAttemptSuccess READ firstAttemptSuccess NOTIFY countersChanged)
  Q_PROPERTY(double attemptsPerMessage READ attemptsPerMessage NOTIFY countersChanged)

 public:
  explicit CircuitStatus(QObject* parent = nullptr) : QObject(parent) {}

  SimulationController* simulation() const { return simulation_; }
  void setSimulation(SimulationController* simulation);
  bool active() const { return view_ != nullptr; }
  double messagesDelivered() const { return count(&flit::CircuitCounters::messagesDelivered); }
  double messagesGivenUp() const { return count(&flit::CircuitCounters::messagesGivenUp); }
  double retriesStarted() const { return count(&flit::CircuitCounters::retriesStarted); }
  double blockedBusy() const { return count(&flit::CircuitCounters::blockedBusy); }
  double blockedFault() const { return count(&flit::CircuitCounters::blockedFault); }
  double attemptsInNetwork() const { return count(&flit::CircuitCounters::attemptsInNetwork); }
  double sendersBackingOff() const { return count(&flit::CircuitCounters::sendersBackingOff); }
  double firstAttemptSuccess() const { return view_ ? view_->counters.firstAttemptSuccess : 0.0; }
  double attemptsPerMessage() const { return view_ ? view_->counters.attemptsPerMessage : 0.0; }

 signals:
  void simulationChanged();
  void countersChanged();

 private:
  void onFrame();
  double count(std::uint64_t flit::CircuitCounters::*field) const {
    return view_ ? static_cast<double>(view_->counters.*field) : 0.0;
  }

  QPointer<SimulationController> simulation_;
  std::shared_ptr<const flit::CircuitView> view_;
};

}  // namespace flitgui
