// SimulatorSource: hot spares and the live scenario for Save (issue 5), on
// the worker thread between cycles like every other request.
#include "simulator_source.h"

#include <algorithm>
#include <stdexcept>

namespace flitgui {

void SimulatorSource::setHotSpare(flit::NodeId node, bool spare) {
  // Simulator::setHotSpare names the field of a bad request ("node",
  // "routing.algorithm", "routing.lutMode") and rebuilds the routes when a
  // logical PE moves.
  const flit::RouteRebuildReport r = sim_->setHotSpare(node, spare);
  auto& spares = config_.hotSpares;  // reset() keeps them (the Simulator's constructor applies them)
  const auto it = std::find(spares.begin(), spares.end(), node);
  if (spare && it == spares.end()) spares.push_back(node);
  if (!spare && it != spares.end()) spares.erase(it);
  if (r.performed) routesRebuilt();
}

void SimulatorSource::setArbiter(flit::ArbiterKind arbiter) {
  sim_->setArbiter(arbiter);  // ScenarioError naming router.arbiter (e.g. age with an adaptive VC)
  config_.router.arbiter = arbiter;  // kept by reset() and written by Save
}

void SimulatorSource::setAgeConfig(const flit::AgeConfig& age) {
  sim_->setAgeConfig(age);  // ScenarioError naming the field (router.age.clockPeriodCycles, ...)
  config_.router.age = age;
}

LiveScenario SimulatorSource::liveScenario() const {
  const flit::Topology& topo = sim_->topology();
  LiveScenario s;
  s.topology = config_.topology;
  s.pattern = config_.traffic.pattern;
  s.rateFlitsPerNodeCycle = config_.traffic.rateFlitsPerNodeCycle;
  s.adaptiveRouting = config_.router.adaptiveRouting;
  s.arbiter = config_.router.arbiter;
  s.age = config_.router.age;
  // Links failed by the person (or the scenario): config_.failedLinks is
  // kept by setLinkUp. Links the timeline failed stay in the timeline.
  for (const flit::LinkId link : config_.failedLinks) {
    const flit::Topology::LinkEnds& e = topo.linkEnds(link);
    s.failedLinks.push_back(flit::LinkSpec{topo.coordOf(e.lower), flit::makeDirection(e.dim, true)});
  }
  std::vector<flit::NodeId> nodes = config_.failedNodes;
  nodes.insert(nodes.end(), failedNodes_.begin(), failedNodes_.end());
  std::sort(nodes.begin(), nodes.end());
  nodes.erase(std::unique(nodes.begin(), nodes.end()), nodes.end());
  for (const flit::NodeId n : nodes)
    if (!sim_->nodeUp(n)) s.failedNodes.push_back(topo.coordOf(n));
  // The scenario's R_NET_LUT entries, then the tag editor's edits over them.
  s.lutEntries = config_.routing.lutEntries;
  for (const auto& [key, tag] : lutEdits_) {
    const flit::Coord c = topo.coordOf(key.first);
    const auto same = std::find_if(s.lutEntries.begin(), s.lutEntries.end(), [&](const flit::LutEntrySpec& e) {
      return e.node == c && e.index == key.second;
    });
    if (same != s.lutEntries.end())
      same->tag = tag;
    else
      s.lutEntries.push_back(flit::LutEntrySpec{c, key.second, tag});
  }
  for (flit::NodeId n = 0; n < topo.nodeCount(); ++n)
    if (sim_->hotSpare(n)) s.hotSpares.push_back(topo.coordOf(n));
  return s;
}

}  // namespace flitgui
