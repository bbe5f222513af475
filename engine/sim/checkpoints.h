// CheckpointStore: rewind for a running Simulator (issue 16, "Record,
// replay, rewind"; docs/engine.md "Checkpoints and rewind").
//
// A checkpoint is a copy of the Simulator (its state is a value; the
// observer is not part of it). The store takes one every intervalCycles()
// cycles while it drives the run (step/run), within a byte budget: when the
// next one would not fit, every second one is dropped and the interval
// doubles (so checkpoints stay evenly spaced, further apart the longer the
// run). The base, cycle 0, is the Simulator's configuration and costs nothing.
//
// Restoring cycle c takes the nearest checkpoint at or before c and
// re-simulates up to c (the engine is deterministic), applying on the way the
// interventions the caller made through apply() at their cycles; the
// scenario's own timeline (SimConfig::timeline) replays by itself. The state
// at c is the one before the interventions stamped c: those, and every later
// one, are pending. step() applies pending interventions at their cycles
// (keep) unless discardPending() drops them (discard).
//
// Interventions from the caller must go through apply() (not
// Simulator::apply) so that they are logged. One store serves one Simulator,
// passed to every call; not thread-safe (the thread that owns the Simulator
// calls it, between cycles).
#pragma once

#include "sim/simulator.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace flit {

struct CheckpointPolicy {
  std::uint64_t intervalCycles = 1000;         // first spacing of checkpoints (>= 1)
  std::size_t budgetBytes = std::size_t{256} << 20;  // bound on bytesUsed()
};

class CheckpointStore {
 public:
  // `sim` must be at cycle 0 with nothing applied yet (its configuration is
  // the base). Throws std::invalid_argument naming "intervalCycles" or "sim".
  CheckpointStore(const Simulator& sim, CheckpointPolicy policy);

  // Simulator::apply(i) now (throws what it throws; nothing is logged then),
  // logged with its cycle. The run beyond this cycle is no longer the one
  // recorded: checkpoints after it are dropped, lastCycle() becomes now.
  // Pending interventions stay pending.
  void apply(Simulator& sim, const Intervention& i);
  // One cycle: a checkpoint when one is due, the pending interventions
  // stamped with this cycle, then Simulator::step(). False when the
  // Simulator cannot go on (deadlock).
  bool step(Simulator& sim);
  std::uint64_t run(Simulator& sim, std::uint64_t cycles);  // cycles run

  // Puts `sim` in its state at `cycle` (0..lastCycle(): back, or forward
  // again within the range run while the interventions after it are kept).
  // Publishes no events for the cycles re-simulated (the observer is set
  // again afterwards). Throws std::invalid_argument naming the cycle for a
  // negative one or one beyond lastCycle().
  void rewind(Simulator& sim, std::int64_t cycle);

  // The last cycle of the run as recorded: sim.cycle() unless rewound.
  std::uint64_t lastCycle(const Simulator& sim) const;
  // Interventions logged by apply() that are not applied yet (stamped with
  // sim.cycle() or later), in order.
  std::vector<Intervention> pending() const;
  void discardPending(const Simulator& sim);
  // Everything applied and to be applied, by cycle: sim.applied(), the
  // scenario timeline's entries still ahead and the pending interventions
  // (pending: true; discardPending() would drop them). The scrubber's markers.
  struct TimelineEntry {
    Intervention intervention;
    bool pending = false;
  };
  std::vector<TimelineEntry> timeline(const Simulator& sim) const;

  // apply()'s interventions in order: the first appliedCount() are in force,
  // the rest pending.
  const std::vector<Intervention>& interventions() const { return log_; }
  std::size_t appliedCount() const { return next_; }

  std::size_t bytesUsed() const { return bytes_; }
  std::size_t budgetBytes() const { return policy_.budgetBytes; }
  std::uint64_t intervalCycles() const { return interval_; }  // current spacing
  std::vector<std::uint64_t> checkpointCycles() const;

 private:
  struct Checkpoint {
    std::uint64_t cycle;
    std::size_t bytes;
    Simulator state;
  };
  void capture(const Simulator& sim);
  void thin();
  void dropAfter(std::uint64_t cycle);
  const Checkpoint* nearestAtOrBefore(std::uint64_t cycle) const;

  SimConfig base_;
  CheckpointPolicy policy_;
  std::uint64_t interval_;
  std::vector<Checkpoint> checkpoints_;  // by cycle
  std::size_t bytes_ = 0;
  std::vector<Intervention> log_;  // apply()'s interventions, by cycle
  std::size_t next_ = 0;           // log_[next_..]: pending
  std::uint64_t lastCycle_ = 0;
};

}  // namespace flit
