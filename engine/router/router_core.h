// The routers of the packet simulator as a core over flat arrays (issue 40,
// "the router becomes a core in engine/router"): every input VC, output VC,
// flit slot and router record of the machine (router/router_state.h), the
// lanes the allocator looks at, the bitmap of routers holding flits, and
// the rules that read and change only these arrays: where a VC's row is,
// which lanes are ready, which output VC a head may take, VC allocation
// (the first free VC, or one iteration of iSLIP).
//
// The per-policy steps over these arrays (a router's visit, routing a head,
// sending a flit) are RouterSteps' (router/router_steps.h), and the
// Simulator (sim/simulator.h) is built on both: it keeps set-up, packets,
// traffic, faults, interventions, statistics and observers, and drives the
// cycle.
//
// A value: a copy is the routers' whole state (the Simulator's checkpoints).
#pragma once

#include "router/router_config.h"
#include "router/router_state.h"
#include "topology/topology.h"
#include "traffic/packet_kind.h"
#include "router/age_clock.h"
#include "router/islip.h"
#include "util/flat_array_allocator.h"

#include <emmintrin.h>  // SSE2: part of the x86-64 baseline

#include <cstdint>
#include <vector>

namespace flit {

inline constexpr int kNoOutput = -1;

// A ready front flit that cannot advance (no output VC, no credit): XT
// Table 4 BLOCKED for its VC, and its output is wanted (STALLED when
// nothing is sent there this cycle). Both allocators.
[[gnu::always_inline]] inline void noteBlockedFront(InputVc& iv, std::uint8_t& wantedButBlocked) {
  ++iv.st.blockedCycles;
  if (iv.outPort >= 0) wantedButBlocked |= static_cast<std::uint8_t>(1u << iv.outPort);
}

class RouterCore {
 public:
  // The slots an input buffer of `capacity` flits takes in slots_: every
  // buffer starts a cache line (4 slots of 16 bytes).
  static constexpr std::uint64_t bufferSlots(int capacity) {
    return (static_cast<std::uint64_t>(capacity) + 3u) & ~std::uint64_t{3};
  }

  std::uint64_t cycle() const { return cycle_; }
  int vcCount() const { return vcs_; }
  // Per (n, d): n's neighbour in direction d and that neighbour's output VC
  // row towards n (kInvalidId / -1: none), read once per flit-hop (hops_).
  struct Hop { NodeId node; std::int32_t backOvcs; };

 protected:
  RouterCore() = default;
  // Sizes every array for `nodes` routers of configuration r (empty
  // buffers, full credits, no grants); `neighbour(n, d)`'s router feeds
  // back the credits of the channel n -> d (kInvalidId: no channel).
  template <class Neighbour>
  void buildRouters(const RouterConfig& r, int nodes, bool wholeClass, Neighbour neighbour);

  // Ready times modulo 2^32: never beyond the wheel's horizon, so exact.
  std::int64_t readyIn(std::uint32_t ready) const {
    return static_cast<std::int32_t>(ready - static_cast<std::uint32_t>(cycle_));
  }
  int ivcIndex(NodeId n, int port, int vc) const { return (n * kPortsPerNode + port) * vcs_ + vc; }
  int ovcIndex(NodeId n, int port, int vc) const { return (n * kDirectionCount + port) * vcs_ + vc; }
  // The upstream router's output VC feeding input VC (n, port, vc), port a
  // Direction that receives flits: where that buffer's credits return.
  int upstreamOvc(NodeId n, int port, int vc) const {
    return hops_[static_cast<std::size_t>(n * kDirectionCount + port)].backOvcs + vc;
  }
  // The i-th flit buffered in `iv` (0: the front, from the row), i < count.
  const FlitSlot& bufferedFlit(const InputVc& iv, std::uint32_t i) const {
    return i == 0 ? iv.front : slots_[iv.base + (iv.head + i) % iv.capacity];
  }
  // Calls visit(node, port, vc, flit) for every flit buffered in a router,
  // router by router (only routers holding flits), front to back. Between
  // cycles: for frames, audits and switching policies, not for the cycle.
  template <class Visit>
  void forEachBufferedFlit(Visit visit) const {
    for (NodeId n = 0; n < static_cast<NodeId>(routers_.size()); ++n) {
      if (!routers_[static_cast<std::size_t>(n)].nonEmpty) continue;
      for (int port = 0; port < kPortsPerNode; ++port) {
        for (int vc = 0; vc < vcs_; ++vc) {
          const InputVc& iv = ivcs_[static_cast<std::size_t>(ivcIndex(n, port, vc))];
          for (std::uint32_t i = 0; i < iv.count; ++i) visit(n, port, vc, bufferedFlit(iv, i));
        }
      }
    }
  }
  // Bit d of RouterState::linkUp: the channel leaving n in direction d exists and is up.
  bool linkUp(NodeId n, int d) const {
    return (routers_[static_cast<std::size_t>(n)].linkUp >> d) & 1u;
  }

