// SimulatorSource: rewind (issue 16, "Record, replay, rewind"). The run goes
// through a flit::CheckpointStore; a rewind restores the engine's state, then
// what the app keeps beside it (the person's changes for reset() and Save,
// the windowed views) is set to match that cycle.
#include "torus/simulator_source.h"

#include <algorithm>

namespace flitgui {

void SimulatorSource::rewind(std::int64_t cycle) {
  checkpoints_->rewind(*sim_, cycle);  // std::invalid_argument naming the cycle; nothing changed then
  // The changes in force at that cycle: the machine as built plus those applied before it.
  config_ = built_;
  lutEdits_ = builtLutEdits_;
  const auto& log = checkpoints_->interventions();
  for (std::size_t k = 0; k < checkpoints_->appliedCount(); ++k) noteInConfig(log[k]);
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

void SimulatorSource::noteInConfig(const flit::Intervention& i) {
  using K = flit::InterventionKind;
  // reset() keeps the machine as the person left it (the Simulator's
  // constructor applies failedLinks, failedNodes and hotSpares).
  auto include = [](auto& ids, auto id, bool in) {
    const auto it = std::find(ids.begin(), ids.end(), id);
    if (in && it == ids.end()) ids.push_back(id);
    if (!in && it != ids.end()) ids.erase(it);
  };
  switch (i.kind) {
    case K::FailLink: include(config_.failedLinks, i.id, true); break;
    case K::RepairLink: include(config_.failedLinks, i.id, false); break;
    case K::FailNode: include(config_.failedNodes, i.id, true); break;
    case K::RepairNode: include(config_.failedNodes, i.id, false); break;
    case K::SetHotSpare: include(config_.hotSpares, i.id, i.on); break;
    case K::SetRate: config_.traffic.rateFlitsPerNodeCycle = i.rateFlitsPerNodeCycle; break;
    case K::SetPattern: config_.traffic.pattern = i.pattern; break;
    case K::SetAdaptive: config_.router.adaptiveRouting = i.on; break;
    case K::SetArbiter: config_.router.arbiter = i.arbiter; break;
    case K::SetAgeConfig: config_.router.age = i.age; break;
    case K::SetLutEntry: lutEdits_[{i.id, i.lutIndex}] = i.tag; break;
    case K::RestoreLutEntry: lutEdits_.erase({i.id, i.lutIndex}); break;
    case K::Barrier:  // events of the run, not settings of the machine
    case K::Eureka:
    case K::EurekaBarrier: break;
    case K::SetVcRule: config_.routing.vcRule = i.vcRule; break;
    case K::SetVcTables: config_.routing.setVcTables(i.vcTables ? *i.vcTables : flit::VcTablesConfig{}); break;
  }
}

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
