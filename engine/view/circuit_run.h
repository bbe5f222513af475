// CircuitRun: a circuit network's run (the Transit fat-tree or the flat
// bidelta network: engine/fattree, DeHon seed 004) as a window watches it,
// so the window runs a fat-tree as it runs a torus (issue 19; issue 37:
// frames built by the engine). The window's source
// (app/gui/fat_tree/circuit_source.h) only forwards to it and copies its
// frames. One thread at a time: every call between two step()s.
//
// What it maps, in the family-neutral graph's ids (topology/network_graph.h,
// the ids the view and NetworkController use):
//  - every channel a connection holds -> three FrameFlits along that graph
//    link (packet = the sending endpoint, class kCircuitClass), so a circuit
//    is drawn as it is set up hop by hop and held until its status comes back;
//  - the fault map -> linkUp per graph link and nodeUp per graph node
//    (routers; endpoints are always up);
//  - CircuitStats over each interval -> an IntervalPoint: messages delivered,
//    mean and maximum latency (message created to last byte), offered and
//    accepted bytes per endpoint per cycle, messages in progress, and the
//    circuit counts (first attempts and their successes, messages finished
//    and their attempts); the latency histogram since the reset.
// What it watches (view/circuit_view.h, the simulator's CircuitObserver events):
//  - every discard, kept CircuitView::kFlashCycles cycles for the view's
//    flashes (where, on which channel, busy or fault) and counted;
//  - the attempts and retries started and the senders backing off now;
//  - the followed message (setFollowedPacket(endpoint): the message that
//    endpoint sends now, or its next one) attempt by attempt, with the
//    channels of its newest attempt (FollowedPacket, circuit = true);
//  - the inspected RN1 (setInspectedNode): its 16 ports, who holds each
//    (CircuitRouterView), and the discards there since; or an endpoint's
//    two down and two up channels.
// Rewind (circuit_run_rewind.cpp): the run goes through a
// fattree::CircuitCheckpointStore (the torus's checkpoint rule,
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

#include "fattree/circuit_checkpoints.h"
#include "fattree/circuit_recording.h"
#include "fattree/circuit_simulator.h"
#include "fattree/fat_tree_scenario.h"
#include "topology/network_graph.h"
#include "view/circuit_intervals.h"
#include "view/circuit_view.h"
#include "view/followed_packet.h"
#include "view/frame.h"
#include "view/interval_point.h"
#include "view/watch_set.h"

#include <cstdint>
#include <deque>
#include <optional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace flit {

class CircuitRun final : private fattree::CircuitObserver {
 public:
  // The colour class of held channels: the adaptive VC's magenta, which no
  // channel colour (blue up, green down, olive lateral) is near.
  static constexpr LaneClass kCircuitClass = LaneClass::Adaptive;
  static constexpr std::uint64_t kCheckpointIntervalCycles = 1000;
  static constexpr std::size_t kCheckpointBudgetBytes = std::size_t{256} << 20;

  explicit CircuitRun(fattree::FatTreeScenario scenario);  // throws what the builder throws
  ~CircuitRun() override;
  CircuitRun(const CircuitRun&) = delete;
  CircuitRun& operator=(const CircuitRun&) = delete;

  std::uint64_t cycle() const { return sim_->cycle(); }
  void step();
  void reset();
  // Links (channels), nodes (RN1 routers) and the rate; the inverse the
  // circuit engine gives back (fattree/circuit_change_inverse.h).
  std::optional<Intervention> apply(const Intervention& change);
  void setInspectedNode(NodeId node);   // an RN1; -1: none
  void setFollowedPacket(std::int32_t endpoint);  // an endpoint's message; -1: none
  // The watch set (view/watch_set.h): the inspected RN1 and the followed message
  // when they changed; a fat-tree has no barrier, VC or slice panels.
  void setWatch(const WatchSet& watch);
  void rewind(std::int64_t cycle);
  void discardLaterInterventions();
  IntervalPoint sampleInterval();
  void frame(Frame& out) const;

  const fattree::CircuitSimulator& simulator() const { return *sim_; }
  const fattree::CircuitCheckpointStore& checkpoints() const { return *store_; }
  // The scenario this run started from (the loaded one, or after reset()
  // the faults and rate then) and the run since, as a recording.
  fattree::CircuitRecording recording() const;
  const NetworkGraph& graph() const { return graph_; }

 private:
  // A new run: the simulator of runScenario_ (at the first build the
  // loaded scenario; after reset() the faults and rate of now), a new log.
  void build();
  void clearWatched();  // the flashes, counters and views taken from events
  void fillTimeline(Frame& frame) const;  // the rewind bar's range, marks and memory
  // A change from the window, through the checkpoint store.
  void change(fattree::CircuitChangeKind kind, std::uint32_t id, double rate = 0.0);
  void onCircuitEvent(const fattree::CircuitEvent& e) override;
  void followEvent(const fattree::CircuitEvent& e);
  void startFollowing(std::uint32_t endpoint);
  std::uint32_t linkOf(std::uint32_t channel) const {
    return channel < linkOfChannel_.size() ? linkOfChannel_[channel] : kNoGraphId;
  }
  // The channels endpoint e's attempt holds now, from the sender on.
  std::vector<std::uint32_t> heldPath(std::uint32_t e) const;
  std::shared_ptr<const CircuitRouterView> inspectRouter() const;

  fattree::FatTreeScenario scenario_;
  fattree::FatTreeNetwork net_;  // built once; each simulator (reset) gets a copy
  NetworkGraph graph_;
  fattree::FatTreeScenario runScenario_;  // what this run started from (recording())
  std::unique_ptr<fattree::CircuitSimulator> sim_;
  std::unique_ptr<fattree::CircuitCheckpointStore> store_;  // drives sim_; rebuilt with it
  CircuitIntervals intervals_;  // the charts' points (the engine's: view/interval_point.h)
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

}  // namespace flit
