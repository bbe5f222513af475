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
    simulation_->postCommand(flitgui::FollowPacketCommand{serial_});
  }
  emit followingChanged();
  emit followedChanged();
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

QString FollowController::stateText() const {
  if (serial_ < 0) return {};
  if (!answer_) return tr("waiting for the engine");
  switch (answer_->state) {
    case flitgui::FollowedPacket::State::InFlight: return tr("in flight");
    case flitgui::FollowedPacket::State::Delivered:
      return tr("delivered at cycle %1").arg(answer_->endedCycle);
    case flitgui::FollowedPacket::State::Dropped: return tr("dropped at cycle %1").arg(answer_->endedCycle);
    case flitgui::FollowedPacket::State::Unknown: break;
  }
  return tr("not in flight");
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
  if (!answer_) return {};
  if (answer_->state == flitgui::FollowedPacket::State::Delivered || answer_->state == flitgui::FollowedPacket::State::Dropped)
    return tr("%1 hops taken").arg(answer_->travelled.size());
  if (answer_->state != flitgui::FollowedPacket::State::InFlight) return {};
  if (!answer_->onRoute) return tr("off its deterministic route (adaptive detour)");
  return tr("%1 hops to go (%2)").arg(answer_->remaining.size()).arg(QString::fromStdString(answer_->routeOutcome));
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
