#include "util/latency_stats.h"

#include <cmath>

namespace flit {

std::size_t LatencyStats::bucketOf(std::int64_t cycles) {
  if (cycles < 0) cycles = 0;
  if (cycles < kExactCycles) return static_cast<std::size_t>(cycles);
  return static_cast<std::size_t>(kExactCycles + (cycles - kExactCycles) / kCoarseBucketCycles);
}

std::int64_t LatencyStats::bucketStart(std::size_t i) {
  const auto b = static_cast<std::int64_t>(i);
  return b < kExactCycles ? b : kExactCycles + (b - kExactCycles) * kCoarseBucketCycles;
}

void LatencyStats::add(std::int64_t cycles) {
  ++count_;
  const auto v = static_cast<double>(cycles);
  sum_ += v;
  sumSq_ += v * v;
  if (cycles > max_) max_ = cycles;
  const std::size_t b = bucketOf(cycles);
  if (b >= hist_.size()) hist_.resize(b + 1, 0);
  ++hist_[b];
}

double LatencyStats::stddev() const {
  if (count_ < 2) return 0.0;
  const double n = static_cast<double>(count_);
  const double var = (sumSq_ - sum_ * sum_ / n) / (n - 1);
  return var > 0 ? std::sqrt(var) : 0.0;
}

std::int64_t LatencyStats::percentile(double q) const {
  if (count_ == 0) return 0;
  const auto need = static_cast<std::uint64_t>(std::ceil(q * static_cast<double>(count_)));
  std::uint64_t acc = 0;
  for (std::size_t i = 0; i < hist_.size(); ++i) {
    acc += hist_[i];
    if (acc >= need && acc > 0) return bucketStart(i);
  }
  return max_;
}

}  // namespace flit
