// BasicCheckpointStore<Sim>: rewind for any running simulator whose state is
// a value (issue 16, "Record, replay, rewind"; docs/engine.md "Checkpoints
// and rewind"). One rule for both families: the torus's packet Simulator
// (sim/checkpoints.h: CheckpointStore) and the fat-tree's CircuitSimulator
// (fattree/circuit_checkpoints.h: CircuitCheckpointStore).
//
// A checkpoint is a copy of the simulator (its observer is not part of it).
// The store takes one every intervalCycles() cycles while it drives the run
// (step/run), within a byte budget: when the next one would not fit, every
// second one is dropped and the interval doubles (so checkpoints stay evenly
// spaced, further apart the longer the run). The base, cycle 0, is kept as
// CheckpointTraits<Sim>::Base (the torus: its configuration, which costs
// nothing; the fat-tree: the simulator at cycle 0).
//
// Restoring cycle c takes the nearest checkpoint at or before c and
// re-simulates up to c (the simulators are deterministic), applying on the
// way the changes the caller made through apply() at their cycles; the run's
// own timeline (the scenario's) replays by itself. The state at c is the one
// before the changes stamped c: those, and every later one, are pending.
// step() applies pending changes at their cycles (keep) unless
// discardPending() drops them (discard).
//
// What Sim provides: cycle(); bool step() (false: it cannot go on, e.g. a
// deadlock); apply(Change) (now, stamped with cycle(), appended to
// applied()); applied(); memoryBytes(); observer() / setObserver(). What
// CheckpointTraits<Sim> provides: Change, Base, base(sim), restore(base) and
// scheduled(sim) (the run's own timeline, entries at or after cycle() still
// ahead).
//
// Changes from the caller must go through apply() (not Sim::apply) so that
// they are logged. One store serves one simulator, passed to every call; not
// thread-safe (the thread that owns the simulator calls it, between cycles).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace flit {

template <class Sim>
struct CheckpointTraits;  // specialised next to each simulator

struct CheckpointPolicy {
  std::uint64_t intervalCycles = 1000;               // first spacing of checkpoints (>= 1)
  std::size_t budgetBytes = std::size_t{256} << 20;  // bound on bytesUsed()
};

template <class Sim>
class BasicCheckpointStore {
 public:
  using Traits = CheckpointTraits<Sim>;
  using Change = typename Traits::Change;

  // `sim` must be at cycle 0 with nothing applied yet (it is the base).
  // Throws std::invalid_argument naming "intervalCycles" or "sim".
  BasicCheckpointStore(const Sim& sim, CheckpointPolicy policy)
      : base_(checkedBase(sim, policy)), policy_(policy), interval_(policy.intervalCycles) {}

  // Sim::apply(c) now (throws what it throws; nothing is logged then),
  // logged with its cycle. The run beyond this cycle is no longer the one
  // recorded: checkpoints after it are dropped, lastCycle() becomes now.
  // Pending changes stay pending.
  void apply(Sim& sim, const Change& c) {
    sim.apply(c);
    log_.insert(log_.begin() + static_cast<std::ptrdiff_t>(next_), sim.applied().back());
    ++next_;
    dropAfter(sim.cycle());
    lastCycle_ = sim.cycle();
  }

  // One cycle: the pending changes stamped with this cycle, Sim::step(),
  // then a checkpoint when one is due (so a checkpoint holds the state
  // before anything applied at that cycle boundary). False when the
  // simulator cannot go on.
  bool step(Sim& sim) {
    while (next_ < log_.size() && log_[next_].cycle <= sim.cycle()) sim.apply(log_[next_++]);
    if (!sim.step()) return false;
    const std::uint64_t now = sim.cycle();
    lastCycle_ = std::max(lastCycle_, now);
    if (now % interval_ == 0 && (checkpoints_.empty() || checkpoints_.back().cycle < now)) capture(sim);
    return true;
  }
  std::uint64_t run(Sim& sim, std::uint64_t cycles) {  // cycles run
    std::uint64_t done = 0;
    while (done < cycles && step(sim)) ++done;
    return done;
  }

  // Puts `sim` in its state at `cycle` (0..lastCycle(): back, or forward
  // again within the range run while the changes after it are kept).
  // Publishes no events for the cycles re-simulated (the observer is set
  // again afterwards). Throws std::invalid_argument naming the cycle for a
  // negative one or one beyond lastCycle().
  void rewind(Sim& sim, std::int64_t cycle) {
    if (cycle < 0) throw std::invalid_argument("rewind: cycle must be >= 0, got " + std::to_string(cycle));
    const auto target = static_cast<std::uint64_t>(cycle);
    const std::uint64_t last = lastCycle(sim);
    if (target > last) {
      throw std::invalid_argument("rewind: cycle " + std::to_string(target) +
                                  " is beyond the last cycle run (" + std::to_string(last) + ")");
    }
    if (target == sim.cycle()) return;
    auto* observer = sim.observer();
    // Forward within the recorded run: from here, unless a checkpoint is closer.
    const Checkpoint* from = nearestAtOrBefore(target);
    const bool fromHere = sim.cycle() < target && (!from || from->cycle <= sim.cycle());
    if (!fromHere) {
      sim = from ? from->state : Traits::restore(base_);
      const auto firstAhead =
          std::find_if(log_.begin(), log_.end(), [&](const Change& c) { return c.cycle >= sim.cycle(); });
      next_ = static_cast<std::size_t>(firstAhead - log_.begin());
    }
    sim.setObserver(nullptr);
    while (sim.cycle() < target && step(sim)) {
    }
    sim.setObserver(observer);
  }

