// The simulator's configuration and result types (SimConfig, SimTotals,
// SimStats, the fault and deadlock reports, the GUI's flit and packet
// views): what callers of Simulator (engine/sim/simulator.h) read and
// write, apart from the class itself.
#pragma once

#include "analysis/channel_dependency_graph.h"
#include "router/router_config.h"
#include "routing/routing_setup.h"
#include "routing/vc_rule.h"
#include "scenario/intervention.h"
#include "scenario/physical_units.h"
#include "sync/sync_config.h"
#include "topology/topology.h"
#include "traffic/traffic.h"
#include "util/latency_stats.h"

#include <array>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace flit {

struct Scenario;

struct SimConfig {
  TopologySpec topology;
  std::vector<LinkId> failedLinks;
  std::vector<NodeId> failedNodes;       // down from cycle 0
  // Interventions applied while running (scenario timeline); sorted by cycle (stable).
  std::vector<Intervention> timeline;
  // Hot spares (scenario faults.hotSpares; Simulator::setHotSpare): they take
  // over the logical PEs of failed nodes (docs/fault-tolerance.md).
  std::vector<NodeId> hotSpares;
  RouterConfig router;
  TrafficConfig traffic;
  RoutingConfig routing;
  std::uint64_t seed = 1;
  SyncConfig sync;  // barrier/eureka trees and workload (sim/sim_sync.h)
  // true: every failLink/repairLink/failNode/repairNode (and the failed links
  // above, at construction) is followed at once by rebuildRoutes(), so new
  // packets use the rebuilt tables from the next cycle (docs/fault-tolerance.md).
  bool autoRebuild = false;
  // The scenario's "units" (clock, flit width): the engine counts cycles and
  // flits; the reports turn them into ns and MB/s where these are known.
  PhysicalUnits units;
};

// Builds a SimConfig from a loaded scenario (throws ScenarioError).
SimConfig simConfigFromScenario(const Scenario& s);

// Why a packet left the network undelivered (new reasons are appended).
// Issue 4 names: a packet is never lost silently.
enum class DropReason : std::uint8_t {
  RouteThroughFailedLink = 0,  // its route leads into a failed link: dropped at that router
  Misroute,                    // the route left the topology (T3E R_ERR0 bit 56)
  LinkFailed,                  // on a link when it failed (flits on the wire, or its body cut)
  NodeFailed,                  // buffered in, or being injected at, a node when it failed
  RouterReset,                 // buffered in a router when R_RESETS was written (sim/special_network.h)
};
inline constexpr int kDropReasonCount = 5;
// "route-through-failed-link", "misroute", "link-failed", "node-failed", "router-reset"
const char* dropReasonName(DropReason r);

// What Simulator::rebuildRoutes() did (issue 4 "Faults and route rebuilding").
struct RouteRebuildReport {
  bool accepted = false;       // the rebuilt tables are in force from the next cycle
  bool deadlockFree = false;   // the rebuilt tables' channel dependency graph is acyclic
  std::string cycle;           // the cycle, when not deadlock-free
  std::size_t brokenRoutes = 0;         // routed pairs whose rebuilt route does not deliver
  int reroutedEntries = 0;              // LUT entries that avoid a failure (against fresh minimal tables)
  // LUT entries that differ from the tables in force before: in their route
  // fields, or only in the adaptive bit (analysis/route_change.h). A repair
  // changes the entries a failure changed back.
  int changedRouteEntries = 0;
  int changedAdaptiveEntries = 0;
  int adaptiveDisabledEntries = 0;
  int relayedPairs = 0;  // dimension order: pairs reached in two legs (RoutingSetup::relays)
  std::vector<std::pair<NodeId, NodeId>> unreachable;  // (src, dst), both up
  double seconds = 0.0;        // wall time of rebuild + check (not part of the simulation)
  bool performed = false;      // false: no rebuild has run yet
  std::string error;           // the builder refused (e.g. LUT mode 3: no table to rebuild)
  std::uint64_t atCycle = 0;   // the cycle before which it was put in force
  // TRC routes are fixed by the algorithm: a rebuild can only find the pairs
  // whose route meets a failure and refuse them at the source. Direction
  // order (T3E) rewrites its LUT entries; dimension order (XT) gives pairs
  // detours (pairDetours; routing/dor_detours.h), and its
  // changedRouteEntries counts pairs instead of LUT entries.
  bool fixedRoutes = false;
  bool pairDetours = false;
  std::string describe() const;  // one line for a status bar or log
  // Every field, `seconds` (wall time) included: two runs' reports differ in it.
  friend bool operator==(const RouteRebuildReport&, const RouteRebuildReport&) = default;
};

