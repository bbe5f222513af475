// SimulatorSource::liveScenario: what Save writes (issue 5): the scenario
// with the person's changes (flit::TorusRun::standing) and the recording of
// the run, on the worker thread between cycles like every other request.
#include "torus/simulator_source.h"

#include "scenario/recording.h"
#include "torus/torus_live_changes.h"

#include <algorithm>
#include <stdexcept>

namespace flitgui {

LiveScenario SimulatorSource::liveScenario() const {
  const flit::Simulator& sim = run_.simulator();
  const flit::StandingConfig& standing = run_.standing();
  const flit::Topology& topo = sim.topology();
  LiveScenario live;
  auto changes = std::make_shared<TorusLiveChanges>();
  TorusLiveChanges& s = *changes;
  live.torus = changes;
  s.topology = standing.config.topology;
  s.pattern = standing.config.traffic.pattern;
  s.rateFlitsPerNodeCycle = standing.config.traffic.rateFlitsPerNodeCycle;
  s.adaptiveRouting = standing.config.router.adaptiveRouting;
  s.arbiter = standing.config.router.arbiter;
  s.age = standing.config.router.age;
  s.vcRule = standing.config.routing.vcRule;
  // Links failed by the person (or the scenario): standing.config.failedLinks is
  // kept by apply(). Links the timeline failed stay in the timeline.
  for (const flit::LinkId link : standing.config.failedLinks) s.failedLinks.push_back(flit::linkSpecOf(topo, link));
  std::vector<flit::NodeId> nodes = standing.config.failedNodes;
  std::sort(nodes.begin(), nodes.end());
  nodes.erase(std::unique(nodes.begin(), nodes.end()), nodes.end());
  for (const flit::NodeId n : nodes)
    if (!sim.nodeUp(n)) s.failedNodes.push_back(topo.coordOf(n));
  // The scenario's R_NET_LUT entries, then the tag editor's edits over them.
  s.lutEntries = standing.config.routing.lutEntries;
  for (const auto& [key, tag] : standing.lutEdits) {
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
    if (sim.hotSpare(n)) s.hotSpares.push_back(topo.coordOf(n));
  live.recording = run_.recording();
  return live;
}

}  // namespace flitgui
