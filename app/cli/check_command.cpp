// flitscope-cli check SCENARIO [--fail-link X,Y,Z:DIR]... [--fail-node X,Y,Z]... [--json]
// flitscope-cli check SCENARIO --competing-inputs [--json]
// Rebuilds the route tables for the degraded machine (flit::rebuildSetupRoutes:
// T3E paper section 9), traces every routed pair into the channel dependency
// graph (Dally & Seitz Definition 4) and looks for a cycle (Theorem 1).
// Prints the verdict, the cycle if any, and the unreachable pairs.
// Exit 0: acyclic and every pair of up nodes reachable; 1: a cycle, an
// unreachable pair or a route that does not deliver; 2: bad input (one line on
// stderr naming the argument).
// --vc-balance prints instead the VC balance of every ring and subring (T3E
// paper Table 1, analysis/vc_balance.h); exit 1 when a route commits a
// dateline violation under the scenario's VC tables, else 0.
// --competing-inputs prints instead, for each kind of router, the input ports
// whose packets can request each output port (XT paper Table 3; found by
// walking every route, flit::competingInputsPerRouter); exit 0.
#include "cli_commands.h"
#include "cli_common.h"
#include "vc_balance_report.h"

#include "analysis/competing_inputs.h"
#include "analysis/reachability.h"
#include "analysis/route_dependencies.h"
#include "routing/route_builder.h"
#include "routing/routing_setup.h"
#include "scenario/scenario.h"

#include <QCommandLineParser>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <exception>
#include <stdexcept>
#include <string>

