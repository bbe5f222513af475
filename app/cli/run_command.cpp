// flitscope-cli run SCENARIO [--cycles N] [--warmup N] [--rate R] [--pattern NAME]
//                            [--seed S] [--fail-link X,Y,Z:DIR]... [--json]
// Simulates and prints the summary (docs/cli.md). Exit 0, or 1 when the
// watchdog found a deadlock, 2 on bad input.
#include "cli_commands.h"
#include "cli_common.h"

#include <chrono>
#include <cstdio>

namespace flitcli {

namespace {

int runBody(const QStringList& args) {
  QCommandLineParser p;
  p.addPositionalArgument(QStringLiteral("SCENARIO"), QStringLiteral("Scenario JSON file."));
  p.addOption({QStringLiteral("cycles"), QStringLiteral("Cycles to simulate after warm-up (default 10000)."),
               QStringLiteral("N")});
  p.addOption({QStringLiteral("warmup"), QStringLiteral("Warm-up cycles, not measured (default 1000)."),
               QStringLiteral("N")});
  addSimulationOptions(p);
  p.addOption({QStringLiteral("json"), QStringLiteral("Print JSON instead of a table.")});
  if (!parseArgs(p, args, 1, "usage: flitscope-cli run SCENARIO [options]")) return 0;
  const std::uint64_t cycles =
      p.isSet(QStringLiteral("cycles")) ? parseCount(p.value(QStringLiteral("cycles")), "cycles", 1, 1000000000) : 10000;
  const std::uint64_t warmup =
      p.isSet(QStringLiteral("warmup")) ? parseCount(p.value(QStringLiteral("warmup")), "warmup", 0, 1000000000) : 1000;
  const flit::SimConfig cfg = loadConfig(p.positionalArguments().at(0), p);
  flit::Simulator sim(cfg);
  const auto t0 = std::chrono::steady_clock::now();
  std::uint64_t ran = sim.run(warmup);
  sim.resetStats();
  if (!sim.deadlocked()) ran += sim.run(cycles);
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  const nlohmann::json summary = summaryJson(sim, ran, wall);
  if (p.isSet(QStringLiteral("json"))) {
    std::printf("%s\n", summary.dump(2).c_str());
  } else {
    std::printf("%s", summaryTable(summary).c_str());
  }
  return sim.deadlocked() ? 1 : 0;
}

}  // namespace

int runCommand(const QStringList& args) { return guarded("run", runBody, args); }

}  // namespace flitcli
