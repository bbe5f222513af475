// A control for bench_sim's BM_Generic8x8x8_024, not part of Flitscope: the
// generic 8x8x8 configuration written in one file, with nothing but the
// model. Run by hand (make bench), next to bench_sim, on the same machine:
//   build-bench/bin/bench_floor
//
// Why it exists: issue 3 asks for 12 M node-cycles/s on this configuration.
// This program asks what the same work costs when a simulator carries none of
// Flitscope's extras, to tell the cost of the model from the cost of the
// features (docs/engine.md, "A featureless control").
//
// The same configuration as resources/presets/generic-8x8x8.json: 8-ary
// 3-cube torus, 2 VCs of 8 flits with credits returned over a 1-cycle link,
// a 3-cycle router pipeline (a flit arriving at cycle t may leave at t + 2),
// dimension-order routing (shorter way round each ring), VC0 -> VC1 when a
// packet goes straight on through a ring's dateline node (coordinate 0),
// back to VC0 on entering a new dimension, 1-flit packets, Bernoulli
// uniform-random traffic at 0.24 flits/node/cycle into 16-packet source
// queues, one flit injected per node per cycle, and per cycle at each router
// a round-robin VC pick per input then a round-robin input pick per output.
//
// What it leaves out: statistics other than the delivered count and the
// latency sum, events, faults, routing tags, other routing algorithms and
// arbiters, multi-flit packets and the watchdog. Its random numbers differ,
// so single packets differ; accepted throughput and mean latency agree with
// Flitscope's to within 0.1%.
//
// Five variants, bit-identical results (the counters delivered2000 and
// latencySum2000 after the warm-up say so): BM_Floor8x8x8_024 is written the
// plain way (a router holding flits is scanned every cycle, ready or not);
// BM_FloorWake8x8x8_024 adds Flitscope's two main tricks, a wake list (a
// front is looked at only from the cycle it is ready) and prefetching the
// rows the arrival and wake lists will touch; BM_FloorSweep8x8x8_024 is a
// different hot path with no timing wheels at all,
// BM_FloorSweepBooks8x8x8_024 the same carrying Flitscope's per-packet and
// per-flit bookkeeping, and BM_FloorSweepChecks8x8x8_024 that plus the
// run-time checks of a general engine (SweepModel below; docs/engine.md "A
// hot path without wheels").
#include <benchmark/benchmark.h>

#include <emmintrin.h>  // SSE2: part of x86-64's baseline

#include "traffic/rng.h"  // flit::Rng, for kWithChecks

#include <array>
#include <cstdint>
#include <type_traits>
#include <vector>

namespace {

constexpr int kRadix = 8;
constexpr int kNodes = kRadix * kRadix * kRadix;
constexpr int kPorts = 7;  // +X +Y +Z -X -Y -Z, processor
constexpr int kProcessor = 6;
constexpr int kVcs = 2;
constexpr int kDepth = 8;
constexpr int kSourceQueue = 16;
constexpr int kWheel = 8;
constexpr int kPacketFlits = 1;

struct Flit {
  std::int32_t dst;
  std::uint32_t created;
  std::uint32_t ready;
  std::uint8_t level;  // dateline VC
};

struct InputVc {
  std::uint8_t count = 0, head = 0, out = 0;
  std::array<Flit, kDepth> ring{};
};

struct Arrival {
  std::int32_t node;
  std::uint8_t port, vc;
  Flit flit;
};

// Bernoulli uniform-random traffic into per-node source queues, the same
// random stream for every variant.
class Source {
 public:
  explicit Source(double rate)
      : threshold_(static_cast<std::uint64_t>(rate * 18446744073709551615.0)), queue_(kNodes) {}

  // This cycle's draw for node n: a new packet joins its queue unless full.
  // True when the queue holds a packet (its destination: front()).
  bool draw(int n) {
    bool made = false;
    return draw(n, made);
  }
  bool draw(int n, bool& made) {
    Queue& q = queue_[static_cast<std::size_t>(n)];
    made = false;
    if (random() < threshold_) {
      made = true;
      int dst = 0;
      do {
        dst = static_cast<int>(random() % kNodes);
      } while (dst == n);
      if (q.count < kSourceQueue) {
        q.dst[static_cast<std::size_t>((q.head + q.count) % kSourceQueue)] = dst;
        ++q.count;
      }
    }
    return q.count != 0;
  }
  int front(int n) const {
    const Queue& q = queue_[static_cast<std::size_t>(n)];
    return q.dst[q.head];
  }
  void pop(int n) {
    Queue& q = queue_[static_cast<std::size_t>(n)];
    q.head = static_cast<std::uint8_t>((q.head + 1) % kSourceQueue);
    --q.count;
  }

