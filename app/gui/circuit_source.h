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
//    mean latency (message created to last byte; the maximum is the
//    slowest since the reset: the simulator keeps no per-interval maximum),
//    offered and accepted bytes per endpoint per cycle, messages in progress.
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
#include "topology/network_graph.h"

#include <memory>
#include <vector>

namespace flitgui {

class CircuitSource final : public SimulationSource {
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
  StatsPoint sampleInterval() override;
  void fillSnapshot(FrameSnapshot& frame) const override;

  const flit::fattree::CircuitSimulator& simulator() const { return *sim_; }
  const flit::NetworkGraph& graph() const { return graph_; }

 private:
  void build();  // a new simulator from the scenario, with the faults and rate of now

  flit::fattree::FatTreeScenario scenario_;
  flit::fattree::FatTreeNetwork net_;  // built once; each simulator (reset) gets a copy
  flit::NetworkGraph graph_;
  std::unique_ptr<flit::fattree::CircuitSimulator> sim_;
  std::vector<std::uint8_t> routerFailed_;   // per router: as the GUI left it (kept by reset)
  std::vector<std::uint8_t> channelFailed_;  // per channel id
  double rate_ = 0.0;
  flit::fattree::CircuitStats last_;  // the counters at the last sample
  std::uint64_t lastSampleCycle_ = 0;
};

}  // namespace flitgui