// The channel dependency check of a VC rule put in force
// (Simulator::setVcRule): Dally & Seitz Theorem 1 on the routes then in force.
struct VcRuleCheck {
  bool performed = false;  // false: no rule switched yet
  VcRule rule = VcRule::Tables;
  bool deadlockFree = false;
  std::vector<ChannelVc> cycle;  // one cycle of channel VCs, empty when deadlock-free
  std::string cycleText;         // in flitscope-cli check's naming ("(1,0,0)+X vc0 -> ...")
  std::uint64_t atCycle = 0;     // the cycle before which the rule took effect
};

// One waiting input VC buffer in a deadlock cycle.
struct WaitingVc {
  NodeId node = kInvalidId;
  int port = -1;  // input port: a Direction (the neighbour it comes from) or kProcessorPort
  int vc = -1;
  std::int32_t packet = -1;  // serial of the packet at the buffer's front
  // The channel whose flits this buffer holds (the one entering `node` by
  // `port`); kInvalidId for an injection buffer (processor port).
  ChannelId channel = kInvalidId;
  // Its front is a request's head waiting to be ejected at `node` until its
  // response has room in the node's source queue (the end-point dependency
  // of T3E section 3.3): it waits for the node's injection buffer that holds
  // the responses (router.sharedResponseVcs: on the requests' VCs).
  bool ejecting = false;
};
struct DeadlockReport {
  std::uint64_t detectedCycle = 0;
  std::uint64_t lastMoveCycle = 0;
  std::vector<WaitingVc> cycle;  // each waits for the next; the last waits for the first
  int classes = 1, vcsPerClass = 2;  // the router's, for naming VCs (describeChannelVc)
  // The channel VCs of the cycle (injection buffers left out), in order:
  // TRC Figure 1's four channels on the 4-ring.
  std::vector<ChannelVc> channels() const;
  // One line per buffer, channels named as flitscope-cli check names them
  // ("(3)+X vc0, packet 4, waits for"; "injection at (0) vc0, ...").
  std::string describe(const Topology& topo) const;
};

// SeaStar-style per-port counters (XT paper Table 4), per input port and VC.
struct PortCounters {
  std::array<std::uint64_t, kMaxVcs> packets{};       // RTR_PERF_VCv_PKTS: received
  std::array<std::uint64_t, kMaxVcs> flits{};         // RTR_PERF_VCv_FLITS: received
  std::array<std::uint64_t, kMaxVcs> blockedCycles{}; // RTR_PERF_VCv_BLOCKED
  std::uint64_t stalledCycles = 0;                    // RTR_PERF_STALLED (as an output)
  std::uint64_t flitsSent = 0;                        // link utilisation numerator
  std::uint64_t datelineViolations = 0;               // R_ERR0 bits 5:0 style, per output
  std::uint64_t adaptiveHops = 0;                     // heads that left on the adaptive VC (as an output)
  std::array<std::uint64_t, 4> ageGroups{};           // RTR_AGE_GROUP0/1: ages of heads sent (as an output)
};

