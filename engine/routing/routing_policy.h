// Routing policies: the simulator's routing step as compile-time types
// (docs/engine.md "Policy types"). RouterSteps::routeHeadWith<Routing, Flow>
// is written once and instantiated per policy, so a policy's hot loop holds
// only its own routing step: dimension order never tests for a tag, and
// only the adaptive policy asks for a second, adaptive output, and only the
// detour policy reads a dimension-order packet's tag.
#pragma once

#include "routing/route_step.h"

namespace flit {

// XT SeaStar and the textbook tori: X, then Y, then Z, the minimal
// direction per dimension; a destination exactly half a ring away goes +
// (routing.tieRule "plus"; RouteCache::dimensionOrderStep without tie bits).
struct DimensionOrderRouting {
  static constexpr RoutingAlgorithm kAlgorithm = RoutingAlgorithm::DimensionOrder;
  static constexpr bool kTieBits = false;
  static constexpr bool kAdaptive = false;
  static constexpr bool kDetours = false;
};

// Dimension order whose half-ring ties follow the packet's tie bits
// (routing.tieRule "sourceParity" or "random"; routing/tie_rule.h).
struct DimensionOrderTieRouting {
  static constexpr RoutingAlgorithm kAlgorithm = RoutingAlgorithm::DimensionOrder;
  static constexpr bool kTieBits = true;
  static constexpr bool kAdaptive = false;
  static constexpr bool kDetours = false;
};

// Dimension order once a route rebuild has given pairs detours around
// failures (routing/dor_detours.h): a packet with a detour tag takes
// routeStep, the others the tie-bit step (ties + give tie bits 0). Only this
// policy reads a dimension-order packet's tag, so an intact machine's loop
// never tests for one.
struct DimensionOrderDetourRouting {
  static constexpr RoutingAlgorithm kAlgorithm = RoutingAlgorithm::DimensionOrder;
  static constexpr bool kTieBits = true;
  static constexpr bool kAdaptive = false;
  static constexpr bool kDetours = true;
};

// T3E direction-order routing from the routing tag (manual Table 7), with
// adaptive routing off.
struct DirectionOrderRouting {
  static constexpr RoutingAlgorithm kAlgorithm = RoutingAlgorithm::DirectionOrder;
  static constexpr bool kTieBits = false;
  static constexpr bool kAdaptive = false;
  static constexpr bool kDetours = false;
};

// T3E direction order with adaptive routing on (section 7): a head may also
// request the adaptive VC of the highest unsatisfied direction; the
// simulator allocates with allocateRouterAdaptive.
struct AdaptiveRouting {
  static constexpr RoutingAlgorithm kAlgorithm = RoutingAlgorithm::DirectionOrder;
  static constexpr bool kTieBits = false;
  static constexpr bool kAdaptive = true;
  static constexpr bool kDetours = false;
};

// Dally-Seitz torus routing chip: relative offsets, X then Y, + only
// (routeStep).
struct TrcRouting {
  static constexpr RoutingAlgorithm kAlgorithm = RoutingAlgorithm::TrcRelative;
  static constexpr bool kTieBits = false;
  static constexpr bool kAdaptive = false;
  static constexpr bool kDetours = false;
};

}  // namespace flit
