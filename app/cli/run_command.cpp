// flitscope-cli run SCENARIO|RECORDING [--cycles N] [--warmup N] [--rate R] [--pattern NAME]
//                            [--seed S] [--adaptive on|off] [--fail-link X,Y,Z:DIR]...
//                            [--fail-node X,Y,Z]... [--fail-at CYCLE] [--json]
//                            [--fingerprint] [--record FILE] [--trace FILE [--trace-cycles A:B]]
// Simulates and prints the summary (docs/cli.md). The --fail-link/--fail-node
// faults are applied at cycle --fail-at (default 0, counted from the start,
// warm-up included) while the traffic runs, then the routes are rebuilt
// (Simulator::rebuildRoutes; docs/fault-tolerance.md). A recording
// (docs/recording-format.md) is replayed: its scenario with its timeline, for
// its cycles. Exit 0, or 1 when the watchdog found a deadlock, 2 on bad input.
#include "booksim_cli.h"
#include "cli_commands.h"
#include "cli_common.h"
#include "coordinate_arity.h"

#include "sim/observer_list.h"
#include "sim/replay.h"
#include "sim/trace_events.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <memory>
#include <optional>

namespace flitcli {

namespace {

struct FaultPlan {
  std::vector<flit::LinkId> links;
  std::vector<flit::NodeId> nodes;
  std::uint64_t at = 0;
  bool applied = false;
  nlohmann::json report;
  bool any() const { return !links.empty() || !nodes.empty(); }
};

// loadConfig put the --fail-link links last in cfg.failedLinks (down from
// cycle 0); they move to the plan, applied while running.
FaultPlan parseFaults(const QCommandLineParser& p, flit::SimConfig& cfg, std::uint64_t total) {
  FaultPlan f;
  const flit::Topology topo(cfg.topology);
  try {
    for (const QString& text : p.values(QStringLiteral("fail-link"))) {
      flitapp::checkCoordinateArity(text.toStdString(), topo.dims(), "--fail-link");
      const flit::LinkSpec spec = flit::parseLinkSpec(text.toStdString(), "--fail-link");
      f.links.push_back(flit::resolveLinkSpec(topo, spec, "--fail-link"));
    }
    for (const QString& text : p.values(QStringLiteral("fail-node"))) {
      flitapp::checkCoordinateArity(text.toStdString(), topo.dims(), "--fail-node");
      f.nodes.push_back(
          topo.nodeAt(flit::parseNodeCoord(text.toStdString(), topo.spec(), "--fail-node")));
    }
  } catch (const flit::ScenarioError& e) {
    throw UsageError(e.what());
  }
  cfg.failedLinks.resize(cfg.failedLinks.size() - f.links.size());
  if (p.isSet(QStringLiteral("fail-at"))) {
    f.at = parseCount(p.value(QStringLiteral("fail-at")), "fail-at", 0, total);
    if (!f.any()) throw UsageError("--fail-at: needs --fail-link or --fail-node");
  }
  return f;
}

void applyFaults(flit::Simulator& sim, FaultPlan& f) {
  using flit::Intervention;
  using flit::InterventionKind;
  sim.setAutoRebuild(false);  // one rebuild for all the faults, not one per fault
  for (const flit::LinkId l : f.links) sim.apply(Intervention::link(InterventionKind::FailLink, l));
  for (const flit::NodeId n : f.nodes) sim.apply(Intervention::node(InterventionKind::FailNode, n));
  sim.setAutoRebuild(true);
  const flit::RouteRebuildReport r = sim.rebuildRoutes();
  f.applied = true;
  f.report = {{"atCycle", sim.cycle()},
              {"failedLinks", f.links.size()},
              {"failedNodes", f.nodes.size()},
              {"rebuildAccepted", r.accepted},
              {"deadlockFree", r.deadlockFree},
              {"cycle", r.cycle},
              {"reroutedEntries", r.reroutedEntries},
              {"adaptiveDisabledEntries", r.adaptiveDisabledEntries},
              {"relayedPairs", r.relayedPairs},
              {"unreachablePairs", r.unreachable.size()},
              {"brokenRoutes", r.brokenRoutes},
              {"rebuildSeconds", r.seconds},
              {"text", r.describe()}};
}

// Runs n cycles, applying the faults when the cycle count reaches f.at.
std::uint64_t runWithFaults(flit::Simulator& sim, FaultPlan& f, std::uint64_t n) {
  std::uint64_t done = 0;
  while (done < n && !sim.deadlocked()) {
    if (f.any() && !f.applied && sim.cycle() >= f.at) applyFaults(sim, f);
    std::uint64_t chunk = n - done;
    if (f.any() && !f.applied) chunk = std::min(chunk, f.at - sim.cycle());
    const std::uint64_t ran = sim.run(chunk);
    done += ran;
    if (ran < chunk) break;
  }
  if (f.any() && !f.applied && sim.cycle() >= f.at) applyFaults(sim, f);
  return done;
}

// What the run reads: a scenario (with the command-line overrides) or a
// recording, whose scenario and timeline are replayed as they were.
struct RunInput {
  flit::Scenario scenario;
  flit::SimConfig cfg;
  std::optional<flit::Recording> recording;
  std::optional<flit::BooksimImport> booksim;  // --booksim: its warm-up and measured cycles
};

// The options a recording cannot take: it replays the run it recorded.
constexpr const char* kScenarioOptions[] = {"rate",     "pattern",    "seed",     "adaptive",
                                            "fail-link", "fail-node", "fail-at",  "arbiter",
                                            "age-period", "age-bias", "tie-rule"};

RunInput readInput(const QCommandLineParser& p) {
  RunInput in;
  if (p.isSet(QStringLiteral("booksim"))) {  // the positional arguments are BookSim2's KEY=VALUE overrides
    in.booksim = readBooksim(p.value(QStringLiteral("booksim")), p.positionalArguments(),
                             p.isSet(QStringLiteral("booksim-lenient")));
    printBooksimNotes(*in.booksim);
    in.scenario = in.booksim->scenario;
    applyScenarioOptions(in.scenario, p);
    try {
      in.cfg = flit::simConfigFromScenario(in.scenario);
    } catch (const flit::ScenarioError& e) {
      throw UsageError(e.what());
    }
    return in;
  }
  if (p.positionalArguments().size() != 1)
    throw UsageError(p.positionalArguments().isEmpty() ? std::string("missing SCENARIO argument")
                                                       : "expected 1 positional argument, got " +
                                                             std::to_string(p.positionalArguments().size()));
  const QString path = p.positionalArguments().at(0);
  std::string text;
  try {
    text = flit::readScenarioFileText(path.toStdString());
  } catch (const flit::ScenarioError& e) {
    throw fileError(path, e.what());
  }
  if (!flit::looksLikeRecording(text)) {
    in.scenario = loadScenarioWithOptions(path, p);
    try {
      in.cfg = flit::simConfigFromScenario(in.scenario);
    } catch (const flit::ScenarioError& e) {
      throw UsageError(e.what());
    }
    return in;
  }
  for (const char* option : kScenarioOptions) {
    if (p.isSet(QString::fromLatin1(option))) {
      throw UsageError(std::string("--") + option +
                       ": not with a recording (it replays the run it recorded)");
    }
  }
  try {
    in.recording = flit::parseRecording(text);
    in.cfg = flit::simConfigFromRecording(*in.recording);
  } catch (const flit::ScenarioError& e) {
    throw fileError(path, e.what());
  }
  in.scenario = in.recording->scenario;
  return in;
}

int runBody(const QStringList& args) {
  QCommandLineParser p;
  p.addPositionalArgument(QStringLiteral("SCENARIO|RECORDING"),
                          QStringLiteral("Scenario JSON file, or a recording to replay."));
  p.addOption({QStringLiteral("cycles"), QStringLiteral("Cycles to simulate after warm-up (default 10000)."),
               QStringLiteral("N")});
  p.addOption({QStringLiteral("warmup"), QStringLiteral("Warm-up cycles, not measured (default 1000)."),
               QStringLiteral("N")});
  addSimulationOptions(p);
  p.addOption({QStringLiteral("fail-node"), QStringLiteral("Fail node X,Y,Z (repeatable)."),
               QStringLiteral("X,Y,Z")});
  p.addOption({QStringLiteral("fail-at"),
               QStringLiteral("Cycle at which --fail-link/--fail-node fail while traffic runs "
                              "(default 0); the routes are rebuilt then."),
               QStringLiteral("CYCLE")});
  p.addOption({QStringLiteral("json"), QStringLiteral("Print JSON instead of a table.")});
  p.addOption({QStringLiteral("fingerprint"),
               QStringLiteral("Add key fingerprint: the hash of the event stream (always with a recording).")});
  p.addOption({QStringLiteral("record"),
               QStringLiteral("Write a recording of the run (scenario + applied interventions) to FILE."),
               QStringLiteral("FILE")});
  addTraceOptions(p);
  addThreadsOption(p);
  p.addOption({QStringLiteral("booksim"),
               QStringLiteral("Read a BookSim2 configuration file instead of SCENARIO; the positional arguments "
                              "are then its KEY=VALUE overrides, and it gives the warm-up and measured cycles "
                              "(docs/booksim.md)."),
               QStringLiteral("FILE")});
  p.addOption({QStringLiteral("booksim-lenient"),
               QStringLiteral("With --booksim: keys Flitscope cannot honour become notes instead of errors.")});
  p.addOption({QStringLiteral("booksim-output"),
               QStringLiteral("Print the measured window as BookSim2's closing block (Packet latency average = "
                              "..., Accepted packet rate average = ...) instead of the table.")});
  if (!parseArgs(p, args, -1, "usage: flitscope-cli run SCENARIO|RECORDING [options]\n"
                              "       flitscope-cli run --booksim FILE [KEY=VALUE]... [options]"))
    return 0;
  if (p.isSet(QStringLiteral("booksim-output")) && p.isSet(QStringLiteral("json")))
    throw UsageError("--booksim-output: not with --json (each is a whole output format)");
  if (p.isSet(QStringLiteral("booksim-lenient")) && !p.isSet(QStringLiteral("booksim")))
    throw UsageError("--booksim-lenient: only with --booksim FILE");
  RunInput input = readInput(p);
  const flit::Recording* rec = input.recording ? &*input.recording : nullptr;
  const std::uint64_t warmup =
      p.isSet(QStringLiteral("warmup")) ? parseCount(p.value(QStringLiteral("warmup")), "warmup", 0, 1000000000)
      : rec                             ? rec->warmupCycles
      : input.booksim                   ? input.booksim->warmupCycles
                                        : 1000;
  const std::uint64_t cycles =
      p.isSet(QStringLiteral("cycles")) ? parseCount(p.value(QStringLiteral("cycles")), "cycles", 1, 1000000000)
      : rec                             ? rec->cycles - std::min(rec->cycles, warmup)
      : input.booksim                   ? input.booksim->measureCycles
                                        : 10000;
  const TraceRequest traceRequest = parseTraceOptions(p);
  const int threads = threadsOption(p);
  flit::SimConfig& cfg = input.cfg;
  FaultPlan faults = parseFaults(p, cfg, warmup + cycles);
  input.scenario.failedLinks.resize(input.scenario.failedLinks.size() - faults.links.size());
  if (!rec) cfg.autoRebuild = true;  // the scenario's own failed links: routes rebuilt at construction
  warnDeprecatedEngineOption(p);
  const bool fingerprint = rec || p.isSet(QStringLiteral("fingerprint"));
  flit::Simulator sim(cfg);
  sim.setThreads(threads);
  flit::FingerprintObserver fp;
  std::ofstream traceFile;
  std::unique_ptr<flit::TraceEventWriter> trace;
  flit::ObserverList observers;
  if (fingerprint) observers.add(&fp);
  if (!traceRequest.path.empty()) {
    traceFile = openTraceFile(traceRequest);
    trace = std::make_unique<flit::TraceEventWriter>(traceFile, sim.topology(), traceRequest.first, traceRequest.last);
    flit::attachTraceWriter(sim, observers, *trace);
  }
  sim.setObserver(observers.attachable());
  const auto t0 = std::chrono::steady_clock::now();
  std::uint64_t ran = 0;
  if (rec) {
    ran = flit::replayRecording(sim, *rec, warmup, warmup + cycles).cyclesRun;
  } else {
    ran = runWithFaults(sim, faults, warmup);
    sim.resetStats();
    if (!sim.deadlocked()) ran += runWithFaults(sim, faults, cycles);
  }
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  nlohmann::json summary = summaryJson(sim, ran, wall);
  if (faults.applied) summary["faults"] = faults.report;
  if (fingerprint) summary["fingerprint"] = fingerprintHex(fp.hash());
  if (trace) {
    trace->finish();
    closeTraceFile(traceFile, traceRequest);
  }
  if (p.isSet(QStringLiteral("record"))) {
    writeFileOrThrow(p.value(QStringLiteral("record")),
                     flit::serializeRecording(flit::recordRun(input.scenario, sim, warmup)), "record");
  }
  if (p.isSet(QStringLiteral("booksim-output"))) {
    std::fputs(booksimSummary(sim, input.booksim ? input.booksim->latencyThreshold : -1.0).c_str(), stdout);
  } else if (p.isSet(QStringLiteral("json"))) {
    std::printf("%s\n", summary.dump(2).c_str());
  } else {
    std::printf("%s", summaryTable(summary).c_str());
    if (faults.applied) {
      std::printf("%-28s cycle %s: %s\n", "faults", faults.report["atCycle"].dump().c_str(),
                  faults.report["text"].get<std::string>().c_str());
    }
    if (fingerprint) std::printf("%-28s %s\n", "fingerprint", fingerprintHex(fp.hash()).c_str());
  }
  return sim.deadlocked() ? 1 : 0;
}

}  // namespace

int runCommand(const QStringList& args) { return guarded("run", runBody, args); }

}  // namespace flitcli
