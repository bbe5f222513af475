// Scenario section "faults" (docs/scenario-format.md): links and nodes down
// from cycle 0, hot spares (T3E paper section 9), and the old form of the timeline (failures and
// repairs only; read into Scenario::timeline, written as the top-level timeline).
#include "scenario/scenario_sections.h"

#include "routing/routing_config.h"

namespace flit {

void readFaultsSection(ObjectReader& root, Scenario& s) {
  const auto* faults = root.optional("faults");
  if (!faults) return;
  ObjectReader r(*faults, root.childPath("faults"));
  const Topology topo(s.topology);
  if (const auto* failed = r.optional("failedLinks")) {
    const std::string path = r.childPath("failedLinks");
    readArray(*failed, path, 0, 1u << 20);
    for (std::size_t i = 0; i < failed->size(); ++i) {
      const std::string itemPath = path + "[" + std::to_string(i) + "]";
      LinkSpec l = parseLinkSpec(readString((*failed)[i], itemPath), itemPath);
      resolveLinkSpec(topo, l, itemPath);
      s.failedLinks.push_back(l);
    }
  }
  if (const auto* nodes = r.optional("failedNodes")) {
    const std::string path = r.childPath("failedNodes");
    readArray(*nodes, path, 0, 1u << 20);
    for (std::size_t i = 0; i < nodes->size(); ++i) {
      const std::string itemPath = path + "[" + std::to_string(i) + "]";
      s.failedNodes.push_back(parseNodeCoord(readString((*nodes)[i], itemPath), s.topology, itemPath));
    }
  }
  if (const auto* spares = r.optional("hotSpares")) {
    const std::string path = r.childPath("hotSpares");
    readArray(*spares, path, 0, 1u << 20);
    for (std::size_t i = 0; i < spares->size(); ++i) {
      const std::string itemPath = path + "[" + std::to_string(i) + "]";
      const Coord c = parseNodeCoord(readString((*spares)[i], itemPath), s.topology, itemPath);
      for (const Coord& earlier : s.hotSpares) {
        if (earlier == c) throw ScenarioError(itemPath, "node listed twice");
      }
      s.hotSpares.push_back(c);
    }
  }
  if (const auto* timeline = r.optional("timeline")) {  // the old form: faults only
    const std::string path = r.childPath("timeline");
    readArray(*timeline, path, 0, 1u << 20);
    for (std::size_t i = 0; i < timeline->size(); ++i) {
      s.timeline.push_back(
          readFaultTimelineEntry((*timeline)[i], path + "[" + std::to_string(i) + "]", topo));
    }
  }
  r.finish();
}

nlohmann::json faultsSectionToJson(const Scenario& s) {
  nlohmann::json j = nlohmann::json::object();
  const int dims = s.topology.dims;
  auto nodeText = [dims](const Coord& c) {
    std::string t;
    for (int d = 0; d < dims; ++d) t += (d ? "," : "") + std::to_string(c[d]);
    return t;
  };
  if (!s.failedLinks.empty()) {
    nlohmann::json links = nlohmann::json::array();
    for (const auto& l : s.failedLinks) links.push_back(formatLinkSpec(l, dims));
    j["failedLinks"] = links;
  }
  if (!s.failedNodes.empty()) {
    nlohmann::json nodes = nlohmann::json::array();
    for (const auto& c : s.failedNodes) nodes.push_back(nodeText(c));
    j["failedNodes"] = nodes;
  }
  if (!s.hotSpares.empty()) {
    nlohmann::json spares = nlohmann::json::array();
    for (const auto& c : s.hotSpares) spares.push_back(nodeText(c));
    j["hotSpares"] = spares;
  }
  return j;
}

}  // namespace flit
