// The packets of the packet simulator on their way, outside the routers'
// buffers (router/router_core.h has those): their records, the source
// queues they wait in, and the timing wheel of what is on a link or in an
// end-point pipeline. Plain state; the Simulator (sim/simulator.h) is built
// on both and holds the rules.
#pragma once

#include "router/router_state.h"
#include "routing/route_step.h"
#include "sim/pair_order.h"
#include "traffic/packet_kind.h"
#include "util/flat_array_allocator.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace flit {

class SimPackets {
 public:  // the records' types (their sizes: Simulator::plannedBytes)
  struct Packet {
    RouteState route;
    std::uint64_t created = 0;
    std::uint64_t injected = 0;
    std::int32_t serial = 0;
    NodeId src = 0, dst = 0;
    std::uint8_t length = 1;
    PacketKind kind = PacketKind::Generic;
    std::uint8_t dropReason = 0;
    bool ordered = false;  // an ordered request: never adapts (T3E paper section 5)
    // The header's 11-bit age (XT Table 1; router/age_clock.h) and the router
    // whose age clock counts it (Procedure 1 until 2 or a drop); kInvalidId: none.
    std::uint16_t ageHeader = 0;
    NodeId ageAt = kInvalidId;
    // A relayed pair (RoutingSetup::relays): the relay node its first leg
    // ends at, kInvalidId once there (or for a pair that goes straight).
    NodeId via = kInvalidId;
    NodeId legStart = kInvalidId;  // where its current leg began: src, or the relay
    // Past a relay: its second leg's injection is not counted again, and a
    // node failure takes it as a drop, not a discard. (Derived, so that the
    // record stays 64 bytes: the memory plan counts one per buffer slot.)
    bool relayed() const { return legStart != src; }
    bool twoLegs() const { return via != kInvalidId || relayed(); }  // on either leg of a relay
    // Where its current leg ends (what the routers route to: FlitSlot::dest).
    NodeId legEnd() const { return via != kInvalidId ? via : dst; }
    // A request ejected at its destination holds a slot of the destination's
    // response queue; one ejected at a relay node does not.
    bool holdsResponseSlot(NodeId n) const { return isRequest(kind) && dst == n; }
  };
  struct Injector {  // per node and VC class: its source queue
    // Ring of packet pool indices, router.sourceQueuePackets long; longer
    // only when relayed packets overflow it (Simulator::relay never refuses).
    std::vector<std::int32_t> queue;
    std::uint32_t headPos = 0, count = 0;
    std::int32_t current = -1;  // packet being written into the injection VC
    std::uint8_t sent = 0;
    std::int8_t vc = -1;
    std::uint16_t reserved = 0;  // response slots promised to requests being ejected
    std::uint16_t starting = 0;  // in the source's end-point pipeline (wheelStarts_), to join `queue`
  };

 protected:
  Packet& packet(const FlitSlot& f) { return packets_[static_cast<std::size_t>(f.packet)]; }

  // The pool: a packet's index stays its own until it is delivered or
  // dropped (freePackets_); `serial` numbers packets in creation order.
  FlatArray<Packet> packets_;
  std::vector<std::int32_t> freePackets_;
  std::int32_t nextSerial_ = 0;
  PairOrder pairOrder_;  // delivered out of creation order (totals_.reordered)

  std::vector<Injector> injectors_;  // node * classes + class
  std::vector<NodeId> activeSources_;  // nodes with a packet queued, in node order
  std::vector<std::uint8_t> sourceActive_;  // per node: in activeSources_
};

static_assert(sizeof(SimPackets::Packet) == 64, "a packet record is one cache line (Simulator::plannedBytes)");

// Flits and credits in flight, and packets in an end-point pipeline: one
// vector per cycle slot, wheelMask_ + 1 slots (the longest look-ahead).
class TimingWheel {
 protected:
  using Arrival = FlitArrival;
  std::vector<std::vector<Arrival>> wheelFlits_;
  std::vector<std::vector<std::int32_t>> wheelCredits_;  // output VC indices
  // The end-point pipelines (T3E Table 2; docs/engine.md "End points and
  // turns"), outside the router's buffers, per wheel slot the packets that
  // leave them at the start of that cycle: at the destination, a packet
  // whose tail has left the ejection port is delivered ejectExtraCycles
  // later; at the source, a new packet joins its source queue
  // injectExtraCycles after it was created. Empty while those are 0.
  struct EndPointPacket {
    NodeId node;
    std::int32_t packet;
  };
  std::vector<std::vector<EndPointPacket>> wheelEjections_;
  std::vector<std::vector<EndPointPacket>> wheelStarts_;
  // This cycle's slots in the two wheels above for flits sent and credits
  // returned (set by step() before allocation; only the allocation sends).
  // Indices, not pointers, so that a copy of the Simulator is self-contained.
  std::size_t flitsOut_ = 0;
  std::size_t creditsOut_ = 0;
  std::size_t ejectionsOut_ = 0;  // wheelEjections_'s slot for this cycle's ejected tails
  std::uint64_t wheelMask_ = 0;
};

}  // namespace flit
