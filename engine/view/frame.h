// Frame: what a window shows of a run at one cycle, built by the engine
// (issue 37: frames built by the engine): a k-ary n-cube's by TorusRun
// (view/torus_run.h), a circuit network's by CircuitRun (view/circuit_run.h).
// A plain value: nothing in it points into live engine state, so the thread
// that built it hands it to any other without locks. It has operator== (the
// parts behind pointers compared by value) and a readable print, so engine
// tests compare whole frames.
//
// The window's FrameSnapshot (app/gui/bridge/frame_snapshot.h) is a Frame
// plus what the window's worker adds (sequence, speed, errors, the charts'
// points).
//
// Units: cycles are router clock cycles since the last reset; rates are
// flits per node per cycle; occupancies are fractions (0..1) of buffer
// capacity.
#pragma once

#include "analysis/route_change.h"
#include "router/lane_class.h"
#include "router/router_config.h"
#include "scenario/physical_units.h"
#include "topology/ids.h"
#include "view/channel_flits.h"
#include "view/latency_histogram.h"

#include <array>
#include <cstdint>
#include <iosfwd>
#include <memory>
#include <string>
#include <vector>

namespace flit {

struct RebuildView;      // view/rebuild_view.h
struct DatelineView;     // view/dateline_view.h
struct NodeInspection;   // view/node_inspection.h
struct TagPreview;       // view/node_inspection.h
struct SyncView;         // view/sync_view.h
struct SpecialView;      // view/special_view.h
struct VcBalanceView;    // view/vc_balance_view.h
struct LabView;          // view/lab_view.h
struct DeadlockView;     // view/lab_view.h
struct FollowedPacket;   // view/followed_packet.h
struct CircuitView;      // view/circuit_view.h
struct CircuitRouterView;  // view/circuit_view.h

// One flit as the 3D view places it: on a channel (by progress along it) or
// inside a router's input buffer.
struct FrameFlit {
  std::int32_t packet = -1;          // packet serial number (creation order)
  std::int16_t index = 0;            // flit index in the packet (0 = head): (packet, index) names it
  ChannelId channel = kInvalidId;    // channel it travels on; kInvalidId: buffered in `node`
  NodeId node = kInvalidId;          // router holding it, or the channel's source router
  float progress = 0.0f;             // 0 at the channel's source .. 1 at its target
  std::int8_t port = -1;             // input port when buffered (the family's port number)
  LaneClass vcClass = LaneClass::RequestVc0;
  std::uint8_t flags = 0;  // kFlit* bits below
  std::int16_t age = -1;   // its packet's age 0..255 under the age arbiter (FlitView::age), else -1
  friend bool operator==(const FrameFlit&, const FrameFlit&) = default;
};
inline constexpr std::uint8_t kFlitHead = 1;
inline constexpr std::uint8_t kFlitTail = 2;
inline constexpr std::uint8_t kFlitAdaptiveHop = 4;        // its packet took an adaptive hop recently
inline constexpr std::uint8_t kFlitDatelineCrossed = 8;    // its packet switched VC0 -> VC1 recently
inline constexpr std::uint8_t kFlitDatelineViolation = 16; // its packet reached a dateline already on VC1
inline constexpr std::uint8_t kFlitResponse = 32;          // a response packet (T3E section 3.3)
inline constexpr std::uint8_t kFlitRerouted = 64;  // its route changed with the last route rebuild (FlitView::rerouted)

// An intervention on the rewind timeline (the scrubber's markers).
struct TimelineMark {
  std::uint64_t cycle = 0;  // it takes effect before this cycle runs
  std::string text;         // describeIntervention ("cycle 500 failLink 1,2,3:+X")
  bool pending = false;     // recorded after the current cycle (a rewind went back past it)
  friend bool operator==(const TimelineMark&, const TimelineMark&) = default;
};

// The arbitration counters at the cycle the arbiter was last switched: the
// arbitration charts' window starts there.
struct ArbiterSwitch {
  std::uint64_t cycle = 0;
  std::vector<std::uint64_t> deliveredFlitsBySource;
  std::array<std::uint64_t, 4> ageGroups{};
  friend bool operator==(const ArbiterSwitch&, const ArbiterSwitch&) = default;
};

// A k-ary n-cube's extras (TorusRun), each null unless there is something
// to show or the watch set asks for it.
struct TorusExtras {
  // The last route rebuild: its report, cause, changed routes and the
  // blocked routes of unreachable pairs (null before the first).
  std::shared_ptr<const RebuildView> rebuild;
  std::shared_ptr<const DatelineView> datelines;  // the rings' datelines and their counts
  // The inspected node (WatchSet::inspectedNode) and the newest tag
  // preview's answer (WatchSet::tagPreview).
  std::shared_ptr<const NodeInspection> inspection;
  std::shared_ptr<const TagPreview> tagPreview;
  // The barrier/eureka networks (WatchSet::sync), the VC balance of the
  // routes in force (WatchSet::vcBalance).
  std::shared_ptr<const SyncView> sync;
  std::shared_ptr<const VcBalanceView> vcBalance;
  // The watchdog's deadlock (once the engine stopped on one) and the
  // deadlock lab's dependency check of the routes in force (WatchSet::lab).
  std::shared_ptr<const DeadlockView> deadlock;
  std::shared_ptr<const LabView> lab;
  // The special network's packets and counts, once the run has sent one.
  std::shared_ptr<const SpecialView> special;
  friend bool operator==(const TorusExtras& a, const TorusExtras& b);  // by value
};

// A circuit network's extras (CircuitRun): the counters and recent discards
// in every frame; the inspected RN1's (or endpoint's) ports while one is
// inspected (WatchSet::inspectedNode).
struct CircuitExtras {
  std::shared_ptr<const CircuitView> view;
  std::shared_ptr<const CircuitRouterView> router;
  friend bool operator==(const CircuitExtras& a, const CircuitExtras& b);  // by value
};

struct Frame {
  std::uint64_t cycle = 0;  // cycles simulated since the last reset
  int engineThreads = 1;    // the threads the engine's cycle runs on (Simulator::setThreads)

