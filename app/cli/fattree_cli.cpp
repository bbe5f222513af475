#include "fattree_cli.h"

#include "cli_common.h"

#include "sim/scenario.h"

#include <cstdio>
#include <new>
#include <sstream>

namespace flitcli {

using namespace flit::fattree;

FatTreeScenario loadFatTreeScenarioFile(const QString& path) {
  try {
    return parseFatTreeScenario(flit::readScenarioFileText(path.toStdString()));
  } catch (const flit::ScenarioError& e) {
    throw UsageError(std::string("SCENARIO ") + e.what());
  }
}

FatTreeNetwork buildFatTreeOrThrow(const FatTreeSpec& spec) {
  try {
    return buildFatTree(spec);
  } catch (const std::bad_alloc&) {
    throw UsageError("SCENARIO: the network (" + std::to_string(routerCountOf(spec)) +
                     " RN1s) does not fit in memory");
  }
}

namespace {
nlohmann::json organisationJson(const ChannelOrganisation& c) {
  return {{"upFromLeaves", c.upFromLeaves},
          {"downTowardLeaves", c.downTowardLeaves},
          {"upTowardRoot", c.upTowardRoot},
          {"downFromRoot", c.downFromRoot}};
}
}  // namespace

nlohmann::json fatTreeDescriptionJson(const FatTreeScenario& s, const FatTreeDescription& d) {
  nlohmann::json j;
  j["family"] = "fatTree";
  j["name"] = s.name;
  j["organisation"] = isCluster(s.spec.leaf) ? "hybrid" : "full";
  j["endpoints"] = d.endpoints;
  j["routers"] = d.routers;
  j["channels"] = d.channels;
  nlohmann::json kinds = nlohmann::json::object();
  nlohmann::json layers = nlohmann::json::object();
  nlohmann::json channels = nlohmann::json::object();
  for (int k = 0; k < kBlockKindCount; ++k) {
    const KindDescription& kd = d.kinds[static_cast<std::size_t>(k)];
    if (kd.count == 0) continue;
    const char* name = blockKindName(static_cast<BlockKind>(k));
    kinds[name] = kd.count;
    layers[name] = kd.routersPerLayer;
    channels[name] = organisationJson(kd.channels);
  }
  j["unitTrees"] = kinds;
  j["unitTreeRoutersPerLayer"] = layers;
  j["unitTreeChannels"] = channels;
  nlohmann::json stages = nlohmann::json::array();
  for (std::size_t i = 0; i < d.stages.size(); ++i) {
    const StageDescription& st = d.stages[i];
    nlohmann::json routers = nlohmann::json::array();
    nlohmann::json out = nlohmann::json::array();
    for (const LayerCounts& l : st.layers) {
      routers.push_back(l.routers);
      out.push_back(l.channelsOut);
    }
    stages.push_back({{"stage", i},
                      {"kind", blockKindName(st.kind)},
                      {"unitTrees", st.blocks},
                      {"nodes", st.nodes},
                      {"unitTreesPerNode", st.width},
                      {"routersPerLayer", routers},
                      {"channelsOutPerLayer", out}});
  }
  j["stages"] = stages;
  j["treeLevels"] = d.treeLevels;
  j["stagesThroughRoot"] = {{"withShortCuts", d.stagesThroughRoot},
                            {"withoutShortCuts", d.stagesThroughRootNoShortCuts}};
  j["stagesPerLevel"] = {{"withShortCuts", d.stagesPerLevel},
                         {"withoutShortCuts", d.stagesPerLevelNoShortCuts}};
  j["clockMHz"] = kRn1ClockMhz;
  j["throughRootNs"] = {{"withShortCuts", d.stagesThroughRoot * kNsPerCycle * s.circuit.stageCycles},
                        {"withoutShortCuts", d.stagesThroughRootNoShortCuts * kNsPerCycle * s.circuit.stageCycles}};
  return j;
}

std::string fatTreeDescriptionTable(const nlohmann::json& j) {
  std::ostringstream s;
  char buf[256];
  auto line = [&](const std::string& name, const std::string& value) {
    std::snprintf(buf, sizeof buf, "%-32s %s\n", name.c_str(), value.c_str());
    s << buf;
  };
  auto list = [](const nlohmann::json& a) {
    std::string out;
    for (const auto& v : a) out += (out.empty() ? "" : " ") + v.dump();
    return out;
  };
  line("family", "fatTree (" + j["organisation"].get<std::string>() + ")");
  line("endpoints", j["endpoints"].dump());
  line("routers (RN1)", j["routers"].dump());
  line("channels", j["channels"].dump());
  std::string kinds;
  for (const auto& [k, v] : j["unitTrees"].items()) kinds += (kinds.empty() ? "" : ", ") + v.dump() + " " + k;
  line("unit trees", kinds);
  for (const auto& [k, v] : j["unitTreeRoutersPerLayer"].items()) {
    line("  " + k + " routers per layer", list(v) + " (bottom up)");
    const auto& c = j["unitTreeChannels"][k];
    line("  " + k + " channels", "up from leaves " + c["upFromLeaves"].dump() + ", down toward leaves " +
                                     c["downTowardLeaves"].dump() + ", up toward root " +
                                     c["upTowardRoot"].dump() + ", down from root " + c["downFromRoot"].dump());
  }
  for (const auto& st : j["stages"]) {
    line("stage " + st["stage"].dump(), st["unitTrees"].dump() + " x " + st["kind"].get<std::string>() + " in " +
                                            st["nodes"].dump() + " node(s) of " + st["unitTreesPerNode"].dump());
    line("  routers per layer", list(st["routersPerLayer"]));
    line("  channels out per layer", list(st["channelsOutPerLayer"]));
  }
  line("tree levels", j["treeLevels"].dump());
  line("stages through the root",
       j["stagesThroughRoot"]["withShortCuts"].dump() + " with short-cuts, " +
           j["stagesThroughRoot"]["withoutShortCuts"].dump() + " without (" +
           j["throughRootNs"]["withShortCuts"].dump() + " ns / " + j["throughRootNs"]["withoutShortCuts"].dump() +
           " ns at 100 MHz)");
  line("stages per level (0..)", list(j["stagesPerLevel"]["withShortCuts"]) + "  (without short-cuts: " +
                                     list(j["stagesPerLevel"]["withoutShortCuts"]) + ")");
  return s.str();
}

}  // namespace flitcli
