// The allocator of RouterSteps while adaptive routing is on (T3E section 7;
// docs/routing.md "Adaptive routing"): each head may request a
// deterministic and an adaptive output. Definitions only, included by the
// one file that instantiates them for the adaptive policies
// (sim/simulator_adaptive.cpp), so that the other files of the cycle do not
// compile them again.
#pragma once

#include "router/router_steps.h"

namespace flit {

// canAdvance for the deterministic choice, plus the adaptive VC on the
// adaptive output when "the adaptive buffer [has] space available for the
// entire packet" (section 5), under wormhole flow control too. The head is
// ready (front.ready) for the output that goes straight on; the one that
// turns waits turnExtraCycles more (T3E Table 2).
template <class Host>
template <class P>
[[gnu::always_inline]] inline bool RouterSteps<Host>::canAdvanceAdaptive(NodeId n, const InputVc& iv, int& detOvc,
                                                                         bool& detOk, int& adOut, int& adOvc,
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
      readyIn(iv.front.ready + static_cast<std::uint32_t>(turnExtraCycles_)) > 0;
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
template <class Host>
template <class P, class Ob>
void RouterSteps<Host>::allocateRouterAdaptive(Ob& ob, NodeId n, std::uint64_t ready) {
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

}  // namespace flit
