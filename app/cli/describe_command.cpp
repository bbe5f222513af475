// flitscope-cli describe SCENARIO [--json]: the network's size for any
// topology family (docs/cli.md "describe").
#include <cstdio>

#include "cli_commands.h"
#include "cli_common.h"
#include "family_dispatch.h"
#include "fattree/fat_tree_description.h"
#include "fattree_cli.h"
#include "sim/scenario.h"
#include "topology/topology.h"

namespace flitcli {

namespace {

nlohmann::json torusJson(const flit::Scenario& s) {
  const flit::Topology topo(s.topology);
  nlohmann::json radix = nlohmann::json::array();
  nlohmann::json wrap = nlohmann::json::array();
  for (int d = 0; d < topo.dims(); ++d) {
    radix.push_back(topo.radix(d));
    wrap.push_back(topo.wraps(d));
  }
  return {{"family", "kAryNCube"},
          {"name", s.name},
          {"radix", radix},
          {"wrap", wrap},
          {"nodes", topo.nodeCount()},
          {"routers", topo.nodeCount()},  // one router per node
          {"links", topo.linkCount()},
          {"channels", topo.channelCount()},  // one per direction of a link
          {"portsPerRouter", topo.portCount() / std::max(1, topo.nodeCount())}};
}

int describeBody(const QStringList& args) {
  QCommandLineParser p;
  p.addPositionalArgument(QStringLiteral("SCENARIO"), QStringLiteral("Scenario JSON file."));
  p.addOption({QStringLiteral("json"), QStringLiteral("Print JSON instead of a table.")});
  if (!parseArgs(p, args, 1, "usage: flitscope-cli describe SCENARIO [--json]")) return 0;
  const QString path = p.positionalArguments().at(0);
  nlohmann::json j;
  std::string table;
  if (familyOfFile(path) == flit::TopologyFamily::FatTree) {
    const auto s = loadFatTreeScenarioFile(path);
    j = fatTreeDescriptionJson(s, flit::fattree::describeFatTree(buildFatTreeOrThrow(s.spec, path)));
    table = fatTreeDescriptionTable(j);
  } else {
    const flit::Scenario s = loadScenarioNamed(path);
    j = torusJson(s);
    char buf[512];
    std::snprintf(buf, sizeof buf,
                  "%-32s kAryNCube %s\n%-32s %d\n%-32s %d (one per node, %d ports each)\n%-32s "
                  "%d\n%-32s %d\n",
                  "family", j["radix"].dump().c_str(), "nodes", j["nodes"].get<int>(), "routers",
                  j["routers"].get<int>(), j["portsPerRouter"].get<int>(), "links",
                  j["links"].get<int>(), "channels", j["channels"].get<int>());
    table = buf;
  }
  if (p.isSet(QStringLiteral("json"))) {
    std::printf("%s\n", j.dump(2).c_str());
  } else {
    std::printf("%s", table.c_str());
  }
  return 0;
}

}  // namespace

int describeCommand(const QStringList& args) { return guarded("describe", describeBody, args); }

}  // namespace flitcli
