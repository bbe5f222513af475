// TorusRun: a k-ary n-cube run as a window watches it (issue 37: frames built
// by the engine). It drives a Simulator through a CheckpointStore (rewind),
// keeps what the person changed (StandingConfig: reset() and Save start from
// it), observes the events for the views that need history (interval
// statistics, link load, recent adaptive hops and dateline crossings, the
// followed packet's path), and builds a Frame with the extras a WatchSet
// asks for. The window's source (app/gui/torus/simulator_source.h) only
// forwards to it and copies its frames.
//
// What it maps:
//  - flits (Simulator::collectFlits) -> FrameFlit, the VC index turned into
//    the engine's lane class (router/lane_class.h: request/response x
//    dateline VC0/VC1, then the adaptive VC), with level of detail: above
//    setFlitsDrawnOneByOne flits they are counted per channel;
//  - IntervalStats -> one IntervalPoint per sample (the measurement window
//    is never restarted here), and LinkLoad -> the frame's windowed link load;
//  - RecentEvents (adaptive hops, dateline crossings and violations) and
//    FlitView::rerouted -> flags on the packet's flits.
// Every change is an Intervention passed to Simulator::apply through the
// checkpoint store, so Simulator::applied() is the run's timeline and
// recording() replays it (docs/recording-format.md). Faults rebuild the
// routes before the next cycle (SimConfig::autoRebuild). The tag editor's
// LUT edits go back in force after every reset and route rebuild.
//
// One thread at a time: every call between two step()s.
#pragma once

#include "scenario/recording.h"
#include "sim/checkpoints.h"
#include "sim/interval_stats.h"
#include "sim/link_load.h"
#include "sim/sim_events.h"
#include "sim/simulator.h"
#include "sim/standing_config.h"
#include "view/dateline_view.h"
#include "view/followed_packet.h"
#include "view/frame.h"
#include "view/interval_point.h"
#include "view/recent_events.h"
#include "view/watch_set.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <stop_token>
#include <string>
#include <vector>

namespace flit {

class TorusRun final : private SimObserver {
 public:
  static constexpr std::uint64_t kCheckpointIntervalCycles = 500;
  static constexpr std::size_t kCheckpointBudgetBytes = std::size_t{256} << 20;

  explicit TorusRun(const SimConfig& config);  // throws what the Simulator throws
  ~TorusRun() override;
  TorusRun(const TorusRun&) = delete;
  TorusRun& operator=(const TorusRun&) = delete;

  // Level of detail (Frame::channelFlits): with more flits than this in the
  // network a frame counts them per channel instead of listing each.
  void setFlitsDrawnOneByOne(std::size_t flits) { flitsDrawnOneByOne_ = flits; }
  // The scenario's name, kept in recordings.
  void setScenarioName(std::string name) { scenarioName_ = std::move(name); }
  // The threads the engine's cycle runs on, from the next cycle (a run is
  // the same on any count).
  void setThreads(int threads) { threads_ = threads; }
  // Long work (the deadlock lab's check of a big machine, a cycle) ends
  // early once `stop` is requested; it must outlive the run.
  void setStop(const std::stop_token* stop);

  std::uint64_t cycle() const { return sim_->cycle(); }
  // One cycle; false when the engine cannot go on (its deadlock watchdog
  // fired): haltReason() says why.
  bool step();
  const std::string& haltReason() const { return haltReason_; }
  // Back to cycle 0 with the person's changes (the machine as they left it).
  void reset() { rebuild(); }
  // The state at `cycle` (CheckpointStore::rewind; std::invalid_argument
  // naming the cycle), the person's changes as of then, the derived views
  // from there.
  void rewind(std::int64_t cycle);
  void discardLaterInterventions() { checkpoints_->discardPending(*sim_); }

  // A change (torus_run_apply.cpp): checked, applied through the checkpoint
  // store (recorded with its cycle), noted for reset() and Save; returns the
  // engine's inverse (inverseOf), nullopt when there is nothing to undo (a
  // change of nothing, a barrier button). std::invalid_argument (or the
  // engine's ScenarioError) naming the field when refused.
  std::optional<Intervention> apply(const Intervention& change);
  // The open panels' watch set: the parts that differ from what is done now
  // go to the calls below.
  void setWatch(const WatchSet& watch);

  // The statistics of the interval since the previous call (or the reset).
  IntervalPoint sampleInterval();
  // The frame now (torus_run.cpp).
  void frame(Frame& out) const;

  const Simulator& simulator() const { return *sim_; }
  const CheckpointStore& checkpoints() const { return *checkpoints_; }
  // The scenario with what the person changed (what Save writes).
  const StandingConfig& standing() const { return standing_; }
  // The recording of the run since the last reset (scenario/recording.h): the
  // scenario the Simulator was built from, Simulator::applied() and the
  // cycles run. Replayed (flitscope-cli run), it gives the same event stream.
  Recording recording() const;
  // The hash of the event stream since the last reset or rewind (the one
  // `flitscope-cli run --json` prints); kept only after keepFingerprint(true)
  // (it costs a hash per event), from the next reset.
  void keepFingerprint(bool on) { keepFingerprint_ = on; }
  std::uint64_t fingerprint() const { return fingerprint_.hash(); }
  LaneClass laneClassOf(int vc) const;

