// Simulator::setVcRule: the deadlock lab's live switch between VC rules
// (routing/vc_rule.h; docs/deadlock-and-vc-balance.md "Deadlock lab"). A
// switch changes only the datelines and VC tables in force: packets keep the
// VC they hold, their later hops follow the new rule (a head routed after
// the switch takes the new tables when it enters a direction and switches at
// the new datelines).
#include "sim/simulator.h"

#include "analysis/route_dependencies.h"
#include "scenario/json_fields.h"

namespace flit {

void Simulator::setVcRule(VcRule rule) {
  const std::string problem = vcRuleProblem(rule, cfg_.routing.datelines, cfg_.router.vcsPerClass());
  if (!problem.empty()) throw ScenarioError("routing.vcRule", problem);
  VcRuleSetup vc = vcSetupOf(topo_, cfg_.routing, rule);
  cfg_.routing.vcRule = rule;
  routing_.datelines = vc.datelines;
  generated_.datelines = vc.datelines;
  routing_.vcTables = vc.tables;
  generated_.vcTables = std::move(vc.tables);
  for (NodeId n = 0; n < topo_.nodeCount(); ++n) {
    routers_[static_cast<std::size_t>(n)].datelineDirs = routeCache_.datelineDirs(routing_.datelines, n);
  }
  lastVcCheck_ = checkVcRule();
  lastVcCheck_.atCycle = cycle_;
}

VcRuleCheck Simulator::checkVcRule() const {
  DependencyCheckOptions options;
  options.nodeUp = nodeUp_;
  options.trafficClasses = classes_;
  const DependencyCheck check = checkDependencies(topo_, routing_, options);
  VcRuleCheck r;
  r.performed = true;
  r.rule = cfg_.routing.vcRule;
  r.deadlockFree = check.deadlockFree();
  r.cycle = check.cycle;
  r.cycleText = check.cycleText();
  r.atCycle = cycle_;
  return r;
}

std::string VcRuleCheck::describe() const {
  std::string s(vcRuleName(rule));
  return deadlockFree ? s + ": acyclic (deadlock-free)" : s + ": cycle " + cycleText;
}

}  // namespace flit
