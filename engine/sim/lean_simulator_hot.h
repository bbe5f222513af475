// The lean engine's hot path (lean_simulator.h; docs/engine.md, "The lean
// engine"). Every rule here is Simulator's (simulator_step.cpp,
// simulator_hot.h) restricted to one VC class, dimension-order routing, the
// round-robin arbiter and no faults; where the two differ it is in where the
// state lives, never in what happens. tst_lean_engine compares the two.
// Private to engine/sim: lean_simulator.cpp instantiates it.
#pragma once

#include "router/arbiter.h"
#include "sim/lean_simulator_core.h"
#include "sim/lean_simulator_state.h"

#include <algorithm>
#include <array>
#include <type_traits>
#include <vector>

namespace flit {

// K: lanes per port (the VC count rounded up to 2, 4 or 8). kOneFlit: every
// packet is one flit (each flit a head and a tail: a packet takes its
// output VC and frees it in the same send, so no VC is ever held between
// cycles), which drops the body-flit paths.
template <int K, bool kOneFlit>
class LeanCoreImpl final : public LeanSimulator::Core {
  static constexpr int kLanes = LeanLanes<K>::kLanes;
  using Mask = typename LeanLanes<K>::Mask;
  using Block = LeanBlock<K>;
  using Row = LeanRow;
  static constexpr Mask kPortLanes = LeanLanes<K>::kPortLanes;
  static constexpr Mask kPortBits = LeanLanes<K>::kPortBits;
  static constexpr int kOutVcs = kDirectionCount * K;
  // The arrival loop asks for the lines of the entry this many places on,
  // so the misses of scattered rows overlap (for the credit loop it did
  // not pay).
  static constexpr std::size_t kPrefetchAhead = 8;


  // The hot loop's arrays, copied into a local each cycle: flits and rows
  // are written a byte at a time, which C++ lets alias anything, so member
  // pointers would be read again after every such store.
  struct Hot {
    Block* blocks;
    Row* rows;
    LeanFlit* far;
    std::uint64_t* blocked;
    std::uint64_t* flitsSent;
    const NodeId* neighbors;
    LeanFlit* flitsOut;  // this cycle's wheel slots
    std::uint32_t* creditsOut;
    std::size_t flitCount, creditCount;
  };

 public:
  explicit LeanCoreImpl(const SimConfig& cfg) : Core(cfg) {
    const int nodes = topo_.nodeCount();
    const RouterConfig& r = cfg_.router;
    blocks_.resize(static_cast<std::size_t>(nodes));
    for (NodeId n = 0; n < nodes; ++n) {
      Block& b = blocks_[static_cast<std::size_t>(n)];
      b.out.fill(-1);
      b.credits.fill(static_cast<std::uint8_t>(depth_));
      b.datelineDirs = routeCache_.datelineDirs(routing_.datelines, n);
    }
    rows_.resize(static_cast<std::size_t>(nodes) * kLanes);
    farDepth_ = static_cast<std::size_t>(std::max(depth_ - 1, 1));
    far_.resize(static_cast<std::size_t>(nodes) * kLanes * farDepth_);
    blocked_.assign(static_cast<std::size_t>(nodes) * kLanes, 0);
    flitsSent_.assign(static_cast<std::size_t>(nodes) * kOutVcs, 0);
    occupied_.assign(static_cast<std::size_t>(nodes + 63) / 64, 0);
    pipelineLess1_ = static_cast<std::uint32_t>(r.pipelineCycles() - 1);
    levelMask_ = vcs_ >= 2 ? 7 : 0;
    half_ = vcs_ >= 2 ? vcs_ / 2 : 1;
    std::uint64_t wheel = 1;
    while (wheel < static_cast<std::uint64_t>(r.linkDelayCycles + 2)) wheel <<= 1;
    wheelMask_ = wheel - 1;
    // At most one flit and one credit per link and cycle.
    slotCapacity_ = static_cast<std::size_t>(nodes) * kDirectionCount;
    wheelFlits_.resize(wheel * slotCapacity_);
    wheelCredits_.resize(wheel * slotCapacity_);
    wheelFlitCount_.assign(wheel, 0);
    wheelCreditCount_.assign(wheel, 0);
    vcTablesZero_ = true;
    for (NodeId n = 0; n < nodes; ++n) {
      for (int d = 0; d < kDirectionCount; ++d) {
        vcTablesZero_ = vcTablesZero_ && routing_.vcTables.row(n, static_cast<Direction>(d)) == 0;
      }
    }
    neighbors_.assign(static_cast<std::size_t>(nodes) * 8, kInvalidId);
    for (NodeId n = 0; n < nodes; ++n) {
      for (int d = 0; d < kDirectionCount; ++d) {
        if (topo_.linkFrom(n, static_cast<Direction>(d)) != kInvalidId) {
          neighbors_[static_cast<std::size_t>(n) * 8 + static_cast<std::size_t>(d)] = routeCache_.neighbor(n, d);
        }
      }
    }
  }

