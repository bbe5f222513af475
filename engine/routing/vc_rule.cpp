#include "routing/vc_rule.h"

#include <array>

namespace flit {

namespace {

bool anyDateline(const DatelineConfig& d) { return d.has(0) || d.has(1) || d.has(2); }

constexpr std::array<std::string_view, kVcRuleCount> kNames{"tables", "timeOfCrossing", "noDatelines",
                                                            "vc1Start", "oneVc", "wrapClass", "anyVc"};

// The datelines of the rules that have them: the scenario's, or ordinate 0
// of every wrapped dimension when it has none.
DatelineConfig ruleDatelines(const Topology& topo, const DatelineConfig& scenario) {
  if (anyDateline(scenario)) {
    DatelineConfig d = scenario;
    d.afterVc = 1;
    return d;
  }
  return DatelineConfig::defaults(topo.spec());
}

VcTables allOnes(const Topology& topo) {
  VcTables t(topo);
  for (NodeId n = 0; n < topo.nodeCount(); ++n) {
    for (int dir = 0; dir < kDirectionCount; ++dir) {
      if (dimensionOf(static_cast<Direction>(dir)) < topo.dims()) {
        t.setRow(n, static_cast<Direction>(dir), ~std::uint64_t{0});
      }
    }
  }
  return t;
}

// Whether the rule splits the VCs in pairs (it switches VC at datelines, or
// wrapClass's two route classes): then the router needs an even number of
// VCs per class.
bool vcRuleUsesPairs(VcRule r, const DatelineConfig& scenarioDatelines) {
  switch (r) {
    case VcRule::Tables:
      return anyDateline(scenarioDatelines);
    case VcRule::TimeOfCrossing:
    case VcRule::Vc1Start:
    case VcRule::WrapClass:
      return true;
    case VcRule::NoDatelines:
    case VcRule::OneVc:
    case VcRule::AnyVc:
      return false;
  }
  return false;
}

}  // namespace

std::string_view vcRuleName(VcRule r) { return kNames[static_cast<std::size_t>(r)]; }

std::optional<VcRule> parseVcRule(std::string_view name) {
  for (std::size_t i = 0; i < kNames.size(); ++i) {
    if (kNames[i] == name) return static_cast<VcRule>(i);
  }
  return std::nullopt;
}

std::vector<std::string> vcRuleNames() { return {kNames.begin(), kNames.end()}; }

std::string vcRuleList() {
  std::string s;
  for (const auto n : kNames) {
    if (!s.empty()) s += ", ";
    s += n;
  }
  return s;
}

std::string_view vcRuleDescription(VcRule r) {
  switch (r) {
    case VcRule::Tables:
      return "The scenario's own datelines and VC tables.";
    case VcRule::TimeOfCrossing:
      return "Datelines: every route starts on VC0 and moves to VC1 through its ring's dateline node "
             "(T3E section 3.2).";
    case VcRule::NoDatelines:
      return "The scenario's VC tables without datelines: a route never changes VC within a "
             "dimension.";
    case VcRule::Vc1Start:
      return "The torus routing chip's rule: start each dimension on VC1, move to VC0 after "
             "crossing address 0 (Dally & Seitz section 4).";
    case VcRule::OneVc:
      return "One VC: every hop on VC0, so a ring's channels depend on each other in a cycle "
             "(Dally & Seitz Figure 1).";
    case VcRule::WrapClass:
      return "BookSim2's torus rule: VC1 for the whole dimension when the route will cross the "
             "wraparound channel, else VC0; no switch on the way.";
    case VcRule::AnyVc:
      return "BookSim2's mesh rule: any VC of the packet's class on every hop, no datelines (for "
             "meshes: on a ring the routes wait on each other in a cycle).";
  }
  return {};
}

std::string vcRuleProblem(VcRule r, const DatelineConfig& scenarioDatelines, int vcsPerClass) {
  if (!vcRuleUsesPairs(r, scenarioDatelines) || vcsPerClass % 2 == 0) return {};
  return "\"" + std::string(vcRuleName(r)) +
         (r == VcRule::WrapClass ? "\" splits the VCs in two route classes"
                                 : "\" switches VC at datelines") +
         " and needs an even number of VCs per class (router.vcCount), the router has " +
         std::to_string(vcsPerClass);
}

VcRuleSetup vcRuleSetup(VcRule rule, const Topology& topo, const DatelineConfig& datelines,
                        const VcTables& tables) {
  switch (rule) {
    case VcRule::Tables:
      return {datelines, tables};
    case VcRule::TimeOfCrossing:
      return {ruleDatelines(topo, datelines), VcTables(topo)};
    case VcRule::NoDatelines:
      return {DatelineConfig{}, tables};
    case VcRule::Vc1Start: {
      DatelineConfig d = ruleDatelines(topo, datelines);
      d.afterVc = 0;
      return {d, allOnes(topo)};
    }
    case VcRule::OneVc:
      return {DatelineConfig{}, VcTables(topo)};
    case VcRule::WrapClass:
      return {DatelineConfig{}, VcTables::wrapClass(topo)};
    case VcRule::AnyVc:  // level 0 everywhere; the router opens the whole class (Simulator::vcRange)
      return {DatelineConfig{}, VcTables(topo)};
  }
  return {datelines, tables};
}

}  // namespace flit
