// Helpers shared by flitscope-cli subcommands: argument parsing that reports
// bad input as one line naming the argument (exit code 2), scenario loading
// with command-line overrides, and the run summary in JSON and as a table.
#pragma once

#include "scenario/scenario.h"
#include "sim/simulator.h"

#include <QCommandLineParser>
#include <QString>
#include <QStringList>

#include <functional>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <fstream>
#include <stdexcept>
#include <stop_token>
#include <string>
#include <vector>

namespace flitcli {

// Bad input: main prints "flitscope-cli <command>: <what()>" and returns 2.
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// An error in a file named on the command line (a scenario or a recording),
// in the one form every command uses: the file as given, then the field and
// the reason ("t.json: scenario.topology.radix[1]: must be 2..64, got 0"), as
// the window's messages have it. A reason that starts with the file already
// ("t.json: cannot open file") is kept as it is.
UsageError fileError(const QString& path, const std::string& what);

// flit::loadScenarioFile(path), its errors as fileError.
flit::Scenario loadScenarioNamed(const QString& path);

// --rate, --pattern, --seed, --fail-link (read back by loadConfig), --engine.
void addSimulationOptions(QCommandLineParser& parser);

// --threads N: the threads one simulation's cycle runs on
// (flit::Simulator::setThreads; the same results for any count), 1 to
// flit::kMaxCycleThreads; threadsOption gives 1 when it is not set.
void addThreadsOption(QCommandLineParser& parser);
int threadsOption(const QCommandLineParser& parser);

// --engine: deprecated and ignored (there is one engine since Flitscope
// 0.16); accepted for one release with a line on stderr (docs/cli.md).
void warnDeprecatedEngineOption(const QCommandLineParser& parser);

// Parses `args` (program name first); throws UsageError on unknown options or
// a wrong number of positional arguments (positional < 0: any number, the
// command checks them). Returns false when --help was given
// (help already printed).
bool parseArgs(QCommandLineParser& parser, const QStringList& args, int positional,
               const char* usageLine);

std::uint64_t parseCount(const QString& text, const char* option, std::uint64_t min,
                         std::uint64_t max);
double parseRate(const QString& text, const char* option);  // 0..1
flit::TrafficPattern parsePattern(const QString& text, const char* option);

// --tie-rule VALUE into s.routing.tieRule; UsageError naming --tie-rule for
// an unknown rule or one the scenario's routing cannot use (checkTieRule).
void applyTieRuleOption(flit::Scenario& s, const QString& value);
// --vc-rule (routing.vcRule, routing/vc_rule.h): throws UsageError naming the
// option for an unknown rule or one the router cannot use.
void addVcRuleOption(QCommandLineParser& p);
void applyVcRuleOption(flit::Scenario& s, const QString& value);

// Loads the scenario at `path` (fileError on any scenario error) and
// applies --rate, --pattern, --seed, --fail-link when set in `parser`.
flit::SimConfig loadConfig(const QString& path, const QCommandLineParser& parser);
// The same, the scenario itself (with the options applied, --fail-link links
// last in failedLinks).
flit::Scenario loadScenarioWithOptions(const QString& path, const QCommandLineParser& parser);
// The same options applied to a scenario already read (run --booksim).
void applyScenarioOptions(flit::Scenario& s, const QCommandLineParser& parser);

// --fail-link X,Y,Z:DIR and --fail-node X,Y,Z (repeatable; `check` and
// `route`): the options, and their values appended to s.failedLinks and
// s.failedNodes (down from cycle 0), UsageError naming the option.
void addFailureOptions(QCommandLineParser& parser);
void appendFailLinkOptions(flit::Scenario& s, const QCommandLineParser& parser);
void appendFailNodeOptions(flit::Scenario& s, const QCommandLineParser& parser);
// s.failedNodes as nodes of `topo` (built from s).
std::vector<flit::NodeId> failedNodeIds(const flit::Scenario& s, const flit::Topology& topo);

// A node's coordinates as a JSON array, one number per dimension ([1, 0, 3]).
nlohmann::json coordJson(const flit::Topology& topo, flit::NodeId n);
// The node's coordinates as the commands print them: "(1,2,3)".
std::string nodeText(const flit::Topology& topo, flit::NodeId n);

// The `run` summary over the measurement window (docs/cli.md key names).
nlohmann::json summaryJson(const flit::Simulator& sim, std::uint64_t cyclesRun,
                           double wallSeconds);
std::string summaryTable(const nlohmann::json& summary);

// The text summaries' "name  value" lines, names padded to `width` columns
// (run, describe, the fat-tree run); num() prints a number with %.4g.
class SummaryLines {
 public:
  explicit SummaryLines(int width = 28) : width_(width) {}
  void line(const std::string& name, const std::string& value);
  void raw(const std::string& text) { text_ += text; }
  static std::string num(double v);
  const std::string& str() const { return text_; }

 private:
  int width_;
  std::string text_;
};

// sim.run(n), in slices of 256 cycles with `stop` checked between them
// when a stop is possible. The same cycles as one sim.run(n): run() keeps
// no state between calls, and a short slice means deadlocked.
std::uint64_t runUnlessStopped(flit::Simulator& sim, std::uint64_t n, const std::stop_token& stop);

// `warmup` cycles, resetStats, then `cycles` more (unless deadlocked); the
// summary of the run, timed. A stop request (sweep --jobs: a point past the
// saturated one) ends the run early; that summary is partial, for the
// caller to drop.
nlohmann::json runMeasured(flit::Simulator& sim, std::uint64_t warmup, std::uint64_t cycles,
                           const std::stop_token& stop = {});

// A fingerprint (the hash of an event stream) as run prints it and its key
// "fingerprint" holds it: lower-case hex, torus and fat-tree alike.
std::string fingerprintHex(std::uint64_t hash);
// A summary's or description's clockMHz and flitBytes in words (run and
// describe print it alike): "75 MHz (13.33 ns a cycle), 8-byte flits: 600
// MB/s a link each way".
std::string unitsText(const nlohmann::json& j);
// A time in ns for a person: "604.9 ns", "30.25 us" from 10 us on (never
// "3.025e+04 ns").
std::string nsText(double ns);

// --trace FILE and --trace-cycles A:B of `run`, one rule for the torus's
// packet trace and the fat-tree's circuit trace (docs/cli.md "Trace export").
struct TraceRequest {
  std::string path;  // empty: no trace
  std::uint64_t first = 0, last = UINT64_MAX;  // cycles, inclusive, counted from the start
};
void addTraceOptions(QCommandLineParser& p);
TraceRequest parseTraceOptions(const QCommandLineParser& p);  // UsageError naming the option
// The trace file: opened (UsageError "--trace: cannot write '<path>'"), and
// closed with the same error when a write failed.
std::ofstream openTraceFile(const TraceRequest& trace);
void closeTraceFile(std::ofstream& file, const TraceRequest& trace);

// Writes `text` to `path`; UsageError "--<option>: cannot write '<path>'".
void writeFileOrThrow(const QString& path, const std::string& text, const char* option);

// Runs body(); maps UsageError and flit::ScenarioError to exit code 2 with one
// line on stderr.
int guarded(const char* command, const std::function<int(const QStringList&)>& body, const QStringList& args);

}  // namespace flitcli