 private:
  struct Queue {
    std::array<std::int32_t, kSourceQueue> dst{};
    std::uint8_t head = 0, count = 0;
  };
  std::uint64_t random() {  // xorshift64
    rng_ ^= rng_ << 13;
    rng_ ^= rng_ >> 7;
    rng_ ^= rng_ << 17;
    return rng_;
  }
  std::uint64_t threshold_;
  std::uint64_t rng_ = 88172645463325252ull;
  std::vector<Queue> queue_;
};

// The torus wiring every variant shares.
struct Torus {
  Torus() : coords(kNodes), neighbours(kNodes) {
    for (int n = 0; n < kNodes; ++n) {
      const std::array<int, 3> c = {n % kRadix, (n / kRadix) % kRadix, n / (kRadix * kRadix)};
      for (int d = 0; d < 3; ++d) coords[static_cast<std::size_t>(n)][static_cast<std::size_t>(d)] =
          static_cast<std::uint8_t>(c[static_cast<std::size_t>(d)]);
      for (int dir = 0; dir < 6; ++dir) {
        std::array<int, 3> m = c;
        const auto d = static_cast<std::size_t>(dir % 3);
        m[d] = (m[d] + (dir < 3 ? 1 : kRadix - 1)) % kRadix;
        neighbours[static_cast<std::size_t>(n)][static_cast<std::size_t>(dir)] =
            m[0] + kRadix * (m[1] + kRadix * m[2]);
      }
    }
  }
  std::vector<std::array<std::uint8_t, 3>> coords;
  std::vector<std::array<std::int32_t, 6>> neighbours;
};

// What every variant counts, and runFloor reads.
class Tally {
 public:
  std::uint32_t cycle() const { return cycle_; }
  std::uint64_t delivered() const { return delivered_; }
  std::uint64_t latencySum() const { return latencySum_; }
  double meanLatency() const {
    return delivered_ ? static_cast<double>(latencySum_) / static_cast<double>(delivered_) : 0.0;
  }

 protected:
  std::uint32_t cycle_ = 0;
  std::uint64_t delivered_ = 0, latencySum_ = 0;
};

template <bool kWakes>
class FloorModel : public Tally {
 public:
  explicit FloorModel(double rate)
      : source_(rate),
        ivcs_(kNodes * kPorts * kVcs),
        credits_(kNodes * 6 * kVcs, kDepth),
        rrVc_(kNodes * kPorts, 0),
        rrInput_(kNodes * kPorts, 0),
        readyMask_(kNodes, 0),
        isActive_(kNodes, 0),
        coords_(torus_.coords),
        neighbours_(torus_.neighbours) {}

  void step() {
    const std::size_t now = cycle_ % kWheel;
    for (const std::int32_t c : creditWheel_[now]) ++credits_[static_cast<std::size_t>(c)];
    creditWheel_[now].clear();
    const std::vector<Arrival>& arrivals = arrivalWheel_[now];
    for (std::size_t i = 0; i < arrivals.size(); ++i) {
      if (kWakes && i + 8 < arrivals.size()) {
        const Arrival& b = arrivals[i + 8];
        __builtin_prefetch(&ivc(b.node, b.port, b.vc));
      }
      Flit f = arrivals[i].flit;
      f.ready = cycle_ + 2;
      push(arrivals[i].node, arrivals[i].port, arrivals[i].vc, f);
    }
    arrivalWheel_[now].clear();
    if constexpr (kWakes) {
      const std::vector<std::uint32_t>& wakes = wakeWheel_[now];
      for (std::size_t i = 0; i < wakes.size(); ++i) {
        if (i + 8 < wakes.size()) __builtin_prefetch(&readyMask_[wakes[i + 8] >> 4]);
        list(static_cast<int>(wakes[i] >> 4), static_cast<int>(wakes[i] & 15u));
      }
      wakeWheel_[now].clear();
    }
    generateAndInject();
    allocate();
    ++cycle_;
  }


 private:
  int coord(int n, int d) const {
    return coords_[static_cast<std::size_t>(n)][static_cast<std::size_t>(d)];
  }
  InputVc& ivc(int n, int port, int vc) {
    return ivcs_[static_cast<std::size_t>((n * kPorts + port) * kVcs + vc)];
  }
  std::int8_t& credit(int n, int out, int vc) {
    return credits_[static_cast<std::size_t>((n * 6 + out) * kVcs + vc)];
  }

  // Dimension order, the shorter way round each ring; kProcessor here.
  int route(int n, int dst) const {
    for (int d = 0; d < 3; ++d) {
      const int a = coord(n, d), b = coord(dst, d);
      if (a != b) return (b - a + kRadix) % kRadix <= kRadix / 2 ? d : d + 3;
    }
    return kProcessor;
  }
  // Routes the front flit of `q`, which came in on `port`.
  void routeFront(int n, int port, InputVc& q) {
    Flit& f = q.ring[q.head];
    const int out = route(n, f.dst);
    q.out = static_cast<std::uint8_t>(out);
    if (out == kProcessor) return;
    const int arrived = port == kProcessor ? -1 : (port + 3) % 6;
    if (arrived != out) {
      f.level = 0;
    } else if (coord(n, out % 3) == 0) {
      f.level = 1;
    }
  }

  // readyMask_ bit: plain, the VC holds flits; kWakes, its front is ready.
  void list(int n, int bit) {
    readyMask_[static_cast<std::size_t>(n)] |= static_cast<std::uint16_t>(1u << bit);
    if (!isActive_[static_cast<std::size_t>(n)]) {
      isActive_[static_cast<std::size_t>(n)] = 1;
      active_.push_back(n);
    }
  }
  void wakeAt(std::uint32_t cycle, int n, int bit) {
    wakeWheel_[cycle % kWheel].push_back(static_cast<std::uint32_t>(n) << 4 | static_cast<std::uint32_t>(bit));
  }

