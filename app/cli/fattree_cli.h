// flitscope-cli on fat-tree scenarios (engine/fattree): loading with errors
// that name the field, and the describe output.
#pragma once

#include <QCommandLineParser>
#include <QString>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <stop_token>
#include <optional>
#include <string>

#include "cli_common.h"
#include "fattree/fat_tree_description.h"
#include "fattree/circuit_recording.h"
#include "fattree/fat_tree_scenario.h"

namespace flitcli {

// fileError "<path>: <field>: <reason>" on any error.
flit::fattree::FatTreeScenario loadFatTreeScenarioFile(const QString& path);
// The fat-tree recording in the file, or nothing when it is a scenario
// (UsageError naming the field for a bad recording).
std::optional<flit::fattree::CircuitRecording> loadFatTreeRecordingFile(const QString& path);

// buildFatTree, with fileError(path, ...) instead of std::bad_alloc for a
// network that does not fit in memory.
flit::fattree::FatTreeNetwork buildFatTreeOrThrow(const flit::fattree::FatTreeSpec& spec,
                                                  const QString& path);

nlohmann::json fatTreeDescriptionJson(const flit::fattree::FatTreeScenario& s,
                                      const flit::fattree::FatTreeDescription& d);
std::string fatTreeDescriptionTable(const nlohmann::json& j);

// --pattern, --seed, --fail-router, --fail-channel, --fail-unit-tree,
// --fail-random: added to a parser, then applied to a scenario (UsageError
// naming the option).
void addFatTreeOptions(QCommandLineParser& p);
void applyFatTreeOptions(const QCommandLineParser& p, flit::fattree::FatTreeScenario& s);

// How `run` runs a fat-tree: the measured window, and what it adds.
struct FatTreeRun {
  QString file;  // the scenario or recording named on the command line, for errors
  std::uint64_t warmup = 1000;
  std::uint64_t cycles = 10000;
  bool fingerprint = false;  // the key "fingerprint": the hash of the event stream
  // Replays this recording (its scenario with its timeline) instead of the
  // scenario; always with the fingerprint.
  const flit::fattree::CircuitRecording* replay = nullptr;
  std::string recordPath;  // non-empty: the run's recording is written there
  // Non-empty path: the run's circuit trace (fattree/circuit_trace.h) of
  // its cycles is written there.
  TraceRequest trace;
};

// Builds the network, the simulator of the scenario (its faults, its
// timeline), runs `warmup` cycles, resets the statistics, runs `cycles`
// more (unless `stop` is requested) and returns the `run --json` summary
// (docs/cli.md "run on a fat-tree scenario").
nlohmann::json runFatTreeMeasured(const flit::fattree::FatTreeScenario& s, const FatTreeRun& run,
                                  const std::stop_token& stop = {});
std::string fatTreeRunTable(const nlohmann::json& summary);

}  // namespace flitcli
