// Simulator::apply: every change to a running simulation goes through here
// (DESIGN.md "Interventions"), from the scenario's timeline or from a caller
// between cycles, and is recorded with the cycle before which it took effect.
#include "sim/simulator.h"

namespace flit {

void Simulator::apply(const Intervention& i) {
  using K = InterventionKind;
  // Faults: their rebuild waits for the cycle boundary, after every other
  // intervention of this boundary (one rebuild, at the same point in a replay).
  const bool autoRebuild = cfg_.autoRebuild;
  auto fault = [&](auto&& call) {
    cfg_.autoRebuild = false;
    try {
      call();
    } catch (...) {
      cfg_.autoRebuild = autoRebuild;
      throw;
    }
    cfg_.autoRebuild = autoRebuild;
    if (autoRebuild) rebuildDue_ = true;
  };
  switch (i.kind) {
    case K::FailLink: fault([&] { failLink(i.id); }); break;
    case K::RepairLink: fault([&] { repairLink(i.id); }); break;
    case K::FailNode: fault([&] { failNode(i.id); }); break;
    case K::RepairNode: fault([&] { repairNode(i.id); }); break;
    case K::SetHotSpare: setHotSpare(i.id, i.on); break;
    case K::SetRate: setInjectionRate(i.rateFlitsPerNodeCycle); break;
    case K::SetPattern: setTrafficPattern(i.pattern); break;
    case K::SetAdaptive: setAdaptive(i.on); break;
    case K::SetArbiter: setArbiter(i.arbiter); break;
    case K::SetAgeConfig: setAgeConfig(i.age); break;
    case K::SetLutEntry: setLutEntry(i.id, i.lutIndex, i.tag); break;
    case K::RestoreLutEntry: restoreGeneratedLutEntry(i.id, i.lutIndex); break;
    case K::Barrier:
    case K::Eureka:
    case K::EurekaBarrier: syncOperate(i); break;
    case K::SetVcRule: setVcRule(i.vcRule); break;
    case K::SetVcTables: setVcTables(i.vcTables ? *i.vcTables : VcTablesConfig{}); break;
    case K::SpecialPut:
    case K::SpecialGet: specialOperate(i); break;
  }
  applied_.push_back(i);
  applied_.back().cycle = cycle_;
}

void Simulator::applyDueInterventions() {
  const auto& timeline = cfg_.timeline;
  while (nextTimelineEntry_ < timeline.size() && timeline[nextTimelineEntry_].cycle <= cycle_) {
    apply(timeline[nextTimelineEntry_++]);
  }
  if (rebuildDue_) rebuildRoutes();  // clears rebuildDue_
}

}  // namespace flit