  // The watch set's parts one by one (setWatch calls them; tests too).
  void setInspectedNode(NodeId node);                // torus_run_panel.cpp; counted from now
  void previewTag(const TagPreviewRequest& request);  // torus_run_panel.cpp
  void setFollowedPacket(std::int32_t serial);       // torus_run_follow.cpp
  void watchSync(bool watched, int bsu);             // torus_run_sync.cpp
  void watchVcBalance(bool watched);                 // torus_run_routes.cpp
  void watchLab(bool watched);                       // torus_run_routes.cpp
  void watchSlice(bool watched, int fixedDim, int index);

 private:
  void onEvent(const SimEvent& e) override;
  // std::invalid_argument naming `field` for an id that is no node.
  static void checkNode(const Topology& topo, NodeId node, const char* field);
  void rebuild();
  // Simulator::apply through the checkpoint store, then standing_.note.
  void intervene(const Intervention& i);
  // The panel's Barrier / Eureka buttons (node -1): every participant joins,
  // or the tree's eureka trigger signals (torus_run_sync.cpp).
  void applyTreeOperation(const Intervention& button);
  void routesRebuilt();  // after a hot spare: LUT edits back, a rejected rebuild -> error
  void reapplyLutEdits();
  int lutIndexOf(NodeId source, NodeId destination) const;  // -1: mode 3 / no LUT
  void takeInspectedBase();
  bool inWatchedSlice(const FlitView& f) const;
  void fillFlits(Frame& frame) const;
  void fillTimeline(Frame& frame) const;

  // The extras (each null unless watched or there is something to show).
  std::shared_ptr<const NodeInspection> inspection() const;
  std::shared_ptr<const FollowedPacket> followed() const;
  void followEvent(const SimEvent& e);
  DatelineView datelineView() const;
  std::shared_ptr<const SyncView> syncView() const;
  std::shared_ptr<const LabView> labView() const;
  std::shared_ptr<const DeadlockView> deadlockView() const;
  std::shared_ptr<const VcBalanceView> vcBalanceView() const;
  std::shared_ptr<const RebuildView> rebuildView() const;

  StandingConfig standing_;
  StandingConfig built_;  // standing_ when sim_ was built
  std::string scenarioName_ = "Flitscope GUI session";
  std::unique_ptr<Simulator> sim_;
  std::unique_ptr<CheckpointStore> checkpoints_;  // drives sim_; rebuilt with it
  const std::stop_token* stop_ = nullptr;
  int threads_ = 1;
  std::string haltReason_;
  std::uint64_t builds_ = 0;    // rebuild() calls: a new Simulator
  std::uint64_t rebuilds_ = 0;  // RoutesRebuilt events seen
  std::shared_ptr<const ArbiterSwitch> arbiterSwitch_;  // the last SetArbiter applied
  FingerprintObserver fingerprint_;
  bool keepFingerprint_ = false;
  std::vector<LaneClass> laneClass_;  // per VC index
  IntervalStats intervals_;
  LinkLoad linkLoad_;
  RecentEvents recent_;
  mutable std::vector<FlitView> scratch_;
  mutable std::shared_ptr<const std::vector<TimelineMark>> timeline_;  // the last frame's
  std::size_t flitsDrawnOneByOne_ = std::numeric_limits<std::size_t>::max();
  WatchSet watch_;  // the last set asked for (setWatch)
  bool sliceWatched_ = false;
  int sliceDim_ = 2;
  int sliceIndex_ = 0;
  // Side panel: the inspected node's XT Table 4 counters when it was chosen
  // (the panel shows what was counted since), the newest tag preview.
  NodeId inspected_ = kInvalidId;
  std::array<PortCounters, kPortsPerNode> inspectedBase_{};
  std::shared_ptr<const TagPreview> preview_;
  // Follow mode: serial, ends, travelled path and state kept up to date by events.
  std::int32_t followed_ = -1;
  FollowedPacket follow_;
  bool syncWatched_ = false;
  int syncBsu_ = 0;
  bool labWatched_ = false;
  bool vcBalanceWatched_ = false;
  // What the routes in force follow from (torus_run_routes.cpp): the
  // deadlock lab and the VC-balance section recompute when it changes.
  struct RoutesKey {
    std::uint64_t builds = 0;
    std::uint64_t routeRebuilds = 0;
    std::vector<Intervention> applied;  // those that can change routes
    bool operator==(const RoutesKey&) const = default;
  };
  RoutesKey routesKey() const;
  mutable std::optional<RoutesKey> labKey_;
  mutable std::shared_ptr<const LabView> lab_;
  mutable std::shared_ptr<const DeadlockView> deadlock_;
  mutable std::optional<RoutesKey> vcBalanceKey_;
  mutable std::shared_ptr<const VcBalanceView> vcBalance_;
  // The last route rebuild as the window shows it, computed once per rebuild.
  struct RebuildKey {
    const RoutingSetup* before = nullptr;  // Simulator::routesBefore: a new one per accepted rebuild
    std::uint64_t atCycle = 0;
    double seconds = 0.0;                 // the report's own: another rebuild at the same cycle differs
    std::uint64_t builds = 0;
    bool operator==(const RebuildKey&) const = default;
  };
  mutable std::shared_ptr<const RebuildView> rebuild_;
  mutable RebuildKey rebuildKey_;
};

}  // namespace flit
