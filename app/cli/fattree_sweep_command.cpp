// flitscope-cli sweep on a fat-tree scenario: first-attempt success,
// attempts per message, latency and throughput against the load, the shape
// of the paper's Figures 11-12 (docs/cli.md "sweep on a fat-tree scenario").
// Every rate is run (a circuit-switched network does not saturate the way
// a buffered one does: it discards and retries).
#include <cstdio>

#include "cli_commands.h"
#include "cli_common.h"
#include "fattree_cli.h"
#include "sweep_points.h"
#include "sweep_shards.h"
#include "topology/topology_family.h"

namespace flitcli {

using namespace flit::fattree;

namespace {

nlohmann::json pointJson(double rate, const nlohmann::json& s) {
  return {{"rate", rate},
          {"loading", s.at("loading")},
          {"firstAttemptSuccess", s.at("firstAttemptSuccess")},
          {"attemptsPerMessage", s.at("attemptsPerMessage")},
          {"retriesDropped", s.at("retriesDropped")},
          {"latency", s.at("latency")},
          {"throughput", s.at("throughput")}};
}

// One point of the sweep as both formats print it.
struct PointRow {
  double rate, loading, firstAttemptSuccess, attemptsPerMessage;
  long long retriesDropped;
  double latencyMeanNs, messagesPerEndpointCycle;
};
PointRow pointRow(const nlohmann::json& pt) {
  return {pt.at("rate").get<double>(),
          pt.at("loading").get<double>(),
          pt.at("firstAttemptSuccess").get<double>(),
          pt.at("attemptsPerMessage").get<double>(),
          static_cast<long long>(pt.at("retriesDropped").get<std::int64_t>()),
          pt.at("latency").at("meanNs").get<double>(),
          pt.at("throughput").at("messagesPerEndpointCycle").get<double>()};
}

void printTable(const nlohmann::json& points) {
  std::printf("%8s %8s %12s %10s %10s %12s %12s\n", "rate", "loading", "firstSuccess", "attempts",
              "dropped", "latency(ns)", "msgs/ep/cyc");
  for (const auto& pt : points) {
    const PointRow r = pointRow(pt);
    std::printf("%8.4f %8.4f %12.4f %10.3f %10lld %12.1f %12.5f\n", r.rate, r.loading, r.firstAttemptSuccess,
                r.attemptsPerMessage, r.retriesDropped, r.latencyMeanNs, r.messagesPerEndpointCycle);
  }
}

void printCsv(const nlohmann::json& points) {
  std::printf(
      "rate,loading,firstAttemptSuccess,attemptsPerMessage,retriesDropped,latencyMeanNs,"
      "messagesPerEndpointCycle\n");
  for (const auto& pt : points) {
    const PointRow r = pointRow(pt);
    std::printf("%.4f,%.5f,%.5f,%.4f,%lld,%.2f,%.6f\n", r.rate, r.loading, r.firstAttemptSuccess,
                r.attemptsPerMessage, r.retriesDropped, r.latencyMeanNs, r.messagesPerEndpointCycle);
  }
}

// The fat-tree sweep's points: every rate, the endpoints from the runs.
class CircuitSweepReport : public SweepReport {
 public:
  bool accept(double rate, const nlohmann::json& summary) override {
    endpoints_ = summary.at("endpoints").get<std::uint64_t>();
    points_.push_back(pointJson(rate, summary));
    return true;
  }
  void print(SweepFormat format, const nlohmann::json& header) const override {
    switch (format) {
      case SweepFormat::Json: {
        nlohmann::json out = header;
        out["endpoints"] = endpoints_;
        out["points"] = points_;
        std::printf("%s\n", out.dump(2).c_str());
        break;
      }
      case SweepFormat::Csv: printCsv(points_); break;
      case SweepFormat::Table: printTable(points_); break;
    }
  }

 private:
  std::uint64_t endpoints_ = 0;
  nlohmann::json points_ = nlohmann::json::array();
};

int fatTreeSweepBody(const QStringList& args) {
  QCommandLineParser p;
  p.addPositionalArgument(QStringLiteral("SCENARIO"),
                          QStringLiteral("Fat-tree scenario JSON file."));
  p.addOption(
      {QStringLiteral("rates"),
       QStringLiteral("Loads A:B:STEP (per-cycle message probability of an idle endpoint)."),
       QStringLiteral("A:B:STEP")});
  p.addOption({QStringLiteral("cycles"), QStringLiteral("Measured cycles per rate (default 5000)."),
               QStringLiteral("N")});
  p.addOption({QStringLiteral("warmup"), QStringLiteral("Warm-up cycles per rate (default 1000)."),
               QStringLiteral("N")});
  p.addOption({QStringLiteral("jobs"),
               QStringLiteral("Points run in parallel (default: the number of cores; 1 to 256)."),
               QStringLiteral("N")});
  addFatTreeOptions(p);
  addShardOptions(p);
  p.addOption({QStringLiteral("json"), QStringLiteral("Print JSON.")});
  p.addOption({QStringLiteral("csv"), QStringLiteral("Print CSV.")});
  if (!parseArgs(p, args, 1,
                 "usage: flitscope-cli sweep FATTREE-SCENARIO --rates A:B:STEP [options]"))
    return 0;
  if (!p.isSet(QStringLiteral("rates"))) throw UsageError("--rates: required (A:B:STEP)");
  SweepRun sweep = sweepRunOf(p, flit::TopologyFamily::FatTree);
  const std::vector<double> list = rateList(parseRates(p.value(QStringLiteral("rates"))));
  const std::uint64_t cycles =
      p.isSet(QStringLiteral("cycles"))
          ? parseCount(p.value(QStringLiteral("cycles")), "cycles", 1, 1000000000)
          : 5000;
  const std::uint64_t warmup =
      p.isSet(QStringLiteral("warmup"))
          ? parseCount(p.value(QStringLiteral("warmup")), "warmup", 0, 1000000000)
          : 1000;
  const auto jobs =
      static_cast<unsigned>(p.isSet(QStringLiteral("jobs"))
                                ? parseCount(p.value(QStringLiteral("jobs")), "jobs", 1, kMaxJobs)
                                : defaultJobs());
  const QString path = p.positionalArguments().at(0);
  FatTreeScenario s = loadFatTreeScenarioFile(path);
  applyFatTreeOptions(p, s);
  auto measure = [&](std::size_t i, const std::stop_token& stop) {
    FatTreeScenario point = s;
    point.circuit.rate = list[i];
    FatTreeRun run;
    run.file = path;
    run.warmup = warmup;
    run.cycles = cycles;
    return runFatTreeMeasured(point, run, stop);
  };
  sweep.rates = list;
  sweep.jobs = jobs;
  sweep.header = {{"family", std::string(flit::topologyFamilyKey(flit::TopologyFamily::FatTree))},
                  {"pattern", fatTreePatternName(s.circuit.pattern)},
                  {"cycles", cycles},
                  {"warmup", warmup}};
  CircuitSweepReport report;
  runSweep(sweep, measure, report);
  return 0;
}

}  // namespace

std::unique_ptr<SweepReport> circuitSweepReport() { return std::make_unique<CircuitSweepReport>(); }

int fatTreeSweepCommand(const QStringList& args) {
  return guarded("sweep", fatTreeSweepBody, args);
}

}  // namespace flitcli
