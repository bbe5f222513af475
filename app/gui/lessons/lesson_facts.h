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
  std::string_view object;    // a registered controller (gui_session.cpp wireControllers, window parts)
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
    {"latency", "simulation", "latencyMeanCycles", "mean packet latency in cycles (the status bar's)"},
    {"accepted", "simulation", "acceptedFlitsPerNodeCycle", "flits delivered per node and cycle, the last interval"},
    {"arbiter", "simulation", "arbiter", "the arbiter: roundRobin, t3e or age"},
    {"hotSpares", "simulation", "hotSpareIds", "nodes made hot spares"},
    {"movedPes", "simulation", "movedPeCount", "nodes holding another node's logical PE (a hot spare took over)"},
    {"failedLinks", "network", "failedLinkCount", "links failed now"},
    {"failedNodes", "network", "failedNodeCount", "nodes failed now"},
    {"selectedNode", "network", "selectedNode", "the node clicked last (-1: none)"},
    {"breakMode", "network", "breakMode", "clicks break links"},
    {"following", "follow", "following", "a packet is followed"},
    {"followedDelivered", "follow", "delivered", "the followed packet has been delivered"},
    {"tagHops", "tagEditor", "pathLinks", "links the tag editor's path crosses (Tag editor open, both ends chosen)"},
    {"tagDelivered", "tagEditor", "delivered", "the tag editor's path reaches its destination"},
    {"tagInitialHop", "tagEditor", "initialHop", "the tag's INITIAL_HOP field: 0 +X, 1 +Y, 2 +Z, 3 none"},
    {"tagFinalHop", "tagEditor", "finalHop", "the tag's FINAL_HOP field (a last hop in -Z)"},
    {"deadlocked", "deadlockLab", "deadlocked", "the watchdog found a deadlock"},
    {"vcRule", "deadlockLab", "rule", "the VC rule in force (while the deadlock lab is open)"},
    {"deadlockFree", "deadlockLab", "deadlockFree", "the dependency graph has no cycle (deadlock lab open)"},
    {"barriersCompleted", "sync", "completed", "barriers and eurekas completed (Synchronization open)"},
    {"eurekas", "sync", "eurekas", "eurekas completed (Synchronization open)"},
    {"vcBalanceShown", "vcBalance", "answered", "the VC balance table is shown (VC balance open)"},
    {"vcBalanceOptimized", "vcBalance", "hasOptimized", "the VC balance optimizer has a result"},
    {"circuitMessages", "circuits", "messagesDelivered", "fat-tree messages delivered"},
    {"circuitRetries", "circuits", "retriesStarted", "fat-tree attempts sent again after a block"},
    {"firstAttemptSuccess", "circuits", "firstAttemptSuccess", "share of fat-tree attempts that got through (0..1)"},
    {"reroutedPairs", "outcome", "changedPairs", "pairs whose route the last break or repair changed"},
    {"unreachablePairs", "outcome", "unreachableCount", "pairs the last break or repair cut off"},
    {"sourceSpread", "arbitrationCharts", "sourceSpread",
     "the largest source's share over the smallest's (1: even; the fairness chart)"},
    {"detourShown", "view", "detour", "the detour of the last change is drawn (Shift+H)"},
    {"labOpen", "window", "labOpen", "the deadlock lab is open"},
    {"specialWrites", "special", "writes", "SPUTs that reached their router's register (the special network)"},
    {"specialAnswers", "special", "answers", "SGET responses handed to a processor (the special network)"},
};

inline const LessonFact* findLessonFact(std::string_view name) {
  for (const LessonFact& f : kLessonFacts)
    if (f.name == name) return &f;
  return nullptr;
}

}  // namespace flitgui
