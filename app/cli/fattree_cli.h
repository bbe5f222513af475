// flitscope-cli on fat-tree scenarios (engine/fattree): loading with errors
// that name the field, and the describe output.
#pragma once

#include "fattree/fat_tree_description.h"
#include "fattree/fat_tree_scenario.h"

#include <QString>

#include <nlohmann/json.hpp>

#include <string>

namespace flitcli {

// UsageError "SCENARIO <path>: <field>: <reason>" on any error.
flit::fattree::FatTreeScenario loadFatTreeScenarioFile(const QString& path);

// buildFatTree, with UsageError instead of std::bad_alloc for a network
// that does not fit in memory.
flit::fattree::FatTreeNetwork buildFatTreeOrThrow(const flit::fattree::FatTreeSpec& spec);

nlohmann::json fatTreeDescriptionJson(const flit::fattree::FatTreeScenario& s,
                                      const flit::fattree::FatTreeDescription& d);
std::string fatTreeDescriptionTable(const nlohmann::json& j);

}  // namespace flitcli