  // Lanes: lane(port, vc) = port << laneShift_ | vc, 8 << laneShift_ per
  // router (the VC count rounded up to 2, 4 or 8 per port).
  int lane(int port, int vc) const { return port << laneShift_ | vc; }
  std::uint64_t laneBit(int port, int vc) const { return std::uint64_t{1} << lane(port, vc); }
  // Router n's lane ready cycles (low 16 bits; laneReady_).
  std::uint16_t* laneReadyOf(NodeId n) {
    return &laneReady_[static_cast<std::size_t>(n) << (laneShift_ + 3)];
  }
  const std::uint16_t* laneReadyOf(NodeId n) const {
    return &laneReady_[static_cast<std::size_t>(n) << (laneShift_ + 3)];
  }
  // An input VC became non-empty / empty (RouterState::nonEmpty); a router
  // with a non-empty lane is in occupied_ (the allocator's visit list).
  void noteVcFilled(RouterState& r, NodeId n, int port, int vc) {
    r.nonEmpty |= laneBit(port, vc);
    occupied_[(static_cast<std::size_t>(n) >> 6) << occupiedShift_] |= std::uint64_t{1} << (n & 63);
  }
  void noteVcEmptied(RouterState& r, int port, int vc) { r.nonEmpty &= ~laneBit(port, vc); }
  // The allocator looks at input VC (n, port, vc) from this cycle on.
  void visitVc(NodeId n, int port, int vc) {
    laneReadyOf(n)[lane(port, vc)] = static_cast<std::uint16_t>(cycle_);
  }
  // ... from `wait` > 0 cycles on (its front flit becomes ready then).
  void scheduleVcWake(NodeId n, int port, int vc, std::int64_t wait) {
    laneReadyOf(n)[lane(port, vc)] = static_cast<std::uint16_t>(cycle_ + static_cast<std::uint64_t>(wait));
  }
  // One bit per port (bit port << laneShift_) with a set bit in `lanes`;
  // unrolled for laneShift_ 1, 2, 3 (a loop was 3.6% of the T3E's instructions).
  std::uint64_t portsOf(std::uint64_t lanes) const {
    lanes |= lanes >> 1;
    if (laneShift_ >= 2) lanes |= lanes >> 2;
    if (laneShift_ >= 3) lanes |= lanes >> 4;
    return lanes & portBits_;
  }
  // Router n's lanes whose ready cycle has come (SSE2, below).
  std::uint64_t readyLanes(NodeId n, std::uint64_t nonEmpty) const;
  void refreshLaneReady();  // every 2^14 cycles: keeps 16-bit ready cycles comparable
  // allocate(n, its ready lanes), for each router holding flits in words
  // [firstWord, endWord) of occupied_, in node order; a router with no
  // lane left leaves occupied_.
  template <class Allocate>
  void allocateEach(std::size_t firstWord, std::size_t endWord, Allocate allocate);
  std::size_t occupiedWords() const { return occupied_.size() >> occupiedShift_; }
  // occupied_'s layout: shift 3 gives each word a cache line of its own
  // (more than one thread), 0 packs them.
  void layOutOccupied(int shift);

