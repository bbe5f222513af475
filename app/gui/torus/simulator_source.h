// SimulatorSource: the engine's flit::Simulator behind the SimulationSource
// interface the GUI worker drives (DESIGN.md, "Threads and the stream to the
// GUI"). Lives on the worker thread with its Simulator; nothing here is
// shared with the GUI except the FrameSnapshots it fills.
//
// What it maps:
//  - flits (Simulator::collectFlits) -> FlitVisual, with the VC index turned
//    into a VcClass from the router's VC layout (router_config.h; T3E paper
//    section 3: request/response x dateline VC0/VC1, then the adaptive VC);
//  - the engine's IntervalStats -> one StatsPoint per sample (latency from
//    the Delivered events, throughput and VC occupancy as differences of the
//    window's counters: the measurement window is never restarted here), and
//    its LinkLoad -> the frame's windowed link load (sim/link_load.h), and
//    the last route rebuild's outcome and the routes it changed (rebuild_data.h);
//  - the engine's RecentEvents (adaptive hops, dateline crossings and
//    violations) and FlitView::rerouted -> flags on the packet's flits.
// Every change the GUI makes to the run (links, nodes, hot spares, rate,
// pattern, adaptive, arbiter, age, LUT entries) is an engine Intervention
// passed to Simulator::apply, so Simulator::applied() is the session's
// timeline with cycles and recording() replays it (docs/recording-format.md).
// Faults rebuild the routes before the next cycle (SimConfig::autoRebuild;
// the frame's routeRebuild line tells the outcome; docs/fault-tolerance.md).
// reset() rebuilds the Simulator from the scenario's configuration with the
// changes made since (the machine stays as the user left it).
// Rewind (simulator_source_rewind.cpp): the run goes through a
// flit::CheckpointStore (checkpoints every kCheckpointIntervalCycles within
// kCheckpointBudgetBytes); rewind() restores any cycle of the run, and the
// changes recorded after it are applied again at their cycles unless
// discardLaterInterventions() drops them.
#pragma once

#include "simulation_source.h"
#include "torus/dateline_view.h"
#include "torus/lab_data.h"
#include "torus/panel_data.h"
#include "torus/sync_data.h"
#include "torus/vc_balance_data.h"
#include "sim/checkpoints.h"
#include "sim/interval_stats.h"
#include "sim/link_load.h"
#include "view/recent_events.h"
#include "sim/recording.h"
#include "sim/sim_events.h"
#include "sim/simulator.h"
#include "sim/standing_config.h"

#include <array>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace flitgui {

class SimulatorSource final : public SimulationSource, private flit::SimObserver {
 public:
  static constexpr std::uint64_t kCheckpointIntervalCycles = 500;
  static constexpr std::size_t kCheckpointBudgetBytes = std::size_t{256} << 20;

  explicit SimulatorSource(const flit::SimConfig& config);  // throws what the Simulator throws
  ~SimulatorSource() override;

  // Level of detail (FrameSnapshot::channelFlits): with more flits than this
  // in the network a frame counts them per channel instead of listing each.
  void setFlitsDrawnOneByOne(std::size_t flits) { flitsDrawnOneByOne_ = flits; }
  // The scenario's name, kept in recordings (Save Recording, the kept run).
  void setScenarioName(std::string name) { scenarioName_ = std::move(name); }

