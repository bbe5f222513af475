// flitscope-cli tune-age SCENARIO [--bias X,Y,Z] [--vcs N] [--max-packet-flits N]
//                        [--queued-packets N] [--channel-bandwidth GBS]
//                        [--ejection-bandwidth GBS] [--json]
// Derives starting values for SeaStar age-based arbitration for the
// scenario's topology as Abts & Weisser (SC 2007) sections 2-3 do
// (flit::deriveAgeTuning, engine/analysis/age_tuning.h): average hops,
// channel load, ejection probabilities and rates, age biases, T_bias, the
// target age, ticks per hop and AGE_CLK_PERIOD. The VCs per class and the
// longest packet come from the scenario unless given. Exit 0, or 2 on bad
// input (one line on stderr naming the option). docs/cli.md "tune-age".
#include <cmath>
#include <cstdio>
#include <string>

#include "analysis/age_tuning.h"
#include "cli_commands.h"
#include "cli_common.h"

namespace flitcli {

namespace {

constexpr const char* kDimNames[] = {"x", "y", "z"};

struct TuneRequest {
  flit::Scenario scenario;
  flit::AgeTuningInputs inputs;
  std::string vcsSource;    // where vcsPerClass came from, for the reader
  std::string flitsSource;  // where maxPacketFlits came from
  bool json = false;
};

double parseGBs(const QString& text, const char* option) {
  bool ok = false;
  const double v = text.toDouble(&ok);
  if (!ok || !std::isfinite(v) || v <= 0.0 || v > 1e6) {
    throw UsageError(std::string("--") + option + ": expected a bandwidth in GB/s above 0, got '" +
                     text.toStdString() + "'");
  }
  return v;
}

// "3,2,1": one age bias per dimension, x first, each 0..7 (the 3-bit REQ_AGE_BIAS).
std::vector<int> parseBiases(const QString& text, int dims) {
  const QStringList parts = text.split(QLatin1Char(','));
  std::vector<int> biases;
  for (const QString& part : parts) {
    bool ok = false;
    const int v = part.trimmed().toInt(&ok);
    if (!ok || v < 0 || v > flit::age::kMaxAgeBias || parts.size() != dims) {
      throw UsageError("--bias: expected " + std::to_string(dims) +
                       " comma-separated integers 0..7 (one per dimension, x first), got '" +
                       text.toStdString() + "'");
    }
    biases.push_back(v);
  }
  return biases;
}

int countOption(const QCommandLineParser& p, const char* option, std::uint64_t max) {
  return static_cast<int>(parseCount(p.value(QLatin1String(option)), option, 1, max));
}

TuneRequest parseRequest(const QCommandLineParser& p) {
  TuneRequest r;
  r.scenario = loadScenarioNamed(p.positionalArguments().at(0));
  const flit::RouterConfig& router = r.scenario.router;
  r.inputs.vcsPerClass = router.vcsPerClass();
  r.vcsSource = "scenario router: (" + std::to_string(router.vcCount) + " VCs - " +
                std::to_string(router.adaptiveVcs) + " adaptive) / " +
                std::to_string(router.vcClasses) + " classes";
  r.inputs.maxPacketFlits = r.scenario.traffic.maxPacketFlits();
  r.flitsSource = "scenario traffic: longest packet, responses included";
  if (p.isSet(QStringLiteral("vcs"))) {
    r.inputs.vcsPerClass = countOption(p, "vcs", flit::kMaxVcs);
    r.vcsSource = "--vcs";
  }
  if (p.isSet(QStringLiteral("max-packet-flits"))) {
    r.inputs.maxPacketFlits = countOption(p, "max-packet-flits", 1024);
    r.flitsSource = "--max-packet-flits";
  }
  if (p.isSet(QStringLiteral("queued-packets"))) {
    r.inputs.queuedPackets = countOption(p, "queued-packets", 1024);
  }
  if (p.isSet(QStringLiteral("bias"))) {
    r.inputs.biases = parseBiases(p.value(QStringLiteral("bias")), r.scenario.topology.dims);
  }
  if (p.isSet(QStringLiteral("channel-bandwidth"))) {
    r.inputs.channelBandwidthGBs =
        parseGBs(p.value(QStringLiteral("channel-bandwidth")), "channel-bandwidth");
  }
  if (p.isSet(QStringLiteral("ejection-bandwidth"))) {
    r.inputs.ejectionBandwidthGBs =
        parseGBs(p.value(QStringLiteral("ejection-bandwidth")), "ejection-bandwidth");
  }
  r.json = p.isSet(QStringLiteral("json"));
  return r;
}

// The options are checked above; what the engine can still refuse is the
// biases (T_bias leaves no age range), named as the option that sets them.
flit::AgeTuning derive(const TuneRequest& r) {
  try {
    return flit::deriveAgeTuning(r.scenario.topology, r.inputs);
  } catch (const std::invalid_argument& e) {
    const std::string what = e.what();
    if (what.rfind("biases: ", 0) == 0) throw UsageError("--bias: " + what.substr(8));
    throw UsageError(what);
  }
}

nlohmann::json tuningJson(const TuneRequest& r, const flit::AgeTuning& t) {
  nlohmann::json dims = nlohmann::json::array();
  for (std::size_t i = 0; i < t.dimensions.size(); ++i) {
    const flit::DimensionAgeTuning& d = t.dimensions[i];
    dims.push_back({{"name", kDimNames[i]},
                    {"radix", d.radix},
                    {"wrap", d.wrap},
                    {"averageHops", d.averageHops},
                    {"averageHopsExact", d.averageHopsExact},
                    {"channelLoad", d.channelLoad},
                    {"ejectionProbability", d.ejectionProbability},
                    {"ejectionProbabilityPerPort", d.ejectionProbabilityPerPort},
                    {"channelLimitGBs", d.channelLimitGBs},
                    {"ejectionRateGBs", d.ejectionRateGBs},
                    {"bias", d.bias}});
  }
  return {{"scenario", r.scenario.name},
          {"channelBandwidthGBs", t.inputs.channelBandwidthGBs},
          {"ejectionBandwidthGBs", t.inputs.ejectionBandwidthGBs},
          {"vcsPerClass", t.inputs.vcsPerClass},
          {"vcsPerClassSource", r.vcsSource},
          {"maxPacketFlits", t.inputs.maxPacketFlits},
          {"maxPacketFlitsSource", r.flitsSource},
          {"dimensions", dims},
          {"totalHops", t.totalHops},
          {"tBias", t.tBias},
          {"targetAge", t.targetAge},
          {"ticksPerHopExact", t.ticksPerHopExact},
          {"ticksPerHop", t.ticksPerHop},
          {"queuedPackets", t.queuedPackets},
          {"cyclesPerPacket", t.cyclesPerPacket},
          {"queueingCyclesPerHop", t.queueingCyclesPerHop},
          {"ageClockPeriodExact", t.ageClockPeriodExact},
          {"ageClockPeriod", t.ageClockPeriod},
          {"ageClockPeriodClamped", t.ageClockPeriodClamped}};
}

void printDimensions(const flit::AgeTuning& t) {
  std::printf(
      "dim  radix  wrap   H_i (exact)  gamma_c  P_i       P_i+=P_i-  B_c/gamma_c  U_i GB/s  "
      "bias\n");
  for (std::size_t i = 0; i < t.dimensions.size(); ++i) {
    const flit::DimensionAgeTuning& d = t.dimensions[i];
    std::printf("%-4s %-6d %-6s %-3d (%5.3f)  %-8.3f %-9.6f %-10.6f %-12.3f %-9.3f %d\n",
                kDimNames[i], d.radix, d.wrap ? "torus" : "mesh", d.averageHops, d.averageHopsExact,
                d.channelLoad, d.ejectionProbability, d.ejectionProbabilityPerPort,
                d.channelLimitGBs, d.ejectionRateGBs, d.bias);
  }
}

void printTable(const TuneRequest& r, const flit::AgeTuning& t) {
  std::printf("scenario: %s\n", r.scenario.name.c_str());
  std::printf("age arbitration, Abts & Weisser 2007 sections 2-3 (B_c %.4g GB/s, E_p %.4g GB/s)\n",
              t.inputs.channelBandwidthGBs, t.inputs.ejectionBandwidthGBs);
  printDimensions(t);
  auto line = [](const char* name, int value, const std::string& note) {
    std::printf("%-34s %-5d %s\n", name, value, note.c_str());
  };
  std::string hops, bias;  // "3 + 3 + 4", "3x3 + 3x2 + 4x1" as section 3.2 writes them
  for (const flit::DimensionAgeTuning& d : t.dimensions) {
    hops += (hops.empty() ? "" : " + ") + std::to_string(d.averageHops);
    bias +=
        (bias.empty() ? "" : " + ") + std::to_string(d.averageHops) + "x" + std::to_string(d.bias);
  }
  char buf[128];
  line("total hops (eq. 4-7)", t.totalHops, "sum of H_i: " + hops);
  line("T_bias", t.tBias, "sum of H_i x bias_i: " + bias);
  line("target age", t.targetAge, "128 - T_bias");
  std::snprintf(buf, sizeof buf, "%d / %d = %.4g, rounded", t.targetAge, t.totalHops,
                t.ticksPerHopExact);
  line("age ticks per hop", t.ticksPerHop, buf);
  line("packets queued per hop", t.queuedPackets,
       r.inputs.queuedPackets ? "--queued-packets"
                              : std::to_string(t.totalHops) + " hops + 1 staging");
  line("VCs per class", t.inputs.vcsPerClass, r.vcsSource);
  line("max packet flits", t.inputs.maxPacketFlits, r.flitsSource);
  line("cycles per packet", t.cyclesPerPacket, "VCs per class x max packet flits");
  line("queueing cycles per hop", t.queueingCyclesPerHop, "packets queued x cycles per packet");
  std::snprintf(buf, sizeof buf, "%d / %d = %.4g, rounded%s", t.queueingCyclesPerHop, t.ticksPerHop,
                t.ageClockPeriodExact, t.ageClockPeriodClamped ? " (raised to the minimum 1)" : "");
  line("AGE_CLK_PERIOD", t.ageClockPeriod, buf);
}

int tuneAgeBody(const QStringList& args) {
  QCommandLineParser p;
  p.addPositionalArgument(QStringLiteral("SCENARIO"), QStringLiteral("Scenario JSON file."));
  p.addOption({QStringLiteral("bias"),
               QStringLiteral("Age bias per dimension, x first, each 0..7 (default n..1: 3,2,1)."),
               QStringLiteral("X,Y,Z")});
  p.addOption({QStringLiteral("vcs"),
               QStringLiteral("VCs per class an input queue serves (default: the scenario's)."),
               QStringLiteral("N")});
  p.addOption({QStringLiteral("max-packet-flits"),
               QStringLiteral("Longest packet in flits (default: the scenario traffic's)."),
               QStringLiteral("N")});
  p.addOption({QStringLiteral("queued-packets"),
               QStringLiteral("Packets queued per hop (default: total hops + 1)."),
               QStringLiteral("N")});
  p.addOption({QStringLiteral("channel-bandwidth"),
               QStringLiteral("Channel bandwidth B_c in GB/s (default 4.8)."),
               QStringLiteral("GBS")});
  p.addOption({QStringLiteral("ejection-bandwidth"),
               QStringLiteral("Processor ejection bandwidth E_p in GB/s (default 2)."),
               QStringLiteral("GBS")});
  p.addOption({QStringLiteral("json"), QStringLiteral("Print JSON instead of a table.")});
  if (!parseArgs(p, args, 1, "usage: flitscope-cli tune-age SCENARIO [options]")) return 0;
  const TuneRequest r = parseRequest(p);
  const flit::AgeTuning t = derive(r);
  if (r.json) {
    std::printf("%s\n", tuningJson(r, t).dump(2).c_str());
  } else {
    printTable(r, t);
  }
  return 0;
}

}  // namespace

int tuneAgeCommand(const QStringList& args) { return guarded("tune-age", tuneAgeBody, args); }

}  // namespace flitcli