  void push(int n, int port, int vc, Flit f) {
    InputVc& q = ivc(n, port, vc);
    q.ring[static_cast<std::size_t>((q.head + q.count) % kDepth)] = f;
    if (q.count++ == 0) {
      routeFront(n, port, q);
      if constexpr (kWakes) {
        wakeAt(f.ready, n, port * kVcs + vc);
      } else {
        list(n, port * kVcs + vc);
      }
    }
  }

  void generateAndInject() {
    for (int n = 0; n < kNodes; ++n) {
      if (!source_.draw(n)) continue;
      for (int v = 0; v < kVcs; ++v) {
        if (ivc(n, kProcessor, v).count < kDepth) {
          push(n, kProcessor, v, Flit{source_.front(n), cycle_, cycle_ + 2, 0});
          source_.pop(n);
          break;
        }
      }
    }
  }

  void allocate() {
    std::vector<Arrival>& arrivals = arrivalWheel_[(cycle_ + 2) % kWheel];
    std::vector<std::int32_t>& credits = creditWheel_[(cycle_ + 1) % kWheel];
    std::size_t keep = 0;
    for (std::size_t i = 0; i < active_.size(); ++i) {
      const int n = active_[i];
      std::array<std::uint8_t, kPorts> requests{};
      std::array<std::int8_t, kPorts> pickVc{};
      std::uint32_t outputs = 0;
      std::uint32_t ports = readyMask_[static_cast<std::size_t>(n)];
      ports = (ports | ports >> 1) & 0x1555u;  // one bit per input port holding flits
      for (; ports; ports &= ports - 1) {
        const int in = __builtin_ctz(ports) >> 1;
        const int start = rrVc_[static_cast<std::size_t>(n * kPorts + in)];
        for (int k = 0; k < kVcs; ++k) {
          const int vc = (start + 1 + k) % kVcs;
          const InputVc& q = ivc(n, in, vc);
          if constexpr (kWakes) {
            if (!((readyMask_[static_cast<std::size_t>(n)] >> (in * kVcs + vc)) & 1u)) continue;
          } else if (q.count == 0 || static_cast<std::int32_t>(q.ring[q.head].ready - cycle_) > 0) {
            continue;
          }
          const Flit& f = q.ring[q.head];
          if (q.out != kProcessor && credit(n, q.out, f.level) <= 0) continue;
          pickVc[static_cast<std::size_t>(in)] = static_cast<std::int8_t>(vc);
          requests[q.out] |= static_cast<std::uint8_t>(1u << in);
          outputs |= 1u << q.out;
          break;
        }
      }
      for (; outputs; outputs &= outputs - 1) {
        const int out = __builtin_ctz(outputs);
        std::uint8_t& rr = rrInput_[static_cast<std::size_t>(n * kPorts + out)];
        int winner = rr;
        for (int k = 1; k <= kPorts; ++k) {
          const int in = (rr + k) % kPorts;
          if ((requests[static_cast<std::size_t>(out)] >> in) & 1) {
            winner = in;
            break;
          }
        }
        rr = static_cast<std::uint8_t>(winner);
        const int vc = pickVc[static_cast<std::size_t>(winner)];
        rrVc_[static_cast<std::size_t>(n * kPorts + winner)] = static_cast<std::uint8_t>(vc);
        InputVc& q = ivc(n, winner, vc);
        const Flit f = q.ring[q.head];
        q.head = static_cast<std::uint8_t>((q.head + 1) % kDepth);
        --q.count;
        if (winner != kProcessor) {
          const int up = neighbours_[static_cast<std::size_t>(n)][static_cast<std::size_t>(winner)];
          credits.push_back((up * 6 + (winner + 3) % 6) * kVcs + vc);
        }
        if (out == kProcessor) {
          ++delivered_;
          latencySum_ += cycle_ - f.created;
        } else {
          --credit(n, out, f.level);
          arrivals.push_back(Arrival{neighbours_[static_cast<std::size_t>(n)][static_cast<std::size_t>(out)],
                                     static_cast<std::uint8_t>((out + 3) % 6), f.level, f});
        }
        if (q.count) {
          routeFront(n, winner, q);
          const std::uint32_t ready = q.ring[q.head].ready;
          if (kWakes && static_cast<std::int32_t>(ready - (cycle_ + 1)) > 0) {  // not ready next cycle
            readyMask_[static_cast<std::size_t>(n)] &= static_cast<std::uint16_t>(~(1u << (winner * kVcs + vc)));
            wakeAt(ready, n, winner * kVcs + vc);
          }
        } else {
          readyMask_[static_cast<std::size_t>(n)] &= static_cast<std::uint16_t>(~(1u << (winner * kVcs + vc)));
        }
      }
      if (readyMask_[static_cast<std::size_t>(n)]) {
        active_[keep++] = n;
      } else {
        isActive_[static_cast<std::size_t>(n)] = 0;
      }
    }
    active_.resize(keep);
  }

