#include "routing/vc_selection.h"

#include <stdexcept>

namespace flit {

namespace {

int forwardDistance(int k, int from, int to, bool positive) {
  return positive ? ((to - from) % k + k) % k : ((from - to) % k + k) % k;
}

}  // namespace

DatelineConfig DatelineConfig::defaults(const TopologySpec& spec) {
  DatelineConfig c;
  for (int d = 0; d < spec.dims; ++d) {
    const auto i = static_cast<std::size_t>(d);
    if (spec.wrap[i] && spec.radix[i] >= 2) c.ordinate[i] = 0;
  }
  return c;
}

DatelineConfig DatelineConfig::wrapLink(const TopologySpec& spec) {
  DatelineConfig c = defaults(spec);
  for (int d = 0; d < spec.dims; ++d) {
    const auto i = static_cast<std::size_t>(d);
    if (c.ordinate[i] != kNoDateline) c.minusOrdinate[i] = spec.radix[i] - 1;
  }
  return c;
}

bool routeCrossesDateline(int k, int dateline, int from, int to, bool positive) {
  if (dateline == kNoDateline) return false;
  const int toDateline = forwardDistance(k, from, dateline, positive);
  return toDateline > 0 && toDateline < forwardDistance(k, from, to, positive);
}

VcTables::VcTables(const Topology& topo) {
  rows_.assign(static_cast<std::size_t>(topo.nodeCount()) * kDirectionCount, 0);
  for (int d = 0; d < topo.dims(); ++d) {
    const int k = topo.radix(d);
    radixMask_[static_cast<std::size_t>(d)] = k >= 64 ? ~0ull : ((1ull << k) - 1);
  }
}

namespace {

// The table whose bit j of router n's row for `direction` is
// vc1(direction, n's ordinate in its dimension, j, radix), for every
// dimension in use (the rows of the others stay 0).
template <class Vc1>
VcTables generatedTables(const Topology& topo, Vc1 vc1) {
  VcTables t(topo);
  for (NodeId n = 0; n < topo.nodeCount(); ++n) {
    const Coord c = topo.coordOf(n);
    for (int dir = 0; dir < kDirectionCount; ++dir) {
      const auto direction = static_cast<Direction>(dir);
      const int dim = dimensionOf(direction);
      if (dim >= topo.dims()) continue;
      const int k = topo.radix(dim);
      std::uint64_t bits = 0;
      for (int j = 0; j < k; ++j) {
        if (vc1(direction, c[dim], j, k)) bits |= 1ull << j;
      }
      t.setRow(n, direction, bits);
    }
  }
  return t;
}

}  // namespace

VcTables VcTables::trc(const Topology& topo, const DatelineConfig& datelines) {
  return generatedTables(topo, [&](Direction direction, int from, int j, int k) {
    if (j == from) return false;
    const int dl = datelines.at(direction);
    const bool touches =
        dl != kNoDateline && (j == dl || routeCrossesDateline(k, dl, from, j, isPositive(direction)));
    return !touches;
  });
}

VcTables VcTables::wrapClass(const Topology& topo) {
  // + from `from` reaches j < from only through k-1 -> 0; - reaches j > from
  // only through 0 -> k-1. A mesh dimension has no wraparound channel.
  return generatedTables(topo, [&](Direction direction, int from, int j, int) {
    return topo.wraps(dimensionOf(direction)) && (isPositive(direction) ? j < from : j > from);
  });
}

void VcTables::setVc(NodeId node, Direction dir, int destOrdinate, std::uint8_t vc) {
  const std::size_t idx =
      static_cast<std::size_t>(node) * kDirectionCount + static_cast<std::size_t>(dir);
  if (node < 0 || idx >= rows_.size()) throw std::out_of_range("VC table: bad node");
  const std::uint64_t mask = radixMask_[static_cast<std::size_t>(dimensionOf(dir))];
  if (destOrdinate < 0 || destOrdinate >= 64 || !((mask >> destOrdinate) & 1u)) {
    throw std::out_of_range("VC table: destination ordinate " + std::to_string(destOrdinate) +
                            " outside the ring");
  }
  if (vc)
    rows_[idx] |= 1ull << destOrdinate;
  else
    rows_[idx] &= ~(1ull << destOrdinate);
}

void VcTables::setRow(NodeId node, Direction dir, std::uint64_t bits) {
  const std::size_t idx =
      static_cast<std::size_t>(node) * kDirectionCount + static_cast<std::size_t>(dir);
  if (node < 0 || idx >= rows_.size()) throw std::out_of_range("VC table: bad node");
  rows_[idx] = bits & radixMask_[static_cast<std::size_t>(dimensionOf(dir))];
}

int VcTables::bitsPerRouter(const TopologySpec& spec) {
  int sum = 0;
  for (int d = 0; d < spec.dims; ++d) sum += spec.radix[static_cast<std::size_t>(d)];
  return 2 * sum;
}

bool VcTables::allZero() const {
  for (const auto r : rows_) {
    if (r != 0) return false;
  }
  return true;
}

VcSelection selectVc(const Topology& topo, const DatelineConfig& datelines, const VcTables& tables,
                     NodeId here, int arrivedDir, int outDir, std::uint8_t currentVc,
                     int destOrdinate) {
  if (outDir < 0 || outDir >= kDirectionCount) return {currentVc, false, false};
  const auto out = static_cast<Direction>(outDir);
  const int dim = dimensionOf(out);
  const bool straight = arrivedDir == outDir;
  return datelineRule(straight, straight && datelines.isDatelineNode(out, topo.coordOf(here)[dim]),
                      currentVc, [&] {
                        return destOrdinate >= 0 && destOrdinate < 64 ? tables.vcFor(here, out, destOrdinate)
                                                                      : std::uint8_t{0};
                      },
                      datelines.afterVc);
}

int datelineViolationErrBit(Direction arrivedDir) {
  // Input port = opposite of the travel direction; R_ORIENT = 0: X0 = +X (bit 0), X1 = -X (bit 1).
  const Direction port = opposite(arrivedDir);
  return 2 * dimensionOf(port) + (isPositive(port) ? 0 : 1);
}

}  // namespace flit
