// CircuitRun: changes, rewind and the recording of a fat-tree run
// (view/circuit_run.h). The run goes through a CircuitCheckpointStore; a
// rewind restores the engine's state, then what the window watches beside
// it (flashes, the followed message, the inspected RN1's discards) starts
// again from that cycle.
#include "view/circuit_run.h"

#include <string>

namespace flit {

// As the torus's: in force now, logged at this cycle ahead of the pending
// ones, and the recorded run ends here.
void CircuitRun::change(fattree::CircuitChangeKind kind, std::uint32_t id, double rate) {
  fattree::CircuitChange c;
  c.kind = kind;
  c.id = id;
  c.rate = rate;
  store_->apply(*sim_, c);  // std::out_of_range for an id outside the network; nothing logged then
  intervals_.noteChange(sim_->cycle());
}

void CircuitRun::rewind(std::int64_t cycle) {
  store_->rewind(*sim_, cycle);  // std::invalid_argument naming the cycle; nothing changed then
  followed_ = -1;  // the message may not exist yet at that cycle
  clearWatched();
  intervals_.restart(*sim_);
}

void CircuitRun::discardLaterInterventions() { store_->discardPending(*sim_); }

void CircuitRun::fillTimeline(Frame& frame) const {
  frame.lastCycle = store_->lastCycle(*sim_);  // the scrubber's range
  frame.checkpointBytes = store_->bytesUsed();
  frame.checkpointBudgetBytes = store_->budgetBytes();
  std::vector<TimelineMark> marks;
  for (const auto& [c, pending] : store_->timeline(*sim_))
    marks.push_back(TimelineMark{c.cycle, fattree::describeCircuitChange(c), pending});
  frame.pendingInterventions = store_->pending().size();
  if (!timeline_ || *timeline_ != marks) timeline_ = std::make_shared<const std::vector<TimelineMark>>(std::move(marks));
  frame.timeline = timeline_;
}

fattree::CircuitRecording CircuitRun::recording() const {
  return fattree::recordCircuitRun(runScenario_, *sim_, 0);
}

}  // namespace flit