  Source source_;
  Torus torus_;
  std::vector<InputVc> ivcs_;
  std::vector<std::int8_t> credits_;
  std::vector<std::uint8_t> rrVc_, rrInput_;
  std::vector<std::uint16_t> readyMask_;  // bit port * kVcs + vc (list())
  std::vector<std::uint8_t> isActive_;
  std::vector<std::int32_t> active_;
  const std::vector<std::array<std::uint8_t, 3>>& coords_;
  const std::vector<std::array<std::int32_t, 6>>& neighbours_;
  std::array<std::vector<Arrival>, kWheel> arrivalWheel_;
  std::array<std::vector<std::int32_t>, kWheel> creditWheel_;
  std::array<std::vector<std::uint32_t>, kWheel> wakeWheel_;  // kWakes: node << 4 | bit
};

// The same model on a hot path with no timing wheels (docs/engine.md, "A hot
// path without wheels"):
// - a sent flit is written straight into the downstream input VC, carrying
//   the cycle it may leave (it cannot be looked at before), instead of
//   travelling through an arrival wheel;
// - credits are not counted: the upstream router reads the downstream VC's
//   fill and whether it gave up a flit this cycle (a credit returned this
//   cycle is not seen until the next, as over a 1-cycle credit link);
// - every router holding flits is looked at each cycle, but all its fronts'
//   ready cycles sit in one cache line (16-bit, compared with wrap-around)
//   and one SSE2 compare tells which are ready: no wake wheel, no active list;
// - the front's output port and dateline VC, decided when it became the
//   front, sit in the same line, so a VC's buffer is read only when it sends.
// Routers are independent within a cycle (a flit written ahead is not ready
// before 4 cycles on; the credit rule above does not depend on which of two
// neighbours is swept first), so the sweep order changes nothing.
//
// kLevel >= kWithBooks adds the bookkeeping Flitscope does per packet and
// per flit, to price it on this hot path: a pooled packet record per packet
// (created at injection here, stamped, freed at delivery; flits carry its
// index), per input VC the XT Table 4 counters and the occupancy integral,
// per output VC its owner (a head takes a free VC) and flits sent, stalled
// cycles per port, two latency statistics with histograms, totals, and an
// observer test per would-be event (none is attached, as in bench_sim).
//
// kLevel == kWithChecks adds, on top, the run-time checks a general engine
// makes for what this preset does not use, all neutral here (the results
// stay the same): a head's output VC from its class's dateline half with
// its flow control's credit need; pipeline extras for injection, turns and
// ejection; the VC table on entering a direction and dateline crossings
// counted per port; failed-link and adaptive-request tests; the T3E
// arbiter's sticky grants written on every send; the engine's generator
// (flit::Rng) drawn beside this one, packet kinds, ordered requests and
// refused pairs tested per packet; injection over classes; the request
// test at delivery; the fault timeline and the watchdog tested per cycle.
inline constexpr int kBare = 0, kWithBooks = 1, kWithChecks = 2;
volatile int gNeutral = 0;  // run-time zero: the checks' settings cannot be folded away

template <int kLevel>
class SweepModel : public Tally {
  static constexpr bool kBooks = kLevel >= kWithBooks;
  static constexpr bool kChecks = kLevel >= kWithChecks;
 public:
  explicit SweepModel(double rate)
      : source_(rate),
        heads_(kNodes * kVcsPerNode),
        rings_(kNodes * kVcsPerNode),
        routers_(kNodes),
        neighbours_(torus_.neighbours),
        packed_(kNodes) {
    for (int n = 0; n < kNodes; ++n) {
      const auto& c = torus_.coords[static_cast<std::size_t>(n)];
      packed_[static_cast<std::size_t>(n)] = static_cast<std::uint32_t>(c[0] | c[1] << 8 | c[2] << 16);
    }
    for (int a = 0; a < kRadix; ++a) {
      for (int b = 0; b < kRadix; ++b) {
        minus_[static_cast<std::size_t>(a * kRadix + b)] = (b - a + kRadix) % kRadix <= kRadix / 2 ? 0 : 3;
      }
    }
    if constexpr (kBooks) {
      books_.vcStats.resize(kNodes * kVcsPerNode);
      books_.ovcs.resize(kNodes * 6 * kVcs);
      books_.portStalled.resize(kNodes * kPorts);
    }
    if constexpr (kChecks) {
      const int zero = gNeutral;
      checks_.injectExtra = checks_.turnExtra = checks_.ejectExtra = zero;
      checks_.classes = 1 + zero;
      checks_.perClass = kVcs + zero;
      checks_.wholePacket = zero != 0;
      checks_.mixSize = 1 + static_cast<std::size_t>(zero);
      checks_.orderedThreshold = static_cast<std::uint64_t>(zero);
      checks_.anyNodeDown = zero != 0;
      checks_.vcTable.assign(kNodes * 6, static_cast<std::uint64_t>(zero));  // all VC0: time of crossing
      checks_.linkUp.assign(kNodes, static_cast<std::uint8_t>(0x3F + zero));
      checks_.crossings.assign(kNodes * kPorts, 0);
      checks_.sticky.resize(kNodes);
      checks_.adaptPort.assign(kNodes * kVcsPerNode, static_cast<std::int8_t>(-1 + zero));
    }
  }

