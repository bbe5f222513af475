// The T3E's virtual barrier/eureka networks inside the simulator (T3E paper,
// seed 000_bcf8236523569157.txt, section 6; docs/synchronization.md "In the
// simulator"): the simulator's transport for sync/sync_network.h.
//
// Section 6: barrier/eureka packets "are transmitted with highest priority",
// need no buffering and cannot block. Here each one takes its output link for
// one cycle (a flit of bandwidth): in that cycle the router's allocator sends
// no data flit on that output (Simulator::allocate*, RouterState::syncBusyOut).
// Two barrier packets wanting one link in one cycle go one after the other.
// A packet arrives SyncHopCosts::costOf(sent) cycles after it took its link
// (the router pipeline of the scenario plus the link delay; the end points'
// inject/eject cycles), exactly as the standalone transport
// (sync/sync_transport.h) on an idle network: only contention makes it later.
//
// Operations come from the timeline (Intervention kinds barrier, eureka,
// eurekaBarrier, applied by Simulator::apply) and from the join workload
// (SyncWorkload: every participant of a BSU computes for a seeded random
// time, then joins; again after each completion). Plain data with value
// semantics (a copy is an independent checkpoint), except the observer.
#pragma once

#include "router/router_config.h"
#include "sync/sync_config.h"
#include "sync/sync_network.h"
#include "sync/sync_transport.h"
#include "traffic/rng.h"

#include <cstdint>
#include <vector>

namespace flit {

// run --json "barriers" and the GUI's panel: the network's counters plus
// what the transport saw.
struct SyncSummary : SyncCounters {
  std::uint64_t linkCyclesTaken = 0;   // cycles a barrier packet held a link
  std::uint64_t contentionCycles = 0;  // cycles barrier packets waited for a link another one held
  friend bool operator==(const SyncSummary&, const SyncSummary&) = default;
  double barrierLatencyMeanCycles() const {
    return barriersCompleted ? static_cast<double>(barrierLatencySumCycles) / static_cast<double>(barriersCompleted) : 0.0;
  }
};

// One completed barrier, for the GUI's barrier latency chart (IntervalStats).
struct BarrierCompletion {
  std::uint64_t cycle = 0;          // the last completion delivered
  int bsu = 0;
  std::uint64_t latencyCycles = 0;  // SyncEventKind::BarrierComplete's
  friend bool operator==(const BarrierCompletion&, const BarrierCompletion&) = default;
};

// A barrier/eureka packet on a network link now, for the GUI's 3D view: it
// left `node` by direction `dir` and is `progress` (0..1) of its hop's
// cycles (the router pipeline plus the link delay) on; 0 while it waits for
// a link another barrier packet holds.
struct SyncPacketOnLink {
  NodeId node = kInvalidId;
  int dir = 0;
  int bsu = 0;
  SyncMessage message = SyncMessage::BarrierSignal;
  float progress = 0.0f;
  friend bool operator==(const SyncPacketOnLink&, const SyncPacketOnLink&) = default;
};

class SimSync {
 public:
  // Builds and loads every tree of `cfg` on `topo` (its failed links) around
  // the nodes with nodeUp[n] == 0. Throws SyncError / std::invalid_argument.
  SimSync(const Topology& topo, const SyncConfig& cfg, const RouterConfig& router, std::uint64_t seed,
          const std::vector<std::uint8_t>& nodeUp);

  // A processor operation now (between cycles; before this cycle's
  // arrivals). SyncError (node, BSU, state) when Figure 6 has no transition.
  void operate(NodeId node, int bsu, BsuOp op, std::uint64_t now);

  // The barrier work of cycle `now`, before the routers allocate: workload
  // joins due, arrivals due (the register logic, which may send), and the
  // sends of this cycle. markBusy(node, direction) for each link a barrier
  // packet takes this cycle.
  template <class MarkBusy>
  void advance(std::uint64_t now, MarkBusy markBusy) {
    if (events_.empty() && joins_.empty()) return;
    runDue(now);
    for (const Busy& b : busyNow_) markBusy(b.node, b.dir);
    busyNow_.clear();
  }
  // Whether nothing is pending (no packet in flight, no join scheduled).
  bool quiet() const { return events_.empty() && joins_.empty(); }

  // After faults (at cycle `now`, between cycles): trees rebuilt around
  // failed nodes and links. An idle BSU takes its new tree at once; one with
  // a barrier under way too, as soon as SyncNetwork::rebuildableUnderWay
  // (at once unless its completion or a eureka is being delivered): its
  // packets in flight on the old tree are dropped, participants that left
  // leave the barrier and the others signal again, so the barrier completes
  // with the remaining participants (issue 17).
  void rebuildTrees(const Topology& topo, const std::vector<std::uint8_t>& nodeUp, std::uint64_t now);


  const SyncNetwork& network() const { return net_; }
  const SyncTree& tree(int bsu) const { return trees_[static_cast<std::size_t>(bsu)]; }
  const SyncConfig& config() const { return cfg_; }
  SyncSummary summary() const;
  void setObserver(SyncObserver* o) { net_.setObserver(o); }
  // The barriers completed after the first `seen` (summary().barriersCompleted
  // counts them all), oldest first; only the newest kCompletionLog are kept.
  static constexpr std::size_t kCompletionLog = 4096;
  std::vector<BarrierCompletion> completionsSince(std::uint64_t seen) const;
  // Every BSU's packets on network links at cycle `now` (the simulator's
  // cycle: the next to run), ordered by node, direction, BSU, progress.
  // Packets between a processor and its router take no link: not listed.
  std::vector<SyncPacketOnLink> packetsOnLinks(std::uint64_t now) const;

 private:
  struct Event {
    std::uint64_t cycle;
    std::uint64_t seq;
    bool send;          // true: takes its link at `cycle`; false: arrives at `cycle`
    SyncPacket packet;  // sent (send) or arrived
    bool operator>(const Event& o) const { return cycle != o.cycle ? cycle > o.cycle : seq > o.seq; }
  };
  struct Join {
    std::uint64_t cycle;
    NodeId node;
    bool operator>(const Join& o) const { return cycle != o.cycle ? cycle > o.cycle : node > o.node; }
  };
  struct Busy {
    NodeId node;
    int dir;
  };
  void runDue(std::uint64_t now);
  void drainOutbox(std::uint64_t now);
  void arrive(const SyncPacket& p, std::uint64_t now);
  void scheduleJoin(NodeId node, std::uint64_t after);
  void push(const Event& e);
  void pushJoin(const Join& j);
  void takeNewTree(int bsu, std::uint64_t now);  // configure or rebuildUnderWay, if it can now

  SyncConfig cfg_;
  SyncNetwork net_;
  SyncHopCosts costs_;
  std::vector<SyncTree> trees_;             // per BSU (empty: none)
  std::vector<std::uint8_t> rebuildWaits_;  // per BSU: a rebuild waits for it to be idle
  std::vector<std::uint64_t> linkFree_;     // node * 6 + direction: first cycle a barrier packet may take it
  std::vector<Event> events_;               // min-heap (std::push_heap with greater)
  std::vector<Join> joins_;                 // min-heap
  std::vector<Busy> busyNow_;
  std::uint64_t seq_ = 0;
  Rng rng_;
  std::uint64_t linkCyclesTaken_ = 0;
  std::uint64_t contentionCycles_ = 0;
  std::vector<BarrierCompletion> completions_;  // the newest, up to 2 * kCompletionLog
};

}  // namespace flit
