// The per-flit allocation helpers shared by the two allocators
// (simulator_step.cpp: deterministic; simulator_adaptive.cpp: adaptive
// routing on). Private to engine/sim; inlined into both.
#pragma once

#include "sim/simulator.h"

namespace flit {

inline constexpr int kNoOutput = -1;

// The VCs of `mask` (those holding flits) in round-robin order from `start`:
// the set bits of the mask rotated right by `start`. Walk it with
// `for (r = rotated; r; r &= r - 1) vc = (start + ctz(r)) mod vcs`.
[[gnu::always_inline]] inline std::uint32_t rotatedVcMask(std::uint32_t mask, int start, int vcs) {
  const std::uint32_t all = (1u << vcs) - 1u;
  return ((mask >> start) | (mask << (vcs - start))) & all;
}

// InputVc::pendingDateline bits, for a head with an adaptive request.
inline constexpr std::uint8_t kAdaptiveHeadCrossed = 1;    // its deterministic hop crosses a dateline
inline constexpr std::uint8_t kAdaptiveHeadViolation = 2;  // ... commits a dateline violation
inline constexpr std::uint8_t kAdaptiveHeadDetLate = 4;    // deterministic output: turn, adaptive: not
inline constexpr std::uint8_t kAdaptiveHeadAdLate = 8;     // adaptive output: turn, deterministic: not

// The output VC a head may take: the lowest-numbered free VC with room (the
// whole packet under cut-through) in vcRange.
[[gnu::always_inline]] inline int Simulator::chooseOutputVc(NodeId n, int out, const InputVc& iv, int length) const {
  int first = 0, count = 0;
  vcRange(iv.cls, iv.level, first, count);
  const int need = cfg_.router.flowControl == FlowControl::VirtualCutThrough ? length : 1;
  const OutputVc* o = &ovcs_[static_cast<std::size_t>(ovcIndex(n, out, 0))];
  for (int v = first; v < first + count; ++v) {
    if (o[v].owner < 0 && o[v].credits >= need) return v;
  }
  return kNoOutput;
}

// Whether the front flit of `iv` (ready: the allocators check frontReady
// first) can leave this cycle; sets the output VC it
// would use. `blocked` is set when it is ready but lacks a resource (XT
// Table 4 BLOCKED).
[[gnu::always_inline]] inline bool Simulator::canAdvance(NodeId n, const InputVc& iv, int& outVc, bool& blocked) {
  const int out = iv.outPort;
  if (out == kProcessorPort) {
    outVc = kNoOutput;
    if (iv.frontHead && isRequest(iv.frontKind)) {
      const Injector& inj = injectors_[static_cast<std::size_t>(n * classes_ + 1)];
      if (inj.count + inj.reserved >= cfg_.router.sourceQueuePackets) {
        blocked = true;
        return false;
      }
    }
    return true;
  }
  if (iv.frontHead) {
    outVc = chooseOutputVc(n, out, iv, iv.frontLength);
  } else {
    outVc = iv.outVc;
    if (ovcs_[static_cast<std::size_t>(ovcIndex(n, out, outVc))].credits <= 0) outVc = kNoOutput;
  }
  if (outVc == kNoOutput) {
    blocked = true;
    return false;
  }
  return true;
}

[[gnu::always_inline]] inline void Simulator::sendGranted(NodeId n, RouterState& r, int winner, int vc,
                                                        int out, int outVc) {
  const auto winU = static_cast<std::size_t>(winner);
  r.rrVc[winU] = static_cast<std::uint8_t>(vc);
  const bool tail = sendFlit(n, winner, vc, out, outVc);
  r.stickyVc[winU] = tail ? 0xFF : static_cast<std::uint8_t>(vc);
  r.stickyInput[static_cast<std::size_t>(out)] =
      tail ? static_cast<std::int8_t>(-1) : static_cast<std::int8_t>(winner);
  const InputVc& iv = ivcs_[static_cast<std::size_t>(ivcIndex(n, winner, vc))];
  if (iv.count > 0 && !iv.draining) {  // the flit behind the one that left (empty: popFront unlisted it)
    const std::int64_t wait = readyIn(iv.frontReady);
    if (wait > 0) wakeVcIn(r, n, winner, vc, wait);
  }
}

[[gnu::always_inline]] inline bool Simulator::offersFront(NodeId n, RouterState& r, int in, int vc,
                                                         InputVc& iv) {
  if (iv.count == 0) {
    unvisitVc(r, in, vc);
    return false;
  }
  if (iv.draining) {
    drainFront(n, in, vc);
    return false;
  }
  const std::int64_t wait = readyIn(iv.frontReady);
  if (wait > 0) {
    wakeVcIn(r, n, in, vc, wait);
    return false;
  }
  return true;
}

template <class Arbiter>
[[gnu::always_inline]] inline void Simulator::lapseWaitingPorts(RouterState& r) {
  if constexpr (Arbiter::kInputVcKeepsGrant) {
    for (std::uint32_t w = r.nonEmptyPorts & ~r.readyPorts; w; w &= w - 1) {
      r.stickyVc[static_cast<std::size_t>(__builtin_ctz(w))] = 0xFF;
    }
  }
}

}  // namespace flit