  // The flits in the network, one by one; when there are more than the
  // run's limit (TorusRun::setFlitsDrawnOneByOne), only the followed
  // packet's and those of the watched slice's plane (WatchSet::slice), and
  // channelFlits counts all of them per channel (null otherwise).
  std::vector<FrameFlit> flits;
  std::shared_ptr<const ChannelFlits> channelFlits;
  std::uint64_t flitsInNetwork = 0;  // listed or counted
  // Per ChannelId: flits per cycle, exponentially weighted over the last
  // few hundred cycles (LinkLoad, tau 256 cycles).
  std::vector<float> channelUtilization;
  std::vector<std::uint8_t> linkUp;  // per LinkId, 1 up / 0 failed
  std::vector<std::uint8_t> nodeUp;  // per NodeId, 1 up / 0 failed (Simulator::nodeUp)
  LatencyHistogram latencyHistogram;  // the measurement window, since the reset
  std::uint64_t packetsInFlight = 0;
  std::uint64_t packetsDelivered = 0;  // since reset
  std::uint64_t packetsDropped = 0;    // since reset
  // Since reset: packets that entered the network (a fat-tree: messages
  // created). Nothing is lost: packetsInjected == packetsDelivered +
  // packetsDropped + packetsInFlight (the window's GUI soak checks it every action).
  std::uint64_t packetsInjected = 0;
  // Since reset: delivered after a later packet of the same source and
  // destination (adaptive routing reorders, T3E paper section 5;
  // sim/pair_order.h); a fat-tree: 0.
  std::uint64_t packetsReordered = 0;
  // The last route rebuild (RouteRebuildReport::describe); empty before the
  // first. unreachablePairs: pairs refused at their source.
  std::string routeRebuild;
  std::uint64_t unreachablePairs = 0;
  double injectionRateFlitsPerNodeCycle = 0.0;  // the traffic generator's offered load now
  std::string trafficPattern;     // the engine's pattern name now ("uniform", ...)
  // The machine's clock and what a unit of the throughput chart carries in
  // bytes; {0, 0}: cycles and flits only.
  PhysicalUnits units;
  bool adaptive = false;           // adaptive routing switched on (T3E paper section 2.4)
  bool adaptiveAvailable = false;  // Simulator::adaptiveAvailable(): the switch may be offered

  // Arbitration (Simulator::arbiter, config().router.age) and what the
  // arbitration charts take differences of: cumulative since the last reset
  // (SimTotals).
  ArbiterKind arbiter = ArbiterKind::RoundRobin;
  AgeConfig age;
  // Bit k set: this machine cannot run under ArbiterKind k
  // (arbiterUnavailableReason), so the window does not offer it.
  std::uint8_t arbitersRefused = 0;
  // The router's VC layout: per VC index its lane class, as the engine names
  // it (router/lane_class.h); empty when unknown.
  std::vector<LaneClass> vcClasses;
  std::vector<std::uint64_t> deliveredFlitsBySource;  // per NodeId: flits of delivered packets
  std::array<std::uint64_t, 4> ageGroups{};           // heads sent with age 0-63, 64-127, 128-191, 192-255
  std::shared_ptr<const ArbiterSwitch> arbiterSwitch;  // null: not switched since the reset
  // Hot spares (Simulator::setHotSpare): per NodeId 1 = a spare; and per
  // NodeId the home node of the logical PE it holds now.
  std::vector<std::uint8_t> hotSpare;
  std::vector<NodeId> peHome;

  // Rewind (CheckpointStore): the last cycle of the run as recorded (== cycle
  // unless rewound), every intervention on it, how many lie after `cycle`,
  // and the checkpoints' memory and its bound. The timeline is shared
  // between frames while it does not change.
  std::uint64_t lastCycle = 0;
  std::shared_ptr<const std::vector<TimelineMark>> timeline;
  std::uint64_t pendingInterventions = 0;
  std::uint64_t checkpointBytes = 0;
  std::uint64_t checkpointBudgetBytes = 0;

  // The extras, null unless there is something to show or the watch set
  // asks for them (view/watch_set.h). Both families:
  // - the routes the last route rebuild changed, as channels (what the
  //   family-neutral detour view draws; shares the torus's rebuild view);
  std::shared_ptr<const RouteChange> routeChange;
  // - the followed packet or message (WatchSet::followedPacket);
  std::shared_ptr<const FollowedPacket> followed;
  // Each family's own, behind one pointer each (null for the other family):
  std::shared_ptr<const TorusExtras> torus;
  std::shared_ptr<const CircuitExtras> circuits;

  // Every field; the extras by value (two nulls are equal).
  friend bool operator==(const Frame& a, const Frame& b);
};

// Whether the engine stopped on its own (a k-ary n-cube's deadlock
// watchdog fired; the frames carry its deadlock from then on).
inline bool engineHalted(const Frame& frame) { return frame.torus && frame.torus->deadlock; }

// A readable print for test failures: the counters, the sizes of the
// per-link and per-node vectors with their sums, and which extras there are.
std::ostream& operator<<(std::ostream& out, const Frame& frame);

}  // namespace flit
