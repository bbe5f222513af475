// Which topology family a scenario describes: the one place that decides
// which reader (scenario/scenario.h for the k-ary n-cube,
// scenario/fat_tree_scenario_json.h for the circuit networks) and which
// simulator a scenario file goes to.
#pragma once

#include "topology/topology_family.h"

#include <nlohmann/json.hpp>
#include <string_view>

namespace flit {

// topology.family: absent = the k-ary n-cube (every scenario before the
// fat-tree), "fatTree" = the fat-tree, "flatBidelta" = the
// flat network seed 004 compares it against (the same circuit family). ScenarioError naming
// scenario.topology.family for any other value. A recording
// (docs/recording-format.md) has the family of the scenario it ran.
TopologyFamily scenarioFamily(const nlohmann::json& scenario);
// The same from text; text that is not a JSON object counts as the k-ary
// n-cube, whose reader then reports the error.
TopologyFamily scenarioFamilyOfText(std::string_view text);

}  // namespace flit
