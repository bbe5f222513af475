// flitscope-cli barrier SCENARIO [--bsu N] [--shape dimension|min-depth]
//     [--root X,Y,Z] [--participants all|PARTITION|LIST] [--fail-node X,Y,Z]...
//     [--fail-link X,Y,Z:DIR]... [--eureka] [--load R] [--json]
// One barrier (or with --eureka one eureka and the barrier that ends it) on
// BSU N over the T3E's virtual barrier/eureka networks (seed
// 000_bcf8236523569157.txt, section 6 and Figure 6): on an idle network with
// the standalone transport (engine/sync/sync_transport.h: each hop costs the
// scenario's router latency + link delay), or with --load R in the simulator
// beside data traffic of R flits/node/cycle (engine/sim/sim_sync.h; the
// barrier starts after 2000 cycles of it). Prints the tree's depth and
// fan-out, the completion latency, the packets sent, and for comparison the
// round trip of a one-word Get between the two most distant participants,
// simulated on the same machine and load (a GetRequest injected when the
// barrier starts, until its GetResponse is delivered; the zero-load formula
// of docs/engine.md beside it).
// Defaults come from the scenario's sync.trees entry for the BSU, if any.
// Exit 0, or 2 on bad input (one stderr line).
#include <QCommandLineParser>
#include <cstdio>
#include <exception>
#include <optional>
#include <stdexcept>
#include <string>

#include "cli_commands.h"
#include "cli_common.h"
#include "coordinate_arity.h"
#include "scenario/scenario.h"
#include "sim/simulator.h"
#include "sync/sync_transport.h"

