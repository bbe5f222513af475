// flitscope-cli optimize-vc SCENARIO [--tables t3e|full] [--seed S]
//                           [--iterations N] [--weights W,...] --out FILE [--json]
// Optimizes the VC tables of every torus ring (T3E paper section 4, simulated
// annealing over the ring and its power-of-two subrings: analysis/vc_optimize.h),
// checks the result with the channel dependency graph (no dateline violation,
// no cycle: Dally & Seitz Theorem 1) and writes the scenario with
// routing.vcTables.entries set. Prints the VC balance before and after.
// Exit 0: written; 1: the optimized tables fail the dependency check (nothing
// written); 2: bad input (one line naming the argument).
// Also the VC-balance rows that `check --vc-balance` prints.
#include "cli_commands.h"
#include "cli_common.h"
#include "vc_balance_report.h"

#include "analysis/route_dependencies.h"
#include "analysis/vc_optimize.h"
#include "routing/routing_setup.h"
#include "scenario/scenario.h"

#include <cmath>
#include <cstdio>
#include <stdexcept>

namespace flitcli {

nlohmann::json vcBalanceJson(const std::vector<flit::VcBalanceRow>& rows) {
  nlohmann::json a = nlohmann::json::array();
  for (const flit::VcBalanceRow& r : rows) {
    a.push_back({{"dimension", r.dimension},
                 {"ring", r.ring},
                 {"subring", r.subring},
                 {"average", r.average},
                 {"maximum", r.maximum},
                 {"violations", r.violations}});
  }
  return a;
}

namespace {
// Three decimals, halves away from zero as Table 1 prints them (.8125 is
// ".813"; printf would round it to even, ".812").
double threeDecimals(double x) { return std::floor(x * 1000 + 0.5) / 1000; }
}  // namespace

std::string vcBalanceTable(const std::vector<flit::VcBalanceRow>& rows) {
  std::string s = "dimension  ring  subring  average  maximum\n";
  char line[96];
  for (const flit::VcBalanceRow& r : rows) {
    std::snprintf(line, sizeof line, "%-9c  %4d  %7d  %7.3f  %7.3f%s\n", "XYZ"[r.dimension], r.ring,
                  r.subring, threeDecimals(r.average), threeDecimals(r.maximum),
                  r.violations ? "  (dateline violations!)" : "");
    s += line;
  }
  return s;
}

int vcBalanceViolations(const std::vector<flit::VcBalanceRow>& rows) {
  int n = 0;
  for (const flit::VcBalanceRow& r : rows) n += r.violations;
  return n;
}

namespace {

constexpr const char* kUsage =
    "optimize-vc SCENARIO [--tables t3e|full] [--seed S] [--iterations N] [--weights W,W,W,W,W,W] "
    "--out FILE [--json]";

flit::VcOptimizeOptions readOptions(const QCommandLineParser& p) {
  flit::VcOptimizeOptions o;
  if (p.isSet(QStringLiteral("tables"))) {
    const QString t = p.value(QStringLiteral("tables"));
    const auto limit = flit::parseVcTableLimit(t.toStdString());
    if (!limit) throw UsageError("--tables: expected t3e or full, got '" + t.toStdString() + "'");
    o.limit = *limit;
  }
  if (p.isSet(QStringLiteral("seed"))) {
    o.seed = parseCount(p.value(QStringLiteral("seed")), "seed", 0, UINT64_MAX);
  }
  if (p.isSet(QStringLiteral("iterations"))) {
    o.iterations = static_cast<std::int64_t>(
        parseCount(p.value(QStringLiteral("iterations")), "iterations", 1, 1'000'000'000));
  }
  if (p.isSet(QStringLiteral("weights"))) {
    const QString text = p.value(QStringLiteral("weights"));
    const QStringList parts = text.split(QLatin1Char(','));
    double w[6] = {};
    bool ok = parts.size() == 6;
    for (int i = 0; ok && i < 6; ++i) {
      w[i] = parts.at(i).toDouble(&ok);
      ok = ok && std::isfinite(w[i]) && w[i] >= 0;
    }
    if (!ok) {
      throw UsageError("--weights: expected 6 comma-separated numbers >= 0 (ring average, ring "
                       "maximum, half-ring average, half-ring maximum, smaller average, smaller "
                       "maximum), got '" + text.toStdString() + "'");
    }
    o.weights = {w[0], w[1], w[2], w[3], w[4], w[5]};
  }
  return o;
}

int optimizeVcBody(const QStringList& args) {
  QCommandLineParser p;
  p.setApplicationDescription(QStringLiteral(
      "Optimize the VC tables of every torus ring for VC balance (T3E paper section 4, "
      "Table 1) and write the scenario with routing.vcTables.entries."));
  p.addOption({QStringLiteral("tables"),
               QStringLiteral("t3e: 8 entries per direction (low three bits of the destination "
                              "ordinate); full: one per ordinate. Default t3e."),
               QStringLiteral("KIND")});
  p.addOption({QStringLiteral("seed"), QStringLiteral("Annealing seed (default 1)."),
               QStringLiteral("S")});
  p.addOption({QStringLiteral("iterations"),
               QStringLiteral("Annealing steps per distinct ring (default 1000000)."),
               QStringLiteral("N")});
  p.addOption({QStringLiteral("weights"),
               QStringLiteral("Cost weights: ring average, ring maximum, half-ring average, "
                              "half-ring maximum, smaller subrings' average and maximum "
                              "(default 4,12,1.5,1.5,8,8)."),
               QStringLiteral("W,W,W,W,W,W")});
  p.addOption({QStringLiteral("out"), QStringLiteral("The scenario to write."),
               QStringLiteral("FILE")});
  p.addOption({QStringLiteral("json"), QStringLiteral("Print JSON instead of a table.")});
  if (!parseArgs(p, args, 1, kUsage)) return 0;
  if (!p.isSet(QStringLiteral("out"))) throw UsageError("--out: missing (the scenario file to write)");
  const flit::VcOptimizeOptions options = readOptions(p);
  const QString path = p.positionalArguments().at(0);
  flit::Scenario sc = loadScenarioNamed(path);
  const flit::Topology topo = flit::buildTopology(sc);
  flit::RoutingSetup setup;
  try {
    setup = flit::buildRoutingSetup(topo, sc.routing);
  } catch (const flit::ScenarioError& e) {
    throw fileError(path, e.what());
  }
  flit::VcOptimizeResult result;
  try {
    result = flit::optimizeVcTables(topo, setup, options);
  } catch (const std::invalid_argument& e) {  // the scenario's rings or tie rule
    throw fileError(path, e.what());
  }
  flit::RoutingSetup after = setup;
  after.vcTables = result.tables;
  flit::DependencyCheckOptions depOptions;
  depOptions.trafficClasses = setup.algorithm == flit::RoutingAlgorithm::TrcRelative ? 1 : 2;
  const flit::DependencyCheck deps = flit::checkDependencies(topo, after, depOptions);
  const bool ok = deps.deadlockFree() && deps.brokenRoutes.empty() &&
                  vcBalanceViolations(result.after) == 0;
  // Every non-zero row as an entry over time-of-crossing (all zeros), so the
  // file holds exactly these tables whatever generator it had.
  sc.routing.vcTableGenerator = flit::VcTableGenerator::TimeOfCrossing;
  sc.routing.vcTableEntries = flit::vcTableEntriesOf(topo, result.tables);
  if (ok) writeFileOrThrow(p.value(QStringLiteral("out")), flit::serializeScenario(sc), "out");
  if (p.isSet(QStringLiteral("json"))) {
    nlohmann::json j;
    j["tables"] = std::string(flit::vcTableLimitName(options.limit));
    j["seed"] = options.seed;
    j["iterations"] = options.iterations;
    j["distinctRings"] = result.distinctRings;
    j["vcBalanceBefore"] = vcBalanceJson(result.before);
    j["vcBalance"] = vcBalanceJson(result.after);
    j["entries"] = sc.routing.vcTableEntries.size();
    j["deadlockFree"] = deps.deadlockFree();
    j["brokenRoutes"] = deps.brokenRoutes.size();
    j["written"] = ok;
    std::printf("%s\n", j.dump(2).c_str());
  } else {
    std::printf("before (the scenario's VC tables):\n%s", vcBalanceTable(result.before).c_str());
    std::printf("after (%s tables, seed %llu, %lld iterations per ring, %d distinct rings):\n%s",
                std::string(flit::vcTableLimitName(options.limit)).c_str(),
                static_cast<unsigned long long>(options.seed),
                static_cast<long long>(options.iterations), result.distinctRings,
                vcBalanceTable(result.after).c_str());
    std::printf("dependency check: %s, %zu routes that do not deliver\n",
                deps.deadlockFree() ? "acyclic" : "CYCLE", deps.brokenRoutes.size());
    if (ok) {
      std::printf("wrote %s (%zu VC table rows)\n", qPrintable(p.value(QStringLiteral("out"))),
                  sc.routing.vcTableEntries.size());
    } else {
      std::printf("not written: the optimized tables fail the dependency check\n");
    }
  }
  return ok ? 0 : 1;
}

}  // namespace

int optimizeVcCommand(const QStringList& args) { return guarded("optimize-vc", optimizeVcBody, args); }

}  // namespace flitcli
