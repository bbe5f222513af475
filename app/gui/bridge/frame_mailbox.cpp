#include "frame_mailbox.h"

#include <utility>

namespace flitgui {

void FrameMailbox::publish(FramePtr frame) {
  bool wasEmpty = false;
  {
    std::lock_guard lock(mutex_);
    wasEmpty = !slot_;
    slot_.swap(frame);  // `frame` now holds the dropped one (if any), freed below, unlocked
  }
  published_.fetch_add(1, std::memory_order_relaxed);
  if (!wasEmpty) dropped_.fetch_add(1, std::memory_order_relaxed);
  frame.reset();
  if (wasEmpty && wake_) wake_();
}

FramePtr FrameMailbox::takeNewest() {
  FramePtr frame;
  {
    std::lock_guard lock(mutex_);
    frame.swap(slot_);
  }
  if (frame) {
    taken_.fetch_add(1, std::memory_order_relaxed);
    if (!frame->stats.empty())
      lastTakenStatsIndex_.store(frame->stats.back().index, std::memory_order_release);
  }
  return frame;
}

bool FrameMailbox::hasFrame() const {
  std::lock_guard lock(mutex_);
  return static_cast<bool>(slot_);
}

}  // namespace flitgui
