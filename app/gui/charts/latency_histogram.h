// The charts' latency histogram (FrameSnapshot::latencyHistogram) from an
// engine LatencyStats: its buckets regrouped into at most about
// kLatencyHistogramBins display bins of equal width; latencies above
// kMaxExactLatency share the last bin. One rule for both families: the
// torus's SimulatorSource and the fat-tree's CircuitSource.
#pragma once

#include "frame_snapshot.h"
#include "util/latency_stats.h"

#include <cstddef>
#include <cstdint>

namespace flitgui {

inline constexpr std::size_t kLatencyHistogramBins = 64;
inline constexpr std::int64_t kMaxExactLatency = 1 << 16;

void fillLatencyHistogram(const flit::LatencyStats& stats, LatencyHistogram& out);

}  // namespace flitgui
