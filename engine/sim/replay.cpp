// Recording a run and replaying it (sim/replay.h).
#include "sim/replay.h"

#include "sim/simulator.h"

#include <algorithm>

namespace flit {

Recording recordRun(const Scenario& scenario, const Simulator& sim, std::uint64_t warmupCycles) {
  Recording r;
  r.scenario = scenario;
  r.scenario.timeline.clear();
  r.timeline = sim.applied();
  r.cycles = sim.cycle();
  r.warmupCycles = std::min(warmupCycles, r.cycles);
  r.autoRebuild = sim.config().autoRebuild;
  return r;
}

SimConfig simConfigFromRecording(const Recording& r) {
  Scenario s = r.scenario;
  s.timeline = r.timeline;
  SimConfig c = simConfigFromScenario(s);
  c.autoRebuild = r.autoRebuild;
  return c;
}

namespace {

// Runs up to `until` in chunks, watching `control`; false when cancelled.
bool runTo(Simulator& sim, std::uint64_t until, std::uint64_t& ran, const ReplayControl& control) {
  const std::uint64_t chunk = std::max<std::uint64_t>(1, control.chunkCycles);
  while (sim.cycle() < until && !sim.deadlocked()) {
    if (control.cancel && control.cancel->load(std::memory_order_relaxed)) return false;
    const std::uint64_t n = std::min(chunk, until - sim.cycle());
    ran += sim.run(n);
    if (control.progress) control.progress(sim.cycle(), until);
  }
  return true;
}

// What the run applied after its last cycle: the timeline's entries stamped
// with the cycle reached and not applied yet (an intervention at the very
// end, then one rebuild).
void applyRecordedTail(Simulator& sim, const Recording& rec) {
  bool any = false;
  for (std::size_t k = sim.applied().size(); k < rec.timeline.size() && rec.timeline[k].cycle <= sim.cycle(); ++k) {
    sim.apply(rec.timeline[k]);
    any = true;
  }
  if (any && sim.config().autoRebuild) sim.rebuildRoutes();
}

}  // namespace

ReplayOutcome replayRecording(Simulator& sim, const Recording& rec, std::uint64_t warmupCycles,
                              std::uint64_t untilCycle, const ReplayControl& control) {
  ReplayOutcome out;
  if (!runTo(sim, std::min(warmupCycles, untilCycle), out.cyclesRun, control)) {
    out.cancelled = true;
    return out;
  }
  sim.resetStats();
  if (!runTo(sim, untilCycle, out.cyclesRun, control)) {
    out.cancelled = true;
    return out;
  }
  if (!sim.deadlocked()) applyRecordedTail(sim, rec);
  return out;
}

}  // namespace flit
