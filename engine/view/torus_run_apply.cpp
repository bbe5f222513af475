// TorusRun::apply and setWatch: every change the window makes to a running
// k-ary n-cube, one Intervention each, between cycles. The checks here are
// the ones Simulator::apply does not make itself (a change of nothing is not
// recorded; an id outside the machine is named before the engine would
// index it); everything else is the engine's: Simulator::apply validates and
// names the field, and inverseOf gives back what undo posts. setWatch: what
// the open panels ask the frames to carry.
#include "view/torus_run.h"

#include "sim/intervention_inverse.h"

#include <stdexcept>
#include <string>
#include <utility>

namespace flit {

void TorusRun::checkNode(const Topology& topo, NodeId node, const char* field) {
  if (node < 0 || node >= topo.nodeCount())
    throw std::invalid_argument(std::string(field) + " " + std::to_string(node) + ": no such node (" +
                                std::to_string(topo.nodeCount()) + " nodes)");
}

std::optional<Intervention> TorusRun::apply(const Intervention& change) {
  using K = InterventionKind;
  const Topology& topo = sim_->topology();
  switch (change.kind) {
    case K::FailLink:
    case K::RepairLink:
      if (change.id < 0 || change.id >= topo.linkCount())
        throw std::invalid_argument("link " + std::to_string(change.id) + ": no such link (" +
                                    std::to_string(topo.linkCount()) + " links)");
      // The engine records it with its cycle and rebuilds the routes around
      // the failed links before the next cycle (autoRebuild); packets already
      // created keep their tags (docs/fault-tolerance.md).
      if ((change.kind == K::RepairLink) == topo.linkUp(change.id)) return std::nullopt;
      break;
    case K::FailNode:
    case K::RepairNode:
      checkNode(topo, change.id, "node");
      if ((change.kind == K::RepairNode) == sim_->nodeUp(change.id)) return std::nullopt;
      break;
    case K::SetRate:
      if (!(change.rateFlitsPerNodeCycle >= 0.0 && change.rateFlitsPerNodeCycle <= 1.0))
        throw std::invalid_argument("injection rate " + std::to_string(change.rateFlitsPerNodeCycle) +
                                    ": must be 0..1 flits per node per cycle");
      break;
    case K::SetLutEntry:
    case K::RestoreLutEntry:
      checkNode(topo, change.id, "source");
      if (!sim_->routing().tables)
        throw std::invalid_argument("routing.algorithm: only direction-order routing has a routing-tag LUT");
      if (change.lutIndex < 0)
        throw std::invalid_argument("routing.lutMode: node " + std::to_string(change.id) +
                                    " takes its tag from R_LUT_OVERRIDE (mode 3), not from an R_NET_LUT entry");
      break;
    case K::Barrier:
    case K::EurekaBarrier:
      if (change.id == kInvalidId) {
        applyTreeOperation(change);
        return std::nullopt;  // events of the run: nothing to undo
      }
      break;
    default: break;
  }
  std::optional<Intervention> inverse = inverseOf(*sim_, change);
  const std::uint64_t rebuilds = rebuilds_;
  intervene(change);  // the engine's refusal (ScenarioError, std::invalid_argument) names the field
  // A hot spare rebuilds the routes at once: the tag editor's edits go back
  // in force and a rejected rebuild is reported.
  if (change.kind == K::SetHotSpare && rebuilds != rebuilds_) routesRebuilt();
  if (change.kind == K::SetArbiter) {
    const SimTotals& t = sim_->totals();
    arbiterSwitch_ = std::make_shared<const ArbiterSwitch>(ArbiterSwitch{sim_->cycle(), t.deliveredFlitsBySource, t.ageGroups});
  }
  return inverse;
}

// A hot spare rebuilt the routes at once. The frame's routeRebuild line
// reports the outcome; a rejected rebuild (cycle in the dependency graph, or
// a route that does not deliver) keeps the old tables and is also reported
// as an error.
void TorusRun::routesRebuilt() {
  reapplyLutEdits();  // the tag editor's edits stay in force, as after reset()
  const RouteRebuildReport& r = sim_->lastRebuild();
  if (!r.accepted) throw std::invalid_argument(r.describe());
}

// Compared with the set asked for last (not with what is done now: a packet
// that could not be followed is not asked for again at every other change).
void TorusRun::setWatch(const WatchSet& w) {
  const WatchSet was = std::exchange(watch_, w);
  watchSync(w.sync, w.syncBsu);
  if (w.vcBalance != was.vcBalance) watchVcBalance(w.vcBalance);
  if (w.lab != was.lab) watchLab(w.lab);
  watchSlice(w.slice, w.sliceDim, w.sliceIndex);
  if (w.inspectedNode != was.inspectedNode) setInspectedNode(w.inspectedNode);  // counted from now
  if (w.followedPacket != was.followedPacket) setFollowedPacket(w.followedPacket);
  if (w.tagPreview != was.tagPreview) {
    if (w.tagPreview)
      previewTag(*w.tagPreview);
    else
      preview_.reset();
  }
}

}  // namespace flit
