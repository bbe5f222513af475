// The circuit-switched simulator of the Transit fat-tree (section 2.1):
// pipelined RN1 stages, one per cycle; a head takes a free output in the
// wanted direction (a seeded random one when both are free), otherwise the
// whole transmission is discarded; the sender learns the status when the
// transmission completes and retries after a back-off, up to a retry limit;
// a connection can be reversed to carry a reply. Faults (an RN1, a channel, a
// whole unit tree) are not known to the routers: a head that takes a failed
// output is lost like a blocked one, and the retry's random choices go
// around the fault (section 1.2).
//
// Contract: single-threaded; step() advances one RN1 cycle (10 ns). Work is
// done only for endpoints with a transmission under way or due (a timing
// wheel of events); state sits in flat arrays by endpoint, channel and
// router id. Same network, config and seed: the same run, event for event.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "fattree/circuit_change.h"
#include "fattree/circuit_config.h"
#include "fattree/circuit_events.h"
#include "fattree/fat_tree_network.h"
#include "fattree/fat_tree_routing.h"
#include "fattree/locality.h"
#include "traffic/rng.h"
#include "util/latency_stats.h"

namespace flit::fattree {

inline constexpr std::uint32_t kNoHolder = 0xFFFFFFFFu;

// Counters over the measurement window (since construction or resetStats()).
struct CircuitStats {
  std::uint64_t startCycle = 0;
  std::uint64_t messagesCreated = 0;
  std::uint64_t attemptsFinished = 0;
  std::uint64_t attemptsSucceeded = 0;
  std::uint64_t firstAttempts = 0;  // first attempts whose status came back
  std::uint64_t firstAttemptSuccesses = 0;
  std::uint64_t blockedBusy = 0;
  std::uint64_t blockedFault = 0;
  std::uint64_t messagesDelivered = 0;
  std::uint64_t messagesGivenUp = 0;             // "retriesDropped"
  std::uint64_t attemptsOfFinishedMessages = 0;  // over delivered + given up
  std::uint64_t bytesDelivered = 0;
  std::uint64_t latencySumCycles = 0;  // message created -> last byte delivered
  std::uint64_t latencyMaxCycles = 0;
  std::uint64_t networkLatencySumCycles = 0;  // successful attempt start -> last byte
  // Cycles endpoints spent with an attempt in the network (start to
  // status), over attempts whose status came back: divided by endpoints and
  // window, the network loading of Figures 11-12.
  std::uint64_t attemptCycles = 0;

  double firstAttemptSuccess() const;
  double attemptsPerMessage() const;
  double meanLatencyCycles() const;
  double meanNetworkLatencyCycles() const;
};

// Since construction, never reset: every message created is delivered,
// given up, or in progress.
struct CircuitTotals {
  std::uint64_t created = 0;
  std::uint64_t delivered = 0;
  std::uint64_t givenUp = 0;
  std::uint64_t inProgress = 0;
  std::uint64_t attemptsStarted = 0;
  std::uint64_t retriesStarted = 0;  // attempts after a message's first
  std::uint64_t attemptsFinished = 0;  // whose status came back
  std::uint64_t backingOff = 0;      // now: senders whose attempt was discarded, waiting to retry
};

class CircuitSimulator {
 public:
  // Throws std::invalid_argument when the config's locality pattern has no
  // table for this network (paperLocality).
  CircuitSimulator(FatTreeNetwork net, const CircuitConfig& cfg, std::uint64_t seed);

  const FatTreeNetwork& network() const { return *net_; }
  const CircuitConfig& config() const { return cfg_; }
  std::uint64_t cycle() const { return cycle_; }
  void setObserver(CircuitObserver* o) { observer_ = o; }
  CircuitObserver* observer() const { return observer_; }

  // One cycle: the timeline's changes due now, then every event of the
  // cycle. Always true (a circuit network cannot deadlock: a blocked head
  // is dropped); bool as the packet Simulator's step.
  bool step();
  std::uint64_t run(std::uint64_t cycles);

  // Changes (fattree/circuit_change.h). apply() makes one now, stamped with
  // this cycle, and appends it to applied(); throws std::out_of_range for an
  // id outside the network. The timeline (a scenario's or a recording's) is
  // applied by step() at its cycles, each entry through apply(); set it at
  // cycle 0 (entries before the current cycle are skipped).
  void apply(CircuitChange c);
  const std::vector<CircuitChange>& applied() const { return applied_; }
  void setTimeline(std::vector<CircuitChange> timeline);
  // The timeline's entries stamped with the current cycle or before, applied
  // now (step() does this first; a replay ends with it).
  void applyDue();
  const std::vector<CircuitChange>& timeline() const { return timeline_; }

  // Bytes of the state a copy holds (the checkpoints' budget). The network
  // is shared between copies, so not counted.
  std::size_t memoryBytes() const;

  // Load: per-cycle probability that an idle endpoint gets a new message.
  void setRate(double rate);
  // Gives idle endpoint `src` a message for `dst`; its first attempt starts
  // on the next step(). False when src is busy or src == dst.
  bool sendMessage(std::uint32_t src, std::uint32_t dst);

  // A connection that holds the part failed now loses its transmission: it
  // is discarded there (Blocked, reason fault, at this cycle) and its status
  // comes back as a failure, so the sender retries (section 1.2).
  void failRouter(std::uint32_t router);
  void failChannel(std::uint32_t channel);
  void failBlock(std::uint32_t block);  // a whole unit tree or cluster
  // The inverses (the GUI's undo): later heads may use the part again.
  void repairRouter(std::uint32_t router);
  void repairChannel(std::uint32_t channel);
  void repairBlock(std::uint32_t block);
  const FaultMap& faults() const { return faults_; }

