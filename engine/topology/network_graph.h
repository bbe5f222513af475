// A network as data, whatever its family (issue 19, "Topology families"):
// routers with their own number of ports, endpoints, and the physical links
// between them. What is drawn and picked for any family comes from this plus
// the family's own placement (app/gui/scene/scene_layout.h); the torus engine keeps
// its own flat arrays for speed and is not built on it.
//
// Ids (one place for each convention):
//  - Graph nodes: the routers 0 .. routerCount-1, then the endpoints
//    routerCount + e. A torus has no separate endpoints (each router's
//    processor port is its PE): endpointCount 0, node id = NodeId.
//  - Link l carries two channel directions, 2l (end a -> end b) and 2l + 1
//    (b -> a), as Topology's ChannelId does. A torus link joins a node to its
//    + neighbour (a = lower end). A fat-tree link is one physical RN1 channel,
//    driven from a to b; its second direction is the reply after the
//    connection is turned around (DeHon, seed 004, section 2.1).
//  - familyId: the link's id in its family (a torus LinkId; a fat-tree
//    channel id, fat_tree_network.h).
//  - group: links with the same group (>= 0) are one logical direction, a
//    dilation group (the two copies of an RN1 output direction, an
//    endpoint's two up channels); -1 when the family has none (torus).
#pragma once

#include "topology/ids.h"
#include "topology/topology_family.h"

#include <cstdint>
#include <vector>

namespace flit {

class Topology;

struct GraphLink {
  std::uint32_t a = 0;        // graph node driving the + direction
  std::uint32_t b = 0;        // graph node it reaches
  std::int16_t aPort = -1;    // port at a (a router's output / direction port), -1 at an endpoint
  std::int16_t bPort = -1;    // port at b, -1 at an endpoint
  std::int32_t group = -1;    // dilation group, -1 none
  std::uint32_t familyId = 0;
  friend bool operator==(const GraphLink&, const GraphLink&) = default;
};

struct NetworkGraph {
  TopologyFamily family = TopologyFamily::KAryNCube;
  std::uint32_t routerCount = 0;
  std::uint32_t endpointCount = 0;
  std::vector<std::uint8_t> routerPorts;  // per router, its port count (processor port included)
  std::vector<GraphLink> links;

  std::uint32_t nodeCount() const { return routerCount + endpointCount; }
  bool isEndpoint(std::uint32_t node) const { return node >= routerCount; }
  std::uint32_t linkCount() const { return static_cast<std::uint32_t>(links.size()); }
};

// The torus family: one router of kPortsPerNode ports per node, one link per
// Topology link with the same id (a = lower end, aPort its + direction, bPort
// the upper end's - direction).
NetworkGraph networkGraphOf(const Topology& topology);

}  // namespace flit
