// The cycle-accurate, flit-level torus simulator (docs/engine.md).
//
// One Simulator owns the whole machine state in flat arrays indexed by dense
// ids (node, port, VC); step() advances one router clock cycle in a fixed
// order (link and credit arrivals, traffic, injection, allocation and switch
// traversal, watchdog). Only routers holding flits (a bitmap; their ready
// fronts found by one compare of per-lane ready cycles) and nodes with
// queued packets are visited; flits and credits in flight live in a timing
// wheel. No allocation per flit: packet records are pooled.
//
// Not thread-safe: one thread (the GUI worker, a test, the CLI) owns and
// steps it. Read accessors are cheap and meant to be called between cycles.
// Within a cycle it may use more threads of its own (setThreads; the
// parallel cycle, sim/parallel_cycle.h), with the same results.
#pragma once

#include "router/arbiter.h"
#include "sim/cycle_policy.h"
#include "sim/fault_book.h"
#include "sim/sim_packets.h"
#include "sim/parallel_cycle.h"
#include "util/observer_slot.h"
#include "router/route_cache.h"
#include "router/router_config.h"
#include "router/router_steps.h"
#include "analysis/route_dependencies.h"
#include "routing/routing_setup.h"
#include "sim/sim_events.h"
#include "sim/sim_sync.h"
#include "sim/special_network.h"
#include "sim/sim_types.h"
#include "topology/topology.h"
#include "traffic/rng.h"
#include "traffic/traffic.h"

#include <array>
#include <cstdint>
#include <functional>
#include <new>
#include <optional>
#include <stop_token>
#include <string>
#include <utility>
#include <vector>

