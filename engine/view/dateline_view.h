// The dateline marks of the 3D view (issue 5, "What the 3D view shows"):
// where the running engine's dateline nodes are, ring by ring, and its
// crossing and violation counts (Frame::torus->datelines).
#pragma once

#include "topology/topology.h"

#include <array>
#include <cstdint>

namespace flit {

// The dateline nodes of every ring dimension as the running engine uses
// them (ordinate, -1: none): the + ring's and the - ring's, which may differ
// (routing.datelines {"plus", "minus"}; flit::DatelineConfig::at(Direction));
// and the engine's counts since reset.
struct DatelineView {
  std::array<int, flit::kMaxDims> ordinate{-1, -1, -1};       // + ring
  std::array<int, flit::kMaxDims> minusOrdinate{-1, -1, -1};  // - ring
  // Whether `at` is the dateline node of either ring of dimension `dim`.
  bool marks(int dim, int at) const {
    const auto i = static_cast<std::size_t>(dim);
    return at >= 0 && (ordinate[i] == at || minusOrdinate[i] == at);
  }
  bool sameNodes(const DatelineView& o) const { return ordinate == o.ordinate && minusOrdinate == o.minusOrdinate; }
  std::uint64_t crossings = 0;
  std::uint64_t violations = 0;
  friend bool operator==(const DatelineView&, const DatelineView&) = default;
};

}  // namespace flit
