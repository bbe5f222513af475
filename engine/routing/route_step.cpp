#include "routing/route_step.h"

namespace flit {

namespace {

// T3E manual, "Direction Order Routing": initial hop, +X, +Y, +Z, -X, -Y, -Z,
// final -Z hop. A router compares each dimension address of the tag with its
// own physical address and keeps moving in the first unsatisfied direction.
int directionOrderStep(const Topology& topo, NodeId here, RouteState& st) {
  const RoutingTag tag = RoutingTag::decode(st.tag);
  if (st.phase & RouteState::kPhaseFinalHopDone) return kProcessorPort;
  if (tag.initialHop != InitialHop::None && !(st.phase & RouteState::kPhaseInitialHopDone)) {
    st.phase |= RouteState::kPhaseInitialHopDone;
    const auto dir = static_cast<Direction>(tag.initialHop);  // 0 = +X, 1 = +Y, 2 = +Z
    // Off a mesh edge or into a dimension the topology lacks: misroute.
    return topo.neighbor(here, dir) == kInvalidId ? kRouteMisroute : static_cast<int>(dir);
  }
  st.phase |= RouteState::kPhaseInitialHopDone;
  const Coord c = topo.coordOf(here);
  for (int order = 0; order < kDirectionCount; ++order) {
    const auto dir = static_cast<Direction>(order);
    const int dim = dimensionOf(dir);
    if (tag.minus(dim) != !isPositive(dir)) continue;
    if (c[dim] != tag.addr(dim)) {
      return topo.neighbor(here, dir) == kInvalidId ? kRouteMisroute : order;
    }
  }
  if (tag.finalHop) {  // decode() already forced it to 0 when the Z sign is set
    st.phase |= RouteState::kPhaseFinalHopDone;
    return topo.neighbor(here, Direction::MinusZ) == kInvalidId
               ? kRouteMisroute
               : static_cast<int>(Direction::MinusZ);
  }
  return kProcessorPort;
}

// A detour (DorDetour in the tag): the initial + hop first, then dimension
// order with every dimension's sign as the detour fixes it; off a mesh edge
// or into a missing dimension: misroute.
int dimensionOrderDetourStep(const Topology& topo, NodeId here, RouteState& st) {
  const DorDetour detour = DorDetour::decode(st.tag);
  if (detour.initialDim >= 0 && !(st.phase & RouteState::kPhaseInitialHopDone)) {
    st.phase |= RouteState::kPhaseInitialHopDone;
    const Direction dir = makeDirection(detour.initialDim, true);
    return topo.neighbor(here, dir) == kInvalidId ? kRouteMisroute : static_cast<int>(dir);
  }
  st.phase |= RouteState::kPhaseInitialHopDone;
  const Coord c = topo.coordOf(here);
  const Coord d = topo.coordOf(st.dest);
  for (int dim = 0; dim < topo.dims(); ++dim) {
    if (c[dim] == d[dim]) continue;
    const Direction dir = makeDirection(dim, ((detour.minus >> dim) & 1u) == 0);
    return topo.neighbor(here, dir) == kInvalidId ? kRouteMisroute : static_cast<int>(dir);
  }
  return kProcessorPort;
}

// Dimension order (XT): X, Y, Z; in a torus the shorter way round, a tie as
// the packet's tie bit says (ringStepPlus, routing/tie_rule.h).
int dimensionOrderStep(const Topology& topo, NodeId here, RouteState& st) {
  if (st.tag != 0) return dimensionOrderDetourStep(topo, here, st);
  const Coord c = topo.coordOf(here);
  const Coord d = topo.coordOf(st.dest);
  for (int dim = 0; dim < topo.dims(); ++dim) {
    if (c[dim] == d[dim]) continue;
    bool plus = d[dim] > c[dim];
    if (topo.wraps(dim)) {
      const int k = topo.radix(dim);
      const int forward = ((d[dim] - c[dim]) % k + k) % k;
      plus = ringStepPlus(forward, k, (st.tieMinus >> dim) & 1u);
    }
    return static_cast<int>(makeDirection(dim, plus));
  }
  return kProcessorPort;
}

// TRC (Dally & Seitz 1986): the header carries relative offsets; each hop in a
// dimension decrements its offset; X is exhausted before Y; channels run in
// the + direction only (unidirectional rings).
int trcStep(const Topology& topo, NodeId here, RouteState& st) {
  const auto x = static_cast<std::uint8_t>(st.tag & 0xFF);
  const auto y = static_cast<std::uint8_t>((st.tag >> 8) & 0xFF);
  Direction dir;
  if (x > 0) {
    st.tag = (st.tag & ~std::uint64_t{0xFF}) | static_cast<std::uint8_t>(x - 1);
    dir = Direction::PlusX;
  } else if (y > 0) {
    st.tag =
        (st.tag & ~std::uint64_t{0xFF00}) | (std::uint64_t{static_cast<std::uint8_t>(y - 1)} << 8);
    dir = Direction::PlusY;
  } else {
    return kProcessorPort;
  }
  return topo.neighbor(here, dir) == kInvalidId ? kRouteMisroute : static_cast<int>(dir);
}

}  // namespace

RouteState makeRouteState(const Topology& topo, RoutingAlgorithm algo, NodeId src, NodeId dst,
                          std::uint64_t tagBits) {
  RouteState st;
  st.dest = dst;
  st.tag = tagBits;
  if (algo == RoutingAlgorithm::TrcRelative) {
    const Coord s = topo.coordOf(src);
    const Coord d = topo.coordOf(dst);
    const int kx = topo.radix(0), ky = topo.radix(1);
    const auto ox = static_cast<std::uint64_t>(((d[0] - s[0]) % kx + kx) % kx);
    const auto oy = static_cast<std::uint64_t>(((d[1] - s[1]) % ky + ky) % ky);
    st.tag = ox | (oy << 8);
  }
  return st;
}

int routeStep(const Topology& topo, RoutingAlgorithm algo, NodeId here, RouteState& state) {
  switch (algo) {
    case RoutingAlgorithm::DirectionOrder:
      return directionOrderStep(topo, here, state);
    case RoutingAlgorithm::DimensionOrder:
      return dimensionOrderStep(topo, here, state);
    case RoutingAlgorithm::TrcRelative:
      return trcStep(topo, here, state);
  }
  return kRouteMisroute;
}

}  // namespace flit