namespace flit {

// Built on the routers' core and steps (router/router_core.h,
// router/router_steps.h), whose Host it is, on the packets' state
// (sim/sim_packets.h) and on the faults' (sim/fault_book.h): their arrays
// are the Simulator's own; the rules of
// set-up, traffic, faults, interventions, statistics and events are here.
class Simulator : private RouterSteps<Simulator>, private SimPackets, private TimingWheel,
                  private FaultBook {
  friend class RouterSteps<Simulator>;
 public:
  using RouterCore::bufferSlots;
  using RouterCore::cycle;
  using RouterCore::vcCount;
  explicit Simulator(const SimConfig& cfg);  // throws ScenarioError on inconsistent config
  // The whole state is a value (copy and move are the implicit ones): a
  // copy is a checkpoint (sim/checkpoints.h) and assigning one back restores
  // it. Observers are not part of the state (util/observer_slot.h): a copy
  // has none, an assignment keeps the target's.
  // An estimate of the bytes a copy takes (its arrays and tables;
  // simulator_memory.cpp): what the checkpoint store counts.
  std::size_t memoryBytes() const;
  // The bytes a machine of this configuration takes at most (every buffer
  // and source queue full), known before anything is allocated; and the
  // guard the constructor runs first (issue 41): ScenarioError when that is
  // more than `available` (availableMemoryBytes(); nullopt: not checked), or
  // when the buffers hold more flit slots than the engine indexes (2^32).
  static std::uint64_t plannedBytes(const SimConfig& cfg);
  static void checkFitsInMemory(const SimConfig& cfg, std::optional<std::uint64_t> available);

  // Advances one cycle. Returns false (and does nothing) once deadlocked.
  bool step();
  // Runs up to n cycles; stops early on deadlock. Returns cycles run.
  std::uint64_t run(std::uint64_t n);

  // The threads a cycle's allocation runs on (1: the caller's only). The
  // results are the same for any count (sim/parallel_cycle.h); not part of
  // the state: a copy runs on one. Throws std::invalid_argument outside
  // 1..kMaxCycleThreads.
  void setThreads(int threads) {
    threads_.set(threads);
    layOutOccupied(threads > 1 ? 3 : 0);
  }
  int threads() const { return threads_.count(); }

  void setObserver(SimObserver* obs) { observer_ = obs; }  // nullptr: no events
  SimObserver* observer() const { return observer_.get(); }
  // Creates one packet now (besides the traffic generator), e.g. a packet a
  // person sends from the GUI or a test. False when src's source queue is
  // full or src == dst. Throws std::out_of_range for a bad node.
  // `ordered`: an ordered request that never adapts (T3E paper section 5).
  bool injectPacket(NodeId src, NodeId dst, PacketKind kind = PacketKind::Generic,
                    bool ordered = false);
  void setInjectionRate(double flitsPerNodeCycle);
  // Changes the destination pattern between cycles (the rate, mix and
  // hotspot stay). Throws std::invalid_argument naming "pattern" when the
  // value is not a TrafficPattern or the topology cannot serve it (e.g.
  // transpose with kx != ky).
  void setTrafficPattern(TrafficPattern pattern);
  // Adaptive routing on/off between cycles (scenario router.adaptiveRouting;
  // docs/routing.md "Adaptive routing"). On: heads whose tag has bit 37 set
  // and that are not ordered request the adaptive VC too. Off: every packet
  // routes deterministically (packets already on the adaptive VC finish on
  // the deterministic network). Throws std::invalid_argument naming
  // "enabled" when turning it on for a machine without an adaptive VC
  // (router.adaptiveVcs 0), without direction-order routing or with the
  // non-speculative router (adaptiveUnavailableReason says which).
  void setAdaptive(bool enabled);
  bool adaptive() const { return adaptiveOn_; }
  // flit::adaptiveUnavailableReason for this machine.
  const char* adaptiveUnavailableReason() const { return flit::adaptiveUnavailableReason(cfg_.router, routing_.algorithm); }
  bool adaptiveAvailable() const { return adaptiveUnavailableReason() == nullptr; }
  // The two requests of the head at the front of input VC (n, port, vc)
  // (T3E paper section 7): the deterministic output (a Direction, or
  // kProcessorPort to deliver) and the adaptive output (a Direction, -1:
  // none). Both -1 when no routed head is at the front.
  struct HeadRequests { int deterministic = -1; int adaptive = -1; };
  HeadRequests headRequests(NodeId n, int port, int vc) const;
  // Run-time faults between cycles (docs/fault-tolerance.md has the rules:
  // which packets drop with which reason, what is refused at the source,
  // what a repair brings back; nothing leaks). Routes are rebuilt only by
  // rebuildRoutes() or when config().autoRebuild. std::out_of_range: bad id.
  void failLink(LinkId link);
  void repairLink(LinkId link);
  void failNode(NodeId node);
  void repairNode(NodeId node);
  bool nodeUp(NodeId node) const { return nodeUp_[static_cast<std::size_t>(node)] != 0; }
  // Hot spares (T3E paper section 9; docs/fault-tolerance.md "Hot spares in
  // the running simulator"): at every route rebuild the logical PE of each
  // failed node moves to an up spare. Returns the rebuild's report
  // (performed = false: no PE moved). Throws ScenarioError naming "node",
  // "routing.algorithm" (no LUTs) or "routing.lutMode" (not mode 0).
  RouteRebuildReport setHotSpare(NodeId node, bool spare);
  bool hotSpare(NodeId node) const { return hotSpare_[static_cast<std::size_t>(node)] != 0; }
  // The home node (default numbering, PeMap(topology)) of the logical PE
  // `node` holds now: `node` itself unless a hot-spare move renamed it.
  NodeId peHomeOf(NodeId node) const;
  void setAutoRebuild(bool on) { cfg_.autoRebuild = on; }
  // Recomputes the routing setup for the failed links and nodes now in force
  // (rebuildVerified: fresh minimal tables, the fault-avoiding builder, the
  // channel dependency graph must be acyclic and every route deliver) and
  // puts it in force between cycles; a rejected rebuild keeps the old tables.
  // Packets already created keep their tags. Traffic to a pair reported
  // unreachable is refused at the source (refusedUnreachable). Manual
  // setLutEntry edits are replaced by the rebuilt tables.
  RouteRebuildReport rebuildRoutes();
  // A stop token the rebuild's dependency check asks between destinations
  // (null: never stopped; it must outlive the Simulator). The window's worker
  // watches its own, so that loading another scenario does not wait for the
  // check of a big machine's routes: a rebuild cut short is not accepted and
  // says so in its report's `error`.
  void watchStop(const std::stop_token* stop) { stop_ = stop; }
  const RouteRebuildReport& lastRebuild() const { return lastRebuild_; }
  // The route tables in force before the last accepted rebuild (null before
  // the first): analysis/route_change.h compares them with routing().
  const std::shared_ptr<const RoutingSetup>& routesBefore() const { return routesBefore_; }
  // VC rules and tables (routing/vc_rule.h; simulator_vc_rule.cpp), between
  // cycles (packets keep their VC; later hops follow), then the channel
  // dependency check (lastVcRuleCheck). ScenarioError naming routing.vcRule
  // (dateline VC pairs missing) or routing.vcTables (cyclic: refused).
  void setVcRule(VcRule rule);
  void setVcTables(const VcTablesConfig& tables);
  VcRule vcRule() const { return cfg_.routing.vcRule; }
  VcRuleCheck checkVcRule() const;  // the dependency check of the routes in force
  // With this machine's nodes and classes; `stop`: DependencyCheckOptions::stop.
  DependencyCheck dependencyCheck(const RoutingSetup& setup, std::stop_token stop = {}) const;
  const VcRuleCheck& lastVcRuleCheck() const { return lastVcCheck_; }
  // Pairs refused at the source by the last accepted rebuild (both up).
  std::size_t unreachablePairs() const { return unreachablePairs_; }
  // The routing setup in force (GUI: a node's LUT, path tracing).
  const RoutingSetup& routing() const { return routing_; }
  // Run-time R_NET_LUT edit (direction order only): takes effect for packets
  // created afterwards. Throws ScenarioError naming the field ("node",
  // "lutIndex", "tag: X_ADR: ..." from validateTag, "routing.algorithm").
  void setLutEntry(NodeId node, int lutIndex, std::uint64_t tag);
  // Puts back the entry the generator or the last accepted rebuild made.
  void restoreGeneratedLutEntry(NodeId node, int lutIndex);
  std::uint64_t generatedLutEntry(NodeId node, int lutIndex) const;
  void resetStats();  // starts the measurement window at the current cycle
  // Interventions (scenario/intervention.h, simulator_interventions.cpp): apply()
  // makes the call its kind names now, between cycles, and records it stamped
  // with cycle(); cfg.timeline's entries are applied so before their cycle.
  // With autoRebuild, fault kinds rebuild the routes once before the next cycle
  // runs (so a replay rebuilds where the run did). Throws what the call throws.
  void apply(const Intervention& i);
  const std::vector<Intervention>& applied() const { return applied_; }

  // Arbitration between cycles (scenario router.arbiter; the XT's age
  // arbiter: XT paper section 2, router/arbiter.h). Switching to Age starts
  // every router's age clock afresh (timestamp 0, epoch 0) and counts every
  // packet whose head waits in a router as arriving there now with age 0;
  // heads on links or in source queues age from their next arrival. Throws
  // ScenarioError naming "router.arbiter" when the machine cannot use it
  // (age with an adaptive VC).
  void setArbiter(ArbiterKind a);
  ArbiterKind arbiter() const { return cfg_.router.arbiter; }
  // The aging parameters (router.age), between cycles: a new clock period
  // reloads every router's countdown ("a write to AGE_CLK_PERIOD ...
  // updates age_clk_period_reg", XT section 2.3.3); biases apply to packets
  // arriving afterwards. Throws ScenarioError naming the field
  // ("router.age.clockPeriodCycles: must be >= 1, got 0").
  void setAgeConfig(const AgeConfig& age);
  // The age (0..255) a packet in flight has now: at the router holding its
  // head, as Procedure 2 would compute it this cycle; on a link, the age its
  // header carries. -1 when the arbiter is not Age.
  int packetAge(std::int32_t serial) const;
  // A router's age clock as of this cycle (XT Table 2; tests, inspector).
  AgeClock ageClock(NodeId n) const;

  const Topology& topology() const { return topo_; }
  const SimConfig& config() const { return cfg_; }
  const SimTotals& totals() const { return totals_; }
  const SimStats& stats() const { return stats_; }
  bool deadlocked() const { return deadlocked_; }
  // The barrier/eureka networks (sim/sim_sync.h); nullptr without sync trees.
  const SimSync* sync() const { return sync_ ? &*sync_ : nullptr; }
  SimSync* sync() { return sync_ ? &*sync_ : nullptr; }
  // The special (delta) network (sim/special_network.h; simulator_special.cpp):
  // null until the first SPUT or SGET (InterventionKind::SpecialPut/Get).
  const SpecialNetwork* specialNetwork() const { return special_ ? &*special_ : nullptr; }
  // R_RESETS: every packet with a flit in the router's buffers is dropped
  // (router-reset) and the watchdog starts again; between cycles.
  void resetRouter(NodeId node);
  const DeadlockReport& deadlockReport() const { return deadlock_; }

  // Per input port (node * kPortsPerNode + port) counters.
  PortCounters portCounters(NodeId n, int port) const;
  int bufferedFlits(NodeId n, int port, int vc) const {
    return ivcs_[static_cast<std::size_t>(ivcIndex(n, port, vc))].count;
  }
  // Mean flits buffered in this input VC over the measurement window.
  double meanOccupancy(NodeId n, int port, int vc) const;
  // Flits sent on the channel leaving n in direction `port`, per window cycle.
  double linkUtilization(NodeId n, int port) const;

  // Counts packets by walking buffers, links and injectors (independent of
  // the totals_ counters): the accounting invariant's other side.
  std::uint64_t auditInFlight() const;
  // Credit-flow check for tests (simulator_faults.cpp): for every output VC,
  // credits + flits buffered downstream + flits on the wire + credits on
  // the way back = the downstream buffer's depth; with nothing in flight no
  // output VC is held. Empty when consistent, else the first problems.
  std::string auditCredits() const;
  // Every flit in a buffer or on a link (for frame snapshots; FlitView).
  void collectFlits(std::vector<FlitView>& out) const;
  // The packet with this serial while it is in flight (created, neither
  // delivered nor dropped), else nullopt. Scans the packet pool: for one
  // followed packet per frame, not for hot loops.
  std::optional<PacketView> packetBySerial(std::int32_t serial) const;

 private:
  bool refuseAtSource(NodeId src, NodeId dst);  // counts the refusal (faults: simulator_faults.cpp)
  bool pairBlocked(NodeId src, NodeId dst) const;  // the last rebuild left no route src -> dst
  void failLinkState(LinkId link);
  void applyDueInterventions();  // cfg_.timeline's entries due now, then a rebuild due
  void collectOnChannel(ChannelId ch, std::vector<std::int32_t>& doomed);
  void purge(const std::vector<std::int32_t>& doomed, DropReason reason);
  bool purgeInputVc(int ivc, const std::vector<std::uint8_t>& isDoomed);
  void discardSourceQueues(NodeId n);
  void checkLutEdit(NodeId node, int lutIndex) const;
  void putVcSetupInForce(const RoutingConfig& next);  // simulator_vc_rule.cpp

  template <class P>
  void processArrivals();
  // The entries for routers [lo, hi) (kAll: every entry, one part).
  template <class P, bool kAll>
  void arrivalsFor(CycleOutbox& ob, NodeId lo, NodeId hi);
  void mergeInWheelOrder(CycleOutbox* parts, int count);
  void generateTraffic();
  template <class P>
  void injectFlits();
  template <class P, bool kAll>
  void injectFor(CycleOutbox& ob, NodeId lo, NodeId hi);  // the sources among routers [lo, hi) (kAll: all)
  template <class Job>
  void inParts(std::size_t entries, Job job);  // job(all, outbox, lo, hi) per part of the routers, then the effects
  // Allocation and switch traversal of every router holding flits, in parts
  // on threads_ (sim/parallel_cycle.h); the parts' outboxes merged after.
  template <class P>
  void allocate();
  void mergeParts(CycleOutbox* parts, int count);
  // What a router does beyond its rows (sim/parallel_cycle.h): applied at
  // once with one part, after the phase with more (simulator_hot.h).
  void effect(CycleOutbox& ob, const CycleEffect& e);
  void applyEffect(const CycleEffect& e);
  void count(CycleOutbox& ob, std::uint64_t& counter);  // ++counter, so
  void publishFrom(CycleOutbox& ob, SimEventKind k, std::int32_t serial, NodeId node, int port, int vc,
                   std::int64_t aux);  // publish(...), so
  template <class Arbiter>
  Arbiter arbiterAt(NodeId n);  // the policy for router n's visit (its state, if any)
  int adaptiveOutput(NodeId n, const Packet& p) const;  // -1: no adaptive request
  void noteHeadLeft(CycleOutbox& ob, NodeId n, int inPort, int vc, int out, int outVc, std::int32_t pkt);
  void applyDatelineSelection(CycleOutbox& ob, NodeId n, int inPort, int vc, int out, std::int32_t pkt, bool crossed,
                              bool violation);
  // The other hooks of the router's steps (router/router_steps.h; simulator_hot.h).
  bool responseQueueFull(NodeId n, std::int32_t pkt) const;  // a request's head may not eject
  void reserveResponse(NodeId n, std::int32_t pkt);          // ... it does: its response's slot
  void ejectTail(CycleOutbox& ob, NodeId n, std::int32_t pkt);
  void noteHeadHop(CycleOutbox& ob, NodeId n, int out, int outVc, std::int32_t pkt);
  std::uint16_t ageHeaderOf(std::int32_t pkt) const { return packets_[static_cast<std::size_t>(pkt)].ageHeader; }
  int adaptiveRequest(NodeId n, std::int32_t pkt) const { return adaptiveOutput(n, packets_[static_cast<std::size_t>(pkt)]); }
  RouteState& routeOf(std::int32_t pkt) { return packets_[static_cast<std::size_t>(pkt)].route; }
  void misrouted(std::int32_t pkt) {
    packets_[static_cast<std::size_t>(pkt)].dropReason = static_cast<std::uint8_t>(DropReason::Misroute);
  }
  void routedIntoFailedLink(std::int32_t pkt) {
    packets_[static_cast<std::size_t>(pkt)].dropReason = static_cast<std::uint8_t>(DropReason::RouteThroughFailedLink);
  }
  const RouteCache& routeCache() const { return routeCache_; }
  // The hot loop's functions take the cycle's policies as one type P, a
  // CyclePolicy (sim/cycle_policy.h): P::Routing, P::Arbiter, P::Flow,
  // P::kSpeculative and P::kAge, known at compile time, so that one
  // policy's hot loop does not test another's settings.
  CycleSelection cycleSelection() const;  // the settings in force, for withCyclePolicy
  template <class P>
  void runCycle();                                 // arrivals, traffic, injection, allocation
  void headArrived(CycleOutbox& ob, NodeId n, int inPort, int vc);  // outside the cycle: the policies in force
  void drainFront(CycleOutbox& ob, NodeId n, int inPort, int vc);
  template <class P>
  void pushFlit(CycleOutbox& ob, NodeId n, int port, int vc, FlitSlot f);
  void deliver(NodeId n, std::int32_t pkt);
  void relay(NodeId n, std::int32_t pkt);  // a relayed packet's first leg ends at n (simulator.cpp)
  void routeLeg(Packet& p, NodeId from, TieBits drawn);  // its next leg: to p.dst or to a relay
  // The destination's end-point pipeline (wheelEjections_): a packet whose
  // tail left now, delivered ejectExtraCycles later; the packets due now.
  void deliverLater(NodeId n, std::int32_t pkt);
  void deliverEjected();
  void drop(std::int32_t pkt, DropReason r);
  // `rng`: the simulator's generator (generateTraffic's working copy of it).
  std::int32_t newPacket(NodeId src, NodeId dst, PacketKind kind, Rng& rng);
  bool enqueue(NodeId n, int cls, std::int32_t pkt);
  // A new packet into the source's end-point pipeline (wheelStarts_): it
  // joins the source queue injectExtraCycles later, at once when that is 0.
  // False when the queue and the pipeline hold sourceQueuePackets already.
  bool startPacket(NodeId n, int cls, std::int32_t pkt);
  void queueStarted();  // the packets whose pipeline ends this cycle
  void checkWatchdog();
  void buildDeadlockReport();
  void publish(SimEventKind k, std::int32_t pkt, NodeId node, int port, int vc, std::int64_t aux);

  SimConfig cfg_;
  Topology topo_;
  RoutingSetup routing_;
  RouteCache routeCache_;
  TrafficSource traffic_;
  Rng rng_;
  ObserverSlot<SimObserver> observer_;
  int classes_ = 1;
  const std::stop_token* stop_ = nullptr;  // watchStop

  // The age arbiter (router/arbiter.h AgeArbiter; simulator_age.cpp).
  bool ageOn_ = false;             // cfg_.router.arbiter == Age
  std::vector<AgeRouterState> ageRouters_;  // per node, while ageOn_
  // Router n's age state, its clock ticked up to this cycle (simulator_hot.h).
  AgeRouterState& ageRouter(NodeId n);
  AgeClock ageClockNow(NodeId n) const;     // the same without changing state
  void ageArrive(NodeId n, int port, int vc, std::int32_t pkt);  // Procedure 1
  void ageDepart(CycleOutbox& ob, NodeId n, int out, std::int32_t pkt);           // Procedure 2, lines 13-14
  void ageRelease(Packet& p);      // a drop: its count is released where it waits
  void startAging();               // setArbiter(Age) / constructor
  int ageOf(const Packet& p) const;
  bool adaptiveOn_ = false;  // the cycle runs AdaptiveRouting (cycleSelection)
  bool oneFlit_ = false;     // every packet one flit long: the cycle runs OneFlitFlow
  bool drawsTies_ = false;  // tieRule "random", dimension order: newPacket draws tie bits (routing/tie_rule.h)
  std::size_t nextTimelineEntry_ = 0;  // next cfg_.timeline entry to apply
  bool rebuildDue_ = false;            // apply(): a fault under autoRebuild, not rebuilt yet
  std::vector<Intervention> applied_;
  std::optional<SimSync> sync_;   // simulator_sync.cpp: advanceSync each cycle,
  std::vector<NodeId> syncBusy_;  // marking these routers' syncBusyOut
  void advanceSync();
  void syncOperate(const Intervention& i);
  std::optional<SpecialNetwork> special_;  // simulator_special.cpp
  void specialOperate(const Intervention& i);
  void advanceSpecial();
  friend class SimulatorSpecialHost;

  void endPacket(std::int32_t pkt);  // dropped or discarded: its slot back, its pair's count down

  SimTotals totals_;
  SimStats stats_;
  std::uint64_t lastMoveCycle_ = 0;
  bool deadlocked_ = false;
  CycleThreads threads_;  // setThreads; not state
  DeadlockReport deadlock_;

  // Hot spares (simulator_spares.cpp).
  void initHotSpares();  // constructor: cfg_.hotSpares, checked
  void checkHotSpareRouting(const std::string& field) const;
  PeMap sparePeMap() const;  // the default numbering with the spare moves for the nodes down now
  void applyHotSpares(RoutingSetup& fresh) const;  // rebuildRoutes: fresh tables for sparePeMap()
  void updateSpareDestinations();  // traffic_ follows routing_.peMap
};

}  // namespace flit
