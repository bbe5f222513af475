// SimulationSource: the narrow interface the simulation worker drives. The
// engine's Simulator is reached through an adapter implementing it; tests use
// a fake. Every method is called from the worker thread only, and never while
// another one runs: commands reach the source strictly between two step()s.
//
// Errors: the set* methods throw std::invalid_argument with a message naming
// the argument ("link 99: no such link (48 links)") when the engine rejects
// the request; the worker reports the message in the next frame and goes on.
#pragma once

#include "frame_snapshot.h"
#include "routing/vc_rule.h"

#include <cstdint>
#include <stdexcept>
#include <string>

namespace flitgui {

class SimulationSource {
 public:
  virtual ~SimulationSource() = default;

  virtual std::uint64_t cycle() const = 0;  // cycles since the last reset
  // Advances exactly one cycle; false (and no cycle) when the engine cannot
  // go on (e.g. its deadlock watchdog fired): the worker pauses and shows
  // haltReason().
  virtual bool step() = 0;
  virtual std::string haltReason() const { return {}; }
  virtual void reset() = 0;                 // back to cycle 0 of the same scenario
  // Rewind (flit::CheckpointStore, simulator_source_rewind.cpp): the state at
  // `cycle`; std::invalid_argument naming the cycle when out of the run. A
  // fake source cannot rewind.
  virtual void rewind(std::int64_t cycle) {
    throw std::invalid_argument("rewind to cycle " + std::to_string(cycle) + ": this simulation keeps no checkpoints");
  }
  // Drops the interventions recorded after the current cycle (after a rewind).
  virtual void discardLaterInterventions() {}

  virtual void setLinkUp(flit::LinkId link, bool up) = 0;
  virtual void setTrafficPattern(const std::string& pattern) = 0;
  virtual void setInjectionRate(double flitsPerNodeCycle) = 0;
  virtual void setAdaptive(bool enabled) = 0;

  // Side-panel requests (panel_data.h). The defaults refuse them: a source
  // without an engine behind it (a test fake) has nothing to inspect.
  virtual void setInspectedNode(flit::NodeId node) {
    if (node != flit::kInvalidId) throw std::invalid_argument("node inspector: this simulation has no routers to inspect");
  }
  virtual void previewTag(const PreviewTagCommand&) {
    throw std::invalid_argument("routing tag editor: this simulation has no routing tables");
  }
  virtual void setLutEntry(const SetLutEntryCommand&) {
    throw std::invalid_argument("routing tag editor: this simulation has no routing tables");
  }
  virtual void setNodeUp(flit::NodeId node, bool up) {
    throw std::invalid_argument("node " + std::to_string(node) + (up ? ": repair" : ": fail") +
                                " is not supported by this simulation");
  }

  // Arbitration (Simulator::setArbiter / setAgeConfig; flit::ScenarioError
  // naming the field when the machine cannot use it). A fake source has none.
  virtual void setArbiter(flit::ArbiterKind) {
    throw std::invalid_argument("router.arbiter: this simulation has no routers to arbitrate");
  }
  virtual void setAgeConfig(const flit::AgeConfig&) {
    throw std::invalid_argument("router.age: this simulation has no routers to arbitrate");
  }

  // Hot spares (Simulator::setHotSpare) and the live scenario for Save
  // (live_scenario.h). A fake source has neither.
  virtual void setHotSpare(flit::NodeId node, bool) {
    throw std::invalid_argument("node " + std::to_string(node) + ": hot spares are not supported by this simulation");
  }
  virtual LiveScenario liveScenario() const {
    LiveScenario s;
    s.error = "this simulation has no scenario state to save";
    return s;
  }

  // Follow mode (follow_data.h): answered in FrameSnapshot::followed. The
  // default refuses a packet: a fake source has none to follow.
  virtual void setFollowedPacket(std::int32_t serial) {
    if (serial >= 0) throw std::invalid_argument("follow packet: this simulation has no packets to follow");
  }

  // The synchronization panel (sync_data.h): FrameSnapshot::sync about `bsu`
  // while watched; the Barrier / Eureka buttons. A fake source has no
  // barrier networks: nothing to show, and the buttons are refused.
  virtual void watchSync(bool, int) {}
  virtual void syncOperate(bool, int) {
    throw std::invalid_argument("barrier: this simulation has no barrier networks");
  }

  // The VC-balance section (vc_balance_data.h): FrameSnapshot::vcBalance
  // while watched; new VC tables. A fake source has no VC tables.
  virtual void watchVcBalance(bool) {}
  virtual void applyVcTables(const flit::VcTablesConfig&) {
    throw std::invalid_argument("routing.vcTables: this simulation has no VC tables");
  }
  // The deadlock lab (lab_data.h): FrameSnapshot::lab while watched. A fake
  // source has no routes to check: nothing to show.
  virtual void watchLab(bool) {}
  virtual void watchSlice(bool /*watched*/, int /*fixedDim*/, int /*index*/) {}
  virtual void setVcRule(flit::VcRule) {
    throw std::invalid_argument("routing.vcRule: this simulation has no routes to switch");
  }

  // Statistics of the interval since the previous call (or the reset); the
  // worker sets StatsPoint::index.
  virtual StatsPoint sampleInterval() = 0;
  // Fills the engine-derived parts of a frame: flits, channelUtilization,
  // linkUp, latencyHistogram, the packet counters and the injection rate. The worker sets the
  // rest (sequence, cycle, running, speed, stats, errors).
  virtual void fillSnapshot(FrameSnapshot& frame) const = 0;
};

}  // namespace flitgui