  std::uint64_t run(std::uint64_t n) override {
    std::uint64_t done = 0;
    while (done < n && !deadlocked_) {
      stepOnce();
      ++done;
    }
    return done;
  }

  void resetStats() override {  // Simulator::resetStats
    startWindow(stats_, cycle_, topo_.nodeCount());
    for (Row& row : rows_) {
      row.flitsIn = row.packetsIn = 0;
      row.occupancyArea = -static_cast<std::int64_t>(row.count) * static_cast<std::int64_t>(cycle_);
    }
    std::fill(blocked_.begin(), blocked_.end(), 0);
    std::fill(flitsSent_.begin(), flitsSent_.end(), 0);
    std::fill(portStalled_.begin(), portStalled_.end(), 0);
    std::fill(portViolations_.begin(), portViolations_.end(), 0);
  }

  PortCounters portCounters(NodeId n, int port) const override {  // Simulator::portCounters
    PortCounters c;
    const auto p = static_cast<std::size_t>(Topology::portId(n, port));
    for (int vc = 0; vc < vcs_; ++vc) {
      const Row& row = rows_[laneIndex(n, port, vc)];
      const auto v = static_cast<std::size_t>(vc);
      c.packets[v] = row.packetsIn;
      c.flits[v] = row.flitsIn;
      c.blockedCycles[v] = blocked_[laneIndex(n, port, vc)];
    }
    c.stalledCycles = portStalled_[p];
    if (port < kDirectionCount) {
      for (int vc = 0; vc < vcs_; ++vc) {
        c.flitsSent += flitsSent_[static_cast<std::size_t>(n) * kOutVcs + static_cast<std::size_t>(port * K + vc)];
      }
    }
    c.datelineViolations = portViolations_[p];
    return c;
  }
  int bufferedFlits(NodeId n, int port, int vc) const override { return rows_[laneIndex(n, port, vc)].count; }
  std::int64_t occupancyArea(NodeId n, int port, int vc) const override {
    return rows_[laneIndex(n, port, vc)].occupancyArea +
           static_cast<std::int64_t>(bufferedFlits(n, port, vc)) * static_cast<std::int64_t>(cycle_);
  }

 private:
  static std::size_t laneIndex(NodeId n, int port, int vc) {
    return static_cast<std::size_t>(n) * kLanes + static_cast<std::size_t>(port * K + vc);
  }

  // Simulator::step, in the same order (no fault timeline).
  void stepOnce() {
    if ((cycle_ & 0x3FFFu) == 0) refreshReadyCycles();
    Hot h{blocks_.data(), rows_.data(), far_.data(), blocked_.data(), flitsSent_.data(),
          neighbors_.data(), nullptr, nullptr, 0, 0};
    processArrivals(h);
    generateTraffic();
    injectFlits(h);
    const auto delay = static_cast<std::uint64_t>(cfg_.router.linkDelayCycles);
    const std::size_t flitSlot = (cycle_ + delay + 1) & wheelMask_;
    const std::size_t creditSlot = (cycle_ + delay) & wheelMask_;
    h.flitsOut = &wheelFlits_[flitSlot * slotCapacity_];
    h.creditsOut = &wheelCredits_[creditSlot * slotCapacity_];
    allocate(h);
    wheelFlitCount_[flitSlot] = h.flitCount;
    wheelCreditCount_[creditSlot] = h.creditCount;
    checkWatchdog();
    ++cycle_;
  }

