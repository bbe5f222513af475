// The deadlock lab's data (issue 18, "Deadlock lab"; Dally & Seitz, "The
// Torus Routing Chip", Figures 1-2, Theorem 1): what a window's deadlock lab
// asks (WatchSet::lab) and what the frames answer (Frame::torus->lab and
// ->deadlock), built by TorusRun: the channel dependency graph of the routes
// in force (flit::checkDependencies, engine/analysis/route_dependencies.h) and
// the watchdog's cycle of waiting VC buffers (flit::DeadlockReport). A window
// computes none of it; it only places and paints it.
#pragma once

#include "analysis/route_dependencies.h"
#include "routing/vc_rule.h"
#include "sim/sim_types.h"
#include "topology/topology.h"

#include <cstdint>
#include <iosfwd>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace flit {

// --- the watchdog's deadlock (Frame::torus->deadlock, in every frame once
// the engine stopped on one) ---

// One waiting input VC buffer (flit::WaitingVc): router, input port (a
// Direction or kProcessorPort), VC, the serial of the packet at its front.
struct DeadlockBuffer {
  flit::NodeId node = flit::kInvalidId;
  int port = -1;
  int vc = -1;
  std::int32_t packet = -1;
  friend bool operator==(const DeadlockBuffer&, const DeadlockBuffer&) = default;
};

struct DeadlockView {
  std::uint64_t detectedCycle = 0;
  std::uint64_t lastMoveCycle = 0;
  std::vector<DeadlockBuffer> cycle;  // each waits for the next; the last for the first
  std::string text;                   // DeadlockReport::describe(topology)
  friend bool operator==(const DeadlockView&, const DeadlockView&) = default;
};
DeadlockView deadlockViewOf(const flit::DeadlockReport& report, const flit::Topology& topology);

// "Buffer i waits for buffer i+1" as the view draws it: across the channel
// that leads into buffer i+1 when i+1 sits at the router i's channel enters
// (it waits for credits or the VC downstream), otherwise inside router i
// (it waits for an output VC another input of the same router holds):
// channel kInvalidId then. Pure topology lookups, for the 3D and 2D overlays.
struct WaitEdge {
  int from = 0;  // index into DeadlockView::cycle
  int to = 0;
  flit::ChannelId channel = flit::kInvalidId;
  friend bool operator==(const WaitEdge&, const WaitEdge&) = default;
};
std::vector<WaitEdge> waitEdgesOf(const flit::Topology& topology, const std::vector<DeadlockBuffer>& cycle);

// --- the lab (Frame::torus->lab, while watched) ---

// One vertex of the drawn channel dependency graph: a channel VC that takes
// part in at least one dependency (the paper's drawings show the channels
// the routes use; an unused VC would be a lonely dot).
struct CdgVertex {
  flit::ChannelVc channelVc;
  std::string label;  // ChannelDependencyGraph::describe: "(1)+X vc0"
  int direction = 0;  // the channel's flit::Direction
  flit::NodeId source = flit::kInvalidId;  // the router it leaves
  friend bool operator==(const CdgVertex&, const CdgVertex&) = default;
};

struct CdgGraph {
  int vertexCount = 0;  // channel VCs with a dependency (drawn or not)
  std::size_t edgeCount = 0;
  bool tooLarge = false;  // more than maxVertices: vertices and edges left empty
  int maxVertices = 0;
  int vcsPerChannel = 0;
  std::vector<CdgVertex> vertices;  // by channel, then VC
  std::vector<std::pair<int, int>> edges;  // (from, to) vertex indices: from holds, then asks for to
  std::vector<int> cycle;  // vertex indices of the check's cycle, in dependency order; empty: acyclic
  friend bool operator==(const CdgGraph&, const CdgGraph&) = default;
};

struct LabView {
  flit::VcRule rule = flit::VcRule::Tables;  // the VC rule in force (Simulator::vcRule)
  // Per VcRule: why this router cannot use it (flit::vcRuleProblem), "" when it can.
  std::vector<std::string> ruleProblems;
  bool deadlockFree = false;  // Theorem 1 on the routes in force
  std::string cycleText;      // "(1)+X vc0 -> (2)+X vc0 -> ... -> (1)+X vc0" (flitscope-cli check)
  int cycleLength = 0;        // channel VCs in the cycle
  std::int64_t routesTraced = 0;
  std::size_t brokenRoutes = 0;  // traced pairs whose route does not deliver
  std::uint64_t checkedAtCycle = 0;
  std::shared_ptr<const CdgGraph> graph;
  friend bool operator==(const LabView& a, const LabView& b) {
    return a.rule == b.rule && a.ruleProblems == b.ruleProblems && a.deadlockFree == b.deadlockFree && a.cycleText == b.cycleText &&
           a.cycleLength == b.cycleLength && a.routesTraced == b.routesTraced &&
           a.brokenRoutes == b.brokenRoutes && a.checkedAtCycle == b.checkedAtCycle &&
           (a.graph == b.graph || (a.graph && b.graph && *a.graph == *b.graph));
  }
};

// The drawn graph of a dependency check: vertices with at least one edge;
// none when there are more than maxVertices (tooLarge).
inline constexpr int kMaxDrawnCdgVertices = 64;
CdgGraph cdgGraphOf(const flit::DependencyCheck& check, int maxVertices = kMaxDrawnCdgVertices);
LabView labViewOf(const flit::DependencyCheck& check, int maxVertices = kMaxDrawnCdgVertices);

// Debug prints (test failure messages).
std::ostream& operator<<(std::ostream& out, const DeadlockBuffer& b);
std::ostream& operator<<(std::ostream& out, const CdgGraph& g);
std::ostream& operator<<(std::ostream& out, const DeadlockView& d);
std::ostream& operator<<(std::ostream& out, const LabView& v);

}  // namespace flit
