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
// Rewind (circuit_source_rewind.cpp): every change made from the window (a
// router or channel failed or repaired, the rate) is logged with its cycle;
// rewind(c) builds the simulator of the run's cycle 0 again and re-simulates
// to c, applying the logged changes at their cycles (the simulator is
// deterministic). No checkpoints: a rewind costs the cycles up to c (the 4K
// tree re-simulates about 15,000 cycles a second). Changes logged after c
// are pending: run on, they apply at their cycles again, unless
// discardLaterInterventions() drops them. reset() starts a new run (with
// the changes made so far in force) and a new log.
// Commands: a link failed or repaired is its channel (failChannel /
// repairChannel), a node its RN1 (failRouter / repairRouter); the load is
// the scenario's rate (per cycle, the chance an idle endpoint gets a new
// message). The pattern, adaptive routing and the torus tools are refused
// with an error naming the field. reset() starts the scenario again with the
// faults made since.
#pragma once

#include "simulation_source.h"

#include "fattree/circuit_simulator.h"
#include "fattree/fat_tree_scenario.h"
#include "sim/latency_stats.h"
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
  // channel colour (blue up, green down, orange lateral) is near.
  static constexpr VcClass kCircuitClass = VcClass::Adaptive;

  explicit CircuitSource(flit::fattree::FatTreeScenario scenario);  // throws what the builder throws
  ~CircuitSource() override;

  std::uint64_t cycle() const override { return sim_->cycle(); }
  bool step() override;
  void reset() override;
  void setLinkUp(flit::LinkId link, bool up) override;
  void setNodeUp(flit::NodeId node, bool up) override;
  void setTrafficPattern(const std::string& pattern) override;
  void setInjectionRate(double rate) override;
  void setAdaptive(bool enabled) override;
  void setInspectedNode(flit::NodeId node) override;   // an RN1; -1: none
  void setFollowedPacket(std::int32_t endpoint) override;  // an endpoint's message; -1: none
  void rewind(std::int64_t cycle) override;
  void discardLaterInterventions() override;
  StatsPoint sampleInterval() override;
  void fillSnapshot(FrameSnapshot& frame) const override;

  const flit::fattree::CircuitSimulator& simulator() const { return *sim_; }
  const flit::NetworkGraph& graph() const { return graph_; }

 private:
  void build();    // a new run: the simulator from the scenario with the faults and rate of now, a new log
  void restart();  // a new simulator with faults_ and rate_, the watched state cleared
  // A change from the window (circuit_source_rewind.cpp).
  struct Change {
    enum class Kind : std::uint8_t { FailRouter, RepairRouter, FailChannel, RepairChannel, SetRate };
    std::uint64_t cycle = 0;
    Kind kind = Kind::SetRate;
    std::uint32_t id = 0;  // router or channel id
    double rate = 0.0;
  };
  void apply(const Change& c);   // to the simulator, faults_ and rate_
  void record(Change c);         // applied now and logged at the current cycle
  void applyDue();               // the logged changes stamped at or before the current cycle
  static std::string describe(const Change& c);
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
  std::unique_ptr<flit::fattree::CircuitSimulator> sim_;
  flit::fattree::FaultMap faults_;  // as the GUI left them (kept by reset)
  flit::fattree::FaultMap baseFaults_;  // at cycle 0 of this run (rewind starts there)
  double rate_ = 0.0;
  double baseRate_ = 0.0;
  std::vector<Change> log_;  // by cycle; log_[applied_..] pending
  std::size_t applied_ = 0;
  std::uint64_t lastCycle_ = 0;  // the last cycle of the run as recorded
  std::vector<std::uint64_t> intervalChanges_;  // cycles of changes since the last sample (chart markers)
  mutable std::shared_ptr<const std::vector<TimelineMark>> timeline_;
  flit::fattree::CircuitStats last_;  // the counters at the last sample
  std::uint64_t lastSampleCycle_ = 0;

  std::vector<std::uint32_t> linkOfChannel_;  // per channel id: its graph link (kNoGraphId: unconnected)
  std::vector<std::uint32_t> inputChannel_;   // per input port id: the channel driving it
  std::vector<std::pair<std::uint32_t, std::uint32_t>> endpointInput_;  // (endpoint, channel into it), sorted
  flit::LatencyStats latency_;             // delivered messages since the reset (the histogram)
  std::uint64_t intervalLatencyMax_ = 0;   // the slowest delivered since the last sample
  std::deque<CircuitFlash> flashes_;          // the discards of the last kFlashCycles cycles
  std::uint64_t attemptsStarted_ = 0;
  std::uint64_t retriesStarted_ = 0;
  std::vector<std::uint8_t> backingOff_;      // per endpoint: discarded, waiting to retry
  std::uint64_t backingOffCount_ = 0;

  std::int32_t followed_ = -1;  // the endpoint whose message is followed
  FollowedPacket follow_;

  std::uint32_t inspected_ = kNoGraphId;  // the inspected RN1
  std::uint64_t inspectedBusy_ = 0;
  std::uint64_t inspectedFault_ = 0;
};

}  // namespace flitgui
