#include "routing/tie_rule.h"

namespace flit {

std::string_view tieRuleName(TieRule r) {
  switch (r) {
    case TieRule::Plus:
      return "plus";
    case TieRule::SourceParity:
      return "sourceParity";
    case TieRule::Random:
      return "random";
  }
  return "?";
}

std::optional<TieRule> parseTieRule(std::string_view text) {
  for (const TieRule r : {TieRule::Plus, TieRule::SourceParity, TieRule::Random}) {
    if (text == tieRuleName(r)) return r;
  }
  return std::nullopt;
}

TieBits tieDimensions(const Topology& topo, NodeId src, NodeId dst) {
  const Coord s = topo.coordOf(src);
  const Coord d = topo.coordOf(dst);
  TieBits bits = 0;
  for (int dim = 0; dim < topo.dims(); ++dim) {
    const int k = topo.radix(dim);
    if (!topo.wraps(dim) || k % 2 != 0) continue;
    const int diff = d[dim] - s[dim];
    if (diff == k / 2 || diff == -k / 2) bits |= static_cast<TieBits>(1u << dim);
  }
  return bits;
}

}  // namespace flit
