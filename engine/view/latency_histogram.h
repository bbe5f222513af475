// The charts' latency histogram (Frame::latencyHistogram) from an engine
// LatencyStats: its buckets regrouped into at most about
// kLatencyHistogramBins display bins of equal width; latencies above
// kMaxExactLatency share the last bin. One rule for both families (a
// torus's TorusRun, a fat-tree's circuit source).
#pragma once

#include "util/latency_stats.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace flit {

inline constexpr std::size_t kLatencyHistogramBins = 64;
inline constexpr std::int64_t kMaxExactLatency = 1 << 16;

// Cumulative since the last reset: counts[i] packets had latency in
// [i * binWidthCycles, (i + 1) * binWidthCycles); the last bin is open-ended.
struct LatencyHistogram {
  std::uint32_t binWidthCycles = 1;
  std::vector<std::uint64_t> counts;
  friend bool operator==(const LatencyHistogram&, const LatencyHistogram&) = default;
};

void fillLatencyHistogram(const LatencyStats& stats, LatencyHistogram& out);

}  // namespace flit