  void step() {
    if constexpr (kChecks) {
      if (checks_.nextFault < checks_.faultCycles.size() && checks_.faultCycles[checks_.nextFault] <= cycle_) {
        ++checks_.nextFault;
      }
    }
    for (int n = 0; n < kNodes; ++n) {
      bool made = false;
      const bool queued = source_.draw(n, made);
      if constexpr (kChecks) {
        checks_.sink += checks_.rng.next() >> 63;  // the engine's generator, per node and cycle
        if (made) {
          checks_.sink += checks_.rng.below(kNodes - 1);  // its uniform destination
          const bool request = checks_.mixSize != 1 && (checks_.rng.next() & 1u);
          const bool ordered = checks_.orderedThreshold != 0 && !request &&
                               checks_.rng.chance(checks_.orderedThreshold);
          if (checks_.anyNodeDown && ordered) ++checks_.sink;
        }
      }
      if (!queued) continue;
      const int classes = classCount();
      const int perClass = vcsPerClass();
      bool sent = false;
      for (int k = classes - 1; k >= 0 && !sent; --k) {
        for (int v = k * perClass; v < (k + 1) * perClass; ++v) {
          const int need = injectNeed();
          if (kDepth - heads_[static_cast<std::size_t>(n * kVcsPerNode + kProcessor * kVcs + v)].count < need) continue;
          SweepFlit f{-1, static_cast<std::uint16_t>(source_.front(n)), 0, 0, cycle_ + 2, cycle_};
          if constexpr (kBooks) {
            f.packet = books_.newPacket(n, f.dst, cycle_);
            Packet& p = books_.packets[static_cast<std::size_t>(f.packet)];
            p.injected = cycle_;
            ++books_.injected;
            ++books_.inFlight;
            if (books_.observer) ++books_.events;
            books_.lastMove = cycle_;
          }
          push(n, kProcessor * kVcs + v, f);
          source_.pop(n);
          sent = true;
          break;
        }
      }
    }
    allocate();
    if constexpr (kChecks) {
      if (books_.inFlight > 0 && cycle_ - books_.lastMove > 100000) ++checks_.sink;  // the watchdog
    }
    ++cycle_;
  }

 private:
  static constexpr int kVcsPerNode = kPorts * kVcs;  // VC bit: port * kVcs + vc
  struct SweepFlit {        // 16 bytes, like Flitscope's FlitSlot
    std::int32_t packet;    // kBooks: its packet record
    std::uint16_t dst;
    std::uint8_t level;     // dateline VC
    std::uint8_t index;     // 0: head (every packet is one flit here)
    std::uint32_t ready;    // the cycle it may leave
    std::uint32_t created;  // without kBooks (with it: in the packet record)
  };
  struct VcHead {  // what the upstream router reads for its credits
    std::uint32_t lastPop = 0xFFFFFFFFu;
    std::uint8_t count = 0, head = 0;
  };
  struct alignas(64) Ring {
    std::array<SweepFlit, kDepth> flit;
  };
  struct alignas(64) Router {
    std::array<std::uint16_t, 16> frontReady{};  // per VC bit, low 16 bits
    std::array<std::uint8_t, kVcsPerNode> outLevel{};  // the front's output | its VC << 4
    std::uint16_t nonEmpty = 0;
    std::array<std::uint8_t, kPorts> rrVc{};
    std::array<std::uint8_t, kPorts> rrInput{};
  };
  static_assert(sizeof(Router) == 64);
  struct Packet {  // Flitscope's Packet, with a routing state's worth of room
    std::uint64_t route = 0;
    std::uint64_t created = 0, injected = 0;
    std::int32_t serial = 0, src = 0, dst = 0;
    std::uint8_t length = 1, kind = 0, dropReason = 0;
    bool ordered = false;
  };
  struct VcStats {
    std::int64_t occupancyArea = 0;
    std::uint64_t flitsIn = 0, packetsIn = 0, blockedCycles = 0;
  };
  struct OutputVc {
    std::int32_t owner = -1;
    std::uint64_t flitsSent = 0;
  };
  struct Latency {  // LatencyStats::add
    std::uint64_t count = 0;
    double sum = 0, sumSq = 0;
    std::int64_t max = 0;
    std::vector<std::uint64_t> hist;
    void add(std::int64_t c) {
      ++count;
      const auto v = static_cast<double>(c);
      sum += v;
      sumSq += v * v;
      if (c > max) max = c;
      const auto b = static_cast<std::size_t>(c < 64 ? c : 127 - __builtin_clzll(static_cast<unsigned long long>(c)));
      if (b >= hist.size()) hist.resize(b + 1, 0);
      ++hist[b];
    }
  };
  struct Books {
    std::vector<Packet> packets;
    std::vector<std::int32_t> freePackets;
    std::vector<VcStats> vcStats;
    std::vector<OutputVc> ovcs;
    std::vector<std::uint64_t> portStalled;
    Latency latency, networkLatency;
    std::array<std::uint64_t, 16> deliveredByKind{}, deliveredFlitsByKind{};
    std::uint64_t created = 0, injected = 0, inFlight = 0, flitsOffered = 0, flitsDelivered = 0;
    std::uint64_t lastMove = 0, events = 0;
    std::int32_t nextSerial = 0;
    const void* observer = nullptr;
    std::int32_t newPacket(int src, int dst, std::uint32_t now) {
      std::int32_t id = 0;
      if (!freePackets.empty()) {
        id = freePackets.back();
        freePackets.pop_back();
      } else {
        id = static_cast<std::int32_t>(packets.size());
        packets.emplace_back();
      }
      Packet& p = packets[static_cast<std::size_t>(id)];
      p = Packet{};
      p.created = now;
      p.serial = nextSerial++;
      p.src = src;
      p.dst = dst;
      ++created;
      flitsOffered += p.length;
      if (observer) ++events;
      return id;
    }
  };
  struct NoBooks {};
  struct Checks {
    int injectExtra = 0, turnExtra = 0, ejectExtra = 0, classes = 1, perClass = kVcs;
    bool wholePacket = false, anyNodeDown = false;
    std::size_t mixSize = 1;
    std::uint64_t orderedThreshold = 0;
    flit::Rng rng{1};
    std::vector<std::uint64_t> vcTable;   // per (node, direction): VC bit per ordinate
    std::vector<std::uint8_t> linkUp;     // per node: directions whose link is up
    std::vector<std::uint64_t> crossings;  // per port: dateline crossings
    std::vector<std::array<std::uint8_t, 16>> sticky;  // per node: sticky VC per input, input per output
    std::vector<std::int8_t> adaptPort;   // per input VC: the front's adaptive output (-1: none)
    std::vector<std::uint64_t> faultCycles;
    std::size_t nextFault = 0;
    std::uint64_t sink = 0;
  };
  struct NoChecks {};
  int classCount() const {
    if constexpr (kChecks) return checks_.classes;
    return 1;
  }
  int vcsPerClass() const {
    if constexpr (kChecks) return checks_.perClass;
    return kVcs;
  }
  int injectNeed() const {  // virtual cut-through: room for the whole packet
    if constexpr (kChecks) return checks_.wholePacket ? kPacketFlits : 1;
    return 1;
  }

