// Simulator::memoryBytes: what a copy of the Simulator (a checkpoint,
// sim/checkpoints.h) takes, estimated from its arrays and tables. It counts
// the containers that grow with the machine or the run; a member added later
// is still copied (the copy is defaulted), only its bytes may go uncounted
// here until it is listed.
#include "sim/simulator.h"

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
  bytes += bytesOf(packets_) + bytesOf(freePackets_);
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

}  // namespace flit
