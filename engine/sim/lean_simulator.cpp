// The lean engine's hot path (lean_simulator.h; docs/engine.md, "The lean
// engine"). Every rule here is Simulator's (simulator_step.cpp,
// simulator_hot.h) restricted to one VC class, dimension-order routing, the
// round-robin arbiter and no faults; where the two differ it is in where the
// state lives, never in what happens. tst_lean_engine compares the two.
#include "sim/lean_simulator.h"

#include "router/arbiter.h"
#include "router/route_cache.h"
#include "routing/routing_setup.h"
#include "sim/scenario.h"
#include "traffic/rng.h"
#include "traffic/traffic.h"

#include <emmintrin.h>  // SSE2: part of the x86-64 baseline

#include <algorithm>
#include <array>
#include <stdexcept>
#include <type_traits>
#include <vector>

namespace flit {

std::string LeanSimulator::unsupportedReason(const SimConfig& cfg) {
  const RouterConfig& r = cfg.router;
  if (!cfg.failedLinks.empty() || !cfg.failedNodes.empty() || !cfg.faultTimeline.empty()) {
    return "faults: the lean engine models no failed links or nodes";
  }
  if (!cfg.hotSpares.empty()) return "faults.hotSpares: not in the lean engine";
  if (cfg.routing.algorithm != RoutingAlgorithm::DimensionOrder) {
    return "routing.algorithm: the lean engine routes dimension-order only";
  }
  if (r.vcClasses != 1) return "router.vcClasses: the lean engine has one VC class";
  if (r.adaptiveVcs != 0) return "router.adaptiveVcs: the lean engine has no adaptive VC";
  if (r.arbiter != ArbiterKind::RoundRobin) return "router.arbiter: the lean engine arbitrates round-robin only";
  if (r.vcCount > kMaxVcs) return "router.vcCount: more than " + std::to_string(kMaxVcs);
  if (r.vcDepthFlits > 255) return "router.vcDepthFlits: the lean engine holds up to 255 flits per VC";
  for (const PacketMixEntry& e : cfg.traffic.mix) {
    if (isRequest(e.kind) || isResponse(e.kind)) {
      return "traffic.mix: requests and responses need Simulator";
    }
  }
  return {};
}

// What every width of the lean core shares: configuration, traffic, packet
// records, the totals and the statistics. The hot path is LeanCoreImpl.
class LeanSimulator::Core {
 public:
  explicit Core(const SimConfig& cfg)
      : cfg_(cfg),
        topo_(cfg.topology),
        routing_(buildRoutingSetup(topo_, cfg.routing)),
        routeCache_(topo_),
        traffic_(cfg.traffic, topo_),
        rng_(cfg.seed) {
    const RouterConfig& r = cfg_.router;
    validateRouterConfig(r, cfg_.traffic.maxPacketFlits(), hasAnyDateline(routing_.datelines),
                         "scenario.router");
    validateTraffic(cfg_.traffic, topo_, "scenario.traffic");
    vcs_ = r.vcCount;
    depth_ = r.vcDepthFlits;
    wholePacket_ = r.flowControl == FlowControl::VirtualCutThrough;
    orderedThreshold_ = Rng::threshold(cfg_.traffic.orderedFraction);
    const int nodes = topo_.nodeCount();
    injectors_.resize(static_cast<std::size_t>(nodes));
    queueCapacity_ = static_cast<std::size_t>(r.sourceQueuePackets);
    queues_.assign(static_cast<std::size_t>(nodes) * queueCapacity_, -1);
    sourceActive_.assign(static_cast<std::size_t>(nodes), 0);
    portStalled_.assign(static_cast<std::size_t>(nodes * kPortsPerNode), 0);
    portViolations_.assign(static_cast<std::size_t>(nodes * kPortsPerNode), 0);
  }
  virtual ~Core() = default;
  Core(const Core&) = delete;
  Core& operator=(const Core&) = delete;

  virtual std::uint64_t run(std::uint64_t n) = 0;
  virtual void resetStats() = 0;
  virtual PortCounters portCounters(NodeId n, int port) const = 0;
  virtual int bufferedFlits(NodeId n, int port, int vc) const = 0;
  virtual std::int64_t occupancyArea(NodeId n, int port, int vc) const = 0;

