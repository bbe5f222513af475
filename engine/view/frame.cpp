#include "view/frame.h"

#include "analysis/route_change.h"
#include "view/circuit_view.h"
#include "view/dateline_view.h"
#include "view/followed_packet.h"
#include "view/lab_view.h"
#include "view/node_inspection.h"
#include "view/rebuild_view.h"
#include "view/special_view.h"
#include "view/sync_view.h"
#include "view/vc_balance_view.h"

#include <numeric>
#include <ostream>

namespace flit {
namespace {

template <typename T>
bool sameValue(const std::shared_ptr<const T>& a, const std::shared_ptr<const T>& b) {
  return a == b || (a && b && *a == *b);
}

template <typename T>
void printSum(std::ostream& out, const char* name, const std::vector<T>& v) {
  out << ", " << name << " " << v.size() << " (sum " << std::accumulate(v.begin(), v.end(), 0.0) << ")";
}

}  // namespace

bool operator==(const Frame& a, const Frame& b) {
  return a.cycle == b.cycle && a.engineThreads == b.engineThreads && a.flits == b.flits &&
         sameValue(a.channelFlits, b.channelFlits) && a.flitsInNetwork == b.flitsInNetwork &&
         a.channelUtilization == b.channelUtilization && a.linkUp == b.linkUp && a.nodeUp == b.nodeUp &&
         a.latencyHistogram == b.latencyHistogram && a.packetsInFlight == b.packetsInFlight &&
         a.packetsDelivered == b.packetsDelivered && a.packetsDropped == b.packetsDropped &&
         a.packetsInjected == b.packetsInjected && a.packetsReordered == b.packetsReordered &&
         a.routeRebuild == b.routeRebuild && a.unreachablePairs == b.unreachablePairs &&
         a.injectionRateFlitsPerNodeCycle == b.injectionRateFlitsPerNodeCycle && a.trafficPattern == b.trafficPattern &&
         a.units == b.units && a.adaptive == b.adaptive && a.adaptiveAvailable == b.adaptiveAvailable &&
         a.arbiter == b.arbiter && a.age == b.age && a.arbitersRefused == b.arbitersRefused &&
         a.vcClasses == b.vcClasses && a.deliveredFlitsBySource == b.deliveredFlitsBySource &&
         a.ageGroups == b.ageGroups && sameValue(a.arbiterSwitch, b.arbiterSwitch) && a.hotSpare == b.hotSpare &&
         a.peHome == b.peHome && a.lastCycle == b.lastCycle && sameValue(a.timeline, b.timeline) &&
         a.pendingInterventions == b.pendingInterventions && a.checkpointBytes == b.checkpointBytes &&
         a.checkpointBudgetBytes == b.checkpointBudgetBytes && sameValue(a.routeChange, b.routeChange) &&
         sameValue(a.followed, b.followed) && sameValue(a.torus, b.torus) && sameValue(a.circuits, b.circuits);
}

bool operator==(const TorusExtras& a, const TorusExtras& b) {
  return sameValue(a.rebuild, b.rebuild) && sameValue(a.datelines, b.datelines) && sameValue(a.inspection, b.inspection) &&
         sameValue(a.tagPreview, b.tagPreview) && sameValue(a.sync, b.sync) && sameValue(a.vcBalance, b.vcBalance) &&
         sameValue(a.deadlock, b.deadlock) && sameValue(a.lab, b.lab) && sameValue(a.special, b.special);
}

bool operator==(const CircuitExtras& a, const CircuitExtras& b) {
  return sameValue(a.view, b.view) && sameValue(a.router, b.router);
}

std::ostream& operator<<(std::ostream& out, const Frame& f) {
  out << "frame at cycle " << f.cycle << " (last " << f.lastCycle << ", " << f.engineThreads << " threads): "
      << f.flits.size() << " flits listed of " << f.flitsInNetwork;
  if (f.channelFlits) out << " (counted per channel: " << f.channelFlits->onChannels << " on channels)";
  out << "; packets injected " << f.packetsInjected << " delivered " << f.packetsDelivered << " dropped "
      << f.packetsDropped << " in flight " << f.packetsInFlight << " reordered " << f.packetsReordered;
  printSum(out, "links up", f.linkUp);
  printSum(out, "nodes up", f.nodeUp);
  printSum(out, "hot spares", f.hotSpare);
  printSum(out, "utilization", f.channelUtilization);
  printSum(out, "latency bins", f.latencyHistogram.counts);
  printSum(out, "delivered flits by source", f.deliveredFlitsBySource);
  out << "; rate " << f.injectionRateFlitsPerNodeCycle << " " << f.trafficPattern << ", adaptive " << f.adaptive
      << (f.adaptiveAvailable ? "" : " (not available)") << ", arbiter " << static_cast<int>(f.arbiter) << ", "
      << f.vcClasses.size() << " VCs";
  if (!f.routeRebuild.empty()) out << "; rebuild: " << f.routeRebuild;
  out << "; timeline " << (f.timeline ? f.timeline->size() : 0) << " marks, " << f.pendingInterventions << " pending";
  out << "; extras:";
  const TorusExtras t = f.torus ? *f.torus : TorusExtras{};
  const CircuitExtras c = f.circuits ? *f.circuits : CircuitExtras{};
  const std::pair<const char*, bool> extras[] = {
      {"rebuild", bool(t.rebuild)},         {"followed", bool(f.followed)}, {"datelines", bool(t.datelines)},
      {"inspection", bool(t.inspection)},   {"tagPreview", bool(t.tagPreview)}, {"sync", bool(t.sync)},
      {"vcBalance", bool(t.vcBalance)},     {"deadlock", bool(t.deadlock)},   {"lab", bool(t.lab)},
      {"special", bool(t.special)},
      {"arbiterSwitch", bool(f.arbiterSwitch)}, {"circuit", bool(c.view)}, {"circuitRouter", bool(c.router)}};
  bool any = false;
  for (const auto& [name, present] : extras)
    if (present) out << (any ? ", " : " ") << name, any = true;
  if (!any) out << " none";
  return out;
}

}  // namespace flit
