#include "sim_worker.h"

#include <algorithm>
#include <cmath>
#include <exception>
#include <type_traits>
#include <utility>

namespace flitgui {
namespace {
constexpr auto kRateWindow = std::chrono::milliseconds(500);
// The engine may fall this far behind a paced speed before the pacing
// restarts from "now" (no catch-up burst after a slow stretch).
constexpr double kMaxLagSeconds = 0.25;
template <class>
inline constexpr bool kAlwaysFalse = false;
}  // namespace

SimWorker::SimWorker(std::unique_ptr<SimulationSource> source) : SimWorker(std::move(source), Options{}) {}

SimWorker::SimWorker(std::unique_ptr<SimulationSource> source, Options options)
    : source_(std::move(source)), options_(options) {}

SimWorker::~SimWorker() { stop(); }

void SimWorker::start() {
  if (thread_.joinable()) return;
  thread_ = std::jthread([this](std::stop_token stop) {
    source_->setStopToken(stop);
    loop(std::move(stop));
  });
}

void SimWorker::stop() {
  if (!thread_.joinable()) return;
  thread_.request_stop();
  thread_.join();
}

void SimWorker::loop(std::stop_token stop) {
  lastSampleCycle_ = source_->cycle();
  publish(Clock::now());
  while (!stop.stop_requested()) {
    applyPending();
    if (advancing()) {
      if (paced())
        advancePaced(stop);
      else
        advanceUnlimited(stop);
    }
    const auto now = Clock::now();
    if (advancing()) updateMeasuredRate(now);
    if (dirty_ && (!advancing() || now >= nextFrameTime_)) publish(now);
    sleepUntilNeeded(stop);
  }
}

void SimWorker::applyPending() {
  if (!commands_.hasPending()) return;
  const bool wasAdvancing = advancing();
  const auto commands = commands_.takeAll();
  for (std::size_t k = 0; k < commands.size(); ++k) {
    // Rewinds back to back (a scrubber being dragged): only the last one is
    // carried out, each would re-simulate from a checkpoint.
    const bool superseded = std::holds_alternative<RewindCommand>(commands[k]) && k + 1 < commands.size() &&
                            std::holds_alternative<RewindCommand>(commands[k + 1]);
    if (!superseded) apply(commands[k]);
    ++commandsApplied_;
  }
  dirty_ = true;
  if (advancing() && !wasAdvancing) restartPacing(Clock::now());
}

void SimWorker::apply(const SimCommand& command) {
  std::visit(
      [this](const auto& c) {
        using T = std::decay_t<decltype(c)>;
        try {
          if constexpr (std::is_same_v<T, RunCommand>) {
            running_ = c.run;
            target_.reset();
          } else if constexpr (std::is_same_v<T, StepCommand>) {
            // Steps posted back to back add up: three "step 10" clicks make 30 cycles.
            running_ = false;
            if (c.cycles > 0) target_ = target_.value_or(source_->cycle()) + c.cycles;
            targetAtFullSpeed_ = false;
          } else if constexpr (std::is_same_v<T, RunToCommand>) {
            running_ = false;
            target_.reset();
            if (c.cycle > source_->cycle()) target_ = c.cycle;
            targetAtFullSpeed_ = c.fullSpeed;
          } else if constexpr (std::is_same_v<T, SetSpeedCommand>) {
            speed_ = c.cyclesPerSecond > 0.0 ? c.cyclesPerSecond : 0.0;
            if (c.engineThreads > 0) source_->setEngineThreads(c.engineThreads);
            restartPacing(Clock::now());
          } else if constexpr (std::is_same_v<T, ResetCommand>) {
            running_ = false;
            target_.reset();
            source_->reset();
            startOver();
          } else if constexpr (std::is_same_v<T, RewindCommand>) {
            running_ = false;
            target_.reset();
            source_->rewind(c.cycle);  // std::invalid_argument for a cycle out of the run
            startOver();
          } else if constexpr (std::is_same_v<T, DiscardLaterCommand>) {
            source_->discardLaterInterventions();
          } else if constexpr (std::is_same_v<T, ApplyCommand>) {
            std::optional<flit::Intervention> inverse = source_->apply(c.change);
            if (c.token != 0 && inverse) inverses_[c.token] = std::move(*inverse);
          } else if constexpr (std::is_same_v<T, RevertCommand>) {
            // The inverse the engine gave back when the change with this token
            // was applied (none: it was refused, or there is nothing to undo).
            const auto it = inverses_.find(c.token);
            if (it != inverses_.end()) {
              const flit::Intervention inverse = std::move(it->second);
              inverses_.erase(it);
              (void)source_->apply(inverse);
            }
          } else if constexpr (std::is_same_v<T, WatchCommand>) {
            source_->setWatch(c.watch);
          } else if constexpr (std::is_same_v<T, CaptureScenarioCommand>) {
            // Always answered, so the GUI's Save never waits in vain.
            auto answer = std::make_shared<LiveScenario>();
            try {
              *answer = source_->liveScenario();
            } catch (const std::exception& e) {
              answer->error = e.what();
            }
            answer->requestId = c.requestId;
            liveScenario_ = std::move(answer);
          } else {
            static_assert(kAlwaysFalse<T>, "SimCommand alternative not handled");
          }
        } catch (const std::exception& e) {
          lastError_ = e.what();
          ++errorCount_;
        }
      },
      command);
}

// The cycle went back (reset, rewind): consumers clear their history (the
// charts start again from here).
void SimWorker::startOver() {
  ++resetGeneration_;
  pendingStats_.clear();
  lastSampleCycle_ = source_->cycle();
  measuredRate_ = 0.0;
}

void SimWorker::restartPacing(Clock::time_point now) {
  anchorTime_ = now;
  anchorCycle_ = source_->cycle();
  rateTime_ = now;
  rateCycle_ = source_->cycle();
}

bool SimWorker::stepOnce() {
  if (StepResult result = source_->step(); !result) {
    running_ = false;
    target_.reset();
    lastError_ = std::move(result.haltReason);
    ++errorCount_;
    dirty_ = true;
    return false;
  }
  dirty_ = true;
  if (options_.statsIntervalCycles > 0 && source_->cycle() - lastSampleCycle_ >= options_.statsIntervalCycles)
    sampleStats();
  if (target_ && source_->cycle() >= *target_) {
    target_.reset();
    return false;
  }
  return true;
}

void SimWorker::advanceUnlimited(const std::stop_token& stop) {
  // Run until the next frame is due; look at the clock every few cycles only
  // (a cheap fake source steps in nanoseconds).
  const auto sliceEnd = std::max(nextFrameTime_, Clock::now() + options_.framePeriod / 4);
  for (unsigned n = 0;; ++n) {
    if (!stepOnce()) return;
    if (commands_.hasPending() || stop.stop_requested()) return;
    if ((n & 15u) == 15u && Clock::now() >= sliceEnd) return;
  }
}

void SimWorker::advancePaced(const std::stop_token& stop) {
  const auto now = Clock::now();
  const double elapsed = std::chrono::duration<double>(now - anchorTime_).count();
  // The first cycle after (re)starting is due at once.
  std::uint64_t due = anchorCycle_ + 1 + static_cast<std::uint64_t>(std::floor(elapsed * speed_));
  if (static_cast<double>(due - std::min(due, source_->cycle())) > speed_ * kMaxLagSeconds + 1.0) {
    restartPacing(now);
    due = source_->cycle() + 1;
  }
  for (unsigned n = 0; source_->cycle() < due; ++n) {
    if (!stepOnce()) return;
    if (commands_.hasPending() || stop.stop_requested()) return;
    if ((n & 15u) == 15u && Clock::now() >= nextFrameTime_) return;
  }
}

void SimWorker::updateMeasuredRate(Clock::time_point now) {
  const auto window = now - rateTime_;
  if (window < kRateWindow) return;
  measuredRate_ = static_cast<double>(source_->cycle() - rateCycle_) / std::chrono::duration<double>(window).count();
  rateTime_ = now;
  rateCycle_ = source_->cycle();
}

void SimWorker::publish(Clock::time_point now) {
  auto frame = std::make_shared<FrameSnapshot>();
  source_->fillSnapshot(*frame);  // before sampleStats(): per-interval link utilisation
  sampleStats();
  const std::uint64_t taken = mailbox_.lastTakenStatsIndex();
  while (!pendingStats_.empty() && pendingStats_.front().index <= taken) pendingStats_.pop_front();
  while (pendingStats_.size() > options_.maxPendingStats) {
    pendingStats_.pop_front();
    ++statsDropped_;
  }
  frame->stats.assign(pendingStats_.begin(), pendingStats_.end());
  frame->statsDropped = statsDropped_;
  frame->sequence = ++sequence_;
  frame->resetGeneration = resetGeneration_;
  frame->cycle = source_->cycle();
  frame->running = advancing();
  frame->commandsApplied = commandsApplied_;
  frame->speedCyclesPerSecond = speed_;
  frame->measuredCyclesPerSecond = advancing() ? measuredRate_ : 0.0;
  frame->commandError = lastError_;
  frame->commandErrorCount = errorCount_;
  frame->liveScenario = liveScenario_;
  mailbox_.publish(std::move(frame));
  dirty_ = false;
  const auto built = Clock::now() - now;
  const double share = std::clamp(options_.maxPublishShare, 0.01, 1.0);
  const auto budgetWait = std::chrono::duration_cast<Clock::duration>(built * ((1.0 - share) / share));
  nextFrameTime_ = now + std::max(options_.framePeriod, built + budgetWait);
}

void SimWorker::sampleStats() {
  if (source_->cycle() <= lastSampleCycle_) return;
  StatsPoint point = source_->sampleInterval();
  point.index = ++statsIndex_;
  pendingStats_.push_back(point);
  lastSampleCycle_ = source_->cycle();
  if (pendingStats_.size() > options_.maxPendingStats) {
    pendingStats_.pop_front();
    ++statsDropped_;
  }
}

void SimWorker::sleepUntilNeeded(const std::stop_token& stop) {
  if (!advancing()) {
    if (!dirty_) commands_.wait(stop);
    return;
  }
  if (!paced()) return;  // as fast as possible: no sleeping
  // Cycle c + 1 is due once floor(elapsed * speed) >= c - anchorCycle (see advancePaced).
  const double nextCycleSeconds = static_cast<double>(source_->cycle() - anchorCycle_) / speed_;
  auto wake = anchorTime_ + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(nextCycleSeconds));
  if (dirty_ && nextFrameTime_ < wake) wake = nextFrameTime_;
  if (wake > Clock::now()) commands_.waitUntil(stop, wake);
}

}  // namespace flitgui
