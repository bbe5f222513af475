// Several SimObservers behind the simulator's one observer pointer (e.g. the
// fingerprint and a trace writer in one CLI run). Observers are not owned.
#pragma once

#include "sim/sim_events.h"

#include <vector>

namespace flit {

class ObserverList final : public SimObserver {
 public:
  void add(SimObserver* o) {
    if (o) observers_.push_back(o);
  }
  bool empty() const { return observers_.empty(); }
  // The one observer to attach: nullptr for none, the observer itself for one.
  SimObserver* attachable() {
    if (observers_.empty()) return nullptr;
    return observers_.size() == 1 ? observers_.front() : this;
  }
  void onEvent(const SimEvent& e) override {
    for (SimObserver* o : observers_) o->onEvent(e);
  }

 private:
  std::vector<SimObserver*> observers_;
};

}  // namespace flit
