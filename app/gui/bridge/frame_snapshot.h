// FrameSnapshot: what the simulation worker hands to the GUI, once per
// published frame (DESIGN.md, "Threads and the stream to the GUI";
// CONVENTIONS.md habit 3). A plain value struct: the worker fills one, wraps
// it in std::shared_ptr<const FrameSnapshot> and never touches it again, so
// any thread may read it without locks. Nothing in here points into live
// engine state.
//
// Units: cycles are router clock cycles since the last reset; rates are
// flits per node per cycle; occupancies are fractions (0..1) of buffer
// capacity.
#pragma once

#include "follow_data.h"
#include "level_of_detail.h"
#include "live_scenario.h"
#include "router/lane_class.h"
#include "view/channel_flits.h"
#include "view/interval_point.h"
#include "router/router_config.h"
#include "topology/ids.h"
#include "analysis/route_change.h"
#include "sim/physical_units.h"
#include "sim/sim_sync.h"

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace flitgui {

// The parts a frame carries for one family only, each behind a pointer:
// their family's room defines them, and only the files that read them
// include it (this header includes no family room).
struct RebuildView;        // torus/rebuild_data.h
struct DatelineView;       // torus/dateline_view.h
struct NodeInspection;     // torus/panel_data.h
struct TagPreview;         // torus/panel_data.h
struct SyncView;           // torus/sync_data.h
struct VcBalanceView;      // torus/vc_balance_data.h
struct LabView;            // torus/lab_data.h
struct DeadlockView;       // torus/lab_data.h
struct CircuitView;        // fat_tree/circuit_data.h
struct CircuitRouterView;  // fat_tree/circuit_data.h

// The lane classes of the machine's VCs, as the engine names them
// (router/lane_class.h: request/response x dateline VC0/VC1, adaptive).
// Charts and packet colours index by it; frame.vcClasses maps each VC to one.
using VcClass = flit::LaneClass;
inline constexpr int kVcClassCount = flit::kLaneClassCount;

// One flit as the 3D view places it: on a channel (by progress along it) or
// inside a router's input buffer.
struct FlitVisual {
  std::int32_t packet = -1;                    // packet serial number (creation order)
  std::int16_t index = 0;                      // flit index in the packet (0 = head): (packet, index) names it
  flit::ChannelId channel = flit::kInvalidId;  // channel it travels on; kInvalidId: buffered in `node`
  flit::NodeId node = flit::kInvalidId;        // router holding it, or the channel's source router
  float progress = 0.0f;                       // 0 at the channel's source .. 1 at its target
  std::int8_t port = -1;                       // input port when buffered (the family's port number)
  VcClass vcClass = VcClass::RequestVc0;
  std::uint8_t flags = 0;  // kFlit* bits below
  std::int16_t age = -1;   // its packet's age 0..255 under the age arbiter (FlitView::age), else -1
};
inline constexpr std::uint8_t kFlitHead = 1;
inline constexpr std::uint8_t kFlitTail = 2;
inline constexpr std::uint8_t kFlitAdaptiveHop = 4;        // its packet took an adaptive hop recently
inline constexpr std::uint8_t kFlitDatelineCrossed = 8;    // its packet switched VC0 -> VC1 recently
inline constexpr std::uint8_t kFlitDatelineViolation = 16; // its packet reached a dateline already on VC1
inline constexpr std::uint8_t kFlitResponse = 32;          // a response packet (T3E section 3.3)
inline constexpr std::uint8_t kFlitRerouted = 64;  // its route changed with the last route rebuild (FlitView::rerouted)

// Statistics for one interval [cycleBegin, cycleEnd): the engine's value
// (view/interval_point.h). The worker samples one per published frame (when
// cycles advanced) and numbers it: `index` is strictly increasing over the
// worker's lifetime, so a consumer appends only points it has not seen.
using StatsPoint = flit::IntervalPoint;

// An intervention on the rewind timeline (the scrubber's markers).
struct TimelineMark {
  std::uint64_t cycle = 0;  // it takes effect before this cycle runs
  std::string text;         // flit::describeIntervention ("cycle 500 failLink 1,2,3:+X")
  bool pending = false;     // recorded after the current cycle (a rewind went back past it)
  friend bool operator==(const TimelineMark&, const TimelineMark&) = default;
};

// Cumulative since the last reset: counts[i] packets had latency in
// [i * binWidthCycles, (i + 1) * binWidthCycles); the last bin is open-ended.
struct LatencyHistogram {
  std::uint32_t binWidthCycles = 1;
  std::vector<std::uint64_t> counts;
};

struct FrameSnapshot {
  std::uint64_t sequence = 0;         // strictly increasing per worker, first frame is 1
  std::uint64_t resetGeneration = 0;  // incremented by every reset; consumers clear history on change
  std::uint64_t cycle = 0;            // cycles simulated since the last reset
  bool running = false;               // the worker is advancing on its own (run, step, run-to)
  std::uint64_t commandsApplied = 0;  // commands applied before this frame was built, in post order
  double speedCyclesPerSecond = 0.0;  // requested speed; 0 = as fast as possible
  double measuredCyclesPerSecond = 0.0;  // engine rate over the last ~0.5 s of running
  int engineThreads = 1;  // the threads the engine's cycle runs on (flit::Simulator::setThreads)

  // The flits in the network, one by one; when there are more than the
  // source's limit (kFlitsDrawnOneByOne), only the followed packet's and
  // those of the open 2D slice's plane (the watch set's slice, watch_set.h), and channelFlits
  // counts all of them per channel (null otherwise).
  std::vector<FlitVisual> flits;
  std::shared_ptr<const flit::ChannelFlits> channelFlits;
  std::uint64_t flitsInNetwork = 0;  // listed or counted
  // Per ChannelId: flits per cycle, exponentially weighted over the last
  // few hundred cycles (flit::LinkLoad, tau 256 cycles).
  std::vector<float> channelUtilization;
  // The last route rebuild: its report, cause, the routes it changed (the
  // detour view, Shift+H) and the blocked routes of unreachable pairs
  // (torus/rebuild_data.h); null before the first rebuild.
  std::shared_ptr<const RebuildView> rebuild;
  // Its changed routes as channels (shares `rebuild`'s ownership): what the
  // family-neutral detour view (LinkHeatInstancing) draws.
  std::shared_ptr<const flit::RouteChange> routeChange;
  std::vector<std::uint8_t> linkUp;       // per LinkId, 1 up / 0 failed
  std::vector<std::uint8_t> nodeUp;       // per NodeId, 1 up / 0 failed (Simulator::nodeUp)
  LatencyHistogram latencyHistogram;
  std::uint64_t packetsInFlight = 0;
  std::uint64_t packetsDelivered = 0;  // since reset
  std::uint64_t packetsDropped = 0;    // since reset
  // Since reset: packets that entered the network (a fat-tree: messages
  // created). Nothing is lost: packetsInjected == packetsDelivered +
  // packetsDropped + packetsInFlight (the GUI soak checks it every action).
  std::uint64_t packetsInjected = 0;
  // Since reset: delivered after a later packet of the same source and
  // destination (adaptive routing reorders, T3E paper section 5;
  // sim/pair_order.h); a fat-tree: 0.
  std::uint64_t packetsReordered = 0;
  // Outcome of the last route rebuild after a link was failed or repaired
  // (Simulator::rebuildRoutes, RouteRebuildReport::describe: rerouted
  // entries, unreachable pairs, deadlock-free or the cycle, time); empty
  // before the first. unreachablePairs: pairs refused at their source.
  std::string routeRebuild;
  std::uint64_t unreachablePairs = 0;
  double injectionRateFlitsPerNodeCycle = 0.0;  // the traffic generator's offered load now
  std::string trafficPattern;     // the engine's pattern name now ("uniform", ...)
  // The machine's clock and what a unit of the throughput chart carries in
  // bytes (a torus: the scenario's "units", a flit; a fat-tree: RN1's 100
  // MHz and its byte-wide channels); {0, 0}: cycles and flits only.
  flit::PhysicalUnits units;
  bool adaptive = false;          // adaptive routing switched on (T3E paper section 2.4)
  bool adaptiveAvailable = false; // Simulator::adaptiveAvailable(): the switch may be offered

  // Arbitration (Simulator::arbiter, config().router.age) and what the
  // arbitration charts take differences of: cumulative since the last reset,
  // never restarted by the per-interval statistics (SimTotals).
  flit::ArbiterKind arbiter = flit::ArbiterKind::RoundRobin;
  flit::AgeConfig age;
  // Bit k set: this machine cannot run under ArbiterKind k
  // (flit::arbiterUnavailableReason), so the window does not offer it.
  std::uint8_t arbitersRefused = 0;
  // The router's VC layout: per VC index its class (the legend lists the
  // classes the machine has, with their VC numbers); empty when unknown.
  std::vector<VcClass> vcClasses;
  std::vector<std::uint64_t> deliveredFlitsBySource;  // per NodeId: flits of delivered packets
  std::array<std::uint64_t, 4> ageGroups{};           // heads sent with age 0-63, 64-127, 128-191, 192-255
  // The counters above at the cycle the window last switched the arbiter
  // (null: not switched since the reset): the arbitration charts' window
  // starts there, even when a run at full speed went on past the switch
  // before any frame was taken.
  struct ArbiterSwitch {
    std::uint64_t cycle = 0;
    std::vector<std::uint64_t> deliveredFlitsBySource;
    std::array<std::uint64_t, 4> ageGroups{};
  };
  std::shared_ptr<const ArbiterSwitch> arbiterSwitch;

  // Statistics points the GUI has not taken yet, oldest first (bounded: when
  // the GUI stalls, the oldest are dropped and statsDropped counts them).
  std::vector<StatsPoint> stats;
  std::uint64_t statsDropped = 0;

  // Rewind (flit::CheckpointStore): the last cycle of the run as recorded
  // (the scrubber's range; == cycle unless rewound), every intervention on
  // it, how many of them lie after `cycle` (a run on keeps or drops them),
  // and the checkpoints' memory and its bound. Timeline shared between
  // frames while it does not change.
  std::uint64_t lastCycle = 0;
  std::shared_ptr<const std::vector<TimelineMark>> timeline;
  std::uint64_t pendingInterventions = 0;
  std::uint64_t checkpointBytes = 0;
  std::uint64_t checkpointBudgetBytes = 0;

  // The most recent command the engine rejected (empty when none), and how
  // many were rejected so far: the GUI shows a new message when the count moves.
  std::string commandError;
  std::uint64_t commandErrorCount = 0;

  // Follow mode (follow_data.h): the followed packet's state and route (null
  // when no packet is followed), and the datelines with their counts.
  std::shared_ptr<const FollowedPacket> followed;
  std::shared_ptr<const DatelineView> datelines;  // null: no rings (a fat-tree)

  // Side panel (panel_data.h): the inspected node's buffers, counters and
  // LUT (null when no node is inspected), and the answer to the newest tag
  // preview request (kept in every frame until the next one).
  std::shared_ptr<const NodeInspection> inspection;
  std::shared_ptr<const TagPreview> tagPreview;
  // Hot spares (Simulator::setHotSpare): per NodeId 1 = a spare; and per
  // NodeId the home node of the logical PE it holds now (itself unless a
  // spare took over a failed node's PE, or the failed node took the spare's).
  std::vector<std::uint8_t> hotSpare;
  std::vector<flit::NodeId> peHome;
  // The barrier/eureka networks (sync_data.h): null unless watched
  // (the watch set's sync part: the synchronization panel open or the tree overlay on).
  std::shared_ptr<const SyncView> sync;
  // The VC balance of the routes in force (vc_balance_data.h): null unless
  // watched (the watch set's vcBalance: the VC-balance section or overlay).
  std::shared_ptr<const VcBalanceView> vcBalance;
  // The deadlock lab (lab_data.h): the watchdog's cycle of waiting VC
  // buffers, in every frame once the engine stopped on a deadlock (null
  // otherwise); the dependency check of the routes in force and its graph,
  // only while the lab is open (the watch set's lab; null otherwise).
  std::shared_ptr<const DeadlockView> deadlock;
  std::shared_ptr<const LabView> lab;
  // A fat-tree's circuits (circuit_data.h; null for a torus): counters and
  // the recent discards in every frame; the inspected RN1's ports while one
  // is inspected (the watch set's inspectedNode).
  std::shared_ptr<const CircuitView> circuit;
  std::shared_ptr<const CircuitRouterView> circuitRouter;
  // The answer to the newest CaptureScenarioCommand (null before the first).
  std::shared_ptr<const LiveScenario> liveScenario;
};

using FramePtr = std::shared_ptr<const FrameSnapshot>;

}  // namespace flitgui