  // Dimension order on coordinates packed a byte each: the first that differs.
  int route(int n, int dst) const {
    const std::uint32_t a = packed_[static_cast<std::size_t>(n)], b = packed_[static_cast<std::size_t>(dst)];
    if (a == b) return kProcessor;
    const int d = __builtin_ctz(a ^ b) >> 3;
    return d + minus_[((a >> (8 * d)) & 0xFFu) * kRadix + ((b >> (8 * d)) & 0xFFu)];
  }
  // f became the front of VC `bit` at router n: route it, set its dateline VC.
  void routeFront(int n, Router& r, int bit, SweepFlit& f) {
    const int port = bit / kVcs;
    const int out = route(n, f.dst);
    int extra = 0;
    if constexpr (kChecks) {
      checks_.adaptPort[static_cast<std::size_t>(n * kVcsPerNode + bit)] = -1;
      extra += (port == kProcessor) * checks_.injectExtra;
      if (out == kProcessor) extra += checks_.ejectExtra;
    }
    if (out != kProcessor) {
      const int arrived = port == kProcessor ? -1 : (port + 3) % 6;
      if constexpr (kChecks) {
        if (!((checks_.linkUp[static_cast<std::size_t>(n)] >> out) & 1u)) ++checks_.sink;  // would drain
        extra += (arrived != -1 && arrived != out) * checks_.turnExtra;
      }
      if (arrived != out) {
        if constexpr (kChecks) {  // the VC table's bit for the destination's ordinate
          const auto ordinate = (packed_[static_cast<std::size_t>(f.dst)] >> (8 * (out % 3))) & 0xFFu;
          f.level = static_cast<std::uint8_t>((checks_.vcTable[static_cast<std::size_t>(n * 6 + out)] >> ordinate) & 1u);
        } else {
          f.level = 0;
        }
      } else if (((packed_[static_cast<std::size_t>(n)] >> (8 * (out % 3))) & 0xFFu) == 0) {
        if constexpr (kChecks) {
          if (f.level == 0) {
            ++checks_.crossings[static_cast<std::size_t>(n * kPorts + out)];
            if (books_.observer) ++books_.events;
          }
        }
        f.level = 1;
      }
    }
    f.ready += static_cast<std::uint32_t>(extra);
    r.outLevel[static_cast<std::size_t>(bit)] = static_cast<std::uint8_t>(out | f.level << 4);
    r.frontReady[static_cast<std::size_t>(bit)] = static_cast<std::uint16_t>(f.ready);
  }
  void push(int n, int bit, const SweepFlit& f) {
    const auto i = static_cast<std::size_t>(n * kVcsPerNode + bit);
    VcHead& h = heads_[i];
    Ring& ring = rings_[i];
    if constexpr (kBooks) {
      VcStats& st = books_.vcStats[i];
      st.occupancyArea -= static_cast<std::int64_t>(f.ready - 2);  // its arrival cycle
      ++st.flitsIn;
      if (f.index == 0) ++st.packetsIn;
    }
    if (h.count == 0) {
      h.head = 0;
      h.count = 1;
      ring.flit[0] = f;
      Router& r = routers_[static_cast<std::size_t>(n)];
      routeFront(n, r, bit, ring.flit[0]);
      r.nonEmpty |= static_cast<std::uint16_t>(1u << bit);
    } else {
      ring.flit[static_cast<std::size_t>((h.head + h.count) % kDepth)] = f;
      ++h.count;
    }
  }
  int credits(int n, int out, int level) const {
    const int b = neighbours_[static_cast<std::size_t>(n)][static_cast<std::size_t>(out)];
    const VcHead& d = heads_[static_cast<std::size_t>(b * kVcsPerNode + ((out + 3) % 6) * kVcs + level)];
    return kDepth - d.count - (d.lastPop == cycle_ ? 1 : 0);
  }
  // Whether the front of VC `bit` may leave on (out, level): a credit, and
  // with kBooks an output VC no other packet holds.
  bool mayLeave(int n, int bit, int out, int level) {
    if constexpr (kChecks) {  // the lowest free VC with room in the class's dateline half
      int first = 0, count = checks_.perClass;
      if (count >= 2) {
        count /= 2;
        first += level * count;
      }
      const int need = checks_.wholePacket ? kPacketFlits : 1;
      for (int v = first; v < first + count; ++v) {
        const OutputVc& o = books_.ovcs[static_cast<std::size_t>((n * 6 + out) * kVcs + v)];
        if (o.owner < 0 && credits(n, out, v) >= need) return true;
      }
      ++books_.vcStats[static_cast<std::size_t>(n * kVcsPerNode + bit)].blockedCycles;
      return false;
    } else if constexpr (kBooks) {
      const OutputVc& o = books_.ovcs[static_cast<std::size_t>((n * 6 + out) * kVcs + level)];
      if (o.owner >= 0 || credits(n, out, level) <= 0) {
        ++books_.vcStats[static_cast<std::size_t>(n * kVcsPerNode + bit)].blockedCycles;
        return false;
      }
      return true;
    } else {
      (void)bit;
      return credits(n, out, level) > 0;
    }
  }
  // The VC bits whose front is not ready yet (ready - now > 0, 16-bit).
  static std::uint32_t notReady(const Router& r, std::uint16_t now) {
    const __m128i nowv = _mm_set1_epi16(static_cast<short>(now));
    const __m128i zero = _mm_setzero_si128();
    const __m128i lo = _mm_sub_epi16(_mm_load_si128(reinterpret_cast<const __m128i*>(&r.frontReady[0])), nowv);
    const __m128i hi = _mm_sub_epi16(_mm_load_si128(reinterpret_cast<const __m128i*>(&r.frontReady[8])), nowv);
    return static_cast<std::uint32_t>(
        _mm_movemask_epi8(_mm_packs_epi16(_mm_cmpgt_epi16(lo, zero), _mm_cmpgt_epi16(hi, zero))));
  }
  void deliver(const SweepFlit& f) {
    ++delivered_;
    if constexpr (kBooks) {
      Packet& p = books_.packets[static_cast<std::size_t>(f.packet)];
      ++books_.flitsDelivered;
      --books_.inFlight;
      ++books_.deliveredByKind[p.kind];
      books_.deliveredFlitsByKind[p.kind] += p.length;
      const auto latency = static_cast<std::int64_t>(cycle_ - p.created);
      latencySum_ += static_cast<std::uint64_t>(latency);
      books_.latency.add(latency);
      books_.networkLatency.add(static_cast<std::int64_t>(cycle_ - p.injected));
      if (books_.observer) ++books_.events;
      if constexpr (kChecks) {
        if ((0x0Au >> (p.kind & 31u)) & 1u) ++checks_.sink;  // a request: its response would be made here
      }
      books_.freePackets.push_back(f.packet);
    } else {
      latencySum_ += cycle_ - f.created;
    }
  }

