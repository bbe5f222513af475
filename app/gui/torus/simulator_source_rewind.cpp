// SimulatorSource: rewind (issue 16, "Record, replay, rewind"). The run goes
// through a flit::CheckpointStore; a rewind restores the engine's state, then
// what the app keeps beside it (the person's changes for reset() and Save,
// the windowed views) is set to match that cycle.
#include "torus/simulator_source.h"

namespace flitgui {

void SimulatorSource::rewind(std::int64_t cycle) {
  checkpoints_->rewind(*sim_, cycle);  // std::invalid_argument naming the cycle; nothing changed then
  // The changes in force at that cycle: the machine as built plus those applied before it.
  standing_ = built_;
  const auto& log = checkpoints_->interventions();
  for (std::size_t k = 0; k < checkpoints_->appliedCount(); ++k) standing_.note(log[k]);
  // The windowed views start again from the restored cycle.
  arbiterSwitch_.reset();
  fingerprint_ = {};
  intervals_.clear();
  (void)intervals_.take(*sim_);
  linkLoad_.clear();
  recent_.clear();
  followed_ = -1;  // the packet may not exist yet at that cycle
  follow_ = {};
  takeInspectedBase();
}

void SimulatorSource::discardLaterInterventions() { checkpoints_->discardPending(*sim_); }

void SimulatorSource::fillTimeline(FrameSnapshot& frame) const {
  frame.lastCycle = checkpoints_->lastCycle(*sim_);
  frame.checkpointBytes = checkpoints_->bytesUsed();
  frame.checkpointBudgetBytes = checkpoints_->budgetBytes();
  std::vector<TimelineMark> marks;
  for (const auto& [i, pending] : checkpoints_->timeline(*sim_)) {
    marks.push_back(TimelineMark{i.cycle, flit::describeIntervention(i, sim_->topology()), pending});
  }
  frame.pendingInterventions = checkpoints_->pending().size();
  if (!timeline_ || *timeline_ != marks) timeline_ = std::make_shared<const std::vector<TimelineMark>>(std::move(marks));
  frame.timeline = timeline_;
}

}  // namespace flitgui
