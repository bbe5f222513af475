// Arbitration policies of the router's allocator. A policy is a type, not an
// object with virtual functions: Simulator::allocateRouterWith is
// instantiated once per policy, picked once per cycle, so there is no
// virtual call per flit (CONVENTIONS.md).
//
// Each cycle an input port offers one of its VCs (input arbitration), then
// each output port grants one of the input ports that want it (output
// arbitration). A policy answers both questions:
//  - its flags say whether a started packet keeps its input VC and its
//    output (kInputVcKeepsGrant, kOutputKeepsGrant) and whether the input
//    stage ranks its candidates by a key (kKeyed: the packet's age) rather
//    than taking the first in round-robin order;
//  - pickWinner(out, mask, sticky, rrPointer, keys) chooses the input port
//    that gets output `out`, with whatever state the policy keeps of its
//    own (AgeArbiter: per-router age clock and per-output pointers).
//
// To add a policy: an ArbiterKind and its row of kArbiters (router_config.h),
// a struct here with the same members and its case in withArbiterPolicy
// (below), and its label in the window (app/gui/controllers/arbiter_labels.h).
#pragma once

#include "router/age_clock.h"
#include "router/router_config.h"

#include <array>
#include <cstdint>
#include <type_traits>

namespace flit {

inline constexpr int kArbiterPorts = 7;  // input ports of a torus router (6 directions + processor)
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
// The VC at the lowest set bit of `rotated` (rotatedVcMask(mask, start, vcs)).
[[gnu::always_inline]] inline int rotatedVc(std::uint32_t rotated, int start, int vcs) {
  const int vc = start + __builtin_ctz(rotated);
  return vc >= vcs ? vc - vcs : vc;
}

// Where an input port's VC arbiter starts this cycle, in 0..vcs-1: at its
// sticky VC while that keeps the grant (Arbiter::kInputVcKeepsGrant, T3E
// section 7; `sticky` 0xFF: none), else at the VC after the one that sent
// last (round robin).
template <class Arbiter>
[[gnu::always_inline]] inline int inputVcStart(int sticky, int lastSent, int vcs) {
  int start = Arbiter::kInputVcKeepsGrant && sticky < vcs ? sticky : lastSent + 1;
  return start & -static_cast<int>(start < vcs);  // past the last VC: 0, without a branch (it mispredicts)
}

// Plain round robin at the input VCs and at the outputs, re-arbitrated every
// cycle.
struct RoundRobinArbiter {
  static constexpr bool kInputVcKeepsGrant = false;
  static constexpr bool kOutputKeepsGrant = false;
  static constexpr bool kAdaptiveLowestPriority = false;  // all requests equal
  static constexpr bool kMeetsAdaptive = true;  // runs beside adaptive routing
  static constexpr bool kKeyed = false;
  static int pickWinner(int /*out*/, std::uint32_t mask, int /*sticky*/, std::uint8_t& rrPointer,
                        const std::uint16_t* /*keys*/) {
    const int w = roundRobinPick(mask, rrPointer, kArbiterPorts);
    rrPointer = static_cast<std::uint8_t>(w);
    return w;
  }
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
  static constexpr bool kMeetsAdaptive = true;
  static constexpr bool kKeyed = false;
  static int pickWinner(int out, std::uint32_t mask, int sticky, std::uint8_t& rrPointer,
                        const std::uint16_t* keys) {
    if (sticky >= 0 && (mask & (1u << sticky))) return sticky;
    return RoundRobinArbiter::pickWinner(out, mask, sticky, rrPointer, keys);
  }
};

// The age arbiter's state per router (XT paper section 2): the age clock
// of Procedure 3 (applied lazily: `ticks` counts the clock ticks applied),
// and per output port the 6-bit AGE_RR_SELECT counter and the age-based
// arbitration pointer ("each output port maintains two independent
// arbitration pointers": the round-robin one is the router's rrInput).
struct AgeRouterState {
  AgeClock clock;
  std::uint64_t ticks = 0;
  std::array<std::uint8_t, kArbiterPorts> selectCounter{};
  std::array<std::uint8_t, kArbiterPorts> agePointer{};
};

// Cray XT SeaStar age-based output arbitration (XT paper section 2):
// arbitration per packet (a started packet keeps its input VC and its
// output); a new packet's grant is by age or by round robin as bit
// `selectCounter` of AGE_RR_SELECT says, by round robin while the clock
// inhibits age arbitration (an epoch still draining, Procedure 3). By age:
// the largest key wins (the input stage offers per port its oldest head,
// key = age 0..255; a packet already started has key 256), ties broken
// round robin on the age pointer (Procedure 2 line 12).
//
// One difference from the SeaStar, from Flitscope's router model: the
// SeaStar's output arbiter sees every input port's and VC's staging buffer
// at once (a 4-to-1 VC and a 7-to-1 port arbitration per output); here each
// input port first offers one VC, its oldest that can advance, to the
// outputs (docs/engine.md "Age-based arbitration").
class AgeArbiter {
 public:
  static constexpr bool kInputVcKeepsGrant = true;
  static constexpr bool kOutputKeepsGrant = true;
  static constexpr bool kAdaptiveLowestPriority = false;
  static constexpr bool kMeetsAdaptive = false;  // needs adaptiveVcs 0 (validateRouterConfig)
  static constexpr bool kKeyed = true;
  static constexpr std::uint16_t kStartedKey = 256;  // a packet whose head has left: finish it first

  AgeArbiter(AgeRouterState& s, std::uint64_t rrSelect) : s_(s), rrSelect_(rrSelect) {}
  const AgeClock& clock() const { return s_.clock; }

  int pickWinner(int out, std::uint32_t mask, int sticky, std::uint8_t& rrPointer,
                 const std::uint16_t* keys) {
    if (sticky >= 0 && (mask & (1u << sticky))) return sticky;
    auto& counter = s_.selectCounter[static_cast<std::size_t>(out)];
    const bool byAge = !s_.clock.inhibit && ageSelectsAge(rrSelect_, counter);
    counter = static_cast<std::uint8_t>((counter + 1u) & 63u);  // a 6-bit counter per grant
    if (!byAge) return RoundRobinArbiter::pickWinner(out, mask, sticky, rrPointer, keys);
    std::uint16_t oldest = 0;
    std::uint32_t oldestMask = 0;
    for (std::uint32_t m = mask; m; m &= m - 1) {
      const int in = __builtin_ctz(m);
      const std::uint16_t k = keys[in];
      if (k > oldest || oldestMask == 0) {
        oldest = k;
        oldestMask = 0;
      }
      if (k == oldest) oldestMask |= 1u << in;
    }
    auto& pointer = s_.agePointer[static_cast<std::size_t>(out)];
    const int w = roundRobinPick(oldestMask, pointer, kArbiterPorts);
    pointer = static_cast<std::uint8_t>(w);
    return w;
  }

 private:
  AgeRouterState& s_;
  std::uint64_t rrSelect_;
};

// fn(std::type_identity<Policy>{}) for `kind`: the one place where an
// ArbiterKind becomes its policy type (sim/cycle_policy.h's withCyclePolicy).
template <class Fn>
decltype(auto) withArbiterPolicy(ArbiterKind kind, Fn&& fn) {
  switch (kind) {
    case ArbiterKind::RoundRobin:
      return fn(std::type_identity<RoundRobinArbiter>{});
    case ArbiterKind::T3e:
      return fn(std::type_identity<T3eArbiter>{});
    case ArbiterKind::Age:
      return fn(std::type_identity<AgeArbiter>{});
  }
  return fn(std::type_identity<RoundRobinArbiter>{});
}

}  // namespace flit
