// RouterCore's rules that run between cycles (router/router_core.h).
#include "router/router_core.h"

#include <utility>

namespace flit {

// Ready cycles are kept in 16 bits and compared as a signed difference: a
// front ready for 2^15 cycles would read as not ready yet. Every 2^14
// cycles the ready ones are set to now, which changes no decision.
void RouterCore::refreshLaneReady() {
  const auto now = static_cast<std::uint16_t>(cycle_);
  for (NodeId n = 0; n < static_cast<NodeId>(routers_.size()); ++n) {
    std::uint16_t* ready = laneReadyOf(n);
    for (std::uint64_t m = routers_[static_cast<std::size_t>(n)].nonEmpty; m; m &= m - 1) {
      std::uint16_t& r = ready[__builtin_ctzll(m)];
      if (static_cast<std::int16_t>(static_cast<std::uint16_t>(r - now)) <= 0) r = now;
    }
  }
}

void RouterCore::layOutOccupied(int shift) {
  if (shift == occupiedShift_) return;
  std::vector<std::uint64_t> words(occupiedWords() << shift, 0);
  for (std::size_t w = 0; w < occupiedWords(); ++w) words[w << shift] = occupied_[w << occupiedShift_];
  occupied_ = std::move(words);
  occupiedShift_ = shift;
}

}  // namespace flit
