// The scenario's "routing" section in JSON: its reader and writer
// (routing/routing_config.h holds the value and its format's comment).
#pragma once

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>

#include "routing/routing_config.h"
#include "scenario/json_fields.h"

namespace flit {

// Reads the section through `section` (an ObjectReader on the "routing"
// object, path e.g. "scenario.routing"), checks it against the topology and
// calls section.finish() (unknown keys are errors). Throws ScenarioError.
RoutingConfig readRoutingConfig(ObjectReader& section, const TopologySpec& spec);
// The section as JSON; readRoutingConfig(routingConfigToJson(c)) == c.
// "tieRule" and "vcRule" are written only when not the default ("plus",
// "tables"), so the JSON of scenarios without them stays as it was.
nlohmann::json routingConfigToJson(const RoutingConfig& config);

// The "vcTables" object alone; errors name `path` and the field
// ("scenario.routing.vcTables.entries[2].vcs: ...").
VcTablesConfig readVcTablesConfig(const nlohmann::json& j, const std::string& path,
                                  const TopologySpec& spec);
nlohmann::json vcTablesConfigToJson(const VcTablesConfig& t, int dims);

// A routing tag written as hex ("0x0000000300010101"); ScenarioError naming path.
std::uint64_t readTag(const nlohmann::json& j, const std::string& path);

}  // namespace flit
