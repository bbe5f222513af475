// The simulator's one outward interface (DESIGN.md "Events"): compact plain
// structs handed to a SimObserver. When no observer is attached the
// simulator tests one pointer per would-be event and builds nothing
// (bench_sim measures both cases).
//
// Thread: the observer is called synchronously from Simulator::step() on the
// thread that steps the simulator; it must not call back into the simulator.
#pragma once

#include <cstdint>
#include <initializer_list>

namespace flit {

enum class SimEventKind : std::uint8_t {
  PacketCreated,     // node = source, aux = destination
  PacketInjected,    // head entered the source router; vc = injection VC
  Hop,               // head left `node` on `port` (a Direction) using `vc`
  DatelineCrossed,   // head switched VC0 -> VC1 leaving `node` on `port`
  DatelineViolation, // head already on VC1 reached a dateline (R_ERR0 bits 5:0)
  Delivered,         // tail ejected at `node`; aux = latency in cycles
  Dropped,           // aux = DropReason
  Deadlock,          // watchdog fired; aux = cycle length found
  LinkFailed,        // aux = LinkId
  LinkRepaired,      // aux = LinkId
  NodeFailed,        // node = the node
  NodeRepaired,      // node = the node
  RoutesRebuilt,     // aux = 1 accepted, 0 rejected (old tables kept)
  AdaptiveHop,       // head left `node` on `port` on the adaptive VC `vc` (after its Hop event)
  // The special (delta) network (sim/special_network.h); aux = the special
  // packet's serial (its own numbering; `packet` is -1).
  SpecialHop,        // left `node` on `port` (a Direction)
  SpecialArrived,    // reached the registers of `node` (port = SpecialKind: 0 SPUT, 1 SGET) or,
                     // a response (port 2), the processor of `node`
  SpecialLost,       // lost at `node`; port = SpecialLoss
};

struct SimEvent {
  std::uint64_t cycle = 0;
  std::int32_t packet = -1;  // packet serial number (creation order), -1 when none
  std::int32_t node = -1;
  std::int64_t aux = 0;
  SimEventKind kind = SimEventKind::PacketCreated;
  std::int8_t port = -1;
  std::int8_t vc = -1;
};

class SimObserver {
 public:
  virtual ~SimObserver() = default;
  virtual void onEvent(const SimEvent& e) = 0;
};

// FNV-1a style (one 64-bit word per step) over every event field: the determinism fingerprint
// (tests/scenarios/<preset>/fingerprint.txt). unorderedHash() is the sum of
// a hash per event over every field but the packet serial: it does not
// change when only the order of events within a cycle (and so the serials
// of packets created in the same cycle) changes, e.g. when routers are
// visited in another order.
class FingerprintObserver final : public SimObserver {
 public:
  void onEvent(const SimEvent& e) override {
    mix(e.cycle);
    mix(static_cast<std::uint64_t>(static_cast<std::uint32_t>(e.packet)));
    mix(static_cast<std::uint64_t>(static_cast<std::uint32_t>(e.node)));
    mix(static_cast<std::uint64_t>(e.aux));
    mix(static_cast<std::uint64_t>(e.kind) | (static_cast<std::uint64_t>(e.port & 0xFF) << 8) |
        (static_cast<std::uint64_t>(e.vc & 0xFF) << 16));
    std::uint64_t h = e.cycle * 0x9E3779B97F4A7C15ull;
    for (const std::uint64_t v :
         {static_cast<std::uint64_t>(static_cast<std::uint32_t>(e.node)), static_cast<std::uint64_t>(e.aux),
          static_cast<std::uint64_t>(e.kind) | (static_cast<std::uint64_t>(e.port & 0xFF) << 8) |
              (static_cast<std::uint64_t>(e.vc & 0xFF) << 16)}) {
      h = (h ^ v) * 0xBF58476D1CE4E5B9ull;
      h ^= h >> 31;
    }
    unordered_ += h;
    ++events_;
  }
  std::uint64_t hash() const { return hash_; }
  std::uint64_t unorderedHash() const { return unordered_; }
  std::uint64_t events() const { return events_; }

 private:
  void mix(std::uint64_t v) {
    hash_ ^= v;
    hash_ *= 0x100000001B3ull;
    hash_ ^= hash_ >> 29;
  }
  std::uint64_t hash_ = 0xCBF29CE484222325ull;
  std::uint64_t unordered_ = 0;
  std::uint64_t events_ = 0;
};

}  // namespace flit
