// A fat-tree change (fattree/circuit_change.h) in JSON: an entry of a
// fat-tree scenario's or recording's timeline, {"cycle": 300, "failRouter": 12}.
#pragma once

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

#include "fattree/circuit_change.h"

namespace flit::fattree {

// Throws ScenarioError naming `path` and the field
// ("scenario.timeline[2].failRouter: must be 0..191, got 500").
CircuitChange readCircuitChange(const nlohmann::json& j, const std::string& path,
                                const CircuitIdCounts& counts);
nlohmann::json circuitChangeToJson(const CircuitChange& c);
// An array of changes; `ordered`: cycles must not decrease (recordings),
// otherwise any order (a scenario's timeline; sorted stably here).
std::vector<CircuitChange> readCircuitTimeline(const nlohmann::json& j, const std::string& path,
                                               const CircuitIdCounts& counts, bool ordered);
nlohmann::json circuitTimelineToJson(const std::vector<CircuitChange>& timeline);

}  // namespace flit::fattree