  // Ready cycles are kept in 16 bits and compared as a signed difference:
  // a front ready for 2^15 cycles would read as not ready yet. Every 2^14
  // cycles the ready ones are set to now, which changes no decision.
  void refreshReadyCycles() {
    const auto now = static_cast<std::uint16_t>(cycle_);
    for (Block& b : blocks_) {
      for (Mask m = b.nonEmpty; m; m &= m - 1) {
        const auto lane = static_cast<std::size_t>(__builtin_ctzll(m));
        if (static_cast<std::int16_t>(static_cast<std::uint16_t>(b.ready[lane] - now)) <= 0) {
          b.ready[lane] = now;
        }
      }
    }
  }

  [[gnu::always_inline]] void processArrivals(Hot& h) {
    const std::size_t slotNow = cycle_ & wheelMask_;
    const std::uint32_t* const credits = &wheelCredits_[slotNow * slotCapacity_];
    for (std::size_t i = 0, count = wheelCreditCount_[slotNow]; i < count; ++i) {
      ++h.blocks[credits[i] >> 8].credits[credits[i] & 0xFFu];
    }
    wheelCreditCount_[slotNow] = 0;
    LeanFlit* const flits = &wheelFlits_[slotNow * slotCapacity_];
    const std::uint32_t ready = static_cast<std::uint32_t>(cycle_) + pipelineLess1_;
    for (std::size_t i = 0, count = wheelFlitCount_[slotNow]; i < count; ++i) {
      if (i + kPrefetchAhead < count) {  // the rows these flits go to, a few entries on
        const std::uint32_t ahead = flits[i + kPrefetchAhead].ready;
        __builtin_prefetch(&h.rows[static_cast<std::size_t>(ahead >> 8) * kLanes + (ahead & 0xFFu)], 1);
        __builtin_prefetch(&h.blocks[ahead >> 8], 1);
      }
      LeanFlit f = flits[i];
      const std::uint32_t to = f.ready;
      f.ready = ready;
      push(h, static_cast<NodeId>(to >> 8), static_cast<int>(to & 0xFFu), f);
    }
    wheelFlitCount_[slotNow] = 0;
  }

  // Simulator::pushFlit.
  [[gnu::always_inline]] void push(Hot& h, NodeId n, int lane, const LeanFlit& f) {
    const std::size_t i = static_cast<std::size_t>(n) * kLanes + static_cast<std::size_t>(lane);
    Row& row = h.rows[i];
    row.occupancyArea -= static_cast<std::int64_t>(cycle_);
    ++row.flitsIn;
    row.packetsIn += kOneFlit || f.index == 0;
    const int count = row.count;
    row.count = static_cast<std::uint8_t>(count + 1);
    if (count != 0) {  // queued behind the front
      std::size_t pos = row.behind + static_cast<std::size_t>(count - 1);
      if (pos >= farDepth_) pos -= farDepth_;
      h.far[i * farDepth_ + pos] = f;
      return;
    }
    row.front = f;
    Block& b = h.blocks[static_cast<std::size_t>(n)];
    occupied_[static_cast<std::size_t>(n) >> 6] |= 1ull << (n & 63);
    b.nonEmpty |= static_cast<Mask>(Mask{1} << lane);
    becameFront(n, b, lane, row.front);
  }

