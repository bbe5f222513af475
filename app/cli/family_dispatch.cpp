#include "family_dispatch.h"

#include <QFileInfo>
#include <cstdio>
#include <string>

#include "cli_commands.h"
#include "cli_common.h"
#include "scenario/scenario.h"

namespace flitcli {

flit::TopologyFamily familyOfFile(const QString& path) {
  std::string text;
  try {
    text = flit::readScenarioFileText(path.toStdString());
  } catch (const flit::ScenarioError&) {
    return flit::TopologyFamily::KAryNCube;
  }
  return flit::scenarioFamilyOfText(text);
}

QString fatTreeFileOfArgs(const QStringList& args) {
  for (qsizetype i = 1; i < args.size(); ++i) {
    const QString& a = args[i];
    if (a.startsWith(QLatin1Char('-')) || !QFileInfo(a).isFile()) continue;
    if (familyOfFile(a) == flit::TopologyFamily::FatTree) return a;
  }
  return {};
}

flit::TopologyFamily familyOfArgs(const QStringList& args) {
  return fatTreeFileOfArgs(args).isEmpty() ? flit::TopologyFamily::KAryNCube
                                           : flit::TopologyFamily::FatTree;
}

std::string commandsFor(flit::TopologyFamily family) {
  std::string list;
  for (const CliCommand& c : kCliCommands) {
    if ((family == flit::TopologyFamily::FatTree ? c.fatTree : c.kAryNCube) == nullptr) continue;
    list += (list.empty() ? "" : ", ") + std::string(c.name);
  }
  return list;
}

int runCliCommand(const CliCommand& command, const QStringList& args) {
  CommandFunction function = nullptr;
  const int found = guarded(command.name, [&](const QStringList& a) {
    const QString fatTree = fatTreeFileOfArgs(a);
    function = fatTree.isEmpty() ? command.kAryNCube : command.fatTree;
    if (function) return 0;
    if (!fatTree.isEmpty()) {
      throw fileError(fatTree, std::string("a fat-tree scenario (topology.family \"fatTree\"); ") + command.name +
                                   " is for k-ary n-cubes (fat-trees: " + commandsFor(flit::TopologyFamily::FatTree) +
                                   ")");
    }
    throw UsageError(std::string(command.name) + " is for fat-trees (k-ary n-cubes: " +
                     commandsFor(flit::TopologyFamily::KAryNCube) + ")");
  }, args);
  return function ? function(args) : found;
}

}  // namespace flitcli
