// Arbitration policies of the router's allocator. A policy is a type, not an
// object with virtual functions: Simulator::allocateRouter is instantiated
// once per policy and picks the instantiation with one switch per router
// visit, so there is no virtual call per flit (CONVENTIONS.md).
//
// Each cycle an input port offers one of its VCs (input arbitration), then
// each output port grants one of the input ports that want it (output
// arbitration). A policy answers both questions from a bitmask of candidates
// and the per-port state kept in the router (last winner, sticky grant).
//
// To add a policy (e.g. the SeaStar age-based arbiter, XT paper Procedures
// 1-3): add an ArbiterKind (router_config.h), a struct here with the same
// members, and a case in Simulator::allocateRouter.
#pragma once

#include <cstdint>

namespace flit {

// First set bit of `mask` after position `last`, cyclically over `n` bits;
// -1 when mask is empty.
inline int roundRobinPick(std::uint32_t mask, int last, int n) {
  if (last >= 0 && last < n && n < 32 && (mask >> n) == 0) {  // the usual case, without a loop
    if (!mask) return -1;
    const std::uint32_t after = mask & ~((2u << last) - 1u);  // bits last+1 .. n-1
    return __builtin_ctz(after ? after : mask);
  }
  for (int k = 1; k <= n; ++k) {
    int i = last + k;
    if (i >= n) i -= n;
    if (mask & (1u << i)) return i;
  }
  return -1;
}

// The VCs of `mask` (those holding flits) in round-robin order from `start`:
// the set bits of the mask rotated right by `start`. Walk it with
// `for (r = rotated; r; r &= r - 1) vc = (start + ctz(r)) mod vcs`.
[[gnu::always_inline]] inline std::uint32_t rotatedVcMask(std::uint32_t mask, int start, int vcs) {
  const std::uint32_t all = (1u << vcs) - 1u;
  return ((mask >> start) | (mask << (vcs - start))) & all;
}

// Plain round robin at the input VCs and at the outputs, re-arbitrated every
// cycle.
struct RoundRobinArbiter {
  static constexpr bool kInputVcKeepsGrant = false;
  static constexpr bool kOutputKeepsGrant = false;
  static constexpr bool kAdaptiveLowestPriority = false;  // all requests equal
};

// T3E paper section 7: the input VC chosen at an interface keeps the right to
// request until its packet completes, fails to get its output VC, bubbles or
// blocks; the winning input keeps the physical output until the packet
// completes, bubbles or blocks. Round robin otherwise. "The adaptive VC has
// lowest priority, unless it has a packet that has started, but not yet
// completed": a head requesting the adaptive VC wins an output only when no
// deterministic request (and no started packet) wants it; among such heads
// "arbitration for the adaptive output VCs is simply round-robin".
struct T3eArbiter {
  static constexpr bool kInputVcKeepsGrant = true;
  static constexpr bool kOutputKeepsGrant = true;
  static constexpr bool kAdaptiveLowestPriority = true;
};

}  // namespace flit
