#include "torus/torus_live_changes.h"

#include "live_scenario.h"

namespace flitgui {

bool writeLiveChanges(const TorusLiveChanges& changes, flit::Scenario& s) {
  if (changes.topology != s.topology) return false;
  s.traffic.pattern = changes.pattern;
  s.traffic.rateFlitsPerNodeCycle = changes.rateFlitsPerNodeCycle;
  s.router.adaptiveRouting = changes.adaptiveRouting;
  s.router.arbiter = changes.arbiter;
  s.router.age = changes.age;
  s.failedLinks = changes.failedLinks;
  s.failedNodes = changes.failedNodes;
  s.routing.lutEntries = changes.lutEntries;
  s.routing.vcRule = changes.vcRule;
  s.hotSpares = changes.hotSpares;
  return true;
}

}  // namespace flitgui