  // A flit became the front of `lane`: a head is routed (Simulator::
  // routeHeadWith<false>), a body keeps its packet's route.
  [[gnu::always_inline]] void becameFront(NodeId n, Block& b, int lane, LeanFlit& f) {
    const auto l = static_cast<std::size_t>(lane);
    const Mask bit = static_cast<Mask>(Mask{1} << lane);
    if (!kOneFlit) {
      if (f.index != 0) {
        b.heads &= static_cast<Mask>(~bit);
        b.ready[l] = static_cast<std::uint16_t>(f.ready);
        return;
      }
      b.heads |= bit;
    }
    const RouterConfig& r = cfg_.router;
    const int inPort = lane / K;
    const int out = routeCache_.dimensionOrderStep(n, f.dest);
    // Without branches where the answer is data (they mispredict).
    int extra = (inPort == kProcessorPort) * r.injectExtraCycles;
    if (out == kProcessorPort) {
      extra += r.ejectExtraCycles;
    } else {
      const int arrived = inPort == kProcessorPort ? -1 : kLeanOppositeOf[static_cast<std::size_t>(inPort)];
      extra += (arrived >= 0 && out != arrived) * r.turnExtraCycles;
      if (vcTablesZero_) {
        // Straight through the dateline node: VC0 -> VC1 (on VC1 a
        // violation); entering a direction: VC0. Without a branch on
        // straight or turn, which is data.
        const int straight = arrived == out;
        const int dateline = straight & static_cast<int>((b.datelineDirs >> out) & 1u);
        const int level = f.level;
        totals_.datelineCrossings += static_cast<std::uint64_t>(dateline & (level ^ 1));
        if (dateline & level) {
          ++totals_.datelineViolations;
          ++portViolations_[static_cast<std::size_t>(n * kPortsPerNode + inPort)];
        }
        f.level = static_cast<std::uint8_t>(straight & (level | dateline));
      } else if (arrived == out) {
        if ((b.datelineDirs >> out) & 1u) {  // straight through the dateline node
          if (f.level == 0) {
            f.level = 1;
            ++totals_.datelineCrossings;
          } else {
            ++totals_.datelineViolations;
            ++portViolations_[static_cast<std::size_t>(n * kPortsPerNode + inPort)];
          }
        }
      } else {  // entering a direction: the VC table
        const int ordinate = routeCache_.coord(f.dest, dimensionOf(static_cast<Direction>(out)));
        f.level = ordinate < 64 ? routing_.vcTables.vcFor(n, static_cast<Direction>(out), ordinate)
                                : std::uint8_t{0};
      }
    }
    f.ready += static_cast<std::uint32_t>(extra);
    b.out[l] = static_cast<std::int8_t>(out);
    const int need = wholePacket_ ? f.length : 1;
    b.sel[l] = static_cast<std::uint8_t>((f.level & levelMask_) | need << 3);
    b.ready[l] = static_cast<std::uint16_t>(f.ready);
  }

  // Simulator::injectFlits with one class.
  [[gnu::always_inline]] void injectFlits(Hot& h) {
    std::size_t keep = 0;
    const std::uint32_t ready = static_cast<std::uint32_t>(cycle_) + pipelineLess1_;
    for (std::size_t i = 0; i < activeSources_.size(); ++i) {
      const NodeId n = activeSources_[i];
      Injector& inj = injectors_[static_cast<std::size_t>(n)];
      if (inj.current < 0 && inj.count > 0) {
        const std::int32_t first = queues_[static_cast<std::size_t>(n) * queueCapacity_ + inj.headPos];
        const Packet& p = packets_[static_cast<std::size_t>(first)];
        const int need = wholePacket_ ? p.length : 1;
        for (int v = 0; v < vcs_; ++v) {
          if (depth_ - h.rows[laneIndex(n, kProcessorPort, v)].count >= need) {
            inj.vc = static_cast<std::int8_t>(v);
            inj.current = first;
            inj.sent = 0;
            if (++inj.headPos == queueCapacity_) inj.headPos = 0;
            --inj.count;
            break;
          }
        }
      }
      if (inj.current >= 0 && h.rows[laneIndex(n, kProcessorPort, inj.vc)].count < depth_) {
        Packet& p = packets_[static_cast<std::size_t>(inj.current)];
        if (inj.sent == 0) {
          p.injected = cycle_;
          ++totals_.injected;
          ++totals_.inFlight;
        }
        push(h, n, kProcessorPort * K + inj.vc, LeanFlit{inj.current, p.dst, ready, inj.sent, p.length, 0, 0});
        lastMoveCycle_ = cycle_;
        if (++inj.sent == p.length) inj.current = -1;
      }
      if (inj.current >= 0 || inj.count > 0) {
        activeSources_[keep++] = n;
      } else {
        sourceActive_[static_cast<std::size_t>(n)] = 0;
      }
    }
    activeSources_.resize(keep);
  }

