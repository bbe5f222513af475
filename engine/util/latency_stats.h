// Latency statistics: count, mean, max, standard deviation and an exact
// histogram with one bucket per cycle up to kExactCycles (then 64-cycle
// buckets), from which p50/p99 are read. No allocation per sample once the
// histogram has grown to the largest latency seen.
#pragma once

#include <cstdint>
#include <vector>

namespace flit {

class LatencyStats {
 public:
  static constexpr std::int64_t kExactCycles = 4096;
  static constexpr std::int64_t kCoarseBucketCycles = 64;

  void add(std::int64_t cycles);
  void clear() { *this = LatencyStats(); }

  std::uint64_t count() const { return count_; }
  double mean() const { return count_ ? sum_ / static_cast<double>(count_) : 0.0; }
  std::int64_t max() const { return max_; }
  double stddev() const;
  // The smallest latency L such that at least q of the samples are <= L
  // (q in 0..1); 0 without samples. Exact below kExactCycles.
  std::int64_t percentile(double q) const;
  // Bucket i counts latencies in [bucketStart(i), bucketStart(i+1)).
  const std::vector<std::uint64_t>& histogram() const { return hist_; }
  static std::int64_t bucketStart(std::size_t i);

 private:
  static std::size_t bucketOf(std::int64_t cycles);
  std::uint64_t count_ = 0;
  double sum_ = 0, sumSq_ = 0;
  std::int64_t max_ = 0;
  std::vector<std::uint64_t> hist_;
};

}  // namespace flit
