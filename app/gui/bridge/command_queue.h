// CommandQueue: GUI -> worker. Any thread may push(); one consumer (the
// worker) takes everything pending at once between two cycles. hasPending()
// is a single atomic load, cheap enough to test after every simulated cycle.
// waitUntil() lets an idle or speed-limited worker sleep until a command
// arrives, a deadline passes, or a stop is requested.
#pragma once

#include "sim_command.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <stop_token>
#include <vector>

namespace flitgui {

class CommandQueue {
 public:
  using Clock = std::chrono::steady_clock;

  void push(SimCommand command);
  // Everything pushed so far, oldest first; leaves the queue empty.
  std::vector<SimCommand> takeAll();
  bool hasPending() const { return pending_.load(std::memory_order_acquire); }

  // Blocks until a command is pending, `deadline` passes or `stop` is
  // requested. Returns hasPending().
  bool waitUntil(std::stop_token stop, Clock::time_point deadline);
  // Same without a deadline.
  bool wait(std::stop_token stop);

 private:
  mutable std::mutex mutex_;
  std::condition_variable_any wake_;
  std::vector<SimCommand> commands_;
  std::atomic<bool> pending_{false};
};

}  // namespace flitgui
