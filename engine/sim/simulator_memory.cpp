// Simulator::memoryBytes: what a copy of the Simulator (a checkpoint,
// sim/checkpoints.h) takes, estimated from its arrays and tables. It counts
// the containers that grow with the machine or the run; a member added later
// is still copied (the copy is defaulted), only its bytes may go uncounted
// here until it is listed.
//
// Simulator::plannedBytes and checkFitsInMemory: the same arrays sized from
// a configuration before any is allocated (tst_memory_guard holds the two
// estimates together on every preset).
#include "sim/simulator.h"

#include "util/memory_budget.h"
#include "util/scenario_error.h"

#include <algorithm>
#include <limits>

namespace flit {

namespace {

template <class Vector>
std::size_t bytesOf(const Vector& v) {
  return v.capacity() * sizeof(typename Vector::value_type);
}

}  // namespace

std::size_t Simulator::memoryBytes() const {
  std::size_t bytes = sizeof(Simulator);
  bytes += bytesOf(slots_) + bytesOf(ivcs_) + bytesOf(ovcs_) + bytesOf(routers_) + bytesOf(hops_);
  bytes += bytesOf(portStalled_) + bytesOf(portViolations_) + bytesOf(portAdaptiveHops_) +
           bytesOf(portAgeGroups_) + bytesOf(ageRouters_);
  bytes += bytesOf(packets_) + bytesOf(freePackets_) + pairOrder_.bytes();
  for (const auto& slot : wheelFlits_) bytes += bytesOf(slot) + sizeof(slot);
  for (const auto& slot : wheelCredits_) bytes += bytesOf(slot) + sizeof(slot);
  for (const auto& slot : wheelEjections_) bytes += bytesOf(slot) + sizeof(slot);
  for (const auto& slot : wheelStarts_) bytes += bytesOf(slot) + sizeof(slot);
  for (const Injector& inj : injectors_) bytes += bytesOf(inj.queue) + sizeof(inj);
  bytes += bytesOf(laneReady_) + bytesOf(occupied_) + bytesOf(activeSources_) +
           bytesOf(sourceActive_);
  bytes += bytesOf(nodeUp_) + bytesOf(linkFailedByUser_) + bytesOf(pairBlocked_) +
           bytesOf(hotSpare_) + bytesOf(applied_) + bytesOf(cfg_.timeline);
  bytes += bytesOf(totals_.deliveredFlitsBySource) + bytesOf(stats_.flitsDeliveredBySource) +
           bytesOf(stats_.latency.histogram()) + bytesOf(stats_.networkLatency.histogram());
  // The topology's link arrays and the routing tables (those in force and
  // the generated ones): R_NET_LUT registers and VC table rows per node.
  const auto nodes = static_cast<std::size_t>(topo_.nodeCount());
  const auto links = static_cast<std::size_t>(topo_.linkCount());
  bytes += links * 16 + nodes * kMaxDims * sizeof(LinkId);
  for (const RoutingSetup* r : {&routing_, &generated_}) {
    if (r->tables) bytes += nodes * kNetLutEntries * sizeof(std::uint64_t);
    bytes += nodes * (kDirectionCount * sizeof(std::uint64_t) + 2 * sizeof(NodeId));
  }
  if (sync_) {  // the barrier networks: per node 32 BSU states and registers, a tree per BSU
    bytes += nodes * kBsusPerNode * (sizeof(BsuState) + sizeof(BsuRegister) + 2 * sizeof(std::int8_t));
  }
  return bytes;
}

namespace {

// Flit slots of one port's input buffers, laid out as the constructor lays
// them (Simulator::bufferSlots: each VC's ring from a cache line).
std::uint64_t slotsPerPort(const RouterConfig& r) {
  std::uint64_t slots = 0;
  const int vcs = std::clamp(r.vcCount, 1, kMaxVcs);
  for (int vc = 0; vc < vcs; ++vc) slots += Simulator::bufferSlots(std::max(r.depthOf(vc), 0));
  return slots;
}

// What a configuration takes before it is built: its flit slots and its
// bytes at most.
struct Plan {
  std::uint64_t flitSlots = 0;  // not `slots`: Qt's keyword macro in the app's includes
  std::uint64_t bytes = 0;
};

Plan plan(const SimConfig& cfg, const Topology& topo) {
  using Hop = RouterCore::Hop;
  using Injector = SimPackets::Injector;
  using Packet = SimPackets::Packet;
  const RouterConfig& r = cfg.router;
  const auto nodes = static_cast<std::uint64_t>(topo.nodeCount());
  const auto links = static_cast<std::uint64_t>(topo.linkCount());
  const auto vcs = static_cast<std::uint64_t>(std::clamp(r.vcCount, 1, kMaxVcs));
  const auto classes = static_cast<std::uint64_t>(std::clamp(r.vcClasses, 1, 2));
  const std::uint64_t ports = nodes * kPortsPerNode;
  Plan p;
  p.flitSlots = ports * slotsPerPort(r);
  const std::uint64_t queued = nodes * classes * static_cast<std::uint64_t>(std::max(r.sourceQueuePackets, 1));
  std::uint64_t& bytes = p.bytes;
  bytes = sizeof(Simulator);
  bytes += p.flitSlots * sizeof(FlitSlot) + ports * vcs * sizeof(InputVc) +
           nodes * kDirectionCount * (vcs * sizeof(OutputVc) + sizeof(Hop)) + nodes * sizeof(RouterState);
  bytes += ports * (3 + kAgeGroups) * sizeof(std::uint64_t);                        // port counters
  bytes += nodes * classes * sizeof(Injector) + queued * sizeof(std::int32_t);      // source queues
  bytes += (p.flitSlots + queued) * (sizeof(Packet) + sizeof(std::int32_t));            // packet pool, all full
  bytes += nodes * 3 * sizeof(void*) + (p.flitSlots + queued) * 12;  // PairOrder: a list per source, every packet alive
  bytes += (nodes << 6) * sizeof(std::uint16_t) + nodes * (4 + 2 * sizeof(std::uint64_t));  // lanes, per node
  if (r.arbiter == ArbiterKind::Age) bytes += nodes * sizeof(AgeRouterState);
  bytes += links * 17 + nodes * kMaxDims * sizeof(LinkId);  // the topology and user failures
  const std::uint64_t tables = cfg.routing.algorithm == RoutingAlgorithm::DirectionOrder
                                   ? nodes * kNetLutEntries * sizeof(std::uint64_t)
                                   : 0;
  bytes += 2 * (tables + nodes * (kDirectionCount * sizeof(std::uint64_t) + 2 * sizeof(NodeId)));
  if (!cfg.sync.trees.empty()) {
    bytes += nodes * kBsusPerNode * (sizeof(BsuState) + sizeof(BsuRegister) + 2 * sizeof(std::int8_t));
  }
  return p;
}

}  // namespace

std::uint64_t Simulator::plannedBytes(const SimConfig& cfg) { return plan(cfg, Topology(cfg.topology)).bytes; }

void Simulator::checkFitsInMemory(const SimConfig& cfg, std::optional<std::uint64_t> available) {
  const Topology topo(cfg.topology);
  const Plan needed = plan(cfg, topo);
  const auto machine = [&] {
    std::string m;
    for (int d = 0; d < topo.dims(); ++d) m += (d ? "x" : "") + std::to_string(topo.radix(d));
    return m + " machine with " + std::to_string(cfg.router.vcCount) + " VCs of " +
           std::to_string(cfg.router.vcDepthFlits) + " flits";
  };
  if (needed.flitSlots > std::numeric_limits<std::uint32_t>::max()) {
    throw ScenarioError("scenario.router.vcDepthFlits",
                        "a " + machine() + " has " + std::to_string(needed.flitSlots) +
                            " flit slots in its input buffers, more than the 4294967295 the engine indexes: "
                            "fewer or shallower VCs, or a smaller radix");
  }
  if (available && needed.bytes > *available) {
    throw ScenarioError("scenario.topology.radix",
                        "a " + machine() + " and source queues of " +
                            std::to_string(cfg.router.sourceQueuePackets) + " packets needs up to " +
                            bytesText(needed.bytes) + " of memory; " + bytesText(*available) +
                            " is available: a smaller radix, fewer or shallower VCs, or shorter source queues");
  }
}

}  // namespace flit
