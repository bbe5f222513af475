// What a person changed in a running k-ary n-cube (issue 5, "Save omits
// live changes"; LiveScenario::torus): the traffic pattern, injection rate
// and adaptive switch changed live, the links and nodes failed or repaired
// from the view, the routing-tag editor's R_NET_LUT entries, the hot spares,
// the arbiter and its age parameters switched in the Arbitration section,
// the VC rule switched in the deadlock lab. Save writes these over the
// loaded scenario (ScenarioFiles::saveFile).
#pragma once

#include "scenario/scenario.h"

#include <vector>

namespace flitgui {

struct TorusLiveChanges {
  flit::TopologySpec topology;  // of the simulated machine (Save checks it is the loaded one)
  flit::TrafficPattern pattern = flit::TrafficPattern::UniformRandom;
  double rateFlitsPerNodeCycle = 0.0;
  bool adaptiveRouting = false;
  flit::ArbiterKind arbiter = flit::ArbiterKind::RoundRobin;  // router.arbiter, as switched live
  flit::AgeConfig age;                                         // router.age, as edited live
  flit::VcRule vcRule = flit::VcRule::Tables;                  // routing.vcRule, as switched in the deadlock lab
  std::vector<flit::LinkSpec> failedLinks;    // failed by the person or the scenario (not by the timeline)
  std::vector<flit::Coord> failedNodes;       // the same for nodes, down now
  std::vector<flit::LutEntrySpec> lutEntries;  // the scenario's entries with the tag editor's edits
  std::vector<flit::Coord> hotSpares;
};

}  // namespace flitgui
