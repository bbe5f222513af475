// CircuitSource: rewind of a fat-tree run (circuit_source.h). The log of the
// window's changes and the deterministic circuit simulator are the whole
// record: a rewind re-simulates from the run's cycle 0.
#include "circuit_source.h"

#include <algorithm>
#include <sstream>
#include <stdexcept>
#include <string>

namespace flitgui {

void CircuitSource::apply(const Change& c) {
  switch (c.kind) {
    case Change::Kind::FailRouter:
      faults_.routerFailed[c.id] = 1;
      sim_->failRouter(c.id);
      break;
    case Change::Kind::RepairRouter:
      faults_.routerFailed[c.id] = 0;
      sim_->repairRouter(c.id);
      break;
    case Change::Kind::FailChannel:
      faults_.channelFailed[c.id] = 1;
      sim_->failChannel(c.id);
      break;
    case Change::Kind::RepairChannel:
      faults_.channelFailed[c.id] = 0;
      sim_->repairChannel(c.id);
      break;
    case Change::Kind::SetRate:
      rate_ = c.rate;
      sim_->setRate(c.rate);
      break;
  }
}

// As the torus's CheckpointStore::apply: in force now, logged at this cycle
// ahead of the pending ones, and the recorded run ends here.
void CircuitSource::record(Change c) {
  c.cycle = sim_->cycle();
  apply(c);
  log_.insert(log_.begin() + static_cast<std::ptrdiff_t>(applied_), c);
  ++applied_;
  lastCycle_ = c.cycle;
  intervalChanges_.push_back(c.cycle);
}

void CircuitSource::applyDue() {
  while (applied_ < log_.size() && log_[applied_].cycle <= sim_->cycle()) {
    apply(log_[applied_++]);
    intervalChanges_.push_back(sim_->cycle());
  }
}

void CircuitSource::rewind(std::int64_t cycle) {
  if (cycle < 0) throw std::invalid_argument("rewind: cycle must be >= 0, got " + std::to_string(cycle));
  const auto target = static_cast<std::uint64_t>(cycle);
  const std::uint64_t last = std::max(lastCycle_, sim_->cycle());
  if (target > last)
    throw std::invalid_argument("rewind: cycle " + std::to_string(target) + " is beyond the last cycle run (" +
                                std::to_string(last) + ")");
  if (target == sim_->cycle()) return;
  followed_ = -1;  // the message may not exist yet at that cycle
  follow_ = {};
  if (target < sim_->cycle()) {  // back: the run again from its cycle 0
    faults_ = baseFaults_;
    rate_ = baseRate_;
    applied_ = 0;
    restart();
  }
  // The state at `target` is the one before the changes stamped with it
  // (step(): the due changes, the cycle, the flashes kept to their window).
  while (sim_->cycle() < target) step();
  lastCycle_ = last;
  flashes_.clear();
  intervalChanges_.clear();
  last_ = sim_->stats();
  lastSampleCycle_ = sim_->cycle();
}

void CircuitSource::discardLaterInterventions() {
  log_.resize(applied_);
  lastCycle_ = sim_->cycle();
}

std::string CircuitSource::describe(const Change& c) {
  std::ostringstream out;
  out << "cycle " << c.cycle << ' ';
  switch (c.kind) {
    case Change::Kind::FailRouter: out << "failRouter " << c.id; break;
    case Change::Kind::RepairRouter: out << "repairRouter " << c.id; break;
    case Change::Kind::FailChannel: out << "failChannel " << c.id; break;
    case Change::Kind::RepairChannel: out << "repairChannel " << c.id; break;
    case Change::Kind::SetRate: out << "setRate " << c.rate; break;
  }
  return out.str();
}

}  // namespace flitgui
