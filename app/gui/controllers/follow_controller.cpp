#include "follow_controller.h"

#include "routing/routing_tag.h"

void FollowController::setController(NetworkController* controller) {
  if (controller == controller_) return;
  if (controller_) disconnect(controller_, nullptr, this, nullptr);
  controller_ = controller;
  if (controller_) connect(controller_, &NetworkController::scenarioChanged, this, &FollowController::stop);
  emit controllerChanged();
}

void FollowController::setSimulation(flitgui::SimulationController* simulation) {
  if (simulation == simulation_) return;
  if (simulation_) disconnect(simulation_, nullptr, this, nullptr);
  simulation_ = simulation;
  if (simulation_) connect(simulation_, &flitgui::SimulationController::frameChanged, this, &FollowController::onFrame);
  emit simulationChanged();
}

void FollowController::follow(int serial) {
  const int next = serial < 0 ? -1 : serial;
  if (next == serial_) return;
  serial_ = next;
  answer_.reset();
  if (simulation_ && simulation_->hasSimulation()) {
    if (const flitgui::FramePtr f = simulation_->currentFrame()) resetGeneration_ = f->resetGeneration;
    simulation_->updateWatch([this](flit::WatchSet& w) { w.followedPacket = serial_; });
  }
  emit followingChanged();
  emit followedChanged();
}

void FollowController::followAgain() {
  const int serial = serial_;
  if (serial < 0) return;
  serial_ = -1;  // follow() posts only a change
  follow(serial);
}

void FollowController::onFrame() {
  const flitgui::FramePtr frame = simulation_ ? simulation_->currentFrame() : nullptr;
  if (!frame || serial_ < 0) return;
  if (frame->resetGeneration != resetGeneration_) {  // a reset ends following (serials restart)
    serial_ = -1;
    answer_.reset();
    emit followingChanged();
    emit followedChanged();
    return;
  }
  // Frames built before the command applied still answer for no (or another) packet.
  if (!frame->followed || frame->followed->serial != serial_ || frame->followed == answer_) return;
  answer_ = frame->followed;
  emit followedChanged();
}

QString FollowController::nodeText(flit::NodeId node) const {
  if (!controller_ || node < 0 || node >= controller_->nodeCount()) return {};
  return controller_->describeNode(node);
}

QString FollowController::sourceText() const { return answer_ ? nodeText(answer_->source) : QString(); }
QString FollowController::destinationText() const { return answer_ ? nodeText(answer_->destination) : QString(); }

QString FollowController::currentText() const {
  if (!answer_ || answer_->current < 0) return {};
  return answer_->headOnLink ? tr("leaving %1").arg(nodeText(answer_->current)) : nodeText(answer_->current);
}

bool FollowController::delivered() const {
  return answer_ && !answer_->circuit && answer_->state == flit::FollowedPacket::State::Delivered;
}

bool FollowController::followOldest() {
  const flitgui::FramePtr frame = simulation_ ? simulation_->currentFrame() : nullptr;
  if (!frame) return false;
  int oldest = -1;
  for (const flitgui::FlitVisual& f : frame->flits)
    if ((f.flags & flitgui::kFlitHead) && f.channel != flit::kInvalidId && (oldest < 0 || f.packet < oldest)) oldest = f.packet;
  if (oldest < 0) return false;
  follow(oldest);
  return true;
}

QString FollowController::stateText() const {
  if (serial_ < 0) return {};
  if (!answer_) return tr("waiting for the engine");
  if (answer_->circuit) return circuitStateText();
  switch (answer_->state) {
    case flit::FollowedPacket::State::InFlight: return tr("in flight");
    case flit::FollowedPacket::State::Delivered:
      return tr("delivered at cycle %1").arg(answer_->endedCycle);
    case flit::FollowedPacket::State::Dropped: return tr("dropped at cycle %1").arg(answer_->endedCycle);
    case flit::FollowedPacket::State::Unknown: break;
  }
  return tr("not in flight");
}

QString FollowController::circuitStateText() const {
  using State = flit::FollowedPacket::State;
  using Outcome = flit::CircuitAttempt::Outcome;
  const flit::FollowedPacket& f = *answer_;
  const int attempts = f.attempts.empty() ? f.attemptsBeforeFollowing : f.attempts.back().number;
  switch (f.state) {
    case State::Unknown: return tr("waiting for the endpoint's next message");
    case State::Delivered: return tr("delivered at cycle %1, on attempt %2").arg(f.endedCycle).arg(attempts);
    case State::Dropped:
      return tr("given up at cycle %1 after attempt %2 (the retry limit)").arg(f.endedCycle).arg(attempts);
    case State::InFlight: break;
  }
  if (f.attempts.empty()) return tr("waiting to send");
  const flit::CircuitAttempt& a = f.attempts.back();
  switch (a.outcome) {
    case Outcome::InNetwork: return tr("attempt %1: setting up the circuit").arg(a.number);
    case Outcome::Arrived: return tr("attempt %1: connected; the status is on its way back").arg(a.number);
    case Outcome::Delivered: return tr("attempt %1: delivered").arg(a.number);
    case Outcome::Busy:
    case Outcome::Fault:
    case Outcome::Discarded:
      return a.endCycle ? tr("backing off after attempt %1; it will retry").arg(a.number)
                        : tr("attempt %1 discarded; the sender learns it when its last byte reaches the block").arg(a.number);
  }
  return {};
}