  // The VC class a packet of kind k travels on: its responses' own (T3E
  // section 3.3), or the requests' with router.sharedResponseVcs.
  int classOf(PacketKind k) const { return isResponse(k) ? responseClass_ : 0; }
  // The VCs a head may use next: its class block (request/response), and in
  // it the half of its dateline VC (VC0 lower, VC1 upper) when a class has
  // two VCs or more, except under routing.vcRule anyVc (wholeClass_).
  void vcRange(int cls, int level, int& first, int& count) const {
    const int perClass = perClass_;
    first = cls * perClass;
    count = perClass;
    if (perClass >= 2 && !wholeClass_) {
      count = perClass / 2;
      first += level * count;
    }
  }
  // The output VC a head may take: the lowest-numbered free VC in vcRange with
  // at least `need` credits (0: any free VC, the non-speculative VC allocation,
  // which leaves the credits to switch allocation).
  int chooseOutputVc(NodeId n, int out, const InputVc& iv, int need) const {
    int first = 0, count = 0;
    vcRange(classOf(iv.front.kind), iv.front.level, first, count);
    const OutputVc* o = &ovcs_[static_cast<std::size_t>(ovcIndex(n, out, 0))];
    for (int v = first; v < first + count; ++v) {
      if (o[v].owner < 0 && o[v].credits >= need) return v;
    }
    return kNoOutput;
  }
  // Not speculative: input VC `ivc` = (n, in, vc) takes output VC `ovc` of
  // its route; it asks for the switch switchAllocCycles later.
  void takeOutputVc(NodeId n, int in, int vc, int ivc, InputVc& iv, int ovc) {
    ovcs_[static_cast<std::size_t>(ovcIndex(n, iv.outPort, ovc))].owner = ivc;
    iv.outVc = static_cast<std::int8_t>(ovc);
    iv.front.ready = static_cast<std::uint32_t>(cycle_) + static_cast<std::uint32_t>(switchAllocCycles_);
    if (switchAllocCycles_ > 0) scheduleVcWake(n, in, vc, switchAllocCycles_);
  }
  // Not speculative: a free output VC (credits are switch allocation's).
  // False when none is free.
  bool claimOutputVc(NodeId n, int in, int vc, int ivc, InputVc& iv) {
    const int ovc = chooseOutputVc(n, iv.outPort, iv, 0);
    if (ovc == kNoOutput) return false;
    takeOutputVc(n, in, vc, ivc, iv, ovc);
    return true;
  }
  // router.vcAllocator islip: the head at the front of (n, in, vc) asks for
  // every free output VC of its range, whatever its credits (BookSim2's
  // IQRouter::_VCAllocEvaluate with vc_busy_when_full 0); then one
  // iteration of iSLIP over router n's requests (router/islip.h): the heads
  // matched take their VCs as claimOutputVc's do, the others are blocked.
  void askForOutputVcs(NodeId n, int in, int vc, const InputVc& iv, std::uint64_t* requests, std::uint64_t& asked,
                       std::uint64_t& requesters) const;
  void islipVcAllocation(NodeId n, const std::uint64_t* requests, std::uint64_t asked, std::uint64_t requesters,
                         std::uint8_t& wantedButBlocked);
  // Not speculative, or routing at the front (frontHeadStages_ > 0): a head
  // that became the front during this cycle's allocation starts its stages
  // next cycle (docs/engine.md); to the ejection port (no VC to allocate)
  // its switch allocation switchAllocCycles after that.
  void frontHeadStartsNow(InputVc& iv) const {
    const int stages = frontHeadStages_ + (iv.outPort == kProcessorPort ? headVaLead_ : 0);
    const auto earliest = static_cast<std::uint32_t>(cycle_) + static_cast<std::uint32_t>(stages);
    if (static_cast<std::int32_t>(earliest - iv.front.ready) > 0) iv.front.ready = earliest;
  }

