// The per-policy steps of a router (issue 40's router core): switch and VC
// allocation of one router's visit, routing a head, a flit leaving its
// buffer, for every policy (a CyclePolicy P: P::Routing, P::Arbiter,
// P::Flow, P::kSpeculative, P::kAge; sim/cycle_policy.h), over
// RouterCore's flat arrays (router/router_core.h).
//
// What a step does beyond the routers (a packet's record, its route and
// drop reason, the source queues, the age arbiter's clocks, events and
// deliveries) is asked of the Host, the Simulator (sim/simulator.h), which
// derives from RouterSteps<Simulator>; `Ob` is its cycle outbox
// (sim/parallel_cycle.h: ob.flits, ob.credits, ob.moved, ob.flitsDelivered).
// The hooks, each one call: responseQueueFull, reserveResponse, ejectTail,
// noteHeadHop, noteHeadLeft, ageDepart, ageHeaderOf, arbiterAt, drainFront,
// adaptiveRequest, routeOf, misrouted, routedIntoFailedLink,
// applyDatelineSelection, routeCache, routing, topology (declared in
// sim/simulator.h; the one-line ones defined in sim/simulator_hot.h).
//
// The allocator while adaptive routing is on (T3E section 7) is
// router/router_steps_adaptive.h's.
#pragma once

#include "router/age_clock.h"
#include "router/arbiter.h"
#include "router/router_core.h"
#include "routing/route_step.h"
#include "routing/routing_setup.h"
#include "routing/vc_selection.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <type_traits>

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

// InputVc::pendingDateline bits, for a head with an adaptive request.
inline constexpr std::uint8_t kAdaptiveHeadCrossed = 1;    // its deterministic hop crosses a dateline
inline constexpr std::uint8_t kAdaptiveHeadViolation = 2;  // ... commits a dateline violation
inline constexpr std::uint8_t kAdaptiveHeadDetLate = 4;    // deterministic output: turn, adaptive: not
inline constexpr std::uint8_t kAdaptiveHeadAdLate = 8;     // adaptive output: turn, deterministic: not

template <class Host>
class RouterSteps : public RouterCore {
 protected:
  RouterSteps() = default;
  Host& host() { return static_cast<Host&>(*this); }

  // The credits the head of a packet of `length` flits needs to leave.
  template <class P>
  int headCredits(int length) const;
  // Whether the ready front flit of `iv` (the caller checked front.ready)
  // can leave this cycle.
  template <class P>
  bool canAdvance(NodeId n, const InputVc& iv, int& outVc, bool& blocked);
  // Routes the head at the front of (n, inPort, vc): with policies Routing
  // and Flow; out of line; with P's (dimension order inlined).
  template <class Routing, class Flow, class Ob>
  void routeHeadWith(Ob& ob, NodeId n, int inPort, int vc, InputVc& iv);
  template <class Routing, class Flow, class Ob>
  void routeHeadOutOfLine(Ob& ob, NodeId n, int inPort, int vc, InputVc& iv);
  template <class P, class Ob>
  void routeHead(Ob& ob, NodeId n, int inPort, int vc, InputVc& iv);
  // The front flit leaves (its credit goes upstream); true when another
  // flit moved up to the front, false when the buffer emptied.
  template <class Ob>
  bool popFront(Ob& ob, NodeId n, RouterState& r, int inPort, int vc, InputVc& iv);
  // The winner's front flit (input VC `ivc` = (n, inPort, vc), row `iv`)
  // leaves on (outPort, outVc). True for a tail.
  template <class P, class Ob>
  bool sendFlit(Ob& ob, NodeId n, RouterState& r, int inPort, int vc, int ivc, InputVc& iv, int outPort,
                int outVc);
  // Both allocators, once `winner`'s VC won `out`: send the flit, update the
  // round-robin and sticky grants.
  template <class P, class Ob>
  void sendGranted(Ob& ob, NodeId n, RouterState& r, int winner, int vc, int out, int outVc);
  // Both allocators, for a lane whose ready cycle has come: whether its
  // front flit competes this cycle. Not when the VC drains a dropped packet
  // or its front is not ready after all (a fault changed it).
  template <class P, class Ob>
  bool offersFront(Ob& ob, NodeId n, int in, int vc, InputVc& iv);
  // Both allocators' start: an input port holding flits but no ready lane
  // has no pick this cycle (T3E section 7: the input VC grant lapses).
  template <class P>
  void lapseWaitingPorts(RouterState& r, std::uint64_t readyPorts) const;
  // VC and switch allocation of router n, its ready lanes `ready`
  // (P::Arbiter: router/arbiter.h).
  template <class P, class Ob>
  void allocateRouter(Ob& ob, NodeId n, std::uint64_t ready);
  // The same while adaptive routing is on: each head may request a
  // deterministic and an adaptive output (router/router_steps_adaptive.h).
  template <class P, class Ob>
  void allocateRouterAdaptive(Ob& ob, NodeId n, std::uint64_t ready);
  template <class P>
  bool canAdvanceAdaptive(NodeId n, const InputVc& iv, int& detOvc, bool& detOk, int& adOut, int& adOvc,
                          bool& blocked);
};

