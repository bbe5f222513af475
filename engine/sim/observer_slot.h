// ObserverSlot: the Simulator's one observer pointer, which belongs to the
// Simulator object and not to its state. Copying a Simulator (a checkpoint,
// sim/checkpoints.h) copies no observer: the copy has none; assigning a
// state to a Simulator keeps the observer the target had. Reads like a
// SimObserver pointer (if (observer_), observer_->onEvent).
#pragma once

#include "sim/sim_events.h"

namespace flit {

class ObserverSlot {
 public:
  ObserverSlot() = default;
  ObserverSlot(const ObserverSlot&) noexcept {}
  ObserverSlot& operator=(const ObserverSlot&) noexcept { return *this; }
  ObserverSlot& operator=(SimObserver* o) noexcept {
    observer_ = o;
    return *this;
  }
  explicit operator bool() const noexcept { return observer_ != nullptr; }
  SimObserver* operator->() const noexcept { return observer_; }
  SimObserver* get() const noexcept { return observer_; }

 private:
  SimObserver* observer_ = nullptr;
};

}  // namespace flit
