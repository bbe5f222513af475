// Intervention names and their JSON form (docs/scenario-format.md "timeline").
#include "scenario/intervention.h"

#include "routing/route_tables.h"
#include "routing/routing_tag.h"
#include "scenario/routing_config_json.h"
#include "scenario/scenario_sections.h"

#include <array>
#include <cstdint>

namespace flit {

namespace {

using Kind = InterventionKind;

constexpr std::array<std::string_view, kInterventionKindCount> kNames = {
    "failLink",  "repairLink", "failNode",    "repairNode",   "setHotSpare", "setRate",
    "setPattern", "setAdaptive", "setArbiter", "setAgeConfig", "setLutEntry", "restoreLutEntry",
    "barrier",   "eureka",     "eurekaBarrier", "setVcRule", "setVcTables", "specialPut", "specialGet"};

LinkId readLink(const nlohmann::json& j, const std::string& path, const Topology& topo) {
  const LinkSpec spec = parseLinkSpec(readString(j, path), path);
  return resolveLinkSpec(topo, spec, path);
}

NodeId readNode(const nlohmann::json& j, const std::string& path, const Topology& topo) {
  return topo.nodeAt(parseNodeCoord(readString(j, path), topo.spec(), path));
}

std::string linkText(LinkId l, const Topology& topo) {
  if (l < 0 || l >= topo.linkCount()) return "link#" + std::to_string(l);
  return formatLinkSpec(linkSpecOf(topo, l), topo.dims());
}

std::string nodeText(NodeId n, const Topology& topo) {
  if (n < 0 || n >= topo.nodeCount()) return "node#" + std::to_string(n);
  return formatNodeCoord(topo.coordOf(n), topo.dims());
}

SpecialDeltas readDeltas(const nlohmann::json& j, const std::string& path) {
  const std::string text = readString(j, path);
  const auto d = parseSpecialDeltas(text);
  if (!d) {
    throw ScenarioError(path, "must be \"DX,DY,DZ\" or \"DX,DY,DZ,DX2,DY2,DZ2\" (signed hop counts, at most 255), got \"" +
                                  text + "\"");
  }
  return *d;
}

// {"from": "X,Y,Z", "deltas": "DX,DY,DZ[,...]", "register": "R_...", "index": N, "value": ...}
void readSpecial(const nlohmann::json& v, const std::string& path, const Topology& topo, Intervention& i) {
  ObjectReader r(v, path);
  i.id = readNode(r.required("from"), r.childPath("from"), topo);
  i.deltas = readDeltas(r.required("deltas"), r.childPath("deltas"));
  const std::string name = readString(r.required("register"), r.childPath("register"));
  const auto reg = parseSpecialRegister(name);
  if (!reg) {
    throw ScenarioError(r.childPath("register"), "must be one of " + specialRegisterList() + ", got \"" + name + "\"");
  }
  i.specialRegister = *reg;
  if (*reg == SpecialRegister::NetLut) i.lutIndex = static_cast<int>(r.requiredInt("index", 0, kNetLutEntries - 1));
  const bool put = i.kind == Kind::SpecialPut;
  if (put && *reg == SpecialRegister::NetLut) i.tag = readTag(r.required("value"), r.childPath("value"));
  if (put && *reg == SpecialRegister::SgetReturn)
    i.tag = packSpecialDeltas(readDeltas(r.required("value"), r.childPath("value")));
  r.finish();
}

nlohmann::json specialToJson(const Intervention& i, const Topology& topo) {
  nlohmann::json j = {{"from", nodeText(i.id, topo)},
                      {"deltas", formatSpecialDeltas(i.deltas)},
                      {"register", std::string(specialRegisterName(i.specialRegister))}};
  if (i.specialRegister == SpecialRegister::NetLut) j["index"] = i.lutIndex;
  if (i.kind == Kind::SpecialPut && i.specialRegister != SpecialRegister::Resets)
    j["value"] = formatSpecialValue(i.specialRegister, i.tag);
  return j;
}

// The value of the entry's one action key, into i (i.kind set).
void readAction(const nlohmann::json& v, const std::string& path, const Topology& topo,
                Intervention& i) {
  switch (i.kind) {
    case Kind::FailLink:
    case Kind::RepairLink:
      i.id = readLink(v, path, topo);
      return;
    case Kind::FailNode:
    case Kind::RepairNode:
      i.id = readNode(v, path, topo);
      return;
    case Kind::SetHotSpare: {
      ObjectReader r(v, path);
      i.id = readNode(r.required("node"), r.childPath("node"), topo);
      i.on = r.optionalBool("on", true);
      r.finish();
      return;
    }
    case Kind::SetRate:
      i.rateFlitsPerNodeCycle = readNumber(v, path, 0.0, 1.0);
      return;
    case Kind::SetPattern: {
      const std::string name = readString(v, path);
      const auto p = parseTrafficPattern(name);
      if (!p) throw ScenarioError(path, "must be one of " + trafficPatternList() + ", got \"" + name + "\"");
      i.pattern = *p;
      return;
    }
    case Kind::SetAdaptive:
      i.on = readBool(v, path);
      return;
    case Kind::SetArbiter: {
      const std::string name = readString(v, path);
      const auto a = parseArbiterKind(name);
      if (!a) throw ScenarioError(path, "must be one of " + arbiterNameList() + ", got \"" + name + "\"");
      i.arbiter = *a;
      return;
    }
    case Kind::SetAgeConfig:
      i.age = readAgeConfig(v, path, topo.dims());
      validateAgeConfig(i.age, path);
      return;
    case Kind::SetLutEntry:
    case Kind::RestoreLutEntry: {
      ObjectReader r(v, path);
      i.id = readNode(r.required("node"), r.childPath("node"), topo);
      i.lutIndex = static_cast<int>(r.requiredInt("index", 0, kNetLutEntries - 1));
      if (i.kind == Kind::SetLutEntry) i.tag = readTag(r.required("tag"), r.childPath("tag"));
      r.finish();
      return;
    }
    case Kind::Barrier:
    case Kind::Eureka:
    case Kind::EurekaBarrier: {
      ObjectReader r(v, path);
      i.id = readNode(r.required("node"), r.childPath("node"), topo);
      i.bsu = static_cast<int>(r.requiredInt("bsu", 0, 31));  // kBsusPerNode (sync/bsu_state.h)
      r.finish();
      return;
    }
    case Kind::SetVcRule: {
      const std::string name = readString(v, path);
      const auto rule = parseVcRule(name);
      if (!rule) throw ScenarioError(path, "must be one of " + vcRuleList() + ", got \"" + name + "\"");
      i.vcRule = *rule;
      return;
    }
    case Kind::SetVcTables:
      i.vcTables = std::make_shared<const VcTablesConfig>(readVcTablesConfig(v, path, topo.spec()));
      return;
    case Kind::SpecialPut:
    case Kind::SpecialGet:
      readSpecial(v, path, topo, i);
      return;
  }
}

nlohmann::json actionToJson(const Intervention& i, const Topology& topo) {
  switch (i.kind) {
    case Kind::FailLink:
    case Kind::RepairLink:
      return linkText(i.id, topo);
    case Kind::FailNode:
    case Kind::RepairNode:
      return nodeText(i.id, topo);
    case Kind::SetHotSpare:
      return {{"node", nodeText(i.id, topo)}, {"on", i.on}};
    case Kind::SetRate:
      return i.rateFlitsPerNodeCycle;
    case Kind::SetPattern:
      return std::string(trafficPatternName(i.pattern));
    case Kind::SetAdaptive:
      return i.on;
    case Kind::SetArbiter:
      return arbiterName(i.arbiter);
    case Kind::SetAgeConfig:
      return ageToJson(i.age, topo.dims());
    case Kind::SetLutEntry:
      return {{"node", nodeText(i.id, topo)}, {"index", i.lutIndex}, {"tag", formatTagHex(i.tag)}};
    case Kind::RestoreLutEntry:
      return {{"node", nodeText(i.id, topo)}, {"index", i.lutIndex}};
    case Kind::Barrier:
    case Kind::Eureka:
    case Kind::EurekaBarrier:
      return {{"node", nodeText(i.id, topo)}, {"bsu", i.bsu}};
    case Kind::SetVcRule:
      return std::string(vcRuleName(i.vcRule));
    case Kind::SetVcTables:
      return i.vcTables ? vcTablesConfigToJson(*i.vcTables, topo.dims()) : nlohmann::json::object();
    case Kind::SpecialPut:
    case Kind::SpecialGet:
      return specialToJson(i, topo);
  }
  return nullptr;
}

}  // namespace

std::string_view interventionKindName(InterventionKind k) {
  const auto i = static_cast<std::size_t>(k);
  return i < kNames.size() ? kNames[i] : std::string_view("?");
}

std::optional<InterventionKind> parseInterventionKind(std::string_view name) {
  for (std::size_t i = 0; i < kNames.size(); ++i) {
    if (kNames[i] == name) return static_cast<InterventionKind>(i);
  }
  return std::nullopt;
}

bool operator==(const Intervention& a, const Intervention& b) {
  if (a.cycle != b.cycle || a.kind != b.kind) return false;
  switch (a.kind) {
    case Kind::FailLink:
    case Kind::RepairLink:
    case Kind::FailNode:
    case Kind::RepairNode: return a.id == b.id;
    case Kind::SetHotSpare: return a.id == b.id && a.on == b.on;
    case Kind::SetRate: return a.rateFlitsPerNodeCycle == b.rateFlitsPerNodeCycle;
    case Kind::SetPattern: return a.pattern == b.pattern;
    case Kind::SetAdaptive: return a.on == b.on;
    case Kind::SetArbiter: return a.arbiter == b.arbiter;
    case Kind::SetAgeConfig: return a.age == b.age;
    case Kind::SetLutEntry: return a.id == b.id && a.lutIndex == b.lutIndex && a.tag == b.tag;
    case Kind::RestoreLutEntry: return a.id == b.id && a.lutIndex == b.lutIndex;
    case Kind::Barrier:
    case Kind::Eureka:
    case Kind::EurekaBarrier: return a.id == b.id && a.bsu == b.bsu;
    case Kind::SetVcRule: return a.vcRule == b.vcRule;
    case Kind::SetVcTables:
      return a.vcTables == b.vcTables || (a.vcTables && b.vcTables && *a.vcTables == *b.vcTables);
    case Kind::SpecialPut:
    case Kind::SpecialGet:
      return a.id == b.id && a.deltas == b.deltas && a.specialRegister == b.specialRegister &&
             a.lutIndex == b.lutIndex && a.tag == b.tag;
  }
  return false;
}

Intervention Intervention::link(InterventionKind k, LinkId l, std::uint64_t atCycle) {
  Intervention i;
  i.kind = k;
  i.id = l;
  i.cycle = atCycle;
  return i;
}

Intervention Intervention::node(InterventionKind k, NodeId n, std::uint64_t atCycle) {
  return link(k, n, atCycle);
}

Intervention Intervention::rate(double flitsPerNodeCycle, std::uint64_t atCycle) {
  Intervention i = link(Kind::SetRate, kInvalidId, atCycle);
  i.rateFlitsPerNodeCycle = flitsPerNodeCycle;
  return i;
}

Intervention Intervention::vcRuleChange(VcRule rule, std::uint64_t atCycle) {
  Intervention i = link(Kind::SetVcRule, kInvalidId, atCycle);
  i.vcRule = rule;
  return i;
}

Intervention Intervention::vcTablesChange(VcTablesConfig tables, std::uint64_t atCycle) {
  Intervention i = link(Kind::SetVcTables, kInvalidId, atCycle);
  i.vcTables = std::make_shared<const VcTablesConfig>(std::move(tables));
  return i;
}

Intervention Intervention::special(InterventionKind k, NodeId from, const SpecialDeltas& deltas, SpecialRegister reg,
                                   std::uint64_t value, int lutIndex, std::uint64_t atCycle) {
  Intervention i = link(k, from, atCycle);
  i.deltas = deltas;
  i.specialRegister = reg;
  i.tag = value;
  i.lutIndex = lutIndex;
  return i;
}

Intervention Intervention::sync(InterventionKind k, NodeId n, int bsu, std::uint64_t atCycle) {
  Intervention i = link(k, n, atCycle);
  i.bsu = bsu;
  return i;
}

Intervention readIntervention(const nlohmann::json& j, const std::string& path,
                              const Topology& topo) {
  ObjectReader r(j, path);
  Intervention i;
  i.cycle = static_cast<std::uint64_t>(r.requiredInt("cycle", 0, INT64_MAX));
  int actions = 0;
  for (std::size_t k = 0; k < kNames.size(); ++k) {
    const std::string key(kNames[k]);
    if (!r.has(key)) continue;
    if (++actions > 1) break;
    i.kind = static_cast<Kind>(k);
    readAction(r.required(key), r.childPath(key), topo, i);
  }
  if (actions != 1) {
    std::string message = "needs exactly one of ";
    for (std::size_t n = 0; n < kNames.size(); ++n) {
      if (n > 0) message += ", ";
      message += kNames[n];
    }
    message += actions > 1 ? ", got more than one" : ", got none";
    throw ScenarioError(path, message);
  }
  r.finish();
  return i;
}

nlohmann::json interventionToJson(const Intervention& i, const Topology& topo) {
  nlohmann::json j = nlohmann::json::object();
  j["cycle"] = i.cycle;
  j[std::string(interventionKindName(i.kind))] = actionToJson(i, topo);
  return j;
}

std::vector<Intervention> readTimeline(const nlohmann::json& j, const std::string& path,
                                       const Topology& topo, bool ordered) {
  return readTimedArray(j, path, ordered, [&](const nlohmann::json& item, const std::string& itemPath) {
    return readIntervention(item, itemPath, topo);
  });
}

nlohmann::json timelineToJson(const std::vector<Intervention>& timeline, const Topology& topo) {
  nlohmann::json a = nlohmann::json::array();
  for (const Intervention& i : timeline) a.push_back(interventionToJson(i, topo));
  return a;
}

Intervention readFaultTimelineEntry(const nlohmann::json& j, const std::string& path,
                                    const Topology& topo) {
  struct OldKey {
    const char* key;
    Kind kind;
  };
  constexpr OldKey kOld[] = {{"fail", Kind::FailLink},
                             {"repair", Kind::RepairLink},
                             {"failNode", Kind::FailNode},
                             {"repairNode", Kind::RepairNode}};
  ObjectReader r(j, path);
  Intervention i;
  i.cycle = static_cast<std::uint64_t>(r.requiredInt("cycle", 0, INT64_MAX));
  int actions = 0;
  for (const OldKey& k : kOld) {
    if (!r.has(k.key)) continue;
    ++actions;
    i.kind = k.kind;
    readAction(r.required(k.key), r.childPath(k.key), topo, i);
  }
  if (actions != 1) {
    throw ScenarioError(path, "needs exactly one of fail, repair, failNode, repairNode, got " +
                                  std::to_string(actions));
  }
  r.finish();
  return i;
}

std::string describeIntervention(const Intervention& i, const Topology& topo) {
  if (i.kind == Kind::SetVcTables) {  // whole tables: their size, not their bits
    const std::size_t rows = i.vcTables ? i.vcTables->entries.size() : 0;
    return "cycle " + std::to_string(i.cycle) + " setVcTables (" + std::to_string(rows) + " rows)";
  }
  return "cycle " + std::to_string(i.cycle) + " " + std::string(interventionKindName(i.kind)) +
         " " + actionToJson(i, topo).dump();
}

}  // namespace flit
