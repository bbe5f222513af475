#include "sim/standing_config.h"

#include <algorithm>

namespace flit {

void StandingConfig::note(const Intervention& i) {
  using K = InterventionKind;
  auto include = [](auto& ids, auto id, bool in) {
    const auto it = std::find(ids.begin(), ids.end(), id);
    if (in && it == ids.end()) ids.push_back(id);
    if (!in && it != ids.end()) ids.erase(it);
  };
  switch (i.kind) {
    case K::FailLink: include(config.failedLinks, i.id, true); break;
    case K::RepairLink: include(config.failedLinks, i.id, false); break;
    case K::FailNode: include(config.failedNodes, i.id, true); break;
    case K::RepairNode: include(config.failedNodes, i.id, false); break;
    case K::SetHotSpare: include(config.hotSpares, i.id, i.on); break;
    case K::SetRate: config.traffic.rateFlitsPerNodeCycle = i.rateFlitsPerNodeCycle; break;
    case K::SetPattern: config.traffic.pattern = i.pattern; break;
    case K::SetAdaptive: config.router.adaptiveRouting = i.on; break;
    case K::SetArbiter: config.router.arbiter = i.arbiter; break;
    case K::SetAgeConfig: config.router.age = i.age; break;
    case K::SetLutEntry: lutEdits[{i.id, i.lutIndex}] = i.tag; break;
    case K::RestoreLutEntry: lutEdits.erase({i.id, i.lutIndex}); break;
    case K::Barrier:
    case K::Eureka:
    case K::EurekaBarrier:
    case K::SpecialPut:  // what a special packet does when it arrives is the run's
    case K::SpecialGet: break;
    case K::SetVcRule: config.routing.vcRule = i.vcRule; break;
    case K::SetVcTables: config.routing.setVcTables(i.vcTables ? *i.vcTables : VcTablesConfig{}); break;
  }
}

}  // namespace flit
