// flitscope-cli sweep SCENARIO --rates A:B:STEP [--pattern NAME] [--cycles N]
//                              [--warmup N] [--seed S] [--jobs N] [--past-saturation]
//                              [--shard I/N] [--json|--csv]
// A latency-throughput curve: one simulation per injection rate, stopping at
// saturation unless --past-saturation (docs/cli.md). Progress bar on stderr.
// --jobs N runs N points at once (sweep_points.h); the output is the same for
// every N. --shard I/N runs one part of the rates for sweep-merge
// (sweep_shards.h).
#include "cli_commands.h"
#include "cli_common.h"
#include "sweep_points.h"
#include "sweep_shards.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <stop_token>
#include <vector>

namespace flitcli {

namespace {

// Saturation: accepted falls 10% behind offered, latency passes three times
// the first point's, the source queues overflow, or a deadlock. Judged in
// rate order (the first point with traffic sets the zero-load latency).
class SaturationCheck {
 public:
  bool saturated(const nlohmann::json& s) {
    const double mean = s.at("latency").at("mean").get<double>();
    if (zeroLoad_ < 0 && mean > 0) zeroLoad_ = mean;
    const double offered = s.at("offeredFlitsPerNodeCycle").get<double>();
    const double accepted = s.at("acceptedFlitsPerNodeCycle").get<double>();
    return s.at("deadlock").get<bool>() || accepted < 0.9 * offered ||
           (zeroLoad_ > 0 && mean > 3 * zeroLoad_) ||
           s.at("refused").get<std::uint64_t>() > s.at("created").get<std::uint64_t>() / 100;
  }

 private:
  double zeroLoad_ = -1;
};

nlohmann::json pointJson(double rate, const nlohmann::json& s, bool saturated) {
  return {{"rate", rate},
          {"offeredFlitsPerNodeCycle", s.at("offeredFlitsPerNodeCycle")},
          {"acceptedFlitsPerNodeCycle", s.at("acceptedFlitsPerNodeCycle")},
          {"latency", s.at("latency")},
          {"networkLatency", s.at("networkLatency")},
          {"deadlock", s.at("deadlock")},
          {"saturated", saturated}};
}

void printCsv(const nlohmann::json& points) {
  std::printf("rate,offered,accepted,latencyMean,latencyP50,latencyP99,networkLatencyMean,saturated\n");
  for (const auto& pt : points) {
    std::printf("%.4f,%.5f,%.5f,%.3f,%lld,%lld,%.3f,%d\n", pt.at("rate").get<double>(),
                pt.at("offeredFlitsPerNodeCycle").get<double>(),
                pt.at("acceptedFlitsPerNodeCycle").get<double>(), pt.at("latency").at("mean").get<double>(),
                static_cast<long long>(pt.at("latency").at("p50").get<std::int64_t>()),
                static_cast<long long>(pt.at("latency").at("p99").get<std::int64_t>()),
                pt.at("networkLatency").at("mean").get<double>(), pt.at("saturated").get<bool>() ? 1 : 0);
  }
}

void printTable(const nlohmann::json& points) {
  std::printf("%8s %10s %10s %10s %8s %8s %s\n", "rate", "offered", "accepted", "latency", "p50",
              "p99", "");
  for (const auto& pt : points) {
    std::printf("%8.4f %10.4f %10.4f %10.2f %8lld %8lld %s\n", pt.at("rate").get<double>(),
                pt.at("offeredFlitsPerNodeCycle").get<double>(),
                pt.at("acceptedFlitsPerNodeCycle").get<double>(), pt.at("latency").at("mean").get<double>(),
                static_cast<long long>(pt.at("latency").at("p50").get<std::int64_t>()),
                static_cast<long long>(pt.at("latency").at("p99").get<std::int64_t>()),
                pt.at("saturated").get<bool>() ? "saturated" : "");
  }
}

// The torus sweep's points, judged for saturation in rate order.
class PacketSweepReport : public SweepReport {
 public:
  explicit PacketSweepReport(bool pastSaturation) : pastSaturation_(pastSaturation) {}
  bool accept(double rate, const nlohmann::json& s) override {
    const bool saturated = check_.saturated(s);
    points_.push_back(pointJson(rate, s, saturated));
    if (saturated && saturation_.is_null()) saturation_ = rate;
    return !saturated || pastSaturation_;
  }
  void print(SweepFormat format, const nlohmann::json& header) const override {
    switch (format) {
      case SweepFormat::Json: {
        nlohmann::json out = header;
        out["points"] = points_;
        out["saturationRate"] = saturation_;
        std::printf("%s\n", out.dump(2).c_str());
        break;
      }
      case SweepFormat::Csv: printCsv(points_); break;
      case SweepFormat::Table: printTable(points_); break;
    }
  }

