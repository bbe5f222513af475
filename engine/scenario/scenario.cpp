#include "scenario/scenario.h"

#include "scenario/routing_config_json.h"
#include "scenario/scenario_sections.h"

#include <charconv>
#include <fstream>
#include <sstream>

namespace flit {

namespace {

constexpr const char* kRoot = "scenario";

int parseIntPart(std::string_view s, const std::string& path, std::string_view whole) {
  int v = 0;
  const auto* first = s.data();
  const auto* last = s.data() + s.size();
  auto [ptr, ec] = std::from_chars(first, last, v);
  if (s.empty() || ec != std::errc{} || ptr != last) {
    throw ScenarioError(path, "expected X,Y,Z:DIR (e.g. 3,0,1:+X), got \"" + std::string(whole) +
                                  "\"");
  }
  return v;
}

TopologySpec readTopology(ObjectReader& root) {
  ObjectReader r(root.required("topology"), root.childPath("topology"));
  TopologySpec spec;
  const std::string radixPath = r.childPath("radix");
  const auto& radix = readArray(r.required("radix"), radixPath, 1, kMaxDims);
  spec.dims = static_cast<int>(radix.size());
  for (std::size_t i = 0; i < radix.size(); ++i) {
    spec.radix[i] = static_cast<int>(readInt(radix[i], radixPath + "[" + std::to_string(i) + "]",
                                             kMinRadix, kMaxRadix));
  }
  for (int d = spec.dims; d < kMaxDims; ++d) spec.radix[static_cast<std::size_t>(d)] = 1;
  spec.wrap = {true, true, true};
  if (const auto* wrap = r.optional("wrap")) {
    const std::string wrapPath = r.childPath("wrap");
    readArray(*wrap, wrapPath, radix.size(), radix.size());
    for (std::size_t i = 0; i < wrap->size(); ++i) {
      spec.wrap[i] = readBool((*wrap)[i], wrapPath + "[" + std::to_string(i) + "]");
    }
  }
  for (int d = spec.dims; d < kMaxDims; ++d) spec.wrap[static_cast<std::size_t>(d)] = false;
  r.finish();
  return spec;
}

}  // namespace

LinkSpec parseLinkSpec(std::string_view text, const std::string& path) {
  const auto colon = text.find(':');
  if (colon == std::string_view::npos) {
    throw ScenarioError(path, "expected X,Y,Z:DIR (e.g. 3,0,1:+X), got \"" + std::string(text) +
                                  "\"");
  }
  LinkSpec l;
  std::string_view coords = text.substr(0, colon);
  int dim = 0;
  while (true) {
    const auto comma = coords.find(',');
    if (dim >= kMaxDims) {
      throw ScenarioError(path, "at most 3 coordinates, got \"" + std::string(text) + "\"");
    }
    l.node[dim++] = parseIntPart(coords.substr(0, comma), path, text);
    if (comma == std::string_view::npos) break;
    coords.remove_prefix(comma + 1);
  }
  const auto dir = parseDirection(text.substr(colon + 1));
  if (!dir) {
    throw ScenarioError(path, "direction must be one of +X,+Y,+Z,-X,-Y,-Z, got \"" +
                                  std::string(text.substr(colon + 1)) + "\"");
  }
  l.dir = *dir;
  return l;
}

std::string formatLinkSpec(const LinkSpec& l, int dims) {
  std::string s;
  for (int i = 0; i < dims; ++i) {
    if (i) s += ',';
    s += std::to_string(l.node[i]);
  }
  return s + ":" + std::string(directionName(l.dir));
}

LinkSpec linkSpecOf(const Topology& topo, LinkId l) {
  const Topology::LinkEnds& e = topo.linkEnds(l);
  return LinkSpec{topo.coordOf(e.lower), makeDirection(e.dim, true)};
}

LinkId resolveLinkSpec(const Topology& topo, const LinkSpec& l, const std::string& path) {
  const NodeId n = topo.nodeAt(l.node);
  if (n == kInvalidId) {
    throw ScenarioError(path, "node " + formatCoord(l.node, topo.dims()) +
                                  " is outside the topology");
  }
  const LinkId link = topo.linkFrom(n, l.dir);
  if (link == kInvalidId) {
    throw ScenarioError(path, "node " + formatCoord(l.node, topo.dims()) + " has no " +
                                  std::string(directionName(l.dir)) + " link");
  }
  return link;
}

Scenario parseScenario(std::string_view jsonText) {
  return scenarioFromJson(parseJsonText(jsonText, kRoot));
}

Scenario scenarioFromJson(const nlohmann::json& j) {
  ObjectReader root(j, kRoot);
  const std::string format = root.requiredString("format");
  if (format != "flitscope-scenario") {
    throw ScenarioError(root.childPath("format"),
                        "must be \"flitscope-scenario\", got \"" + format + "\"");
  }
  root.requiredInt("version", kScenarioFormatVersion, kScenarioFormatVersion);
  Scenario s;
  s.name = root.optionalString("name", "");
  s.description = root.optionalString("description", "");
  s.seed = static_cast<std::uint64_t>(root.optionalInt("seed", 1, 0, INT64_MAX));
  s.topology = readTopology(root);
  readFaultsSection(root, s);
  s.router = readRouterSection(root, s.topology.dims);
  if (root.has("routing")) {
    ObjectReader routing(root.required("routing"), root.childPath("routing"));
    s.routing = readRoutingConfig(routing, s.topology);
  } else {
    s.routing = defaultRoutingConfig(s.topology);
  }
  s.traffic = readTrafficSection(root, s.topology);
  readSyncSection(root, s);
  s.units = readUnitsSection(root);
  readTimelineSection(root, s);
  root.finish();
  // Cross-section checks, so that a scenario that loads also simulates.
  validateResponseClass(s.router, s.traffic.producesResponses());
  validateRouterConfig(s.router, s.traffic.maxPacketFlits(), hasAnyDateline(s.routing.datelines),
                       "scenario.router");
  validateTraffic(s.traffic, Topology(s.topology), "scenario.traffic");
  return s;
}

Scenario loadScenarioFile(const std::string& path) { return parseScenario(readScenarioFileText(path)); }

std::string readScenarioFileText(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ScenarioError(path, "cannot open file");
  in.seekg(0, std::ios::end);
  const auto size = static_cast<std::size_t>(in.tellg());
  if (size > kMaxScenarioBytes) {
    throw ScenarioError(path, "file is " + std::to_string(size) + " bytes, more than the " +
                                  std::to_string(kMaxScenarioBytes) + " a scenario may have");
  }
  in.seekg(0);
  std::string text(size, '\0');
  in.read(text.data(), static_cast<std::streamsize>(size));
  if (!in) throw ScenarioError(path, "cannot read file");
  return text;
}

nlohmann::json scenarioToJson(const Scenario& s) {
  nlohmann::json j;
  j["format"] = "flitscope-scenario";
  j["version"] = kScenarioFormatVersion;
  if (!s.name.empty()) j["name"] = s.name;
  if (!s.description.empty()) j["description"] = s.description;
  j["seed"] = s.seed;
  nlohmann::json radix = nlohmann::json::array();
  nlohmann::json wrap = nlohmann::json::array();
  for (int d = 0; d < s.topology.dims; ++d) {
    radix.push_back(s.topology.radix[static_cast<std::size_t>(d)]);
    wrap.push_back(s.topology.wrap[static_cast<std::size_t>(d)]);
  }
  j["topology"] = {{"radix", radix}, {"wrap", wrap}};
  if (auto faults = faultsSectionToJson(s); !faults.empty()) j["faults"] = std::move(faults);
  j["router"] = routerToJson(s.router, s.topology.dims);
  j["routing"] = routingConfigToJson(s.routing);
  j["traffic"] = trafficToJson(s.traffic, s.topology.dims);
  if (!s.sync.trees.empty()) j["sync"] = syncSectionToJson(s.sync, s.topology.dims);
  if (s.units.known()) j["units"] = unitsToJson(s.units);
  if (!s.timeline.empty()) j["timeline"] = timelineToJson(s.timeline, Topology(s.topology));
  return j;
}

std::string serializeScenario(const Scenario& s) { return scenarioToJson(s).dump(2) + "\n"; }

Topology buildTopology(const Scenario& s) {
  Topology topo(s.topology);
  for (std::size_t i = 0; i < s.failedLinks.size(); ++i) {
    topo.setLinkUp(resolveLinkSpec(topo, s.failedLinks[i],
                                   "scenario.faults.failedLinks[" + std::to_string(i) + "]"),
                   false);
  }
  return topo;
}

}  // namespace flit