namespace flitcli {

namespace {

constexpr std::size_t kMaxListedPairs = 200;  // in the table; --json lists all

struct CheckResult {
  std::vector<flit::LinkId> failedLinks;
  std::vector<flit::NodeId> failedNodes;
  std::vector<std::uint8_t> nodeUp;
  flit::RouteBuildReport routes;
  flit::DependencyCheck deps;
  double seconds = 0;
  bool ok() const {
    return deps.deadlockFree() && routes.unreachable.empty() && deps.brokenRoutes.empty();
  }
};

std::string linkText(const flit::Topology& topo, flit::LinkId l) {
  const flit::Topology::LinkEnds& e = topo.linkEnds(l);
  return nodeText(topo, e.lower) + std::string(flit::directionName(flit::makeDirection(e.dim, true))) +
         " <-> " + nodeText(topo, e.upper);
}

std::string topologyText(const flit::Topology& topo) {
  std::string s;
  for (int d = 0; d < topo.dims(); ++d) s += (d ? "x" : "") + std::to_string(topo.radix(d));
  return s;
}

void printTable(const flit::Scenario& sc, const flit::Topology& topo,
                const flit::RoutingSetup& setup, const CheckResult& r) {
  std::printf("scenario: %s (%s, %s routing)\n", sc.name.c_str(), topologyText(topo).c_str(),
              std::string(flit::routingAlgorithmName(setup.algorithm)).c_str());
  std::printf("failed links: %zu\n", r.failedLinks.size());
  for (flit::LinkId l : r.failedLinks) std::printf("  %s\n", linkText(topo, l).c_str());
  std::printf("failed nodes: %zu\n", r.failedNodes.size());
  for (flit::NodeId n : r.failedNodes) std::printf("  %s\n", topo.describeNode(n).c_str());
  if (setup.tables) {
    std::printf("route tables: %d entries rerouted (%d with an initial hop, %d with a final hop), "
                "adaptivity disabled on %d\n",
                r.routes.reroutedEntries, r.routes.initialHopEntries, r.routes.finalHopEntries,
                r.routes.adaptiveDisabledEntries);
  } else if (setup.algorithm == flit::RoutingAlgorithm::DimensionOrder) {
    std::printf("detours: %d pairs routed around failures (%d with an initial hop; dimension order with "
                "turn rules)\n",
                r.routes.reroutedEntries, r.routes.initialHopEntries);
    if (r.routes.relayedPairs > 0) {
      std::printf("relays: %d pairs no route of the turn rules reaches go in two legs, out of the network "
                  "and in again at a relay node\n",
                  r.routes.relayedPairs);
    }
  } else {
    std::printf("route tables: none (%s routes are fixed; pairs meeting a failure are unreachable)\n",
                std::string(flit::routingAlgorithmName(setup.algorithm)).c_str());
  }
  const flit::ChannelDependencyGraph& g = r.deps.graph;
  std::printf("dependency graph: %d vertices (%d channels x %d VCs), %zu dependencies, "
              "%lld routes traced in %.3f s\n",
              g.vertexCount(), topo.channelCount(), g.vcsPerChannel(), g.dependencyCount(),
              static_cast<long long>(r.deps.routesTraced), r.seconds);
  if (r.deps.deadlockFree()) {
    std::printf("deadlock-free: yes (no cycle: Dally & Seitz, Theorem 1)\n");
  } else {
    std::printf("deadlock-free: NO, cycle of %zu channels:\n  %s\n", r.deps.cycle.size(),
                r.deps.cycleText().c_str());
  }
  if (!r.deps.brokenRoutes.empty()) {
    std::printf("routes that do not deliver: %zu\n", r.deps.brokenRoutes.size());
    for (std::size_t i = 0; i < r.deps.brokenRoutes.size() && i < kMaxListedPairs; ++i) {
      const auto& [s, d] = r.deps.brokenRoutes[i];
      std::printf("  %s -> %s\n", nodeText(topo, s).c_str(), nodeText(topo, d).c_str());
    }
  }
  std::printf("unreachable pairs: %zu\n", r.routes.unreachable.size());
  for (std::size_t i = 0; i < r.routes.unreachable.size() && i < kMaxListedPairs; ++i) {
    const auto& [s, d] = r.routes.unreachable[i];
    std::printf("  %s -> %s\n", nodeText(topo, s).c_str(), nodeText(topo, d).c_str());
  }
  if (r.routes.unreachable.size() > kMaxListedPairs) {
    std::printf("  ... %zu more (--json lists all)\n",
                r.routes.unreachable.size() - kMaxListedPairs);
  }
  std::printf("verdict: %s\n", r.ok() ? "OK" : "FAILED");
}

nlohmann::json pairsJson(const flit::Topology& topo,
                         const std::vector<std::pair<flit::NodeId, flit::NodeId>>& pairs) {
  nlohmann::json a = nlohmann::json::array();
  for (const auto& [s, d] : pairs) a.push_back({coordJson(topo, s), coordJson(topo, d)});
  return a;
}

void printJson(const flit::Scenario& sc, const flit::Topology& topo,
               const flit::RoutingSetup& setup, const CheckResult& r) {
  nlohmann::json j;
  j["scenario"] = sc.name;
  j["algorithm"] = std::string(flit::routingAlgorithmName(setup.algorithm));
  j["nodes"] = topo.nodeCount();
  nlohmann::json links = nlohmann::json::array();
  for (flit::LinkId l : r.failedLinks) links.push_back(linkText(topo, l));
  j["failedLinks"] = links;
  nlohmann::json nodes = nlohmann::json::array();
  for (flit::NodeId n : r.failedNodes) nodes.push_back(coordJson(topo, n));
  j["failedNodes"] = nodes;
  j["reroutedEntries"] = r.routes.reroutedEntries;
  j["initialHopEntries"] = r.routes.initialHopEntries;
  j["finalHopEntries"] = r.routes.finalHopEntries;
  j["adaptiveDisabledEntries"] = r.routes.adaptiveDisabledEntries;
  j["relayedPairs"] = r.routes.relayedPairs;
  j["routesTraced"] = r.deps.routesTraced;
  j["dependencyGraph"] = {{"vertices", r.deps.graph.vertexCount()},
                          {"vcsPerChannel", r.deps.graph.vcsPerChannel()},
                          {"dependencies", r.deps.graph.dependencyCount()}};
  j["deadlockFree"] = r.deps.deadlockFree();
  nlohmann::json cycle = nlohmann::json::array();
  for (const flit::ChannelVc& v : r.deps.cycle) cycle.push_back(r.deps.graph.describe(v));
  j["cycle"] = cycle;
  j["brokenRoutes"] = pairsJson(topo, r.deps.brokenRoutes);
  j["unreachablePairs"] = r.routes.unreachable.size();
  j["unreachable"] = pairsJson(topo, r.routes.unreachable);
  j["checkSeconds"] = r.seconds;
  j["ok"] = r.ok();
  std::printf("%s\n", j.dump(2).c_str());
}

// Routers with the same sets, in node order: the sets, how many, the first.
struct RouterKind {
  flit::CompetingInputs sets;
  int routers = 0;
  flit::NodeId example = flit::kInvalidId;
};

std::vector<RouterKind> routerKinds(const flit::Topology& topo, const flit::RoutingSetup& setup) {
  std::vector<RouterKind> kinds;
  const std::vector<flit::CompetingInputs> all = flit::competingInputsPerRouter(topo, setup);
  for (flit::NodeId n = 0; n < topo.nodeCount(); ++n) {
    const flit::CompetingInputs& c = all[static_cast<std::size_t>(n)];
    auto it = std::find_if(kinds.begin(), kinds.end(),
                           [&](const RouterKind& k) { return k.sets == c; });
    if (it == kinds.end()) it = kinds.insert(kinds.end(), RouterKind{c, 0, n});
    ++it->routers;
  }
  return kinds;
}

void printCompetingInputs(const flit::Topology& topo, const flit::RoutingSetup& setup, bool json) {
  const std::vector<RouterKind> kinds = routerKinds(topo, setup);
  if (!json) {
    std::printf("input ports competing for each output port (XT paper Table 3), %s routing:\n",
                std::string(flit::routingAlgorithmName(setup.algorithm)).c_str());
  }
  nlohmann::json j = nlohmann::json::array();
  for (const RouterKind& k : kinds) {
    if (!json) {
      std::printf("%d router(s) like %s:\n", k.routers, nodeText(topo, k.example).c_str());
      std::printf("  %-7s %-42s %s\n", "output", "inputs", "# inputs");
    }
    nlohmann::json outputs = nlohmann::json::object();
    for (int out : flit::kTable3OutputOrder) {
      const std::string inputs = flit::competingInputsText(k.sets, out);
      if (!json) {
        std::printf("  %-7s %-42s %d\n", flit::portName(out).c_str(), inputs.c_str(),
                    k.sets.count(out));
      }
      nlohmann::json list = nlohmann::json::array();
      for (int in : flit::kTable3InputOrder) {
        if (k.sets.competes(in, out)) list.push_back(flit::portName(in));
      }
      outputs[flit::portName(out)] = list;
    }
    j.push_back(
        {{"routers", k.routers}, {"example", coordJson(topo, k.example)}, {"outputs", outputs}});
  }
  if (json) std::printf("%s\n", nlohmann::json{{"competingInputs", j}}.dump(2).c_str());
}

// `sharedResponses`: the scenario puts its responses on the requests' VCs
// (router.sharedResponseVcs with requests in the traffic): one class, and
// the end point's dependency in the graph (T3E section 3.3).
CheckResult runCheck(flit::Topology& topo, flit::RoutingSetup& setup,
                     const std::vector<flit::NodeId>& failedNodes, bool adaptive, bool sharedResponses) {
  std::vector<flit::LinkId> failedLinks;
  for (flit::LinkId l = 0; l < topo.linkCount(); ++l) {
    if (!topo.linkUp(l)) failedLinks.push_back(l);
  }
  std::vector<std::uint8_t> nodeUp(static_cast<std::size_t>(topo.nodeCount()), 1);
  for (flit::NodeId n : failedNodes) nodeUp[static_cast<std::size_t>(n)] = 0;
  const auto start = std::chrono::steady_clock::now();
  flit::RouteBuildReport routes = flit::rebuildSetupRoutes(setup, topo, nodeUp, adaptive);
  flit::DependencyCheckOptions options;
  options.pairStatus = &routes.status;
  options.nodeUp = nodeUp;
  options.trafficClasses = setup.algorithm == flit::RoutingAlgorithm::TrcRelative || sharedResponses ? 1 : 2;
  options.endPointDependencies = sharedResponses;
  flit::DependencyCheck deps = flit::checkDependencies(topo, setup, options);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return CheckResult{std::move(failedLinks), failedNodes,     std::move(nodeUp),
                     std::move(routes),      std::move(deps), seconds};
}

int checkBody(const QStringList& args) {
  QCommandLineParser p;
  p.setApplicationDescription(QStringLiteral(
      "Rebuild the route tables around failed links and nodes, check the channel dependency "
      "graph for cycles and list unreachable pairs. Exit 0 when deadlock-free and all "
      "reachable, 1 otherwise, 2 on bad input."));
  p.addHelpOption();
  p.addPositionalArgument(QStringLiteral("SCENARIO"), QStringLiteral("Scenario JSON file."));
  addFailureOptions(p);
  p.addOption({QStringLiteral("competing-inputs"),
               QStringLiteral("Instead: the input ports competing for each output port, per kind "
                              "of router (XT paper Table 3).")});
  p.addOption({QStringLiteral("vc-balance"),
               QStringLiteral("Instead: the VC balance of every ring and power-of-two subring "
                              "(T3E paper Table 1).")});
  addVcRuleOption(p);
  p.addOption({QStringLiteral("json"), QStringLiteral("Print JSON instead of a table.")});
  if (!p.parse(args)) throw UsageError(p.errorText().toStdString());
  if (p.isSet(QStringLiteral("help"))) {
    std::printf("%s", qPrintable(p.helpText()));
    return 0;
  }
  const QStringList pos = p.positionalArguments();
  if (pos.size() != 1) {
    throw UsageError(pos.isEmpty() ? "SCENARIO: missing" : "SCENARIO: exactly one scenario file");
  }
  flit::Scenario sc = loadScenarioNamed(pos.at(0));
  if (p.isSet(QStringLiteral("vc-rule"))) {
    applyVcRuleOption(sc, p.value(QStringLiteral("vc-rule")));
  }
  // The scenario's own failures (faults.failedLinks, failedNodes) and the options'.
  appendFailLinkOptions(sc, p);
  appendFailNodeOptions(sc, p);
  flit::Topology topo = flit::buildTopology(sc);
  const std::vector<flit::NodeId> failedNodes = failedNodeIds(sc, topo);
  flit::RoutingSetup setup;
  try {
    setup = flit::buildRoutingSetup(topo, sc.routing);
  } catch (const flit::ScenarioError& e) {
    throw fileError(pos.at(0), e.what());
  }
  if (p.isSet(QStringLiteral("vc-balance"))) {
    if (p.isSet(QStringLiteral("fail-link")) || p.isSet(QStringLiteral("fail-node")) ||
        p.isSet(QStringLiteral("competing-inputs"))) {
      throw UsageError("--vc-balance: takes no --fail-link, --fail-node or --competing-inputs (it "
                     "evaluates the whole machine's VC tables)");
    }
    std::vector<flit::VcBalanceRow> rows;
    try {
      rows = flit::evaluateVcBalance(topo, setup);
    } catch (const std::invalid_argument& e) {
      throw fileError(pos.at(0), e.what());
    }
    if (p.isSet(QStringLiteral("json"))) {
      std::printf("%s\n", nlohmann::json{{"vcBalance", vcBalanceJson(rows)}}.dump(2).c_str());
    } else {
      std::printf("VC balance (T3E paper Table 1), %s:\n%s", sc.name.c_str(),
                  vcBalanceTable(rows).c_str());
    }
    return vcBalanceViolations(rows) ? 1 : 0;
  }
  if (p.isSet(QStringLiteral("competing-inputs"))) {
    if (p.isSet(QStringLiteral("fail-link")) || p.isSet(QStringLiteral("fail-node"))) {
      throw UsageError("--competing-inputs: takes no --fail-link or --fail-node (it walks the "
                     "routing of the whole machine, failures not considered)");
    }
    printCompetingInputs(topo, setup, p.isSet(QStringLiteral("json")));
    return 0;
  }
  const CheckResult r = runCheck(topo, setup, failedNodes, sc.routing.adaptive,
                                 sc.router.sharedResponseVcs && sc.traffic.producesResponses());
  if (p.isSet(QStringLiteral("json"))) printJson(sc, topo, setup, r);
  else printTable(sc, topo, setup, r);
  return r.ok() ? 0 : 1;
}

}  // namespace

int checkCommand(const QStringList& args) {
  try {
    return checkBody(args);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "flitscope-cli check: %s\n", e.what());
    return 2;
  }
}

}  // namespace flitcli
