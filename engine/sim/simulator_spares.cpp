// Hot spares at run time (T3E paper section 9: "The routing table along with
// the logical 'who am I' registers allows for the nodes to be logically
// renamed ... extra nodes ... as hot spares"; manual HMM-160-0 "Node
// Identification": a bad node is logically removed "by assigning the logical
// number of the bad node to a different physical node"). The renaming is
// recomputed at every route rebuild from the nodes down at that moment, so a
// spare designated before a failure takes over when the failure comes, and a
// repaired node gets its PE back (docs/fault-tolerance.md).
#include "sim/simulator.h"

#include "routing/hot_spares.h"
#include "util/scenario_error.h"

#include <string>
#include <utility>
#include <vector>

namespace flit {

void Simulator::initHotSpares() {
  homePes_ = routing_.peMap;
  hotSpare_.assign(static_cast<std::size_t>(topo_.nodeCount()), 0);
  for (std::size_t i = 0; i < cfg_.hotSpares.size(); ++i) {
    const NodeId n = cfg_.hotSpares[i];
    if (n < 0 || n >= topo_.nodeCount()) {
      throw ScenarioError("scenario.faults.hotSpares[" + std::to_string(i) + "]", "no such node");
    }
    hotSpare_[static_cast<std::size_t>(n)] = 1;
  }
  if (!cfg_.hotSpares.empty()) checkHotSpareRouting("scenario.faults.hotSpares: routing");
}

void Simulator::checkHotSpareRouting(const std::string& field) const {
  if (!routing_.tables) {
    throw ScenarioError(field + ".algorithm",
                        "hot spares rename logical PEs in the routing-tag look-up tables "
                        "(R_NET_LUT): direction-order routing only");
  }
  for (NodeId n = 0; n < topo_.nodeCount(); ++n) {
    const LutMode mode = routing_.tables->overrideOf(n).mode;
    if (mode == LutMode::PerPe) continue;
    throw ScenarioError(field + ".lutMode",
                        "hot spares need LUT mode 0 (one R_NET_LUT entry per logical PE); node " +
                            topo_.describeNode(n) + " uses mode " +
                            std::to_string(static_cast<int>(mode)) +
                            " (modes 1/2 number PEs in 2x2 modules, T3E paper section 2)");
  }
}

RouteRebuildReport Simulator::setHotSpare(NodeId node, bool spare) {
  if (node < 0 || node >= topo_.nodeCount()) {
    throw ScenarioError("node", "must be 0.." + std::to_string(topo_.nodeCount() - 1) + ", got " +
                                    std::to_string(node));
  }
  if (spare) checkHotSpareRouting("routing");
  hotSpare_[static_cast<std::size_t>(node)] = spare ? 1 : 0;
  if (sparePeMap() == routing_.peMap) return RouteRebuildReport{};  // no PE moves
  return rebuildRoutes();  // tables for the new map, verified; rejected: the old map stays
}

NodeId Simulator::peHomeOf(NodeId node) const {
  return homePes_.nodeOf(routing_.peMap.logicalOf(node));
}

PeMap Simulator::sparePeMap() const {
  PeMap map = homePes_;
  std::vector<NodeId> spares;
  for (NodeId n = 0; n < topo_.nodeCount(); ++n) {
    if (hotSpare_[static_cast<std::size_t>(n)]) spares.push_back(n);
  }
  if (!spares.empty()) assignSpareNodes(map, nodeUp_, spares);
  return map;
}

void Simulator::applyHotSpares(RoutingSetup& fresh) const {
  PeMap map = sparePeMap();
  if (map == fresh.peMap || !fresh.tables) return;
  // Like remapForHotSpares: fresh minimal tags for the renamed machine (the
  // scenario's explicit entries were written for the old numbering);
  // rebuildVerified then routes them around the failures and checks them.
  const LutMode mode = fresh.tables->overrideOf(0).mode;  // 0: checked when the spare was made
  fresh.tables.emplace(topo_, map);
  fillMinimalTags(*fresh.tables, topo_, mode, cfg_.routing.adaptive, fresh.tieRule);
  // The scenario's explicit entries keep their meaning for the PEs that did
  // not move (mode 0: entry index = logical PE); for a moved PE the entry
  // addressed its old node and is left to the generator.
  for (const LutEntrySpec& e : cfg_.routing.lutEntries) {
    const NodeId n = topo_.nodeAt(e.node);
    if (n == kInvalidId || e.index >= map.peCount() || map.nodeOf(e.index) != homePes_.nodeOf(e.index)) continue;
    fresh.tables->setEntry(n, e.index, e.tag);
  }
  fresh.peMap = std::move(map);
}

void Simulator::updateSpareDestinations() {
  std::vector<NodeId> map;
  if (routing_.peMap != homePes_) {
    map.resize(static_cast<std::size_t>(topo_.nodeCount()));
    for (NodeId home = 0; home < topo_.nodeCount(); ++home) {
      map[static_cast<std::size_t>(home)] = routing_.peMap.nodeOf(homePes_.logicalOf(home));
    }
  }
  traffic_.setDestinationMap(std::move(map));
}

}  // namespace flit
