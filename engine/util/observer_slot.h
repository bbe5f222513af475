// ObserverSlot<Observer>: an observer pointer that belongs to its owning
// object, not to the object's state. Copying the owner (a Simulator
// checkpoint, sim/checkpoints.h, and the barrier networks inside it) copies
// no observer: the copy has none; assigning a state to an owner keeps the
// observer the target had. Reads like an Observer pointer (if (observer_),
// observer_->onEvent). engine/util: plain building blocks any room may use.
#pragma once

namespace flit {

template <class Observer>
class ObserverSlot {
 public:
  ObserverSlot() = default;
  ObserverSlot(const ObserverSlot&) noexcept {}
  ObserverSlot& operator=(const ObserverSlot&) noexcept { return *this; }
  ObserverSlot& operator=(Observer* o) noexcept {
    observer_ = o;
    return *this;
  }
  explicit operator bool() const noexcept { return observer_ != nullptr; }
  Observer* operator->() const noexcept { return observer_; }
  Observer* get() const noexcept { return observer_; }

 private:
  Observer* observer_ = nullptr;
};

}  // namespace flit
