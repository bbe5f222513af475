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

#include <stdexcept>
#include <string>

namespace flit {

const char* adaptiveUnavailableReason(const RouterConfig& router, RoutingAlgorithm algorithm) {
  if (router.adaptiveVcs <= 0) return "the router has no adaptive VC (router.adaptiveVcs is 0)";
  if (algorithm != RoutingAlgorithm::DirectionOrder)
    return "adaptive routing needs direction-order routing (routing.algorithm)";
  if (!router.speculative)
    return "adaptive routing is modelled with the speculative router only (router.speculative is false)";
  return nullptr;
}

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

// canAdvance for the deterministic choice, plus the adaptive VC on the
// adaptive output when "the adaptive buffer [has] space available for the
// entire packet" (section 5), under wormhole flow control too. The head is
// ready (front.ready) for the output that goes straight on; the one that
// turns waits turnExtraCycles more (T3E Table 2).
template <class P>
[[gnu::always_inline]] inline bool Simulator::canAdvanceAdaptive(NodeId n, const InputVc& iv,
                                                                 int& detOvc, bool& detOk,
                                                                 int& adOut, int& adOvc,
                                                                 bool& blocked) {
  bool detBlocked = false;
  detOvc = kNoOutput;
  adOut = -1;
  adOvc = kNoOutput;
  detOk = canAdvance<P>(n, iv, detOvc, detBlocked);
  const int a = iv.adaptPort;
  if (!isHeadFlit<P>(iv.front) || a < 0) {  // not a head, or no adaptive request
    blocked = detBlocked;
    return detOk;
  }
  const std::uint8_t flags = iv.pendingDateline;
  const bool turnPending =
      (flags & (kAdaptiveHeadDetLate | kAdaptiveHeadAdLate)) &&
      readyIn(iv.front.ready + static_cast<std::uint32_t>(cfg_.router.turnExtraCycles)) > 0;
  if (turnPending && (flags & kAdaptiveHeadDetLate)) {
    detOk = false;  // not blocked: its turn is not over yet
    detBlocked = false;
  }
  if (!(turnPending && (flags & kAdaptiveHeadAdLate)) &&
      linkUp(n, a)) {
    const OutputVc& o = ovcs_[static_cast<std::size_t>(ovcIndex(n, a, adaptiveVc_))];
    if (o.owner < 0 && o.credits >= iv.front.length) {
      adOut = a;
      adOvc = adaptiveVc_;
      return true;
    }
  }
  blocked = detBlocked;
  return detOk;
}

// RouterSteps::allocateRouter (router/router_steps.h) with section 7's two requests per
// head: the deterministic VC of the lowest-ordered unsatisfied direction
// (iv.outPort) and the adaptive VC of the highest (iv.adaptPort). Outputs are
// first arbitrated, then each winning input flows once: on its adaptive
// choice when it won both ("If the requesting interface wins the physical
// output at both of its requested interfaces, it flows on the adaptive
// choice"); an output won but not used stays idle this cycle (the hardware
// "restart[s] its arbitration for other suitors"). When both choices are the
// same physical output only one request is made, for the deterministic VC if
// it is free ("In this case, the deterministic VC is used"; manual NOTE under
// Figure 20), else for the adaptive VC. A blocked adaptive head keeps
// requesting its deterministic VC: it can always fall back (section 5).
template <class P>
void Simulator::allocateRouterAdaptive(CycleOutbox& ob, NodeId n, std::uint64_t ready) {
  using Arbiter = typename P::Arbiter;
  RouterState& r = routers_[static_cast<std::size_t>(n)];
  std::array<std::int8_t, kPortsPerNode> chosenVc, detOut, detOvcOf, adOutOf, winnerAt;
  std::array<std::uint8_t, kPortsPerNode> requests{}, lowRequests{};  // per output: input ports
  winnerAt.fill(-1);
  std::uint8_t wantedButBlocked = 0, requestedOutputs = 0;
  std::uint8_t wonAdaptive = 0;  // input ports that won their adaptive output
  const std::uint64_t readyPorts = portsOf(ready);
  lapseWaitingPorts<P>(r, readyPorts);
  for (std::uint64_t ports = readyPorts; ports; ports &= ports - 1) {
    const int in = __builtin_ctzll(ports) >> laneShift_;
    const auto inU = static_cast<std::size_t>(in);
    const auto mask = static_cast<std::uint32_t>(ready >> lane(in, 0)) & laneMask_;
    const int firstIvc = ivcIndex(n, in, 0);
    int pick = -1, pickDetOvc = kNoOutput, pickAdOut = -1;
    bool pickDetOk = false;
    const int start = inputVcStart<Arbiter>(P::kGrantsOutlastSend ? r.stickyVc[inU] : 0xFF, r.rrVc[inU], vcs_);
    for (std::uint32_t rot = rotatedVcMask(mask, start, vcs_); rot; rot &= rot - 1) {
      const int vc = rotatedVc(rot, start, vcs_);
      InputVc& iv = ivcs_[static_cast<std::size_t>(firstIvc + vc)];
      if (!offersFront<P>(ob, n, in, vc, iv)) continue;
      int detOvc = kNoOutput, adOut = -1, adOvc = kNoOutput;
      bool detOk = false, blocked = false;
      if (canAdvanceAdaptive<P>(n, iv, detOvc, detOk, adOut, adOvc, blocked) && pick < 0) {
        pick = vc;
        pickDetOk = detOk;
        pickDetOvc = detOvc;
        pickAdOut = adOut;
      }
      if (blocked) noteBlockedFront(iv, wantedButBlocked);
    }
    if (pick < 0) {
      if constexpr (P::kGrantsOutlastSend) r.stickyVc[inU] = 0xFF;
      continue;
    }
    const int det = ivcs_[static_cast<std::size_t>(firstIvc + pick)].outPort;
    if (pickAdOut == det && pickDetOk) pickAdOut = -1;  // same physical output: deterministic VC
    chosenVc[inU] = static_cast<std::int8_t>(pick);
    detOut[inU] = static_cast<std::int8_t>(pickDetOk ? det : -1);
    detOvcOf[inU] = static_cast<std::int8_t>(pickDetOvc);
    adOutOf[inU] = static_cast<std::int8_t>(pickAdOut);
    const auto bit = static_cast<std::uint8_t>(1u << in);
    if (pickDetOk) {
      requests[static_cast<std::size_t>(det)] |= bit;
      requestedOutputs |= static_cast<std::uint8_t>(1u << det);
    }
    if (pickAdOut >= 0) {
      auto& m = Arbiter::kAdaptiveLowestPriority ? lowRequests : requests;
      m[static_cast<std::size_t>(pickAdOut)] |= bit;
      requestedOutputs |= static_cast<std::uint8_t>(1u << pickAdOut);
    }
  }
  // Output arbitration: started packets and deterministic requests first
  // (sticky grant, then round robin); adaptive heads round robin among
  // themselves when nothing else wants the output.
  // An output a barrier packet takes this cycle sends no data (T3E section 6).
  for (std::uint32_t outs = (requestedOutputs | wantedButBlocked) & ~std::uint32_t{r.syncBusyOut}; outs;
       outs &= outs - 1) {
    const int out = __builtin_ctz(outs);
    const auto outU = static_cast<std::size_t>(out);
    const std::uint32_t mask = requests[outU];
    const std::uint32_t low = lowRequests[outU];
    if (!(mask | low)) {
      ++portStalled_[static_cast<std::size_t>(n * kPortsPerNode + out)];
      continue;
    }
    int winner = -1;
    if constexpr (Arbiter::kOutputKeepsGrant && P::kGrantsOutlastSend) {
      const int sticky = r.stickyInput[outU];
      if (sticky >= 0 && (mask & (1u << sticky))) winner = sticky;
    }
    if (winner < 0) {
      winner = roundRobinPick(mask ? mask : low, r.rrInput[outU], kPortsPerNode);
      r.rrInput[outU] = static_cast<std::uint8_t>(winner);
    }
    winnerAt[outU] = static_cast<std::int8_t>(winner);
    if (adOutOf[static_cast<std::size_t>(winner)] == out) {
      wonAdaptive |= static_cast<std::uint8_t>(1u << winner);
    }
  }
  for (std::uint32_t outs = requestedOutputs; outs; outs &= outs - 1) {
    const int out = __builtin_ctz(outs);
    const auto outU = static_cast<std::size_t>(out);
    const int winner = winnerAt[outU];
    if (winner < 0) continue;
    const auto winU = static_cast<std::size_t>(winner);
    const bool adaptiveWin = (wonAdaptive >> winner) & 1u;
    if ((adaptiveWin ? adOutOf[winU] : detOut[winU]) != out) continue;  // flows elsewhere
    // Adaptive routing: no age arbiter, speculative only (CyclePolicy).
    sendGranted<P>(ob, n, r, winner, chosenVc[winU], out, adaptiveWin ? adaptiveVc_ : detOvcOf[winU]);
  }
}

// The adaptive policies withCyclePolicy picks (sim/cycle_policy.h).
template void Simulator::allocateRouterAdaptive<CyclePolicy<AdaptiveRouting, RoundRobinArbiter, WormholeFlow, true>>(CycleOutbox&, NodeId, std::uint64_t);
template void Simulator::allocateRouterAdaptive<CyclePolicy<AdaptiveRouting, RoundRobinArbiter, CutThroughFlow, true>>(CycleOutbox&, NodeId, std::uint64_t);
template void Simulator::allocateRouterAdaptive<CyclePolicy<AdaptiveRouting, RoundRobinArbiter, StoreAndForwardFlow, true>>(CycleOutbox&, NodeId, std::uint64_t);
template void Simulator::allocateRouterAdaptive<CyclePolicy<AdaptiveRouting, RoundRobinArbiter, OneFlitFlow, true>>(CycleOutbox&, NodeId, std::uint64_t);
template void Simulator::allocateRouterAdaptive<CyclePolicy<AdaptiveRouting, T3eArbiter, WormholeFlow, true>>(CycleOutbox&, NodeId, std::uint64_t);
template void Simulator::allocateRouterAdaptive<CyclePolicy<AdaptiveRouting, T3eArbiter, CutThroughFlow, true>>(CycleOutbox&, NodeId, std::uint64_t);
template void Simulator::allocateRouterAdaptive<CyclePolicy<AdaptiveRouting, T3eArbiter, StoreAndForwardFlow, true>>(CycleOutbox&, NodeId, std::uint64_t);
template void Simulator::allocateRouterAdaptive<CyclePolicy<AdaptiveRouting, T3eArbiter, OneFlitFlow, true>>(CycleOutbox&, NodeId, std::uint64_t);

}  // namespace flit
