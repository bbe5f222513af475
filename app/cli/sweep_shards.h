// A sweep in parts (docs/cli.md "sweep --shard", docs/cluster.md): `sweep
// ... --shard I/N` runs the points i with i % N == I and prints a part (JSON);
// `sweep-merge PART...` joins the N parts into exactly what one `sweep`
// prints. Both feed the points' results, in rate order, to the same
// SweepReport, so a merged sweep and one run in one process print the same
// bytes (table, CSV, JSON).
//
// A part carries what makes the sweep this sweep: the family, the SHA-256 of
// the scenario file, the command's arguments (all but the scenario's path,
// --shard and --jobs), the rates. Parts join only when all of that is equal.
#pragma once

#include <QCommandLineParser>
#include <QString>
#include <QStringList>

#include <nlohmann/json.hpp>

#include "sweep_points.h"
#include "topology/topology_family.h"

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace flitcli {

// --shard I/N: part I (0-based, as Slurm's SLURM_ARRAY_TASK_ID) of N.
struct Shard {
  std::size_t index = 0;
  std::size_t count = 1;
  bool contains(std::size_t point) const { return point % count == index; }
};
inline constexpr std::size_t kMaxShards = 10000;
Shard parseShard(const QString& text);  // UsageError naming --shard

// What a sweep prints, chosen by --json / --csv (neither: the table).
enum class SweepFormat { Table, Csv, Json };

// One family's sweep output. accept() is given every point's result in rate
// order (its run summary, as runMeasured returns it; from a part, without the
// summary's lists) and says whether the
// sweep goes on (false: it ends after this point, the knee); print() writes
// the table, CSV or JSON of the points accepted.
class SweepReport {
 public:
  virtual ~SweepReport() = default;
  virtual bool accept(double rate, const nlohmann::json& summary) = 0;
  virtual void print(SweepFormat format, const nlohmann::json& header) const = 0;
};
// The torus's (sweep_command.cpp): stops at saturation unless pastSaturation.
std::unique_ptr<SweepReport> packetSweepReport(bool pastSaturation);
// The fat-tree's (fattree_sweep_command.cpp): every rate.
std::unique_ptr<SweepReport> circuitSweepReport();

// The options every sweep has for parts: --shard.
void addShardOptions(QCommandLineParser& p);

// One sweep as a command line gave it.
struct SweepRun {
  flit::TopologyFamily family = flit::TopologyFamily::KAryNCube;
  QString scenarioPath;
  nlohmann::json arguments;  // the options as given (sweepRunOf)
  std::vector<double> rates;
  unsigned jobs = 1;
  std::optional<Shard> shard;  // none: the whole sweep, no part
  SweepFormat format = SweepFormat::Table;
  bool pastSaturation = false;
  bool progress = false;  // a progress bar on stderr
  // What the JSON output prints beside the points (nodes, pattern, cycles,
  // warmup...), known before any point runs.
  nlohmann::json header = nlohmann::json::object();
};
// What every sweep's parser gives (after parseArgs): the scenario's path
// (the first positional argument), the options as given for the parts
// (each "--name=value", a repeated one in its order, without --shard and
// --jobs, which do not change a point's result; the scenario's bytes are
// hashed instead of its path), --shard, --json / --csv (UsageError when
// both), --past-saturation where the sweep has it. The caller sets rates,
// jobs, progress and header.
SweepRun sweepRunOf(const QCommandLineParser& p, flit::TopologyFamily family);

// Runs the sweep's points, all of them or one shard's, `jobs` at a time, and
// prints: the report's output (no --shard), or the part (JSON) with every
// point of the shard (a part cannot know where the knee is: it runs all
// its rates, and the merge stops where one sweep would have).
void runSweep(const SweepRun& run, const MeasurePoint& measure, SweepReport& report);

// sweep-merge PART...: reads the parts, checks that they are the N parts of
// one sweep (UsageError naming the file that is not: another sweep, a
// duplicate, not a part; or naming the part that is missing), and prints
// what the sweep prints.
void mergeSweepParts(const QStringList& files);

}  // namespace flitcli
