// The virtual barrier/eureka networks of one machine (T3E paper, seed
// 000_bcf8236523569157.txt, section 6 and Figure 6): per node 32 BSUs (the
// processor side, sync/bsu_state.h) and per router and BSU the tree register
// ("which of the six network directions plus the local processor are
// children in the tree, and which direction (if any) is the parent. It also
// keeps track of the set of children that have signalled a barrier").
//
// A deterministic message-passing machine with no clock and no transport of
// its own. It is driven from outside by two calls and emits packets into an
// outbox:
//   operate(node, bsu, op, cycle)   the processor's OP_BAR / OP_EUR / OP_EUR_B
//   deliver(arrival, cycle)         a packet arrived at (node, port)
//   takeOutbox()                    the "send packet on (node, port)" requests
// A transport takes each send request, makes it arrive later and calls
// deliver(). sync/sync_transport.h is a standalone one (fixed hop costs, no
// contention); the simulator's is sim/sim_sync.h: each cycle it drains the
// outbox, puts each packet on its link's barrier VC (highest priority, never
// blocks, one flit of link bandwidth), and when the flit has crossed the
// link and the router pipeline it calls deliver() with arrivalOf(topo, sent)
// and the cycle. Nothing here depends on which.
//
// Router rules (section 6): a barrier signal from a child marks it; when every
// child has signalled, a barrier signal goes to the parent, or, at the root,
// barrier completion to every child. The first eureka signal goes to the
// parent at once (the footnote: "a eureka is completed when any one processor
// checks in"), or at the root eureka notification goes to every child; later
// eureka signals are absorbed until the barrier that ends the eureka
// completes. Notifications from the parent are forwarded to every child.
//
// Errors: SyncError naming node, BSU and state (an operation where Figure 6
// has no transition, a non-participant operating, a packet from a port that
// is not a child or the parent). The call that throws changes nothing.
// Single-threaded: the owner calls it from one thread.
#pragma once

#include "sync/bsu_state.h"
#include "sync/sync_packet.h"
#include "sync/sync_tree.h"
#include "util/observer_slot.h"

#include <array>
#include <cstdint>
#include <vector>

namespace flit {

struct BsuRegister {
  std::uint8_t children = 0;   // bit p: port p (0..5, kProcessorPort) is a child
  std::int8_t parent = SyncTree::kNotInTree;  // direction, kNoParent at the root
  std::uint8_t signalled = 0;  // children that signalled the current barrier
  bool eurekaSeen = false;     // a eureka passed, until its barrier completes
  bool inTree() const { return parent != SyncTree::kNotInTree; }
  friend bool operator==(const BsuRegister&, const BsuRegister&) = default;
};

enum class SyncEventKind : std::uint8_t {
  StateChange,      // a BSU moved: node, bsu, from, to
  PacketSent,       // packet (a send request)
  PacketArrived,    // packet (an arrival)
  BarrierComplete,  // bsu, latencyCycles: last OP_BAR to last completion delivered
  EurekaComplete,   // bsu, latencyCycles: first OP_EUR to last notification delivered
  ParticipantLeft,  // node left the barrier under way on bsu (not in the rebuilt tree; rebuildUnderWay)
};

struct SyncEvent {
  SyncEventKind kind = SyncEventKind::StateChange;
  std::uint64_t cycle = 0;
  NodeId node = kInvalidId;
  int bsu = 0;
  BsuState from = BsuState::Bar;
  BsuState to = BsuState::Bar;
  SyncPacket packet;
  std::uint64_t latencyCycles = 0;
  friend bool operator==(const SyncEvent&, const SyncEvent&) = default;
};

// The one outward interface (CONVENTIONS.md: one narrow observer).
class SyncObserver {
 public:
  virtual ~SyncObserver() = default;
  virtual void onSyncEvent(const SyncEvent& e) = 0;
};

struct SyncCounters {
  std::uint64_t packetsSent = 0;
  std::uint64_t barriersCompleted = 0;
  std::uint64_t eurekasCompleted = 0;
  std::uint64_t lastBarrierLatencyCycles = 0;
  std::uint64_t lastEurekaLatencyCycles = 0;
  std::uint64_t barrierLatencySumCycles = 0;
  std::uint64_t barrierLatencyMaxCycles = 0;
  std::uint64_t participantsLeft = 0;  // left a barrier under way (rebuildUnderWay)
  friend bool operator==(const SyncCounters&, const SyncCounters&) = default;
};

class SyncNetwork {
 public:
  // Keeps a copy of `topo` (for names and neighbours; a network is a value
  // that can be copied). All BSUs start in S_BAR with no tree (every
  // operation on them is an error).
  explicit SyncNetwork(const Topology& topo);

