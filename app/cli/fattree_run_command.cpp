// flitscope-cli run on a fat-tree scenario: the circuit simulator
// (engine/fattree/circuit_simulator.h) over a warm-up and a measurement
// window; docs/cli.md "run on a fat-tree".
#include <cstdio>

#include "cli_commands.h"
#include "cli_common.h"
#include "fattree_cli.h"

namespace flitcli {

using namespace flit::fattree;

namespace {

int fatTreeRunBody(const QStringList& args) {
  QCommandLineParser p;
  p.addPositionalArgument(QStringLiteral("SCENARIO"),
                          QStringLiteral("Fat-tree scenario JSON file."));
  p.addOption({QStringLiteral("cycles"),
               QStringLiteral("RN1 cycles to simulate after warm-up (default 10000)."),
               QStringLiteral("N")});
  p.addOption({QStringLiteral("warmup"),
               QStringLiteral("Warm-up cycles, not measured (default 1000)."),
               QStringLiteral("N")});
  p.addOption(
      {QStringLiteral("rate"),
       QStringLiteral(
           "Probability per cycle that an idle endpoint gets a message (1.0: always one waiting)."),
       QStringLiteral("R")});
  addFatTreeOptions(p);
  p.addOption({QStringLiteral("json"), QStringLiteral("Print JSON instead of a table.")});
  if (!parseArgs(p, args, 1, "usage: flitscope-cli run FATTREE-SCENARIO [options]")) return 0;
  FatTreeScenario s = loadFatTreeScenarioFile(p.positionalArguments().at(0));
  applyFatTreeOptions(p, s);
  const std::uint64_t warmup =
      p.isSet(QStringLiteral("warmup"))
          ? parseCount(p.value(QStringLiteral("warmup")), "warmup", 0, 1000000000)
          : 1000;
  const std::uint64_t cycles =
      p.isSet(QStringLiteral("cycles"))
          ? parseCount(p.value(QStringLiteral("cycles")), "cycles", 1, 1000000000)
          : 10000;
  if (p.isSet(QStringLiteral("rate")))
    s.circuit.rate = parseRate(p.value(QStringLiteral("rate")), "rate");
  const nlohmann::json j = runFatTreeMeasured(s, warmup, cycles);
  if (p.isSet(QStringLiteral("json"))) {
    std::printf("%s\n", j.dump(2).c_str());
  } else {
    std::printf("%s", fatTreeRunTable(j).c_str());
  }
  return 0;
}

}  // namespace

int fatTreeRunCommand(const QStringList& args) { return guarded("run", fatTreeRunBody, args); }

}  // namespace flitcli
