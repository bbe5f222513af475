#include "cli_common.h"

#include "coordinate_arity.h"

#include "sim/router_counters.h"

#include <QCoreApplication>

#include <cmath>
#include <cstdio>
#include <sstream>
#include <algorithm>
#include <fstream>
#include <chrono>

namespace flitcli {

using namespace flit;

UsageError fileError(const QString& path, const std::string& what) {
  const std::string file = path.toStdString();
  if (what.rfind(file + ": ", 0) == 0) return UsageError(what);
  return UsageError(file + ": " + what);
}

Scenario loadScenarioNamed(const QString& path) {
  try {
    return loadScenarioFile(path.toStdString());
  } catch (const ScenarioError& e) {
    throw fileError(path, e.what());
  }
}

void addSimulationOptions(QCommandLineParser& p) {
  p.addOption({QStringLiteral("rate"), QStringLiteral("Injection rate, flits/node/cycle (0..1)."),
               QStringLiteral("R")});
  p.addOption({QStringLiteral("pattern"), QStringLiteral("Traffic pattern."), QStringLiteral("NAME")});
  p.addOption({QStringLiteral("seed"), QStringLiteral("Random seed."), QStringLiteral("S")});
  p.addOption({QStringLiteral("adaptive"),
               QStringLiteral("Adaptive routing on (tags carry bit 37, routers honour it) or off."),
               QStringLiteral("on|off")});
  p.addOption({QStringLiteral("fail-link"), QStringLiteral("Fail a link, e.g. 3,0,1:+X (repeatable)."),
               QStringLiteral("X,Y,Z:DIR")});
  QStringList arbiters;  // "roundRobin (...), t3e (T3E section 7), ..." from the engine's table
  for (const flit::ArbiterInfo& a : flit::kArbiters)
    arbiters << QStringLiteral("%1 (%2)").arg(QString::fromUtf8(a.name.data(), static_cast<qsizetype>(a.name.size())),
                                              QString::fromUtf8(a.source.data(), static_cast<qsizetype>(a.source.size())));
  p.addOption({QStringLiteral("arbiter"), QStringLiteral("Arbitration policy: %1.").arg(arbiters.join(QStringLiteral(", "))),
               QString::fromStdString(flit::arbiterNameList("|"))});
  p.addOption({QStringLiteral("age-period"),
               QStringLiteral("AGE_CLK_PERIOD in cycles (router.age.clockPeriodCycles; sets --arbiter age "
                              "unless --arbiter is given)."),
               QStringLiteral("N")});
  p.addOption({QStringLiteral("age-bias"),
               QStringLiteral("Request and response age bias per dimension, 0..7 each (router.age; sets "
                              "--arbiter age unless --arbiter is given)."),
               QStringLiteral("X,Y,Z")});
  p.addOption({QStringLiteral("tie-rule"),
               QStringLiteral("Which way a half-ring tie goes (routing.tieRule): plus, sourceParity "
                              "(+ from an even source coordinate, - from an odd one) or random (per "
                              "packet, from the seed)."),
               QStringLiteral("plus|sourceParity|random")});
  addVcRuleOption(p);
  p.addOption({QStringLiteral("engine"),
               QStringLiteral("Deprecated and ignored: there is one engine (accepted for one release)."),
               QStringLiteral("auto|general|lean")});
}

void warnDeprecatedEngineOption(const QCommandLineParser& p) {
  if (!p.isSet(QStringLiteral("engine"))) return;
  std::fprintf(stderr, "flitscope-cli: --engine is deprecated and ignored: there is one engine "
                       "(docs/cli.md)\n");
}

bool parseArgs(QCommandLineParser& parser, const QStringList& args, int positional,
               const char* usageLine) {
  parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
  const QCommandLineOption help({QStringLiteral("h"), QStringLiteral("help")},
                                QStringLiteral("Show this help."));
  parser.addOption(help);
  if (!parser.parse(args)) throw UsageError(parser.errorText().toStdString());
  if (parser.isSet(help)) {
    std::printf("%s\n%s", usageLine, qPrintable(parser.helpText()));
    return false;
  }
  const int got = static_cast<int>(parser.positionalArguments().size());
  if (got != positional) {
    throw UsageError(got == 0 ? std::string("missing SCENARIO argument")
                              : "expected " + std::to_string(positional) +
                                    " positional argument(s), got " + std::to_string(got) +
                                    " ('" + parser.positionalArguments().join(' ').toStdString() +
                                    "')");
  }
  return true;
}

std::uint64_t parseCount(const QString& text, const char* option, std::uint64_t min,
                         std::uint64_t max) {
  bool ok = false;
  const qulonglong v = text.toULongLong(&ok);
  if (!ok || v < min || v > max) {
    throw UsageError(std::string("--") + option + ": expected an integer " + std::to_string(min) +
                     ".." + std::to_string(max) + ", got '" + text.toStdString() + "'");
  }
  return v;
}

double parseRate(const QString& text, const char* option) {
  bool ok = false;
  const double v = text.toDouble(&ok);
  if (!ok || !std::isfinite(v) || v < 0.0 || v > 1.0) {
    throw UsageError(std::string("--") + option +
                     ": expected a rate in flits/node/cycle within 0..1, got '" +
                     text.toStdString() + "'");
  }
  return v;
}

TrafficPattern parsePattern(const QString& text, const char* option) {
  const auto p = parseTrafficPattern(text.toStdString());
  if (!p) {
    throw UsageError(std::string("--") + option + ": unknown pattern '" + text.toStdString() +
                     "' (one of " + trafficPatternList() + ")");
  }
  return *p;
}

namespace {
// --adaptive on: the generated tags carry the adaptive bit (routing.adaptive)
// and the routers honour it (router.adaptiveRouting); off: they do not.
void applyAdaptiveOption(Scenario& s, const QString& value) {
  if (value == QStringLiteral("off")) {
    s.router.adaptiveRouting = false;
    return;
  }
  if (value != QStringLiteral("on")) {
    throw UsageError("--adaptive: expected on or off, got '" + value.toStdString() + "'");
  }
  if (const char* why = adaptiveUnavailableReason(s.router, s.routing.algorithm))
    throw UsageError(std::string("--adaptive: on: ") + why);
  s.routing.adaptive = true;
  s.router.adaptiveRouting = true;
}
}  // namespace

void applyTieRuleOption(Scenario& s, const QString& value) {
  const auto rule = parseTieRule(value.toStdString());
  if (!rule) {
    throw UsageError("--tie-rule: expected plus, sourceParity or random, got '" + value.toStdString() + "'");
  }
  s.routing.tieRule = *rule;
  try {
    checkTieRule(s.routing, "--tie-rule");
  } catch (const ScenarioError& e) {
    throw UsageError(e.what());
  }
}

void addVcRuleOption(QCommandLineParser& p) {
  p.addOption({QStringLiteral("vc-rule"),
               QStringLiteral("How routes pick virtual channels (routing.vcRule): tables (the "
                              "scenario's), timeOfCrossing, noDatelines, vc1Start (the torus routing "
                              "chip), oneVc or wrapClass (BookSim2's torus rule)."),
               QStringLiteral("RULE")});
}

void applyVcRuleOption(Scenario& s, const QString& value) {
  const auto rule = parseVcRule(value.toStdString());
  if (!rule) {
    throw UsageError("--vc-rule: expected one of " + vcRuleList() + ", got '" + value.toStdString() + "'");
  }
  const std::string problem = vcRuleProblem(*rule, s.routing.datelines, s.router.vcsPerClass());
  if (!problem.empty()) throw UsageError("--vc-rule: " + problem);
  s.routing.vcRule = *rule;
}

namespace {
// --arbiter, --age-period, --age-bias (router.arbiter and router.age).
void applyArbiterOptions(Scenario& s, const QCommandLineParser& parser) {
  const bool period = parser.isSet(QStringLiteral("age-period"));
  const bool bias = parser.isSet(QStringLiteral("age-bias"));
  if (parser.isSet(QStringLiteral("arbiter"))) {
    const QString name = parser.value(QStringLiteral("arbiter"));
    const auto a = parseArbiterKind(name.toStdString());
    if (!a) {
      throw UsageError("--arbiter: expected one of " + arbiterNameList() + ", got '" + name.toStdString() + "'");
    }
    s.router.arbiter = *a;
  } else if (period || bias) {
    s.router.arbiter = ArbiterKind::Age;
  }
  if (period) {
    s.router.age.clockPeriodCycles = static_cast<std::uint32_t>(
        parseCount(parser.value(QStringLiteral("age-period")), "age-period", 1, 0xFFFFFFFFull));
  }
  if (bias) {
    const QStringList parts = parser.value(QStringLiteral("age-bias")).split(QLatin1Char(','));
    const int dims = s.topology.dims;
    if (parts.size() != dims) {
      throw UsageError("--age-bias: expected " + std::to_string(dims) +
                       " comma-separated values (one per dimension), got '" +
                       parser.value(QStringLiteral("age-bias")).toStdString() + "'");
    }
    for (int d = 0; d < dims; ++d) {
      const auto v = static_cast<std::uint8_t>(
          parseCount(parts[d].trimmed(), "age-bias", 0, static_cast<std::uint64_t>(kMaxAgeBias)));
      for (int dir : {d, d + 3}) {
        s.router.age.requestBias[static_cast<std::size_t>(dir)] = v;
        s.router.age.responseBias[static_cast<std::size_t>(dir)] = v;
      }
    }
  }
  if (const char* why = arbiterUnavailableReason(s.router, s.router.arbiter))
    throw UsageError(std::string("--arbiter: ") + why + " (scenario router.adaptiveVcs is " +
                     std::to_string(s.router.adaptiveVcs) + ")");
}
}  // namespace

SimConfig loadConfig(const QString& path, const QCommandLineParser& parser) {
  const Scenario s = loadScenarioWithOptions(path, parser);
  try {
    return simConfigFromScenario(s);
  } catch (const ScenarioError& e) {
    throw UsageError(e.what());
  }
}

Scenario loadScenarioWithOptions(const QString& path, const QCommandLineParser& parser) {
  Scenario s = loadScenarioNamed(path);
  if (parser.isSet(QStringLiteral("rate"))) {
    s.traffic.rateFlitsPerNodeCycle = parseRate(parser.value(QStringLiteral("rate")), "rate");
  }
  if (parser.isSet(QStringLiteral("pattern"))) {
    s.traffic.pattern = parsePattern(parser.value(QStringLiteral("pattern")), "pattern");
  }
  if (parser.isSet(QStringLiteral("adaptive"))) applyAdaptiveOption(s, parser.value(QStringLiteral("adaptive")));
  applyArbiterOptions(s, parser);
  if (parser.isSet(QStringLiteral("tie-rule"))) applyTieRuleOption(s, parser.value(QStringLiteral("tie-rule")));
  if (parser.isSet(QStringLiteral("vc-rule"))) applyVcRuleOption(s, parser.value(QStringLiteral("vc-rule")));
  if (parser.isSet(QStringLiteral("seed"))) {
    s.seed = parseCount(parser.value(QStringLiteral("seed")), "seed", 0, INT64_MAX);
  }
  if (parser.isSet(QStringLiteral("fail-link"))) {
    const Topology topo(s.topology);
    for (const QString& spec : parser.values(QStringLiteral("fail-link"))) {
      try {
        flitapp::checkCoordinateArity(spec.toStdString(), topo.dims(), "--fail-link");
        const LinkSpec l = parseLinkSpec(spec.toStdString(), "--fail-link");
        resolveLinkSpec(topo, l, "--fail-link");
        s.failedLinks.push_back(l);
      } catch (const ScenarioError& e) {
        throw UsageError(e.what());
      }
    }
  }
  try {
    validateTraffic(s.traffic, Topology(s.topology), "--pattern");
    return s;
  } catch (const ScenarioError& e) {
    throw UsageError(e.what());
  }
}

namespace {
nlohmann::json latencyJson(const LatencyStats& l) {
  return {{"mean", l.mean()},
          {"max", l.max()},
          {"stddev", l.stddev()},
          {"p50", l.percentile(0.5)},
          {"p99", l.percentile(0.99)},
          {"count", l.count()}};
}
}  // namespace

namespace {
nlohmann::json summaryOf(const Simulator& sim, std::uint64_t cyclesRun, double wallSeconds) {
  const SimTotals& t = sim.totals();
  const SimStats& st = sim.stats();
  const double nodes = sim.topology().nodeCount();
  const double window = static_cast<double>(sim.cycle() - st.startCycle);
  nlohmann::json dropped = nlohmann::json::object();
  for (int r = 0; r < kDropReasonCount; ++r) {
    dropped[dropReasonName(static_cast<DropReason>(r))] = t.dropped[static_cast<std::size_t>(r)];
  }
  nlohmann::json j;
  j["cycles"] = cyclesRun;
  j["measuredCycles"] = sim.cycle() - st.startCycle;
  j["nodes"] = sim.topology().nodeCount();
  j["created"] = t.created;
  j["refused"] = t.refused;
  j["refusedUnreachable"] = t.refusedUnreachable;
  j["refusedNodeDown"] = t.refusedNodeDown;
  j["discarded"] = t.discarded;
  j["unreachablePairs"] = sim.unreachablePairs();
  j["injected"] = t.injected;
  j["delivered"] = t.delivered;
  j["dropped"] = dropped;
  j["inFlight"] = t.inFlight;
  j["responses"] = t.responsesCreated;
  j["latency"] = latencyJson(st.latency);
  j["networkLatency"] = latencyJson(st.networkLatency);
  j["offeredFlitsPerNodeCycle"] =
      window > 0 ? static_cast<double>(st.flitsOffered) / nodes / window : 0.0;
  j["acceptedFlitsPerNodeCycle"] =
      window > 0 ? static_cast<double>(st.flitsDelivered) / nodes / window : 0.0;
  j["datelineCrossings"] = t.datelineCrossings;
  j["datelineViolations"] = t.datelineViolations;
  j["adaptiveRouting"] = sim.adaptive();
  j["adaptiveHops"] = t.adaptiveHops;
  j["arbiter"] = arbiterName(sim.config().router.arbiter);
  // XT paper Figure 4 and Table 4 (docs/cli.md): accepted flits per source
  // node per cycle, the age groups of heads sent, stalled cycles per
  // dimension, and the occupancy of equation 17.
  nlohmann::json perSource = nlohmann::json::array();
  for (const std::uint64_t f : st.flitsDeliveredBySource) {
    perSource.push_back(window > 0 ? static_cast<double>(f) / window : 0.0);
  }
  j["acceptedFlitsPerSource"] = perSource;
  j["ageHistogram"] = st.ageGroups;
  const RouterTable4 table4 = routerTable4(sim);
  j["stalledCyclesPerDimension"] = table4.stalledPerDimension;
  j["occupancy"] = table4.occupancy();
  j["deadlock"] = sim.deadlocked();
  if (sim.deadlocked()) j["deadlockReport"] = sim.deadlockReport().describe(sim.topology());
  if (const SimSync* sync = sim.sync()) {  // scenarios with barrier trees (T3E section 6)
    const SyncSummary b = sync->summary();
    j["barriers"] = {{"completed", b.barriersCompleted},
                     {"latencyMeanCycles", b.barrierLatencyMeanCycles()},
                     {"latencyMaxCycles", b.barrierLatencyMaxCycles},
                     {"eurekas", b.eurekasCompleted},
                     {"packets", b.packetsSent},
                     {"linkCyclesTaken", b.linkCyclesTaken}};
  }
  j["wallSeconds"] = wallSeconds;
  j["nodeCyclesPerSecond"] =
      wallSeconds > 0 ? nodes * static_cast<double>(cyclesRun) / wallSeconds : 0.0;
  return j;
}
}  // namespace

nlohmann::json summaryJson(const Simulator& sim, std::uint64_t cyclesRun, double wallSeconds) {
  return summaryOf(sim, cyclesRun, wallSeconds);
}

std::uint64_t runUnlessStopped(Simulator& sim, std::uint64_t n, const std::stop_token& stop) {
  if (!stop.stop_possible()) return sim.run(n);
  constexpr std::uint64_t kStopCheckCycles = 256;
  std::uint64_t done = 0;
  while (done < n && !stop.stop_requested()) {
    const std::uint64_t slice = std::min(kStopCheckCycles, n - done);
    const std::uint64_t ran = sim.run(slice);
    done += ran;
    if (ran < slice) break;
  }
  return done;
}

nlohmann::json runMeasured(Simulator& sim, std::uint64_t warmup, std::uint64_t cycles,
                           const std::stop_token& stop) {
  const auto t0 = std::chrono::steady_clock::now();
  std::uint64_t ran = runUnlessStopped(sim, warmup, stop);
  sim.resetStats();
  if (!sim.deadlocked()) ran += runUnlessStopped(sim, cycles, stop);
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return summaryJson(sim, ran, wall);
}

void SummaryLines::line(const std::string& name, const std::string& value) {
  std::string padded = name;
  if (static_cast<int>(padded.size()) < width_) padded.resize(static_cast<std::size_t>(width_), ' ');
  text_ += padded + " " + value + "\n";
}

std::string SummaryLines::num(double v) {
  char b[64];
  std::snprintf(b, sizeof b, "%.4g", v);
  return std::string(b);
}

std::string summaryTable(const nlohmann::json& j) {
  SummaryLines s;
  auto line = [&](const char* name, const std::string& value) { s.line(name, value); };
  const auto num = SummaryLines::num;
  line("cycles", j["cycles"].dump());
  line("nodes", j["nodes"].dump());
  line("injected", j["injected"].dump());
  line("delivered", j["delivered"].dump());
  line("in flight", j["inFlight"].dump());
  std::string drops;
  for (const auto& [k, v] : j["dropped"].items()) drops += k + "=" + v.dump() + " ";
  line("dropped", drops);
  line("refused at the source", "queue-full=" + j["refused"].dump() + " unreachable=" +
                                    j["refusedUnreachable"].dump() + " node-down=" +
                                    j["refusedNodeDown"].dump());
  line("unreachable pairs", j["unreachablePairs"].dump());
  for (const char* key : {"latency", "networkLatency"}) {
    const auto& l = j[key];
    line(key, "mean " + num(l["mean"].get<double>()) + "  p50 " + l["p50"].dump() + "  p99 " +
                  l["p99"].dump() + "  max " + l["max"].dump() + "  stddev " +
                  num(l["stddev"].get<double>()));
  }
  line("offered flits/node/cycle", num(j["offeredFlitsPerNodeCycle"].get<double>()));
  line("accepted flits/node/cycle", num(j["acceptedFlitsPerNodeCycle"].get<double>()));
  line("dateline crossings", j["datelineCrossings"].dump());
  line("dateline violations", j["datelineViolations"].dump());
  line("adaptive hops", j["adaptiveHops"].dump() + (j["adaptiveRouting"].get<bool>() ? "" : " (adaptive routing off)"));
  line("arbiter", j["arbiter"].get<std::string>());
  if (j["arbiter"] == "age") {
    const auto& h = j["ageHistogram"];
    line("age groups (0-63 .. 192-255)", h[0].dump() + " " + h[1].dump() + " " + h[2].dump() + " " + h[3].dump());
  }
  line("occupancy (XT eq. 17)", num(j["occupancy"].get<double>()));
  if (j.contains("barriers") && j["barriers"]["packets"].get<std::uint64_t>() > 0) {  // barriers ran
    const auto& b = j["barriers"];
    line("barriers completed", b["completed"].dump() + "  latency mean " + num(b["latencyMeanCycles"].get<double>()) +
                                   "  max " + b["latencyMaxCycles"].dump() + "  eurekas " + b["eurekas"].dump());
  }
  line("wall seconds", num(j["wallSeconds"].get<double>()));
  line("node-cycles/second", num(j["nodeCyclesPerSecond"].get<double>()));
  if (j["deadlock"].get<bool>()) s.raw(j["deadlockReport"].get<std::string>() + "\n");
  return s.str();
}

nlohmann::json coordJson(const flit::Topology& topo, flit::NodeId n) {
  nlohmann::json a = nlohmann::json::array();
  const flit::Coord c = topo.coordOf(n);
  for (int d = 0; d < topo.dims(); ++d) a.push_back(c[d]);
  return a;
}

std::string fingerprintHex(std::uint64_t hash) {
  char buf[20];
  std::snprintf(buf, sizeof buf, "%llx", static_cast<unsigned long long>(hash));
  return buf;
}

void addTraceOptions(QCommandLineParser& p) {
  p.addOption({QStringLiteral("trace"), QStringLiteral("Write Chrome/Perfetto trace-event JSON of the run to FILE."),
               QStringLiteral("FILE")});
  p.addOption({QStringLiteral("trace-cycles"), QStringLiteral("Trace only cycles A..B (inclusive)."),
               QStringLiteral("A:B")});
}

TraceRequest parseTraceOptions(const QCommandLineParser& p) {
  TraceRequest t;
  if (p.isSet(QStringLiteral("trace"))) t.path = p.value(QStringLiteral("trace")).toStdString();
  if (!p.isSet(QStringLiteral("trace-cycles"))) return t;
  if (t.path.empty()) throw UsageError("--trace-cycles: needs --trace FILE");
  const QString text = p.value(QStringLiteral("trace-cycles"));
  const QStringList parts = text.split(QLatin1Char(':'));
  if (parts.size() != 2) {
    throw UsageError("--trace-cycles: expected A:B (first and last cycle), got '" + text.toStdString() + "'");
  }
  t.first = parseCount(parts[0], "trace-cycles", 0, INT64_MAX);
  t.last = parseCount(parts[1], "trace-cycles", t.first, INT64_MAX);
  return t;
}

std::ofstream openTraceFile(const TraceRequest& trace) {
  std::ofstream file(trace.path, std::ios::binary);
  if (!file) throw UsageError("--trace: cannot write '" + trace.path + "'");
  return file;
}

void closeTraceFile(std::ofstream& file, const TraceRequest& trace) {
  file.close();
  if (!file) throw UsageError("--trace: cannot write '" + trace.path + "'");
}

void writeFileOrThrow(const QString& path, const std::string& text, const char* option) {
  std::ofstream out(path.toStdString(), std::ios::binary);
  out << text;
  out.close();
  if (!out) throw UsageError(std::string("--") + option + ": cannot write '" + path.toStdString() + "'");
}

int guarded(const char* command, const std::function<int(const QStringList&)>& body, const QStringList& args) {
  try {
    return body(args);
  } catch (const UsageError& e) {
    std::fprintf(stderr, "flitscope-cli %s: %s\n", command, e.what());
    return 2;
  } catch (const ScenarioError& e) {
    std::fprintf(stderr, "flitscope-cli %s: %s\n", command, e.what());
    return 2;
  }
}

}  // namespace flitcli
