#include "view/recent_events.h"

namespace flit {

void RecentEvents::onEvent(const SimEvent& e) {
  std::uint8_t flag = 0;
  switch (e.kind) {
    case SimEventKind::AdaptiveHop: flag = kRecentAdaptiveHop; break;
    case SimEventKind::DatelineCrossed: flag = kRecentDatelineCrossed; break;
    case SimEventKind::DatelineViolation: flag = kRecentDatelineViolation; break;
    case SimEventKind::Delivered:
    case SimEventKind::Dropped:
      recent_.erase(e.packet);  // gone from the network
      return;
    default: return;
  }
  if (e.packet < 0) return;
  Recent& r = recent_[e.packet];
  if (e.cycle - r.cycle >= kHoldCycles) r.flags = 0;  // the old flags had lapsed
  r.flags |= flag;
  r.cycle = e.cycle;
}

std::uint8_t RecentEvents::flagsOf(std::int32_t packet, std::uint64_t now) const {
  const auto it = recent_.find(packet);
  if (it == recent_.end() || now - it->second.cycle >= kHoldCycles) return 0;
  return it->second.flags;
}

void RecentEvents::expire(std::uint64_t now) {
  std::erase_if(recent_, [now](const auto& kv) { return now - kv.second.cycle >= kHoldCycles; });
}

}  // namespace flit
