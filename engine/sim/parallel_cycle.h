// The parallel cycle (issue 40; docs/engine.md "A parallel cycle").
//
// Arrivals, injection and allocation (about nine tenths of a cycle) run on
// contiguous blocks of routers (parts of 64 routers or more: whole words of
// Simulator::occupied_, so no two parts write one word), one part per
// thread. Within a phase a router reads and writes only its own rows; what
// it sends beyond them goes to its part's CycleOutbox:
//  - flits onto links and credits back upstream: the part's own lists,
//    appended to the timing wheel after the phase in part order, which is
//    router order, the order one thread writes them in;
//  - everything that touches shared state (a delivery, which may create a
//    response packet and draws from the one generator; a drop; an event for
//    the observers; a shared counter): a CycleEffect, applied after the
//    phase in the order one thread applies them in, at once: allocation's
//    part by part, arrivals' and injection's by their wheel or source-list
//    entry (CycleEffect::order).
// Random numbers are drawn outside the parallel phase only (traffic, and
// responses in the effects), so a run is the same for any thread count: the
// same fingerprint, totals and events (tst_parallel_cycle, cli_threads).
#pragma once

#include "router/router_state.h"
#include "sim/sim_events.h"
#include "util/partition_pool.h"

#include <algorithm>
#include <cstdint>
#include <memory>
#include <vector>

namespace flit {

// Something a router's allocation does to state beyond its own rows.
struct CycleEffect {
  enum class Kind : std::uint8_t {
    Event,         // observers' event (event, packet = serial, node, port, vc, aux)
    Deliver,       // Simulator::deliver(node, packet)
    DeliverLater,  // Simulator::deliverLater(node, packet): the end-point pipeline
    Drop,          // Simulator::drop(packet, DropReason(aux))
    Count,         // ++*counter
  };
  Kind kind = Kind::Count;
  SimEventKind event = SimEventKind::Hop;
  std::int8_t port = -1, vc = -1;
  NodeId node = 0;
  std::int32_t packet = -1;
  std::uint32_t order = 0;  // arrivals: the wheel entry that made it (the order to apply in)
  std::int64_t aux = 0;
  std::uint64_t* counter = nullptr;
};

// Where one part's allocation puts what leaves its routers. `defer` false
// (one part): effects are applied at once and flits and credits go straight
// into the wheel's slots. A cache line of its own (or more): two parts'
// outboxes side by side would share one, which both threads write at every
// flit sent.
struct alignas(64) CycleOutbox {
  std::vector<FlitArrival>* flits = nullptr;    // this cycle's sends
  std::vector<std::int32_t>* credits = nullptr;  // output VC indices upstream
  bool defer = false;
  bool moved = false;  // a flit left a buffer (the deadlock watchdog's lastMoveCycle_)
  std::uint32_t order = 0;  // arrivals: the wheel entry being written (CycleEffect::order)
  std::uint64_t flitsDelivered = 0;  // flits ejected (SimStats::flitsDelivered), added after the phase
  std::size_t merged = 0;   // effects applied so far (Simulator::mergeInWheelOrder)
  std::vector<FlitArrival> ownFlits;
  std::vector<std::int32_t> ownCredits;
  std::vector<CycleEffect> effects;
};

// The most threads a cycle runs on (Simulator::setThreads; the CLI's
// --threads and the window's --engine-threads).
inline constexpr int kMaxCycleThreads = 64;

// A Simulator's threads and its parts' outboxes. Not part of the simulated
// state (as util/observer_slot.h): a copy (a checkpoint) runs on one thread
// and assigning a state keeps the threads the target had.
class CycleThreads {
 public:
  CycleThreads() = default;
  CycleThreads(const CycleThreads&) noexcept {}
  CycleThreads& operator=(const CycleThreads&) noexcept { return *this; }
  ~CycleThreads();

  // 1: one thread, no pool. Throws std::invalid_argument outside
  // 1..kMaxCycleThreads.
  void set(int threads);
  int count() const { return threads_; }
  // How many parts `words` words of routers make: one per thread, at most
  // one per word.
  int partsFor(std::size_t words) const {
    return static_cast<int>(std::min<std::size_t>(static_cast<std::size_t>(threads_), std::max<std::size_t>(words, 1)));
  }
  // First word of part p of `parts` over `words` words: contiguous blocks,
  // as equal as whole words allow.
  static std::size_t firstWord(std::size_t words, int parts, int p) {
    return words * static_cast<std::size_t>(p) / static_cast<std::size_t>(parts);
  }
  CycleOutbox* outboxes(int parts);  // at least `parts` of them
  PartitionPool& pool() { return *pool_; }

 private:
  int threads_ = 1;
  std::unique_ptr<PartitionPool> pool_;
  std::vector<CycleOutbox> outboxes_;
};

}  // namespace flit
