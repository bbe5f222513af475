// The routers' state in the packet simulator (issue 40, "the router becomes
// a core in engine/router"): the records the Simulator keeps in flat arrays,
// one per input VC, output VC and router, each sized and aligned so that the
// hot loop touches one cache line per buffer or router. Plain data: the
// rules that change them (allocation, routing a head, sending a flit) are
// the Simulator's (engine/sim/simulator_hot.h), and the layouts are checked
// here (the static_asserts).
#pragma once

#include "topology/topology.h"
#include "traffic/packet_kind.h"

#include <array>
#include <cstdint>

namespace flit {

// 16 bytes. The head carries copies of what routing needs (destination,
// dateline VC), so that the hot loop rarely reads the packet record.
struct FlitSlot {
  std::int32_t packet;  // pool index
  NodeId dest;          // where its route ends: its destination, or a relay node (Packet::legEnd)
  std::uint32_t ready;  // first cycle it may leave the buffer (low 32 bits; see isReady)
  std::uint8_t index;   // 0 = head
  std::uint8_t length;  // of its packet
  PacketKind kind;
  std::uint8_t level;   // head: dateline VC (0 = VC0, 1 = VC1) on the current ring
};
static_assert(sizeof(FlitSlot) == 16);
// Per-VC statistics (XT Table 4 counters and the occupancy integral).
struct VcStats {
  // Sum over flits of (cycle left - cycle entered), kept as -entered at
  // push and +left at pop; + count * now gives the occupancy integral.
  std::int64_t occupancyArea = 0;
  std::uint64_t flitsIn = 0, packetsIn = 0, blockedCycles = 0;  // XT Table 4, per VC
};
// One input VC buffer: its state, its front flit and its statistics in
// one cache line, so that a flit entering an empty buffer or leaving it
// touches no other line (the ring in slots_ is read only for the flits
// queued behind the front).
struct alignas(64) InputVc {
  std::uint32_t base = 0;       // its ring in slots_ (capacity slots from base)
  std::uint16_t capacity = 0;
  std::uint16_t count = 0;
  std::uint16_t head = 0;       // ring position of the front flit
  std::int8_t outPort = -1;     // route of the packet at the front (-1: not routed)
  std::int8_t outVc = -1;       // output VC held by the packet at the front
  std::uint8_t draining = 0;    // discarding the front packet's flits
  std::int8_t adaptPort = -1;   // front head: adaptive output it may also take (-1: none)
  // For a head that may still leave adaptively: its dateline crossing /
  // violation, accounted only if it leaves on a deterministic VC, and which
  // of its two outputs is a turn the other is not (that one may be taken
  // only turnExtraCycles later). Bits kAdaptiveHead* (simulator_hot.h).
  std::uint8_t pendingDateline = 0;
  // The front flit, authoritative: a head is routed here (ready time and
  // dateline VC `level` updated); the ring slot at `head` is stale or never
  // written (read the i-th flit with bufferedFlit). An empty buffer keeps
  // the last flit that left, so front.packet names the packet the routing
  // state above belongs to (faults, OutputVc::owner); its VC class is
  // Simulator::classOf(front.kind).
  FlitSlot front{-1, kInvalidId, 0, 0, 0, PacketKind::Generic, 0};
  VcStats st;
};
static_assert(sizeof(InputVc) == 64);
// A router's small per-cycle state, one cache line.
struct alignas(64) RouterState {
  // Lanes holding flits (bit lane(port, vc)): read by the allocator (with
  // laneReady_, which of them to look at), by lapseWaitingPorts (the T3E
  // arbiter's rule) and by collectFlits (which routers to look into).
  std::uint64_t nonEmpty = 0;
  // Bit d: the channel leaving this router in direction d exists and is up.
  std::uint8_t linkUp = 0;
  // Bit d: this router is the dateline node of its ring in the dimension
  // of direction d (a packet going straight on through it crosses;
  // RouteCache::datelineDirs).
  std::uint8_t datelineDirs = 0;
  std::array<std::uint8_t, kPortsPerNode> stickyVc{};   // T3E section 7 (0xFF: none)
  std::array<std::uint8_t, kPortsPerNode> rrVc{};
  std::array<std::uint8_t, kPortsPerNode> rrInput{};    // per output port
  std::array<std::int8_t, kPortsPerNode> stickyInput{}; // per output port (-1: none)
  std::uint8_t syncBusyOut = 0;  // outputs a barrier packet takes this cycle (sim/sim_sync.h)
  std::uint8_t vaNext = 0;       // not speculative: the input port VC allocation visits first
};
static_assert(sizeof(RouterState) == 64);  // one cache line per router, not straddling two
struct OutputVc {
  std::int16_t credits = 0;
  std::int32_t owner = -1;  // input VC index holding it; its packet is that VC's front.packet
  std::uint64_t flitsSent = 0;  // in the window (link utilisation: the sum over its VCs)
};

// A flit on a link: it arrives at (node, port, vc) when its wheel slot comes.
struct FlitArrival {
  NodeId node;            // receiving router
  std::uint8_t port, vc;  // its input port and VC
  FlitSlot flit;
};

}  // namespace flit