  std::uint64_t cycle_ = 0;
  int vcs_ = 2;
  int responseClass_ = 0;  // 1 (responses' own class), or 0 with router.sharedResponseVcs
  int perClass_ = 1;       // router.vcsPerClass(), kept: vcRange runs for every head it checks
  // routing.vcRule anyVc: a head may use every VC of its class, as BookSim2's
  // dim_order_mesh offers them (docs/booksim.md).
  bool wholeClass_ = false;
  int switchAllocCycles_ = 0;
  // Not speculative (router.speculative false): a head's ready time is its VC
  // allocation cycle, switchAllocCycles before the speculative one; 0 when
  // speculative (routeHeadWith, claimOutputVc).
  int headVaLead_ = 0;
  // The stages a head behind a tail passes once it is at the front: not
  // speculative, VC allocation (and routing with router.routeAtFront);
  // speculative, 0, or routing and both allocations with routeAtFront.
  int frontHeadStages_ = 0;
  int turnExtraCycles_ = 0;  // router.turnExtraCycles (T3E Table 2)
  int adaptiveVc_ = -1;      // the adaptive VC's index (-1: none)
  // The age arbiter: a head needs credits for the longest packet (XT
  // section 2.3.2); 0 otherwise (the Simulator's setArbiter sets it).
  int headCreditsFloor_ = 0;
  // The routers' counters per port (n * kPortsPerNode + port), in the
  // window: as an output, cycles it was wanted but sent nothing (XT Table 4
  // STALLED), adaptive hops, and kAgeGroups each, the ages of the heads that
  // left (RTR_AGE_GROUP0/1, XT Table 4); dateline violations (T3E R_ERR0).
  std::vector<std::uint64_t> portStalled_, portViolations_, portAdaptiveHops_, portAgeGroups_;
  // router.vcAllocator islip: iSLIP's pointers, per router and output VC
  // (grant) and input VC (accept), index port * kMaxVcs + vc; empty otherwise.
  bool islipVa_ = false;
  std::vector<std::uint8_t> vaGrantPtr_, vaAcceptPtr_;

