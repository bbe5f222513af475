// The parallel cycle's merges (sim/parallel_cycle.h; docs/engine.md "A
// parallel cycle"): what the parts of a phase sent beyond their routers,
// put in the wheel and applied after the phase, in the order one thread
// makes it. The phases
// themselves are simulator_step.cpp's.
#include "sim/simulator.h"
#include "sim/simulator_hot.h"

namespace flit {

void Simulator::mergeParts(CycleOutbox* parts, int count) {
  for (int p = 0; p < count; ++p) {
    CycleOutbox& ob = parts[p];
    if (p > 0) {
      std::vector<Arrival>& flits = wheelFlits_[flitsOut_];
      flits.insert(flits.end(), ob.ownFlits.begin(), ob.ownFlits.end());
      ob.ownFlits.clear();
      std::vector<std::int32_t>& credits = wheelCredits_[creditsOut_];
      credits.insert(credits.end(), ob.ownCredits.begin(), ob.ownCredits.end());
      ob.ownCredits.clear();
    }
    // Effects in part order, each part's in its own: the order one thread
    // applies them in. Applying one can reallocate packets_ (a response).
    for (const CycleEffect& e : ob.effects) applyEffect(e);
    ob.effects.clear();
    if (ob.moved) lastMoveCycle_ = cycle_;
    ob.moved = false;
    stats_.flitsDelivered += ob.flitsDelivered;
    ob.flitsDelivered = 0;
  }
}

// The effects of the arrivals' or injection's parts, in wheel or source
// order: each part's are in it already, so the parts' lists are merged
// (ties cannot happen: one entry belongs to one part).
void Simulator::mergeInWheelOrder(CycleOutbox* parts, int count) {
  for (int p = 0; p < count; ++p) parts[p].merged = 0;
  for (;;) {
    const CycleEffect* pick = nullptr;
    CycleOutbox* from = nullptr;
    for (int p = 0; p < count; ++p) {
      CycleOutbox& ob = parts[p];
      if (ob.merged < ob.effects.size() && (!pick || ob.effects[ob.merged].order < pick->order)) {
        pick = &ob.effects[ob.merged];
        from = &ob;
      }
    }
    if (!pick) break;
    ++from->merged;
    applyEffect(*pick);
  }
  for (int p = 0; p < count; ++p) {
    parts[p].effects.clear();
    if (parts[p].moved) lastMoveCycle_ = cycle_;
    parts[p].moved = false;
  }
}

}  // namespace flit
