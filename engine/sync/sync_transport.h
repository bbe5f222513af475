// A standalone transport for the barrier/eureka networks (sync/sync_network.h):
// every packet arrives a fixed number of cycles after it was sent, nothing
// blocks and nothing contends, as on an idle machine. For tests and for
// `flitscope-cli barrier` without --load; the simulator's own transport
// (packets on the barrier VC taking link cycles from data traffic) is
// sim/sim_sync.h, which gives the same times on an idle machine.
//
// Costs, from the scenario's router section (docs/engine.md "Zero-load
// latency"; T3E paper section 6: the packets "are transmitted with highest
// priority" and "cannot block"):
//   a network hop        P + linkDelayCycles   (P = route + VC + switch stages)
//   processor -> router  max(1, injectExtraCycles)
//   router -> processor  max(1, ejectExtraCycles)
// The T3E presets: 3 cycles a hop (Table 2's straight fall-through), 7 at
// each end point.
#pragma once

#include "router/router_config.h"
#include "sync/sync_config.h"
#include "sync/sync_network.h"

#include <cstdint>
#include <queue>
#include <vector>

namespace flit {

struct SyncHopCosts {
  int hopCycles = 2;
  int injectCycles = 1;
  int ejectCycles = 1;
  static SyncHopCosts fromRouter(const RouterConfig& c);
  int costOf(const SyncPacket& sent) const;
};

class IdleSyncTransport {
 public:
  // Drives `net` (not owned; must outlive this).
  IdleSyncTransport(SyncNetwork& net, SyncHopCosts costs) : net_(net), costs_(costs) {}

  // A processor operation at `cycle` (before the packets arriving that cycle).
  void schedule(NodeId node, int bsu, BsuOp op, std::uint64_t cycle);
  // Runs until no operation or packet is pending; returns the last cycle.
  // SyncError from the network propagates (the queue keeps what was left).
  std::uint64_t runUntilIdle();
  // Runs what is due up to and including `cycle`.
  void runUntil(std::uint64_t cycle);
  bool idle() const { return queue_.empty(); }
  std::uint64_t now() const { return now_; }

 private:
  struct Item {
    std::uint64_t cycle;
    int phase;  // 0 an operation, 1 an arrival
    std::uint64_t seq;
    SyncPacket packet;  // arrival, or for an operation: node, bsu, op in port
    bool operator>(const Item& o) const {
      if (cycle != o.cycle) return cycle > o.cycle;
      if (phase != o.phase) return phase > o.phase;
      return seq > o.seq;
    }
  };
  void step(const Item& item);

  SyncNetwork& net_;
  SyncHopCosts costs_;
  std::priority_queue<Item, std::vector<Item>, std::greater<>> queue_;
  std::uint64_t seq_ = 0;
  std::uint64_t now_ = 0;
};

// One barrier (every participant OP_BAR at `startCycle`) or one eureka (the
// deepest participant, the last in node order among equals, OP_EUR_B at
// `startCycle`; every other participant OP_BAR the cycle its BSU reaches
// S_EUR) on an idle network with `tree` loaded into BSU `bsu`.
struct IdleSyncResult {
  std::uint64_t latencyCycles = 0;  // barrier: last OP_BAR to last completion;
                                    // eureka: OP_EUR_B to last eureka notification
  std::uint64_t barrierLatencyCycles = 0;  // the barrier that ends a eureka too
  std::uint64_t packets = 0;        // barrier/eureka packets sent, processor hops included
  std::uint64_t endCycle = 0;       // last completion delivered
};
// The participant that signals the eureka of runIdleBarrier and of the CLI's
// barrier --eureka: the deepest, the last in node order among equals.
NodeId eurekaTrigger(const SyncTree& tree);
IdleSyncResult runIdleBarrier(const Topology& topo, const SyncTree& tree, int bsu,
                              const SyncHopCosts& costs, bool eureka, std::uint64_t startCycle = 0);

// The round trip (zeroLoadCycles, router/router_config.h) of a one-flit Get
// request plus its one-flit response between the two most distant of
// `nodes` under dimension-order routing (wrap links taken where shorter).
// Returns 0 for fewer than two nodes.
std::uint64_t farthestGetRoundTripCycles(const Topology& topo, const RouterConfig& c,
                                         const std::vector<NodeId>& nodes);
// The pair of `nodes` that farthestGetRoundTripCycles measures (the first in
// node order among equals), and its zero-load round trip; {kInvalidId,
// kInvalidId, 0} for fewer than two nodes.
struct FarthestPair {
  NodeId from = kInvalidId;
  NodeId to = kInvalidId;
  std::uint64_t zeroLoadRoundTripCycles = 0;
};
FarthestPair farthestGetPair(const Topology& topo, const RouterConfig& c, const std::vector<NodeId>& nodes);

// Builds every configured tree (around `failedNodes` and the topology's
// failed links), then plays `ops` (sorted by cycle, stably) on the idle
// standalone transport until nothing is pending. SyncError from an illegal
// operation propagates.
SyncCounters playSyncOperations(const Topology& topo, const SyncConfig& c,
                                std::vector<SyncOperation> ops, const SyncHopCosts& costs,
                                const std::vector<std::uint8_t>& failedNodes = {});

}  // namespace flit
