#include "family_dispatch.h"

#include <QFileInfo>
#include <cstdio>
#include <string>

#include "cli_commands.h"
#include "cli_common.h"
#include "sim/scenario.h"

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

namespace {
int runBody(const QStringList& args) {
  return familyOfArgs(args) == flit::TopologyFamily::FatTree ? fatTreeRunCommand(args)
                                                             : runCommand(args);
}
int sweepBody(const QStringList& args) {
  return familyOfArgs(args) == flit::TopologyFamily::FatTree ? fatTreeSweepCommand(args)
                                                             : sweepCommand(args);
}
}  // namespace

int runDispatch(const QStringList& args) { return guarded("run", runBody, args); }

int torusOnlyDispatch(const char* command, int (*torus)(const QStringList&),
                      const QStringList& args) {
  try {
    const QString fatTree = fatTreeFileOfArgs(args);
    if (!fatTree.isEmpty()) {
      throw fileError(fatTree, std::string("a fat-tree scenario (topology.family \"fatTree\"); ") +
                                   command + " is for k-ary n-cubes (fat-trees: describe, run, sweep)");
    }
  } catch (const UsageError& e) {
    std::fprintf(stderr, "flitscope-cli %s: %s\n", command, e.what());
    return 2;
  } catch (const flit::ScenarioError& e) {
    std::fprintf(stderr, "flitscope-cli %s: %s\n", command, e.what());
    return 2;
  }
  return torus(args);
}
int sweepDispatch(const QStringList& args) { return guarded("sweep", sweepBody, args); }

}  // namespace flitcli
