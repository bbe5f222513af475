// SimulatorSource: hot spares and the live scenario for Save (issue 5), on
// the worker thread between cycles like every other request.
#include "torus/simulator_source.h"

#include "sim/recording.h"
#include "torus/torus_live_changes.h"

#include <algorithm>
#include <stdexcept>

namespace flitgui {

LiveScenario SimulatorSource::liveScenario() const {
  const flit::Topology& topo = sim_->topology();
  LiveScenario live;
  auto changes = std::make_shared<TorusLiveChanges>();
  TorusLiveChanges& s = *changes;
  live.torus = changes;
  s.topology = standing_.config.topology;
  s.pattern = standing_.config.traffic.pattern;
  s.rateFlitsPerNodeCycle = standing_.config.traffic.rateFlitsPerNodeCycle;
  s.adaptiveRouting = standing_.config.router.adaptiveRouting;
  s.arbiter = standing_.config.router.arbiter;
  s.age = standing_.config.router.age;
  s.vcRule = standing_.config.routing.vcRule;
  // Links failed by the person (or the scenario): standing_.config.failedLinks is
  // kept by apply(). Links the timeline failed stay in the timeline.
  for (const flit::LinkId link : standing_.config.failedLinks) s.failedLinks.push_back(flit::linkSpecOf(topo, link));
  std::vector<flit::NodeId> nodes = standing_.config.failedNodes;
  std::sort(nodes.begin(), nodes.end());
  nodes.erase(std::unique(nodes.begin(), nodes.end()), nodes.end());
  for (const flit::NodeId n : nodes)
    if (!sim_->nodeUp(n)) s.failedNodes.push_back(topo.coordOf(n));
  // The scenario's R_NET_LUT entries, then the tag editor's edits over them.
  s.lutEntries = standing_.config.routing.lutEntries;
  for (const auto& [key, tag] : standing_.lutEdits) {
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
  live.recording = recording();
  return live;
}

// The scenario the running Simulator was built from: the loaded one with what
// reset() kept (built_), its timeline left out (what was applied of it is in
// Simulator::applied()).
flit::Recording SimulatorSource::recording() const {
  const flit::Topology& topo = sim_->topology();
  flit::Scenario s;
  s.name = scenarioName_;
  s.seed = built_.config.seed;
  s.topology = built_.config.topology;
  for (const flit::LinkId link : built_.config.failedLinks) s.failedLinks.push_back(flit::linkSpecOf(topo, link));
  for (const flit::NodeId n : built_.config.failedNodes) s.failedNodes.push_back(topo.coordOf(n));
  for (const flit::NodeId n : built_.config.hotSpares) s.hotSpares.push_back(topo.coordOf(n));
  s.router = built_.config.router;
  s.routing = built_.config.routing;
  s.traffic = built_.config.traffic;
  s.sync = built_.config.sync;
  s.units = built_.config.units;
  return flit::recordRun(s, *sim_, 0);
}

}  // namespace flitgui
