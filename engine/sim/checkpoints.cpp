// CheckpointStore (sim/checkpoints.h): checkpoints are Simulator copies;
// rewind is the nearest one plus deterministic re-simulation.
#include "sim/checkpoints.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace flit {

CheckpointStore::CheckpointStore(const Simulator& sim, CheckpointPolicy policy)
    : base_(sim.config()), policy_(policy), interval_(policy.intervalCycles) {
  if (policy.intervalCycles < 1) {
    throw std::invalid_argument("checkpoints: intervalCycles must be >= 1, got 0");
  }
  if (sim.cycle() != 0 || !sim.applied().empty()) {
    throw std::invalid_argument("checkpoints: sim must be at cycle 0 with nothing applied, got cycle " +
                                std::to_string(sim.cycle()));
  }
}

void CheckpointStore::apply(Simulator& sim, const Intervention& i) {
  sim.apply(i);
  log_.insert(log_.begin() + static_cast<std::ptrdiff_t>(next_), sim.applied().back());
  ++next_;
  dropAfter(sim.cycle());
  lastCycle_ = sim.cycle();
}

// A checkpoint is taken right after the cycle that reaches it, so it holds
// the state before anything applied at that cycle boundary.
bool CheckpointStore::step(Simulator& sim) {
  while (next_ < log_.size() && log_[next_].cycle <= sim.cycle()) sim.apply(log_[next_++]);
  if (!sim.step()) return false;
  const std::uint64_t now = sim.cycle();
  lastCycle_ = std::max(lastCycle_, now);
  if (now % interval_ == 0 && (checkpoints_.empty() || checkpoints_.back().cycle < now)) {
    capture(sim);
  }
  return true;
}

std::uint64_t CheckpointStore::run(Simulator& sim, std::uint64_t cycles) {
  std::uint64_t done = 0;
  while (done < cycles && step(sim)) ++done;
  return done;
}

void CheckpointStore::rewind(Simulator& sim, std::int64_t cycle) {
  if (cycle < 0) {
    throw std::invalid_argument("rewind: cycle must be >= 0, got " + std::to_string(cycle));
  }
  const auto target = static_cast<std::uint64_t>(cycle);
  const std::uint64_t last = lastCycle(sim);
  if (target > last) {
    throw std::invalid_argument("rewind: cycle " + std::to_string(target) +
                                " is beyond the last cycle run (" + std::to_string(last) + ")");
  }
  if (target == sim.cycle()) return;
  // Forward within the recorded run: from here, unless a checkpoint is closer.
  const Checkpoint* from = nearestAtOrBefore(target);
  const bool fromHere = sim.cycle() < target && (!from || from->cycle <= sim.cycle());
  if (!fromHere) {
    if (from) {
      sim = from->state;  // keeps sim's observer (ObserverSlot)
    } else {
      sim = Simulator(base_);
    }
    const auto firstAhead = std::find_if(log_.begin(), log_.end(), [&](const Intervention& i) {
      return i.cycle >= sim.cycle();
    });
    next_ = static_cast<std::size_t>(firstAhead - log_.begin());
  }
  SimObserver* observer = sim.observer();
  sim.setObserver(nullptr);
  while (sim.cycle() < target && step(sim)) {
  }
  sim.setObserver(observer);
}

std::uint64_t CheckpointStore::lastCycle(const Simulator& sim) const {
  return std::max(lastCycle_, sim.cycle());
}

std::vector<Intervention> CheckpointStore::pending() const {
  return {log_.begin() + static_cast<std::ptrdiff_t>(next_), log_.end()};
}

void CheckpointStore::discardPending(const Simulator& sim) {
  log_.resize(next_);
  dropAfter(sim.cycle());
  lastCycle_ = sim.cycle();
}

std::vector<CheckpointStore::TimelineEntry> CheckpointStore::timeline(const Simulator& sim) const {
  std::vector<TimelineEntry> all;
  for (const Intervention& i : sim.applied()) all.push_back({i, false});
  for (const Intervention& i : sim.config().timeline) {
    if (i.cycle >= sim.cycle()) all.push_back({i, false});  // entries before it are in applied()
  }
  for (std::size_t k = next_; k < log_.size(); ++k) all.push_back({log_[k], true});
  std::stable_sort(all.begin(), all.end(), [](const TimelineEntry& a, const TimelineEntry& b) {
    return a.intervention.cycle < b.intervention.cycle;
  });
  return all;
}

std::vector<std::uint64_t> CheckpointStore::checkpointCycles() const {
  std::vector<std::uint64_t> cycles;
  for (const Checkpoint& c : checkpoints_) cycles.push_back(c.cycle);
  return cycles;
}

void CheckpointStore::capture(const Simulator& sim) {
  const std::size_t bytes = sim.memoryBytes();
  if (bytes > policy_.budgetBytes) return;  // not even one fits: rewinds start from the base
  while (bytes_ + bytes > policy_.budgetBytes && !checkpoints_.empty()) thin();
  if (sim.cycle() % interval_ != 0) return;  // the spacing grew past this cycle
  checkpoints_.push_back(Checkpoint{sim.cycle(), bytes, sim});
  bytes_ += bytes;
}

// Every second checkpoint goes (those off the doubled spacing).
void CheckpointStore::thin() {
  interval_ *= 2;
  std::erase_if(checkpoints_, [&](const Checkpoint& c) { return c.cycle % interval_ != 0; });
  bytes_ = 0;
  for (const Checkpoint& c : checkpoints_) bytes_ += c.bytes;
}

void CheckpointStore::dropAfter(std::uint64_t cycle) {
  std::erase_if(checkpoints_, [&](const Checkpoint& c) { return c.cycle > cycle; });
  bytes_ = 0;
  for (const Checkpoint& c : checkpoints_) bytes_ += c.bytes;
}

const CheckpointStore::Checkpoint* CheckpointStore::nearestAtOrBefore(std::uint64_t cycle) const {
  const Checkpoint* best = nullptr;
  for (const Checkpoint& c : checkpoints_) {
    if (c.cycle <= cycle) best = &c;
  }
  return best;
}

}  // namespace flit