  std::uint64_t cycle() const override { return sim_->cycle(); }
  StepResult step() override;
  void reset() override;
  // The state at `cycle` (flit::CheckpointStore::rewind; std::invalid_argument
  // naming the cycle), the person's changes as of then (what reset() and Save
  // keep), the derived views (intervals, link load, flags, follow) from there.
  void rewind(std::int64_t cycle) override;
  void discardLaterInterventions() override;
  const flit::CheckpointStore& checkpoints() const { return *checkpoints_; }
  // Every change the window makes (simulator_source_apply.cpp): checked,
  // applied through the checkpoint store (recorded with its cycle), noted
  // for reset() and Save; returns the engine's inverse (flit::inverseOf).
  std::optional<flit::Intervention> apply(const flit::Intervention& change) override;
  // The open panels' watch set (watch_set.h): the parts that differ from what
  // is done now go to the calls below (simulator_source_apply.cpp).
  void setWatch(const WatchSet& watch) override;
  // Side panel (simulator_source_panel.cpp): the inspected node's
  // NodeInspection goes into every frame; tag previews trace with the
  // engine's path tracer (and name the LUT entry the pair uses, which the
  // editor's Apply writes; its edits are re-applied after reset()).
  void setInspectedNode(flit::NodeId node);
  void previewTag(const TagPreviewRequest& request);
  // Follow mode (simulator_source_follow.cpp): the followed packet's Hop
  // events extend its travelled path; every frame carries its state and the
  // rest of its route from the engine's path tracer. Reset stops following.
  void setFollowedPacket(std::int32_t serial);
  // What Save writes (simulator_source_scenario.cpp).
  LiveScenario liveScenario() const override;
  // The synchronization panel (simulator_source_sync.cpp): SimSync's
  // states, tree and summary into the frame while watched.
  void watchSync(bool watched, int bsu);
  // The VC-balance section (simulator_source_vc_balance.cpp): the engine's
  // balance figures of the routes in force while watched.
  void watchVcBalance(bool watched);
  void watchSlice(bool watched, int fixedDim, int index) {
    sliceWatched_ = watched && fixedDim >= 0 && fixedDim < flit::kMaxDims;
    sliceDim_ = fixedDim;
    sliceIndex_ = index;
  }
  // The deadlock lab (simulator_source_lab.cpp): while watched, the frame's
  // LabView is the dependency check of the routes in force (checked again
  // only when they may have changed); once deadlocked, every frame carries
  // the watchdog's cycle of waiting buffers.
  void watchLab(bool watched);
  StatsPoint sampleInterval() override;
  void fillSnapshot(FrameSnapshot& frame) const override;

  const flit::Simulator& simulator() const { return *sim_; }
  // The recording of the run since the last reset (sim/recording.h): the
  // scenario the Simulator was built from, Simulator::applied() (every
  // change above went through Simulator::apply) and the cycles run. Replayed
  // (flitscope-cli run), it gives the same event stream.
  flit::Recording recording() const;
  // The hash of the event stream since the last reset or rewind (FingerprintObserver,
  // the one `flitscope-cli run --json` prints); kept only after
  // keepFingerprint(true) (tests: it costs a hash per event), which takes
  // effect from the next reset.
  void keepFingerprint(bool on) { keepFingerprint_ = on; }
  std::uint64_t fingerprint() const { return fingerprint_.hash(); }
  VcClass vcClassOf(int vc) const;

 private:
  void onEvent(const flit::SimEvent& e) override;
  // The panel's Barrier / Eureka buttons (node -1): every participant joins,
  // or the tree's eureka trigger signals (simulator_source_sync.cpp).
  void applyTreeOperation(const flit::Intervention& button);
  // std::invalid_argument naming `field` for an id that is no node.
  static void checkNode(const flit::Topology& topo, flit::NodeId node, const char* field);
  void rebuild();
  // Simulator::apply through the checkpoint store (recorded with its cycle),
  // then standing_.note.
  void intervene(const flit::Intervention& i);
  void fillTimeline(FrameSnapshot& frame) const;

