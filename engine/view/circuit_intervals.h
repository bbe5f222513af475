// CircuitIntervals: a circuit network's IntervalPoints (view/interval_point.h).
#pragma once

#include "fattree/circuit_simulator.h"
#include "view/interval_point.h"

#include <cstdint>
#include <vector>

namespace flit {

// A circuit network's points: the differences of CircuitStats between two
// take()s, the slowest message delivered in between (noteDelivered, from
// the Delivered events) and the changes made (noteChange).
class CircuitIntervals {
 public:
  // From now on (a new simulator, a reset or a rewind): forgets the changes
  // and the slowest message noted.
  void restart(const fattree::CircuitSimulator& sim);
  void noteDelivered(std::uint64_t latencyCycles);
  void noteChange(std::uint64_t cycle) { changes_.push_back(cycle); }
  // The interval since the last take (or restart) to sim's cycle now;
  // offered and accepted in bytes per endpoint and cycle.
  IntervalPoint take(const fattree::CircuitSimulator& sim, std::uint32_t endpoints, std::uint32_t messageBytes);

 private:
  fattree::CircuitStats last_;
  std::uint64_t lastCycle_ = 0;
  std::uint64_t latencyMax_ = 0;
  std::vector<std::uint64_t> changes_;
};

}  // namespace flit