  // Every router holding flits, in node order (routers are independent
  // within a cycle: what one sends arrives, and its credits return, in
  // later cycles).
  [[gnu::always_inline]] void allocate(Hot& h) {
    const auto now = static_cast<std::uint16_t>(cycle_);
    std::uint64_t* const occupied = occupied_.data();
    for (std::size_t w = 0, words = occupied_.size(); w < words; ++w) {
      for (std::uint64_t bits = occupied[w]; bits; bits &= bits - 1) {
        const auto n = static_cast<NodeId>(w * 64 + static_cast<std::size_t>(__builtin_ctzll(bits)));
        Block& b = h.blocks[static_cast<std::size_t>(n)];
        const Mask ready = b.nonEmpty & static_cast<Mask>(~leanNotReady<K>(b, now));
        if (ready) allocateRouter(h, n, b, ready);
        if (!b.nonEmpty) occupied[w] &= ~(1ull << (n & 63));
      }
    }
  }

  // The output VC the front of lane l may take now (Simulator::canAdvance
  // and chooseOutputVc): a head, the lowest free VC of its dateline half
  // with credits for its need; a body, its packet's VC with a credit.
  // -1: blocked.
  [[gnu::always_inline]] int outputVc(const Block& b, std::size_t l, Mask bit, int out) const {
    const int sel = b.sel[l];
    const int need = sel >> 3;
    if (!kOneFlit && !(b.heads & bit)) {
      return b.credits[static_cast<std::size_t>(out * K + (sel & 7))] > 0 ? (sel & 7) : -1;
    }
    const int first = (sel & 7) * half_ * (vcs_ >= 2);
    for (int v = first; v < first + half_; ++v) {
      const int o = out * K + v;
      if (!((b.owned >> o) & 1u) && b.credits[static_cast<std::size_t>(o)] >= need) return v;
    }
    return -1;
  }

  // Simulator::allocateRouterWith<RoundRobinArbiter> over the ready lanes.
  // First each ready front is checked once (Simulator checks every listed
  // VC too, counting the blocked ones); then each input port takes its
  // first advancing VC in round-robin order from the one after its last
  // sender, which is the VC Simulator's walk in that order picks.
  [[gnu::always_inline]] void allocateRouter(Hot& h, NodeId n, Block& b, Mask ready) {
    if constexpr (K == 2) {
      allocateRouter2(h, n, b, ready);
      return;
    }
    Mask eligible = 0;
    std::uint32_t wantedButBlocked = 0;
    std::array<std::int8_t, kLanes> laneOvc;
    for (Mask m = ready; m; m &= m - 1) {
      const int lane = __builtin_ctzll(m);
      const auto l = static_cast<std::size_t>(lane);
      const int out = b.out[l];
      const Mask bit = static_cast<Mask>(Mask{1} << lane);
      if (out == kProcessorPort) {  // ejection always accepts
        eligible |= bit;
        continue;
      }
      const int ovc = outputVc(b, l, bit, out);
      laneOvc[l] = static_cast<std::int8_t>(ovc);
      if (ovc >= 0) {
        eligible |= bit;
      } else {
        ++h.blocked[static_cast<std::size_t>(n) * kLanes + l];
        wantedButBlocked |= 1u << out;
      }
    }
    std::array<std::uint8_t, kPortsPerNode> requests{};
    std::array<std::int8_t, kPortsPerNode> chosenVc;
    std::uint32_t requested = 0;
    const int vcs = vcs_;
    for (Mask ports = leanPortsOf<K>(eligible); ports; ports &= ports - 1) {
      const int in = __builtin_ctzll(ports) / K;
      const auto inU = static_cast<std::size_t>(in);
      const auto mask = static_cast<std::uint32_t>((eligible >> (in * K)) & kPortLanes);
      int start = b.rrVc[inU] + 1;
      if (start >= vcs) start = 0;
      int vc = start + __builtin_ctz(rotatedVcMask(mask, start, vcs));
      if (vc >= vcs) vc -= vcs;
      chosenVc[inU] = static_cast<std::int8_t>(vc);
      const int out = b.out[static_cast<std::size_t>(in * K + vc)];
      requests[static_cast<std::size_t>(out)] |= static_cast<std::uint8_t>(1u << in);
      requested |= 1u << out;
    }
    grantOutputs(h, n, b, requests, chosenVc, requested, wantedButBlocked,
                 [&laneOvc](int lane) { return static_cast<int>(laneOvc[static_cast<std::size_t>(lane)]); });
  }

