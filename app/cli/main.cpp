// flitscope-cli: the headless command-line tool (QtCore only).
//   flitscope-cli run SCENARIO ...     simulate and print a summary (docs/cli.md)
//   flitscope-cli sweep SCENARIO ...   latency-throughput curve
//   flitscope-cli route SCENARIO ...   routing tag and hop-by-hop path
//   flitscope-cli check SCENARIO ...   route tables, dependency graph, reachability
//   flitscope-cli tune-age SCENARIO ... age-arbitration parameters (XT paper section 3)
//   flitscope-cli barrier SCENARIO ...  one barrier/eureka on an idle network (T3E section 6)
//   flitscope-cli optimize-vc SCENARIO ... VC tables optimized for VC balance (T3E Table 1)
//   flitscope-cli describe SCENARIO    router, channel and endpoint counts (any family)
#include "cli_commands.h"
#include "family_dispatch.h"

#include <QCoreApplication>

#include <cstdio>
#include <cstring>

namespace {
void printUsage(std::FILE* out) {
  std::fputs(
      "usage: flitscope-cli COMMAND SCENARIO [options]\n"
      "commands:\n"
      "  run       simulate a scenario and print a summary (--json for JSON)\n"
      "  sweep     latency-throughput curve over injection rates\n"
      "  route     routing tag and hop-by-hop path between two nodes\n"
      "  check     rebuild route tables, check the channel dependency graph\n"
      "  tune-age  derive age-arbitration settings (age biases, AGE_CLK_PERIOD)\n"
      "  barrier   one barrier or eureka on an idle network: tree, latency, packets\n"
      "  optimize-vc  optimize the VC tables for VC balance, write the scenario\n"
      "  describe  router, channel and endpoint counts of a scenario's network\n"
      "Run 'flitscope-cli COMMAND --help' for a command's options.\n",
      out);
}
}  // namespace

int main(int argc, char** argv) {
  QCoreApplication app(argc, argv);
  QCoreApplication::setApplicationName(QStringLiteral("flitscope-cli"));
  QCoreApplication::setApplicationVersion(QStringLiteral("0.1.0"));
  if (argc < 2) {
    printUsage(stderr);
    return 2;
  }
  if (std::strcmp(argv[1], "--help") == 0 || std::strcmp(argv[1], "-h") == 0) {
    printUsage(stdout);
    return 0;
  }
  QStringList args = QCoreApplication::arguments();
  const QString command = args.at(1);
  args.removeAt(1);  // args[0] stays the program name, for QCommandLineParser
  if (command == QLatin1String("run")) return flitcli::runDispatch(args);
  if (command == QLatin1String("sweep")) return flitcli::sweepDispatch(args);
  if (command == QLatin1String("route")) return flitcli::torusOnlyDispatch("route", flitcli::routeCommand, args);
  if (command == QLatin1String("check")) return flitcli::torusOnlyDispatch("check", flitcli::checkCommand, args);
  if (command == QLatin1String("tune-age")) {
    return flitcli::torusOnlyDispatch("tune-age", flitcli::tuneAgeCommand, args);
  }
  if (command == QLatin1String("barrier")) {
    return flitcli::torusOnlyDispatch("barrier", flitcli::barrierCommand, args);
  }
  if (command == QLatin1String("optimize-vc")) {
    return flitcli::torusOnlyDispatch("optimize-vc", flitcli::optimizeVcCommand, args);
  }
  if (command == QLatin1String("describe")) return flitcli::describeCommand(args);
  std::fprintf(stderr,
               "flitscope-cli: unknown command '%s' (use run, sweep, route, check, tune-age, barrier, optimize-vc or describe)\n",
               qPrintable(command));
  return 2;
}
