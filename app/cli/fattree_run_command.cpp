// flitscope-cli run on a fat-tree scenario or recording: the circuit
// simulator (engine/fattree/circuit_simulator.h) over a warm-up and a
// measurement window; --record writes the run's recording, a recording
// replays, --trace writes its circuit trace (docs/cli.md "run on a fat-tree").
#include <algorithm>
#include <cstdio>
#include <optional>

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
  p.addOption({QStringLiteral("fingerprint"),
               QStringLiteral("Add key fingerprint: the hash of the event stream (always with a recording).")});
  p.addOption({QStringLiteral("record"),
               QStringLiteral("Write a recording of the run (scenario + applied changes) to FILE."),
               QStringLiteral("FILE")});
  addTraceOptions(p);
  if (!parseArgs(p, args, 1, "usage: flitscope-cli run FATTREE-SCENARIO|RECORDING [options]")) return 0;
  const QString path = p.positionalArguments().at(0);
  std::optional<CircuitRecording> replay = loadFatTreeRecordingFile(path);
  FatTreeScenario s;
  if (replay) {
    // A recording replays the run it recorded: nothing may change its scenario.
    for (const char* option : {"rate", "pattern", "seed", "fail-router", "fail-channel", "fail-unit-tree",
                               "fail-random"}) {
      if (p.isSet(QString::fromLatin1(option)))
        throw UsageError(std::string("--") + option + ": not with a recording (it replays the run it recorded)");
    }
    s = replay->scenario;
  } else {
    s = loadFatTreeScenarioFile(path);
    applyFatTreeOptions(p, s);
  }
  FatTreeRun run;
  run.file = path;
  run.warmup = p.isSet(QStringLiteral("warmup"))
                   ? parseCount(p.value(QStringLiteral("warmup")), "warmup", 0, 1000000000)
               : replay ? replay->warmupCycles
                        : 1000;
  run.cycles = p.isSet(QStringLiteral("cycles"))
                   ? parseCount(p.value(QStringLiteral("cycles")), "cycles", 1, 1000000000)
               : replay ? replay->cycles - std::min(replay->cycles, run.warmup)
                        : 10000;
  if (p.isSet(QStringLiteral("rate")))
    s.circuit.rate = parseRate(p.value(QStringLiteral("rate")), "rate");
  run.fingerprint = p.isSet(QStringLiteral("fingerprint"));
  run.replay = replay ? &*replay : nullptr;
  if (p.isSet(QStringLiteral("record"))) run.recordPath = p.value(QStringLiteral("record")).toStdString();
  run.trace = parseTraceOptions(p);
  const nlohmann::json j = runFatTreeMeasured(s, run);
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
