// flitscope-cli route SCENARIO --from X,Y,Z --to X,Y,Z [--tag HEX] [--tie-rule RULE]
//                     [--tie-draw BITS] [--fail-link X,Y,Z:DIR]... [--fail-node X,Y,Z]... [--json]
// flitscope-cli route SCENARIO --from X,Y,Z --special DX,DY,DZ[,DX2,DY2,DZ2] [--json]
// Prints the routing tag (hex and the manual's decoded fields, T3E manual
// HMM-160-0 Table 7) and the hop-by-hop path with the dateline VC of every
// hop, dateline crossings and violations (flit::tracePath: the same decisions
// the simulator makes). Exit 0 when the packet is delivered to --to, 1 when
// the path misroutes, loops or meets a failed link, 2 on bad input (one line
// on stderr naming the argument). --special traces a special (delta) route
// (manual "Special Routing") instead: no tag, no VCs. With failed links or
// nodes (the scenario's faults, --fail-link, --fail-node) the routes are
// rebuilt around them first, as the simulator's are (`check`'s rebuild),
// and the path is the rebuilt one.
#include <QCommandLineParser>
#include <algorithm>
#include <cstdio>
#include <exception>
#include <string>

#include "cli_commands.h"
#include "cli_common.h"
#include "coordinate_arity.h"
#include "analysis/reachability.h"
#include "routing/path_trace.h"
#include "routing/routing_setup.h"
#include "routing/special_route.h"
#include "scenario/scenario.h"