  const CircuitStats& stats() const { return stats_; }
  const CircuitTotals& totals() const { return totals_; }
  // Latencies (message created -> last byte delivered) of the messages
  // delivered in the measurement window: the charts' histogram.
  const LatencyStats& latency() const { return latency_; }
  void resetStats();
  // The endpoint whose connection holds `channel`, or kNoHolder.
  std::uint32_t channelHolder(std::uint32_t channel) const { return holder_[channel]; }
  bool endpointBusy(std::uint32_t e) const { return phase_[e] != Phase::Idle; }
  // Endpoint e's message now (meaningful while endpointBusy(e)): its
  // destination, the cycle it was created, the attempts started so far, and
  // whether one of them is in the network (holding channels).
  std::uint32_t destination(std::uint32_t e) const { return dest_[e]; }
  std::uint64_t createdCycle(std::uint32_t e) const { return created_[e]; }
  int attemptsStarted(std::uint32_t e) const { return attempts_[e]; }
  bool attemptInNetwork(std::uint32_t e) const { return phase_[e] == Phase::Active; }

 private:
  enum class Phase : std::uint8_t { Idle, Waiting, Active };
  enum class EventKind : std::uint8_t { Wake, Start, Advance, Deliver, Finish };
  struct Event {
    std::uint64_t cycle;
    std::uint32_t endpoint;
    EventKind kind;
  };
  struct FarEvent {  // ordered by (cycle, seq): the order they were scheduled in
    std::uint64_t cycle;
    std::uint64_t seq;
    Event event;
  };
  // Where an attempt is: its head going up or down the tree, arriving at
  // the destination, delivered (the status on its way back), or discarded
  // (blocked, lost to a fault, or broken by one: failure comes back).
  enum class Stage : std::uint8_t { Advancing, Arriving, Holding, Discarded };
  // An attempt in progress. Its path is not stored: the channels it holds
  // are found again from the first one, the header and holder_ (one of the
  // two candidates of each hop is held by this endpoint), which keeps an
  // attempt at 48 bytes for networks of millions of endpoints.
  struct Attempt {
    std::uint64_t startCycle = 0;
    std::uint64_t tailCycle = 0;
    RouteHeader header;
    std::uint32_t inPort = 0;
    std::uint32_t firstChannel = 0;
    std::uint32_t lastChannel = 0;
    std::uint8_t hop = 0;
    std::uint8_t pathLength = 0;
    bool success = false;
    Stage stage = Stage::Advancing;
  };
  static_assert(sizeof(Attempt) <= 48);

  void schedule(std::uint64_t cycle, std::uint32_t e, EventKind k);
  void scheduleWake(std::uint32_t e);
  void handle(const Event& ev);
  void newMessage(std::uint32_t e);
  void startAttempt(std::uint32_t e);
  void advance(std::uint32_t e);
  void block(std::uint32_t e, std::uint32_t router, BlockReason reason, std::uint32_t failedOutput = 0xFFFFFFFFu);
  void discard(std::uint32_t e, std::uint32_t router, BlockReason reason, std::uint32_t channel);
  void breakConnection(std::uint32_t e, std::uint32_t router, std::uint32_t channel);
  void breakThroughRouter(std::uint32_t router);
  void deliver(std::uint32_t e);
  void finish(std::uint32_t e);
  void claim(std::uint32_t e, std::uint32_t channel);
  void release(std::uint32_t e, const Attempt& a);
  void report(CircuitEventKind kind, std::uint32_t e, std::uint32_t router = 0xFFFFFFFFu,
              std::uint32_t channel = 0xFFFFFFFFu, BlockReason reason = BlockReason::None,
              bool success = false, std::uint64_t latency = 0);
  std::uint32_t allocSlot();

  std::shared_ptr<const FatTreeNetwork> net_;  // never changed: copies (checkpoints) share it
  CircuitConfig cfg_;
  Rng rng_;
  DestinationPicker picker_;
  FaultMap faults_;
  CircuitObserver* observer_ = nullptr;
  std::uint64_t cycle_ = 0;
  std::vector<CircuitChange> timeline_;  // by cycle
  std::size_t nextTimeline_ = 0;
  std::vector<CircuitChange> applied_;

  std::vector<std::uint32_t> holder_;  // per channel id
  std::vector<Phase> phase_;           // per endpoint
  std::vector<std::uint32_t> dest_;
  std::vector<std::uint64_t> created_;
  std::vector<std::uint64_t> wakeAt_;  // a Wake event counts only if it matches
  std::vector<std::uint16_t> attempts_;
  std::vector<std::uint32_t> slot_;
  std::vector<Attempt> slots_;  // attempts in progress, recycled
  std::vector<std::uint32_t> freeSlots_;

  // Events less than kWheelSize cycles ahead (the hops, most statuses) sit
  // in a bucket per cycle; later ones (back-offs, idle endpoints' next
  // message) in a heap. A bucket keeps its capacity, so the wheel is small.
  static constexpr std::uint64_t kWheelSize = 64;
  std::vector<std::vector<Event>> wheel_;
  std::vector<FarEvent> far_;
  std::uint64_t farSeq_ = 0;

  CircuitStats stats_;
  CircuitTotals totals_;
  LatencyStats latency_;
};

}  // namespace flit::fattree
