#include "command_queue.h"

#include <utility>

namespace flitgui {

void CommandQueue::push(SimCommand command) {
  {
    std::lock_guard lock(mutex_);
    commands_.push_back(std::move(command));
    pending_.store(true, std::memory_order_release);
  }
  wake_.notify_all();
}

std::vector<SimCommand> CommandQueue::takeAll() {
  std::vector<SimCommand> taken;
  std::lock_guard lock(mutex_);
  taken.swap(commands_);
  pending_.store(false, std::memory_order_release);
  return taken;
}

bool CommandQueue::waitUntil(std::stop_token stop, Clock::time_point deadline) {
  std::unique_lock lock(mutex_);
  return wake_.wait_until(lock, stop, deadline, [this] { return !commands_.empty(); });
}

bool CommandQueue::wait(std::stop_token stop) {
  std::unique_lock lock(mutex_);
  return wake_.wait(lock, stop, [this] { return !commands_.empty(); });
}

}  // namespace flitgui
