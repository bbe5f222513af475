// The points of `flitscope-cli sweep --jobs N` (docs/cli.md): run on worker
// threads, handed back in point order, so the printed sweep is the same for
// every N.
#pragma once

#include <QString>

#include <nlohmann/json.hpp>

#include <cstddef>
#include <functional>
#include <stop_token>
#include <vector>

namespace flitcli {

// measure(i, stop): point i's result. Runs on worker threads, several at
// once: it owns its simulator and only reads what it shares. It may return
// early once `stop` is requested; that result is dropped.
using MeasurePoint = std::function<nlohmann::json(std::size_t, std::stop_token)>;
// accept(i, result): on the calling thread, for i = 0, 1, ... in order;
// false ends the sweep after point i (saturation).
using AcceptPoint = std::function<bool(std::size_t, const nlohmann::json&)>;

// --rates A:B:STEP (UsageError naming --rates), and the rates it lists.
struct Rates {
  double from, to, step;
};
inline constexpr std::size_t kMaxRatePoints = 10000;
// Throws UsageError when the list would hold more than kMaxRatePoints rates.
Rates parseRates(const QString& text);
std::vector<double> rateList(const Rates& rates);

inline constexpr unsigned kMaxJobs = 256;

// std::thread::hardware_concurrency(), within 1..kMaxJobs.
unsigned defaultJobs();

// Runs points 0..count-1, at most `jobs` at a time, taking them in index
// order (a work queue): while point i runs, the next jobs - 1 run
// speculatively. accept() sees every result in order, exactly as with
// jobs == 1 (no threads: one point after another). Once it returns false,
// the points still running (all past that one) are stopped and their results
// dropped, so nothing past the saturated point reaches the output. An
// exception from measure(i) is rethrown here when point i's turn comes.
void runSweepPoints(std::size_t count, unsigned jobs, const MeasurePoint& measure,
                    const AcceptPoint& accept);

}  // namespace flitcli
