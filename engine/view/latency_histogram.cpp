#include "view/latency_histogram.h"

#include <algorithm>

namespace flit {

void fillLatencyHistogram(const LatencyStats& l, LatencyHistogram& out) {
  const std::int64_t top = std::min<std::int64_t>(l.max(), kMaxExactLatency);
  const auto bins = static_cast<std::int64_t>(kLatencyHistogramBins);
  const auto width = static_cast<std::uint32_t>(std::max<std::int64_t>(1, (top + bins) / bins));
  out.binWidthCycles = width;
  out.counts.assign(static_cast<std::size_t>(top / width) + 1, 0);
  const auto& h = l.histogram();
  for (std::size_t b = 0; b < h.size(); ++b) {
    const auto latency = static_cast<std::size_t>(LatencyStats::bucketStart(b));
    out.counts[std::min(latency / width, out.counts.size() - 1)] += h[b];
  }
}

}  // namespace flit