  SimConfig cfg_;
  Topology topo_;
  RoutingSetup routing_;
  RouteCache routeCache_;
  TrafficSource traffic_;
  Rng rng_;
  int vcs_ = 2;
  int depth_ = 8;
  bool wholePacket_ = false;
  std::uint64_t orderedThreshold_ = 0;
  std::uint64_t cycle_ = 0;
  std::uint64_t lastMoveCycle_ = 0;
  bool deadlocked_ = false;
  SimTotals totals_;
  SimStats stats_;

 protected:
  struct Packet {
    std::uint64_t created = 0;
    std::uint64_t injected = 0;
    std::int32_t serial = 0;
    NodeId src = 0, dst = 0;
    std::uint8_t length = 1;
    PacketKind kind = PacketKind::Generic;
  };
  struct Injector {  // per node (one VC class); its queue: queues_ from node * queueCapacity_
    std::uint16_t headPos = 0, count = 0;
    std::int32_t current = -1;  // packet being written into the injection VC
    std::uint8_t sent = 0;
    std::int8_t vc = -1;
  };

  std::int32_t newPacket(NodeId src, NodeId dst, PacketKind kind) {  // Simulator::newPacket
    std::int32_t id = 0;
    if (!freePackets_.empty()) {
      id = freePackets_.back();
      freePackets_.pop_back();
    } else {
      id = static_cast<std::int32_t>(packets_.size());
      packets_.emplace_back();
    }
    Packet& p = packets_[static_cast<std::size_t>(id)];
    p.created = cycle_;
    p.injected = 0;
    p.serial = nextSerial_++;
    p.src = src;
    p.dst = dst;
    p.kind = kind;
    p.length = static_cast<std::uint8_t>(cfg_.traffic.lengthOf(kind));
    ++totals_.created;
    stats_.flitsOffered += p.length;
    return id;
  }
  void enqueue(NodeId n, std::int32_t pkt) {  // Simulator::enqueue (the caller checked room)
    Injector& inj = injectors_[static_cast<std::size_t>(n)];
    std::size_t pos = inj.headPos + inj.count;
    if (pos >= queueCapacity_) pos -= queueCapacity_;
    queues_[static_cast<std::size_t>(n) * queueCapacity_ + pos] = pkt;
    ++inj.count;
    if (!sourceActive_[static_cast<std::size_t>(n)]) {
      sourceActive_[static_cast<std::size_t>(n)] = 1;
      activeSources_.push_back(n);
    }
  }
  void deliver(std::int32_t pkt) {  // Simulator::deliver, for packets without responses
    const Packet& p = packets_[static_cast<std::size_t>(pkt)];
    ++totals_.delivered;
    --totals_.inFlight;
    ++totals_.deliveredByKind[static_cast<std::size_t>(p.kind)];
    totals_.deliveredFlitsByKind[static_cast<std::size_t>(p.kind)] += p.length;
    if (p.created >= stats_.startCycle) {
      stats_.latency.add(static_cast<std::int64_t>(cycle_ - p.created));
      stats_.networkLatency.add(static_cast<std::int64_t>(cycle_ - p.injected));
    }
    freePackets_.push_back(pkt);
  }
  void generateTraffic() {  // Simulator::generateTraffic: the same draws in the same order
    const std::uint64_t threshold = traffic_.packetThreshold();
    if (threshold == 0) return;
    const int nodes = topo_.nodeCount();
    const auto queueCap = static_cast<std::uint16_t>(cfg_.router.sourceQueuePackets);
    Rng rng = rng_;
    for (NodeId n = 0; n < nodes; ++n) {
      if (!rng.chance(threshold)) continue;
      const NodeId dst = traffic_.destination(n, rng);
      if (dst == kInvalidId) continue;
      const PacketKind kind = traffic_.drawKind(rng);
      if (orderedThreshold_ != 0 && !isResponse(kind)) rng.chance(orderedThreshold_);  // drawn, unused
      const Injector& inj = injectors_[static_cast<std::size_t>(n)];
      if (inj.count >= queueCap) {
        ++totals_.refused;
        stats_.flitsOffered += static_cast<std::uint64_t>(cfg_.traffic.lengthOf(kind));
        continue;
      }
      enqueue(n, newPacket(n, dst, kind));
    }
    rng_ = rng;
  }
  void checkWatchdog() {  // Simulator::checkWatchdog, without the report
    if (totals_.inFlight == 0) {
      lastMoveCycle_ = cycle_;
      return;
    }
    if (cycle_ - lastMoveCycle_ >= static_cast<std::uint64_t>(cfg_.router.watchdogCycles)) {
      deadlocked_ = true;
    }
  }

