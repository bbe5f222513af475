// Shared helpers for the worker/bridge tests: wait (processing events) until
// the mailbox yields a frame that satisfies a predicate.
#pragma once

#include "frame_mailbox.h"

#include <QElapsedTimer>
#include <QTest>

#include <functional>

namespace fake {

// Takes frames until one satisfies `accept`; returns it, or nullptr after
// `timeoutMs`. Every frame taken on the way is passed to `seen`.
inline flitgui::FramePtr waitForFrame(
    flitgui::FrameMailbox& mailbox, const std::function<bool(const flitgui::FrameSnapshot&)>& accept,
    int timeoutMs = 10000, const std::function<void(const flitgui::FrameSnapshot&)>& seen = {}) {
  QElapsedTimer timer;
  timer.start();
  while (timer.elapsed() < timeoutMs) {
    if (flitgui::FramePtr frame = mailbox.takeNewest()) {
      if (seen) seen(*frame);
      if (accept(*frame)) return frame;
    }
    QTest::qWait(1);
  }
  return {};
}

}  // namespace fake
