// The simulator's policies as one compile-time bundle (docs/engine.md
// "Policy types"): routing (routing/routing_policy.h), arbitration
// (router/arbiter.h), flow control (router/flow_control_policy.h) and
// whether VC and switch allocation are speculative (router.speculative).
// Simulator::step() turns the scenario's settings into a CyclePolicy once
// per cycle (withCyclePolicy, the one place that does) and runs the cycle
// instantiated for it, so no policy's test sits in another's hot loop.
// The arbiter and adaptive routing can change between cycles (setArbiter,
// setAdaptive); routing, flow control and speculation are fixed when the
// scenario is loaded.
#pragma once

#include "router/arbiter.h"
#include "router/flow_control_policy.h"
#include "router/router_config.h"
#include "routing/routing_policy.h"
#include "traffic/traffic.h"

#include <algorithm>

#include <type_traits>

namespace flit {

template <class RoutingPolicy, class ArbiterPolicy, class FlowPolicy, bool kSpeculativeAllocation>
struct CyclePolicy {
  using Routing = RoutingPolicy;
  using Arbiter = ArbiterPolicy;
  using Flow = FlowPolicy;
  static constexpr bool kSpeculative = kSpeculativeAllocation;
  static constexpr bool kAge = std::is_same_v<ArbiterPolicy, AgeArbiter>;
  // A grant kept for a packet's next flit (RouterState::stickyVc,
  // stickyInput) exists only with packets of more than one flit: under
  // OneFlitFlow every send ends its packet, the grants stay "none", and they
  // are neither read nor written.
  static constexpr bool kGrantsOutlastSend = !Flow::kOneFlit;
  // A packet holds its output VC (OutputVc::owner, InputVc::outVc) from one
  // cycle to another unless it is one flit and allocation is speculative:
  // then it takes and frees the VC within its send, and neither is written.
  static constexpr bool kVcHeldBetweenCycles = !(Flow::kOneFlit && kSpeculative);
  static_assert(!Routing::kAdaptive || (kSpeculative && !kAge),
                "adaptive routing is modelled with the speculative router and without the age arbiter");
};

// The settings a CyclePolicy is picked from.
struct CycleSelection {
  RoutingAlgorithm algorithm = RoutingAlgorithm::DimensionOrder;
  bool tieBits = false;   // dimension order, routing.tieRule not "plus"
  bool detours = false;   // dimension order, a detour has been in force (Simulator::detoursSeen_)
  bool adaptive = false;  // adaptive routing on (direction order only)
  ArbiterKind arbiter = ArbiterKind::RoundRobin;
  FlowControl flow = FlowControl::VirtualCutThrough;
  bool oneFlit = false;  // every packet one flit: OneFlitFlow, whatever `flow` says
  bool speculative = true;
};

// fn(routing policy) for the selection's routing.
template <class Fn>
void withRoutingPolicy(const CycleSelection& s, Fn&& fn) {
  if (s.adaptive) return fn(AdaptiveRouting{});
  switch (s.algorithm) {
    case RoutingAlgorithm::DimensionOrder:
      if (s.detours) return fn(DimensionOrderDetourRouting{});
      if (s.tieBits) return fn(DimensionOrderTieRouting{});
      return fn(DimensionOrderRouting{});
    case RoutingAlgorithm::DirectionOrder:
      return fn(DirectionOrderRouting{});
    case RoutingAlgorithm::TrcRelative:
      return fn(TrcRouting{});
  }
}

// fn(flow-control policy) for router.flowControl.
template <class Fn>
void withFlowPolicy(FlowControl f, Fn&& fn) {
  switch (f) {
    case FlowControl::Wormhole:
      return fn(WormholeFlow{});
    case FlowControl::VirtualCutThrough:
      return fn(CutThroughFlow{});
    case FlowControl::StoreAndForward:
      return fn(StoreAndForwardFlow{});
  }
}

// Whether every packet the traffic makes is one flit long
// (CycleSelection::oneFlit): packetFlits 1 and every kind of its mix one
// flit, with one VC class, so no request kind (Simulator::injectPacket
// refuses the others) and no response.
inline bool everyPacketOneFlit(const TrafficConfig& t, int vcClasses) {
  return vcClasses == 1 && t.packetFlits == 1 &&
         std::all_of(t.mix.begin(), t.mix.end(), [&](const PacketMixEntry& e) { return t.lengthOf(e.kind) == 1; });
}

// fn(flow-control policy) for the cycle: OneFlitFlow when every packet is
// one flit long, else router.flowControl's.
template <class Fn>
void withCycleFlowPolicy(const CycleSelection& s, Fn&& fn) {
  if (s.oneFlit) return fn(OneFlitFlow{});
  return withFlowPolicy(s.flow, fn);
}

// fn(CyclePolicy<...>{}) for the selection: the one place where the
// settings become types.
template <class Fn>
void withCyclePolicy(const CycleSelection& s, Fn&& fn) {
  withRoutingPolicy(s, [&](auto routing) {
    // remove_cvref: g++ 12 reads the alias of a by-reference capture as a
    // reference inside the nested generic lambda below.
    using R = std::remove_cvref_t<decltype(routing)>;
    withCycleFlowPolicy(s, [&](auto flow) {
      using F = std::remove_cvref_t<decltype(flow)>;
      withArbiterPolicy(s.arbiter, [&](auto arbiter) {
        using A = typename decltype(arbiter)::type;
        if constexpr (R::kAdaptive) {
          // Speculative only (validateRouterConfig, setAdaptive); a policy
          // that does not meet adaptive routing (the age arbiter: adaptiveVcs
          // 0) is refused there, so its branch is never taken.
          if constexpr (A::kMeetsAdaptive) return fn(CyclePolicy<R, A, F, true>{});
          else return fn(CyclePolicy<R, RoundRobinArbiter, F, true>{});
        } else {
          if (s.speculative) return fn(CyclePolicy<R, A, F, true>{});
          return fn(CyclePolicy<R, A, F, false>{});
        }
      });
    });
  });
}

}  // namespace flit
