#include "routing/hot_spares.h"

#include <stdexcept>
#include <string>

namespace flit {

HotSpareMoves assignHotSpares(PeMap& peMap, const std::vector<std::uint8_t>& nodeUp,
                              int applicationPes) {
  const int pes = peMap.peCount();
  if (applicationPes < 1 || applicationPes > pes) {
    throw std::invalid_argument("hot spares: application PEs must be 1.." + std::to_string(pes) +
                                ", got " + std::to_string(applicationPes));
  }
  if (static_cast<int>(nodeUp.size()) != pes) {
    throw std::invalid_argument("hot spares: nodeUp has " + std::to_string(nodeUp.size()) +
                                " entries for " + std::to_string(pes) + " nodes");
  }
  const auto up = [&](NodeId n) { return nodeUp[static_cast<std::size_t>(n)] != 0; };
  HotSpareMoves moves;
  int nextSpare = applicationPes;  // spares are taken in logical order
  for (int lp = 0; lp < applicationPes; ++lp) {
    if (up(peMap.nodeOf(lp))) continue;
    while (nextSpare < pes && !up(peMap.nodeOf(nextSpare))) ++nextSpare;
    if (nextSpare == pes) {
      moves.unplaced.push_back(lp);
      continue;
    }
    const NodeId spare = peMap.nodeOf(nextSpare);
    peMap.assign(lp, spare);  // the failed node takes logical nextSpare
    moves.moved.emplace_back(lp, spare);
    ++nextSpare;
  }
  return moves;
}

HotSpareMoves assignSpareNodes(PeMap& peMap, const std::vector<std::uint8_t>& nodeUp,
                               const std::vector<NodeId>& spares) {
  const int pes = peMap.peCount();
  if (static_cast<int>(nodeUp.size()) != pes) {
    throw std::invalid_argument("hot spares: nodeUp has " + std::to_string(nodeUp.size()) +
                                " entries for " + std::to_string(pes) + " nodes");
  }
  std::vector<std::uint8_t> isSpare(static_cast<std::size_t>(pes), 0);
  for (const NodeId s : spares) {
    if (s < 0 || s >= pes) {
      throw std::invalid_argument("hot spares: node " + std::to_string(s) + " is not 0.." +
                                  std::to_string(pes - 1));
    }
    isSpare[static_cast<std::size_t>(s)] = 1;
  }
  // Home nodes are read from a copy: a swap moves a spare's own number onto
  // a failed node, and that number must not look like one more PE to place.
  const PeMap home = peMap;
  HotSpareMoves moves;
  NodeId nextSpare = 0;
  for (int lp = 0; lp < pes; ++lp) {
    const auto node = static_cast<std::size_t>(home.nodeOf(lp));
    if (nodeUp[node] || isSpare[node]) continue;
    while (nextSpare < pes && !(isSpare[static_cast<std::size_t>(nextSpare)] &&
                                nodeUp[static_cast<std::size_t>(nextSpare)])) {
      ++nextSpare;
    }
    if (nextSpare == pes) {
      moves.unplaced.push_back(lp);
      continue;
    }
    peMap.assign(lp, nextSpare);
    moves.moved.emplace_back(lp, nextSpare);
    ++nextSpare;
  }
  return moves;
}

HotSpareRebuild remapForHotSpares(RoutingSetup& setup, const Topology& topo,
                                  const std::vector<std::uint8_t>& nodeUp, int applicationPes,
                                  bool adaptive) {
  if (!setup.tables) {
    throw std::invalid_argument("hot spares: remapping needs direction-order route tables");
  }
  const LutMode mode = setup.tables->overrideOf(0).mode;
  for (NodeId n = 0; n < topo.nodeCount(); ++n) {
    if (setup.tables->overrideOf(n).mode != LutMode::PerPe) {
      throw std::invalid_argument(
          "hot spares: node " + topo.describeNode(n) +
          " uses LUT mode " + std::to_string(static_cast<int>(setup.tables->overrideOf(n).mode)) +
          "; single-node spares need mode 0 (modes 1/2 map PEs in 2x2 modules)");
    }
  }
  HotSpareRebuild result;
  result.moves = assignHotSpares(setup.peMap, nodeUp, applicationPes);
  setup.tables.emplace(topo, setup.peMap);
  fillMinimalTags(*setup.tables, topo, mode, adaptive, setup.tieRule);
  RouteBuildOptions options;
  options.nodeUp = nodeUp;
  options.adaptive = adaptive;
  options.datelines = setup.datelines;
  options.vcTables = setup.vcTables;
  result.routes = rebuildRoutes(*setup.tables, topo, options);
  return result;
}

}  // namespace flit