  // Both allocators' end (Simulator::allocateRouterWith's output loop): an
  // output wanted only by blocked fronts counts a stalled cycle; each
  // requested output grants one input port round robin, which sends on the
  // output VC outVcOf(lane) gives.
  template <class OutVcOf>
  [[gnu::always_inline]] void grantOutputs(Hot& h, NodeId n, Block& b,
                                           const std::array<std::uint8_t, kPortsPerNode>& requests,
                                           const std::array<std::int8_t, kPortsPerNode>& chosenVc,
                                           std::uint32_t requested, std::uint32_t wantedButBlocked,
                                           OutVcOf outVcOf) {
    for (std::uint32_t w = wantedButBlocked & ~requested; w; w &= w - 1) {
      ++portStalled_[static_cast<std::size_t>(n * kPortsPerNode + __builtin_ctz(w))];
    }
    for (; requested; requested &= requested - 1) {
      const int out = __builtin_ctz(requested);
      const auto outU = static_cast<std::size_t>(out);
      const int winner = roundRobinPick(requests[outU], b.rrInput[outU], kPortsPerNode);
      b.rrInput[outU] = static_cast<std::uint8_t>(winner);
      const int vc = chosenVc[static_cast<std::size_t>(winner)];
      send(h, n, b, winner, vc, out, outVcOf(winner * K + vc));
    }
  }

  // Whether the front of lane l may leave now, for K == 2 (one candidate
  // output VC, sel's low bit), without a branch: ejection always accepts.
  [[gnu::always_inline]] static std::uint32_t mayLeave2(const Block& b, int l) {
    const int out = b.out[static_cast<std::size_t>(l)] & 7;
    const int sel = b.sel[static_cast<std::size_t>(l)];
    const int o = out * 2 + (sel & 1);
    if constexpr (kOneFlit) {  // no VC is held; a head needs one credit
      return static_cast<std::uint32_t>(out == kProcessorPort) |
             static_cast<std::uint32_t>(b.credits[static_cast<std::size_t>(o)] != 0);
    }
    const auto taken = static_cast<std::uint32_t>((b.heads >> l) & (b.owned >> o) & 1u);
    const auto room = static_cast<std::uint32_t>(b.credits[static_cast<std::size_t>(o)] >= (sel >> 3));
    return static_cast<std::uint32_t>(out == kProcessorPort) | (room & (taken ^ 1u));
  }

  // allocateRouter for K == 2: per input port with a ready front, both its
  // lanes are checked at once; the blocked ones are counted on a path below
  // saturation rarely taken.
  [[gnu::always_inline]] void allocateRouter2(Hot& h, NodeId n, Block& b, Mask ready) {
    std::array<std::uint8_t, kPortsPerNode> requests{};
    std::array<std::int8_t, kPortsPerNode> chosenVc;
    std::uint32_t requested = 0, wantedButBlocked = 0;
    for (Mask ports = (ready | ready >> 1) & kPortBits; ports; ports &= ports - 1) {
      const int lane0 = __builtin_ctz(ports);
      const int in = lane0 >> 1;
      const auto inU = static_cast<std::size_t>(in);
      const auto m = static_cast<std::uint32_t>(ready >> lane0) & 3u;
      const std::uint32_t ok = m & (mayLeave2(b, lane0) | mayLeave2(b, lane0 + 1) << 1);
      if (const std::uint32_t stuck = m & ~ok) {
        for (std::uint32_t s = stuck; s; s &= s - 1) {
          const int lane = lane0 + __builtin_ctz(s);
          ++h.blocked[static_cast<std::size_t>(n) * kLanes + static_cast<std::size_t>(lane)];
          wantedButBlocked |= 1u << b.out[static_cast<std::size_t>(lane)];
        }
        if (!ok) continue;
      }
      // Both lanes may leave only with 2 VCs: the one after the last sender.
      const int vc = ok == 3u ? b.rrVc[inU] ^ 1 : static_cast<int>(ok >> 1);
      chosenVc[inU] = static_cast<std::int8_t>(vc);
      const int out = b.out[static_cast<std::size_t>(lane0 + vc)];
      requests[static_cast<std::size_t>(out)] |= static_cast<std::uint8_t>(1u << in);
      requested |= 1u << out;
    }
    // One candidate output VC: the low bit of sel (a head's dateline VC, a body's VC).
    grantOutputs(h, n, b, requests, chosenVc, requested, wantedButBlocked,
                 [&b](int lane) { return b.sel[static_cast<std::size_t>(lane)] & 1; });
  }