  // The last cycle of the run as recorded: sim.cycle() unless rewound.
  std::uint64_t lastCycle(const Sim& sim) const { return std::max(lastCycle_, sim.cycle()); }
  // Changes logged by apply() that are not applied yet (stamped with
  // sim.cycle() or later), in order.
  std::vector<Change> pending() const { return {log_.begin() + static_cast<std::ptrdiff_t>(next_), log_.end()}; }
  void discardPending(const Sim& sim) {
    log_.resize(next_);
    dropAfter(sim.cycle());
    lastCycle_ = sim.cycle();
  }
  // Everything applied and to be applied, by cycle: sim.applied(), the run's
  // own timeline still ahead and the pending changes (pending: true;
  // discardPending() would drop them). The scrubber's markers.
  struct TimelineEntry {
    Change change;
    bool pending = false;
  };
  std::vector<TimelineEntry> timeline(const Sim& sim) const {
    std::vector<TimelineEntry> all;
    for (const Change& c : sim.applied()) all.push_back({c, false});
    for (const Change& c : Traits::scheduled(sim)) {
      if (c.cycle >= sim.cycle()) all.push_back({c, false});  // entries before it are in applied()
    }
    for (std::size_t k = next_; k < log_.size(); ++k) all.push_back({log_[k], true});
    std::stable_sort(all.begin(), all.end(),
                     [](const TimelineEntry& a, const TimelineEntry& b) { return a.change.cycle < b.change.cycle; });
    return all;
  }

  // apply()'s changes in order: the first appliedCount() are in force, the
  // rest pending.
  const std::vector<Change>& interventions() const { return log_; }
  std::size_t appliedCount() const { return next_; }

  std::size_t bytesUsed() const { return bytes_; }
  std::size_t budgetBytes() const { return policy_.budgetBytes; }
  std::uint64_t intervalCycles() const { return interval_; }  // current spacing
  std::vector<std::uint64_t> checkpointCycles() const {
    std::vector<std::uint64_t> cycles;
    for (const Checkpoint& c : checkpoints_) cycles.push_back(c.cycle);
    return cycles;
  }

 private:
  struct Checkpoint {
    std::uint64_t cycle;
    std::size_t bytes;
    Sim state;
  };
  static typename Traits::Base checkedBase(const Sim& sim, const CheckpointPolicy& policy) {
    if (policy.intervalCycles < 1) throw std::invalid_argument("checkpoints: intervalCycles must be >= 1, got 0");
    if (sim.cycle() != 0 || !sim.applied().empty()) {
      throw std::invalid_argument("checkpoints: sim must be at cycle 0 with nothing applied, got cycle " +
                                  std::to_string(sim.cycle()));
    }
    return Traits::base(sim);
  }
  void capture(const Sim& sim) {
    const std::size_t bytes = sim.memoryBytes();
    if (bytes > policy_.budgetBytes) return;  // not even one fits: rewinds start from the base
    while (bytes_ + bytes > policy_.budgetBytes && !checkpoints_.empty()) thin();
    if (sim.cycle() % interval_ != 0) return;  // the spacing grew past this cycle
    checkpoints_.push_back(Checkpoint{sim.cycle(), bytes, sim});
    bytes_ += bytes;
  }
  void thin() {  // every second checkpoint goes (those off the doubled spacing)
    interval_ *= 2;
    std::erase_if(checkpoints_, [&](const Checkpoint& c) { return c.cycle % interval_ != 0; });
    recount();
  }
  void dropAfter(std::uint64_t cycle) {
    std::erase_if(checkpoints_, [&](const Checkpoint& c) { return c.cycle > cycle; });
    recount();
  }
  void recount() {
    bytes_ = 0;
    for (const Checkpoint& c : checkpoints_) bytes_ += c.bytes;
  }
  const Checkpoint* nearestAtOrBefore(std::uint64_t cycle) const {
    const Checkpoint* best = nullptr;
    for (const Checkpoint& c : checkpoints_) {
      if (c.cycle <= cycle) best = &c;
    }
    return best;
  }

  typename Traits::Base base_;
  CheckpointPolicy policy_;
  std::uint64_t interval_;
  std::vector<Checkpoint> checkpoints_;  // by cycle
  std::size_t bytes_ = 0;
  std::vector<Change> log_;  // apply()'s changes, by cycle
  std::size_t next_ = 0;     // log_[next_..]: pending
  std::uint64_t lastCycle_ = 0;
};

}  // namespace flit
