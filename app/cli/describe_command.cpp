// flitscope-cli describe SCENARIO [--json]: the network's size for any
// topology family (docs/cli.md "describe").
#include <cstdio>

#include "cli_commands.h"
#include "cli_common.h"
#include "family_dispatch.h"
#include "analysis/machine_figures.h"
#include "fattree_cli.h"
#include "fattree/fat_tree_description.h"
#include "scenario/scenario.h"
#include "topology/topology.h"
#include "topology/topology_family.h"

namespace flitcli {

namespace {

// T3E section 11's figures for a machine of this shape with the scenario's
// router and units (analysis/machine_figures.h), as JSON.
nlohmann::json figuresJson(const flit::TopologySpec& shape, const flit::Scenario& s) {
  const flit::MachineFigures f = flit::machineFigures(shape, s.router);
  nlohmann::json radix = nlohmann::json::array();
  for (int d = 0; d < shape.dims; ++d) radix.push_back(shape.radix[static_cast<std::size_t>(d)]);
  nlohmann::json j = {{"nodes", f.nodes},
                      {"radix", radix},
                      {"bisectionDimension", f.bisectionDim},
                      {"bisectionChannels", f.bisectionChannels},
                      {"perPeGlobalFlitsPerCycle", f.perPeGlobalFlitsPerCycle},
                      {"bisectionBoundFlitsPerCycle", f.bisectionBoundFlitsPerCycle},
                      {"perPeGlobalLimit", flit::limitName(f.limit)},
                      {"zeroLoadRoundTripCycles", {{"mean", f.meanRoundTripCycles}, {"max", f.maxRoundTripCycles}}}};
  if (s.units.known()) {
    j["bisectionGBps"] = s.units.mbps(f.bisectionChannels) / 1000.0;
    j["perPeGlobalMBps"] = s.units.mbps(f.perPeGlobalFlitsPerCycle);
    j["zeroLoadRoundTripNs"] = {{"mean", s.units.ns(f.meanRoundTripCycles)},
                                {"max", s.units.ns(static_cast<double>(f.maxRoundTripCycles))}};
  }
  return j;
}

nlohmann::json torusJson(const flit::Scenario& s, bool sizes) {
  const flit::Topology topo(s.topology);
  nlohmann::json radix = nlohmann::json::array();
  nlohmann::json wrap = nlohmann::json::array();
  for (int d = 0; d < topo.dims(); ++d) {
    radix.push_back(topo.radix(d));
    wrap.push_back(topo.wraps(d));
  }
  nlohmann::json j = {{"family", std::string(flit::topologyFamilyKey(flit::TopologyFamily::KAryNCube))},
                      {"name", s.name},
                      {"radix", radix},
                      {"wrap", wrap},
                      {"nodes", topo.nodeCount()},
                      {"routers", topo.nodeCount()},  // one router per node
                      {"links", topo.linkCount()},
                      {"channels", topo.channelCount()},  // one per direction of a link
                      {"portsPerRouter", topo.portCount() / std::max(1, topo.nodeCount())}};
  if (s.units.known()) {
    j["clockMHz"] = s.units.clockMHz;
    j["flitBytes"] = s.units.flitBytes;
    j["nsPerCycle"] = s.units.nsPerCycle();
    j["linkMBps"] = s.units.linkMBps();
  }
  j["figures"] = figuresJson(s.topology, s);
  if (sizes) {
    nlohmann::json bySize = nlohmann::json::array();
    for (const flit::TopologySpec& shape : flit::t3eSystemShapes()) bySize.push_back(figuresJson(shape, s));
    j["t3eSystemSizes"] = bySize;
  }
  return j;
}

std::string shapeText(const nlohmann::json& radix) {
  std::string t;
  for (const auto& k : radix) t += (t.empty() ? "" : "x") + k.dump();
  return t;
}

// What bounds the per-PE global bandwidth (MachineFigures::Limit, by its
// JSON name), in the description's words and as the size table's tag.
struct LimitWords {
  const char* name;
  const char* sentence;
  const char* tag;
};
constexpr LimitWords kLimitWords[] = {
    {"processorPort", "the processor port's (2 x bisection / nodes is more)", "(port)"},
    {"both", "the processor port and the bisection alike", "(port = bisection)"},
    {"bisection", "2 x bisection / nodes", "(bisection)"},
};
const LimitWords& limitWords(const nlohmann::json& limit) {
  for (const LimitWords& w : kLimitWords)
    if (limit == w.name) return w;
  return kLimitWords[2];
}

std::string torusTable(const nlohmann::json& j) {
  SummaryLines s(32);
  const auto num = SummaryLines::num;
  const bool units = j.contains("nsPerCycle");
  s.line("family", "kAryNCube " + j["radix"].dump());
  s.line("nodes", j["nodes"].dump());
  s.line("routers", j["routers"].dump() + " (one per node, " + j["portsPerRouter"].dump() + " ports each)");
  s.line("links", j["links"].dump());
  s.line("channels", j["channels"].dump());
  s.line("clock, flit", units ? unitsText(j) : "not given (scenario section \"units\"): figures in cycles and flits");
  const auto& f = j["figures"];
  static const char* const kDimName[] = {"X", "Y", "Z"};
  const int dim = f["bisectionDimension"].get<int>();
  s.line("bisection", f["bisectionChannels"].dump() + " channels across " +
                          (dim >= 0 ? kDimName[dim] : "no dimension") +
                          (units ? " (" + num(f["bisectionGBps"].get<double>()) + " GB/s)" : ""));
  s.line("per-PE global bandwidth", num(f["perPeGlobalFlitsPerCycle"].get<double>()) + " flits/cycle" +
                                        (units ? " (" + num(f["perPeGlobalMBps"].get<double>()) + " MB/s)" : "") +
                                        ", " + limitWords(f["perPeGlobalLimit"]).sentence);
  const auto& rt = f["zeroLoadRoundTripCycles"];
  s.line("zero-load round trip", "mean " + num(rt["mean"].get<double>()) + ", max " + rt["max"].dump() + " cycles" +
                                     (units ? " (" + nsText(f["zeroLoadRoundTripNs"]["mean"].get<double>()) + " / " +
                                                  nsText(f["zeroLoadRoundTripNs"]["max"].get<double>()) + ")"
                                            : ""));
  std::string out = s.str();
  if (j.contains("t3eSystemSizes")) {
    // T3E Figures 7 and 8 as a table: this router and these units on the
    // T3E's shapes from 2 to 2048 PEs.
    char buf[256];
    std::snprintf(buf, sizeof buf, "\n%-6s %-8s %12s %12s %14s %14s\n", "PEs", "shape",
                  units ? "RT mean ns" : "RT mean cyc", units ? "RT max ns" : "RT max cyc",
                  units ? "bisect. GB/s" : "bisect. ch.", units ? "per-PE MB/s" : "per-PE fl/cyc");
    out += buf;
    for (const auto& r : j["t3eSystemSizes"]) {
      const auto& c = r["zeroLoadRoundTripCycles"];
      const double mean = units ? r["zeroLoadRoundTripNs"]["mean"].get<double>() : c["mean"].get<double>();
      const double max = units ? r["zeroLoadRoundTripNs"]["max"].get<double>() : c["max"].get<double>();
      const double bisection = units ? r["bisectionGBps"].get<double>() : r["bisectionChannels"].get<double>();
      const double perPe = units ? r["perPeGlobalMBps"].get<double>() : r["perPeGlobalFlitsPerCycle"].get<double>();
      std::snprintf(buf, sizeof buf, "%-6d %-8s %12.1f %12.1f %14.4g %14.4g  %s\n", r["nodes"].get<int>(),
                    shapeText(r["radix"]).c_str(), mean, max, bisection, perPe, limitWords(r["perPeGlobalLimit"]).tag);
      out += buf;
    }
  }
  return out;
}

int describeBody(const QStringList& args) {
  QCommandLineParser p;
  p.addPositionalArgument(QStringLiteral("SCENARIO"), QStringLiteral("Scenario JSON file."));
  p.addOption({QStringLiteral("json"), QStringLiteral("Print JSON instead of a table.")});
  p.addOption({QStringLiteral("sizes"),
               QStringLiteral("Also the T3E's system sizes, 2 to 2048 PEs, with this scenario's router and "
                              "units (T3E Figures 7 and 8; a torus scenario).")});
  if (!parseArgs(p, args, 1, "usage: flitscope-cli describe SCENARIO [--json] [--sizes]")) return 0;
  const QString path = p.positionalArguments().at(0);
  const bool sizes = p.isSet(QStringLiteral("sizes"));
  nlohmann::json j;
  std::string table;
  if (familyOfFile(path) == flit::TopologyFamily::FatTree) {
    if (sizes) throw UsageError("--sizes: the T3E's system sizes are tori; " + path.toStdString() + " is a fat-tree");
    const auto s = loadFatTreeScenarioFile(path);
    j = fatTreeDescriptionJson(s, flit::fattree::describeFatTree(buildFatTreeOrThrow(s.spec, path)));
    table = fatTreeDescriptionTable(j);
  } else {
    const flit::Scenario s = loadScenarioNamed(path);
    j = torusJson(s, sizes);
    table = torusTable(j);
  }
  if (p.isSet(QStringLiteral("json"))) {
    std::printf("%s\n", j.dump(2).c_str());
  } else {
    std::printf("%s", table.c_str());
  }
  return 0;
}

}  // namespace

int describeCommand(const QStringList& args) { return guarded("describe", describeBody, args); }

}  // namespace flitcli
