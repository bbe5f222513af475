// The scenario as the person left it in the running engine (issue 5, "Save
// omits live changes"): the traffic pattern, injection rate and adaptive
// switch changed live, the links and nodes failed or repaired from the view,
// the routing-tag editor's R_NET_LUT entries, the hot spares, and the
// arbiter and its age parameters switched in the Arbitration section, the VC
// rule switched in the deadlock lab. The GUI asks
// with CaptureScenarioCommand (a SimCommand, applied in order after every
// command posted before it); the worker answers with a LiveScenario value in
// the frames that follow (FrameSnapshot::liveScenario, matched by requestId).
// ScenarioFiles::saveFile writes it over the loaded scenario.
#pragma once

#include "fattree/circuit_recording.h"
#include "sim/recording.h"
#include "sim/scenario.h"
#include "topology/topology.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace flitgui {

struct CaptureScenarioCommand {
  std::uint64_t requestId = 0;
};

// Makes a node a hot spare or an ordinary node again
// (Simulator::setHotSpare; kept across reset).
struct SetHotSpareCommand {
  flit::NodeId node = flit::kInvalidId;
  bool spare = true;
};

struct LiveScenario {
  std::uint64_t requestId = 0;
  std::string error;  // the source cannot tell (a test fake): nothing below is set
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
  // The engine's recording of the run since the last reset (File > Save
  // recording); none when the source cannot tell.
  std::optional<flit::Recording> recording;
  // A fat-tree's instead (CircuitSource; the torus fields above unset).
  std::optional<flit::fattree::CircuitRecording> circuitRecording;
};

}  // namespace flitgui
