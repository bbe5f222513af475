// Reading and writing the scenario's "routing" section (routing/routing_config.h
// holds the value; docs/routing.md and docs/scenario-format.md the format).
#include "scenario/routing_config_json.h"

#include "routing/pe_map.h"

namespace flit {

namespace {

const std::vector<std::string> kAlgorithms{"direction-order", "dimension-order", "trc"};
const std::vector<std::string> kVcGenerators{"time-of-crossing", "trc"};
const std::vector<std::string> kLutGenerators{"minimal", "none"};
const std::vector<std::string> kTieRules{"plus", "sourceParity", "random"};

DatelineConfig readDatelines(const nlohmann::json& j, const std::string& path,
                             const TopologySpec& spec) {
  const auto n = static_cast<std::size_t>(spec.dims);
  readArray(j, path, n, n);
  DatelineConfig c;
  for (std::size_t i = 0; i < n; ++i) {
    const std::string p = indexedPath(path, i);
    if (j[i].is_null()) continue;
    if (!spec.wrap[i]) {
      throw ScenarioError(p, "dimension " + std::to_string(i) +
                                 " is a mesh (no wrap link): its dateline must be null");
    }
    const int maxOrd = spec.radix[i] - 1;
    if (j[i].is_object()) {  // {"plus": p, "minus": m}: one node per unidirectional ring
      ObjectReader r(j[i], p);
      c.ordinate[i] = static_cast<int>(r.requiredInt("plus", 0, maxOrd));
      const int minus = static_cast<int>(r.requiredInt("minus", 0, maxOrd));
      if (minus != c.ordinate[i]) c.minusOrdinate[i] = minus;
      r.finish();
    } else if (j[i].is_number_integer()) {
      c.ordinate[i] = static_cast<int>(readInt(j[i], p, 0, maxOrd));
    } else {
      throw ScenarioError(p, "must be an ordinate 0.." + std::to_string(maxOrd) +
                                 ", null, or {\"plus\": ordinate, \"minus\": ordinate}");
    }
  }
  return c;
}

}  // namespace

VcTablesConfig readVcTablesConfig(const nlohmann::json& j, const std::string& path,
                                  const TopologySpec& spec) {
  VcTablesConfig c;
  ObjectReader r(j, path);
  const std::string gen = r.optionalChoice("generator", "time-of-crossing", kVcGenerators);
  c.generator = gen == "trc" ? VcTableGenerator::Trc : VcTableGenerator::TimeOfCrossing;
  if (const auto* entries = r.optional("entries")) {
    const std::string ep = r.childPath("entries");
    readArray(*entries, ep, 0, 1u << 20);
    for (std::size_t i = 0; i < entries->size(); ++i) {
      ObjectReader e((*entries)[i], indexedPath(ep, i));
      VcTableEntry v;
      v.node = parseNodeCoord(e.requiredString("node"), spec, e.childPath("node"));
      const std::string dirText = e.requiredString("direction");
      const auto dir = parseDirection(dirText);
      if (!dir || dimensionOf(*dir) >= spec.dims) {
        throw ScenarioError(
            e.childPath("direction"),
            "must be a direction of the topology (+X,+Y,+Z,-X,-Y,-Z), got \"" + dirText + "\"");
      }
      v.dir = *dir;
      const auto k = static_cast<std::size_t>(spec.radixOf(dimensionOf(v.dir)));
      const std::string vp = e.childPath("vcs");
      const auto& vcs = readArray(e.required("vcs"), vp, k, k);
      for (std::size_t b = 0; b < k; ++b) {
        v.vcs.push_back(static_cast<std::uint8_t>(readInt(vcs[b], indexedPath(vp, b), 0, 1)));
      }
      e.finish();
      c.entries.push_back(std::move(v));
    }
  }
  r.finish();
  return c;
}

nlohmann::json vcTablesConfigToJson(const VcTablesConfig& c, int dims) {
  nlohmann::json vc;
  vc["generator"] = c.generator == VcTableGenerator::Trc ? "trc" : "time-of-crossing";
  if (!c.entries.empty()) {
    nlohmann::json entries = nlohmann::json::array();
    for (const auto& e : c.entries) {
      entries.push_back({{"node", formatNodeCoord(e.node, dims)},
                         {"direction", std::string(directionName(e.dir))},
                         {"vcs", e.vcs}});
    }
    vc["entries"] = entries;
  }
  return vc;
}

namespace {

void readLut(ObjectReader& r, const TopologySpec& spec, RoutingConfig& c) {
  const bool dirOrder = c.algorithm == RoutingAlgorithm::DirectionOrder;
  auto onlyDirectionOrder = [&](const char* key) {
    if (!dirOrder && r.has(key)) {
      throw ScenarioError(r.childPath(key), "only used by the direction-order algorithm");
    }
  };
  for (const char* key : {"lutGenerator", "lutMode", "lutEntries", "lutOverrides"}) {
    onlyDirectionOrder(key);
  }
  c.lutGenerator = r.optionalChoice("lutGenerator", "minimal", kLutGenerators) == "none"
                       ? LutGenerator::None
                       : LutGenerator::Minimal;
  if (const auto* mode = r.optional("lutMode")) {
    const std::string mp = r.childPath("lutMode");
    if (mode->is_string() && mode->get<std::string>() == "auto") {
      c.lutMode.reset();
    } else if (mode->is_string()) {
      throw ScenarioError(mp, "must be \"auto\" or 0..2, got \"" + mode->get<std::string>() + "\"");
    } else {
      c.lutMode = static_cast<LutMode>(readInt(*mode, mp, 0, 2));
    }
  }
  if (const auto* entries = r.optional("lutEntries")) {
    const std::string ep = r.childPath("lutEntries");
    readArray(*entries, ep, 0, 1u << 22);
    for (std::size_t i = 0; i < entries->size(); ++i) {
      ObjectReader e((*entries)[i], indexedPath(ep, i));
      LutEntrySpec s;
      s.node = parseNodeCoord(e.requiredString("node"), spec, e.childPath("node"));
      s.index = static_cast<int>(e.requiredInt("index", 0, kNetLutEntries - 1));
      s.tag = readTag(e.required("tag"), e.childPath("tag"));
      e.finish();
      c.lutEntries.push_back(s);
    }
  }
  if (const auto* overrides = r.optional("lutOverrides")) {
    const std::string op = r.childPath("lutOverrides");
    readArray(*overrides, op, 0, 1u << 20);
    for (std::size_t i = 0; i < overrides->size(); ++i) {
      ObjectReader e((*overrides)[i], indexedPath(op, i));
      LutOverrideSpec s;
      s.node = parseNodeCoord(e.requiredString("node"), spec, e.childPath("node"));
      s.mode = static_cast<LutMode>(e.requiredInt("mode", 0, 3));
      if (s.mode == LutMode::Register) {
        s.tag = readTag(e.required("tag"), e.childPath("tag"));
      } else if (e.has("tag")) {
        throw ScenarioError(e.childPath("tag"), "only mode 3 takes a tag");
      }
      e.finish();
      c.lutOverrides.push_back(s);
    }
  }
}

}  // namespace

std::uint64_t readTag(const nlohmann::json& j, const std::string& path) {
  const std::string text = readString(j, path);
  const auto tag = parseTagHex(text);
  if (!tag) {
    throw ScenarioError(
        path, "expected a hex routing tag like \"0x0000000300010101\", got \"" + text + "\"");
  }
  return *tag;
}

RoutingConfig readRoutingConfig(ObjectReader& r, const TopologySpec& spec) {
  RoutingConfig c = defaultRoutingConfig(spec);
  const std::string algo =
      r.optionalChoice("algorithm", std::string(routingAlgorithmName(c.algorithm)), kAlgorithms);
  c.algorithm = algo == "trc"               ? RoutingAlgorithm::TrcRelative
                : algo == "dimension-order" ? RoutingAlgorithm::DimensionOrder
                                            : RoutingAlgorithm::DirectionOrder;
  checkAlgorithmFits(c.algorithm, spec, r.childPath("algorithm"));
  if (const auto* dl = r.optional("datelines")) {
    c.datelines = readDatelines(*dl, r.childPath("datelines"), spec);
  }
  if (const auto* vc = r.optional("vcTables")) c.setVcTables(readVcTablesConfig(*vc, r.childPath("vcTables"), spec));
  readLut(r, spec, c);
  c.adaptive = r.optionalBool("adaptive", false);
  const std::string tie = r.optionalChoice("tieRule", "plus", kTieRules);
  c.tieRule = parseTieRule(tie).value_or(TieRule::Plus);
  checkTieRule(c, r.childPath("tieRule"));
  c.vcRule = parseVcRule(r.optionalChoice("vcRule", "tables", vcRuleNames())).value_or(VcRule::Tables);
  r.finish();
  return c;
}

nlohmann::json routingConfigToJson(const RoutingConfig& c) {
  nlohmann::json j;
  j["algorithm"] = std::string(routingAlgorithmName(c.algorithm));
  nlohmann::json dl = nlohmann::json::array();
  for (int d = 0; d < c.dims; ++d) {
    if (c.datelines.has(d) && !c.datelines.sameForBothRings(d))
      dl.push_back({{"plus", c.datelines.at(makeDirection(d, true))},
                    {"minus", c.datelines.at(makeDirection(d, false))}});
    else if (c.datelines.has(d))
      dl.push_back(c.datelines.at(d));
    else
      dl.push_back(nullptr);
  }
  j["datelines"] = dl;
  j["vcTables"] = vcTablesConfigToJson(c.vcTables(), c.dims);
  if (c.algorithm == RoutingAlgorithm::DirectionOrder) {
    j["lutGenerator"] = c.lutGenerator == LutGenerator::None ? "none" : "minimal";
    if (c.lutMode)
      j["lutMode"] = static_cast<int>(*c.lutMode);
    else
      j["lutMode"] = "auto";
    if (!c.lutEntries.empty()) {
      nlohmann::json entries = nlohmann::json::array();
      for (const auto& e : c.lutEntries) {
        entries.push_back({{"node", formatNodeCoord(e.node, c.dims)},
                           {"index", e.index},
                           {"tag", formatTagHex(e.tag)}});
      }
      j["lutEntries"] = entries;
    }
    if (!c.lutOverrides.empty()) {
      nlohmann::json entries = nlohmann::json::array();
      for (const auto& e : c.lutOverrides) {
        nlohmann::json o{{"node", formatNodeCoord(e.node, c.dims)},
                         {"mode", static_cast<int>(e.mode)}};
        if (e.mode == LutMode::Register) o["tag"] = formatTagHex(e.tag);
        entries.push_back(o);
      }
      j["lutOverrides"] = entries;
    }
  }
  j["adaptive"] = c.adaptive;
  if (c.tieRule != TieRule::Plus) j["tieRule"] = std::string(tieRuleName(c.tieRule));
  if (c.vcRule != VcRule::Tables) j["vcRule"] = std::string(vcRuleName(c.vcRule));
  return j;
}

}  // namespace flit