 private:
  bool pastSaturation_;
  SaturationCheck check_;
  nlohmann::json points_ = nlohmann::json::array();
  nlohmann::json saturation_ = nullptr;  // the first saturated rate: the knee
};

int sweepBody(const QStringList& args) {
  QCommandLineParser p;
  p.addPositionalArgument(QStringLiteral("SCENARIO"), QStringLiteral("Scenario JSON file."));
  p.addOption({QStringLiteral("rates"), QStringLiteral("Injection rates A:B:STEP, flits/node/cycle."),
               QStringLiteral("A:B:STEP")});
  p.addOption({QStringLiteral("cycles"), QStringLiteral("Measured cycles per rate (default 5000)."),
               QStringLiteral("N")});
  p.addOption({QStringLiteral("warmup"), QStringLiteral("Warm-up cycles per rate (default 1000)."),
               QStringLiteral("N")});
  p.addOption({QStringLiteral("jobs"),
               QStringLiteral("Points run in parallel (default: the number of cores; 1 to 256)."),
               QStringLiteral("N")});
  p.addOption({QStringLiteral("past-saturation"),
               QStringLiteral("Run every rate: go on past the first saturated point (the knee) "
                              "instead of stopping there; each point is still marked.")});
  addSimulationOptions(p);
  addThreadsOption(p);
  addShardOptions(p);
  p.addOption({QStringLiteral("json"), QStringLiteral("Print JSON.")});
  p.addOption({QStringLiteral("csv"), QStringLiteral("Print CSV.")});
  if (!parseArgs(p, args, 1,
                 "usage: flitscope-cli sweep SCENARIO --rates A:B:STEP [--past-saturation] [options]")) {
    return 0;
  }
  if (!p.isSet(QStringLiteral("rates"))) throw UsageError("--rates: required (A:B:STEP)");
  if (p.isSet(QStringLiteral("rate"))) throw UsageError("--rate: not allowed with sweep (use --rates)");
  SweepRun run = sweepRunOf(p, flit::TopologyFamily::KAryNCube);
  const std::vector<double> list = rateList(parseRates(p.value(QStringLiteral("rates"))));
  const std::uint64_t cycles =
      p.isSet(QStringLiteral("cycles")) ? parseCount(p.value(QStringLiteral("cycles")), "cycles", 1, 1000000000) : 5000;
  const std::uint64_t warmup =
      p.isSet(QStringLiteral("warmup")) ? parseCount(p.value(QStringLiteral("warmup")), "warmup", 0, 1000000000) : 1000;
  const auto jobs =
      static_cast<unsigned>(p.isSet(QStringLiteral("jobs"))
                                ? parseCount(p.value(QStringLiteral("jobs")), "jobs", 1, kMaxJobs)
                                : defaultJobs());
  const int threads = threadsOption(p);
  flit::SimConfig cfg = loadConfig(p.positionalArguments().at(0), p);
  cfg.autoRebuild = true;  // failed links (--fail-link, scenario) routed around from cycle 0

  // One rate's run, on a worker thread with its own simulator (cfg is only
  // read).
  warnDeprecatedEngineOption(p);
  auto measure = [&](std::size_t i, const std::stop_token& stop) {
    flit::SimConfig c = cfg;
    c.traffic.rateFlitsPerNodeCycle = list[i];
    flit::Simulator sim(c);
    sim.setThreads(threads);
    return runMeasured(sim, warmup, cycles, stop);
  };
  run.rates = list;
  run.jobs = jobs;
  run.progress = true;
  run.header = {{"nodes", flit::Topology(cfg.topology).nodeCount()},
                {"pattern", std::string(flit::trafficPatternName(cfg.traffic.pattern))},
                {"cycles", cycles},
                {"warmup", warmup}};
  const std::unique_ptr<SweepReport> report = packetSweepReport(run.pastSaturation);
  runSweep(run, measure, *report);
  return 0;
}

}  // namespace

std::unique_ptr<SweepReport> packetSweepReport(bool pastSaturation) {
  return std::make_unique<PacketSweepReport>(pastSaturation);
}

int sweepCommand(const QStringList& args) { return guarded("sweep", sweepBody, args); }

}  // namespace flitcli
