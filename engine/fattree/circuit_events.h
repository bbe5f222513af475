// What the circuit simulator reports outward: one small observer interface
// (as engine/sim's SimObserver), plain event structs. Nobody listening costs
// one pointer test per event.
#pragma once

#include <cstdint>

namespace flit::fattree {

enum class CircuitEventKind : std::uint8_t {
  MessageCreated,  // endpoint has a new message for `destination`
  AttemptStarted,  // a transmission leaves the endpoint on `channel`
  Hop,             // the head took output `channel` of `router`
  Blocked,         // discarded at `router` (reason): section 2.1; `channel` is the failed
                   // output it chose (a channel fault), else the channel it came in on
  Arrived,         // the head reached the destination on `channel`
  Reversed,        // the connection turned around to carry the reply
  Status,          // the sender learnt the status (success) and the path was released
  Delivered,       // counted when the sender learns of the success (the last byte
                   // arrived messageBytes - 1 cycles after Arrived)
  GivenUp,         // the retry limit was reached
};

enum class BlockReason : std::uint8_t {
  None,
  Busy,   // both outputs in the wanted direction were in use
  Fault,  // the chosen output, or the router, was failed
};

struct CircuitEvent {
  CircuitEventKind kind = CircuitEventKind::Hop;
  BlockReason reason = BlockReason::None;
  bool success = false;
  std::uint16_t attempt = 0;  // 1 = first attempt
  std::uint64_t cycle = 0;
  std::uint32_t endpoint = 0;
  std::uint32_t destination = 0;
  std::uint32_t router = 0xFFFFFFFFu;
  std::uint32_t channel = 0xFFFFFFFFu;
  std::uint64_t latencyCycles = 0;  // Delivered: message created -> last byte delivered
};

class CircuitObserver {
 public:
  virtual ~CircuitObserver() = default;
  virtual void onCircuitEvent(const CircuitEvent& e) = 0;
};

}  // namespace flit::fattree
