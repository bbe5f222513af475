// CircuitSource: changes, rewind and the recording of a fat-tree run
// (circuit_source.h). The run goes through a CircuitCheckpointStore; a
// rewind restores the engine's state, then what the window watches beside
// it (flashes, the followed message, the inspected RN1's discards) starts
// again from that cycle.
#include "fat_tree/circuit_source.h"

#include <string>

namespace flitgui {

// As the torus's: in force now, logged at this cycle ahead of the pending
// ones, and the recorded run ends here.
void CircuitSource::change(flit::fattree::CircuitChangeKind kind, std::uint32_t id, double rate) {
  flit::fattree::CircuitChange c;
  c.kind = kind;
  c.id = id;
  c.rate = rate;
  store_->apply(*sim_, c);  // std::out_of_range for an id outside the network; nothing logged then
  intervals_.noteChange(sim_->cycle());
}

void CircuitSource::rewind(std::int64_t cycle) {
  store_->rewind(*sim_, cycle);  // std::invalid_argument naming the cycle; nothing changed then
  followed_ = -1;  // the message may not exist yet at that cycle
  clearWatched();
  intervals_.restart(*sim_);
}

void CircuitSource::discardLaterInterventions() { store_->discardPending(*sim_); }

void CircuitSource::fillTimeline(FrameSnapshot& frame) const {
  frame.lastCycle = store_->lastCycle(*sim_);  // the scrubber's range
  frame.checkpointBytes = store_->bytesUsed();
  frame.checkpointBudgetBytes = store_->budgetBytes();
  std::vector<TimelineMark> marks;
  for (const auto& [c, pending] : store_->timeline(*sim_))
    marks.push_back(TimelineMark{c.cycle, flit::fattree::describeCircuitChange(c), pending});
  frame.pendingInterventions = store_->pending().size();
  if (!timeline_ || *timeline_ != marks) timeline_ = std::make_shared<const std::vector<TimelineMark>>(std::move(marks));
  frame.timeline = timeline_;
}

flit::fattree::CircuitRecording CircuitSource::recording() const {
  return flit::fattree::recordCircuitRun(runScenario_, *sim_, 0);
}

LiveScenario CircuitSource::liveScenario() const {
  LiveScenario s;
  s.circuitRecording = recording();
  return s;
}

}  // namespace flitgui
