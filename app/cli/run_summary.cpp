// What a run reports (docs/cli.md, "run"): the summary as JSON (summaryJson,
// runMeasured), the same as the human table (summaryTable), the coordinate
// and fingerprint forms every command's output shares. Apart from
// cli_common.cpp, which reads the options and scenarios.
#include "cli_common.h"

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

namespace {
// In cycles; with the scenario's units (scenario/physical_units.h) also in ns,
// the keys a fat-tree run prints (meanNs, maxNs) and the rest alike.
nlohmann::json latencyJson(const LatencyStats& l, const PhysicalUnits& units) {
  nlohmann::json j = {{"mean", l.mean()},
                      {"max", l.max()},
                      {"stddev", l.stddev()},
                      {"p50", l.percentile(0.5)},
                      {"p99", l.percentile(0.99)},
                      {"count", l.count()}};
  if (units.known()) {
    for (const char* key : {"mean", "max", "stddev", "p50", "p99"})
      j[std::string(key) + "Ns"] = units.ns(j[key].get<double>());
  }
  return j;
}
}  // namespace

namespace {
// Scenarios that sent SPUT or SGET packets (T3E section 8; sim/special_network.h).
nlohmann::json specialJson(const SpecialNetwork& special, const Topology& topo) {
  const SpecialTotals& t = special.totals();
  nlohmann::json lost = nlohmann::json::object();
  for (int r = 0; r < kSpecialLossCount; ++r) {
    lost[specialLossName(static_cast<SpecialLoss>(r))] = t.lost[static_cast<std::size_t>(r)];
  }
  nlohmann::json reads = nlohmann::json::array();
  for (const SpecialRead& r : special.readsDelivered()) {
    nlohmann::json one = {{"cycle", r.cycle},
                          {"from", nodeText(topo, r.source)},
                          {"readFrom", nodeText(topo, r.readFrom)},
                          {"arrivedAt", nodeText(topo, r.arrivedAt)},
                          {"register", std::string(specialRegisterName(r.reg))}};
    if (r.reg == SpecialRegister::NetLut) one["index"] = r.lutIndex;
    one["value"] = formatSpecialValue(r.reg, r.value);
    reads.push_back(one);
  }
  return {{"puts", t.puts},   {"gets", t.gets},           {"writes", t.writes},     {"reads", t.reads},
          {"responses", t.responses}, {"lost", lost}, {"inFlight", t.inFlight()}, {"readsDelivered", reads}};
}

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
  const PhysicalUnits& units = sim.config().units;
  j["latency"] = latencyJson(st.latency, units);
  j["networkLatency"] = latencyJson(st.networkLatency, units);
  j["offeredFlitsPerNodeCycle"] =
      window > 0 ? static_cast<double>(st.flitsOffered) / nodes / window : 0.0;
  j["acceptedFlitsPerNodeCycle"] =
      window > 0 ? static_cast<double>(st.flitsDelivered) / nodes / window : 0.0;
  if (units.known()) {  // scenario section "units": the same figures in ns and MB/s
    j["clockMHz"] = units.clockMHz;
    j["flitBytes"] = units.flitBytes;
    j["nsPerCycle"] = units.nsPerCycle();
    j["measuredNs"] = units.ns(window);
    j["offeredMBpsPerNode"] = units.mbps(j["offeredFlitsPerNodeCycle"].get<double>());
    j["acceptedMBpsPerNode"] = units.mbps(j["acceptedFlitsPerNodeCycle"].get<double>());
  }
  j["datelineCrossings"] = t.datelineCrossings;
  j["datelineViolations"] = t.datelineViolations;
  j["adaptiveRouting"] = sim.adaptive();
  j["adaptiveHops"] = t.adaptiveHops;
  // T3E paper section 5: adaptive routing reorders a pair's packets; ordered
  // requests never pass each other (sim/pair_order.h).
  j["reorderedPackets"] = t.reordered;
  j["reorderedOrderedRequests"] = t.reorderedOrdered;
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
  if (const SpecialNetwork* special = sim.specialNetwork()) j["special"] = specialJson(*special, sim.topology());
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
  const bool units = j.contains("nsPerCycle");
  for (const char* key : {"latency", "networkLatency"}) {
    const auto& l = j[key];
    line(key, "mean " + num(l["mean"].get<double>()) + "  p50 " + l["p50"].dump() + "  p99 " +
                  l["p99"].dump() + "  max " + l["max"].dump() + "  stddev " +
                  num(l["stddev"].get<double>()) + " cycles" +
                  (units ? "  (mean " + nsText(l["meanNs"].get<double>()) + ", max " + nsText(l["maxNs"].get<double>()) + ")"
                         : ""));
  }
  const auto perNode = [&](const char* flitsKey, const char* mbpsKey) {
    return num(j[flitsKey].get<double>()) +
           (units ? "  (" + num(j[mbpsKey].get<double>()) + " MB/s per node)" : "");
  };
  line("offered flits/node/cycle", perNode("offeredFlitsPerNodeCycle", "offeredMBpsPerNode"));
  line("accepted flits/node/cycle", perNode("acceptedFlitsPerNodeCycle", "acceptedMBpsPerNode"));
  if (units) line("clock, flit", unitsText(j));
  line("dateline crossings", j["datelineCrossings"].dump());
  line("dateline violations", j["datelineViolations"].dump());
  line("adaptive hops", j["adaptiveHops"].dump() + (j["adaptiveRouting"].get<bool>() ? "" : " (adaptive routing off)"));
  line("delivered out of order", j["reorderedPackets"].dump() + " (ordered requests: " +
                                     j["reorderedOrderedRequests"].dump() + ")");
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
  if (j.contains("special")) {  // T3E section 8: the special network
    const auto& sp = j["special"];
    std::string lost;
    for (const auto& [k, v] : sp["lost"].items()) lost += " " + k + "=" + v.dump();
    line("special network", "SPUT " + sp["puts"].dump() + " (written " + sp["writes"].dump() + ")  SGET " +
                                sp["gets"].dump() + " (read " + sp["reads"].dump() + ", responses " +
                                sp["responses"].dump() + ")  lost" + lost + "  in flight " + sp["inFlight"].dump());
  }
  line("wall seconds", num(j["wallSeconds"].get<double>()));
  line("node-cycles/second", num(j["nodeCyclesPerSecond"].get<double>()));
  if (j["deadlock"].get<bool>()) s.raw(j["deadlockReport"].get<std::string>() + "\n");
  return s.str();
}