QStringList FollowController::attemptLines() const {
  QStringList lines;
  if (!answer_ || !answer_->circuit) return lines;
  using Outcome = flit::CircuitAttempt::Outcome;
  if (answer_->attemptsBeforeFollowing > 0)
    lines << (answer_->attemptsBeforeFollowing == 1 ? tr("attempt 1: before following began")
                                                : tr("attempts 1 to %1: before following began").arg(answer_->attemptsBeforeFollowing));
  for (const flit::CircuitAttempt& a : answer_->attempts) {
    QString what;
    switch (a.outcome) {
      case Outcome::InNetwork: what = tr("in the network; RN1s crossed: %1").arg(a.hops); break;
      case Outcome::Arrived: what = tr("reached the destination; RN1s crossed: %1").arg(a.hops); break;
      case Outcome::Delivered: what = tr("delivered; RN1s crossed: %1").arg(a.hops); break;
      case Outcome::Busy: what = tr("discarded at %1: both outputs busy").arg(nodeText(a.at)); break;
      case Outcome::Fault: what = tr("lost at %1: a failed router or channel").arg(nodeText(a.at)); break;
      case Outcome::Discarded: what = tr("discarded after %1 (before following began)").arg(nodeText(a.at)); break;
    }
    lines << tr("attempt %1, cycle %2: %3").arg(a.number).arg(a.startCycle).arg(what);
  }
  return lines;
}

QList<bool> FollowController::attemptDiscarded() const {
  QList<bool> out;
  if (!answer_ || !answer_->circuit) return out;
  if (answer_->attemptsBeforeFollowing > 0) out << false;
  for (const flit::CircuitAttempt& a : answer_->attempts)
    out << (a.outcome == flit::CircuitAttempt::Outcome::Busy || a.outcome == flit::CircuitAttempt::Outcome::Fault ||
            a.outcome == flit::CircuitAttempt::Outcome::Discarded);
  return out;
}

QString FollowController::tagHex() const {
  if (!answer_ || !answer_->directionOrder) return {};
  return QString::fromStdString(flit::formatTagHex(answer_->tag));
}

QString FollowController::tagFields() const {
  if (!answer_ || !answer_->directionOrder) return {};
  return QString::fromStdString(flit::formatTagFields(answer_->tag));
}

QString FollowController::routeText() const {
  if (!answer_ || answer_->circuit) return {};
  if (answer_->state == flit::FollowedPacket::State::Delivered || answer_->state == flit::FollowedPacket::State::Dropped)
    return tr("%1 hops taken").arg(answer_->travelled.size());
  if (answer_->state != flit::FollowedPacket::State::InFlight) return {};
  if (!answer_->onRoute) return tr("off its deterministic route (adaptive detour)");
  // In flight with no hop left: its head is at the destination, leaving by
  // the processor port (not yet "delivered": that is the tail's arrival).
  const auto hops = static_cast<int>(answer_->remaining.size());
  const QString toGo = hops == 1 ? tr("1 hop to go") : tr("%1 hops to go").arg(hops);
  switch (answer_->routeOutcome) {
    case flit::PathOutcome::Delivered:
      if (hops == 0) return tr("at its destination, leaving the network");
      // A relayed pair (docs/fault-tolerance.md, "Two legs through a relay node").
      if (answer_->relay >= 0)
        return tr("%1, in two legs: out of the network at %2 and in again").arg(toGo, nodeText(answer_->relay));
      return toGo;
    case flit::PathOutcome::FailedLink: return tr("%1, then a failed link blocks its route").arg(toGo);
    case flit::PathOutcome::LeftTopology: return tr("%1, then its route leaves the machine (misroute)").arg(toGo);
    case flit::PathOutcome::WrongNode: return tr("%1, then it reaches the wrong node (misroute)").arg(toGo);
    case flit::PathOutcome::Loop: return tr("its route loops and never ends");
  }
  return {};
}

QList<int> FollowController::travelledChannels() const {
  return answer_ ? QList<int>(answer_->travelled.begin(), answer_->travelled.end()) : QList<int>();
}

QList<int> FollowController::remainingChannels() const {
  return answer_ ? QList<int>(answer_->remaining.begin(), answer_->remaining.end()) : QList<int>();
}

QList<int> FollowController::endNodes() const {
  if (!answer_) return {};
  return {answer_->source, answer_->destination};
}
