// The per-flit allocation helpers shared by the two allocators
// (simulator_step.cpp: deterministic; simulator_adaptive.cpp: adaptive
// routing on). Private to engine/sim; inlined into both.
#pragma once

#include "router/arbiter.h"
#include "sim/cycle_policy.h"
#include "sim/simulator.h"

namespace flit {

// Whether flit f is its packet's head, its tail: both, always, under
// OneFlitFlow (router/flow_control_policy.h).
template <class P, class Flit>
[[gnu::always_inline]] inline bool isHeadFlit(const Flit& f) {
  return P::Flow::kOneFlit || f.index == 0;
}
template <class P, class Flit>
[[gnu::always_inline]] inline bool isTailFlit(const Flit& f) {
  return P::Flow::kOneFlit || f.index + 1 == f.length;
}
// Whether f is a request's head (its response needs room in the source
// queue): never under OneFlitFlow, whose one VC class has no request.
template <class P, class Flit>
[[gnu::always_inline]] inline bool isRequestHead(const Flit& f) {
  return !P::Flow::kOneFlit && f.index == 0 && isRequest(f.kind);
}

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

// InputVc::pendingDateline bits, for a head with an adaptive request.
inline constexpr std::uint8_t kAdaptiveHeadCrossed = 1;    // its deterministic hop crosses a dateline
inline constexpr std::uint8_t kAdaptiveHeadViolation = 2;  // ... commits a dateline violation
inline constexpr std::uint8_t kAdaptiveHeadDetLate = 4;    // deterministic output: turn, adaptive: not
inline constexpr std::uint8_t kAdaptiveHeadAdLate = 8;     // adaptive output: turn, deterministic: not

// The credits the head of a packet of `length` flits needs on its output VC
// to leave: the whole packet under cut-through, one flit otherwise; under
// the age arbiter only VCs with credits for the longest packet compete (XT
// section 2.3.2; headCreditsFloor_ is 0 otherwise).
template <class P>
[[gnu::always_inline]] inline int Simulator::headCredits(int length) const {
  int need = P::Flow::kWholePacketCredits ? length : 1;
  if constexpr (P::kAge) need = std::max(need, headCreditsFloor_);
  return need;
}

// Whether the front flit of `iv` (ready: the allocators check front.ready
// first) can leave this cycle; sets the output VC it
// would use. `blocked` is set when it is ready but lacks a resource (XT
// Table 4 BLOCKED).
template <class P>
[[gnu::always_inline]] inline bool Simulator::canAdvance(NodeId n, const InputVc& iv, int& outVc, bool& blocked) {
  const int out = iv.outPort;
  if (out == kProcessorPort) {
    outVc = kNoOutput;
    if (isRequestHead<P>(iv.front)) {
      const Injector& inj = injectors_[static_cast<std::size_t>(n * classes_ + responseClass_)];
      if (inj.count + inj.reserved + inj.starting >= cfg_.router.sourceQueuePackets) {
        blocked = true;
        return false;
      }
    }
    return true;
  }
  // A head without a VC (not speculative, a head may have won one already).
  if (isHeadFlit<P>(iv.front) && (P::kSpeculative || iv.outVc < 0)) {
    outVc = chooseOutputVc(n, out, iv, headCredits<P>(iv.front.length));
  } else {
    // Not speculative, a head that won its VC asks for the switch with the
    // credits a head needs; a body flit with one.
    const int need = !P::kSpeculative && isHeadFlit<P>(iv.front) ? headCredits<P>(iv.front.length) : 1;
    outVc = iv.outVc;
    if (ovcs_[static_cast<std::size_t>(ovcIndex(n, out, outVc))].credits < need) outVc = kNoOutput;
  }
  if (outVc == kNoOutput) {
    blocked = true;
    return false;
  }
  return true;
}

// headArrived: routes the head at the front of `iv` (in the row,
// InputVc::front), updating its ready time and dateline VC there.
// One body for every routing and flow-control policy
// (routing/routing_policy.h, router/flow_control_policy.h): the compiler
// keeps only the policy's own cases, and the policies cannot disagree on
// the rest (the dateline rule above all).
template <class Routing, class Flow>
[[gnu::always_inline]] inline void Simulator::routeHeadWith(CycleOutbox& ob, NodeId n, int inPort, int vc, InputVc& iv) {
  FlitSlot& f = iv.front;
  constexpr bool dor = Routing::kAlgorithm == RoutingAlgorithm::DimensionOrder;
  constexpr bool tags = Routing::kAlgorithm == RoutingAlgorithm::DirectionOrder;
  // Adaptive routing (simulator_adaptive.cpp): decided from the state before
  // this hop's routeStep (an initial hop still pending never adapts).
  int adapt = -1;
  if constexpr (Routing::kAdaptive) adapt = adaptiveOutput(n, packet(f));
  // Dimension order with ties going + reads no tie bits; with another tie
  // rule it routes with the packet's (routing/tie_rule.h).
  int out = 0;
  if constexpr (tags) {
    out = routeCache_.directionOrderStep(n, packet(f).route);
  } else if constexpr (dor && Routing::kDetours) {
    RouteState& route = packet(f).route;
    out = route.tag != 0 ? routeStep(topo_, RoutingAlgorithm::DimensionOrder, n, route)  // a detour
                         : routeCache_.dimensionOrderStep(n, f.dest, route.tieMinus);
  } else if constexpr (dor && Routing::kTieBits) {
    out = routeCache_.dimensionOrderStep(n, f.dest, packet(f).route.tieMinus);
  } else if constexpr (dor) {
    out = routeCache_.dimensionOrderStep(n, f.dest);
  } else {
    out = routeStep(topo_, Routing::kAlgorithm, n, packet(f).route);
  }
  iv.adaptPort = static_cast<std::int8_t>(out >= 0 && out < kDirectionCount ? adapt : -1);
  int extra = 0;
  if (out == kRouteMisroute) {
    iv.draining = 1;
    packet(f).dropReason = static_cast<std::uint8_t>(DropReason::Misroute);
    return;
  }
  iv.outPort = static_cast<std::int8_t>(out);
  // Store-and-forward: the router starts on the packet once its tail is in,
  // L - 1 cycles after the head when nothing stalls it (offersFront waits
  // for a late tail).
  if constexpr (Flow::kStoreAndForward) extra += f.length - 1;
  // The end points' cycles of T3E Table 2 are not the buffer's: they are
  // the source's and destination's interface pipelines, outside the router
  // (startPacket, sendFlit; docs/engine.md "End points and turns").
  if (out != kProcessorPort) {
    // The allocator checks this output's VCs when the head is ready, some
    // cycles on: start fetching them.
    __builtin_prefetch(&ovcs_[static_cast<std::size_t>(ovcIndex(n, out, 0))]);
    if (!linkUp(n, out)) {
      iv.draining = 1;
      packet(f).dropReason = static_cast<std::uint8_t>(DropReason::RouteThroughFailedLink);
      return;
    }
    const int arrived = inPort == kProcessorPort
                            ? kFromProcessor
                            : static_cast<int>(opposite(static_cast<Direction>(inPort)));
    // T3E Table 2: a turn costs turnExtraCycles. With two candidate outputs
    // the head is ready for the straight one first; the turning one waits
    // the extra cycles (kAdaptiveHead*Late, checked in canAdvanceAdaptive).
    // Not speculative: ready is the VC allocation cycle, headVaLead_ before
    // the speculative one (the ejection port has no VC to allocate).
    extra -= headVaLead_;
    const bool detTurn = arrived != kFromProcessor && out != arrived;
    const bool adTurn = arrived != kFromProcessor && iv.adaptPort != arrived;
    std::uint8_t late = 0;
    if (iv.adaptPort < 0 || cfg_.router.turnExtraCycles == 0 || detTurn == adTurn) {
      extra += detTurn * cfg_.router.turnExtraCycles;
    } else {
      late = detTurn ? kAdaptiveHeadDetLate : kAdaptiveHeadAdLate;
    }
    // T3E section 3.2: VC table on entering a direction, VC0 -> VC1 through
    // the dateline node, violations counted per port (R_ERR0 bits 5:0).
    // A head that came in on the adaptive VC re-enters the deterministic
    // network here: it takes its VC from this router's VC table like a
    // packet entering a new direction (docs/routing.md, "Adaptive routing").
    const bool viaAdaptive = vc == adaptiveVc_ && inPort != kProcessorPort;
    // The dateline rule (routing/vc_selection.h, datelineRule), with
    // whether this router is the dateline node of the ring in out's
    // dimension read from RouterState::datelineDirs.
    const bool straight = arrived == out && !viaAdaptive;
    const VcSelection sel = datelineRule(
        straight, straight && ((routers_[static_cast<std::size_t>(n)].datelineDirs >> out) & 1u), f.level, [&] {
          const int dim = dimensionOf(static_cast<Direction>(out));
          const int ordinate = tags ? destinationOrdinate(topo_, Routing::kAlgorithm, packet(f).route, dim)
                                    : routeCache_.coord(f.dest, dim);
          return ordinate >= 0 && ordinate < 64 ? routing_.vcTables.vcFor(n, static_cast<Direction>(out), ordinate)
                                                : std::uint8_t{0};
        },
        routing_.datelines.afterVc);
    f.level = sel.vc;
    if (iv.adaptPort >= 0) {  // counted only if it leaves on the deterministic VC
      iv.pendingDateline = static_cast<std::uint8_t>(
          (sel.crossedDateline ? kAdaptiveHeadCrossed : 0) |
          (sel.violation ? kAdaptiveHeadViolation : 0) | late);
    } else if (sel.crossedDateline || sel.violation) {
      applyDatelineSelection(ob, n, inPort, vc, out, f.packet, sel.crossedDateline, sel.violation);
    }
  }
  f.ready += static_cast<std::uint32_t>(extra);
}

// Out of line: the longer routing steps (direction order with its tags and
// dateline tables, TRC), called from the allocator's loop.
template <class Routing, class Flow>
[[gnu::noinline]] void Simulator::routeHeadOutOfLine(CycleOutbox& ob, NodeId n, int inPort, int vc, InputVc& iv) {
  routeHeadWith<Routing, Flow>(ob, n, inPort, vc, iv);
}

// The routing step of policy P for the head at the front of `iv`: dimension
// order inlined, the others out of line.
template <class P>
[[gnu::always_inline]] inline void Simulator::routeHead(CycleOutbox& ob, NodeId n, int inPort, int vc, InputVc& iv) {
  if constexpr (P::Routing::kAlgorithm == RoutingAlgorithm::DimensionOrder) {
    routeHeadWith<typename P::Routing, typename P::Flow>(ob, n, inPort, vc, iv);
  } else {
    routeHeadOutOfLine<typename P::Routing, typename P::Flow>(ob, n, inPort, vc, iv);
  }
}

[[gnu::always_inline]] inline bool Simulator::popFront(CycleOutbox& ob, NodeId n, RouterState& r, int inPort,
                                                     int vc, InputVc& iv) {
  iv.st.occupancyArea += static_cast<std::int64_t>(cycle_);
  if (inPort != kProcessorPort) {
    ob.credits->push_back(upstreamOvc(n, inPort, vc));  // the credit goes back upstream
  }
  ob.moved = true;
  if (--iv.count == 0) {
    // An empty buffer starts again at its first slot: a buffer that holds
    // one flit at a time (the common case below saturation) then keeps
    // using one cache line of slots_ instead of cycling through all.
    iv.head = 0;
    noteVcEmptied(r, inPort, vc);
    return false;
  }
  if (++iv.head == iv.capacity) iv.head = 0;
  iv.front = slots_[iv.base + iv.head];  // the flit behind moves up (its ring copy is current)
  return true;
}

template <class P>
[[gnu::always_inline]] inline bool Simulator::sendFlit(CycleOutbox& ob, NodeId n, RouterState& r, int inPort,
                                                     int vc, int ivc, InputVc& iv, int out, int outVc) {
  const FlitSlot f = iv.front;  // copied: popFront moves the next flit up
  const bool tail = isTailFlit<P>(f);
  if (out == kProcessorPort) {
    if (isRequestHead<P>(f)) {
      ++injectors_[static_cast<std::size_t>(n * classes_ + responseClass_)].reserved;
    }
    ++ob.flitsDelivered;  // stats_.flitsDelivered once the phase ends
    if constexpr (P::kAge) {
      if (isHeadFlit<P>(f)) ageDepart(ob, n, out, f.packet);
    }
    // The destination's end-point pipeline (T3E Table 2): the packet has
    // left the buffer; it is delivered ejectExtraCycles later.
    // (An effect: a delivery may create a response.)
    if (tail) {
      effect(ob, CycleEffect{cfg_.router.ejectExtraCycles == 0 ? CycleEffect::Kind::Deliver
                                                               : CycleEffect::Kind::DeliverLater,
                             SimEventKind::Hop, -1, -1, n, f.packet, 0, 0, nullptr});
    }
  } else {
    OutputVc& ov = ovcs_[static_cast<std::size_t>(ovcIndex(n, out, outVc))];
    --ov.credits;
    ++ov.flitsSent;
    if (isHeadFlit<P>(f)) {
      if constexpr (P::kAge) ageDepart(ob, n, out, f.packet);
      if constexpr (P::kVcHeldBetweenCycles) {
        ov.owner = ivc;
        iv.outVc = static_cast<std::int8_t>(outVc);
      }
      if (observer_) {
        publishFrom(ob, SimEventKind::Hop, packets_[static_cast<std::size_t>(f.packet)].serial, n, out,
                    outVc, 0);
      }
      if (iv.adaptPort >= 0) noteHeadLeft(ob, n, inPort, vc, out, outVc, f.packet);  // it had an adaptive choice
    }
    if (P::kVcHeldBetweenCycles && tail) ov.owner = -1;
    ob.flits->push_back(Arrival{hops_[static_cast<std::size_t>(n * kDirectionCount + out)].node,
                                 static_cast<std::uint8_t>(opposite(static_cast<Direction>(out))),
                                 static_cast<std::uint8_t>(outVc), f});
  }
  if (tail) {
    iv.outPort = -1;
    if constexpr (P::kVcHeldBetweenCycles) iv.outVc = -1;
  }
  // Whether a flit moved up is tested once, in popFront (the test
  // mispredicts; after inlining the branches below are its two arms): a
  // head behind a tail is routed, and a front not ready next cycle gets its
  // lane's ready cycle (empty: popFront cleared the lane's bit).
  if (popFront(ob, n, r, inPort, vc, iv)) {
    if (tail && isHeadFlit<P>(iv.front)) {
      routeHead<P>(ob, n, inPort, vc, iv);
      if (!P::kSpeculative || frontHeadStages_ > 0) frontHeadStartsNow(iv);
    }
    if (!iv.draining) {
      const std::int64_t wait = readyIn(iv.front.ready);
      if (wait > 0) scheduleVcWake(n, inPort, vc, wait);
    }
  }
  return tail;
}

template <class P>
[[gnu::always_inline]] inline void Simulator::sendGranted(CycleOutbox& ob, NodeId n, RouterState& r, int winner,
                                                        int vc, int out, int outVc) {
  const auto winU = static_cast<std::size_t>(winner);
  r.rrVc[winU] = static_cast<std::uint8_t>(vc);
  const int ivc = ivcIndex(n, winner, vc);
  InputVc& iv = ivcs_[static_cast<std::size_t>(ivc)];
  const bool tail = sendFlit<P>(ob, n, r, winner, vc, ivc, iv, out, outVc);
  if constexpr (P::kGrantsOutlastSend) {
    r.stickyVc[winU] = tail ? 0xFF : static_cast<std::uint8_t>(vc);
    r.stickyInput[static_cast<std::size_t>(out)] =
        tail ? static_cast<std::int8_t>(-1) : static_cast<std::int8_t>(winner);
  }
}

template <class P>
[[gnu::always_inline]] inline bool Simulator::offersFront(CycleOutbox& ob, NodeId n, int in, int vc, InputVc& iv) {
  if (iv.count == 0) return false;  // not after a fault purge: nonEmpty says
  if (iv.draining) {
    drainFront(ob, n, in, vc);
    return false;
  }
  const std::int64_t wait = readyIn(iv.front.ready);
  if (wait > 0) {
    scheduleVcWake(n, in, vc, wait);
    return false;
  }
  if (P::Flow::kStoreAndForward && iv.front.index == 0 && iv.front.length > 1) {
    // The whole packet must be here, its tail through the router pipeline
    // (not speculative: up to the VC allocation cycle, headVaLead_ before).
    // Flits of one packet are contiguous in a buffer (whole-packet room).
    if (iv.count < iv.front.length) return false;  // polled: the lane stays ready
    const auto lead = static_cast<std::uint32_t>(iv.outPort == kProcessorPort ? 0 : headVaLead_);
    const std::int64_t tailWait = readyIn(bufferedFlit(iv, iv.front.length - 1u).ready - lead);
    if (tailWait > 0) {
      scheduleVcWake(n, in, vc, tailWait);
      return false;
    }
  }
  return true;
}

template <class P>
[[gnu::always_inline]] inline void Simulator::lapseWaitingPorts(RouterState& r, std::uint64_t readyPorts) const {
  if constexpr (P::Arbiter::kInputVcKeepsGrant && P::kGrantsOutlastSend) {
    for (std::uint64_t w = portsOf(r.nonEmpty) & ~readyPorts; w; w &= w - 1) {
      r.stickyVc[static_cast<std::size_t>(__builtin_ctzll(w) >> laneShift_)] = 0xFF;
    }
  } else {
    (void)r;
    (void)readyPorts;
  }
}

}  // namespace flit
