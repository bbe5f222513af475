// flitscope-cli run on a fat-tree scenario: the circuit simulator
// (engine/fattree/circuit_simulator.h) over a warm-up and a measurement
// window; docs/cli.md "run on a fat-tree".
#include "cli_commands.h"
#include "cli_common.h"
#include "fattree_cli.h"

#include "fattree/circuit_simulator.h"

#include <chrono>
#include <cstdio>
#include <sstream>

namespace flitcli {

using namespace flit::fattree;

namespace {

std::vector<std::uint32_t> idList(const QCommandLineParser& p, const char* option, std::uint64_t count) {
  std::vector<std::uint32_t> ids;
  for (const QString& v : p.values(QString::fromLatin1(option))) {
    ids.push_back(static_cast<std::uint32_t>(parseCount(v, option, 0, count - 1)));
  }
  return ids;
}

nlohmann::json summary(const CircuitSimulator& sim, const FatTreeScenario& s, std::uint64_t ran,
                       double wall, const nlohmann::json& faults) {
  const CircuitStats& st = sim.stats();
  const double window = static_cast<double>(sim.cycle() - st.startCycle);
  const double endpoints = sim.network().endpointCount;
  const auto perEndpointCycle = [&](double v) { return window > 0 ? v / endpoints / window : 0.0; };
  nlohmann::json j;
  j["family"] = "fatTree";
  j["cycles"] = ran;
  j["measuredCycles"] = sim.cycle() - st.startCycle;
  j["nsPerCycle"] = kNsPerCycle;
  j["endpoints"] = sim.network().endpointCount;
  j["routers"] = sim.network().routerCount();
  j["pattern"] = fatTreePatternName(sim.config().pattern);
  if (sim.config().pattern == FatTreePattern::Locality) j["locality"] = paperLocality(s.spec)->source;
  j["rate"] = sim.config().rate;
  j["messageBytes"] = sim.config().messageBytes;
  j["replyBytes"] = sim.config().replyBytes;
  j["retryLimit"] = sim.config().retryLimit;
  j["created"] = st.messagesCreated;
  j["delivered"] = st.messagesDelivered;
  j["attempts"] = st.attemptsFinished;
  j["loading"] = perEndpointCycle(static_cast<double>(st.attemptCycles));
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
  j["throughput"] = {{"messagesPerEndpointCycle", perEndpointCycle(static_cast<double>(st.messagesDelivered))},
                     {"bytesPerEndpointCycle", perEndpointCycle(static_cast<double>(st.bytesDelivered))}};
  j["inProgress"] = sim.totals().inProgress;
  j["faults"] = faults;
  j["wallSeconds"] = wall;
  return j;
}

std::string table(const nlohmann::json& j) {
  std::ostringstream s;
  char buf[256];
  auto line = [&](const char* name, const std::string& value) {
    std::snprintf(buf, sizeof buf, "%-28s %s\n", name, value.c_str());
    s << buf;
  };
  auto num = [](double v) {
    char b[64];
    std::snprintf(b, sizeof b, "%.4g", v);
    return std::string(b);
  };
  line("family", "fatTree");
  line("cycles", j["cycles"].dump() + " (" + num(j["cycles"].get<double>() * kNsPerCycle / 1000.0) + " us at 100 MHz)");
  line("endpoints", j["endpoints"].dump());
  line("traffic", j["pattern"].get<std::string>() + (j.contains("locality") ? " (" + j["locality"].get<std::string>() + ")" : "") +
                      ", rate " + num(j["rate"].get<double>()));
  line("loading", num(j["loading"].get<double>()) + " (share of endpoint-cycles with an attempt in the network)");
  line("messages created", j["created"].dump());
  line("messages delivered", j["delivered"].dump());
  line("first-attempt success", num(j["firstAttemptSuccess"].get<double>()));
  line("attempts per message", num(j["attemptsPerMessage"].get<double>()));
  line("retries dropped", j["retriesDropped"].dump());
  line("blocked", "busy " + j["blocked"]["busy"].dump() + ", fault " + j["blocked"]["fault"].dump());
  line("latency", "mean " + num(j["latency"]["meanCycles"].get<double>()) + " cycles (" +
                      num(j["latency"]["meanNs"].get<double>()) + " ns), max " + j["latency"]["maxCycles"].dump() +
                      " cycles");
  line("network latency", "mean " + num(j["networkLatency"]["meanCycles"].get<double>()) + " cycles (" +
                              num(j["networkLatency"]["meanNs"].get<double>()) + " ns)");
  line("throughput", num(j["throughput"]["messagesPerEndpointCycle"].get<double>()) + " messages/endpoint/cycle, " +
                         num(j["throughput"]["bytesPerEndpointCycle"].get<double>()) + " bytes/endpoint/cycle");
  line("failed", j["faults"]["routers"].dump() + " RN1s, " + j["faults"]["channels"].dump() + " channels");
  line("wall seconds", num(j["wallSeconds"].get<double>()));
  return s.str();
}

int fatTreeRunBody(const QStringList& args) {
  QCommandLineParser p;
  p.addPositionalArgument(QStringLiteral("SCENARIO"), QStringLiteral("Fat-tree scenario JSON file."));
  p.addOption({QStringLiteral("cycles"), QStringLiteral("RN1 cycles to simulate after warm-up (default 10000)."),
               QStringLiteral("N")});
  p.addOption({QStringLiteral("warmup"), QStringLiteral("Warm-up cycles, not measured (default 1000)."),
               QStringLiteral("N")});
  p.addOption({QStringLiteral("rate"),
               QStringLiteral("Probability per cycle that an idle endpoint gets a message (1.0: always one waiting)."),
               QStringLiteral("R")});
  p.addOption({QStringLiteral("pattern"), QStringLiteral("uniform or locality (Tables 5-7)."), QStringLiteral("NAME")});
  p.addOption({QStringLiteral("seed"), QStringLiteral("Random seed."), QStringLiteral("S")});
  p.addOption({QStringLiteral("fail-router"), QStringLiteral("Fail RN1 ID (repeatable)."), QStringLiteral("ID")});
  p.addOption({QStringLiteral("fail-channel"), QStringLiteral("Fail channel ID (repeatable)."), QStringLiteral("ID")});
  p.addOption({QStringLiteral("fail-unit-tree"), QStringLiteral("Fail unit tree ID, leaves first (repeatable)."),
               QStringLiteral("ID")});
  p.addOption({QStringLiteral("fail-random"), QStringLiteral("Fail this share of all RN1s, drawn from the seed."),
               QStringLiteral("F")});
  p.addOption({QStringLiteral("json"), QStringLiteral("Print JSON instead of a table.")});
  if (!parseArgs(p, args, 1, "usage: flitscope-cli run FATTREE-SCENARIO [options]")) return 0;
  FatTreeScenario s = loadFatTreeScenarioFile(p.positionalArguments().at(0));
  const std::uint64_t warmup = p.isSet(QStringLiteral("warmup"))
                                   ? parseCount(p.value(QStringLiteral("warmup")), "warmup", 0, 1000000000) : 1000;
  const std::uint64_t cycles = p.isSet(QStringLiteral("cycles"))
                                   ? parseCount(p.value(QStringLiteral("cycles")), "cycles", 1, 1000000000) : 10000;
  if (p.isSet(QStringLiteral("rate"))) s.circuit.rate = parseRate(p.value(QStringLiteral("rate")), "rate");
  if (p.isSet(QStringLiteral("seed"))) s.seed = parseCount(p.value(QStringLiteral("seed")), "seed", 0, INT64_MAX);
  if (p.isSet(QStringLiteral("pattern"))) {
    const auto pat = parseFatTreePattern(p.value(QStringLiteral("pattern")).toStdString());
    if (!pat) throw UsageError("--pattern: expected uniform or locality for a fat-tree, got '" +
                               p.value(QStringLiteral("pattern")).toStdString() + "'");
    if (*pat == FatTreePattern::Locality && !paperLocality(s.spec)) {
      throw UsageError("--pattern: the paper has no locality table (Tables 5-7) for this network");
    }
    s.circuit.pattern = *pat;
  }
  if (p.isSet(QStringLiteral("fail-random"))) {
    s.faults.randomRouterFraction = parseRate(p.value(QStringLiteral("fail-random")), "fail-random");
  }
  const std::uint64_t routers = routerCountOf(s.spec);
  const std::uint64_t endpoints = std::uint64_t{s.spec.leafCount} * blockSubtrees(s.spec.leaf);
  for (const std::uint32_t r : idList(p, "fail-router", routers)) s.faults.routers.push_back(r);
  for (const std::uint32_t c : idList(p, "fail-channel", routers * 8 + endpoints * 2)) s.faults.channels.push_back(c);
  for (const std::uint32_t b : idList(p, "fail-unit-tree", blockCountOf(s.spec))) s.faults.unitTrees.push_back(b);

  const auto t0 = std::chrono::steady_clock::now();
  FatTreeNetwork net = buildFatTreeOrThrow(s.spec);
  const auto randomFailed = randomFailedRouters(net, s.faults.randomRouterFraction, s.seed);
  CircuitSimulator sim(std::move(net), s.circuit, s.seed);
  for (const std::uint32_t r : s.faults.routers) sim.failRouter(r);
  for (const std::uint32_t r : randomFailed) sim.failRouter(r);
  for (const std::uint32_t c : s.faults.channels) sim.failChannel(c);
  for (const std::uint32_t b : s.faults.unitTrees) sim.failBlock(b);
  std::uint64_t failedRouters = 0;
  for (const auto f : sim.faults().routerFailed) failedRouters += f;
  std::uint64_t failedChannels = 0;
  for (const auto f : sim.faults().channelFailed) failedChannels += f;
  sim.run(warmup);
  sim.resetStats();
  sim.run(cycles);
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  const nlohmann::json j = summary(sim, s, warmup + cycles, wall,
                                   {{"routers", failedRouters}, {"channels", failedChannels},
                                    {"unitTrees", s.faults.unitTrees.size()}});
  if (p.isSet(QStringLiteral("json"))) {
    std::printf("%s\n", j.dump(2).c_str());
  } else {
    std::printf("%s", table(j).c_str());
  }
  return 0;
}

}  // namespace

int fatTreeRunCommand(const QStringList& args) { return guarded("run", fatTreeRunBody, args); }

}  // namespace flitcli
