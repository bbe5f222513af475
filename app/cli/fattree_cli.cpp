#include "fattree_cli.h"

#include "sim/circuit_fingerprint.h"
#include "topology/topology_family.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <new>
#include <optional>
#include <sstream>

#include "cli_common.h"
#include "fattree/circuit_measure.h"
#include "fattree/circuit_simulator.h"
#include "fattree/circuit_trace.h"
#include "fattree/network_shape.h"
#include "scenario/circuit_recording_json.h"
#include "scenario/fat_tree_scenario_json.h"
#include "scenario/recording_envelope.h"
#include "scenario/scenario.h"

namespace flitcli {

using namespace flit::fattree;

FatTreeScenario loadFatTreeScenarioFile(const QString& path) {
  try {
    const std::string text = flit::readScenarioFileText(path.toStdString());
    if (flit::looksLikeRecording(text)) throw fileError(path, "a recording, not a scenario (`run` replays it)");
    return parseFatTreeScenario(text);
  } catch (const flit::ScenarioError& e) {
    throw fileError(path, e.what());
  }
}

std::optional<CircuitRecording> loadFatTreeRecordingFile(const QString& path) {
  std::string text;
  try {
    text = flit::readScenarioFileText(path.toStdString());
  } catch (const flit::ScenarioError& e) {
    throw fileError(path, e.what());
  }
  if (!flit::looksLikeRecording(text)) return std::nullopt;
  try {
    return parseCircuitRecording(text);
  } catch (const flit::ScenarioError& e) {
    throw fileError(path, e.what());
  }
}

FatTreeNetwork buildFatTreeOrThrow(const FatTreeSpec& spec, const QString& path) {
  try {
    return buildFatTree(spec);
  } catch (const std::bad_alloc&) {
    throw fileError(path, "the network (" + std::to_string(routerCountOf(spec)) +
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
  j["family"] = std::string(flit::topologyFamilyKey(flit::TopologyFamily::FatTree));
  j["name"] = s.name;
  const NetworkShape* shape = otherShapeOf(s.spec);
  j["organisation"] = shape ? std::string(shape->familyKey) : isCluster(s.spec.leaf) ? "hybrid" : "full";
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
  j["throughRootNs"] = {
      {"withShortCuts", d.stagesThroughRoot * kNsPerCycle * s.circuit.stageCycles},
      {"withoutShortCuts", d.stagesThroughRootNoShortCuts * kNsPerCycle * s.circuit.stageCycles}};
  return j;
}

std::string fatTreeDescriptionTable(const nlohmann::json& j) {
  SummaryLines s(32);
  auto line = [&](const std::string& name, const std::string& value) { s.line(name, value); };
  auto list = [](const nlohmann::json& a) {
    std::string out;
    for (const auto& v : a) out += (out.empty() ? "" : " ") + v.dump();
    return out;
  };
  const std::string organisation = j["organisation"].get<std::string>();
  const bool tree = organisation == "full" || organisation == "hybrid";  // else another shape's key
  line("family", tree ? "fatTree (" + organisation + ")" : organisation + " (RN1 circuits, as the fat-tree)");
  line("endpoints", j["endpoints"].dump());
  line("routers (RN1)", j["routers"].dump());
  line("channels", j["channels"].dump());
  if (!tree) {  // another shape: one block of stages
    const auto& st = j["stages"][0];
    line("stages", std::to_string(st["routersPerLayer"].size()) + " of " + st["routersPerLayer"][0].dump() +
                       " RN1s, randomly wired");
    line("  channels out per stage", list(st["channelsOutPerLayer"]));
    line("stages per level (0..)", list(j["stagesPerLevel"]["withShortCuts"]));
    line("longest path", j["stagesThroughRoot"]["withShortCuts"].dump() + " stages (" +
                             j["throughRootNs"]["withShortCuts"].dump() + " ns at 100 MHz)");
    return s.str();
  }
  std::string kinds;
  for (const auto& [k, v] : j["unitTrees"].items())
    kinds += (kinds.empty() ? "" : ", ") + v.dump() + " " + k;
  line("unit trees", kinds);
  for (const auto& [k, v] : j["unitTreeRoutersPerLayer"].items()) {
    line("  " + k + " routers per layer", list(v) + " (bottom up)");
    const auto& c = j["unitTreeChannels"][k];
    line("  " + k + " channels", "up from leaves " + c["upFromLeaves"].dump() +
                                     ", down toward leaves " + c["downTowardLeaves"].dump() +
                                     ", up toward root " + c["upTowardRoot"].dump() +
                                     ", down from root " + c["downFromRoot"].dump());
  }
  for (const auto& st : j["stages"]) {
    line("stage " + st["stage"].dump(),
         st["unitTrees"].dump() + " x " + st["kind"].get<std::string>() + " in " +
             st["nodes"].dump() + " node(s) of " + st["unitTreesPerNode"].dump());
    line("  routers per layer", list(st["routersPerLayer"]));
    line("  channels out per layer", list(st["channelsOutPerLayer"]));
  }
  line("tree levels", j["treeLevels"].dump());
  line("stages through the root",
       j["stagesThroughRoot"]["withShortCuts"].dump() + " with short-cuts, " +
           j["stagesThroughRoot"]["withoutShortCuts"].dump() + " without (" +
           j["throughRootNs"]["withShortCuts"].dump() + " ns / " +
           j["throughRootNs"]["withoutShortCuts"].dump() + " ns at 100 MHz)");
  line("stages per level (0..)",
       list(j["stagesPerLevel"]["withShortCuts"]) +
           "  (without short-cuts: " + list(j["stagesPerLevel"]["withoutShortCuts"]) + ")");
  return s.str();
}

namespace {

std::vector<std::uint32_t> idList(const QCommandLineParser& p, const char* option,
                                  std::uint64_t count) {
  std::vector<std::uint32_t> ids;
  for (const QString& v : p.values(QString::fromLatin1(option))) {
    ids.push_back(static_cast<std::uint32_t>(parseCount(v, option, 0, count - 1)));
  }
  return ids;
}

nlohmann::json summaryOf(const CircuitSimulator& sim, const FatTreeScenario& s, std::uint64_t ran,
                         double wall, const nlohmann::json& faults) {
  const CircuitStats& st = sim.stats();
  const double window = static_cast<double>(sim.cycle() - st.startCycle);
  const double endpoints = sim.network().endpointCount;
  const auto perEndpointCycle = [&](double v) { return window > 0 ? v / endpoints / window : 0.0; };
  nlohmann::json j;
  j["family"] = std::string(flit::topologyFamilyKey(flit::TopologyFamily::FatTree));
  j["cycles"] = ran;
  j["measuredCycles"] = sim.cycle() - st.startCycle;
  j["nsPerCycle"] = kNsPerCycle;
  j["endpoints"] = sim.network().endpointCount;
  j["routers"] = sim.network().routerCount();
  j["pattern"] = fatTreePatternName(sim.config().pattern);
  if (sim.config().pattern == FatTreePattern::Locality)
    j["locality"] = paperLocality(s.spec)->source;
  j["rate"] = sim.config().rate;
  j["messageBytes"] = sim.config().messageBytes;
  j["replyBytes"] = sim.config().replyBytes;
  j["retryLimit"] = sim.config().retryLimit;
  j["created"] = st.messagesCreated;
  j["delivered"] = st.messagesDelivered;
  j["attempts"] = st.attemptsFinished;
  j["loading"] = networkLoading(sim);
  j["firstAttemptSuccess"] = st.firstAttemptSuccess();
  j["attemptsPerMessage"] = st.attemptsPerMessage();
  j["retriesDropped"] = st.messagesGivenUp;
  j["blocked"] = {{"busy", st.blockedBusy}, {"fault", st.blockedFault}};
  j["latency"] = {{"meanCycles", st.meanLatencyCycles()},
                  {"meanNs", st.meanLatencyCycles() * kNsPerCycle},
                  {"maxCycles", st.latencyMaxCycles},
                  {"maxNs", static_cast<double>(st.latencyMaxCycles) * kNsPerCycle}};
  j["networkLatency"] = {{"meanCycles", st.meanNetworkLatencyCycles()},
                         {"meanNs", st.meanNetworkLatencyCycles() * kNsPerCycle}};
  j["throughput"] = {
      {"messagesPerEndpointCycle", perEndpointCycle(static_cast<double>(st.messagesDelivered))},
      {"bytesPerEndpointCycle", perEndpointCycle(static_cast<double>(st.bytesDelivered))}};
  j["inProgress"] = sim.totals().inProgress;
  j["faults"] = faults;
  j["wallSeconds"] = wall;
  return j;
}

}  // namespace

std::string fatTreeRunTable(const nlohmann::json& j) {
  SummaryLines s;
  auto line = [&](const char* name, const std::string& value) { s.line(name, value); };
  const auto num = SummaryLines::num;
  line("family", std::string(flit::topologyFamilyKey(flit::TopologyFamily::FatTree)));
  line("cycles", j["cycles"].dump() + " (" + num(j["cycles"].get<double>() * kNsPerCycle / 1000.0) +
                     " us at 100 MHz)");
  line("endpoints", j["endpoints"].dump());
  line("traffic",
       j["pattern"].get<std::string>() +
           (j.contains("locality") ? " (" + j["locality"].get<std::string>() + ")" : "") +
           ", rate " + num(j["rate"].get<double>()));
  line("loading", num(j["loading"].get<double>()) +
                      " (share of endpoint-cycles with an attempt in the network)");
  line("messages created", j["created"].dump());
  line("messages delivered", j["delivered"].dump());
  line("first-attempt success", num(j["firstAttemptSuccess"].get<double>()));
  line("attempts per message", num(j["attemptsPerMessage"].get<double>()));
  line("retries dropped", j["retriesDropped"].dump());
  line("blocked",
       "busy " + j["blocked"]["busy"].dump() + ", fault " + j["blocked"]["fault"].dump());
  line("latency", "mean " + num(j["latency"]["meanCycles"].get<double>()) + " cycles (" +
                      num(j["latency"]["meanNs"].get<double>()) + " ns), max " +
                      j["latency"]["maxCycles"].dump() + " cycles");
  line("network latency", "mean " + num(j["networkLatency"]["meanCycles"].get<double>()) +
                              " cycles (" + num(j["networkLatency"]["meanNs"].get<double>()) +
                              " ns)");
  line("throughput", num(j["throughput"]["messagesPerEndpointCycle"].get<double>()) +
                         " messages/endpoint/cycle, " +
                         num(j["throughput"]["bytesPerEndpointCycle"].get<double>()) +
                         " bytes/endpoint/cycle");
  line("failed",
       j["faults"]["routers"].dump() + " RN1s, " + j["faults"]["channels"].dump() + " channels");
  line("wall seconds", num(j["wallSeconds"].get<double>()));
  if (j.contains("fingerprint")) line("fingerprint", j["fingerprint"].get<std::string>());  // as run prints a torus's
  return s.str();
}

void addFatTreeOptions(QCommandLineParser& p) {
  p.addOption({QStringLiteral("pattern"), QStringLiteral("uniform or locality (Tables 5-7)."),
               QStringLiteral("NAME")});
  p.addOption({QStringLiteral("seed"), QStringLiteral("Random seed."), QStringLiteral("S")});
  p.addOption({QStringLiteral("fail-router"), QStringLiteral("Fail RN1 ID (repeatable)."),
               QStringLiteral("ID")});
  p.addOption({QStringLiteral("fail-channel"), QStringLiteral("Fail channel ID (repeatable)."),
               QStringLiteral("ID")});
  p.addOption({QStringLiteral("fail-unit-tree"),
               QStringLiteral("Fail unit tree ID, leaves first (repeatable)."),
               QStringLiteral("ID")});
  p.addOption({QStringLiteral("fail-random"),
               QStringLiteral("Fail this share of all RN1s, drawn from the seed."),
               QStringLiteral("F")});
}

void applyFatTreeOptions(const QCommandLineParser& p, FatTreeScenario& s) {
  if (p.isSet(QStringLiteral("seed")))
    s.seed = parseCount(p.value(QStringLiteral("seed")), "seed", 0, INT64_MAX);
  if (p.isSet(QStringLiteral("pattern"))) {
    const auto pat = parseFatTreePattern(p.value(QStringLiteral("pattern")).toStdString());
    if (!pat) {
      throw UsageError("--pattern: expected uniform or locality for a fat-tree, got '" +
                       p.value(QStringLiteral("pattern")).toStdString() + "'");
    }
    if (*pat == FatTreePattern::Locality && !paperLocality(s.spec)) {
      throw UsageError("--pattern: the paper has no locality table (Tables 5-7) for this network");
    }
    s.circuit.pattern = *pat;
  }
  if (p.isSet(QStringLiteral("fail-random"))) {
    s.faults.randomRouterFraction =
        parseRate(p.value(QStringLiteral("fail-random")), "fail-random");
  }
  const CircuitIdCounts counts = circuitIdCounts(s.spec);
  for (const std::uint32_t r : idList(p, "fail-router", counts.routers)) s.faults.routers.push_back(r);
  for (const std::uint32_t c : idList(p, "fail-channel", counts.channels)) s.faults.channels.push_back(c);
  for (const std::uint32_t b : idList(p, "fail-unit-tree", counts.unitTrees)) s.faults.unitTrees.push_back(b);
}

nlohmann::json runFatTreeMeasured(const FatTreeScenario& s, const FatTreeRun& run, const std::stop_token& stop) {
  const auto t0 = std::chrono::steady_clock::now();
  CircuitSimulator sim = scenarioSimulator(buildFatTreeOrThrow(s.spec, run.file), run.replay ? replayScenario(*run.replay) : s);
  flit::CircuitFingerprintObserver fp;
  const bool fingerprint = run.fingerprint || run.replay;
  CircuitObserverList observers;
  if (fingerprint) observers.add(&fp);
  std::ofstream traceFile;
  std::optional<CircuitTraceWriter> trace;
  if (!run.trace.path.empty()) {
    traceFile = openTraceFile(run.trace);
    trace.emplace(traceFile, sim.network(), run.trace.first, run.trace.last);
    observers.add(&*trace);
  }
  sim.setObserver(observers.attachable());
  const std::uint64_t ran = run.replay ? replayCircuitRecording(sim, run.warmup, run.warmup + run.cycles, stop)
                                       : runMeasured(sim, run.warmup, run.cycles, stop);  // stop: sweep --jobs
  if (trace) {
    trace->finish(sim.applied());
    closeTraceFile(traceFile, run.trace);
  }
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  // The faults in force at the end (the scenario's, and its timeline's).
  std::uint64_t failedRouters = 0;
  for (const auto f : sim.faults().routerFailed) failedRouters += f;
  std::uint64_t failedChannels = 0;
  for (const auto f : sim.faults().channelFailed) failedChannels += f;
  nlohmann::json j = summaryOf(sim, s, ran, wall,
                               {{"routers", failedRouters},
                                {"channels", failedChannels},
                                {"unitTrees", s.faults.unitTrees.size()}});
  if (fingerprint) j["fingerprint"] = fingerprintHex(fp.fp.hash());
  if (!run.recordPath.empty()) {
    writeFileOrThrow(QString::fromStdString(run.recordPath),
                     serializeCircuitRecording(recordCircuitRun(s, sim, run.warmup)), "record");
  }
  return j;
}

}  // namespace flitcli
