// The lean engine (lean_simulator.h): which configurations it runs, the
// choice of hot-path variant, and its read access. The shared part is
// lean_simulator_core.h, the hot path lean_simulator_hot.h.
#include "sim/lean_simulator.h"

#include "sim/lean_simulator_hot.h"

#include <memory>
#include <stdexcept>
#include <string>

namespace flit {

std::string LeanSimulator::unsupportedReason(const SimConfig& cfg) {
  const RouterConfig& r = cfg.router;
  if (!cfg.failedLinks.empty() || !cfg.failedNodes.empty() || !cfg.timeline.empty()) {
    return "faults, timeline: the lean engine models no failed links or nodes, no interventions";
  }
  if (!cfg.hotSpares.empty()) return "faults.hotSpares: not in the lean engine";
  if (cfg.routing.algorithm != RoutingAlgorithm::DimensionOrder) {
    return "routing.algorithm: the lean engine routes dimension-order only";
  }
  if (cfg.routing.tieRule != TieRule::Plus) {
    return "routing.tieRule: the lean engine sends half-ring ties + only (\"plus\")";
  }
  if (r.vcClasses != 1) return "router.vcClasses: the lean engine has one VC class";
  if (r.adaptiveVcs != 0) return "router.adaptiveVcs: the lean engine has no adaptive VC";
  if (r.arbiter != ArbiterKind::RoundRobin) return "router.arbiter: the lean engine arbitrates round-robin only";
  if (!r.speculative) return "router.speculative: the lean engine models the speculative router only";
  if (r.vcCount > kMaxVcs) return "router.vcCount: more than " + std::to_string(kMaxVcs);
  if (r.vcDepthFlits > 255) return "router.vcDepthFlits: the lean engine holds up to 255 flits per VC";
  for (const PacketMixEntry& e : cfg.traffic.mix) {
    if (isRequest(e.kind) || isResponse(e.kind)) {
      return "traffic.mix: requests and responses need Simulator";
    }
  }
  return {};
}

namespace {
template <int K, bool kOneFlit>
std::unique_ptr<LeanSimulator::Core> makeCore(const SimConfig& cfg) {
  return std::make_unique<LeanCoreImpl<K, kOneFlit>>(cfg);
}
}  // namespace

LeanSimulator::LeanSimulator(const SimConfig& cfg) {
  const std::string why = unsupportedReason(cfg);
  if (!why.empty()) throw std::invalid_argument("LeanSimulator: " + why);
  const bool oneFlit = cfg.traffic.maxPacketFlits() == 1;
  if (cfg.router.vcCount <= 2) {
    core_ = oneFlit ? makeCore<2, true>(cfg) : makeCore<2, false>(cfg);
  } else if (cfg.router.vcCount <= 4) {
    core_ = oneFlit ? makeCore<4, true>(cfg) : makeCore<4, false>(cfg);
  } else {
    core_ = oneFlit ? makeCore<8, true>(cfg) : makeCore<8, false>(cfg);
  }
}

LeanSimulator::~LeanSimulator() = default;

bool LeanSimulator::step() { return run(1) == 1; }
std::uint64_t LeanSimulator::run(std::uint64_t n) { return core_->run(n); }
void LeanSimulator::resetStats() { core_->resetStats(); }
std::uint64_t LeanSimulator::cycle() const { return core_->cycle_; }
const Topology& LeanSimulator::topology() const { return core_->topo_; }
const SimTotals& LeanSimulator::totals() const { return core_->totals_; }
const SimStats& LeanSimulator::stats() const { return core_->stats_; }
bool LeanSimulator::deadlocked() const { return core_->deadlocked_; }
int LeanSimulator::vcCount() const { return core_->vcs_; }
PortCounters LeanSimulator::portCounters(NodeId n, int port) const { return core_->portCounters(n, port); }
int LeanSimulator::bufferedFlits(NodeId n, int port, int vc) const {
  return core_->bufferedFlits(n, port, vc);
}
double LeanSimulator::meanOccupancy(NodeId n, int port, int vc) const {  // Simulator::meanOccupancy
  const std::uint64_t span = core_->cycle_ - core_->stats_.startCycle;
  if (span == 0) return 0.0;
  return static_cast<double>(core_->occupancyArea(n, port, vc)) / static_cast<double>(span);
}
double LeanSimulator::linkUtilization(NodeId n, int port) const {  // Simulator::linkUtilization
  const std::uint64_t span = core_->cycle_ - core_->stats_.startCycle;
  if (span == 0) return 0.0;
  return static_cast<double>(portCounters(n, port).flitsSent) / static_cast<double>(span);
}

}  // namespace flit
