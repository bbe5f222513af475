// Helpers shared by flitscope-cli subcommands: argument parsing that reports
// bad input as one line naming the argument (exit code 2), scenario loading
// with command-line overrides, and the run summary in JSON and as a table.
#pragma once

#include "sim/lean_simulator.h"
#include "sim/scenario.h"
#include "sim/simulator.h"

#include <QCommandLineParser>
#include <QString>
#include <QStringList>

#include <nlohmann/json.hpp>

#include <chrono>
#include <cstdint>
#include <stdexcept>
#include <string>

namespace flitcli {

// Bad input: main prints "flitscope-cli <command>: <what()>" and returns 2.
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// --rate, --pattern, --seed, --fail-link (read back by loadConfig), --engine.
void addSimulationOptions(QCommandLineParser& parser);

// --engine auto|general|lean: whether the run uses the lean engine
// (LeanSimulator: the same results, faster, for the configurations it
// models) or Simulator. auto (the default): lean when it can run cfg and no
// fault is applied while running (faultsWhileRunning). lean: UsageError
// naming the setting it cannot run.
bool useLeanEngine(const QCommandLineParser& parser, const flit::SimConfig& cfg,
                   bool faultsWhileRunning);

// Parses `args` (program name first); throws UsageError on unknown options or
// a wrong number of positional arguments. Returns false when --help was given
// (help already printed).
bool parseArgs(QCommandLineParser& parser, const QStringList& args, int positional,
               const char* usageLine);

std::uint64_t parseCount(const QString& text, const char* option, std::uint64_t min,
                         std::uint64_t max);
double parseRate(const QString& text, const char* option);  // 0..1
flit::TrafficPattern parsePattern(const QString& text, const char* option);

// Loads SCENARIO (UsageError naming the file on any scenario error) and
// applies --rate, --pattern, --seed, --fail-link when set in `parser`.
flit::SimConfig loadConfig(const QString& path, const QCommandLineParser& parser);

// The `run` summary over the measurement window (docs/cli.md key names).
// Key "engine" says which engine ran: "general" or "lean".
nlohmann::json summaryJson(const flit::Simulator& sim, std::uint64_t cyclesRun,
                           double wallSeconds);
nlohmann::json summaryJson(const flit::LeanSimulator& sim, std::uint64_t cyclesRun,
                           double wallSeconds);
std::string summaryTable(const nlohmann::json& summary);

// `warmup` cycles, resetStats, then `cycles` more (unless deadlocked), on
// either engine; the summary of the run, timed.
template <class Sim>
nlohmann::json runMeasured(Sim& sim, std::uint64_t warmup, std::uint64_t cycles) {
  const auto t0 = std::chrono::steady_clock::now();
  std::uint64_t ran = sim.run(warmup);
  sim.resetStats();
  if (!sim.deadlocked()) ran += sim.run(cycles);
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return summaryJson(sim, ran, wall);
}

// Runs body(); maps UsageError and flit::ScenarioError to exit code 2 with one
// line on stderr.
int guarded(const char* command, int (*body)(const QStringList&), const QStringList& args);

}  // namespace flitcli