  std::vector<Packet> packets_;
  std::vector<std::int32_t> freePackets_;
  std::int32_t nextSerial_ = 0;
  std::vector<Injector> injectors_;
  std::vector<std::int32_t> queues_;  // per node: a ring of packet pool indices (source queue)
  std::size_t queueCapacity_ = 0;
  std::vector<NodeId> activeSources_;
  std::vector<std::uint8_t> sourceActive_;
  std::vector<std::uint64_t> portStalled_, portViolations_;  // per port
};

namespace {

// Lanes of a router: lane = port * K + vc for ports 0..6 (8 * K lanes, the
// last K unused), K = the VC count rounded up to 2, 4 or 8.
template <int K>
struct LaneTypes {
  static constexpr int kLanes = 8 * K;
  using Mask = std::conditional_t<(kLanes <= 32), std::uint32_t, std::uint64_t>;
};

// A flit in a buffer or on a link (16 bytes, like Simulator's FlitSlot).
struct LeanFlit {
  std::int32_t packet;
  NodeId dest;
  // In a buffer: the first cycle it may leave. On a link: where it goes,
  // node << 8 | lane.
  std::uint32_t ready;
  std::uint8_t index;   // 0 = head
  std::uint8_t length;
  std::uint8_t level;   // head: dateline VC on the current ring
  std::uint8_t pad;
};
static_assert(sizeof(LeanFlit) == 16);

// opposite(d) for a direction d (a port that sends), as a table; 0 for the
// processor port (a value never used, read to spare a branch).
inline constexpr std::array<std::uint8_t, 8> kOppositeOf = {3, 4, 5, 0, 1, 2, 0, 0};

}  // namespace

// K: lanes per port (the VC count rounded up to 2, 4 or 8). kOneFlit: every
// packet is one flit (each flit a head and a tail: a packet takes its
// output VC and frees it in the same send, so no VC is ever held between
// cycles), which drops the body-flit paths.
template <int K, bool kOneFlit>
class LeanCoreImpl final : public LeanSimulator::Core {
  static constexpr int kLanes = LaneTypes<K>::kLanes;
  using Mask = typename LaneTypes<K>::Mask;
  static constexpr Mask kPortLanes = static_cast<Mask>((1u << K) - 1u);
  static constexpr int kOutVcs = kDirectionCount * K;
  // The arrival loop asks for the lines of the entry this many places on,
  // so the misses of scattered rows overlap (for the credit loop it did
  // not pay).
  static constexpr std::size_t kPrefetchAhead = 8;
  static constexpr Mask kPortBits = [] {  // bit port * K for each of the 7 ports
    Mask m = 0;
    for (int p = 0; p < kPortsPerNode; ++p) m |= static_cast<Mask>(Mask{1} << (p * K));
    return m;
  }();

  // A router's decision state: everything the allocator reads to decide,
  // in consecutive cache lines (one for 2 VCs: the ready cycles, routes and
  // VC choices; then the rest). A buffer is read only to send from it.
  struct alignas(64) Block {
    std::array<std::uint16_t, kLanes> ready{};  // front's ready cycle, low 16 bits
    std::array<std::int8_t, kLanes> out{};      // front packet's output port
    // Head at the front: its dateline VC (bits 0-2) and credit need (bits
    // 3-7). Body at the front: the output VC its packet holds (bits 0-2)
    // and need 1.
    std::array<std::uint8_t, kLanes> sel{};
    // Per output VC (out * K + vc; 8 ports' worth, so that any port value
    // indexes it): credits, the buffer depth being at most 255.
    std::array<std::uint8_t, 8 * K> credits{};
    Mask nonEmpty = 0;
    Mask heads = 0;  // lanes whose front is a head
    Mask owned = 0;  // output VCs (bit out * K + vc) held by a packet (6 * K bits)
    std::array<std::uint8_t, kPortsPerNode> rrVc{};
    std::array<std::uint8_t, kPortsPerNode> rrInput{};
    std::uint8_t datelineDirs = 0;
  };
  // A lane's buffer state, statistics (Simulator::VcStats but the blocked
  // cycles) and front flit in one cache line: a flit entering an empty
  // buffer or leaving it touches this line only. The flits behind the front
  // are in far_, a ring of depth_ - 1 per lane that restarts at its first
  // slot whenever only the front is left.
  struct alignas(64) Row {
    std::int64_t occupancyArea = 0;  // as Simulator::VcStats
    std::uint64_t flitsIn = 0, packetsIn = 0;
    std::uint8_t count = 0;   // flits buffered, the front included
    std::uint8_t behind = 0;  // far_ position of the first flit behind the front
    LeanFlit front{};
  };
  static_assert(sizeof(Row) == 64);

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
    stats_ = SimStats{};
    stats_.startCycle = cycle_;
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
      const int arrived = inPort == kProcessorPort ? -1 : kOppositeOf[static_cast<std::size_t>(inPort)];
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