// The credits the head of a packet of `length` flits needs on its output VC
// to leave: the whole packet under cut-through, one flit otherwise; under
// the age arbiter only VCs with credits for the longest packet compete (XT
// section 2.3.2; headCreditsFloor_ is 0 otherwise).
template <class Host>
template <class P>
[[gnu::always_inline]] inline int RouterSteps<Host>::headCredits(int length) const {
  int need = P::Flow::kWholePacketCredits ? length : 1;
  if constexpr (P::kAge) need = std::max(need, headCreditsFloor_);
  return need;
}

// Whether the front flit of `iv` (ready: the allocators check front.ready
// first) can leave this cycle; sets the output VC it
// would use. `blocked` is set when it is ready but lacks a resource (XT
// Table 4 BLOCKED).
template <class Host>
template <class P>
[[gnu::always_inline]] inline bool RouterSteps<Host>::canAdvance(NodeId n, const InputVc& iv, int& outVc, bool& blocked) {
  const int out = iv.outPort;
  if (out == kProcessorPort) {
    outVc = kNoOutput;
    if (isRequestHead<P>(iv.front)) {
      if (host().responseQueueFull(n, iv.front.packet)) {
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
template <class Host>
template <class Routing, class Flow, class Ob>
[[gnu::always_inline]] inline void RouterSteps<Host>::routeHeadWith(Ob& ob, NodeId n, int inPort, int vc, InputVc& iv) {
  FlitSlot& f = iv.front;
  constexpr bool dor = Routing::kAlgorithm == RoutingAlgorithm::DimensionOrder;
  constexpr bool tags = Routing::kAlgorithm == RoutingAlgorithm::DirectionOrder;
  // Adaptive routing (simulator_adaptive.cpp): decided from the state before
  // this hop's routeStep (an initial hop still pending never adapts).
  int adapt = -1;
  if constexpr (Routing::kAdaptive) adapt = host().adaptiveRequest(n, f.packet);
  // Dimension order with ties going + reads no tie bits; with another tie
  // rule it routes with the packet's (routing/tie_rule.h).
  int out = 0;
  if constexpr (tags) {
    out = host().routeCache().directionOrderStep(n, host().routeOf(f.packet));
  } else if constexpr (dor && Routing::kDetours) {
    RouteState& route = host().routeOf(f.packet);
    out = route.tag != 0 ? routeStep(host().topology(), RoutingAlgorithm::DimensionOrder, n, route)  // a detour
                         : host().routeCache().dimensionOrderStep(n, f.dest, route.tieMinus);
  } else if constexpr (dor && Routing::kTieBits) {
    out = host().routeCache().dimensionOrderStep(n, f.dest, host().routeOf(f.packet).tieMinus);
  } else if constexpr (dor) {
    out = host().routeCache().dimensionOrderStep(n, f.dest);
  } else {
    out = routeStep(host().topology(), Routing::kAlgorithm, n, host().routeOf(f.packet));
  }
  iv.adaptPort = static_cast<std::int8_t>(out >= 0 && out < kDirectionCount ? adapt : -1);
  int extra = 0;
  if (out == kRouteMisroute) {
    iv.draining = 1;
    host().misrouted(f.packet);
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
      host().routedIntoFailedLink(f.packet);
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
    if (iv.adaptPort < 0 || turnExtraCycles_ == 0 || detTurn == adTurn) {
      extra += detTurn * turnExtraCycles_;
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
          const int ordinate = tags ? destinationOrdinate(host().topology(), Routing::kAlgorithm, host().routeOf(f.packet), dim)
                                    : host().routeCache().coord(f.dest, dim);
          return ordinate >= 0 && ordinate < 64 ? host().routing().vcTables.vcFor(n, static_cast<Direction>(out), ordinate)
                                                : std::uint8_t{0};
        },
        host().routing().datelines.afterVc);
    f.level = sel.vc;
    if (iv.adaptPort >= 0) {  // counted only if it leaves on the deterministic VC
      iv.pendingDateline = static_cast<std::uint8_t>(
          (sel.crossedDateline ? kAdaptiveHeadCrossed : 0) |
          (sel.violation ? kAdaptiveHeadViolation : 0) | late);
    } else if (sel.crossedDateline || sel.violation) {
      host().applyDatelineSelection(ob, n, inPort, vc, out, f.packet, sel.crossedDateline, sel.violation);
    }
  }
  f.ready += static_cast<std::uint32_t>(extra);
}

// Out of line: the longer routing steps (direction order with its tags and
// dateline tables, TRC), called from the allocator's loop.
template <class Host>
template <class Routing, class Flow, class Ob>
[[gnu::noinline]] void RouterSteps<Host>::routeHeadOutOfLine(Ob& ob, NodeId n, int inPort, int vc, InputVc& iv) {
  routeHeadWith<Routing, Flow>(ob, n, inPort, vc, iv);
}

// The routing step of policy P for the head at the front of `iv`: dimension
// order inlined, the others out of line.
template <class Host>
template <class P, class Ob>
[[gnu::always_inline]] inline void RouterSteps<Host>::routeHead(Ob& ob, NodeId n, int inPort, int vc, InputVc& iv) {
  if constexpr (P::Routing::kAlgorithm == RoutingAlgorithm::DimensionOrder) {
    routeHeadWith<typename P::Routing, typename P::Flow>(ob, n, inPort, vc, iv);
  } else {
    routeHeadOutOfLine<typename P::Routing, typename P::Flow>(ob, n, inPort, vc, iv);
  }
}

template <class Host>
template <class Ob>
[[gnu::always_inline]] inline bool RouterSteps<Host>::popFront(Ob& ob, NodeId n, RouterState& r, int inPort,
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

template <class Host>
template <class P, class Ob>
[[gnu::always_inline]] inline bool RouterSteps<Host>::sendFlit(Ob& ob, NodeId n, RouterState& r, int inPort,
                                                     int vc, int ivc, InputVc& iv, int out, int outVc) {
  const FlitSlot f = iv.front;  // copied: popFront moves the next flit up
  const bool tail = isTailFlit<P>(f);
  if (out == kProcessorPort) {
    if (isRequestHead<P>(f)) {
      host().reserveResponse(n, f.packet);
    }
    ++ob.flitsDelivered;  // stats_.flitsDelivered once the phase ends
    if constexpr (P::kAge) {
      if (isHeadFlit<P>(f)) host().ageDepart(ob, n, out, f.packet);
    }
    // The destination's end-point pipeline (T3E Table 2): delivered
    // router.ejectExtraCycles after the tail left the buffer.
    if (tail) host().ejectTail(ob, n, f.packet);
  } else {
    OutputVc& ov = ovcs_[static_cast<std::size_t>(ovcIndex(n, out, outVc))];
    --ov.credits;
    ++ov.flitsSent;
    if (isHeadFlit<P>(f)) {
      if constexpr (P::kAge) host().ageDepart(ob, n, out, f.packet);
      if constexpr (P::kVcHeldBetweenCycles) {
        ov.owner = ivc;
        iv.outVc = static_cast<std::int8_t>(outVc);
      }
      host().noteHeadHop(ob, n, out, outVc, f.packet);
      if (iv.adaptPort >= 0) host().noteHeadLeft(ob, n, inPort, vc, out, outVc, f.packet);  // it had an adaptive choice
    }
    if (P::kVcHeldBetweenCycles && tail) ov.owner = -1;
    ob.flits->push_back(FlitArrival{hops_[static_cast<std::size_t>(n * kDirectionCount + out)].node,
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

template <class Host>
template <class P, class Ob>
[[gnu::always_inline]] inline void RouterSteps<Host>::sendGranted(Ob& ob, NodeId n, RouterState& r, int winner,
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

template <class Host>
template <class P, class Ob>
[[gnu::always_inline]] inline bool RouterSteps<Host>::offersFront(Ob& ob, NodeId n, int in, int vc, InputVc& iv) {
  if (iv.count == 0) return false;  // not after a fault purge: nonEmpty says
  if (iv.draining) {
    host().drainFront(ob, n, in, vc);
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

template <class Host>
template <class P>
[[gnu::always_inline]] inline void RouterSteps<Host>::lapseWaitingPorts(RouterState& r, std::uint64_t readyPorts) const {
  if constexpr (P::Arbiter::kInputVcKeepsGrant && P::kGrantsOutlastSend) {
    for (std::uint64_t w = portsOf(r.nonEmpty) & ~readyPorts; w; w &= w - 1) {
      r.stickyVc[static_cast<std::size_t>(__builtin_ctzll(w) >> laneShift_)] = 0xFF;
    }
  } else {
    (void)r;
    (void)readyPorts;
  }
}

template <class Host>
template <class P, class Ob>
[[gnu::always_inline]] inline void RouterSteps<Host>::allocateRouter(Ob& ob, NodeId n, std::uint64_t ready) {
  using Arbiter = typename P::Arbiter;
  constexpr bool kSpeculative = P::kSpeculative;
  RouterState& r = routers_[static_cast<std::size_t>(n)];
  Arbiter arb = host().template arbiterAt<Arbiter>(n);
  std::array<std::int8_t, kPortsPerNode> chosenVc;
  std::array<std::int8_t, kPortsPerNode> chosenOvc;
  std::array<std::uint16_t, kPortsPerNode> chosenKey;  // kKeyed: per input port, its pick's key
  std::array<std::uint8_t, kPortsPerNode> requests{};  // per output: bitmask of input ports
  std::uint8_t wantedButBlocked = 0;                    // per output: a ready flit lacked credits
  std::uint8_t requestedOutputs = 0;
  const std::uint64_t readyPorts = portsOf(ready);
  lapseWaitingPorts<P>(r, readyPorts);
  // Not speculative, VC allocation depends on the order the inputs are
  // visited in (the first head to claim a free VC has it): they are visited
  // round robin from the one after the last that won a VC
  // (RouterState::vaNext), so that no input has a fixed priority (BookSim2's
  // VC allocator arbitrates round robin too). Speculative, the order decides
  // nothing (each output's winner is arbitrated below): port order.
  std::uint64_t ports = readyPorts, later = 0;  // `later`: visited after `ports`
  // router.vcAllocator islip: the heads' requests for free output VCs (bit
  // in * kMaxVcs + vc per output VC out * kMaxVcs + ovc), matched after the
  // visit (islipVcAllocation).
  std::array<std::uint64_t, kDirectionCount * kMaxVcs> vaRequests;  // read where vaAsked says
  std::uint64_t vaAsked = 0, vaRequesters = 0;
  if constexpr (!kSpeculative) {
    ports = readyPorts & (~std::uint64_t{0} << (r.vaNext << laneShift_));
    later = readyPorts & ~ports;
  }
  for (;;) {
    for (; ports; ports &= ports - 1) {
      const int in = __builtin_ctzll(ports) >> laneShift_;
      const auto inU = static_cast<std::size_t>(in);
      const auto mask = static_cast<std::uint32_t>(ready >> lane(in, 0)) & laneMask_;
      const int firstIvc = ivcIndex(n, in, 0);
      int pick = -1, pickOvc = kNoOutput, pickKey = -1;
      const int sticky = P::kGrantsOutlastSend ? r.stickyVc[inU] : 0xFF;
      const int start = inputVcStart<Arbiter>(sticky, r.rrVc[inU], vcs_);
      for (std::uint32_t rot = rotatedVcMask(mask, start, vcs_); rot; rot &= rot - 1) {
        const int vc = rotatedVc(rot, start, vcs_);
        InputVc& iv = ivcs_[static_cast<std::size_t>(firstIvc + vc)];
        if (!offersFront<P>(ob, n, in, vc, iv)) continue;
        if constexpr (!kSpeculative) {
          // VC allocation first: a head that wins it asks for the switch
          // switchAllocCycles later; one that loses waits, blocked.
          if (isHeadFlit<P>(iv.front) && iv.outVc < 0 && iv.outPort != kProcessorPort) {
            if (islipVa_) {
              askForOutputVcs(n, in, vc, iv, vaRequests.data(), vaAsked, vaRequesters);
            } else if (claimOutputVc(n, in, vc, firstIvc + vc, iv)) {
              r.vaNext = static_cast<std::uint8_t>(in + 1 == kPortsPerNode ? 0 : in + 1);
            } else {
              noteBlockedFront(iv, wantedButBlocked);
            }
            continue;
          }
        }
        int ovc = kNoOutput;
        bool blocked = false;
        if (canAdvance<P>(n, iv, ovc, blocked)) {
          if constexpr (Arbiter::kKeyed) {
            // The oldest head, ties in round-robin order; a started packet first.
            const int key = !isHeadFlit<P>(iv.front) || vc == sticky
                                ? AgeArbiter::kStartedKey
                                : ageAtOutput(host().ageHeaderOf(iv.front.packet), arb.clock());
            if (key > pickKey) {
              pick = vc;
              pickOvc = ovc;
              pickKey = key;
            }
          } else if (pick < 0) {
            pick = vc;
            pickOvc = ovc;
          }
        }
        if (blocked) noteBlockedFront(iv, wantedButBlocked);
      }
      if (pick < 0) {
        if constexpr (P::kGrantsOutlastSend) r.stickyVc[inU] = 0xFF;
        continue;
      }
      chosenVc[inU] = static_cast<std::int8_t>(pick);
      chosenOvc[inU] = static_cast<std::int8_t>(pickOvc);
      if constexpr (Arbiter::kKeyed) chosenKey[inU] = static_cast<std::uint16_t>(pickKey);
      const int out = ivcs_[static_cast<std::size_t>(firstIvc + pick)].outPort;
      requests[static_cast<std::size_t>(out)] |= static_cast<std::uint8_t>(1u << in);
      requestedOutputs |= static_cast<std::uint8_t>(1u << out);
    }
    if (!later) break;  // speculative: constant, one pass
    ports = later;
    later = 0;
  }
  if constexpr (!kSpeculative) {
    if (vaRequesters) islipVcAllocation(n, vaRequests.data(), vaAsked, vaRequesters, wantedButBlocked);
  }
  // An output a barrier packet takes this cycle sends no data (T3E section 6).
  for (std::uint32_t outs = (requestedOutputs | wantedButBlocked) & ~std::uint32_t{r.syncBusyOut}; outs;
       outs &= outs - 1) {
    const int out = __builtin_ctz(outs);
    const auto outU = static_cast<std::size_t>(out);
    const std::uint32_t mask = requests[outU];
    if (!mask) {
      ++portStalled_[static_cast<std::size_t>(n * kPortsPerNode + out)];
      continue;
    }
    const int sticky = P::kGrantsOutlastSend ? r.stickyInput[outU] : -1;
    const int winner = arb.pickWinner(out, mask, sticky, r.rrInput[outU], chosenKey.data());
    const auto winU = static_cast<std::size_t>(winner);
    sendGranted<P>(ob, n, r, winner, chosenVc[winU], out, chosenOvc[winU]);
  }
}

}  // namespace flit