  // Loads the tree's registers into every router for `bsu` (0..31). Throws
  // SyncError when a barrier or eureka of that BSU is in progress.
  void configure(int bsu, const SyncTree& tree);

  // After a failure, while a barrier of `bsu` is under way (not idle):
  // whether its tree can change now, i.e. its root has sent no completion
  // still being delivered and no eureka is under way (their packets reach
  // every participant of the old tree; the tree changes once they have).
  bool rebuildableUnderWay(int bsu) const;
  // Loads `tree` for `bsu` with its barrier under way (rebuildableUnderWay).
  // A participant of the old tree that is not one of `tree` leaves the
  // barrier: its BSU returns to S_BAR and a ParticipantLeft event says so.
  // The registers are reloaded from `tree`, a eureka that passed stays seen,
  // and every remaining participant that has armed signals the barrier again
  // from its processor (packets in the outbox), so the barrier completes
  // once the remaining participants have all armed; its latency counts from
  // this cycle or a later OP_BAR. The caller drops the packets of `bsu`
  // still in flight on the old tree. SyncError (nothing changed) when the
  // tree is for another topology or the BSU is not rebuildable now.
  void rebuildUnderWay(int bsu, const SyncTree& tree, std::uint64_t cycle);

  void operate(NodeId node, int bsu, BsuOp op, std::uint64_t cycle);
  void deliver(const SyncPacket& arrival, std::uint64_t cycle);

  // The send requests since the last call, in the order they were made.
  std::vector<SyncPacket> takeOutbox();
  bool outboxEmpty() const { return outbox_.empty(); }

  BsuState state(NodeId node, int bsu) const { return states_[index(node, bsu)]; }
  const BsuRegister& reg(NodeId node, int bsu) const { return registers_[index(node, bsu)]; }
  bool participates(NodeId node, int bsu) const;
  // Whether nothing of `bsu` is under way (every BSU in S_BAR, no signal held).
  bool idle(int bsu) const;
  const SyncCounters& counters() const { return counters_; }
  const Topology& topology() const { return topo_; }

  void setObserver(SyncObserver* observer) { observer_ = observer; }

 private:
  struct Episode {  // per BSU, for the completion latencies
    int participants = 0;
    int armed = 0;                 // barrier signals sent by processors (this barrier)
    bool completing = false;       // the root sent completion; not every BSU has it yet
    int completionsDelivered = 0;
    int eurekaNotificationsDelivered = 0;
    bool eurekaUnderWay = false;
    std::uint64_t lastArmCycle = 0;
    std::uint64_t completingArmCycle = 0;  // the completing barrier's last arm
    std::uint64_t eurekaCycle = 0;
  };
  std::size_t index(NodeId node, int bsu) const;
  std::string where(NodeId node, int bsu) const;  // "node (1,2,3) BSU 4"
  void send(NodeId node, int port, int bsu, SyncMessage m, std::uint64_t cycle);
  void broadcastDown(NodeId node, int bsu, SyncMessage m, std::uint64_t cycle);
  void routerSignal(const SyncPacket& arrival, std::uint64_t cycle);
  void routerNotification(const SyncPacket& arrival, std::uint64_t cycle);
  void shellNotification(const SyncPacket& arrival, std::uint64_t cycle);
  void publish(const SyncEvent& e) {
    if (observer_) observer_->onSyncEvent(e);
  }

  Topology topo_;
  std::vector<BsuState> states_;        // node * 32 + bsu
  std::vector<BsuRegister> registers_;  // node * 32 + bsu
  std::array<Episode, kBsusPerNode> episodes_{};
  std::vector<SyncPacket> outbox_;
  SyncCounters counters_;
  ObserverSlot<SyncObserver> observer_;  // not part of a copy (a checkpoint)
};

}  // namespace flit
