// Fat-tree changes and their JSON form (fattree/circuit_change.h).
#include "fattree/circuit_change.h"

#include <array>
#include <cmath>
#include <sstream>

#include "scenario/json_fields.h"

namespace flit::fattree {

namespace {

using Kind = CircuitChangeKind;

constexpr std::array<std::string_view, kCircuitChangeKindCount> kNames = {
    "failRouter", "repairRouter", "failChannel", "repairChannel", "failUnitTree", "repairUnitTree", "setRate"};

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
  for (const std::string_view n : kNames) {
    if (!all.empty()) all += ", ";
    all += n;
  }
  return all;
}

}  // namespace

std::string_view circuitChangeKindName(CircuitChangeKind k) { return kNames.at(static_cast<std::size_t>(k)); }

std::optional<CircuitChangeKind> parseCircuitChangeKind(std::string_view name) {
  for (std::size_t i = 0; i < kNames.size(); ++i) {
    if (kNames[i] == name) return static_cast<CircuitChangeKind>(i);
  }
  return std::nullopt;
}

bool operator==(const CircuitChange& a, const CircuitChange& b) {
  if (a.cycle != b.cycle || a.kind != b.kind) return false;
  return a.kind == Kind::SetRate ? a.rate == b.rate : a.id == b.id;
}

CircuitIdCounts circuitIdCounts(const FatTreeSpec& spec) {
  CircuitIdCounts c;
  c.routers = routerCountOf(spec);
  const std::uint64_t endpoints = endpointCountOf(spec);
  c.channels = c.routers * kRn1Ports + endpoints * 2;
  c.unitTrees = blockCountOf(spec);
  return c;
}

CircuitChange readCircuitChange(const nlohmann::json& j, const std::string& path, const CircuitIdCounts& counts) {
  ObjectReader r(j, path);
  CircuitChange c;
  c.cycle = static_cast<std::uint64_t>(r.requiredInt("cycle", 0, INT64_MAX));
  int actions = 0;
  for (std::size_t i = 0; i < kNames.size(); ++i) {
    const std::string key(kNames[i]);
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

std::string describeCircuitChange(const CircuitChange& c) {
  std::ostringstream out;
  out << "cycle " << c.cycle << ' ' << circuitChangeKindName(c.kind) << ' ';
  if (c.kind == Kind::SetRate) {
    out << c.rate;
  } else {
    out << c.id;
  }
  return out.str();
}

}  // namespace flit::fattree