  // Simulator::sendGranted / sendFlit / popFront.
  [[gnu::always_inline]] void send(Hot& h, NodeId n, Block& b, int inPort, int vc, int out, int outVc) {
    b.rrVc[static_cast<std::size_t>(inPort)] = static_cast<std::uint8_t>(vc);
    const int lane = inPort * K + vc;
    const auto l = static_cast<std::size_t>(lane);
    const std::size_t i = static_cast<std::size_t>(n) * kLanes + l;
    Row& row = h.rows[i];
    LeanFlit f = row.front;
    const bool tail = kOneFlit || f.index + 1 == f.length;
    if (out == kProcessorPort) {
      ++stats_.flitsDelivered;
      if (tail) deliver(f.packet);
    } else {
      const int o = out * K + outVc;
      --b.credits[static_cast<std::size_t>(o)];
      ++h.flitsSent[static_cast<std::size_t>(n) * kOutVcs + static_cast<std::size_t>(o)];
      if (!kOneFlit) {
        if (f.index == 0) {
          b.owned |= static_cast<Mask>(Mask{1} << o);
          b.sel[l] = static_cast<std::uint8_t>(outVc | 1 << 3);  // the body flits' output VC, need 1
        }
        if (tail) b.owned &= static_cast<Mask>(~(Mask{1} << o));
      }
      f.ready = static_cast<std::uint32_t>(h.neighbors[static_cast<std::size_t>(n) * 8 + static_cast<std::size_t>(out)]) << 8 |
                static_cast<std::uint32_t>(kLeanOppositeOf[static_cast<std::size_t>(out)] * K + outVc);
      h.flitsOut[h.flitCount++] = f;
    }
    // popFront
    row.occupancyArea += static_cast<std::int64_t>(cycle_);
    // The credit goes back upstream; written for the processor port too
    // (kept only for a link: no branch on which, it mispredicts).
    h.creditsOut[h.creditCount] =
        static_cast<std::uint32_t>(h.neighbors[static_cast<std::size_t>(n) * 8 + static_cast<std::size_t>(inPort)]) << 8 |
        static_cast<std::uint32_t>(kLeanOppositeOf[static_cast<std::size_t>(inPort)] * K + vc);
    h.creditCount += inPort != kProcessorPort;
    lastMoveCycle_ = cycle_;
    const int left = row.count - 1;
    row.count = static_cast<std::uint8_t>(left);
    if (left == 0) {
      b.nonEmpty &= static_cast<Mask>(~(Mask{1} << lane));
      return;
    }
    const std::size_t next = row.behind + 1u == farDepth_ ? 0 : row.behind + 1u;
    row.front = h.far[i * farDepth_ + row.behind];
    row.behind = static_cast<std::uint8_t>(left == 1 ? 0 : next);
    becameFront(n, b, lane, row.front);
  }

  std::vector<Block> blocks_;
  std::vector<Row> rows_;          // per lane (node * kLanes + lane)
  std::vector<LeanFlit> far_;      // per lane: the flits behind the front (a ring)
  std::size_t farDepth_ = 1;
  std::vector<std::uint64_t> blocked_;    // per lane: XT Table 4 BLOCKED cycles
  std::vector<std::uint64_t> flitsSent_;  // per output VC (node * kOutVcs + out * K + vc)
  std::vector<std::uint64_t> occupied_;   // bit per router holding flits
  std::uint32_t pipelineLess1_ = 0;
  int levelMask_ = 7;  // 0 with one VC: every head takes VC 0 (Simulator::vcRange)
  int half_ = 1;       // VCs per dateline half
  // Flits and credits in flight: per wheel slot, slotCapacity_ entries and a count.
  std::vector<LeanFlit> wheelFlits_;
  std::vector<std::uint32_t> wheelCredits_;  // node << 8 | out * K + vc (an output VC there)
  std::vector<std::size_t> wheelFlitCount_, wheelCreditCount_;
  std::size_t slotCapacity_ = 0;
  std::uint64_t wheelMask_ = 0;
  bool vcTablesZero_ = false;  // every VC table entry 0: no lookup
  std::vector<NodeId> neighbors_;  // node * 8 + direction (kInvalidId: no link)
};

}  // namespace flit
