#include "booksim_cli.h"

#include "cli_commands.h"
#include "cli_common.h"
#include "scenario/booksim_config.h"
#include "scenario/json_fields.h"

#include <QFileInfo>
#include <cstdio>

namespace flitcli {

flit::BooksimImport readBooksim(const QString& file, const QStringList& overrides, bool lenient) {
  try {
    flit::BooksimConfig config;
    flit::readBooksimText(config, flit::readScenarioFileText(file.toStdString()), file.toStdString());
    for (const QString& o : overrides) flit::applyBooksimOverride(config, o.toStdString());
    return flit::importBooksim(config, lenient, QFileInfo(file).fileName().toStdString());
  } catch (const flit::ScenarioError& e) {
    throw UsageError(e.what());
  }
}

void printBooksimNotes(const flit::BooksimImport& imported) {
  for (const std::string& note : imported.notes) std::fprintf(stderr, "note: %s\n", note.c_str());
}

std::string booksimSummary(const flit::Simulator& sim, double latencyThreshold) {
  const flit::SimStats& s = sim.stats();
  // BookSim2's source queues have no end, so past saturation its latency
  // grows without bound and passes latency_thres; Flitscope's refuse packets
  // once full (router.sourceQueuePackets), which keeps the mean finite: a
  // refused packet says the same as BookSim2's threshold.
  if (latencyThreshold >= 0 && (s.latency.mean() > latencyThreshold || sim.totals().refused > 0)) {
    char b[160];
    std::snprintf(b, sizeof b, "Average latency for class 0 exceeded %g cycles. Aborting simulation.\n",
                  latencyThreshold);
    return std::string(b) + "Too many sample periods needed to converge\nSimulation unstable, ending ...\n";
  }
  const double perNodeCycle =
      static_cast<double>(sim.topology().nodeCount()) * static_cast<double>(sim.cycle() - s.startCycle);
  std::string out = "====== Overall Traffic Statistics ======\n====== Traffic class 0 ======\n";
  auto line = [&out](const char* name, double v, const char* indent = "") {
    char b[128];
    std::snprintf(b, sizeof b, "%s%s = %g (1 samples)\n", indent, name, v);
    out += b;
  };
  auto latency = [&](const char* name, const flit::LatencyStats& l) {
    line(name, l.mean());
    line("minimum", static_cast<double>(l.count() ? l.percentile(1e-12) : 0), "\t");
    line("maximum", static_cast<double>(l.max()), "\t");
  };
  latency("Packet latency average", s.latency);
  latency("Network latency average", s.networkLatency);
  const double flits = static_cast<double>(s.flitsDelivered);
  line("Accepted packet rate average", perNodeCycle > 0 ? flits / sim.config().traffic.meanPacketFlits() / perNodeCycle : 0);
  line("Accepted flit rate average", perNodeCycle > 0 ? flits / perNodeCycle : 0);
  return out;
}

namespace {

int importBody(const QStringList& args) {
  QCommandLineParser p;
  p.addPositionalArgument(QStringLiteral("FILE"), QStringLiteral("BookSim2 configuration file."));
  p.addPositionalArgument(QStringLiteral("KEY=VALUE"), QStringLiteral("BookSim2 overrides, applied in order."),
                          QStringLiteral("[KEY=VALUE...]"));
  p.addOption({QStringLiteral("out"), QStringLiteral("The scenario to write."), QStringLiteral("FILE")});
  p.addOption({QStringLiteral("booksim-lenient"),
               QStringLiteral("Keys Flitscope cannot honour become notes on stderr instead of errors.")});
  if (!parseArgs(p, args, -1, "usage: flitscope-cli import-booksim FILE [KEY=VALUE]... --out SCENARIO.json"))
    return 0;
  const QStringList positional = p.positionalArguments();
  if (positional.isEmpty()) throw UsageError("missing FILE argument (the BookSim2 configuration)");
  if (!p.isSet(QStringLiteral("out"))) throw UsageError("--out: missing (the scenario file to write)");
  const flit::BooksimImport imported =
      readBooksim(positional.front(), positional.mid(1), p.isSet(QStringLiteral("booksim-lenient")));
  printBooksimNotes(imported);
  const QString out = p.value(QStringLiteral("out"));
  writeFileOrThrow(out, flit::serializeScenario(imported.scenario), "out");
  std::printf("wrote %s; BookSim2's run is: flitscope-cli run %s --warmup %llu --cycles %llu\n", qPrintable(out),
              qPrintable(out), static_cast<unsigned long long>(imported.warmupCycles),
              static_cast<unsigned long long>(imported.measureCycles));
  return 0;
}

}  // namespace

int importBooksimCommand(const QStringList& args) { return guarded("import-booksim", importBody, args); }

}  // namespace flitcli
