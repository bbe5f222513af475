#include "util/partition_pool.h"

#include <stdexcept>

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define FLITSCOPE_PAUSE() _mm_pause()
#else
#define FLITSCOPE_PAUSE() ((void)0)
#endif

namespace flit {

namespace {

// About 10-20 microseconds of pause instructions before sleeping: longer
// than the gap between two phases of a cycle, short enough that an idle
// pool (a paused window) costs nothing.
constexpr int kSpins = 4000;

}  // namespace

PartitionPool::PartitionPool(int threads) {
  if (threads < 2) throw std::invalid_argument("PartitionPool: threads must be >= 2");
  errors_.resize(static_cast<std::size_t>(threads));
  workers_.reserve(static_cast<std::size_t>(threads - 1));
  for (int w = 1; w < threads; ++w) workers_.emplace_back([this, w] { work(w); });
}

PartitionPool::~PartitionPool() {
  stop_ = true;
  epoch_.fetch_add(1, std::memory_order_release);
  epoch_.notify_all();
  for (std::thread& t : workers_) t.join();
}

void PartitionPool::runPart(int part) {
  try {
    call_(job_, part);
  } catch (...) {
    errors_[static_cast<std::size_t>(part)] = std::current_exception();
  }
}

void PartitionPool::dispatch(int parts) {
  if (parts < 1 || parts > threads()) throw std::invalid_argument("PartitionPool: parts out of range");
  parts_ = parts;
  // Every worker passes each phase (those without a part return at once),
  // so that none misses an epoch.
  pending_.store(static_cast<int>(workers_.size()), std::memory_order_relaxed);
  epoch_.fetch_add(1, std::memory_order_release);
  epoch_.notify_all();
  runPart(0);
  int spins = 0;
  for (int left = pending_.load(std::memory_order_acquire); left != 0;
       left = pending_.load(std::memory_order_acquire)) {
    if (++spins < kSpins) {
      FLITSCOPE_PAUSE();
    } else {
      pending_.wait(left, std::memory_order_acquire);
    }
  }
  for (std::exception_ptr& e : errors_) {
    if (e) {
      const std::exception_ptr first = e;
      for (std::exception_ptr& other : errors_) other = nullptr;
      std::rethrow_exception(first);
    }
  }
}

void PartitionPool::work(int part) {
  std::uint64_t seen = 0;
  for (;;) {
    std::uint64_t now = epoch_.load(std::memory_order_acquire);
    for (int spins = 0; now == seen; now = epoch_.load(std::memory_order_acquire)) {
      if (++spins < kSpins) {
        FLITSCOPE_PAUSE();
      } else {
        epoch_.wait(seen, std::memory_order_acquire);
      }
    }
    seen = now;
    if (stop_) return;
    if (part < parts_) runPart(part);
    if (pending_.fetch_sub(1, std::memory_order_acq_rel) == 1) pending_.notify_one();
  }
}

}  // namespace flit
