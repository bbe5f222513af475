// SimWorker: the thread that owns a SimulationSource (the engine's Simulator
// behind an adapter) and runs it (DESIGN.md, "Threads and the stream to the
// GUI").
//
// - Commands come in through post() (any thread) and are applied in order
//   between two cycles: the worker checks the queue after every cycle.
// - Frames go out through mailbox(): at most one per framePeriod while the
//   simulation advances, and one right away when it stops or a command
//   changes what is shown. Publishing never waits for the GUI.
// - Speed: cycles per second, paced against a steady clock (a worker that
//   falls behind re-anchors instead of bursting), or 0 = as fast as possible.
// - stop() (and the destructor) stops and joins the thread, also while the
//   simulation is running; the source is destroyed on the owner's thread.
//
// Nothing here touches a QObject: the wake callback on the mailbox is the only
// way out, and it is set by the owner before start().
#pragma once

#include "command_queue.h"
#include "frame_mailbox.h"
#include "simulation_source.h"

#include <chrono>
#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <unordered_map>

namespace flitgui {

class SimWorker {
 public:
  using Clock = std::chrono::steady_clock;
  struct Options {
    Clock::duration framePeriod = std::chrono::microseconds(16667);  // ~60 frames per second
    // While advancing, building frames may take at most this share of the
    // worker's time: a frame that took d to build delays the next one by at
    // least d * (1 - share) / share (big machines get fewer, costlier frames).
    double maxPublishShare = 0.1;
    std::size_t maxPendingStats = 2048;  // stats points kept for a GUI that stalls
    // A statistics point is sampled with every published frame and, while the
    // engine runs fast, at least every statsIntervalCycles cycles (0: per
    // frame only), so the charts have a time axis even at full speed.
    std::uint64_t statsIntervalCycles = 250;
  };

  explicit SimWorker(std::unique_ptr<SimulationSource> source);
  SimWorker(std::unique_ptr<SimulationSource> source, Options options);
  ~SimWorker();
  SimWorker(const SimWorker&) = delete;
  SimWorker& operator=(const SimWorker&) = delete;

  FrameMailbox& mailbox() { return mailbox_; }
  void start();  // publishes a first frame (cycle 0, paused) right away
  void stop();   // idempotent
  bool isStarted() const { return thread_.joinable(); }
  void post(SimCommand command) { commands_.push(std::move(command)); }

 private:
  void loop(std::stop_token stop);
  void applyPending();
  void apply(const SimCommand& command);
  bool advancing() const { return running_ || target_.has_value(); }
  // At the speed set, unless a full-speed RunToCommand's target is ahead.
  bool paced() const { return speed_ > 0.0 && !(target_ && targetAtFullSpeed_); }
  void restartPacing(Clock::time_point now);
  void startOver();
  void advanceUnlimited(const std::stop_token& stop);
  void advancePaced(const std::stop_token& stop);
  bool stepOnce();  // one cycle; false when a target was reached or the source halted
  void updateMeasuredRate(Clock::time_point now);
  void publish(Clock::time_point now);
  void sampleStats();
  void sleepUntilNeeded(const std::stop_token& stop);

  std::unique_ptr<SimulationSource> source_;
  Options options_;
  CommandQueue commands_;
  FrameMailbox mailbox_;

  // Worker-thread state.
  bool running_ = false;
  std::optional<std::uint64_t> target_;
  bool targetAtFullSpeed_ = false;
  double speed_ = 0.0;
  Clock::time_point anchorTime_{};
  std::uint64_t anchorCycle_ = 0;
  Clock::time_point nextFrameTime_{};
  bool dirty_ = true;
  std::uint64_t sequence_ = 0;
  std::uint64_t resetGeneration_ = 0;
  std::uint64_t statsIndex_ = 0;
  std::uint64_t lastSampleCycle_ = 0;
  std::deque<StatsPoint> pendingStats_;
  std::uint64_t statsDropped_ = 0;
  std::string lastError_;
  std::uint64_t errorCount_ = 0;
  std::uint64_t commandsApplied_ = 0;
  std::shared_ptr<const LiveScenario> liveScenario_;  // the newest CaptureScenarioCommand's answer
  // ApplyCommand::token -> the inverse the engine gave back (RevertCommand).
  std::unordered_map<std::uint64_t, flit::Intervention> inverses_;
  Clock::time_point rateTime_{};
  std::uint64_t rateCycle_ = 0;
  double measuredRate_ = 0.0;

  std::jthread thread_;  // last: joined before the state above is destroyed
};

}  // namespace flitgui
