// Scenario field "timeline" (docs/scenario-format.md): the interventions the
// simulator applies by itself while it runs. Read after the other sections,
// so that an entry the machine cannot take is refused at load, naming it,
// rather than in the middle of a run.
#include "router/router_config.h"
#include "routing/vc_rule.h"
#include "scenario/scenario_sections.h"
#include "traffic/traffic.h"

#include "routing/routing_tag.h"

namespace flit {

namespace {

void checkEntry(const Intervention& i, const Scenario& s, const Topology& topo,
                const std::string& path) {
  const std::string key = path + "." + std::string(interventionKindName(i.kind));
  const bool directionOrder = s.routing.algorithm == RoutingAlgorithm::DirectionOrder;
  switch (i.kind) {
    case InterventionKind::SetPattern: {
      TrafficConfig t = s.traffic;
      t.pattern = i.pattern;
      validateTraffic(t, topo, key);
      return;
    }
    case InterventionKind::SetAdaptive:
      if (const char* why = adaptiveUnavailableReason(s.router, s.routing.algorithm); i.on && why)
        throw ScenarioError(key, why);
      return;
    case InterventionKind::SetArbiter:
      if (const char* why = arbiterUnavailableReason(s.router, i.arbiter)) throw ScenarioError(key, why);
      return;
    case InterventionKind::SetHotSpare:
    case InterventionKind::SetLutEntry:
    case InterventionKind::RestoreLutEntry:
      if (!directionOrder) {
        throw ScenarioError(key, "needs the routing-tag look-up tables of direction-order routing");
      }
      if (i.kind == InterventionKind::SetLutEntry) {
        const auto problems = validateTag(topo, i.tag);
        if (!problems.empty()) throw ScenarioError(key + ".tag", problems.front());
      }
      return;
    case InterventionKind::Barrier:
    case InterventionKind::Eureka:
    case InterventionKind::EurekaBarrier:
      checkSyncOperation(i, s, topo, key);
      return;
    case InterventionKind::SpecialPut:
    case InterventionKind::SpecialGet:
      if (i.specialRegister == SpecialRegister::NetLut && !directionOrder) {
        throw ScenarioError(key + ".register", "R_NET_LUT needs the routing-tag look-up tables of direction-order routing");
      }
      if (i.kind == InterventionKind::SpecialPut && i.specialRegister == SpecialRegister::NetLut) {
        const auto problems = validateTag(topo, i.tag);
        if (!problems.empty()) throw ScenarioError(key + ".value", problems.front());
      }
      return;
    case InterventionKind::SetVcRule: {
      const std::string problem =
          vcRuleProblem(i.vcRule, s.routing.datelines, s.router.vcsPerClass());
      if (!problem.empty()) throw ScenarioError(key, problem);
      return;
    }
    default:
      return;
  }
}

}  // namespace

void readTimelineSection(ObjectReader& root, Scenario& s) {
  const auto* timeline = root.optional("timeline");
  if (!timeline) return;
  const Topology topo(s.topology);
  const std::string path = root.childPath("timeline");
  readArray(*timeline, path, 0, 1u << 22);
  for (std::size_t k = 0; k < timeline->size(); ++k) {
    const std::string itemPath = path + "[" + std::to_string(k) + "]";
    const Intervention i = readIntervention((*timeline)[k], itemPath, topo);
    checkEntry(i, s, topo, itemPath);
    s.timeline.push_back(i);
  }
}

}  // namespace flit
