// One iteration of iSLIP (McKeown, "The iSLIP scheduling algorithm for
// input-queued switches", 1999), the VC allocator of BookSim2's
// input-queued router (iSLIP_Sparse; IQRouter passes it no configuration,
// so it runs one iteration). Over at most 64 requesters and 64 resources,
// as bitmasks:
//   grant:  each requested resource grants the first requester at or after
//           its grant pointer;
//   accept: each requester granted anything accepts the first granting
//           resource at or after its accept pointer, and both pointers of
//           an accepted pair move one past the other.
// A resource whose grant is not accepted stays unmatched this cycle, even
// if another requester wanted it: the single iteration's loss that a
// maximal allocator (Flitscope's sequential one) does not have
// (docs/booksim.md "Measured side by side").
#pragma once

#include <cstdint>

namespace flit {

// The first set bit of `mask` (non-zero) at or after `from`, wrapping.
inline int firstFrom(std::uint64_t mask, int from) {
  const std::uint64_t upper = from >= 64 ? 0 : mask & (~std::uint64_t{0} << from);
  return __builtin_ctzll(upper ? upper : mask);
}

// requests[o]: the requesters asking for resource o (bit r), read for the
// resources in `requested` (bit o; the other entries are not read).
// grantPtr[o] and acceptPtr[r] are the round-robin pointers (requesters and
// resources, both < 64). Calls matched(r, o) for each accepted pair,
// requesters in increasing order.
template <class Matched>
void islipOnce(const std::uint64_t* requests, std::uint64_t requested, std::uint8_t* grantPtr,
               std::uint8_t* acceptPtr, Matched matched) {
  std::uint64_t granted[64];  // per requester: the resources granting it (set where anyGranted)
  std::uint64_t anyGranted = 0;
  for (; requested; requested &= requested - 1) {
    const int o = __builtin_ctzll(requested);
    const int r = firstFrom(requests[o], grantPtr[o]);
    const std::uint64_t bit = std::uint64_t{1} << r;
    if (!(anyGranted & bit)) granted[r] = 0;
    anyGranted |= bit;
    granted[r] |= std::uint64_t{1} << o;
  }
  for (; anyGranted; anyGranted &= anyGranted - 1) {
    const int r = __builtin_ctzll(anyGranted);
    const int o = firstFrom(granted[r], acceptPtr[r]);
    grantPtr[o] = static_cast<std::uint8_t>(r + 1);
    acceptPtr[r] = static_cast<std::uint8_t>(o + 1);
    matched(r, o);
  }
}

}  // namespace flit
