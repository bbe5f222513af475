// Single-flit barrier/eureka packets (T3E paper, seed 000_bcf8236523569157.txt,
// section 6: "When a processor joins a barrier or signals a eureka, it sends a
// single-flit barrier/eureka packet to its local router").
#pragma once

#include "topology/topology.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace flit {

enum class SyncMessage : std::uint8_t {
  BarrierSignal,        // up: this child (subtree) joined the barrier
  EurekaSignal,         // up: a eureka in this subtree
  EurekaBarrierSignal,  // up: both at once (OP_EUR_B, or both completing together)
  BarrierCompletion,    // down: every participant joined
  EurekaNotification,   // down: someone signalled a eureka
};
std::string_view syncMessageName(SyncMessage m);  // "barrier", "eureka", "eurekaBarrier", "completion", "eurekaNotification"
constexpr bool isUpward(SyncMessage m) {
  return m == SyncMessage::BarrierSignal || m == SyncMessage::EurekaSignal ||
         m == SyncMessage::EurekaBarrierSignal;
}
constexpr bool carriesBarrier(SyncMessage m) {
  return m == SyncMessage::BarrierSignal || m == SyncMessage::EurekaBarrierSignal;
}
constexpr bool carriesEureka(SyncMessage m) {
  return m == SyncMessage::EurekaSignal || m == SyncMessage::EurekaBarrierSignal;
}

// One packet, as a send request or as an arrival.
//  - Sent: it leaves `node` by `port`: a Direction (0..5, to the neighbour
//    router) or kProcessorPort (upward messages: the processor's BSU to its
//    own router; downward: the router to its processor's BSU).
//  - Arrived: it reaches `node` on `port` (the direction it came from, or
//    kProcessorPort).
struct SyncPacket {
  NodeId node = kInvalidId;
  int port = kProcessorPort;
  int bsu = 0;
  SyncMessage message = SyncMessage::BarrierSignal;
  friend bool operator==(const SyncPacket&, const SyncPacket&) = default;
};

// Where a sent packet arrives (ignores failures: the tree avoids them).
SyncPacket arrivalOf(const Topology& topo, const SyncPacket& sent);

// "BSU 3 barrier (1,0,0) +X" for logs and test failures.
std::string describeSyncPacket(const SyncPacket& p, const Topology& topo);

}  // namespace flit
