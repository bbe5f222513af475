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
  if (positional >= 0 && got != positional) {
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
                              "chip), oneVc, wrapClass (BookSim2's torus rule) or anyVc (BookSim2's mesh rule)."),
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
  applyScenarioOptions(s, parser);
  return s;
}

void applyScenarioOptions(Scenario& s, const QCommandLineParser& parser) {
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
  appendFailLinkOptions(s, parser);
  try {
    validateTraffic(s.traffic, Topology(s.topology), "--pattern");
  } catch (const ScenarioError& e) {
    throw UsageError(e.what());
  }
}

void addFailureOptions(QCommandLineParser& p) {
  p.addOption({QStringLiteral("fail-link"),
               QStringLiteral("Fail the link leaving node X,Y,Z in direction DIR (+X..-Z); repeatable."),
               QStringLiteral("X,Y,Z:DIR")});
  p.addOption({QStringLiteral("fail-node"), QStringLiteral("Fail node X,Y,Z; repeatable."), QStringLiteral("X,Y,Z")});
}

void appendFailLinkOptions(Scenario& s, const QCommandLineParser& parser) {
  if (!parser.isSet(QStringLiteral("fail-link"))) return;
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

void appendFailNodeOptions(Scenario& s, const QCommandLineParser& parser) {
  for (const QString& text : parser.values(QStringLiteral("fail-node"))) {
    try {
      flitapp::checkCoordinateArity(text.toStdString(), s.topology.dims, "--fail-node");
      s.failedNodes.push_back(parseNodeCoord(text.toStdString(), s.topology, "--fail-node"));
    } catch (const ScenarioError& e) {
      throw UsageError(e.what());
    }
  }
}

std::vector<NodeId> failedNodeIds(const Scenario& s, const Topology& topo) {
  std::vector<NodeId> nodes;
  for (const Coord& c : s.failedNodes) nodes.push_back(topo.nodeAt(c));
  return nodes;
}

void addThreadsOption(QCommandLineParser& p) {
  p.addOption({QStringLiteral("threads"),
               QStringLiteral("Threads each simulation's cycle runs on (default 1; the results are the same "
                              "for any count; docs/engine.md \"A parallel cycle\")."),
               QStringLiteral("N")});
}

int threadsOption(const QCommandLineParser& p) {
  if (!p.isSet(QStringLiteral("threads"))) return 1;
  return static_cast<int>(parseCount(p.value(QStringLiteral("threads")), "threads", 1, flit::kMaxCycleThreads));
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
