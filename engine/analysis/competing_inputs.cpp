#include "analysis/competing_inputs.h"

#include <bit>

#include "analysis/route_walk.h"

namespace flit {

namespace {

// One route, src -> dst, marking (input, output) at every router it passes.
void markRoute(const Topology& topo, const RoutingSetup& setup, NodeId src, NodeId dst,
               TieBits tieDraw, std::vector<CompetingInputs>& sets) {
  const int maxHops = detail::routeHopLimit(topo);
  RouteState st = setup.startState(topo, src, dst, tieDraw);
  NodeId here = src;
  int in = kProcessorPort;
  for (int hops = 0; hops <= maxHops; ++hops) {
    const int out = routeStep(topo, setup.algorithm, here, st);
    if (out < 0) return;  // misroute: off a mesh edge or into an unused dimension
    const NodeId next =
        out == kProcessorPort ? here : topo.neighbor(here, static_cast<Direction>(out));
    if (next == kInvalidId) return;
    sets[static_cast<std::size_t>(here)].inputs[static_cast<std::size_t>(out)] |=
        static_cast<std::uint8_t>(1u << in);
    if (out == kProcessorPort) return;
    // Travelling `out`, the packet enters the next router by the opposite side.
    in = static_cast<int>(opposite(static_cast<Direction>(out)));
    here = next;
  }
}

}  // namespace

int CompetingInputs::count(int out) const {
  return std::popcount(inputs[static_cast<std::size_t>(out)]);
}

std::vector<CompetingInputs> competingInputsPerRouter(const Topology& topo,
                                                      const RoutingSetup& setup) {
  std::vector<CompetingInputs> sets(static_cast<std::size_t>(topo.nodeCount()));
  for (NodeId src = 0; src < topo.nodeCount(); ++src) {
    for (NodeId dst = 0; dst < topo.nodeCount(); ++dst) {
      if (src == dst) continue;
      setup.forEachTieVariant(topo, src, dst,
                              [&](TieBits draw) { markRoute(topo, setup, src, dst, draw, sets); });
    }
  }
  return sets;
}

std::string portName(int port) {
  return port == kProcessorPort ? "proc" : std::string(directionName(static_cast<Direction>(port)));
}

std::string competingInputsText(const CompetingInputs& c, int out) {
  std::string text;
  for (int in : kTable3InputOrder) {
    if (!c.competes(in, out)) continue;
    if (!text.empty()) text += ", ";
    text += portName(in);
  }
  return text;
}

}  // namespace flit
