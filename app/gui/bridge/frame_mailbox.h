// FrameMailbox: worker -> GUI, a latest-value slot holding one
// FramePtr (DESIGN.md, "Threads and the stream to the GUI").
//
// - publish() (worker) replaces whatever is in the slot. A frame the GUI has
//   not taken is dropped, so a slow GUI skips frames and no backlog grows: at
//   most one unconsumed frame exists. The lock is held only for a pointer
//   swap, never while the consumer works on a frame, and a dropped frame is
//   freed after the lock is released.
// - takeNewest() (GUI) empties the slot and returns its frame, or nullptr
//   when nothing new arrived since the last take.
// - The wake callback runs on the publishing thread when the slot goes from
//   empty to full, i.e. at most once per take: the GUI gets one nudge per
//   frame it can consume, never one signal per event or per publish.
#pragma once

#include "frame_snapshot.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <mutex>

namespace flitgui {

class FrameMailbox {
 public:
  // Set before the producer starts; called without the lock held.
  void setWakeCallback(std::function<void()> wake) { wake_ = std::move(wake); }

  void publish(FramePtr frame);
  FramePtr takeNewest();
  bool hasFrame() const;

  // The newest StatsPoint::index the consumer has taken (0 = none). The
  // worker drops points up to it from the frames it builds next.
  std::uint64_t lastTakenStatsIndex() const { return lastTakenStatsIndex_.load(std::memory_order_acquire); }

  std::uint64_t publishedCount() const { return published_.load(std::memory_order_relaxed); }
  std::uint64_t takenCount() const { return taken_.load(std::memory_order_relaxed); }
  std::uint64_t droppedCount() const { return dropped_.load(std::memory_order_relaxed); }

 private:
  mutable std::mutex mutex_;
  FramePtr slot_;
  std::function<void()> wake_;
  std::atomic<std::uint64_t> lastTakenStatsIndex_{0};
  std::atomic<std::uint64_t> published_{0};
  std::atomic<std::uint64_t> taken_{0};
  std::atomic<std::uint64_t> dropped_{0};
};

}  // namespace flitgui
