// Simulator's books: the configuration check, the packet pool's slots, what
// a delivery counts and the measurement window, kept apart from the cycle
// (simulator.h).
#pragma once

#include "sim/sim_types.h"

#include <cstdint>
#include <vector>

namespace flit {

// The checks both constructors make (simulator.cpp): throws ScenarioError
// naming the field ("scenario.router.vcClasses", "scenario.traffic.pattern", ...).
void checkSimConfig(const SimConfig& cfg, const Topology& topo, const RoutingSetup& routing);

// A slot for a new record: the last one freed, else a new one at the end
// (the caller sets its fields). No allocation once the pool has grown.
template <class T, class Alloc>
std::int32_t takeSlot(std::vector<T, Alloc>& items, std::vector<std::int32_t>& freeList) {
  if (!freeList.empty()) {
    const std::int32_t id = freeList.back();
    freeList.pop_back();
    return id;
  }
  items.emplace_back();
  return static_cast<std::int32_t>(items.size() - 1);
}

// Starts a measurement window at `cycle` (resetStats, and the constructors).
inline void startWindow(SimStats& s, std::uint64_t cycle, int nodes) {
  s = SimStats{};
  s.startCycle = cycle;
  s.flitsDeliveredBySource.assign(static_cast<std::size_t>(nodes), 0);
}

// A packet from `src` delivered at cycle `now`: the totals, the window's
// per-source flits, and for a packet created in the measurement window both
// latencies. Returns its latency (creation to delivery). `t` and `s` are
// sized for the node count (startWindow).
inline std::int64_t countDelivery(SimTotals& t, SimStats& s, NodeId src, PacketKind kind, int length,
                                  std::uint64_t created, std::uint64_t injected, std::uint64_t now) {
  ++t.delivered;
  t.deliveredFlitsBySource[static_cast<std::size_t>(src)] += static_cast<std::uint64_t>(length);
  s.flitsDeliveredBySource[static_cast<std::size_t>(src)] += static_cast<std::uint64_t>(length);
  --t.inFlight;
  ++t.deliveredByKind[static_cast<std::size_t>(kind)];
  t.deliveredFlitsByKind[static_cast<std::size_t>(kind)] += static_cast<std::uint64_t>(length);
  const auto latency = static_cast<std::int64_t>(now - created);
  if (created >= s.startCycle) {
    s.latency.add(latency);
    s.networkLatency.add(static_cast<std::int64_t>(now - injected));
  }
  return latency;
}

}  // namespace flit
