#include "topology/network_graph.h"

#include "topology/topology.h"

namespace flit {

NetworkGraph networkGraphOf(const Topology& topology) {
  NetworkGraph g;
  g.family = TopologyFamily::KAryNCube;
  g.routerCount = static_cast<std::uint32_t>(topology.nodeCount());
  g.routerPorts.assign(g.routerCount, static_cast<std::uint8_t>(kPortsPerNode));
  g.links.reserve(static_cast<std::size_t>(topology.linkCount()));
  for (LinkId l = 0; l < topology.linkCount(); ++l) {
    const Topology::LinkEnds& e = topology.linkEnds(l);
    GraphLink link;
    link.a = static_cast<std::uint32_t>(e.lower);
    link.b = static_cast<std::uint32_t>(e.upper);
    link.aPort = static_cast<std::int16_t>(makeDirection(e.dim, true));
    link.bPort = static_cast<std::int16_t>(makeDirection(e.dim, false));
    link.familyId = static_cast<std::uint32_t>(l);
    g.links.push_back(link);
  }
  return g;
}

}  // namespace flit