struct SimTotals {
  std::uint64_t created = 0;     // packets generated into source queues
  std::uint64_t refused = 0;     // generated while the source queue was full (not created)
  std::uint64_t refusedUnreachable = 0;  // not created: no route from source to destination
  std::uint64_t refusedNodeDown = 0;     // not created: the source or destination is down
  std::uint64_t discarded = 0;   // created, still queued at the source when it failed
  std::uint64_t injected = 0;    // heads that entered the network
  std::uint64_t delivered = 0;
  std::array<std::uint64_t, kDropReasonCount> dropped{};
  std::uint64_t inFlight = 0;    // injected, neither delivered nor dropped
  std::uint64_t datelineCrossings = 0;
  std::uint64_t datelineViolations = 0;
  std::uint64_t responsesCreated = 0;
  std::array<std::uint64_t, kPacketKindCount> deliveredByKind{};
  std::array<std::uint64_t, kPacketKindCount> deliveredFlitsByKind{};
  std::uint64_t adaptiveHops = 0;  // heads that left a router on the adaptive VC (issue 4)
  // Delivered after a later-created packet of the same source and destination
  // (T3E paper section 5: adaptive routing reorders); of those, ordered
  // requests overtaken by a later ordered request (sim/pair_order.h).
  std::uint64_t reordered = 0;
  std::uint64_t reorderedOrdered = 0;
  // Flits of delivered packets by source node (never reset; the GUI's
  // per-source chart takes differences between frames).
  std::vector<std::uint64_t> deliveredFlitsBySource;
  // Heads that left a router, by age group (0-63, 64-127, 128-191,
  // 192-255; XT Table 4 RTR_AGE_GROUP0/1), under the age arbiter.
  std::array<std::uint64_t, 4> ageGroups{};
  std::uint64_t droppedTotal() const {
    std::uint64_t sum = 0;
    for (const auto d : dropped) sum += d;
    return sum;
  }
};

// Measurement window statistics (reset by resetStats(), e.g. after warm-up).
struct SimStats {
  std::uint64_t startCycle = 0;
  std::uint64_t flitsOffered = 0;    // flits of packets generated in the window (incl. refused)
  std::uint64_t flitsDelivered = 0;  // flits ejected in the window
  LatencyStats latency;              // creation -> tail delivered
  LatencyStats networkLatency;       // head injected -> tail delivered
  // Flits of packets delivered in the window, by source node (XT paper
  // Figure 4's bandwidth shares; sized to the node count by startWindow).
  std::vector<std::uint64_t> flitsDeliveredBySource;
  std::array<std::uint64_t, 4> ageGroups{};  // as SimTotals::ageGroups, in the window
};

// A flit as the GUI sees it between cycles.
struct FlitView {
  NodeId node;          // router holding it, or the link's source router
  std::int8_t port;     // input port when buffered; output port (Direction) on a link
  std::int8_t vc;
  bool onLink;
  bool head, tail;
  float progress;       // 0..1 along the link (0 when buffered)
  std::int32_t packet;  // serial
  PacketKind kind;
  std::int16_t age;     // its packet's age 0..255 under the age arbiter (packetAge), else -1
  std::int16_t index;   // flit index in its packet, 0 = head: (packet, index) names a flit
  // Its route differs from the one the tables in force before the last
  // accepted route rebuild (a failure, a repair, a hot spare) would have
  // given it: the packet takes a detour (direction-order routing with LUTs).
  bool rerouted;
};

// A packet in flight as the GUI's follow mode sees it (where it is: its flits,
// collectFlits).
struct PacketView {
  std::int32_t serial = -1;
  NodeId src = kInvalidId, dst = kInvalidId;
  RouteState route;  // as the packet carries it now
  PacketKind kind = PacketKind::Generic;
  std::uint64_t created = 0;
  NodeId legStart = kInvalidId;  // where its current leg began: src, or the relay it left from
  // A relayed pair's packet (RoutingSetup::relays), on either leg.
  bool twoLegs() const { return route.dest != dst || legStart != src; }
};

}  // namespace flit