  void allocate() {
    const auto now16 = static_cast<std::uint16_t>(cycle_);
    for (int n = 0; n < kNodes; ++n) {
      Router& r = routers_[static_cast<std::size_t>(n)];
      if (!r.nonEmpty) continue;
      std::uint32_t eligible = 0, wanted = 0;  // ready with a way out; ready, any
      for (std::uint32_t m = r.nonEmpty & ~notReady(r, now16); m; m &= m - 1) {
        const int b = __builtin_ctz(m);
        const int ol = r.outLevel[static_cast<std::size_t>(b)];
        if ((ol & 15) != kProcessor && !mayLeave(n, b, ol & 15, ol >> 4)) {
          wanted |= 1u << (ol & 15);
          continue;
        }
        eligible |= 1u << b;
      }
      std::array<std::uint8_t, kPorts> requests{};
      std::array<std::int8_t, kPorts> pickVc{};
      std::uint32_t outputs = 0;
      for (std::uint32_t ports = (eligible | eligible >> 1) & 0x1555u; ports; ports &= ports - 1) {
        const int in = __builtin_ctz(ports) >> 1;
        const std::uint32_t both = (eligible >> (in * kVcs)) & 3u;  // round robin from rrVc + 1
        const int vc = both == 3u ? (r.rrVc[static_cast<std::size_t>(in)] + 1) & 1 : static_cast<int>(both >> 1);
        pickVc[static_cast<std::size_t>(in)] = static_cast<std::int8_t>(vc);
        const int out = r.outLevel[static_cast<std::size_t>(in * kVcs + vc)] & 15;
        requests[static_cast<std::size_t>(out)] |= static_cast<std::uint8_t>(1u << in);
        outputs |= 1u << out;
      }
      if constexpr (kBooks) {
        for (std::uint32_t w = wanted & ~outputs; w; w &= w - 1) {
          ++books_.portStalled[static_cast<std::size_t>(n * kPorts + __builtin_ctz(w))];
        }
      }
      for (; outputs; outputs &= outputs - 1) {
        const int out = __builtin_ctz(outputs);
        std::uint8_t& rr = r.rrInput[static_cast<std::size_t>(out)];
        const std::uint32_t req = requests[static_cast<std::size_t>(out)];
        const std::uint32_t after = req & ~((2u << rr) - 1u);
        const int winner = __builtin_ctz(after ? after : req);
        rr = static_cast<std::uint8_t>(winner);
        const int vc = pickVc[static_cast<std::size_t>(winner)];
        r.rrVc[static_cast<std::size_t>(winner)] = static_cast<std::uint8_t>(vc);
        const int bit = winner * kVcs + vc;
        const int level = r.outLevel[static_cast<std::size_t>(bit)] >> 4;
        const auto i = static_cast<std::size_t>(n * kVcsPerNode + bit);
        VcHead& h = heads_[i];
        Ring& ring = rings_[i];
        const SweepFlit f = ring.flit[h.head];
        h.lastPop = cycle_;
        if constexpr (kBooks) {
          books_.vcStats[i].occupancyArea += static_cast<std::int64_t>(cycle_);
          books_.lastMove = cycle_;
          if (out != kProcessor) {  // a one-flit packet takes and frees its output VC at once
            OutputVc& o = books_.ovcs[static_cast<std::size_t>((n * 6 + out) * kVcs + level)];
            ++o.flitsSent;
            o.owner = static_cast<std::int32_t>(i);
            if (books_.observer) ++books_.events;
            if constexpr (kChecks) {
              if (checks_.adaptPort[i] >= 0) ++checks_.sink;  // it had an adaptive choice
            }
            o.owner = -1;
          }
        }
        if constexpr (kChecks) {  // the T3E arbiter's grants (a tail ends them)
          checks_.sticky[static_cast<std::size_t>(n)][static_cast<std::size_t>(winner)] = 0xFF;
          checks_.sticky[static_cast<std::size_t>(n)][static_cast<std::size_t>(8 + out)] = 0xFF;
        }
        if (--h.count) {
          h.head = static_cast<std::uint8_t>((h.head + 1) % kDepth);
          routeFront(n, r, bit, ring.flit[h.head]);
        } else {
          r.nonEmpty &= static_cast<std::uint16_t>(~(1u << bit));
        }
        if (out == kProcessor) {
          deliver(f);
        } else {
          SweepFlit g = f;
          g.ready = cycle_ + 4;
          push(neighbours_[static_cast<std::size_t>(n)][static_cast<std::size_t>(out)], ((out + 3) % 6) * kVcs + level, g);
        }
      }
    }
  }

