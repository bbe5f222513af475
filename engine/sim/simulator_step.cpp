// The per-cycle hot path of Simulator (docs/engine.md, "What one cycle does").
// Data touched per flit is kept to a few cache lines: the router's
// RouterState, its InputVc/OutputVc rows and the flit slot; packet records
// are read only when a head is routed and when a tail is delivered.
#include "sim/simulator.h"

#include "router/arbiter.h"
#include "sim/simulator_hot.h"


#include <cassert>
#include <type_traits>

namespace flit {

bool Simulator::step() {
  if (deadlocked_) return false;
  if ((cycle_ & 0x3FFFu) == 0) refreshLaneReady();
  if (rebuildDue_ || (nextTimelineEntry_ < cfg_.timeline.size() &&
                      cfg_.timeline[nextTimelineEntry_].cycle <= cycle_)) {
    applyDueInterventions();  // scenario timeline, between cycles
  }
  if (sync_) advanceSync();  // barrier packets take their links first (simulator_sync.cpp)
  if (special_ && !special_->idle()) advanceSpecial();  // and special packets (simulator_special.cpp)
  withCyclePolicy(cycleSelection(), [this](auto policy) { runCycle<decltype(policy)>(); });
  for (const NodeId n : syncBusy_) routers_[static_cast<std::size_t>(n)].syncBusyOut = 0;
  syncBusy_.clear();
  checkWatchdog();
  ++cycle_;
  return true;
}

// The settings that pick the cycle's policy types (sim/cycle_policy.h).
CycleSelection Simulator::cycleSelection() const {
  CycleSelection s;
  s.algorithm = routing_.algorithm;
  s.tieBits = routing_.algorithm == RoutingAlgorithm::DimensionOrder && routing_.tieRule != TieRule::Plus;
  s.detours = routing_.algorithm == RoutingAlgorithm::DimensionOrder && detoursSeen_;
  s.adaptive = adaptiveOn_;
  s.arbiter = cfg_.router.arbiter;
  s.flow = cfg_.router.flowControl;
  s.oneFlit = oneFlit_;
  s.speculative = cfg_.router.speculative;
  return s;
}

// One cycle's flits and allocation under policy P.
template <class P>
void Simulator::runCycle() {
  processArrivals<P>();
  if (!wheelEjections_[cycle_ & wheelMask_].empty()) deliverEjected();
  if (!wheelStarts_[cycle_ & wheelMask_].empty()) queueStarted();
  generateTraffic();
  injectFlits<P>();
  // The wheel slots this cycle's sends fill (popFront, sendFlit).
  const auto delay = static_cast<std::uint64_t>(cfg_.router.linkDelayCycles);
  flitsOut_ = (cycle_ + delay + 1) & wheelMask_;
  creditsOut_ = (cycle_ + delay + static_cast<std::uint64_t>(cfg_.router.creditExtraCycles)) & wheelMask_;
  ejectionsOut_ = (cycle_ + static_cast<std::uint64_t>(cfg_.router.ejectExtraCycles)) & wheelMask_;
  allocate<P>();
}

// Routers in node order, each with its ready lanes, in parts on threads_
// (sim/parallel_cycle.h); adaptive routing has its own allocator
// (simulator_adaptive.cpp).
template <class P>
void Simulator::allocate() {
  const std::size_t words = occupiedWords();
  const int parts = threads_.partsFor(words);
  CycleOutbox* const out = threads_.outboxes(parts);
  auto allocatePart = [this, out, words, parts](int p) {
    CycleOutbox& ob = out[p];
    allocateEach(CycleThreads::firstWord(words, parts, p), CycleThreads::firstWord(words, parts, p + 1),
                 [this, &ob](NodeId n, std::uint64_t ready) {
                   if constexpr (P::Routing::kAdaptive) {
                     allocateRouterAdaptive<P>(ob, n, ready);
                   } else {
                     allocateRouter<P>(ob, n, ready);
                   }
                 });
  };
  // Part 0 sends straight into the wheel; the others after it, in order.
  out[0].flits = &wheelFlits_[flitsOut_];
  out[0].credits = &wheelCredits_[creditsOut_];
  out[0].defer = parts > 1;
  for (int p = 1; p < parts; ++p) {
    out[p].flits = &out[p].ownFlits;
    out[p].credits = &out[p].ownCredits;
    out[p].defer = true;
  }
  if (parts == 1) {
    allocatePart(0);
  } else {
    threads_.pool().run(parts, allocatePart);
  }
  mergeParts(out, parts);
}

// The destination's end-point pipeline (T3E Table 2). Out of line: the
// allocator's loop calls it once per packet, only with ejectExtraCycles > 0.
[[gnu::noinline]] void Simulator::deliverLater(NodeId n, std::int32_t pkt) {
  wheelEjections_[ejectionsOut_].push_back(EndPointPacket{n, pkt});
}

// The packets whose tails left their ejection ports ejectExtraCycles ago
// are delivered now, before this cycle's traffic (a response they create
// enters the source's pipeline).
void Simulator::deliverEjected() {
  auto& due = wheelEjections_[cycle_ & wheelMask_];
  for (const EndPointPacket& e : due) deliver(e.node, e.packet);
  due.clear();
}

// The source's end-point pipeline (T3E Table 2): the packets created
// injectExtraCycles ago join their source queues now, before this cycle's
// injection.
void Simulator::queueStarted() {
  auto& due = wheelStarts_[cycle_ & wheelMask_];
  for (const EndPointPacket& e : due) {
    const int cls = classOf(packets_[static_cast<std::size_t>(e.packet)].kind);
    --injectors_[static_cast<std::size_t>(e.node * classes_ + cls)].starting;
    enqueue(e.node, cls, e.packet);
  }
  due.clear();
}

std::uint64_t Simulator::run(std::uint64_t n) {
  std::uint64_t done = 0;
  while (done < n && step()) ++done;
  return done;
}

// The rows a cycle touches are scattered over the machine and were last
// used cycles ago, so each loop below asks for the rows of the entry
// kPrefetchAhead places on (they are known from the wheel entries alone)
// while it works on the current one: the misses overlap instead of
// stalling one after another. Prefetches change no state.
inline constexpr std::size_t kPrefetchAhead = 8;
// Fewer credits and flits than this arrive (sources inject) on one
// thread: handing them to the others would cost more than it saves.
// (Either way gives the same result.)
inline constexpr std::size_t kParallelEntriesMin = 256;

// Step 1's credits and flits, in parts on threads_ as allocation is
// (sim/parallel_cycle.h): each part takes the entries of its own routers,
// in wheel order; what they do beyond those routers (dateline events and
// counters) is applied after the phase in wheel order (CycleEffect::order).
template <class P>
void Simulator::processArrivals() {
  auto& credits = wheelCredits_[cycle_ & wheelMask_];
  auto& flits = wheelFlits_[cycle_ & wheelMask_];
  inParts(credits.size() + flits.size(), [this](auto all, CycleOutbox& ob, NodeId lo, NodeId hi) {
    arrivalsFor<P, decltype(all)::value>(ob, lo, hi);
  });
  credits.clear();
  flits.clear();
}

// job(all, outbox, first router, end router) for each part of the routers,
// on threads_ (one part, on this thread, when `entries`, the work there is,
// are fewer than kParallelEntriesMin); then the parts' effects in wheel
// order. `all` is std::true_type for the one part of every router (no
// filter to apply), else std::false_type.
template <class Job>
void Simulator::inParts(std::size_t entries, Job job) {
  const int parts = entries < kParallelEntriesMin ? 1 : threads_.partsFor(occupiedWords());
  CycleOutbox* const out = threads_.outboxes(parts);
  if (parts == 1) {
    out[0].defer = false;
    job(std::true_type{}, out[0], 0, topo_.nodeCount());
  } else {
    const std::size_t words = occupiedWords();
    const auto nodes = static_cast<std::size_t>(topo_.nodeCount());
    auto part = [&](int p) {
      const std::size_t lo = std::min(nodes, CycleThreads::firstWord(words, parts, p) * 64);
      const std::size_t hi = std::min(nodes, CycleThreads::firstWord(words, parts, p + 1) * 64);
      out[p].defer = true;
      job(std::false_type{}, out[p], static_cast<NodeId>(lo), static_cast<NodeId>(hi));
    };
    threads_.pool().run(parts, part);
  }
  mergeInWheelOrder(out, parts);
}

template <class P, bool kAll>
void Simulator::arrivalsFor(CycleOutbox& ob, NodeId lo, NodeId hi) {
  // Each loop reads its wheel slot through a local pointer and count: the
  // work inside stores bytes, which C++ lets alias anything, so a member
  // read (a vector's bounds) would be read again after every store. No
  // loop adds to its own slot.
  const auto& credits = wheelCredits_[cycle_ & wheelMask_];
  {
    const std::int32_t* const c = credits.data();
    const std::size_t count = credits.size();
    OutputVc* const ovcs = ovcs_.data();
    // Output VC rows are in node order: this part's are [first, end).
    const std::int32_t first = ovcIndex(lo, 0, 0), end = ovcIndex(hi, 0, 0);
    for (std::size_t i = 0; i < count; ++i) {
      if (i + kPrefetchAhead < count) {
        __builtin_prefetch(&ovcs[static_cast<std::size_t>(c[i + kPrefetchAhead])], 1);
      }
      if (kAll || (c[i] >= first && c[i] < end)) ++ovcs[static_cast<std::size_t>(c[i])].credits;
    }
  }
  const auto& flits = wheelFlits_[cycle_ & wheelMask_];
  {
    const auto ready = static_cast<std::uint32_t>(cycle_) +
                       static_cast<std::uint32_t>(cfg_.router.pipelineCycles() - 1);
    const Arrival* const a = flits.data();
    const std::size_t count = flits.size();
    for (std::size_t i = 0; i < count; ++i) {
      if (i + kPrefetchAhead < count) {
        const Arrival& b = a[i + kPrefetchAhead];
        if (kAll || (b.node >= lo && b.node < hi)) {
          __builtin_prefetch(&ivcs_[static_cast<std::size_t>(ivcIndex(b.node, b.port, b.vc))], 1);
          __builtin_prefetch(&routers_[static_cast<std::size_t>(b.node)], 1);
        }
      }
      if (!kAll && (a[i].node < lo || a[i].node >= hi)) continue;
      FlitSlot f = a[i].flit;
      f.ready = ready;
      if constexpr (!kAll) ob.order = static_cast<std::uint32_t>(i);
      pushFlit<P>(ob, a[i].node, a[i].port, a[i].vc, f);
    }
  }
}

template <class P>
[[gnu::always_inline]] inline void Simulator::pushFlit(CycleOutbox& ob, NodeId n, int port, int vc, FlitSlot f) {
  const auto ivc = static_cast<std::size_t>(ivcIndex(n, port, vc));
  InputVc& iv = ivcs_[ivc];
  VcStats& st = iv.st;
  st.occupancyArea -= static_cast<std::int64_t>(cycle_);
  ++st.flitsIn;
  if (isHeadFlit<P>(f)) {
    ++st.packetsIn;
    if constexpr (P::kAge) ageArrive(n, port, vc, f.packet);  // XT Procedure 1
  }
  if (iv.count != 0) {  // queued behind the front: into the ring
    std::uint32_t pos = iv.head + iv.count;
    if (pos >= iv.capacity) pos -= iv.capacity;
    ++iv.count;
    slots_[iv.base + pos] = f;
    return;
  }
  // Into an empty buffer: the flit is its front (a head is routed there),
  // in the row only; the ring slot at `head` is not written (bufferedFlit).
  iv.count = 1;
  iv.front = f;
  if (isHeadFlit<P>(f)) routeHead<P>(ob, n, port, vc, iv);
  RouterState& r = routers_[static_cast<std::size_t>(n)];
  noteVcFilled(r, n, port, vc);
  const std::int64_t wait = iv.draining ? 0 : readyIn(iv.front.ready);
  if (wait > 0) {
    scheduleVcWake(n, port, vc, wait);
  } else {
    visitVc(n, port, vc);
  }
}

// A head flit reached the front of input VC (n, inPort, vc): route it (one
// routeStep per router), decide its dateline VC and the extra pipeline
// cycles of a turn or an end point (T3E Table 2).
// Outside the cycle (a fault purge, a drained packet): the routing step of
// the policies in force, picked here.
void Simulator::headArrived(CycleOutbox& ob, NodeId n, int inPort, int vc) {
  InputVc& iv = ivcs_[static_cast<std::size_t>(ivcIndex(n, inPort, vc))];
  withRoutingPolicy(cycleSelection(), [&](auto routing) {
    withFlowPolicy(cfg_.router.flowControl, [&](auto flow) {
      routeHeadOutOfLine<decltype(routing), decltype(flow)>(ob, n, inPort, vc, iv);
    });
  });
}

// The policy object for router n's visit: stateless policies are built
// from nothing; the age arbiter gets the router's state, its clock ticked
// up to this cycle.
template <class Arbiter>
[[gnu::always_inline]] inline Arbiter Simulator::arbiterAt(NodeId n) {
  if constexpr (std::is_same_v<Arbiter, AgeArbiter>) {
    return AgeArbiter(ageRouter(n), cfg_.router.age.rrSelect);
  } else {
    (void)n;
    return Arbiter{};
  }
}

void Simulator::drainFront(CycleOutbox& ob, NodeId n, int inPort, int vc) {
  const int ivc = ivcIndex(n, inPort, vc);
  InputVc& iv = ivcs_[static_cast<std::size_t>(ivc)];
  RouterState& r = routers_[static_cast<std::size_t>(n)];
  while (iv.count > 0) {
    const FlitSlot f = iv.front;
    popFront(ob, n, r, inPort, vc, iv);
    if (f.index + 1 == f.length) {
      iv.draining = 0;
      iv.outPort = -1;
      iv.outVc = -1;
      effect(ob, CycleEffect{CycleEffect::Kind::Drop, SimEventKind::Hop, -1, -1, n, f.packet, 0,
                             packets_[static_cast<std::size_t>(f.packet)].dropReason, nullptr});
      if (iv.count > 0 && iv.front.index == 0) {
        headArrived(ob, n, inPort, vc);
        if (headVaLead_ || frontHeadStages_) frontHeadStartsNow(iv);
      }
      return;
    }
  }
}

void Simulator::generateTraffic() {
  const std::uint64_t threshold = traffic_.packetThreshold();
  if (threshold == 0) return;
  const int nodes = topo_.nodeCount();
  // The generator's state in a local for the loop (written back after it):
  // as a member it would be stored and read again around every packet's
  // stores. Only this loop draws from it during a cycle.
  Rng rng = rng_;
  TrafficSource::Draw d;
  for (NodeId n = 0; n < nodes; ++n) {
    if (!traffic_.draw(n, rng, d)) continue;
    const NodeId dst = d.dst;
    const PacketKind kind = d.kind;
    if ((anyNodeDown_ || !pairBlocked_.empty()) && refuseAtSource(n, dst)) continue;
    Injector& inj = injectors_[static_cast<std::size_t>(n * classes_ + classOf(kind))];
    if (static_cast<int>(inj.count) + inj.starting >= cfg_.router.sourceQueuePackets) {
      ++totals_.refused;
      stats_.flitsOffered += static_cast<std::uint64_t>(cfg_.traffic.lengthOf(kind));  // offered all the same
      continue;
    }
    const std::int32_t pkt = newPacket(n, dst, kind, rng);
    packets_[static_cast<std::size_t>(pkt)].ordered = d.ordered;
    startPacket(n, classOf(kind), pkt);
  }
  rng_ = rng;
}

// One flit per node per cycle from the source queues into the processor
// port's input VCs; a packet in progress continues, else responses first.
template <class P>
void Simulator::injectFlits() {
  inParts(activeSources_.size(), [this](auto all, CycleOutbox& ob, NodeId lo, NodeId hi) {
    injectFor<P, decltype(all)::value>(ob, lo, hi);
  });
  // Sources with nothing left leave the list (injectFor cleared their flag), in order.
  std::size_t keep = 0;
  for (const NodeId n : activeSources_) {
    if (sourceActive_[static_cast<std::size_t>(n)]) activeSources_[keep++] = n;
  }
  activeSources_.resize(keep);
}

template <class P, bool kAll>
void Simulator::injectFor(CycleOutbox& ob, NodeId lo, NodeId hi) {
  for (std::size_t i = 0; i < activeSources_.size(); ++i) {
    const NodeId n = activeSources_[i];
    if (!kAll && (n < lo || n >= hi)) continue;
    if constexpr (!kAll) ob.order = static_cast<std::uint32_t>(i);
    bool pending = false;
    bool sent = false;
    for (int k = 0; k < classes_ && !sent; ++k) {
      const int cls = classes_ - 1 - k;
      Injector& inj = injectors_[static_cast<std::size_t>(n * classes_ + cls)];
      if (inj.current < 0 && inj.count > 0) {
        const Packet& p = packets_[static_cast<std::size_t>(
            inj.queue[inj.headPos])];
        const int need = P::Flow::kWholePacketCredits ? p.length : 1;
        const int perClass = cfg_.router.vcsPerClass();
        // An ordered request enters on its class's first VC only: on two
        // VCs a later packet of the pair could leave the source router
        // first (its VC wins the output), and the ordered bit promises it
        // cannot (T3E paper section 5; sim/pair_order.h). A model choice:
        // the paper does not say how the processor port fills its VCs.
        const int firstVc = cls * perClass;
        const int count = p.ordered ? 1 : perClass;
        // router.injectionVcs: from the class's first VC, or round robin
        // from the one after this source's last packet's (inj.vc).
        const int start = cfg_.router.injectionVcs == InjectionVcs::RoundRobin && inj.vc >= firstVc &&
                                  inj.vc < firstVc + count
                              ? inj.vc + 1 - firstVc
                              : 0;
        for (int k = 0; k < count; ++k) {
          const int v = firstVc + (start + k) % count;
          const InputVc& iv = ivcs_[static_cast<std::size_t>(ivcIndex(n, kProcessorPort, v))];
          if (iv.capacity - iv.count >= need) {
            inj.vc = static_cast<std::int8_t>(v);
            inj.current = inj.queue[inj.headPos];
            inj.sent = 0;
            if (++inj.headPos == inj.queue.size()) inj.headPos = 0;
            --inj.count;
            break;
          }
        }
      }
      if (inj.current >= 0) {
        const int ivc = ivcIndex(n, kProcessorPort, inj.vc);
        const InputVc& iv = ivcs_[static_cast<std::size_t>(ivc)];
        if (iv.count < iv.capacity) {
          Packet& p = packets_[static_cast<std::size_t>(inj.current)];
          if (inj.sent == 0 && !p.relayed()) {  // a relayed packet's second leg is the same packet
            p.injected = cycle_;
            count(ob, totals_.injected);
            count(ob, totals_.inFlight);
            if (observer_) publishFrom(ob, SimEventKind::PacketInjected, p.serial, n, kProcessorPort, inj.vc, 0);
          }
          pushFlit<P>(ob, n, kProcessorPort, inj.vc,
                   FlitSlot{inj.current, p.legEnd(),
                            static_cast<std::uint32_t>(cycle_) +
                                static_cast<std::uint32_t>(cfg_.router.pipelineCycles() - 1),
                            inj.sent, p.length, p.kind, 0});
          ob.moved = true;
          sent = true;
          if (++inj.sent == p.length) inj.current = -1;
        }
      }
    }
    for (int cls = 0; cls < classes_; ++cls) {
      const Injector& inj = injectors_[static_cast<std::size_t>(n * classes_ + cls)];
      pending = pending || inj.current >= 0 || inj.count > 0;
    }
    if (!pending) sourceActive_[static_cast<std::size_t>(n)] = 0;
  }
}

}  // namespace flit
