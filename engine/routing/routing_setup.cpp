#include "routing/routing_setup.h"

#include <functional>
#include <stdexcept>

#include "util/scenario_error.h"

namespace flit {

namespace {

NodeId nodeOrThrow(const Topology& topo, const Coord& c, const std::string& path) {
  const NodeId n = topo.nodeAt(c);
  if (n == kInvalidId) {
    throw ScenarioError(path, "node " + formatCoord(c, topo.dims()) + " is outside the topology");
  }
  return n;
}

std::string indexed(const char* path, std::size_t i) {
  return std::string("routing.") + path + "[" + std::to_string(i) + "]";
}

RouteTables buildTables(const Topology& topo, const RoutingConfig& config, const PeMap& pes) {
  RouteTables tables(topo, pes);
  const LutMode mode = config.lutMode.value_or(defaultLutMode(topo));
  if (config.lutGenerator == LutGenerator::Minimal) {
    fillMinimalTags(tables, topo, mode, config.adaptive, config.tieRule);
  } else {
    for (NodeId n = 0; n < topo.nodeCount(); ++n) {
      try {
        tables.setOverride(n, LutOverride{mode, 0});
      } catch (const std::invalid_argument& e) {
        throw ScenarioError("routing.lutMode", e.what());
      }
    }
  }
  for (std::size_t i = 0; i < config.lutEntries.size(); ++i) {
    const auto& e = config.lutEntries[i];
    tables.setEntry(nodeOrThrow(topo, e.node, indexed("lutEntries", i)), e.index, e.tag);
  }
  for (std::size_t i = 0; i < config.lutOverrides.size(); ++i) {
    const auto& o = config.lutOverrides[i];
    const NodeId n = nodeOrThrow(topo, o.node, indexed("lutOverrides", i));
    try {
      tables.setOverride(n, LutOverride{o.mode, o.tag});
    } catch (const std::invalid_argument& e) {
      throw ScenarioError(indexed("lutOverrides", i), e.what());
    }
  }
  return tables;
}

}  // namespace

RouteState RoutingSetup::startState(const Topology& topo, NodeId src, NodeId dst,
                                      TieBits drawn) const {
  if (algorithm == RoutingAlgorithm::DirectionOrder && tables) {
    return RouteState{tables->tagFor(src, dst), dst, 0};
  }
  RouteState st = makeRouteState(topo, algorithm, src, dst);
  if (algorithm == RoutingAlgorithm::DimensionOrder) {
    if (tieRule != TieRule::Plus) st.tieMinus = tieBitsFor(tieRule, topo.coordOf(src), topo.dims(), drawn);
    if (!detours.empty()) {
      const auto it = detours.find(static_cast<std::uint64_t>(src) * static_cast<std::uint64_t>(topo.nodeCount()) +
                                   static_cast<std::uint64_t>(dst));
      if (it != detours.end()) st.tag = it->second;  // its signs are explicit: tie bits change nothing
    }
  }
  return st;
}

void RoutingSetup::forEachTieVariant(const Topology& topo, NodeId src, NodeId dst,
                                     const std::function<void(TieBits)>& f) const {
  if (algorithm != RoutingAlgorithm::DimensionOrder || tieRule != TieRule::Random) {
    f(0);
    return;
  }
  // Every subset of the dimensions that tie (the other bits change nothing).
  const TieBits ties = tieDimensions(topo, src, dst);
  for (unsigned sub = ties;; sub = (sub - 1) & ties) {
    f(static_cast<TieBits>(sub));
    if (sub == 0) break;
  }
}

RouteState RoutingSetup::startStateWithTag(const Topology& topo, NodeId src, NodeId dst,
                                           std::uint64_t tag) const {
  if (algorithm == RoutingAlgorithm::DirectionOrder) return RouteState{tag, dst, 0};
  if (algorithm == RoutingAlgorithm::DimensionOrder) return makeRouteState(topo, algorithm, src, dst, tag);
  return makeRouteState(topo, algorithm, src, dst);
}

VcRuleSetup vcSetupOf(const Topology& topo, const RoutingConfig& config, VcRule rule) {
  VcTables tables = config.vcTableGenerator == VcTableGenerator::Trc
                        ? VcTables::trc(topo, config.datelines)
                        : VcTables(topo);
  for (std::size_t i = 0; i < config.vcTableEntries.size(); ++i) {
    const auto& e = config.vcTableEntries[i];
    const NodeId n = nodeOrThrow(topo, e.node, indexed("vcTables.entries", i));
    std::uint64_t bits = 0;
    for (std::size_t b = 0; b < e.vcs.size() && b < 64; ++b) {
      if (e.vcs[b]) bits |= 1ull << b;
    }
    tables.setRow(n, e.dir, bits);
  }
  return vcRuleSetup(rule, topo, config.datelines, tables);
}

RoutingSetup buildRoutingSetup(const Topology& topo, const RoutingConfig& config) {
  RoutingSetup s;
  s.algorithm = config.algorithm;
  s.tieRule = config.tieRule;
  s.peMap = PeMap(topo);
  if (config.algorithm == RoutingAlgorithm::DirectionOrder) {
    s.tables.emplace(buildTables(topo, config, s.peMap));
  }
  VcRuleSetup vc = vcSetupOf(topo, config, config.vcRule);
  s.datelines = vc.datelines;
  s.vcTables = std::move(vc.tables);
  return s;
}

int destinationOrdinate(const Topology& topo, RoutingAlgorithm algo, const RouteState& state,
                        int dim) {
  if (algo == RoutingAlgorithm::DirectionOrder) return RoutingTag::decode(state.tag).addr(dim);
  return topo.coordOf(state.dest)[dim];
}

}  // namespace flit
