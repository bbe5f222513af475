#include "sweep_points.h"

#include "cli_common.h"

#include <algorithm>
#include <cmath>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace flitcli {

Rates parseRates(const QString& text) {
  const QStringList parts = text.split(':');
  auto bad = [&] {
    return UsageError("--rates: expected A:B:STEP with 0 <= A <= B <= 1 and STEP > 0, got '" +
                      text.toStdString() + "'");
  };
  if (parts.size() != 3) throw bad();
  bool ok1 = false, ok2 = false, ok3 = false;
  const Rates r{parts[0].toDouble(&ok1), parts[1].toDouble(&ok2), parts[2].toDouble(&ok3)};
  if (!ok1 || !ok2 || !ok3 || !(r.from >= 0) || !(r.to <= 1) || !(r.from <= r.to) ||
      !(r.step > 0)) {
    throw bad();
  }
  // A step so small that the list would not fit (0:1:1e-300) is refused
  // before it is made: a sweep of more points than this is not a curve anyone reads.
  const double points = std::floor((r.to - r.from) / r.step + 1e-9) + 1;
  if (!(points <= static_cast<double>(kMaxRatePoints))) {
    throw UsageError("--rates: '" + text.toStdString() + "' lists more than " + std::to_string(kMaxRatePoints) +
                     " rates (use a larger STEP)");
  }
  return r;
}

std::vector<double> rateList(const Rates& rates) {
  std::vector<double> list;
  for (std::size_t i = 0;; ++i) {
    const double r = rates.from + static_cast<double>(i) * rates.step;
    if (r > rates.to + 1e-9) break;
    list.push_back(std::min(r, 1.0));
  }
  return list;
}

namespace {

struct PointResult {
  bool done = false;
  nlohmann::json summary;
  std::exception_ptr error;
};

// The work queue and the finished results. Workers claim the next point and
// put its result; the calling thread takes results in point order.
class PointQueue {
 public:
  explicit PointQueue(std::size_t count) : results_(count) {}

  std::size_t size() const { return results_.size(); }

  // The next point to run, or size() when none is left.
  std::size_t claim() {
    const std::lock_guard lock(mutex_);
    return next_ < results_.size() ? next_++ : results_.size();
  }

  void put(std::size_t i, PointResult r) {
    r.done = true;
    {
      const std::lock_guard lock(mutex_);
      results_[i] = std::move(r);
    }
    finished_.notify_all();
  }

  // Waits for point i (claimed by a worker that runs it to the end: only the
  // calling thread stops workers, and it waits for no point after that).
  PointResult take(std::size_t i) {
    std::unique_lock lock(mutex_);
    finished_.wait(lock, [&] { return results_[i].done; });
    return std::move(results_[i]);
  }

 private:
  std::mutex mutex_;
  std::condition_variable finished_;
  std::vector<PointResult> results_;
  std::size_t next_ = 0;
};

void work(const std::stop_token& stop, PointQueue& queue, const MeasurePoint& measure) {
  while (!stop.stop_requested()) {
    const std::size_t i = queue.claim();
    if (i == queue.size()) return;
    PointResult r;
    try {
      r.summary = measure(i, stop);
    } catch (...) {
      r.error = std::current_exception();
    }
    queue.put(i, std::move(r));
  }
}

// Stops every worker before joining any (jthread's destructor stops only its
// own), so leaving early does not wait for each speculative point in turn.
struct Workers {
  std::vector<std::jthread> threads;
  ~Workers() {
    for (std::jthread& t : threads) t.request_stop();
  }
};

}  // namespace

unsigned defaultJobs() { return std::clamp(std::thread::hardware_concurrency(), 1u, kMaxJobs); }

void runSweepPoints(std::size_t count, unsigned jobs, const MeasurePoint& measure,
                    const AcceptPoint& accept) {
  if (jobs <= 1 || count <= 1) {
    for (std::size_t i = 0; i < count; ++i) {
      if (!accept(i, measure(i, std::stop_token{}))) return;
    }
    return;
  }
  PointQueue queue(count);
  Workers workers;  // after queue: stopped and joined before it goes
  const std::size_t threads = std::min<std::size_t>(jobs, count);
  for (std::size_t t = 0; t < threads; ++t) {
    workers.threads.emplace_back([&](std::stop_token stop) { work(stop, queue, measure); });
  }
  for (std::size_t i = 0; i < count; ++i) {
    PointResult r = queue.take(i);
    if (r.error) std::rethrow_exception(r.error);
    if (!accept(i, r.summary)) return;
  }
}

}  // namespace flitcli
