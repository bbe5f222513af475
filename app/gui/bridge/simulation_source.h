// SimulationSource: the narrow interface the simulation worker drives. The
// engine's Simulator is reached through an adapter implementing it; tests use
// a fake. Every method is called from the worker thread only, and never while
// another one runs: commands reach the source strictly between two step()s.
//
// Errors: apply() and the requests throw std::invalid_argument with a message
// naming the argument ("link 99: no such link (48 links)") when the engine
// rejects the request; the worker reports the message in the next frame and
// goes on.
#pragma once

#include "frame_snapshot.h"
#include "scenario/intervention.h"
#include "view/watch_set.h"

#include <cstdint>
#include <optional>
#include <stop_token>
#include <stdexcept>
#include <string>
#include <utility>

namespace flitgui {

// What SimulationSource::step() did: advanced one cycle, or could not
// (false) and why. Tests on `if (!source.step())` read it as a bool.
struct StepResult {
  bool stepped = true;
  std::string haltReason;  // when not stepped: why the engine cannot go on
  explicit operator bool() const { return stepped; }
  static StepResult halted(std::string why) { return {false, std::move(why)}; }
};

class SimulationSource {
 public:
  virtual ~SimulationSource() = default;

  virtual std::uint64_t cycle() const = 0;  // cycles since the last reset
  // Advances exactly one cycle; not stepped (and no cycle) when the engine
  // cannot go on (e.g. its deadlock watchdog fired): the worker pauses and
  // shows the result's haltReason.
  virtual StepResult step() = 0;
  virtual void reset() = 0;                 // back to cycle 0 of the same scenario
  // Rewind (flit::CheckpointStore, simulator_source_rewind.cpp): the state at
  // `cycle`; std::invalid_argument naming the cycle when out of the run. A
  // fake source cannot rewind.
  virtual void rewind(std::int64_t cycle) {
    throw std::invalid_argument("rewind to cycle " + std::to_string(cycle) + ": this simulation keeps no checkpoints");
  }
  // Drops the interventions recorded after the current cycle (after a rewind).
  virtual void discardLaterInterventions() {}

  // One change to the run (ApplyCommand, sim_command.h): applied between
  // cycles and recorded with its cycle. Returns its inverse as the engine
  // gives it back (flit::inverseOf), taken before the change; nullopt when
  // there is nothing to undo (a barrier operation, a change of nothing).
  // std::invalid_argument (or the engine's ScenarioError) naming the field
  // when it is refused; nothing was changed then.
  virtual std::optional<flit::Intervention> apply(const flit::Intervention& change) = 0;

  // What the open panels ask every frame to carry (watch_set.h): the source
  // acts on the parts that differ from what it does now. The default (a
  // source without an engine behind it: a test fake) has nothing to inspect
  // or follow and refuses those; the rest it cannot show either.
  virtual void setWatch(const flit::WatchSet& watch) {
    if (watch.inspectedNode != flit::kInvalidId)
      throw std::invalid_argument("node inspector: this simulation has no routers to inspect");
    if (watch.followedPacket >= 0) throw std::invalid_argument("follow packet: this simulation has no packets to follow");
    if (watch.tagPreview) throw std::invalid_argument("routing tag editor: this simulation has no routing tables");
  }

  // The live scenario for Save (live_scenario.h). A fake source has none.
  virtual LiveScenario liveScenario() const {
    LiveScenario s;
    s.error = "this simulation has no scenario state to save";
    return s;
  }

  // Statistics of the interval since the previous call (or the reset); the
  // worker sets StatsPoint::index.
  virtual StatsPoint sampleInterval() = 0;
  // Fills the engine-derived parts of a frame: flits, channelUtilization,
  // linkUp, latencyHistogram, the packet counters and the injection rate. The worker sets the
  // rest (sequence, cycle, running, speed, stats, errors).
  virtual void fillSnapshot(FrameSnapshot& frame) const = 0;

  // The worker's stop (SimWorker::start): long work inside fillSnapshot (a
  // big machine's dependency check for the deadlock lab) ends early once it
  // is requested, so that loading another scenario does not wait for it.
  void setStopToken(std::stop_token stop) { stop_ = std::move(stop); }
  // The threads the engine's cycle runs on (flit::Simulator::setThreads;
  // SetSpeedCommand, the Simulation menu): a source with a parallel cycle
  // takes it up before its next cycle; the others run on one. The threads
  // are not state: a run is the same on any count.
  void setEngineThreads(int threads) { engineThreads_ = threads; }
  int engineThreads() const { return engineThreads_; }

 protected:
  std::stop_token stop_;
  int engineThreads_ = 1;
};

}  // namespace flitgui
