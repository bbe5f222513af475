// Scenario section "faults" (docs/scenario-format.md): links and nodes down
// from cycle 0, hot spares (T3E paper section 9), and a timeline of failures and repairs applied while the
// simulation runs (T3E paper section 9; issue 4 "at any cycle").
#include "sim/scenario_sections.h"

#include "routing/routing_config.h"

#include <cstdint>

namespace flit {

namespace {

// The four actions of a timeline entry; exactly one per entry.
struct TimelineAction {
  const char* key;
  bool repair;
  bool isNode;
};
constexpr TimelineAction kActions[] = {
    {"fail", false, false}, {"repair", true, false}, {"failNode", false, true}, {"repairNode", true, true}};

TimedFaultSpec readTimelineEntry(const nlohmann::json& j, const std::string& path, const Topology& topo,
                                 const TopologySpec& spec) {
  ObjectReader r(j, path);
  TimedFaultSpec f;
  f.cycle = static_cast<std::uint64_t>(r.requiredInt("cycle", 0, INT64_MAX));
  int actions = 0;
  for (const TimelineAction& a : kActions) {
    if (!r.has(a.key)) continue;
    ++actions;
    const std::string itemPath = r.childPath(a.key);
    const std::string text = r.requiredString(a.key);
    f.repair = a.repair;
    f.isNode = a.isNode;
    if (a.isNode) {
      f.node = parseNodeCoord(text, spec, itemPath);
    } else {
      f.link = parseLinkSpec(text, itemPath);
      resolveLinkSpec(topo, f.link, itemPath);
    }
  }
  if (actions != 1) {
    throw ScenarioError(path, "needs exactly one of fail, repair, failNode, repairNode, got " +
                                  std::to_string(actions));
  }
  r.finish();
  return f;
}

}  // namespace

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
  if (const auto* timeline = r.optional("timeline")) {
    const std::string path = r.childPath("timeline");
    readArray(*timeline, path, 0, 1u << 20);
    for (std::size_t i = 0; i < timeline->size(); ++i) {
      s.faultTimeline.push_back(
          readTimelineEntry((*timeline)[i], path + "[" + std::to_string(i) + "]", topo, s.topology));
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
  if (!s.faultTimeline.empty()) {
    nlohmann::json events = nlohmann::json::array();
    for (const TimedFaultSpec& f : s.faultTimeline) {
      const char* key = f.isNode ? (f.repair ? "repairNode" : "failNode") : (f.repair ? "repair" : "fail");
      events.push_back({{"cycle", f.cycle}, {key, f.isNode ? nodeText(f.node) : formatLinkSpec(f.link, dims)}});
    }
    j["timeline"] = events;
  }
  return j;
}

}  // namespace flit