  // FlatArray: huge pages on big machines (util/flat_array_allocator.h).
  FlatArray<FlitSlot> slots_;  // each buffer from a line start
  FlatArray<InputVc> ivcs_;
  FlatArray<OutputVc> ovcs_;
  FlatArray<RouterState> routers_;
  FlatArray<Hop> hops_;  // n * kDirectionCount + d
  // Per lane (node << (laneShift_ + 3) | lane): the cycle (low 16 bits) from
  // which the allocator looks at its front; only lanes in nonEmpty count.
  FlatArray<std::uint16_t> laneReady_;
  int laneShift_ = 1;
  std::uint64_t portBits_ = 0;  // bit port << laneShift_ for each port
  std::uint32_t laneMask_ = 3;  // one port's lanes
  // Bit per router: maybe holding flits, word w at occupied_[w <<
  // occupiedShift_]. On more than one thread each word has a cache line of
  // its own (shift 3: 64 bytes apart), since the parallel cycle's parts are
  // whole words and write theirs at every flit (one line of 8 words shared
  // by two threads halved an 8x8x8's speed on 2 threads); on one thread
  // they are packed (the padding cost it 1-3%).
  std::vector<std::uint64_t> occupied_;
  int occupiedShift_ = 0;
};

template <class Neighbour>
void RouterCore::buildRouters(const RouterConfig& r, int nodes, bool wholeClass, Neighbour neighbour) {
  vcs_ = r.vcCount;
  responseClass_ = r.vcClasses - 1;
  perClass_ = r.vcsPerClass();
  wholeClass_ = wholeClass;
  switchAllocCycles_ = r.switchAllocCycles;
  headVaLead_ = r.speculative ? 0 : r.switchAllocCycles;
  if (r.speculative) {
    frontHeadStages_ = r.routeAtFront ? r.routeCycles + r.vcAllocCycles + r.switchAllocCycles : 0;
  } else {
    frontHeadStages_ = (r.routeAtFront ? r.routeCycles : 0) + r.vcAllocCycles;
  }
  turnExtraCycles_ = r.turnExtraCycles;
  adaptiveVc_ = r.adaptiveVcs > 0 ? r.deterministicVcs() : -1;
  const auto ports = static_cast<std::size_t>(nodes) * kPortsPerNode;
  portStalled_.assign(ports, 0);
  portViolations_.assign(ports, 0);
  portAdaptiveHops_.assign(ports, 0);
  portAgeGroups_.assign(ports * kAgeGroups, 0);
  islipVa_ = !r.speculative && r.vcAllocator == VcAllocator::Islip;
  vaGrantPtr_.assign(islipVa_ ? static_cast<std::size_t>(nodes) * kDirectionCount * kMaxVcs : 0, 0);
  vaAcceptPtr_.assign(islipVa_ ? static_cast<std::size_t>(nodes) * kPortsPerNode * kMaxVcs : 0, 0);

  ivcs_.resize(static_cast<std::size_t>(nodes * kPortsPerNode * vcs_));
  std::uint32_t base = 0;
  for (std::size_t i = 0; i < ivcs_.size(); ++i) {
    ivcs_[i].base = base;
    ivcs_[i].capacity = static_cast<std::uint16_t>(r.depthOf(static_cast<int>(i) % vcs_));
    base += static_cast<std::uint32_t>(bufferSlots(ivcs_[i].capacity));  // the next buffer starts a cache line
  }
  slots_.resize(base);
  ovcs_.resize(static_cast<std::size_t>(nodes * kDirectionCount * vcs_));
  for (std::size_t i = 0; i < ovcs_.size(); ++i) {
    ovcs_[i].credits = static_cast<std::int16_t>(r.depthOf(static_cast<int>(i) % vcs_));
  }
  RouterState fresh;
  fresh.stickyVc.fill(0xFF);
  fresh.stickyInput.fill(-1);
  routers_.assign(static_cast<std::size_t>(nodes), fresh);
  hops_.assign(static_cast<std::size_t>(nodes * kDirectionCount), Hop{kInvalidId, -1});
  for (NodeId n = 0; n < nodes; ++n) {
    for (int d = 0; d < kDirectionCount; ++d) {
      const NodeId m = neighbour(n, d);
      if (m == kInvalidId) continue;
      hops_[static_cast<std::size_t>(n * kDirectionCount + d)] =
          Hop{m, ovcIndex(m, static_cast<int>(opposite(static_cast<Direction>(d))), 0)};
    }
  }
  // Lanes: the VC count rounded up to 2, 4 or 8 per port (kMaxVcs 8).
  laneShift_ = vcs_ <= 2 ? 1 : vcs_ <= 4 ? 2 : 3;
  laneMask_ = (1u << (1 << laneShift_)) - 1u;
  portBits_ = 0;
  for (int p = 0; p < kPortsPerNode; ++p) portBits_ |= std::uint64_t{1} << lane(p, 0);
  laneReady_.assign(static_cast<std::size_t>(nodes) << (laneShift_ + 3), 0);
  occupied_.assign(((static_cast<std::size_t>(nodes) + 63) / 64) << occupiedShift_, 0);
}

template <class Allocate>
[[gnu::always_inline]] inline void RouterCore::allocateEach(std::size_t firstWord, std::size_t endWord,
                                                           Allocate allocate) {
  // Routers are independent within a cycle: what one sends arrives, and its
  // credits return, in later cycles. Allocation never fills a lane
  // (arrivals, injection and fault purges do, outside it).
  std::uint64_t* const occupied = occupied_.data();
  const int shift = occupiedShift_;
  for (std::size_t w = firstWord; w < endWord; ++w) {
    for (std::uint64_t bits = occupied[w << shift]; bits; bits &= bits - 1) {
      const auto n = static_cast<NodeId>(w * 64 + static_cast<std::size_t>(__builtin_ctzll(bits)));
      const RouterState& r = routers_[static_cast<std::size_t>(n)];
      if (const std::uint64_t ready = readyLanes(n, r.nonEmpty)) allocate(n, ready);
      if (!r.nonEmpty) occupied[w << shift] &= ~(std::uint64_t{1} << (n & 63));
    }
  }
}

// The lanes of `nonEmpty` whose ready cycle has come: ready - now <= 0 in
// 16 bits, 16 lanes per SIMD compare (SSE2, part of the x86-64 baseline).
[[gnu::always_inline]] inline std::uint64_t RouterCore::readyLanes(NodeId n, std::uint64_t nonEmpty) const {
  const std::uint16_t* ready = laneReadyOf(n);
  const __m128i nowv = _mm_set1_epi16(static_cast<short>(static_cast<std::uint16_t>(cycle_)));
  const __m128i zero = _mm_setzero_si128();
  std::uint64_t notReady = 0;
  for (int i = 0, blocks = 1 << (laneShift_ - 1); i < blocks; ++i) {
    const __m128i lo = _mm_sub_epi16(_mm_load_si128(reinterpret_cast<const __m128i*>(ready + 16 * i)), nowv);
    const __m128i hi = _mm_sub_epi16(_mm_load_si128(reinterpret_cast<const __m128i*>(ready + 16 * i + 8)), nowv);
    const auto bits = static_cast<std::uint32_t>(
        _mm_movemask_epi8(_mm_packs_epi16(_mm_cmpgt_epi16(lo, zero), _mm_cmpgt_epi16(hi, zero))));
    notReady |= static_cast<std::uint64_t>(bits) << (16 * i);
  }
  return nonEmpty & ~notReady;
}

inline void RouterCore::askForOutputVcs(NodeId n, int in, int vc, const InputVc& iv, std::uint64_t* requests,
                                        std::uint64_t& asked, std::uint64_t& requesters) const {
  int first = 0, count = 0;
  vcRange(classOf(iv.front.kind), iv.front.level, first, count);
  const OutputVc* o = &ovcs_[static_cast<std::size_t>(ovcIndex(n, iv.outPort, 0))];
  const std::uint64_t me = std::uint64_t{1} << (in * kMaxVcs + vc);
  requesters |= me;
  for (int v = first; v < first + count; ++v) {
    if (o[v].owner >= 0) continue;
    const int r = iv.outPort * kMaxVcs + v;
    const std::uint64_t bit = std::uint64_t{1} << r;
    if (!(asked & bit)) requests[r] = 0;
    asked |= bit;
    requests[r] |= me;
  }
}

inline void RouterCore::islipVcAllocation(NodeId n, const std::uint64_t* requests, std::uint64_t asked,
                                          std::uint64_t requesters, std::uint8_t& wantedButBlocked) {
  std::uint8_t* grantPtr = &vaGrantPtr_[static_cast<std::size_t>(n) * kDirectionCount * kMaxVcs];
  std::uint8_t* acceptPtr = &vaAcceptPtr_[static_cast<std::size_t>(n) * kPortsPerNode * kMaxVcs];
  islipOnce(requests, asked, grantPtr, acceptPtr, [&](int r, int o) {
    const int in = r / kMaxVcs, vc = r % kMaxVcs;
    const int ivc = ivcIndex(n, in, vc);
    takeOutputVc(n, in, vc, ivc, ivcs_[static_cast<std::size_t>(ivc)], o % kMaxVcs);
    requesters &= ~(std::uint64_t{1} << r);
  });
  for (; requesters; requesters &= requesters - 1) {
    const int r = __builtin_ctzll(requesters);
    noteBlockedFront(ivcs_[static_cast<std::size_t>(ivcIndex(n, r / kMaxVcs, r % kMaxVcs))], wantedButBlocked);
  }
}

}  // namespace flit
