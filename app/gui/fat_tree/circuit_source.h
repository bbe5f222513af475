// CircuitSource: the Transit fat-tree's circuit simulator (engine/fattree,
// DeHon seed 004) behind the SimulationSource interface the GUI worker
// drives, so the window runs a fat-tree as it runs a torus (issue 19).
// Lives on the worker thread with its CircuitSimulator.
//
// What it maps, in the family-neutral graph's ids (topology/network_graph.h,
// the ids the view and NetworkController use):
//  - every channel a connection holds -> three FlitVisuals along that graph
//    link (packet = the sending endpoint, class kCircuitClass), so a circuit
//    is drawn as it is set up hop by hop and held until its status comes back;
//  - the fault map -> linkUp per graph link and nodeUp per graph node
//    (routers; endpoints are always up);
//  - CircuitStats over each interval -> a StatsPoint: messages delivered,
//    mean and maximum latency (message created to last byte), offered and
//    accepted bytes per endpoint per cycle, messages in progress, and the
//    circuit counts (first attempts and their successes, messages finished
//    and their attempts); the latency histogram since the reset.
// What it watches (circuit_data.h, the simulator's CircuitObserver events):
//  - every discard, kept CircuitView::kFlashCycles cycles for the view's
//    flashes (where, on which channel, busy or fault) and counted;
//  - the attempts and retries started and the senders backing off now;
//  - the followed message (setFollowedPacket(endpoint): the message that
//    endpoint sends now, or its next one) attempt by attempt, with the
//    channels of its newest attempt (FollowedPacket, circuit = true);
//  - the inspected RN1 (setInspectedNode): its 16 ports, who holds each
//    (CircuitRouterView), and the discards there since; or an endpoint's
//    two down and two up channels.
// Rewind (circuit_source_rewind.cpp): the run goes through a
// flit::fattree::CircuitCheckpointStore (the torus's checkpoint rule,
// util/checkpoint_store.h): every change made from the window (a router or
// channel failed or repaired, the rate) is a CircuitChange logged with its
// cycle, and a copy of the simulator is kept every kCheckpointIntervalCycles
// within kCheckpointBudgetBytes. rewind(c) restores the nearest checkpoint
// and re-simulates to c, applying the logged changes at their cycles (the
// simulator is deterministic). Changes logged after c are pending: run on,
// they apply at their cycles again, unless discardLaterInterventions() drops
// them. The counters the window shows (attempts, retries, senders backing
// off, the latency histogram) are the engine's, so they are right after a
// rewind; the flashes, the inspected RN1's discards and the followed message
// start again from the restored cycle. reset() starts a new run (with the
// faults and rate of now in force) and a new log. recording() is the run
// since the reset (fattree/circuit_recording.h; File > Save Recording).
// Commands: a link failed or repaired is its channel (failChannel /
// repairChannel), a node its RN1 (failRouter / repairRouter); the load is
// the scenario's rate (per cycle, the chance an idle endpoint gets a new
// message). The pattern, adaptive routing and the torus tools are refused
// with an error naming the field. reset() starts the scenario again with the
// faults made since.
#pragma once

#include "fat_tree/circuit_data.h"
#include "simulation_source.h"

#include "view/circuit_intervals.h"
#include "fattree/circuit_checkpoints.h"
#include "fattree/circuit_recording.h"
#include "fattree/circuit_simulator.h"
#include "fattree/fat_tree_scenario.h"
#include "topology/network_graph.h"

#include <deque>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace flitgui {

class CircuitSource final : public SimulationSource, private flit::fattree::CircuitObserver {
 public:
  // The colour class of held channels: the adaptive VC's magenta, which no
  // channel colour (blue up, green down, olive lateral) is near.
  static constexpr VcClass kCircuitClass = VcClass::Adaptive;
  static constexpr std::uint64_t kCheckpointIntervalCycles = 1000;
  static constexpr std::size_t kCheckpointBudgetBytes = std::size_t{256} << 20;

