// Simulator::setVcRule: the deadlock lab's live switch between VC rules
// (routing/vc_rule.h; docs/deadlock-and-vc-balance.md "Deadlock lab"). A
// switch changes only the datelines and VC tables in force: packets keep the
// VC they hold, their later hops follow the new rule (a head routed after
// the switch takes the new tables when it enters a direction and switches at
// the new datelines).
#include "sim/simulator.h"

#include "util/scenario_error.h"

namespace flit {

namespace {

VcRuleCheck verdictOf(const DependencyCheck& check, VcRule rule, std::uint64_t cycle) {
  VcRuleCheck r;
  r.performed = true;
  r.rule = rule;
  r.deadlockFree = check.deadlockFree();
  r.cycle = check.cycle;
  r.cycleText = check.cycleText();
  r.atCycle = cycle;
  return r;
}

}  // namespace

void Simulator::setVcRule(VcRule rule) {
  const std::string problem = vcRuleProblem(rule, cfg_.routing.datelines, cfg_.router.vcsPerClass());
  if (!problem.empty()) throw ScenarioError("routing.vcRule", problem);
  RoutingConfig next = cfg_.routing;
  next.vcRule = rule;
  putVcSetupInForce(next);
}

// New tables (the optimizer's, from the GUI): refused when the routes under
// them would have a dependency cycle, so a bad table never reaches the
// routers (T3E paper section 4: "avoid deadlock-inducing VC assignments").
void Simulator::setVcTables(const VcTablesConfig& tables) {
  RoutingConfig next = cfg_.routing;
  next.setVcTables(tables);
  const VcRuleSetup vc = vcSetupOf(topo_, next, next.vcRule);
  RoutingSetup candidate = routing_;
  candidate.datelines = vc.datelines;
  candidate.vcTables = vc.tables;
  const VcRuleCheck check = verdictOf(dependencyCheck(candidate), next.vcRule, cycle_);
  if (!check.deadlockFree) {
    throw ScenarioError("routing.vcTables",
                        "the tables give the routes a dependency cycle, refused: " + check.cycleText);
  }
  putVcSetupInForce(next);
}

void Simulator::putVcSetupInForce(const RoutingConfig& next) {
  VcRuleSetup vc = vcSetupOf(topo_, next, next.vcRule);
  cfg_.routing = next;
  wholeClass_ = next.vcRule == VcRule::AnyVc;
  routing_.datelines = vc.datelines;
  generated_.datelines = vc.datelines;
  routing_.vcTables = vc.tables;
  generated_.vcTables = std::move(vc.tables);
  for (NodeId n = 0; n < topo_.nodeCount(); ++n) {
    routers_[static_cast<std::size_t>(n)].datelineDirs = routeCache_.datelineDirs(routing_.datelines, n);
  }
  lastVcCheck_ = checkVcRule();
}

VcRuleCheck Simulator::checkVcRule() const {
  return verdictOf(dependencyCheck(routing_), cfg_.routing.vcRule, cycle_);
}

DependencyCheck Simulator::dependencyCheck(const RoutingSetup& setup, std::stop_token stop) const {
  DependencyCheckOptions options;
  options.nodeUp = nodeUp_;
  options.trafficClasses = classes_;
  options.endPointDependencies = cfg_.router.sharedResponseVcs && cfg_.traffic.producesResponses();
  options.stop = std::move(stop);
  return checkDependencies(topo_, setup, options);
}

}  // namespace flit