std::string nodeText(const flit::Topology& topo, flit::NodeId n) {
  return flit::formatCoord(topo.coordOf(n), topo.dims());
}

nlohmann::json coordJson(const flit::Topology& topo, flit::NodeId n) {
  nlohmann::json a = nlohmann::json::array();
  const flit::Coord c = topo.coordOf(n);
  for (int d = 0; d < topo.dims(); ++d) a.push_back(c[d]);
  return a;
}

std::string nsText(double ns) {
  return ns < 10000.0 ? SummaryLines::num(ns) + " ns" : SummaryLines::num(ns / 1000.0) + " us";
}

std::string unitsText(const nlohmann::json& j) {
  const PhysicalUnits u{j["clockMHz"].get<double>(), j["flitBytes"].get<double>()};
  return SummaryLines::num(u.clockMHz) + " MHz (" + SummaryLines::num(u.nsPerCycle()) + " ns a cycle), " +
         SummaryLines::num(u.flitBytes) + "-byte flits: " + SummaryLines::num(u.linkMBps()) + " MB/s a link each way";
}

std::string fingerprintHex(std::uint64_t hash) {
  char buf[20];
  std::snprintf(buf, sizeof buf, "%llx", static_cast<unsigned long long>(hash));
  return buf;
}

}  // namespace flitcli
