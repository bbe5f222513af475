// SimulationController: rewind (issue 16, "Record, replay, rewind"). The
// worker restores the state (SimulatorSource::rewind, checkpoints plus
// re-simulation); the scrubber binds to the timeline properties filled from
// the frames; a run on with later interventions recorded waits for the
// person's keep-or-discard answer.
#include "simulation_controller.h"

#include <algorithm>
#include <cmath>

namespace flitgui {

void SimulationController::rewindTo(double cycle) {
  if (!worker_ || std::isnan(cycle)) return;
  cancelRunOn();
  post(RewindCommand{static_cast<std::int64_t>(std::llround(cycle))});
  setRunning(false);
  laterChosen_ = false;
  setRewindUntil(commandsPosted_);
}

void SimulationController::stepBack(int cycles) {
  if (cycles <= 0) return;
  rewindTo(std::max(0.0, cycle() - cycles));
}

bool SimulationController::heldForKeepOrDiscard(SimCommand advance) {
  if (!worker_ || pendingInterventions_ == 0 || laterChosen_) return false;
  deferred_ = std::move(advance);
  emit askKeepOrDiscardChanged();
  return true;
}

void SimulationController::keepLaterInterventions() {
  laterChosen_ = true;
  releaseHeld();
}

void SimulationController::discardLaterInterventions() {
  post(DiscardLaterCommand{});
  laterChosen_ = true;
  releaseHeld();
}

void SimulationController::cancelRunOn() {
  if (!deferred_) return;
  deferred_.reset();
  emit askKeepOrDiscardChanged();
}

void SimulationController::releaseHeld() {
  if (!deferred_) return;
  SimCommand advance = std::move(*deferred_);
  deferred_.reset();
  emit askKeepOrDiscardChanged();
  if (std::holds_alternative<RunCommand>(advance)) setRunning(true);
  post(std::move(advance));
}

void SimulationController::setRewindUntil(std::uint64_t commands) {
  const bool was = rewindUntil_ > 0;
  rewindUntil_ = commands;
  if (was != (rewindUntil_ > 0)) emit rewindingChanged();
}

void SimulationController::setTimelineValues(const FrameSnapshot& frame) {
  if (rewindUntil_ > 0 && frame.commandsApplied >= rewindUntil_) setRewindUntil(0);
  const bool same = frame.timeline == timeline_ && frame.lastCycle == lastCycle_ &&
                    static_cast<int>(frame.pendingInterventions) == pendingInterventions_ &&
                    static_cast<double>(frame.checkpointBytes) == checkpointBytes_ &&
                    static_cast<double>(frame.checkpointBudgetBytes) == checkpointBudgetBytes_;
  if (same) return;
  timeline_ = frame.timeline;
  lastCycle_ = frame.lastCycle;
  pendingInterventions_ = static_cast<int>(frame.pendingInterventions);
  checkpointBytes_ = static_cast<double>(frame.checkpointBytes);
  checkpointBudgetBytes_ = static_cast<double>(frame.checkpointBudgetBytes);
  interventionCycles_.clear();
  interventionTexts_.clear();
  interventionPending_.clear();
  if (timeline_) {
    for (const TimelineMark& m : *timeline_) {
      interventionCycles_ << static_cast<double>(m.cycle);
      interventionTexts_ << QString::fromStdString(m.text);
      interventionPending_ << m.pending;
    }
  }
  if (pendingInterventions_ == 0) laterChosen_ = false;
  emit timelineChanged();
}

}  // namespace flitgui
