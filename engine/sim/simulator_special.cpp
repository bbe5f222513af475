// The simulator's side of the special (delta) network (sim/special_network.h;
// T3E paper sections 8 and 9, manual "Special Routing"): SPUT and SGET
// applied as interventions, each cycle's special packets moved before the
// routers allocate, and the registers they reach.
#include "sim/simulator.h"

#include "routing/route_tables.h"
#include "util/scenario_error.h"

#include <stdexcept>
#include <string>

namespace flit {

class SimulatorSpecialHost final : public SpecialHost {
 public:
  explicit SimulatorSpecialHost(Simulator& sim) : sim_(sim) {}
  bool nodeUp(NodeId n) const override { return sim_.nodeUp(n); }
  void writeRegister(NodeId router, SpecialRegister reg, int lutIndex, std::uint64_t value) override {
    if (reg == SpecialRegister::Resets) {
      sim_.resetRouter(router);
    } else if (reg == SpecialRegister::NetLut) {
      sim_.setLutEntry(router, lutIndex, value);  // checked when the SPUT was issued
    }
  }
  std::uint64_t readRegister(NodeId router, SpecialRegister reg, int lutIndex) const override {
    if (reg != SpecialRegister::NetLut) return 0;  // R_RESETS reads as 0
    return sim_.routing_.tables->entry(router, lutIndex);
  }
  void linkTaken(NodeId router, int direction) override {
    std::uint8_t& busy = sim_.routers_[static_cast<std::size_t>(router)].syncBusyOut;
    if (!busy) sim_.syncBusy_.push_back(router);
    busy = static_cast<std::uint8_t>(busy | (1u << direction));
  }
  void publish(SimEventKind k, NodeId node, int port, std::int64_t aux) override {
    if (sim_.observer_) sim_.publish(k, -1, node, port, -1, aux);
  }

 private:
  Simulator& sim_;
};

void Simulator::specialOperate(const Intervention& i) {
  const std::string what(interventionKindName(i.kind));
  if (i.id < 0 || i.id >= topo_.nodeCount()) throw std::out_of_range(what + ": bad node id " + std::to_string(i.id));
  if (!nodeUp(i.id)) {
    throw std::invalid_argument(what + ": node " + formatCoord(topo_.coordOf(i.id), topo_.dims()) + " is down");
  }
  for (const int d : i.deltas.delta) {
    if (d < -255 || d > 255) throw std::invalid_argument(what + ": a delta is outside -255..255");
  }
  if (i.specialRegister == SpecialRegister::NetLut) {
    if (routing_.algorithm != RoutingAlgorithm::DirectionOrder || !routing_.tables) {
      throw ScenarioError("routing.algorithm", what + " of R_NET_LUT needs the look-up tables of direction-order routing");
    }
    if (i.lutIndex < 0 || i.lutIndex >= kNetLutEntries) {
      throw ScenarioError("index", what + ": R_NET_LUT has entries 0.." + std::to_string(kNetLutEntries - 1));
    }
    if (i.kind == InterventionKind::SpecialPut) {
      const std::vector<std::string> problems = validateTag(topo_, i.tag);
      if (!problems.empty()) throw ScenarioError("value", problems.front());
    }
  }
  if (!special_) special_.emplace(topo_.nodeCount());
  const SpecialKind kind = i.kind == InterventionKind::SpecialGet ? SpecialKind::Get : SpecialKind::Put;
  special_->issue(kind, i.id, i.deltas, i.specialRegister, i.lutIndex, i.tag, cycle_);
}

void Simulator::advanceSpecial() {
  SimulatorSpecialHost host(*this);
  special_->advance(cycle_, topo_, SpecialNetwork::hopCycles(cfg_.router.linkDelayCycles), host);
}

void Simulator::resetRouter(NodeId node) {
  if (node < 0 || node >= topo_.nodeCount()) throw std::out_of_range("resetRouter: bad node id");
  std::vector<std::int32_t> doomed;
  for (int port = 0; port < kPortsPerNode; ++port) {
    for (int vc = 0; vc < vcs_; ++vc) {
      const InputVc& iv = ivcs_[static_cast<std::size_t>(ivcIndex(node, port, vc))];
      for (std::uint32_t i = 0; i < iv.count; ++i) doomed.push_back(bufferedFlit(iv, i).packet);
    }
  }
  purge(doomed, DropReason::RouterReset);
  lastMoveCycle_ = cycle_;
}

}  // namespace flit
