// Fat-tree scenario files (docs/scenario-format.md, "Fat-tree scenarios"):
// the same envelope as every scenario (format, version, name, description,
// seed) with topology.family "fatTree". The value; reading and writing it is
// scenario/fat_tree_scenario_json.h's.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "fattree/circuit_change.h"
#include "fattree/circuit_config.h"
#include "fattree/fat_tree_network.h"
#include "fattree/fat_tree_routing.h"

namespace flit::fattree {

struct FatTreeFaults {
  std::vector<std::uint32_t> routers;    // router ids
  std::vector<std::uint32_t> channels;   // channel ids (fat_tree_network.h)
  std::vector<std::uint32_t> unitTrees;  // block ids: leaves first, then stage by stage
  double randomRouterFraction = 0.0;     // this share of all RN1s, drawn from the seed
  bool operator==(const FatTreeFaults&) const = default;
};

struct FatTreeScenario {
  std::string name;
  std::string description;
  std::uint64_t seed = 1;
  FatTreeSpec spec;
  CircuitConfig circuit;
  FatTreeFaults faults;
  // Changes at cycles (fattree/circuit_change.h), in the file's order; the
  // simulator applies them sorted stably by cycle.
  std::vector<CircuitChange> timeline;
  bool operator==(const FatTreeScenario&) const = default;
};

// Builds the network and a simulator-ready fault list: explicit faults plus
// the random share, drawn from the scenario seed.
std::vector<std::uint32_t> randomFailedRouters(const FatTreeNetwork& net, double fraction,
                                               std::uint64_t seed);

// The scenario's faults on its network, in one place for every user (the
// command line's run, the window's drawing and its simulation): the listed
// routers, the random share drawn from the scenario seed, every RN1 of a
// failed unit tree, the listed channels.
FaultMap scenarioFaultMap(const FatTreeNetwork& net, const FatTreeScenario& s);

}  // namespace flit::fattree
