// Hop-by-hop path of one packet through an idle network: the same routeStep()
// and selectVc() calls the simulator makes, in the same order, so a traced
// path is the path a simulated packet takes (the GUI's tag editor previews
// with this; `flitscope-cli route` prints it).
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "routing/routing_setup.h"
#include "topology/topology.h"

namespace flit {

enum class PathOutcome : std::uint8_t {
  Delivered,     // reached dst and was sent to the processor port
  LeftTopology,  // the route steps off a mesh edge / into an unused dimension (misroute)
  WrongNode,     // delivered to a node that is not dst (misroute, R_ERR0 bit 56)
  Loop,          // back at a router in a state it was in: the route never ends
  FailedLink,    // the next hop is a link that is down
};
std::string_view pathOutcomeName(PathOutcome o);  // "delivered", "misroute: left the topology", ...

struct PathHop {
  NodeId node = kInvalidId;      // the router making the decision
  int outPort = kProcessorPort;  // Direction 0..5, kProcessorPort, or kRouteMisroute
  std::uint8_t vc = 0;           // dateline VC on the output channel (0/1)
  bool crossedDateline = false;  // VC0 -> VC1 at this (dateline) node
  bool violation = false;        // crossed this dateline on VC1 (R_ERR0 bits 5:0)
  friend bool operator==(const PathHop&, const PathHop&) = default;
};

struct PathTrace {
  std::uint64_t tag = 0;      // the tag used (direction order), else the initial RouteState.tag
  std::vector<PathHop> hops;  // one per router visited, the last one's outPort ends the path
  PathOutcome outcome = PathOutcome::Delivered;
  NodeId endNode = kInvalidId;  // where the packet ended (delivered, or where it stopped)
  int loopsBackTo = -1;         // Loop: the hop whose router and state endNode repeats
  // A relayed pair (RoutingSetup::relays): the node where the first leg
  // ends and the second starts; hops holds both legs, the relay's hop
  // being the second leg's first. kInvalidId: one route.
  NodeId relay = kInvalidId;
  int relayHop() const;  // the index of the second leg's first hop, -1: none (or the first leg fails)
  int networkHops() const;      // hops over links
  int crossings() const;
  int violations() const;
};

// Traces src -> dst. For direction order the tag comes from the source's LUT
// unless `tagOverride` is given; other algorithms ignore tagOverride. A
// relayed pair (no tagOverride) is traced leg by leg, both legs with tieDraw.
// `tieDraw` is the packet's random tie draw under dimension order with
// routing.tieRule "random" (a simulated packet's RouteState::tieMinus;
// 0 = every tie +); the other rules derive the tie bits themselves
// (RoutingSetup::startState) and ignore it.
// Precondition: src, dst are valid nodes of topo.
PathTrace tracePath(const Topology& topo, const RoutingSetup& setup, NodeId src, NodeId dst,
                    std::optional<std::uint64_t> tagOverride = std::nullopt, TieBits tieDraw = 0);

}  // namespace flit
