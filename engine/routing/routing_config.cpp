#include "routing/routing_config.h"

#include <charconv>

#include "routing/pe_map.h"
#include "util/scenario_error.h"

namespace flit {

namespace {

// Why direction order cannot run on this topology, or "" when it can.
std::string directionOrderProblem(const TopologySpec& spec) {
  try {
    checkTagAddressable(spec);
  } catch (const ScenarioError& e) {
    return e.what();
  }
  int pes = 1;
  for (int d = 0; d < spec.dims; ++d) pes *= spec.radix[static_cast<std::size_t>(d)];
  if (pes > kNetLutEntries && !PeMap::usesModuleNumbering(spec)) {
    return std::to_string(pes) +
           " PEs need R_LUT_OVERRIDE mode 1 or 2, which need even X and Y radices";
  }
  return {};
}

}  // namespace

void checkAlgorithmFits(RoutingAlgorithm a, const TopologySpec& spec, const std::string& path) {
  if (a == RoutingAlgorithm::DirectionOrder) {
    const std::string why = directionOrderProblem(spec);
    if (!why.empty())
      throw ScenarioError(path, "direction-order cannot address this topology: " + why);
  } else if (a == RoutingAlgorithm::TrcRelative) {
    if (spec.dims > 2) {
      throw ScenarioError(path, "trc routes X then Y only (a 2D torus), the topology has " +
                                    std::to_string(spec.dims) + " dimensions");
    }
    for (int d = 0; d < spec.dims; ++d) {
      if (!spec.wrap[static_cast<std::size_t>(d)]) {
        throw ScenarioError(path,
                            "trc needs wrapped (torus) dimensions: it only travels +, "
                            "dimension " +
                                std::to_string(d) + " is a mesh");
      }
    }
  }
}

std::string_view routingAlgorithmName(RoutingAlgorithm a) {
  switch (a) {
    case RoutingAlgorithm::DirectionOrder:
      return "direction-order";
    case RoutingAlgorithm::DimensionOrder:
      return "dimension-order";
    case RoutingAlgorithm::TrcRelative:
      return "trc";
  }
  return "?";
}

RoutingConfig defaultRoutingConfig(const TopologySpec& spec) {
  RoutingConfig c;
  c.dims = spec.dims;
  c.algorithm = directionOrderProblem(spec).empty() ? RoutingAlgorithm::DirectionOrder
                                                    : RoutingAlgorithm::DimensionOrder;
  c.datelines = DatelineConfig::defaults(spec);
  return c;
}

void checkTieRule(const RoutingConfig& c, const std::string& path) {
  if (c.tieRule == TieRule::Plus) return;
  if (c.algorithm == RoutingAlgorithm::TrcRelative) {
    throw ScenarioError(path, "trc travels + only (no ties to break): must be \"plus\", got \"" +
                                  std::string(tieRuleName(c.tieRule)) + "\"");
  }
  if (c.algorithm == RoutingAlgorithm::DirectionOrder && c.tieRule == TieRule::Random) {
    throw ScenarioError(path,
                        "\"random\" draws per packet, but direction-order tags come from each "
                        "source's R_NET_LUT, one entry for every packet to a destination: use "
                        "\"plus\" or \"sourceParity\"");
  }
}

Coord parseNodeCoord(std::string_view text, const TopologySpec& spec, const std::string& path) {
  auto bad = [&](const std::string& why) {
    return ScenarioError(path, why + ", got \"" + std::string(text) + "\"");
  };
  Coord c;
  std::string_view rest = text;
  int dim = 0;
  while (true) {
    if (dim >= kMaxDims) throw bad("expected X,Y,Z with at most 3 coordinates");
    const auto comma = rest.find(',');
    const std::string_view part = rest.substr(0, comma);
    int v = 0;
    const auto [ptr, ec] = std::from_chars(part.data(), part.data() + part.size(), v);
    if (part.empty() || ec != std::errc{} || ptr != part.data() + part.size()) {
      throw bad("expected X,Y,Z (integers separated by commas, e.g. 1,0,3)");
    }
    c[dim++] = v;
    if (comma == std::string_view::npos) break;
    rest.remove_prefix(comma + 1);
  }
  for (int d = 0; d < kMaxDims; ++d) {
    if (c[d] < 0 || c[d] >= spec.radixOf(d)) {
      throw bad("node is outside the topology (coordinate " + std::to_string(d) + " must be 0.." +
                std::to_string(spec.radixOf(d) - 1) + ")");
    }
  }
  return c;
}

std::string formatNodeCoord(const Coord& c, int dims) {
  std::string s;
  for (int d = 0; d < dims; ++d) {
    if (d) s += ',';
    s += std::to_string(c[d]);
  }
  return s;
}

}  // namespace flit