  // The lanes whose front is not ready yet: ready - now > 0 in 16 bits.
  static Mask notReady(const Block& b, std::uint16_t now) {
    const __m128i nowv = _mm_set1_epi16(static_cast<short>(now));
    const __m128i zero = _mm_setzero_si128();
    Mask m = 0;
    for (int i = 0; i < kLanes / 16; ++i) {
      const __m128i lo = _mm_sub_epi16(
          _mm_load_si128(reinterpret_cast<const __m128i*>(&b.ready[static_cast<std::size_t>(16 * i)])), nowv);
      const __m128i hi = _mm_sub_epi16(
          _mm_load_si128(reinterpret_cast<const __m128i*>(&b.ready[static_cast<std::size_t>(16 * i + 8)])), nowv);
      const auto bits = static_cast<std::uint32_t>(
          _mm_movemask_epi8(_mm_packs_epi16(_mm_cmpgt_epi16(lo, zero), _mm_cmpgt_epi16(hi, zero))));
      m |= static_cast<Mask>(static_cast<Mask>(bits) << (16 * i));
    }
    return m;
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
        const Mask ready = b.nonEmpty & static_cast<Mask>(~notReady(b, now));
        if (ready) allocateRouter(h, n, b, ready);
        if (!b.nonEmpty) occupied[w] &= ~(1ull << (n & 63));
      }
    }
  }

  // One bit per port (bit port * K) whose lanes in `m` hold a set bit.
  static Mask portsOf(Mask m) {
    for (int s = 1; s < K; s <<= 1) m |= m >> s;
    return m & kPortBits;
  }

  // The output VC the front of lane l may take now (Simulator::canAdvance
  // and chooseOutputVc): a head, the lowest free VC of its dateline half
  // with credits for its need; a body, its packet's VC with a credit.
  // -1: blocked.
  [[gnu::always_inline]] int outputVc(const Block& b, std::size_t l, Mask bit, int out) const {
    const int sel = b.sel[l];
    const int need = sel >> 3;
    if constexpr (K == 2) {  // one candidate: half_ is 1
      const int o = out * K + (sel & 7);
      const bool taken = (b.heads & bit) && ((b.owned >> o) & 1u);
      return !taken && b.credits[static_cast<std::size_t>(o)] >= need ? (sel & 7) : -1;
    } else {
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
    for (Mask ports = portsOf(eligible); ports; ports &= ports - 1) {
      const int in = __builtin_ctzll(ports) / K;
      const auto inU = static_cast<std::size_t>(in);
      const auto mask = static_cast<std::uint32_t>((eligible >> (in * K)) & kPortLanes);
      int start = b.rrVc[inU] + 1;
      if (start >= vcs) start = 0;
      int vc = 0;
      if constexpr (K == 2) {
        vc = mask == 3u ? start : static_cast<int>(mask >> 1);
      } else {
        vc = start + __builtin_ctz(rotatedVcMask(mask, start, vcs));
        if (vc >= vcs) vc -= vcs;
      }
      chosenVc[inU] = static_cast<std::int8_t>(vc);
      const int out = b.out[static_cast<std::size_t>(in * K + vc)];
      requests[static_cast<std::size_t>(out)] |= static_cast<std::uint8_t>(1u << in);
      requested |= 1u << out;
    }
    for (std::uint32_t w = wantedButBlocked & ~requested; w; w &= w - 1) {
      ++portStalled_[static_cast<std::size_t>(n * kPortsPerNode + __builtin_ctz(w))];
    }
    for (; requested; requested &= requested - 1) {
      const int out = __builtin_ctz(requested);
      const auto outU = static_cast<std::size_t>(out);
      const int winner = roundRobinPick(requests[outU], b.rrInput[outU], kPortsPerNode);
      b.rrInput[outU] = static_cast<std::uint8_t>(winner);
      const int vc = chosenVc[static_cast<std::size_t>(winner)];
      const int lane = winner * K + vc;
      send(h, n, b, winner, vc, out, laneOvc[static_cast<std::size_t>(lane)]);
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
    for (std::uint32_t w = wantedButBlocked & ~requested; w; w &= w - 1) {
      ++portStalled_[static_cast<std::size_t>(n * kPortsPerNode + __builtin_ctz(w))];
    }
    for (; requested; requested &= requested - 1) {
      const int out = __builtin_ctz(requested);
      const auto outU = static_cast<std::size_t>(out);
      const int winner = roundRobinPick(requests[outU], b.rrInput[outU], kPortsPerNode);
      b.rrInput[outU] = static_cast<std::uint8_t>(winner);
      const int vc = chosenVc[static_cast<std::size_t>(winner)];
      send(h, n, b, winner, vc, out, b.sel[static_cast<std::size_t>(winner * 2 + vc)] & 1);
    }
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
                static_cast<std::uint32_t>(kOppositeOf[static_cast<std::size_t>(out)] * K + outVc);
      h.flitsOut[h.flitCount++] = f;
    }
    // popFront
    row.occupancyArea += static_cast<std::int64_t>(cycle_);
    // The credit goes back upstream; written for the processor port too
    // (kept only for a link: no branch on which, it mispredicts).
    h.creditsOut[h.creditCount] =
        static_cast<std::uint32_t>(h.neighbors[static_cast<std::size_t>(n) * 8 + static_cast<std::size_t>(inPort)]) << 8 |
        static_cast<std::uint32_t>(kOppositeOf[static_cast<std::size_t>(inPort)] * K + vc);
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

namespace {
template <int K, bool kOneFlit>
std::unique_ptr<LeanSimulator::Core> makeCore(const SimConfig& cfg) {
  return std::make_unique<LeanCoreImpl<K, kOneFlit>>(cfg);
}
}  // namespace

LeanSimulator::LeanSimulator(const SimConfig& cfg) {
  const std::string why = unsupportedReason(cfg);
  if (!why.empty()) throw std::invalid_argument("LeanSimulator: " + why);
  const bool oneFlit = cfg.traffic.maxPacketFlits() == 1;
  if (cfg.router.vcCount <= 2) {
    core_ = oneFlit ? makeCore<2, true>(cfg) : makeCore<2, false>(cfg);
  } else if (cfg.router.vcCount <= 4) {
    core_ = oneFlit ? makeCore<4, true>(cfg) : makeCore<4, false>(cfg);
  } else {
    core_ = oneFlit ? makeCore<8, true>(cfg) : makeCore<8, false>(cfg);
  }
}

LeanSimulator::~LeanSimulator() = default;

bool LeanSimulator::step() { return run(1) == 1; }
std::uint64_t LeanSimulator::run(std::uint64_t n) { return core_->run(n); }
void LeanSimulator::resetStats() { core_->resetStats(); }
std::uint64_t LeanSimulator::cycle() const { return core_->cycle_; }
const Topology& LeanSimulator::topology() const { return core_->topo_; }
const SimConfig& LeanSimulator::config() const { return core_->cfg_; }
const SimTotals& LeanSimulator::totals() const { return core_->totals_; }
const SimStats& LeanSimulator::stats() const { return core_->stats_; }
bool LeanSimulator::deadlocked() const { return core_->deadlocked_; }
int LeanSimulator::vcCount() const { return core_->vcs_; }
PortCounters LeanSimulator::portCounters(NodeId n, int port) const { return core_->portCounters(n, port); }
int LeanSimulator::bufferedFlits(NodeId n, int port, int vc) const {
  return core_->bufferedFlits(n, port, vc);
}
double LeanSimulator::meanOccupancy(NodeId n, int port, int vc) const {  // Simulator::meanOccupancy
  const std::uint64_t span = core_->cycle_ - core_->stats_.startCycle;
  if (span == 0) return 0.0;
  return static_cast<double>(core_->occupancyArea(n, port, vc)) / static_cast<double>(span);
}
double LeanSimulator::linkUtilization(NodeId n, int port) const {  // Simulator::linkUtilization
  const std::uint64_t span = core_->cycle_ - core_->stats_.startCycle;
  if (span == 0) return 0.0;
  return static_cast<double>(portCounters(n, port).flitsSent) / static_cast<double>(span);
}

}  // namespace flit
