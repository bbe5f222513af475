// flitscope-cli run SCENARIO [--cycles N] [--warmup N] [--rate R] [--pattern NAME]
//                            [--seed S] [--adaptive on|off] [--fail-link X,Y,Z:DIR]...
//                            [--fail-node X,Y,Z]... [--fail-at CYCLE] [--json]
// Simulates and prints the summary (docs/cli.md). The --fail-link/--fail-node
// faults are applied at cycle --fail-at (default 0, counted from the start,
// warm-up included) while the traffic runs, then the routes are rebuilt
// (Simulator::rebuildRoutes; docs/fault-tolerance.md). Exit 0, or 1 when the
// watchdog found a deadlock, 2 on bad input.
#include "cli_commands.h"
#include "cli_common.h"
#include "coordinate_arity.h"

#include <algorithm>
#include <chrono>
#include <cstdio>

namespace flitcli {

namespace {

struct FaultPlan {
  std::vector<flit::LinkId> links;
  std::vector<flit::NodeId> nodes;
  std::uint64_t at = 0;
  bool applied = false;
  nlohmann::json report;
  bool any() const { return !links.empty() || !nodes.empty(); }
};

// loadConfig put the --fail-link links last in cfg.failedLinks (down from
// cycle 0); they move to the plan, applied while running.
FaultPlan parseFaults(const QCommandLineParser& p, flit::SimConfig& cfg, std::uint64_t total) {
  FaultPlan f;
  const flit::Topology topo(cfg.topology);
  try {
    for (const QString& text : p.values(QStringLiteral("fail-link"))) {
      flitapp::checkCoordinateArity(text.toStdString(), topo.dims(), "--fail-link");
      const flit::LinkSpec spec = flit::parseLinkSpec(text.toStdString(), "--fail-link");
      f.links.push_back(flit::resolveLinkSpec(topo, spec, "--fail-link"));
    }
    for (const QString& text : p.values(QStringLiteral("fail-node"))) {
      flitapp::checkCoordinateArity(text.toStdString(), topo.dims(), "--fail-node");
      f.nodes.push_back(
          topo.nodeAt(flit::parseNodeCoord(text.toStdString(), topo.spec(), "--fail-node")));
    }
  } catch (const flit::ScenarioError& e) {
    throw UsageError(e.what());
  }
  cfg.failedLinks.resize(cfg.failedLinks.size() - f.links.size());
  if (p.isSet(QStringLiteral("fail-at"))) {
    f.at = parseCount(p.value(QStringLiteral("fail-at")), "fail-at", 0, total);
    if (!f.any()) throw UsageError("--fail-at: needs --fail-link or --fail-node");
  }
  return f;
}

void applyFaults(flit::Simulator& sim, FaultPlan& f) {
  sim.setAutoRebuild(false);  // one rebuild for all the faults, not one per fault
  for (const flit::LinkId l : f.links) sim.failLink(l);
  for (const flit::NodeId n : f.nodes) sim.failNode(n);
  sim.setAutoRebuild(true);
  const flit::RouteRebuildReport r = sim.rebuildRoutes();
  f.applied = true;
  f.report = {{"atCycle", sim.cycle()},
              {"failedLinks", f.links.size()},
              {"failedNodes", f.nodes.size()},
              {"rebuildAccepted", r.accepted},
              {"deadlockFree", r.deadlockFree},
              {"cycle", r.cycle},
              {"reroutedEntries", r.reroutedEntries},
              {"adaptiveDisabledEntries", r.adaptiveDisabledEntries},
              {"unreachablePairs", r.unreachable.size()},
              {"brokenRoutes", r.brokenRoutes},
              {"rebuildSeconds", r.seconds},
              {"text", r.describe()}};
}

// Runs n cycles, applying the faults when the cycle count reaches f.at.
std::uint64_t runWithFaults(flit::Simulator& sim, FaultPlan& f, std::uint64_t n) {
  std::uint64_t done = 0;
  while (done < n && !sim.deadlocked()) {
    if (f.any() && !f.applied && sim.cycle() >= f.at) applyFaults(sim, f);
    std::uint64_t chunk = n - done;
    if (f.any() && !f.applied) chunk = std::min(chunk, f.at - sim.cycle());
    const std::uint64_t ran = sim.run(chunk);
    done += ran;
    if (ran < chunk) break;
  }
  if (f.any() && !f.applied && sim.cycle() >= f.at) applyFaults(sim, f);
  return done;
}

int runBody(const QStringList& args) {
  QCommandLineParser p;
  p.addPositionalArgument(QStringLiteral("SCENARIO"), QStringLiteral("Scenario JSON file."));
  p.addOption({QStringLiteral("cycles"), QStringLiteral("Cycles to simulate after warm-up (default 10000)."),
               QStringLiteral("N")});
  p.addOption({QStringLiteral("warmup"), QStringLiteral("Warm-up cycles, not measured (default 1000)."),
               QStringLiteral("N")});
  addSimulationOptions(p);
  p.addOption({QStringLiteral("fail-node"), QStringLiteral("Fail node X,Y,Z (repeatable)."),
               QStringLiteral("X,Y,Z")});
  p.addOption({QStringLiteral("fail-at"),
               QStringLiteral("Cycle at which --fail-link/--fail-node fail while traffic runs "
                              "(default 0); the routes are rebuilt then."),
               QStringLiteral("CYCLE")});
  p.addOption({QStringLiteral("json"), QStringLiteral("Print JSON instead of a table.")});
  if (!parseArgs(p, args, 1, "usage: flitscope-cli run SCENARIO [options]")) return 0;
  const std::uint64_t cycles =
      p.isSet(QStringLiteral("cycles")) ? parseCount(p.value(QStringLiteral("cycles")), "cycles", 1, 1000000000) : 10000;
  const std::uint64_t warmup =
      p.isSet(QStringLiteral("warmup")) ? parseCount(p.value(QStringLiteral("warmup")), "warmup", 0, 1000000000) : 1000;
  flit::SimConfig cfg = loadConfig(p.positionalArguments().at(0), p);
  FaultPlan faults = parseFaults(p, cfg, warmup + cycles);
  cfg.autoRebuild = true;  // the scenario's own failed links: routes rebuilt at construction
  warnDeprecatedEngineOption(p);
  flit::Simulator sim(cfg);
  const auto t0 = std::chrono::steady_clock::now();
  std::uint64_t ran = runWithFaults(sim, faults, warmup);
  sim.resetStats();
  if (!sim.deadlocked()) ran += runWithFaults(sim, faults, cycles);
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  nlohmann::json summary = summaryJson(sim, ran, wall);
  if (faults.applied) summary["faults"] = faults.report;
  if (p.isSet(QStringLiteral("json"))) {
    std::printf("%s\n", summary.dump(2).c_str());
  } else {
    std::printf("%s", summaryTable(summary).c_str());
    if (faults.applied) {
      std::printf("%-28s cycle %s: %s\n", "faults", faults.report["atCycle"].dump().c_str(),
                  faults.report["text"].get<std::string>().c_str());
    }
  }
  return sim.deadlocked() ? 1 : 0;
}

}  // namespace

int runCommand(const QStringList& args) { return guarded("run", runBody, args); }

}  // namespace flitcli
