// flitscope-cli: the headless command-line tool (QtCore only).
#include "sim/scenario.h"

#include <QCommandLineParser>
#include <QCoreApplication>

#include <cstdio>

int main(int argc, char** argv) {
  QCoreApplication app(argc, argv);
  QCoreApplication::setApplicationName(QStringLiteral("flitscope-cli"));
  QCommandLineParser parser;
  parser.setApplicationDescription(QStringLiteral("Flitscope interconnect simulator, headless"));
  parser.addHelpOption();
  parser.addPositionalArgument(QStringLiteral("scenario"), QStringLiteral("Scenario JSON file"));
  parser.process(app);
  const auto args = parser.positionalArguments();
  if (args.size() != 1) {
    std::fprintf(stderr, "flitscope-cli: expected one scenario file\n");
    return 2;
  }
  try {
    const auto scenario = flit::loadScenarioFile(args[0].toStdString());
    const auto topo = flit::buildTopology(scenario);
    std::printf("%s: %d nodes, %d links\n", scenario.name.c_str(), topo.nodeCount(), topo.linkCount());
  } catch (const std::exception& e) {
    std::fprintf(stderr, "flitscope-cli: %s\n", e.what());
    return 2;
  }
  return 0;
}
