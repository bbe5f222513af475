#include "routing/pe_map.h"

#include <algorithm>
#include <cstdio>
#include <stdexcept>

namespace flit {

bool PeMap::usesModuleNumbering(const TopologySpec& spec) {
  return spec.dims >= 2 && spec.radix[0] % 2 == 0 && spec.radix[1] % 2 == 0;
}

int PeMap::defaultLogicalOf(const TopologySpec& spec, const Coord& c) {
  const int kx = spec.radix[0];
  const int ky = spec.dims >= 2 ? spec.radix[1] : 1;
  const int kz = spec.dims >= 3 ? spec.radix[2] : 1;
  if (!usesModuleNumbering(spec)) return c[0] + kx * (c[1] + ky * c[2]);
  // 2x2 XY modules; modules in X, then Z, then Y order (derived from the
  // manual's Figures 17 and 18, see pe_map.h).
  const int module = (c[0] >> 1) + (kx / 2) * (c[2] + kz * (c[1] >> 1));
  return (c[0] & 1) | ((c[1] & 1) << 1) | (module << 2);
}

PeMap::PeMap(const Topology& topo) {
  const auto n = static_cast<std::size_t>(topo.nodeCount());
  nodeOf_.assign(n, kInvalidId);
  logicalOf_.assign(n, -1);
  for (NodeId node = 0; node < topo.nodeCount(); ++node) {
    const int lp = defaultLogicalOf(topo.spec(), topo.coordOf(node));
    nodeOf_[static_cast<std::size_t>(lp)] = node;
    logicalOf_[static_cast<std::size_t>(node)] = lp;
  }
}

void PeMap::assign(int logicalPe, NodeId node) {
  if (logicalPe < 0 || logicalPe >= peCount()) {
    throw std::out_of_range("logical PE " + std::to_string(logicalPe) + " outside 0.." +
                            std::to_string(peCount() - 1));
  }
  if (node < 0 || node >= peCount()) {
    throw std::out_of_range("node " + std::to_string(node) + " outside 0.." +
                            std::to_string(peCount() - 1));
  }
  const NodeId oldNode = nodeOf(logicalPe);
  const int displaced = logicalOf(node);
  nodeOf_[static_cast<std::size_t>(logicalPe)] = node;
  logicalOf_[static_cast<std::size_t>(node)] = logicalPe;
  nodeOf_[static_cast<std::size_t>(displaced)] = oldNode;
  logicalOf_[static_cast<std::size_t>(oldNode)] = displaced;
}

bool PeMap::isModuleAligned(const Topology& topo, bool swapped) const {
  if (peCount() % 4 != 0) return false;
  for (int base = 0; base < peCount(); base += 4) {
    const Coord c0 = topo.coordOf(nodeOf(base));
    if ((c0[0] & 1) != 0 || (c0[1] & 1) != 0) return false;
    for (int low = 1; low < 4; ++low) {
      const Coord c = topo.coordOf(nodeOf(base + low));
      const int xBit = swapped ? (low >> 1) & 1 : low & 1;
      const int yBit = swapped ? low & 1 : (low >> 1) & 1;
      if (c[0] != c0[0] + xBit || c[1] != c0[1] + yBit || c[2] != c0[2]) return false;
    }
  }
  return true;
}

Partition::Partition(std::vector<int> logicalPes) : members_(std::move(logicalPes)) {
  std::sort(members_.begin(), members_.end());
  if (!members_.empty() && members_.front() < 0) {
    throw std::invalid_argument("partition: negative logical PE " +
                                std::to_string(members_.front()));
  }
  const auto dup = std::adjacent_find(members_.begin(), members_.end());
  if (dup != members_.end()) {
    throw std::invalid_argument("partition: logical PE " + formatPeNumber(*dup) + " listed twice");
  }
}

int Partition::virtualOf(int logicalPe) const {
  const auto it = std::lower_bound(members_.begin(), members_.end(), logicalPe);
  if (it == members_.end() || *it != logicalPe) return -1;
  return static_cast<int>(it - members_.begin());
}

std::string formatPeNumber(int pe) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "%X", static_cast<unsigned>(pe));
  return buf;
}

}  // namespace flit
