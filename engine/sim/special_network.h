// The T3E's special virtual network (Scott & Thorson 1996, section 8; T3E
// manual HMM-160-0, "Special Routing", Figures 15 and 16), carried by the
// simulator: SPUT and SGET packets from a processor to a router's registers,
// routed by six deltas (routing/special_route.h), with no flow control.
//
// What the sources say, and how it is modelled:
//  - "A special virtual network, that is not flow controlled": a special
//    packet never waits. At a router it takes its next output in the cycle
//    it is there, and arrives at the next router linkDelayCycles + 1 later
//    (one cycle through the router, then the wire; the sources give no
//    figure). It takes that output's link for the cycle, as a barrier
//    packet does, so no data flit leaves by it then.
//  - "Conflicts on these virtual channels result in lost packets. That is,
//    one packet eats the other and then continues": special packets that
//    leave a router by the same output in the same cycle collide; the one
//    issued last (the highest serial: it overwrites the others) continues,
//    the others are lost (collision). A router's registers are one more
//    output: two packets that reach them in the same cycle collide too.
//    The sources do not say which packet wins; this is Flitscope's choice.
//  - Lost, never silently: a hop off the topology (misroute), into a failed
//    link (link-down) or at a failed router (node-down). Each loss is an
//    event and counted by reason.
//  - When all six deltas are 0 the router takes the packet: an SPUT writes
//    the register, an SGET reads it and sends the data back with the deltas
//    of the router's R_SGET_RTRN; the response arrives at the router its
//    deltas lead to and is handed to that node's processor ("the support
//    circuitry writes the data into an E register"). Where R_SGET_RTRN was
//    not written (its reset value: all deltas 0) the response stays at the
//    router that was read.
//  - "Even a completely deadlocked network can be cleaned up" (section 9):
//    a write of R_RESETS resets the router: every packet with a flit in its
//    buffers is dropped (reason router-reset) and the deadlock watchdog
//    starts again (Simulator::resetRouter).
#pragma once

#include "routing/special_route.h"
#include "sim/sim_events.h"
#include "topology/topology.h"

#include <array>
#include <cstdint>
#include <vector>

namespace flit {

enum class SpecialKind : std::uint8_t { Put, Get, Response };
const char* specialKindName(SpecialKind k);  // "SPUT", "SGET", "response"

// Why a special packet was lost (SimEventKind::SpecialLost's port).
enum class SpecialLoss : std::uint8_t { Collision, Misroute, LinkDown, NodeDown };
inline constexpr int kSpecialLossCount = 4;
const char* specialLossName(SpecialLoss l);  // "collision", "misroute", "link-down", "node-down"

struct SpecialPacket {
  std::int32_t serial = 0;  // issue order, from 0
  SpecialKind kind = SpecialKind::Put;
  SpecialRegister reg = SpecialRegister::Resets;
  std::uint16_t lutIndex = 0;
  NodeId source = kInvalidId;  // the PE that issued it (a response: the SGET's PE)
  NodeId target = kInvalidId;  // a response: the router that was read
  NodeId here = kInvalidId;
  std::int8_t cameBy = -1;       // the Direction it took to reach `here` (-1: it started here)
  std::uint64_t readyCycle = 0;  // when it is at `here`, ready to take its next output
  std::uint64_t value = 0;       // an SPUT's data; a response's data read
  SpecialDeltas deltas;          // what is left of its route
};

// An SGET's response handed to a processor.
struct SpecialRead {
  std::uint64_t cycle = 0;
  NodeId source = kInvalidId;     // the PE that issued the SGET
  NodeId readFrom = kInvalidId;   // the router whose register was read
  NodeId arrivedAt = kInvalidId;  // where the response arrived (source, when R_SGET_RTRN is right)
  SpecialRegister reg = SpecialRegister::Resets;
  int lutIndex = 0;
  std::uint64_t value = 0;
  friend bool operator==(const SpecialRead&, const SpecialRead&) = default;
};

struct SpecialTotals {
  std::uint64_t puts = 0;       // SPUTs issued
  std::uint64_t gets = 0;       // SGETs issued
  std::uint64_t writes = 0;     // SPUTs that reached their router (the register written)
  std::uint64_t reads = 0;      // SGETs that reached their router (the response sent)
  std::uint64_t responses = 0;  // responses handed to a processor
  std::array<std::uint64_t, kSpecialLossCount> lost{};
  std::uint64_t lostTotal() const;
  // Packets in flight: every SPUT and SGET issued, less those that wrote,
  // the responses handed over (an SGET that was read goes on as its
  // response) and the lost.
  std::uint64_t inFlight() const { return puts + gets - writes - responses - lostTotal(); }
  friend bool operator==(const SpecialTotals&, const SpecialTotals&) = default;
};

// What the network needs from the machine it runs on (the Simulator).
class SpecialHost {
 public:
  virtual bool nodeUp(NodeId n) const = 0;
  // R_RESETS and R_NET_LUT (R_SGET_RTRN is the network's own).
  virtual void writeRegister(NodeId router, SpecialRegister reg, int lutIndex, std::uint64_t value) = 0;
  virtual std::uint64_t readRegister(NodeId router, SpecialRegister reg, int lutIndex) const = 0;
  virtual void linkTaken(NodeId router, int direction) = 0;  // no data flit leaves by it this cycle
  virtual void publish(SimEventKind k, NodeId node, int port, std::int64_t aux) = 0;  // when observed

 protected:
  ~SpecialHost() = default;
};

class SpecialNetwork {
 public:
  // Cycles from one router to the next: one through the router, then the wire.
  static int hopCycles(int linkDelayCycles) { return linkDelayCycles + 1; }

  explicit SpecialNetwork(int nodes) : sgetReturn_(static_cast<std::size_t>(nodes)) {}

  // An SPUT or SGET from `from`'s processor, at cycle `now` (between cycles):
  // it is at `from`'s router, ready to move in cycle `now`.
  void issue(SpecialKind kind, NodeId from, const SpecialDeltas& deltas, SpecialRegister reg, int lutIndex,
             std::uint64_t value, std::uint64_t now);

  // The special packets' work in cycle `now`, before the routers allocate.
  void advance(std::uint64_t now, const Topology& topo, int hopCycles, SpecialHost& host);

  bool idle() const { return packets_.empty(); }
  const std::vector<SpecialPacket>& inFlight() const { return packets_; }
  const SpecialTotals& totals() const { return totals_; }
  const std::vector<SpecialRead>& readsDelivered() const { return reads_; }
  const SpecialDeltas& sgetReturn(NodeId router) const { return sgetReturn_[static_cast<std::size_t>(router)]; }

 private:
  void arrive(const SpecialPacket& p, std::uint64_t now, SpecialHost& host);
  void lose(const SpecialPacket& p, SpecialLoss why, SpecialHost& host);

  std::vector<SpecialPacket> packets_;
  std::vector<SpecialPacket> next_;        // advance's scratch
  std::vector<SpecialDeltas> sgetReturn_;  // R_SGET_RTRN of each router
  std::vector<SpecialRead> reads_;
  SpecialTotals totals_;
  std::int32_t nextSerial_ = 0;
};

}  // namespace flit