namespace flitcli {

namespace {

// The scenario's routing section once scenario.cpp parses it; the
// topology's default routing before that.
template <typename S>
flit::RoutingConfig routingOf(const S& s) {
  if constexpr (requires { s.routing; }) {
    return s.routing;
  } else {
    return flit::defaultRoutingConfig(s.topology);
  }
}

std::string peText(const flit::Topology& topo, flit::NodeId n) {
  return flit::Topology::formatPhysicalPe(topo.physicalPe(n));
}

std::string outText(int port) {
  if (port == flit::kProcessorPort) return "PE";
  if (port == flit::kRouteMisroute) return "misroute";
  return std::string(flit::directionName(static_cast<flit::Direction>(port)));
}

nlohmann::json tagFieldsJson(std::uint64_t bits) {
  const flit::RoutingTag t = flit::RoutingTag::decode(bits);
  return {{"INITIAL_HOP", static_cast<int>(t.initialHop)},
          {"X_SGN", t.xMinus ? 1 : 0},
          {"X_ADR", t.xAddr},
          {"Y_SGN", t.yMinus ? 1 : 0},
          {"Y_ADR", t.yAddr},
          {"Z_SGN", t.zMinus ? 1 : 0},
          {"Z_ADR", t.zAddr},
          {"FINAL_HOP", static_cast<int>((bits >> flit::RoutingTag::kFinalHopBit) & 1u)},
          {"ADAPTIVE", t.adaptive ? 1 : 0}};
}

struct Request {
  flit::Scenario scenario;
  flit::NodeId from = flit::kInvalidId;
  flit::NodeId to = flit::kInvalidId;
  std::optional<std::uint64_t> tag;
  std::optional<flit::SpecialDeltas> special;
  flit::TieBits tieDraw = 0;  // --tie-draw: a "random" packet's draw
  bool json = false;
  // Failed links and nodes the routes were rebuilt around (none: the
  // intact routes), and whether this pair's route changed.
  bool rebuilt = false;
  int failedLinks = 0, failedNodes = 0;
  bool rebuiltPair = false;
};

// The line that says the routes were rebuilt, or "" when they were not.
std::string rebuildText(const Request& r) {
  if (!r.rebuilt) return {};
  return "rebuilt around " + std::to_string(r.failedLinks) + " failed link" + (r.failedLinks == 1 ? "" : "s") +
         " and " + std::to_string(r.failedNodes) + " failed node" + (r.failedNodes == 1 ? "" : "s") +
         (r.rebuiltPair ? ": this pair's route changed" : ": this pair keeps its route");
}

// The tie line, only when ties do not simply go + (older output unchanged).
std::string tieText(const flit::RoutingSetup& setup, const Request& r) {
  if (r.special || setup.tieRule == flit::TieRule::Plus) return {};
  std::string s = "ties: " + std::string(flit::tieRuleName(setup.tieRule));
  if (setup.tieRule == flit::TieRule::SourceParity) {
    s += " (a half-ring tie goes + from an even source coordinate, - from an odd one)";
  } else {
    s += " (per packet; shown with --tie-draw " + std::to_string(r.tieDraw) +
         ": bit d set, a tie in dimension d goes -)";
  }
  return s;
}

std::string deltasText(const flit::SpecialDeltas& d, std::size_t first) {
  std::string s = "(";
  for (std::size_t i = first; i < first + 3; ++i) {
    if (i > first) s += ",";
    s += (d.delta[i] > 0 ? "+" : "") + std::to_string(d.delta[i]);
  }
  return s + ")";
}

flit::NodeId parseNode(const QCommandLineParser& p, const char* name, const flit::Topology& topo) {
  const QString opt = QString::fromLatin1(name);
  if (!p.isSet(opt)) throw UsageError(std::string("--") + name + ": missing (X,Y,Z of a node)");
  try {
    const std::string text = p.value(opt).toStdString();
    flitapp::checkCoordinateArity(text, topo.dims(), std::string("--") + name);
    return topo.nodeAt(flit::parseNodeCoord(text, topo.spec(), std::string("--") + name));
  } catch (const flit::ScenarioError& e) {
    throw UsageError(e.what());
  }
}

void printTable(const flit::Topology& topo, const flit::RoutingSetup& setup, const Request& r,
                const flit::PathTrace& trace) {
  const auto lpe = [&](flit::NodeId n) { return flit::formatPeNumber(setup.peMap.logicalOf(n)); };
  if (r.special) {
    std::printf("routing: special (delta), primary %s secondary %s\n",
                deltasText(*r.special, 0).c_str(), deltasText(*r.special, 3).c_str());
  } else {
    std::printf("routing: %s\n", std::string(flit::routingAlgorithmName(setup.algorithm)).c_str());
  }
  if (const std::string ties = tieText(setup, r); !ties.empty()) std::printf("%s\n", ties.c_str());
  if (const std::string rebuilt = rebuildText(r); !rebuilt.empty()) std::printf("%s\n", rebuilt.c_str());
  std::printf("from %s PE %s LPE %s  to %s PE %s LPE %s\n", nodeText(topo, r.from).c_str(),
              peText(topo, r.from).c_str(), lpe(r.from).c_str(), nodeText(topo, r.to).c_str(),
              peText(topo, r.to).c_str(), lpe(r.to).c_str());
  if (!r.special && setup.algorithm == flit::RoutingAlgorithm::DirectionOrder) {
    std::string source = "--tag";
    if (!r.tag) {
      const flit::LutMode mode = setup.tables->overrideOf(r.from).mode;
      const int index = flit::RouteTables::lutIndex(mode, setup.peMap.logicalOf(r.to));
      source = mode == flit::LutMode::Register ? "R_LUT_OVERRIDE register (mode 3)"
                                               : "R_NET_LUT[" + std::to_string(index) + "], mode " +
                                                     std::to_string(static_cast<int>(mode));
    }
    std::printf("tag %s  %s  (%s)\n", flit::formatTagHex(trace.tag).c_str(),
                flit::formatTagFields(trace.tag).c_str(), source.c_str());
    for (const auto& problem : flit::validateTag(topo, trace.tag)) {
      std::printf("tag warning: %s\n", problem.c_str());
    }
  }
  std::printf("%4s  %-10s %-7s %-9s %-3s %s\n", "hop", "node", "PE", "out", "VC", "note");
  int hop = 0;
  const int relayHop = trace.relayHop();
  for (const flit::PathHop& h : trace.hops) {
    std::string note;
    if (hop == relayHop) note = "relay: out of the network and in again (no route of the turn rules gets round)";
    if (h.crossedDateline) note = "dateline crossed: VC0 -> VC1";
    if (h.violation) note = "DATELINE VIOLATION (on VC1 through the dateline)";
    const bool network = h.outPort >= 0 && h.outPort < flit::kDirectionCount;
    std::printf("%4d  %-10s %-7s %-9s %-3s %s\n", hop++, nodeText(topo, h.node).c_str(),
                peText(topo, h.node).c_str(), outText(h.outPort).c_str(),
                !network    ? ""
                : r.special ? "-"
                            : std::to_string(h.vc).c_str(),
                note.c_str());
  }
  // A loop also says which hop it repeats (same router, input, VC and routing state).
  const std::string repeats =
      trace.loopsBackTo >= 0 ? " (back where it was at hop " + std::to_string(trace.loopsBackTo) + ")" : "";
  std::printf("outcome: %s at %s%s, %d network hops, %d dateline crossings, %d violations\n",
              std::string(flit::pathOutcomeName(trace.outcome)).c_str(),
              nodeText(topo, trace.endNode).c_str(), repeats.c_str(), trace.networkHops(), trace.crossings(),
              trace.violations());
}

void printJson(const flit::Topology& topo, const flit::RoutingSetup& setup, const Request& r,
               const flit::PathTrace& trace) {
  nlohmann::json j;
  j["algorithm"] =
      r.special ? std::string("special") : std::string(flit::routingAlgorithmName(setup.algorithm));
  if (r.special) {
    const auto& d = r.special->delta;
    j["special"] = {{"primary", {d[0], d[1], d[2]}}, {"secondary", {d[3], d[4], d[5]}}};
  }
  if (!r.special && setup.tieRule != flit::TieRule::Plus) {
    j["tieRule"] = std::string(flit::tieRuleName(setup.tieRule));
    if (setup.tieRule == flit::TieRule::Random) j["tieDraw"] = r.tieDraw;
  }
  if (r.rebuilt) {
    j["rebuilt"] = {{"failedLinks", r.failedLinks}, {"failedNodes", r.failedNodes}, {"pairChanged", r.rebuiltPair}};
  }
  j["from"] = coordJson(topo, r.from);
  j["to"] = coordJson(topo, r.to);
  j["fromLogicalPe"] = setup.peMap.logicalOf(r.from);
  j["toLogicalPe"] = setup.peMap.logicalOf(r.to);
  if (!r.special && setup.algorithm == flit::RoutingAlgorithm::DirectionOrder) {
    j["tag"] = flit::formatTagHex(trace.tag);
    j["tagFields"] = tagFieldsJson(trace.tag);
    j["tagProblems"] = flit::validateTag(topo, trace.tag);
  }
  if (trace.relay != flit::kInvalidId) j["relay"] = coordJson(topo, trace.relay);
  nlohmann::json hops = nlohmann::json::array();
  const int relayHop = trace.relayHop();
  for (const flit::PathHop& h : trace.hops) {
    nlohmann::json hj{{"node", coordJson(topo, h.node)},
                      {"pe", peText(topo, h.node)},
                      {"out", outText(h.outPort)}};
    if (static_cast<int>(hops.size()) == relayHop) hj["relay"] = true;
    if (!r.special && h.outPort >= 0 && h.outPort < flit::kDirectionCount) {
      hj["vc"] = h.vc;
      hj["crossedDateline"] = h.crossedDateline;
      hj["violation"] = h.violation;
    }
    hops.push_back(hj);
  }
  j["hops"] = hops;
  j["outcome"] = std::string(flit::pathOutcomeName(trace.outcome));
  j["delivered"] = trace.outcome == flit::PathOutcome::Delivered;
  j["endNode"] = coordJson(topo, trace.endNode);
  if (trace.loopsBackTo >= 0) j["loopsBackTo"] = trace.loopsBackTo;  // loop: the hop endNode repeats
  j["networkHops"] = trace.networkHops();
  j["datelineCrossings"] = trace.crossings();
  j["datelineViolations"] = trace.violations();
  std::printf("%s\n", j.dump(2).c_str());
}

int routeBody(const QStringList& args) {
  QCommandLineParser p;
  p.setApplicationDescription(QStringLiteral("Routing tag and hop-by-hop path between two nodes."));
  p.addHelpOption();
  p.addPositionalArgument(QStringLiteral("SCENARIO"), QStringLiteral("Scenario JSON file."));
  p.addOption({QStringLiteral("from"), QStringLiteral("Source node."), QStringLiteral("X,Y,Z")});
  p.addOption({QStringLiteral("to"), QStringLiteral("Destination node."), QStringLiteral("X,Y,Z")});
  p.addOption({QStringLiteral("tag"),
               QStringLiteral("Routing tag to use instead of the source's R_NET_LUT (hex, "
                              "direction order only)."),
               QStringLiteral("HEX")});
  p.addOption({QStringLiteral("special"),
               QStringLiteral("Trace a special (delta) route instead: primary then optional "
                              "secondary hop counts per dimension (replaces --to and --tag)."),
               QStringLiteral("DX,DY,DZ[,DX2,DY2,DZ2]")});
  p.addOption({QStringLiteral("tie-rule"),
               QStringLiteral("Which way a half-ring tie goes (routing.tieRule): plus, "
                              "sourceParity or random."),
               QStringLiteral("plus|sourceParity|random")});
  p.addOption({QStringLiteral("tie-draw"),
               QStringLiteral("With tieRule random: the packet's draw, 0..7 (bit d set: a tie in "
                              "dimension d goes -; default 0)."),
               QStringLiteral("BITS")});
  addFailureOptions(p);
  p.addOption({QStringLiteral("json"), QStringLiteral("Print JSON instead of a table.")});
  if (!p.parse(args)) throw UsageError(p.errorText().toStdString());
  if (p.isSet(QStringLiteral("help"))) {
    std::printf("%s", qPrintable(p.helpText()));
    return 0;
  }
  const QStringList pos = p.positionalArguments();
  if (pos.size() != 1) {
    throw UsageError(pos.isEmpty() ? "SCENARIO: missing" : "SCENARIO: exactly one scenario file");
  }
  Request r;
  r.json = p.isSet(QStringLiteral("json"));
  r.scenario = loadScenarioNamed(pos.at(0));
  appendFailLinkOptions(r.scenario, p);
  appendFailNodeOptions(r.scenario, p);
  const flit::Topology topo = flit::buildTopology(r.scenario);
  if (p.isSet(QStringLiteral("tie-rule"))) {
    applyTieRuleOption(r.scenario, p.value(QStringLiteral("tie-rule")));
  }
  if (p.isSet(QStringLiteral("tie-draw"))) {
    const QString text = p.value(QStringLiteral("tie-draw"));
    bool ok = false;
    const int bits = text.toInt(&ok);
    if (!ok || bits < 0 || bits > 7) {
      throw UsageError("--tie-draw: expected 0..7, got \"" + text.toStdString() + "\"");
    }
    if (r.scenario.routing.tieRule != flit::TieRule::Random) {
      throw UsageError("--tie-draw: only for routing.tieRule random (the scenario's is " +
                     std::string(flit::tieRuleName(r.scenario.routing.tieRule)) + ")");
    }
    r.tieDraw = static_cast<flit::TieBits>(bits);
  }
  r.from = parseNode(p, "from", topo);
  if (p.isSet(QStringLiteral("special"))) {
    const QString text = p.value(QStringLiteral("special"));
    if (p.isSet(QStringLiteral("to")) || p.isSet(QStringLiteral("tag"))) {
      throw UsageError("--special: replaces --to and --tag, give only --from");
    }
    if (p.isSet(QStringLiteral("fail-link")) || p.isSet(QStringLiteral("fail-node"))) {
      throw UsageError("--special: takes no --fail-link or --fail-node (a special route is fixed by its "
                       "deltas; a failed link on it shows as blocked)");
    }
    r.special = flit::parseSpecialDeltas(text.toStdString());
    if (!r.special) {
      throw UsageError("--special: expected 3 or 6 signed hop counts (e.g. 1,-2,0), got \"" +
                     text.toStdString() + "\"");
    }
    const flit::PathTrace trace = flit::traceSpecialPath(topo, r.from, *r.special);
    r.to = trace.endNode;
    const flit::RoutingSetup setup =
        flit::buildRoutingSetup(topo, flit::defaultRoutingConfig(topo.spec()));
    if (r.json)
      printJson(topo, setup, r, trace);
    else
      printTable(topo, setup, r, trace);
    return trace.outcome == flit::PathOutcome::Delivered ? 0 : 1;
  }
  r.to = parseNode(p, "to", topo);
  flit::RoutingSetup setup;
  try {
    setup = flit::buildRoutingSetup(topo, routingOf(r.scenario));
  } catch (const flit::ScenarioError& e) {
    throw fileError(pos.at(0), e.what());
  }
  // The scenario's and the options' failures: the routes rebuilt around them
  // (analysis/reachability.h), as the simulator's are. A --tag is the
  // person's own: traced as given, a failed link on it blocks it.
  const std::vector<flit::NodeId> downNodes = failedNodeIds(r.scenario, topo);
  for (flit::LinkId l = 0; l < topo.linkCount(); ++l) r.failedLinks += topo.linkUp(l) ? 0 : 1;
  r.failedNodes = static_cast<int>(downNodes.size());
  r.rebuilt = (r.failedLinks > 0 || r.failedNodes > 0) && !p.isSet(QStringLiteral("tag"));
  if (r.rebuilt) {
    std::vector<std::uint8_t> nodeUp(static_cast<std::size_t>(topo.nodeCount()), 1);
    for (flit::NodeId n : downNodes) nodeUp[static_cast<std::size_t>(n)] = 0;
    // The path before, to say whether this pair's changed (a new tag may
    // keep the path: a detour the way a half-ring tie already went).
    const flit::PathTrace before = flit::tracePath(topo, setup, r.from, r.to, std::nullopt, r.tieDraw);
    const flit::RouteBuildReport report = flit::rebuildSetupRoutes(setup, topo, nodeUp, r.scenario.routing.adaptive);
    const flit::PairStatus status = report.at(r.from, r.to);
    if (status != flit::PairStatus::Routed && status != flit::PairStatus::Relayed) {
      const std::string why = status == flit::PairStatus::NodeDown
                                  ? "the source or the destination has failed"
                                  : "no route of this routing avoids the failures (check lists every such pair)";
      if (r.json) {
        nlohmann::json j{{"rebuilt", {{"failedLinks", r.failedLinks}, {"failedNodes", r.failedNodes}}},
                         {"from", coordJson(topo, r.from)},
                         {"to", coordJson(topo, r.to)},
                         {"outcome", "unreachable"},
                         {"delivered", false},
                         {"why", why}};
        std::printf("%s\n", j.dump(2).c_str());
      } else {
        std::printf("%s\nfrom %s to %s: unreachable: %s\n", rebuildText(r).c_str(), nodeText(topo, r.from).c_str(),
                    nodeText(topo, r.to).c_str(), why.c_str());
      }
      return 1;
    }
    const flit::PathTrace now = flit::tracePath(topo, setup, r.from, r.to, std::nullopt, r.tieDraw);
    const auto sameHops = [](const flit::PathTrace& a, const flit::PathTrace& b) {
      return std::equal(a.hops.begin(), a.hops.end(), b.hops.begin(), b.hops.end(),
                        [](const flit::PathHop& x, const flit::PathHop& y) {
                          return x.node == y.node && x.outPort == y.outPort;
                        });
    };
    r.rebuiltPair = before.outcome != now.outcome || !sameHops(before, now);
  }
  if (p.isSet(QStringLiteral("tag"))) {
    const QString text = p.value(QStringLiteral("tag"));
    r.tag = flit::parseTagHex(text.toStdString());
    if (!r.tag) {
      throw UsageError("--tag: expected 1..16 hex digits (e.g. 0x0000000300010101), got \"" +
                     text.toStdString() + "\"");
    }
    if (setup.algorithm != flit::RoutingAlgorithm::DirectionOrder) {
      throw UsageError("--tag: the scenario routes by " +
                     std::string(flit::routingAlgorithmName(setup.algorithm)) +
                     "; routing tags are for direction-order");
    }
  }
  const flit::PathTrace trace = flit::tracePath(topo, setup, r.from, r.to, r.tag, r.tieDraw);
  if (r.json)
    printJson(topo, setup, r, trace);
  else
    printTable(topo, setup, r, trace);
  return trace.outcome == flit::PathOutcome::Delivered ? 0 : 1;
}

}  // namespace

int routeCommand(const QStringList& args) {
  try {
    return routeBody(args);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "flitscope-cli route: %s\n", e.what());
    return 2;
  }
}

}  // namespace flitcli