  // The scenario with what the person changed (reset() starts from it, Save
  // writes it): every change applied is noted (flit::StandingConfig::note).
  flit::StandingConfig standing_;
  flit::StandingConfig built_;  // standing_ when sim_ was built
  std::string scenarioName_ = "Flitscope GUI session";
  std::uint64_t rebuilds_ = 0;  // RoutesRebuilt events seen
  std::shared_ptr<const FrameSnapshot::ArbiterSwitch> arbiterSwitch_;  // the last SetArbiter applied (FrameSnapshot::arbiterSwitch)
  flit::FingerprintObserver fingerprint_;
  bool keepFingerprint_ = false;
  std::unique_ptr<flit::Simulator> sim_;
  std::unique_ptr<flit::CheckpointStore> checkpoints_;  // drives sim_; rebuilt with it
  mutable std::shared_ptr<const std::vector<TimelineMark>> timeline_;  // the last frame's
  std::vector<VcClass> vcClass_;                // per VC index
  flit::IntervalStats intervals_;
  flit::LinkLoad linkLoad_;
  flit::RecentEvents recent_;
  mutable std::vector<flit::FlitView> scratch_;
  std::size_t flitsDrawnOneByOne_ = kFlitsDrawnOneByOne;
  WatchSet watch_;  // the last set asked for (setWatch)
  bool sliceWatched_ = false;  // the watched slice: its plane's flits are listed
  int sliceDim_ = 2;
  int sliceIndex_ = 0;
  bool inWatchedSlice(const flit::FlitView& f) const;
  // Side panel.
  std::shared_ptr<const NodeInspection> inspection() const;
  int lutIndexOf(flit::NodeId source, flit::NodeId destination) const;  // -1: mode 3 / no LUT
  void reapplyLutEdits();
  void routesRebuilt();  // after a link changed: LUT edits back, rejected rebuild -> error
  flit::NodeId inspected_ = flit::kInvalidId;
  // The inspected node's XT Table 4 counters when it was chosen: the panel
  // shows what was counted since (the window is never restarted here).
  void takeInspectedBase();
  std::array<flit::PortCounters, flit::kPortsPerNode> inspectedBase_{};
  std::shared_ptr<const TagPreview> preview_;
  // Follow mode.
  void followEvent(const flit::SimEvent& e);
  std::shared_ptr<const FollowedPacket> followed() const;
  DatelineView datelineView() const;
  std::int32_t followed_ = -1;
  FollowedPacket follow_;  // serial, ends, travelled path and state kept up to date by events
  // Synchronization panel.
  std::shared_ptr<const SyncView> syncView() const;
  bool syncWatched_ = false;
  int syncBsu_ = 0;
  // Deadlock lab.
  std::shared_ptr<const LabView> labView() const;
  std::shared_ptr<const DeadlockView> deadlockView() const;
  bool labWatched_ = false;
  std::uint64_t builds_ = 0;  // rebuild() calls: a new Simulator
  // What the routes in force follow from (simulator_source_lab.cpp): the
  // deadlock lab and the VC-balance section recompute when it changes.
  struct RoutesKey {
    std::uint64_t builds = 0;
    std::uint64_t routeRebuilds = 0;
    std::vector<flit::Intervention> applied;  // those that can change routes
    bool operator==(const RoutesKey&) const = default;
  };
  RoutesKey routesKey() const;
  mutable std::optional<RoutesKey> labKey_;
  // VC balance: recomputed when routesKey() changes.
  std::shared_ptr<const VcBalanceView> vcBalanceView() const;
  bool vcBalanceWatched_ = false;
  mutable std::shared_ptr<const VcBalanceView> vcBalance_;
  mutable std::optional<RoutesKey> vcBalanceKey_;
  mutable std::shared_ptr<const LabView> lab_;
  mutable std::shared_ptr<const DeadlockView> deadlock_;
  // The last route rebuild as the window shows it (simulator_source_reroute.cpp).
  std::shared_ptr<const RebuildView> rebuildView() const;
  struct RebuildKey {
    const flit::RouteTables* before = nullptr;  // Simulator::routesBefore: a new one per accepted rebuild
    std::uint64_t atCycle = 0;
    double seconds = 0.0;                       // the report's own: another rebuild at the same cycle differs
    std::uint64_t builds = 0;
    bool operator==(const RebuildKey&) const = default;
  };
  mutable std::shared_ptr<const RebuildView> rebuild_;
  mutable RebuildKey rebuildKey_;
};

}  // namespace flitgui
