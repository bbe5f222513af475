// The Simulator's inline helpers of the cycle: its effects, the age clock,
// and the hooks of the router's steps (router/router_steps.h). Private to
// engine/sim.
#pragma once

#include "router/arbiter.h"
#include "router/router_steps.h"
#include "sim/cycle_policy.h"
#include "sim/simulator.h"

namespace flit {

// The parallel cycle's effects (sim/parallel_cycle.h). Inline, so that
// with one part an effect whose kind the caller knows is the call itself.
[[gnu::always_inline]] inline void Simulator::applyEffect(const CycleEffect& e) {
  switch (e.kind) {
    case CycleEffect::Kind::Event:
      if (observer_) publish(e.event, e.packet, e.node, e.port, e.vc, e.aux);
      break;
    case CycleEffect::Kind::Deliver: deliver(e.node, e.packet); break;
    case CycleEffect::Kind::DeliverLater: deliverLater(e.node, e.packet); break;
    case CycleEffect::Kind::Drop: drop(e.packet, static_cast<DropReason>(e.aux)); break;
    case CycleEffect::Kind::Count: ++*e.counter; break;
  }
}
[[gnu::always_inline]] inline void Simulator::effect(CycleOutbox& ob, const CycleEffect& e) {
  if (ob.defer) {
    ob.effects.push_back(e);
    ob.effects.back().order = ob.order;
  } else {
    applyEffect(e);
  }
}
[[gnu::always_inline]] inline void Simulator::count(CycleOutbox& ob, std::uint64_t& counter) {
  if (ob.defer) {
    ob.effects.push_back(CycleEffect{CycleEffect::Kind::Count, SimEventKind::Hop, -1, -1, 0, -1, ob.order, 0, &counter});
  } else {
    ++counter;
  }
}
[[gnu::always_inline]] inline void Simulator::publishFrom(CycleOutbox& ob, SimEventKind k, std::int32_t serial,
                                                          NodeId node, int port, int vc, std::int64_t aux) {
  effect(ob, CycleEffect{CycleEffect::Kind::Event, k, static_cast<std::int8_t>(port), static_cast<std::int8_t>(vc),
                         node, serial, 0, aux, nullptr});
}

// Procedure 3, lazily: the tick of cycle c counts before cycle c's work.
[[gnu::always_inline]] inline AgeRouterState& Simulator::ageRouter(NodeId n) {
  AgeRouterState& s = ageRouters_[static_cast<std::size_t>(n)];
  const std::uint64_t due = cycle_ + 1;
  if (s.ticks != due) {
    advanceAgeClock(s.clock, cfg_.router.age.clockPeriodCycles, due - s.ticks);
    s.ticks = due;
  }
  return s;
}

// The hooks of the router's steps (router/router_steps.h).
inline bool Simulator::responseQueueFull(NodeId n, std::int32_t pkt) const {
  const Injector& inj = injectors_[static_cast<std::size_t>(n * classes_ + responseClass_)];
  return static_cast<int>(inj.count) + inj.reserved + inj.starting >= cfg_.router.sourceQueuePackets &&
         packets_[static_cast<std::size_t>(pkt)].holdsResponseSlot(n);
}
inline void Simulator::reserveResponse(NodeId n, std::int32_t pkt) {
  if (!packets_[static_cast<std::size_t>(pkt)].holdsResponseSlot(n)) return;  // at a relay
  ++injectors_[static_cast<std::size_t>(n * classes_ + responseClass_)].reserved;
}
// The packet whose tail left the ejection port: delivered now, or after the
// destination's end-point pipeline (an effect: a delivery may create a response).
inline void Simulator::ejectTail(CycleOutbox& ob, NodeId n, std::int32_t pkt) {
  effect(ob, CycleEffect{cfg_.router.ejectExtraCycles == 0 ? CycleEffect::Kind::Deliver : CycleEffect::Kind::DeliverLater,
                         SimEventKind::Hop, -1, -1, n, pkt, 0, 0, nullptr});
}
inline void Simulator::noteHeadHop(CycleOutbox& ob, NodeId n, int out, int outVc, std::int32_t pkt) {
  if (observer_) publishFrom(ob, SimEventKind::Hop, packets_[static_cast<std::size_t>(pkt)].serial, n, out, outVc, 0);
}

}  // namespace flit
