// RecentEvents: which packets had an event worth highlighting in the last few
// cycles (issue 16, "recent events (reroutes, dateline crossings, drops) for
// highlighting"), kept by the engine so that a view copies flags and derives
// nothing. A SimObserver fed the simulator's events; flagsOf() is asked per
// flit when a frame is built. Flags of a packet are kept for kHoldCycles
// cycles after its last flagged event; expire() forgets older ones.
//
// Thread: the thread that steps the Simulator.
#pragma once

#include "sim/sim_events.h"

#include <cstdint>
#include <unordered_map>

namespace flit {

inline constexpr std::uint8_t kRecentAdaptiveHop = 1;        // took an adaptive hop (AdaptiveHop)
inline constexpr std::uint8_t kRecentDatelineCrossed = 2;    // switched VC0 -> VC1 (DatelineCrossed)
inline constexpr std::uint8_t kRecentDatelineViolation = 4;  // reached a dateline already on VC1

class RecentEvents final : public SimObserver {
 public:
  static constexpr std::uint64_t kHoldCycles = 16;

  void onEvent(const SimEvent& e) override;
  // The packet's flags at cycle `now` (0 when none within kHoldCycles).
  std::uint8_t flagsOf(std::int32_t packet, std::uint64_t now) const;
  void expire(std::uint64_t now);  // forget flags older than kHoldCycles
  void clear() { recent_.clear(); }
  std::size_t size() const { return recent_.size(); }

 private:
  struct Recent {
    std::uint8_t flags = 0;
    std::uint64_t cycle = 0;  // of the last flagged event
  };
  std::unordered_map<std::int32_t, Recent> recent_;  // packet serial -> flags
};

}  // namespace flit
