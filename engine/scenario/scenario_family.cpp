#include "scenario/scenario_family.h"

#include "scenario/json_fields.h"

namespace flit {

TopologyFamily scenarioFamily(const nlohmann::json& scenario) {
  if (!scenario.is_object()) return TopologyFamily::KAryNCube;
  if (const auto rec = scenario.find("flitscopeRecording"); rec != scenario.end()) {
    const auto inner = scenario.find("scenario");  // a recording: the family of the scenario it ran
    return inner == scenario.end() ? TopologyFamily::KAryNCube : scenarioFamily(*inner);
  }
  const auto topo = scenario.find("topology");
  if (topo == scenario.end() || !topo->is_object()) return TopologyFamily::KAryNCube;
  const auto family = topo->find("family");
  if (family == topo->end()) return TopologyFamily::KAryNCube;
  if (family->is_string()) {
    for (const std::string_view key : kCircuitFamilyKeys)
      if (family->get<std::string>() == key) return TopologyFamily::FatTree;
  }
  throw ScenarioError(
      "scenario.topology.family",
      "must be \"fatTree\" or \"flatBidelta\" (a k-ary n-cube has no family key), got " +
          (family->is_string() ? "\"" + family->get<std::string>() + "\"" : jsonTypeName(*family)));
}

TopologyFamily scenarioFamilyOfText(std::string_view text) {
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(text.begin(), text.end());
  } catch (const nlohmann::json::exception&) {
    return TopologyFamily::KAryNCube;
  }
  return scenarioFamily(j);
}

}  // namespace flit
