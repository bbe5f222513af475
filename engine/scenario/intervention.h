// An Intervention: one change to a running simulation (DESIGN.md
// "Interventions"; docs/engine.md "Interventions"), as a plain value. A
// scenario's `timeline` lists them (docs/scenario-format.md), the Simulator
// applies them between cycles (Simulator::apply) and records each one it
// applied, stamped with its cycle; a recording is a scenario plus that list
// (scenario/recording.h).
//
// Ids are dense (LinkId, NodeId of the scenario's topology); the JSON form
// names links and nodes by coordinates ("X,Y,Z:DIR", "X,Y,Z").
#pragma once

#include "router/router_config.h"
#include "routing/routing_config.h"
#include "routing/special_route.h"
#include "routing/vc_rule.h"
#include "topology/topology.h"
#include "traffic/traffic.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace flit {

// The Simulator call each kind makes (Simulator::apply).
enum class InterventionKind : std::uint8_t {
  FailLink,         // failLink(id)
  RepairLink,       // repairLink(id)
  FailNode,         // failNode(id)
  RepairNode,       // repairNode(id)
  SetHotSpare,      // setHotSpare(id, on)
  SetRate,          // setInjectionRate(rateFlitsPerNodeCycle)
  SetPattern,       // setTrafficPattern(pattern)
  SetAdaptive,      // setAdaptive(on)
  SetArbiter,       // setArbiter(arbiter)
  SetAgeConfig,     // setAgeConfig(age)
  SetLutEntry,      // setLutEntry(id, lutIndex, tag)
  RestoreLutEntry,  // restoreGeneratedLutEntry(id, lutIndex)
  // The processor operations of the T3E's barrier/eureka networks (section
  // 6, Figure 6): syncOperate(id, bsu, OP_BAR / OP_EUR / OP_EUR_B).
  Barrier,
  Eureka,
  EurekaBarrier,
  SetVcRule,        // setVcRule(vcRule): the deadlock lab's switch (routing/vc_rule.h)
  SetVcTables,      // setVcTables(*vcTables): e.g. the optimizer's tables (T3E section 4)
  // The special (delta) network (sim/special_network.h; T3E section 8, manual
  // "Special Routing"): node id's processor sends an SPUT or SGET along
  // `deltas` to `specialRegister` (R_NET_LUT entry `lutIndex`); an SPUT
  // carries `tag` (R_SGET_RTRN: packSpecialDeltas).
  SpecialPut,
  SpecialGet,
};
inline constexpr int kInterventionKindCount = 19;

// The JSON key of a kind: "failLink", ..., "restoreLutEntry".
std::string_view interventionKindName(InterventionKind k);
std::optional<InterventionKind> parseInterventionKind(std::string_view name);

struct Intervention {
  // Takes effect between cycles, before cycle `cycle` runs.
  std::uint64_t cycle = 0;
  InterventionKind kind = InterventionKind::FailLink;
  std::int32_t id = -1;  // LinkId (fail/repairLink) or NodeId (the node and LUT kinds)
  bool on = false;       // setHotSpare, setAdaptive
  double rateFlitsPerNodeCycle = 0.0;                    // setRate
  TrafficPattern pattern = TrafficPattern::UniformRandom;  // setPattern
  ArbiterKind arbiter = ArbiterKind::RoundRobin;         // setArbiter
  AgeConfig age;                                         // setAgeConfig
  int lutIndex = 0;                                      // setLutEntry, restoreLutEntry
  std::uint64_t tag = 0;                                 // setLutEntry
  int bsu = 0;                                           // barrier, eureka, eurekaBarrier
  VcRule vcRule = VcRule::Tables;                        // setVcRule
  std::shared_ptr<const VcTablesConfig> vcTables;        // setVcTables (shared: a value, never changed)
  SpecialDeltas deltas;                                  // specialPut, specialGet
  SpecialRegister specialRegister = SpecialRegister::Resets;  // specialPut, specialGet
  // Equal when they make the same call at the same cycle: the fields the
  // kind does not use are not compared (the JSON form does not keep them).
  friend bool operator==(const Intervention& a, const Intervention& b);

  static Intervention link(InterventionKind k, LinkId l, std::uint64_t atCycle = 0);
  static Intervention node(InterventionKind k, NodeId n, std::uint64_t atCycle = 0);
  static Intervention rate(double flitsPerNodeCycle, std::uint64_t atCycle = 0);
  static Intervention sync(InterventionKind k, NodeId n, int bsu, std::uint64_t atCycle = 0);
  static Intervention vcRuleChange(VcRule rule, std::uint64_t atCycle = 0);
  static Intervention vcTablesChange(VcTablesConfig tables, std::uint64_t atCycle = 0);
  static Intervention special(InterventionKind k, NodeId from, const SpecialDeltas& deltas, SpecialRegister reg,
                              std::uint64_t value = 0, int lutIndex = 0, std::uint64_t atCycle = 0);
};
// Whether k is a barrier operation (Barrier, Eureka, EurekaBarrier).
constexpr bool isSyncIntervention(InterventionKind k) {
  return k == InterventionKind::Barrier || k == InterventionKind::Eureka ||
         k == InterventionKind::EurekaBarrier;
}
// Whether k is an event of the run rather than a setting: a barrier
// operation or a packet on the special network. It has no inverse and
// leaves the configuration a Save writes as it was (StandingConfig).
constexpr bool isRunEvent(InterventionKind k) {
  return isSyncIntervention(k) || k == InterventionKind::SpecialPut || k == InterventionKind::SpecialGet;
}

// The JSON form ({"cycle": 500, "failLink": "1,2,3:+X"}; docs/scenario-format.md
// "timeline"). Throws ScenarioError naming `path` and the field
// ("scenario.timeline[3].failLink: no link leaves 3,3,3 in direction +X").
Intervention readIntervention(const nlohmann::json& j, const std::string& path,
                              const Topology& topo);
nlohmann::json interventionToJson(const Intervention& i, const Topology& topo);

// An array of entries. `ordered`: cycles must not decrease (recordings);
// otherwise any order (a scenario's timeline: the simulator sorts stably).
std::vector<Intervention> readTimeline(const nlohmann::json& j, const std::string& path,
                                       const Topology& topo, bool ordered);
nlohmann::json timelineToJson(const std::vector<Intervention>& timeline, const Topology& topo);

// The old faults.timeline entry ({"cycle": c, "fail" | "repair": "X,Y,Z:DIR"}
// or "failNode" | "repairNode": "X,Y,Z"), converted.
Intervention readFaultTimelineEntry(const nlohmann::json& j, const std::string& path,
                                    const Topology& topo);

// One line for logs and test failures: "cycle 500 failLink 1,2,3:+X".
std::string describeIntervention(const Intervention& i, const Topology& topo);

}  // namespace flit