  Source source_;
  Torus torus_;
  std::vector<VcHead> heads_;
  std::vector<Ring> rings_;
  std::vector<Router> routers_;
  const std::vector<std::array<std::int32_t, 6>>& neighbours_;
  std::vector<std::uint32_t> packed_;
  std::array<std::uint8_t, kRadix * kRadix> minus_{};  // 0: the + way round, 3: the - way
  std::conditional_t<kBooks, Books, NoBooks> books_;
  std::conditional_t<kChecks, Checks, NoChecks> checks_;
};

template <class Model>
void runFloor(benchmark::State& state) {
  Model model(0.24);
  for (int i = 0; i < 2000; ++i) model.step();  // warm-up, as bench_sim
  // Equal in every variant: the three are the same model.
  state.counters["delivered2000"] = static_cast<double>(model.delivered());
  state.counters["latencySum2000"] = static_cast<double>(model.latencySum());
  std::uint64_t cycles = 0;
  for (auto _ : state) {
    for (int i = 0; i < 100; ++i) model.step();
    cycles += 100;
  }
  state.counters["nodeCyclesPerSecond"] =
      benchmark::Counter(static_cast<double>(kNodes) * static_cast<double>(cycles), benchmark::Counter::kIsRate);
  state.counters["acceptedFlitsPerNodeCycle"] =
      static_cast<double>(model.delivered()) / kNodes / static_cast<double>(model.cycle());
  state.counters["meanLatency"] = model.meanLatency();
}

void BM_Floor8x8x8_024(benchmark::State& state) { runFloor<FloorModel<false>>(state); }
void BM_FloorWake8x8x8_024(benchmark::State& state) { runFloor<FloorModel<true>>(state); }
void BM_FloorSweep8x8x8_024(benchmark::State& state) { runFloor<SweepModel<kBare>>(state); }
void BM_FloorSweepBooks8x8x8_024(benchmark::State& state) { runFloor<SweepModel<kWithBooks>>(state); }
void BM_FloorSweepChecks8x8x8_024(benchmark::State& state) { runFloor<SweepModel<kWithChecks>>(state); }

}  // namespace

BENCHMARK(BM_Floor8x8x8_024)->Unit(benchmark::kMillisecond)->MinTime(2.0);
BENCHMARK(BM_FloorWake8x8x8_024)->Unit(benchmark::kMillisecond)->MinTime(2.0);
BENCHMARK(BM_FloorSweep8x8x8_024)->Unit(benchmark::kMillisecond)->MinTime(2.0);
BENCHMARK(BM_FloorSweepBooks8x8x8_024)->Unit(benchmark::kMillisecond)->MinTime(2.0);
BENCHMARK(BM_FloorSweepChecks8x8x8_024)->Unit(benchmark::kMillisecond)->MinTime(2.0);

BENCHMARK_MAIN();
