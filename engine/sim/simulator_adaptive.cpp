// Adaptive routing of the Cray T3E (Scott & Thorson 1996, sections 2.4, 3.4,
// 5 and 7; manual HMM-160-0, "Adaptive Routing" and Figure 20), used while
// Simulator::adaptive() is on. docs/routing.md "Adaptive routing" explains
// the rules and why they stay deadlock-free.
//
// Per packet nothing is stored beyond the routing tag: a direction-order tag
// holds each dimension's absolute address and sign (manual Table 7), so at
// any router a dimension is unsatisfied exactly when the router's coordinate
// differs from the tag's address, and its profitable (minimal) direction is
// the tag's sign. The remaining offset in a dimension is the distance from
// the router's coordinate to the address travelling in that sign; every hop,
// deterministic or adaptive, shortens it by one, so an adaptive packet takes
// exactly as many hops as its deterministic route.
#include "router/arbiter.h"
#include "sim/simulator.h"
#include "sim/simulator_hot.h"
#include "router/router_steps_adaptive.h"

#include <stdexcept>
#include <string>

namespace flit {

void Simulator::setAdaptive(bool enabled) {
  if (const char* why = adaptiveUnavailableReason(); enabled && why)
    throw std::invalid_argument(std::string("setAdaptive: enabled: ") + why);
  // Heads routed before keep their adaptive choice: with adaptivity off the
  // deterministic allocator ignores it and noteHeadLeft settles their
  // dateline accounting; with it on again they may still use it. (A head
  // routed while on whose deterministic output turns and whose adaptive one
  // did not, and that leaves after the switch, skips its turn cycles.)
  cfg_.router.adaptiveRouting = enabled;
  adaptiveOn_ = enabled;  // the next cycle runs AdaptiveRouting's policy or not (cycleSelection)
}

// Section 7: "An optional second request is made if the packet is marked as
// adaptive. This request goes to the adaptive VC on the output corresponding
// to the highest ordered direction yet to be satisfied" (order +X, +Y, +Z,
// -X, -Y, -Z, manual "Adaptive Routing"). Decided before this hop's
// routeStep. No request when the tag lacks bit 37 (the LUT disables a pair,
// section 5), for an ordered request (section 5), while the initial hop is
// pending, once every dimension is satisfied (the final -Z hop and the
// delivery stay deterministic), or into a missing or failed link.
int Simulator::adaptiveOutput(NodeId n, const Packet& p) const {
  const RouteState& st = p.route;
  if (p.ordered || !((st.tag >> RoutingTag::kAdaptiveBit) & 1u)) return -1;
  const auto initialHop = static_cast<InitialHop>((st.tag >> RoutingTag::kInitialHopShift) & 0x3u);
  if (initialHop != InitialHop::None && !(st.phase & RouteState::kPhaseInitialHopDone)) {
    return -1;
  }
  if (st.phase & RouteState::kPhaseFinalHopDone) return -1;
  const int dir = routeCache_.highestUnsatisfied(n, st.tag);
  return dir >= 0 && linkUp(n, dir) ? dir : -1;  // a channel that exists and is up
}

Simulator::HeadRequests Simulator::headRequests(NodeId n, int port, int vc) const {
  if (n < 0 || n >= topo_.nodeCount() || port < 0 || port >= kPortsPerNode || vc < 0 ||
      vc >= vcs_) {
    throw std::out_of_range("headRequests: no input VC (" + std::to_string(n) + ", " +
                            std::to_string(port) + ", " + std::to_string(vc) + ")");
  }
  const InputVc& iv = ivcs_[static_cast<std::size_t>(ivcIndex(n, port, vc))];
  if (iv.count == 0 || iv.draining || iv.front.index != 0) return {};
  return {iv.outPort, iv.adaptPort};
}

void Simulator::applyDatelineSelection(CycleOutbox& ob, NodeId n, int inPort, int vc, int out,
                                       std::int32_t pkt, bool crossed, bool violation) {
  const std::int32_t serial = packets_[static_cast<std::size_t>(pkt)].serial;
  if (crossed) {
    count(ob, totals_.datelineCrossings);
    if (observer_) publishFrom(ob, SimEventKind::DatelineCrossed, serial, n, out, vc, 0);
  }
  if (violation) {
    count(ob, totals_.datelineViolations);
    ++portViolations_[static_cast<std::size_t>(n * kPortsPerNode + inPort)];
    if (observer_) publishFrom(ob, SimEventKind::DatelineViolation, serial, n, out, vc, 0);
  }
}

// A head that had an adaptive choice left on (out, outVc). On the adaptive
// VC it never switches VC at a dateline (section 3.2: "with the exception of
// adaptive traffic"), so the dateline selection made for its deterministic
// choice is dropped; on a deterministic VC it is accounted now.
void Simulator::noteHeadLeft(CycleOutbox& ob, NodeId n, int inPort, int vc, int out, int outVc, std::int32_t pkt) {
  const int ivc = ivcIndex(n, inPort, vc);
  InputVc& iv = ivcs_[static_cast<std::size_t>(ivc)];
  std::uint8_t& pending = ivcs_[static_cast<std::size_t>(ivc)].pendingDateline;
  iv.adaptPort = -1;
  if (outVc == adaptiveVc_) {
    iv.outPort = static_cast<std::int8_t>(out);  // the body follows the head
    pending = 0;
    count(ob, totals_.adaptiveHops);
    ++portAdaptiveHops_[static_cast<std::size_t>(n * kPortsPerNode + out)];
    if (observer_) {
      publishFrom(ob, SimEventKind::AdaptiveHop, packets_[static_cast<std::size_t>(pkt)].serial, n, out,
              outVc, 0);
    }
    return;
  }
  if (pending & (kAdaptiveHeadCrossed | kAdaptiveHeadViolation)) {
    applyDatelineSelection(ob, n, inPort, vc, out, pkt, pending & kAdaptiveHeadCrossed,
                           pending & kAdaptiveHeadViolation);
  }
  pending = 0;
}

// The adaptive policies withCyclePolicy picks (sim/cycle_policy.h).
template void RouterSteps<Simulator>::allocateRouterAdaptive<CyclePolicy<AdaptiveRouting, RoundRobinArbiter, WormholeFlow, true>, CycleOutbox>(CycleOutbox&, NodeId, std::uint64_t);
template void RouterSteps<Simulator>::allocateRouterAdaptive<CyclePolicy<AdaptiveRouting, RoundRobinArbiter, CutThroughFlow, true>, CycleOutbox>(CycleOutbox&, NodeId, std::uint64_t);
template void RouterSteps<Simulator>::allocateRouterAdaptive<CyclePolicy<AdaptiveRouting, RoundRobinArbiter, StoreAndForwardFlow, true>, CycleOutbox>(CycleOutbox&, NodeId, std::uint64_t);
template void RouterSteps<Simulator>::allocateRouterAdaptive<CyclePolicy<AdaptiveRouting, RoundRobinArbiter, OneFlitFlow, true>, CycleOutbox>(CycleOutbox&, NodeId, std::uint64_t);
template void RouterSteps<Simulator>::allocateRouterAdaptive<CyclePolicy<AdaptiveRouting, T3eArbiter, WormholeFlow, true>, CycleOutbox>(CycleOutbox&, NodeId, std::uint64_t);
template void RouterSteps<Simulator>::allocateRouterAdaptive<CyclePolicy<AdaptiveRouting, T3eArbiter, CutThroughFlow, true>, CycleOutbox>(CycleOutbox&, NodeId, std::uint64_t);
template void RouterSteps<Simulator>::allocateRouterAdaptive<CyclePolicy<AdaptiveRouting, T3eArbiter, StoreAndForwardFlow, true>, CycleOutbox>(CycleOutbox&, NodeId, std::uint64_t);
template void RouterSteps<Simulator>::allocateRouterAdaptive<CyclePolicy<AdaptiveRouting, T3eArbiter, OneFlitFlow, true>, CycleOutbox>(CycleOutbox&, NodeId, std::uint64_t);

}  // namespace flit
