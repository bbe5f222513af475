// The facts a lesson's check reads (docs/lessons.md lists them): one row per
// fact, naming the controller that knows it (as the composition root
// registers it with the LessonController) and the property that holds it. A
// list-valued property counts its entries. A new fact is one row here (and
// its line in docs/lessons.md); tst_lessons checks every row names a real
// property.
#pragma once

#include <string_view>

namespace flitgui {

struct LessonFact {
  std::string_view name;      // as lessons write it
  std::string_view object;    // a registered controller: simulation, network, follow, deadlockLab, sync, outcome, view
  const char* property;       // its Q_PROPERTY
  std::string_view meaning;   // for docs/lessons.md and error messages
};

inline constexpr LessonFact kLessonFacts[] = {
    {"cycle", "simulation", "cycle", "the cycle the run has reached"},
    {"running", "simulation", "running", "the simulation runs"},
    {"delivered", "simulation", "packetsDelivered", "packets delivered since cycle 0"},
    {"rate", "simulation", "injectionRate", "the offered load"},
    {"pattern", "simulation", "trafficPattern", "the traffic pattern (uniform, transpose, ...)"},
    {"adaptive", "simulation", "adaptive", "adaptive routing is on"},
    {"arbiter", "simulation", "arbiter", "the arbiter: roundRobin, t3e or age"},
    {"hotSpares", "simulation", "hotSpareIds", "nodes made hot spares"},
    {"failedLinks", "network", "failedLinkCount", "links failed now"},
    {"failedNodes", "network", "failedNodeCount", "nodes failed now"},
    {"selectedNode", "network", "selectedNode", "the node clicked last (-1: none)"},
    {"breakMode", "network", "breakMode", "clicks break links"},
    {"following", "follow", "following", "a packet is followed"},
    {"deadlocked", "deadlockLab", "deadlocked", "the watchdog found a deadlock"},
    {"vcRule", "deadlockLab", "rule", "the VC rule in force (while the deadlock lab is open)"},
    {"deadlockFree", "deadlockLab", "deadlockFree", "the dependency graph has no cycle (deadlock lab open)"},
    {"barriersCompleted", "sync", "completed", "barriers and eurekas completed (Synchronization open)"},
    {"reroutedPairs", "outcome", "changedPairs", "pairs whose route the last break or repair changed"},
    {"unreachablePairs", "outcome", "unreachableCount", "pairs the last break or repair cut off"},
    {"sourceSpread", "arbitrationCharts", "sourceSpread",
     "the largest source's share over the smallest's (1: even; the fairness chart)"},
    {"detourShown", "view", "detour", "the detour of the last change is drawn (Shift+H)"},
    {"labOpen", "window", "labOpen", "the deadlock lab is open"},
};

inline const LessonFact* findLessonFact(std::string_view name) {
  for (const LessonFact& f : kLessonFacts)
    if (f.name == name) return &f;
  return nullptr;
}

}  // namespace flitgui
