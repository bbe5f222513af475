// Which input ports of a router can send packets to each of its output ports:
// Abts & Weisser, "Age-Based Packet Arbitration in Large-Radix k-ary
// n-cubes" (SC 2007, the "XT paper"), Table 3, "Input ports competing for
// each output port given dimension-order routing". Found by walking routes,
// not from a formula, so it holds for any routing setup the engine has
// (dimension order, the T3E's direction order, TRC) and for mesh edges.
// Plain C++20, no Qt.
//
// Ports are numbered as in Topology: a Direction (0..5) or kProcessorPort (6).
// An INPUT port is named by the side of the router it is on (the neighbour it
// faces), as Table 3 names them: a packet travelling +X enters by the -X
// port, so output +X competes with "proc, -x".
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "routing/routing_setup.h"
#include "topology/topology.h"

namespace flit {

struct CompetingInputs {
  // inputs[out]: bit `in` set when a packet entering by input port `in` can
  // request output port `out`.
  std::array<std::uint8_t, kPortsPerNode> inputs{};

  bool competes(int in, int out) const {
    return (inputs[static_cast<std::size_t>(out)] >> in) & 1u;
  }
  int count(int out) const;
  friend bool operator==(const CompetingInputs&, const CompetingInputs&) = default;
};

// The order in which Table 3 lists output ports (+x, -x, +y, -y, +z, -z,
// proc) and the inputs of each (proc, +x, -x, +y, -y, +z, -z).
inline constexpr std::array<int, kPortsPerNode> kTable3OutputOrder{
    0, 3, 1, 4, 2, 5, kProcessorPort};
inline constexpr std::array<int, kPortsPerNode> kTable3InputOrder{kProcessorPort, 0, 3, 1, 4, 2, 5};

// Every router's sets (index: NodeId). Walks the route of every ordered pair
// of distinct nodes hop by hop with the routers' own routeStep() and the
// setup's start state (for direction order the source's LUT tag), as the
// simulator routes a head flit. Link state is not consulted: this is a
// property of the routing function on the whole machine. A route that leaves
// the topology or loops contributes the hops it takes until then. Cost:
// nodes^2 x average hops (about 5e7 steps for 11x12x16).
std::vector<CompetingInputs> competingInputsPerRouter(const Topology& topo,
                                                      const RoutingSetup& setup);

// "proc" or "+X" .. "-Z".
std::string portName(int port);
// "proc, +X, -X, -Y": output `out`'s inputs in Table 3's order; "" for none.
std::string competingInputsText(const CompetingInputs& c, int out);

}  // namespace flit