  explicit CircuitSource(flit::fattree::FatTreeScenario scenario);  // throws what the builder throws
  ~CircuitSource() override;

  std::uint64_t cycle() const override { return sim_->cycle(); }
  StepResult step() override;
  void reset() override;
  // Links (channels), nodes (RN1 routers) and the rate; the inverse the
  // circuit engine gives back (fattree/circuit_change_inverse.h).
  std::optional<flit::Intervention> apply(const flit::Intervention& change) override;
  void setInspectedNode(flit::NodeId node);   // an RN1; -1: none
  void setFollowedPacket(std::int32_t endpoint);  // an endpoint's message; -1: none
  // The watch set (watch_set.h): the inspected RN1 and the followed message
  // when they changed; a fat-tree has no barrier, VC or slice panels.
  void setWatch(const WatchSet& watch) override;
  void rewind(std::int64_t cycle) override;
  void discardLaterInterventions() override;
  StatsPoint sampleInterval() override;
  void fillSnapshot(FrameSnapshot& frame) const override;
  LiveScenario liveScenario() const override;  // the recording of the run since the reset

  const flit::fattree::CircuitSimulator& simulator() const { return *sim_; }
  const flit::fattree::CircuitCheckpointStore& checkpoints() const { return *store_; }
  // The scenario this run started from (the loaded one, or after reset()
  // the faults and rate then) and the run since, as a recording.
  flit::fattree::CircuitRecording recording() const;
  const flit::NetworkGraph& graph() const { return graph_; }

 private:
  // A new run: the simulator of runScenario_ (at the first build the
  // loaded scenario; after reset() the faults and rate of now), a new log.
  void build();
  void clearWatched();  // the flashes, counters and views taken from events
  void fillTimeline(FrameSnapshot& frame) const;  // the rewind bar's range, marks and memory
  // A change from the window, through the checkpoint store.
  void change(flit::fattree::CircuitChangeKind kind, std::uint32_t id, double rate = 0.0);
  void onCircuitEvent(const flit::fattree::CircuitEvent& e) override;
  void followEvent(const flit::fattree::CircuitEvent& e);
  void startFollowing(std::uint32_t endpoint);
  std::uint32_t linkOf(std::uint32_t channel) const {
    return channel < linkOfChannel_.size() ? linkOfChannel_[channel] : kNoGraphId;
  }
  // The channels endpoint e's attempt holds now, from the sender on.
  std::vector<std::uint32_t> heldPath(std::uint32_t e) const;
  std::shared_ptr<const CircuitRouterView> inspectRouter() const;

  flit::fattree::FatTreeScenario scenario_;
  flit::fattree::FatTreeNetwork net_;  // built once; each simulator (reset) gets a copy
  flit::NetworkGraph graph_;
  flit::fattree::FatTreeScenario runScenario_;  // what this run started from (recording())
  std::unique_ptr<flit::fattree::CircuitSimulator> sim_;
  std::unique_ptr<flit::fattree::CircuitCheckpointStore> store_;  // drives sim_; rebuilt with it
  flit::CircuitIntervals intervals_;  // the charts' points (the engine's: view/interval_point.h)
  mutable std::shared_ptr<const std::vector<TimelineMark>> timeline_;

  std::vector<std::uint32_t> linkOfChannel_;  // per channel id: its graph link (kNoGraphId: unconnected)
  std::vector<std::uint32_t> inputChannel_;   // per input port id: the channel driving it
  std::vector<std::pair<std::uint32_t, std::uint32_t>> endpointInput_;  // (endpoint, channel into it), sorted
  std::deque<CircuitFlash> flashes_;          // the discards of the last kFlashCycles cycles

  std::int32_t followed_ = -1;  // the endpoint whose message is followed
  WatchSet watch_;  // the last set asked for (setWatch)
  FollowedPacket follow_;

  std::uint32_t inspected_ = kNoGraphId;  // the inspected RN1
  std::uint64_t inspectedBusy_ = 0;
  std::uint64_t inspectedFault_ = 0;
};

}  // namespace flitgui
