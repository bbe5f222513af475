// A fat-tree change in JSON (scenario/circuit_change_json.h).
#include "scenario/circuit_change_json.h"

#include "scenario/json_fields.h"

namespace flit::fattree {

namespace {

using Kind = CircuitChangeKind;

// The id range of a kind's target (setRate has none).
std::uint64_t idCount(Kind k, const CircuitIdCounts& counts) {
  switch (k) {
    case Kind::FailRouter:
    case Kind::RepairRouter: return counts.routers;
    case Kind::FailChannel:
    case Kind::RepairChannel: return counts.channels;
    case Kind::FailUnitTree:
    case Kind::RepairUnitTree: return counts.unitTrees;
    case Kind::SetRate: return 0;
  }
  return 0;
}

std::string keyList() {
  std::string all;
  for (int k = 0; k < kCircuitChangeKindCount; ++k) {
    const std::string_view n = circuitChangeKindName(static_cast<Kind>(k));
    if (!all.empty()) all += ", ";
    all += n;
  }
  return all;
}

}  // namespace

CircuitChange readCircuitChange(const nlohmann::json& j, const std::string& path, const CircuitIdCounts& counts) {
  ObjectReader r(j, path);
  CircuitChange c;
  c.cycle = static_cast<std::uint64_t>(r.requiredInt("cycle", 0, INT64_MAX));
  int actions = 0;
  for (int i = 0; i < kCircuitChangeKindCount; ++i) {
    const std::string key(circuitChangeKindName(static_cast<Kind>(i)));
    if (!r.has(key)) continue;
    if (++actions > 1) throw ScenarioError(path, "one change per entry, got " + key + " as well");
    c.kind = static_cast<Kind>(i);
    if (c.kind == Kind::SetRate) {
      c.rate = r.requiredNumber(key, 0.0, 1.0);
    } else {
      const std::uint64_t n = idCount(c.kind, counts);
      if (n == 0) throw ScenarioError(r.childPath(key), "this network has none");
      c.id = static_cast<std::uint32_t>(r.requiredInt(key, 0, static_cast<std::int64_t>(n) - 1));
    }
  }
  if (actions == 0) throw ScenarioError(path, "missing the change: one of " + keyList());
  r.finish();
  return c;
}

nlohmann::json circuitChangeToJson(const CircuitChange& c) {
  nlohmann::json j = {{"cycle", c.cycle}};
  const std::string key(circuitChangeKindName(c.kind));
  if (c.kind == Kind::SetRate) {
    j[key] = c.rate;
  } else {
    j[key] = c.id;
  }
  return j;
}

std::vector<CircuitChange> readCircuitTimeline(const nlohmann::json& j, const std::string& path,
                                               const CircuitIdCounts& counts, bool ordered) {
  return readTimedArray(j, path, ordered, [&](const nlohmann::json& item, const std::string& itemPath) {
    return readCircuitChange(item, itemPath, counts);
  });
}

nlohmann::json circuitTimelineToJson(const std::vector<CircuitChange>& timeline) {
  nlohmann::json a = nlohmann::json::array();
  for (const CircuitChange& c : timeline) a.push_back(circuitChangeToJson(c));
  return a;
}

}  // namespace flit::fattree
