// Division-free routing for the simulator's hot loop. Topology::coordOf costs
// several integer divisions; the simulator calls routing once per head per
// hop, so it keeps every node's coordinates in a flat table and routes from
// it. Each function here must agree exactly with its reference in
// engine/routing (tst_router_cache checks every node pair):
//  - dimensionOrderStep    == routeStep(..., DimensionOrder, ...)
//  - straightVcSelection   == selectVc(...) when arrivedDir == outDir
#pragma once

#include "routing/route_step.h"
#include "routing/vc_selection.h"
#include "topology/topology.h"

#include <cstdint>
#include <vector>

namespace flit {

class RouteCache {
 public:
  explicit RouteCache(const Topology& topo) {
    dims_ = topo.dims();
    for (int d = 0; d < kMaxDims; ++d) {
      radix_[d] = topo.radix(d);
      wraps_[d] = topo.wraps(d);
    }
    coords_.resize(static_cast<std::size_t>(topo.nodeCount()) * kMaxDims);
    for (NodeId n = 0; n < topo.nodeCount(); ++n) {
      const Coord c = topo.coordOf(n);
      for (int d = 0; d < kMaxDims; ++d) {
        coords_[static_cast<std::size_t>(n) * kMaxDims + static_cast<std::size_t>(d)] =
            static_cast<std::uint8_t>(c[d]);
      }
    }
  }

  int coord(NodeId n, int dim) const {
    return coords_[static_cast<std::size_t>(n) * kMaxDims + static_cast<std::size_t>(dim)];
  }

  // X, then Y, then Z; the shorter way round a ring, + on a tie (as routeStep).
  int dimensionOrderStep(NodeId here, NodeId dest) const {
    for (int dim = 0; dim < dims_; ++dim) {
      const int c = coord(here, dim);
      const int d = coord(dest, dim);
      if (c == d) continue;
      bool plus = d > c;
      if (wraps_[dim]) {
        int forward = d - c;
        if (forward < 0) forward += radix_[dim];
        plus = forward <= radix_[dim] - forward;
      }
      return static_cast<int>(makeDirection(dim, plus));
    }
    return kProcessorPort;
  }

  // selectVc for a packet continuing in the same direction: VC0 -> VC1
  // through the dateline node; already on VC1 there is a violation.
  VcSelection straightVcSelection(const DatelineConfig& datelines, NodeId here, int outDir,
                                  std::uint8_t currentVc) const {
    const int dim = dimensionOf(static_cast<Direction>(outDir));
    if (datelines.has(dim) && coord(here, dim) == datelines.at(dim)) {
      if (currentVc == 0) return {1, true, false};
      return {1, false, true};
    }
    return {currentVc, false, false};
  }

 private:
  int dims_ = 3;
  int radix_[kMaxDims]{};
  bool wraps_[kMaxDims]{};
  std::vector<std::uint8_t> coords_;
};

}  // namespace flit