namespace flitcli {

namespace {

flit::NodeId parseNodeOption(const std::string& text, const flit::Topology& topo, const std::string& option) {
  flitapp::checkCoordinateArity(text, topo.dims(), option);
  return topo.nodeAt(flit::parseNodeCoord(text, topo.spec(), option));
}

// The tree: the scenario's sync tree for the BSU, then the options.
flit::SyncTreeConfig treeConfigFrom(const QCommandLineParser& p, const flit::Scenario& s, const flit::Topology& topo, int bsu) {
  flit::SyncTreeConfig c;
  if (const auto* configured = s.sync.treeFor(bsu)) c = *configured;
  if (p.isSet(QStringLiteral("participants"))) c.participants = p.value(QStringLiteral("participants")).toStdString();
  if (p.isSet(QStringLiteral("shape"))) {
    const auto shape = flit::parseTreeShape(p.value(QStringLiteral("shape")).toStdString());
    if (!shape) throw UsageError("--shape: must be dimension or min-depth, got '" + p.value(QStringLiteral("shape")).toStdString() + "'");
    c.shape = *shape;
  }
  c.bsu = bsu;
  if (p.isSet(QStringLiteral("root"))) c.root = topo.coordOf(parseNodeOption(p.value(QStringLiteral("root")).toStdString(), topo, "--root"));
  try {
    flit::treeRequestOf(c, topo);
  } catch (const std::invalid_argument& e) {
    throw UsageError(std::string("--participants: ") + e.what());
  }
  return c;
}

struct Outcome {
  flit::SyncTree tree;
  flit::IdleSyncResult result;
  flit::FarthestPair getPair;     // the two most distant participants, zero-load round trip
  std::uint64_t getRoundTrip = 0; // simulated, unless !getSimulated
  bool getSimulated = false;      // false: no response class (router.vcClasses 1), the zero-load formula
  bool simulated = false;         // --load: run in the simulator
  double load = 0.0;              // --load: the data traffic the barrier ran beside
  double dataLatencyMean = 0.0;   // --load: mean latency of the data packets delivered
};

constexpr std::uint64_t kWarmup = 2000;
constexpr std::uint64_t kLimit = 200000;

// The machine the barrier and the Get run on: the scenario with the failures,
// data traffic at `load` flits/node/cycle, the one tree, no other operation.
flit::SimConfig machineFor(flit::Scenario run, const flit::SyncTreeConfig& tree, double load) {
  run.traffic.rateFlitsPerNodeCycle = load;
  run.sync.trees = {tree};
  run.sync.workload.reset();
  run.sync.joinOnEureka = true;  // the others join the eureka's barrier (runIdleBarrier's processors)
  run.timeline.clear();
  flit::SimConfig cfg = flit::simConfigFromScenario(run);
  cfg.autoRebuild = true;  // routes around the failed nodes and links, as the tree
  return cfg;
}

// Follows one Get: the request created by injectPacket while `expectRequest`,
// the response its delivery creates, the cycle that response is delivered.
struct GetProbe final : flit::SimObserver {
  flit::NodeId from = flit::kInvalidId, to = flit::kInvalidId;
  bool expectRequest = false, expectResponse = false;
  std::int32_t request = -1, response = -1;
  std::optional<std::uint64_t> done;
  void onEvent(const flit::SimEvent& e) override {
    if (e.kind == flit::SimEventKind::PacketCreated) {
      if (expectRequest) request = e.packet, expectRequest = false;
      if (expectResponse && e.node == to && e.aux == from) response = e.packet, expectResponse = false;
    } else if (e.kind == flit::SimEventKind::Delivered) {
      if (e.packet == request && request >= 0) expectResponse = true;  // deliver() creates the response next
      if (e.packet == response && response >= 0) done = e.cycle;
    }
  }
};

// The round trip of a one-word Get from pair.from to pair.to in `sim` (a
// copy: the machine and load the barrier runs on, at the cycle it starts):
// from the cycle the processor issues the request (it waits while its
// source queue is full) to the cycle its response is delivered.
std::uint64_t measureGet(flit::Simulator sim, const flit::FarthestPair& pair) {
  GetProbe probe;
  probe.from = pair.from;
  probe.to = pair.to;
  sim.setObserver(&probe);
  const std::uint64_t start = sim.cycle();
  for (;;) {
    probe.expectRequest = true;
    const bool accepted = sim.injectPacket(pair.from, pair.to, flit::PacketKind::GetRequest);
    probe.expectRequest = false;
    if (accepted) break;
    if (!sim.step() || sim.cycle() >= start + kLimit) throw std::runtime_error("the Get request could not be issued");
  }
  while (!probe.done && !sim.deadlocked() && sim.cycle() < start + kLimit) sim.step();
  if (!probe.done) {
    throw std::runtime_error("the Get's response was not delivered within " + std::to_string(kLimit) + " cycles" +
                             (sim.deadlocked() ? " (the data traffic deadlocked)" : ""));
  }
  return *probe.done - start;
}

// The two most distant participants and their Get round trip on `sim`'s
// machine and load. A machine without a response class (router.vcClasses 1)
// has no Get to simulate: the zero-load formula stands in, and says so.
void measureFarthestGet(const flit::Simulator& sim, const flit::RouterConfig& router, Outcome& o) {
  o.getPair = flit::farthestGetPair(sim.topology(), router, o.tree.participants);
  o.getRoundTrip = o.getPair.zeroLoadRoundTripCycles;
  o.getSimulated = o.getPair.from != flit::kInvalidId && router.vcClasses >= 2;
  if (o.getSimulated) o.getRoundTrip = measureGet(sim, o.getPair);
}

// --load: the barrier on the simulator's barrier VC beside data traffic at
// `load` flits/node/cycle (sim/sim_sync.h), after kWarmup cycles of it; the
// Get on a copy of the machine at the cycle the barrier starts.
void runLoaded(const flit::Scenario& run, const flit::SyncTreeConfig& tree, bool eureka, int threads, Outcome& o) {
  o.simulated = true;
  flit::Simulator sim(machineFor(run, tree, o.load));
  sim.setThreads(threads);
  flit::SimSync& sync = *sim.sync();
  o.tree = sync.tree(tree.bsu);
  sim.run(kWarmup);
  measureFarthestGet(sim, run.router, o);
  if (eureka) {
    sim.apply(flit::Intervention::sync(flit::InterventionKind::EurekaBarrier, flit::eurekaTrigger(o.tree), tree.bsu));
  } else {
    for (flit::NodeId n : o.tree.participants) sim.apply(flit::Intervention::sync(flit::InterventionKind::Barrier, n, tree.bsu));
  }
  while (sync.summary().barriersCompleted == 0 && !sim.deadlocked() && sim.cycle() < kWarmup + kLimit) sim.step();
  const flit::SyncSummary b = sync.summary();
  if (b.barriersCompleted == 0) {
    throw std::runtime_error("the barrier did not complete within " + std::to_string(kLimit) + " cycles" +
                             (sim.deadlocked() ? " (the data traffic deadlocked)" : ""));
  }
  o.result.latencyCycles = eureka ? b.lastEurekaLatencyCycles : b.lastBarrierLatencyCycles;
  o.result.barrierLatencyCycles = b.lastBarrierLatencyCycles;
  o.result.packets = b.packetsSent;
  o.dataLatencyMean = summaryJson(sim, sim.cycle(), 0.0)["latency"]["mean"].get<double>();
}

void printJson(const flit::Topology& topo, int bsu, bool eureka, const Outcome& o) {
  nlohmann::json left = nlohmann::json::array();
  for (const auto& l : o.tree.left) left.push_back({{"node", coordJson(topo, l.node)}, {"reason", l.reason}});
  nlohmann::json j = {{"command", "barrier"},
                      {"bsu", bsu},
                      {"operation", eureka ? "eureka" : "barrier"},
                      {"participants", o.tree.participants.size()},
                      {"root", coordJson(topo, o.tree.root)},
                      {"treeRouters", o.tree.routerCount()},
                      {"treeDepth", o.tree.treeDepth()},
                      {"maxFanOut", o.tree.maxFanOut(topo)},
                      {"barrierLatencyCycles", o.result.latencyCycles},
                      {"barrierPackets", o.result.packets},
                      {"getRoundTripCycles", o.getRoundTrip},
                      {"getRoundTripModel", o.getSimulated ? "simulated: a one-word Get request and its response on the barrier's machine and load"
                                                           : "zero-load formula (docs/engine.md): router.vcClasses 1 has no response class"},
                      {"getRoundTripZeroLoadCycles", o.getPair.zeroLoadRoundTripCycles},
                      {"transport", o.simulated ? "simulator (barrier VC beside data traffic)" : "idle (standalone)"},
                      {"load", o.load},
                      {"left", left},
                      {"notes", o.tree.notes}};
  if (eureka) j["eurekaBarrierLatencyCycles"] = o.result.barrierLatencyCycles;
  if (o.getPair.from != flit::kInvalidId) j["getFrom"] = coordJson(topo, o.getPair.from), j["getTo"] = coordJson(topo, o.getPair.to);
  if (o.simulated) j["dataLatencyMeanCycles"] = o.dataLatencyMean;
  std::printf("%s\n", j.dump(2).c_str());
}

void printText(const flit::Topology& topo, int bsu, bool eureka, flit::TreeShape shape, const Outcome& o) {
  std::printf("%s on BSU %d: %zu participants, %s tree rooted at %s (%d routers)\n",
              eureka ? "eureka" : "barrier", bsu, o.tree.participants.size(),
              std::string(flit::treeShapeName(shape)).c_str(), nodeText(topo, o.tree.root).c_str(),
              o.tree.routerCount());
  std::printf("tree depth %d, max fan-out %d\n", o.tree.treeDepth(), o.tree.maxFanOut(topo));
  if (eureka) {
    std::printf("eureka latency %llu cycles (OP_EUR_B to the last notification), its barrier %llu cycles\n",
                static_cast<unsigned long long>(o.result.latencyCycles),
                static_cast<unsigned long long>(o.result.barrierLatencyCycles));
  } else {
    std::printf("barrier latency %llu cycles (last OP_BAR to the last completion)\n",
                static_cast<unsigned long long>(o.result.latencyCycles));
  }
  if (o.simulated) {
    std::printf("packets sent %llu (simulated beside data traffic at %.3f flits/node/cycle; data packets took %.1f cycles on average)\n",
                static_cast<unsigned long long>(o.result.packets), o.load, o.dataLatencyMean);
  } else {
    std::printf("packets sent %llu (idle network, standalone transport)\n", static_cast<unsigned long long>(o.result.packets));
  }
  if (o.getSimulated) {
    std::printf("Get round trip between the two most distant participants %s and %s: %llu cycles (simulated; zero-load formula %llu)\n",
                nodeText(topo, o.getPair.from).c_str(), nodeText(topo, o.getPair.to).c_str(),
                static_cast<unsigned long long>(o.getRoundTrip),
                static_cast<unsigned long long>(o.getPair.zeroLoadRoundTripCycles));
  } else if (o.getPair.from != flit::kInvalidId) {
    std::printf("Get round trip between the two most distant participants: %llu cycles (zero-load formula; no response class to simulate a Get)\n",
                static_cast<unsigned long long>(o.getRoundTrip));
  }
  for (const auto& l : o.tree.left) std::printf("left: %s (%s)\n", nodeText(topo, l.node).c_str(), l.reason.c_str());
  for (const auto& n : o.tree.notes) std::printf("note: %s\n", n.c_str());
}

int barrierBody(const QStringList& args) {
  QCommandLineParser p;
  p.addPositionalArgument(QStringLiteral("scenario"), QStringLiteral("Scenario JSON file."));
  p.addOption({QStringLiteral("bsu"), QStringLiteral("Barrier/eureka unit 0..31 (default 0)."), QStringLiteral("N")});
  p.addOption({QStringLiteral("shape"), QStringLiteral("Tree shape: dimension or min-depth."), QStringLiteral("SHAPE")});
  p.addOption({QStringLiteral("root"), QStringLiteral("Root node."), QStringLiteral("X,Y,Z")});
  p.addOption({QStringLiteral("participants"), QStringLiteral("all, a box X0-X1,Y0-Y1,Z0-Z1, or X,Y,Z;X,Y,Z;..."), QStringLiteral("SET")});
  p.addOption({QStringLiteral("fail-node"), QStringLiteral("Fail a node (repeatable)."), QStringLiteral("X,Y,Z")});
  p.addOption({QStringLiteral("fail-link"), QStringLiteral("Fail a link (repeatable)."), QStringLiteral("X,Y,Z:DIR")});
  p.addOption({QStringLiteral("eureka"), QStringLiteral("One eureka (OP_EUR_B) and its barrier instead of a barrier.")});
  p.addOption({QStringLiteral("load"), QStringLiteral("Run it in the simulator beside data traffic of R flits/node/cycle."), QStringLiteral("R")});
  p.addOption({QStringLiteral("json"), QStringLiteral("Print JSON.")});
  addThreadsOption(p);
  if (!parseArgs(p, args, 1, "usage: flitscope-cli barrier SCENARIO [options]")) return 0;
  const int threads = threadsOption(p);
  const flit::Scenario s = loadScenarioNamed(p.positionalArguments().at(0));
  flit::Topology topo = flit::buildTopology(s);
  const int bsu = p.isSet(QStringLiteral("bsu")) ? static_cast<int>(parseCount(p.value(QStringLiteral("bsu")), "bsu", 0, flit::kBsusPerNode - 1)) : 0;
  std::vector<std::uint8_t> failed(static_cast<std::size_t>(topo.nodeCount()), 0);
  for (const flit::Coord& c : s.failedNodes) failed[static_cast<std::size_t>(topo.nodeAt(c))] = 1;
  for (const QString& v : p.values(QStringLiteral("fail-node"))) {
    failed[static_cast<std::size_t>(parseNodeOption(v.toStdString(), topo, "--fail-node"))] = 1;
  }
  for (const QString& v : p.values(QStringLiteral("fail-link"))) {
    flitapp::checkCoordinateArity(v.toStdString(), topo.dims(), "--fail-link");
    topo.setLinkUp(flit::resolveLinkSpec(topo, flit::parseLinkSpec(v.toStdString(), "--fail-link"), "--fail-link"), false);
  }
  const flit::SyncTreeConfig treeConfig = treeConfigFrom(p, s, topo, bsu);
  const flit::TreeRequest request = flit::treeRequestOf(treeConfig, topo);
  const bool eureka = p.isSet(QStringLiteral("eureka"));
  Outcome o;
  try {
    o.tree = flit::buildSyncTree(topo, request, failed);
  } catch (const std::invalid_argument& e) {
    throw UsageError(std::string("--participants: ") + e.what());
  }
  flit::Scenario run = s;
  for (const QString& v : p.values(QStringLiteral("fail-node"))) run.failedNodes.push_back(flit::parseNodeCoord(v.toStdString(), topo.spec(), "--fail-node"));
  for (const QString& v : p.values(QStringLiteral("fail-link"))) run.failedLinks.push_back(flit::parseLinkSpec(v.toStdString(), "--fail-link"));
  if (p.isSet(QStringLiteral("load"))) {
    o.load = parseRate(p.value(QStringLiteral("load")), "load");
    runLoaded(run, treeConfig, eureka, threads, o);
  } else {
    o.result = flit::runIdleBarrier(topo, o.tree, bsu, flit::SyncHopCosts::fromRouter(s.router), eureka);
    measureFarthestGet(flit::Simulator(machineFor(run, treeConfig, 0.0)), s.router, o);
  }
  if (p.isSet(QStringLiteral("json"))) {
    printJson(topo, bsu, eureka, o);
  } else {
    printText(topo, bsu, eureka, request.shape, o);
  }
  return 0;
}

}  // namespace

int barrierCommand(const QStringList& args) {
  try {
    return guarded("barrier", barrierBody, args);
  } catch (const std::exception& e) {  // SyncError: an inconsistent tree, never expected
    std::fprintf(stderr, "flitscope-cli barrier: %s\n", e.what());
    return 2;
  }
}

}  // namespace flitcli
