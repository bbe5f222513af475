#include "routing/route_tables.h"

#include <array>
#include <limits>
#include <stdexcept>

#include "util/scenario_error.h"

namespace flit {

namespace {

constexpr std::array<const char*, kMaxDims> kFieldName{"X_ADR", "Y_ADR", "Z_ADR"};
constexpr int kUnreachable = 1 << 20;

// Hops from s to d going one way round (mesh: kUnreachable if that way cannot get there).
int hopsOneWay(const Topology& topo, int dim, int s, int d, bool plus) {
  const int k = topo.radix(dim);
  if (topo.wraps(dim)) return plus ? ((d - s) % k + k) % k : ((s - d) % k + k) % k;
  if (plus) return d >= s ? d - s : kUnreachable;
  return d <= s ? s - d : kUnreachable;
}

// The sign (true = minus) minimising the summed hops from source ordinate s
// to every ordinate in `ds`; an equal sum is a tie, decided by the tie rule
// for that source ordinate (ringStepPlus; a table is per source, so "plus"
// and "sourceParity" are expressible, "random" is not: readRoutingConfig
// refuses it for direction order).
bool chooseMinus(const Topology& topo, int dim, int s, const std::vector<int>& ds, TieRule rule) {
  int plus = 0, minus = 0;
  for (const int d : ds) {
    plus += hopsOneWay(topo, dim, s, d, true);
    minus += hopsOneWay(topo, dim, s, d, false);
  }
  // Only a real half-ring tie: not a mesh's equal detours, nor a destination
  // already at the source's ordinate (0 hops either way; its sign stays +).
  Coord src;
  src[dim] = s;
  const bool tieMinus =
      topo.wraps(dim) && plus > 0 && ((tieBitsFor(rule, src, kMaxDims, 0) >> dim) & 1u);
  // As a ring of "length" plus + minus: the + way is `plus` long.
  return !ringStepPlus(plus, plus + minus, tieMinus);
}

std::uint64_t tagBits(const std::array<int, kMaxDims>& addr,
                      const std::array<bool, kMaxDims>& minus, bool adaptive) {
  RoutingTag t;
  t.xAddr = static_cast<std::uint8_t>(addr[0]);
  t.yAddr = static_cast<std::uint8_t>(addr[1]);
  t.zAddr = static_cast<std::uint8_t>(addr[2]);
  t.xMinus = minus[0];
  t.yMinus = minus[1];
  t.zMinus = minus[2];
  t.initialHop = InitialHop::None;
  t.adaptive = adaptive;
  return t.encode();
}

// Why `mode` cannot serve a machine with this PeMap, or "" when it can.
std::string modeProblem(const PeMap& pes, LutMode mode) {
  const int count = pes.peCount();
  if (mode == LutMode::PerPe && count > kNetLutEntries) {
    return "mode 0 needs at most " + std::to_string(kNetLutEntries) + " PEs, the machine has " +
           std::to_string(count) + " (use mode 1 or 2, Table 6)";
  }
  if ((mode == LutMode::LowBitsXY || mode == LutMode::LowBitsYX) && count > kMaxTagAddressablePes) {
    return "modes 1/2 address at most " + std::to_string(kMaxTagAddressablePes) +
           " PEs, the machine has " + std::to_string(count);
  }
  return {};
}

}  // namespace

std::string_view lutModeName(LutMode m) {
  switch (m) {
    case LutMode::PerPe:
      return "0 (one R_NET_LUT entry per logical PE)";
    case LutMode::LowBitsXY:
      return "1 (entry per 4 PEs; tag bit 0 := PE bit 0, bit 8 := PE bit 1)";
    case LutMode::LowBitsYX:
      return "2 (entry per 4 PEs; tag bit 0 := PE bit 1, bit 8 := PE bit 0)";
    case LutMode::Register:
      return "3 (tag = R_LUT_OVERRIDE bits <37:0>)";
  }
  return "?";
}

void checkTagAddressable(const TopologySpec& spec) {
  int pes = 1;
  for (int d = 0; d < spec.dims; ++d) {
    const auto i = static_cast<std::size_t>(d);
    pes *= spec.radix[i];
    if (spec.radix[i] > RoutingTag::kFieldLimit[i]) {
      throw ScenarioError("topology.radix[" + std::to_string(d) + "]",
                          std::string(RoutingTag::kDimLetter[i]) + " radix " + std::to_string(spec.radix[i]) +
                              " exceeds the routing tag's " + kFieldName[i] +
                              " field (Table 7: at most " + std::to_string(RoutingTag::kFieldLimit[i]) + ")");
    }
  }
  if (pes > kMaxTagAddressablePes) {
    throw ScenarioError("topology", std::to_string(pes) + " PEs exceed the " +
                                        std::to_string(kMaxTagAddressablePes) +
                                        " a 544-entry R_NET_LUT can address");
  }
}

RouteTables::RouteTables(const Topology& topo, PeMap peMap) : peMap_(std::move(peMap)) {
  checkTagAddressable(topo.spec());
  if (peMap_.peCount() != topo.nodeCount()) {
    throw std::invalid_argument("RouteTables: PeMap has " + std::to_string(peMap_.peCount()) +
                                " PEs, topology " + std::to_string(topo.nodeCount()) + " nodes");
  }
  lut_.assign(static_cast<std::size_t>(topo.nodeCount()) * kNetLutEntries, 0);
  overrides_.assign(static_cast<std::size_t>(topo.nodeCount()),
                    LutOverride{defaultLutMode(topo), 0});
}

int RouteTables::lutIndex(LutMode mode, int logicalPe) {
  switch (mode) {
    case LutMode::PerPe:
      return logicalPe;
    case LutMode::LowBitsXY:
    case LutMode::LowBitsYX:
      return logicalPe >> 2;
    case LutMode::Register:
      return -1;
  }
  return -1;
}

void RouteTables::setEntry(NodeId node, int index, std::uint64_t tag) {
  if (node < 0 || node >= nodeCount()) throw std::out_of_range("R_NET_LUT: bad node");
  if (index < 0 || index >= kNetLutEntries) {
    throw std::out_of_range("R_NET_LUT index " + std::to_string(index) + " outside 0..543");
  }
  lut_[static_cast<std::size_t>(node) * kNetLutEntries + static_cast<std::size_t>(index)] = tag;
}

std::uint64_t RouteTables::entry(NodeId node, int index) const {
  if (node < 0 || node >= nodeCount()) throw std::out_of_range("R_NET_LUT: bad node");
  if (index < 0 || index >= kNetLutEntries) {
    throw std::out_of_range("R_NET_LUT index " + std::to_string(index) + " outside 0..543");
  }
  return lutRow(node)[index];
}

void RouteTables::setOverride(NodeId node, LutOverride o) {
  if (node < 0 || node >= nodeCount()) throw std::out_of_range("R_LUT_OVERRIDE: bad node");
  if (const std::string why = modeProblem(peMap_, o.mode); !why.empty()) {
    throw std::invalid_argument("R_LUT_OVERRIDE: " + why);
  }
  overrides_[static_cast<std::size_t>(node)] = o;
}

LutMode defaultLutMode(const Topology& topo) {
  return topo.nodeCount() <= kNetLutEntries ? LutMode::PerPe : LutMode::LowBitsXY;
}

std::uint64_t minimalTag(const Topology& topo, NodeId src, NodeId dst, bool adaptive,
                         TieRule rule) {
  const Coord s = topo.coordOf(src);
  const Coord d = topo.coordOf(dst);
  std::array<int, kMaxDims> addr{d[0], d[1], d[2]};
  std::array<bool, kMaxDims> minus{false, false, false};
  for (int dim = 0; dim < topo.dims(); ++dim) {
    minus[static_cast<std::size_t>(dim)] = chooseMinus(topo, dim, s[dim], {d[dim]}, rule);
  }
  return tagBits(addr, minus, adaptive);
}

void fillMinimalTags(RouteTables& tables, const Topology& topo, LutMode mode, bool adaptive,
                     TieRule rule) {
  checkTagAddressable(topo.spec());
  if (rule == TieRule::Random) {
    throw ScenarioError("routing.tieRule",
                        "\"random\" draws per packet, an R_NET_LUT entry serves every packet "
                        "of a source: use \"plus\" or \"sourceParity\"");
  }
  const PeMap& pes = tables.peMap();
  if (mode == LutMode::Register) {
    throw ScenarioError("routing.lutMode",
                        "mode 3 uses the R_LUT_OVERRIDE register, not the "
                        "R_NET_LUT: nothing to generate");
  }
  if (const std::string why = modeProblem(pes, mode); !why.empty()) {
    throw ScenarioError("routing.lutMode", why);
  }
  if (mode != LutMode::PerPe && !pes.isModuleAligned(topo, mode == LutMode::LowBitsYX)) {
    throw ScenarioError("routing.lutMode",
                        "mode " + std::to_string(static_cast<int>(mode)) +
                            " needs every 4 consecutive logical PEs on a 2x2 block in X and Y "
                            "(even X and Y radices, module numbering)");
  }
  const int groups = mode == LutMode::PerPe ? pes.peCount() : (pes.peCount() + 3) / 4;
  const int perGroup = mode == LutMode::PerPe ? 1 : 4;
  // The sign of an entry depends only on the source's ordinate in that
  // dimension and the group's ordinates: decide it once per (dimension,
  // group, source ordinate), then assemble every node's row from the tables.
  std::vector<std::uint64_t> base(static_cast<std::size_t>(groups));
  std::array<std::vector<std::uint8_t>, kMaxDims> minusAt;
  for (int dim = 0; dim < kMaxDims; ++dim) {
    minusAt[static_cast<std::size_t>(dim)].assign(
        static_cast<std::size_t>(groups) * static_cast<std::size_t>(topo.radix(dim)), 0);
  }
  std::vector<int> ds;
  for (int g = 0; g < groups; ++g) {
    const Coord first = topo.coordOf(pes.nodeOf(g * perGroup));
    base[static_cast<std::size_t>(g)] =
        tagBits({first[0], first[1], first[2]}, {false, false, false}, adaptive);
    for (int dim = 0; dim < topo.dims(); ++dim) {
      ds.clear();
      for (int m = 0; m < perGroup && g * perGroup + m < pes.peCount(); ++m) {
        ds.push_back(topo.coordOf(pes.nodeOf(g * perGroup + m))[dim]);
      }
      const int k = topo.radix(dim);
      for (int ord = 0; ord < k; ++ord) {
        minusAt[static_cast<std::size_t>(dim)][static_cast<std::size_t>(g * k + ord)] =
            chooseMinus(topo, dim, ord, ds, rule) ? 1 : 0;
      }
    }
  }
  constexpr std::array<int, kMaxDims> kSignBit{RoutingTag::kXSignBit, RoutingTag::kYSignBit,
                                               RoutingTag::kZSignBit};
  for (NodeId src = 0; src < topo.nodeCount(); ++src) {
    const Coord s = topo.coordOf(src);
    for (int g = 0; g < groups; ++g) {
      std::uint64_t bits = base[static_cast<std::size_t>(g)];
      for (int dim = 0; dim < topo.dims(); ++dim) {
        const auto i = static_cast<std::size_t>(dim);
        bits |= std::uint64_t{minusAt[i][static_cast<std::size_t>(g * topo.radix(dim) + s[dim])]}
                << kSignBit[i];
      }
      tables.setEntry(src, g, bits);
    }
    tables.setOverride(src, LutOverride{mode, 0});
  }
}

}  // namespace flit
