// Fat-tree scenario files (docs/scenario-format.md, "Fat-tree scenarios"),
// the fat-tree's and every other network shape's topology section: either a
// complete FatTreeScenario (fattree/fat_tree_scenario.h) or a ScenarioError
// naming the field (scenario.topology.unitTrees.UT64x8: ...).
#pragma once

#include <nlohmann/json.hpp>

#include <string>
#include <string_view>

#include "fattree/fat_tree_scenario.h"
#include "fattree/network_shape.h"

namespace flit::fattree {

FatTreeScenario parseFatTreeScenario(std::string_view jsonText);
FatTreeScenario fatTreeScenarioFromJson(const nlohmann::json& j);
// The inverse, every field written (the window's Save): reading it back
// gives the same FatTreeScenario.
nlohmann::json fatTreeScenarioToJson(const FatTreeScenario& s);
std::string serializeFatTreeScenario(const FatTreeScenario& s);

// Whether the reader knows `shape`'s topology section (every shape of
// networkShapes() must: tst_fattree_scenario).
bool hasScenarioSection(const NetworkShape& shape);

}  // namespace flit::fattree
