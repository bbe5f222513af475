// What a window shows of a fat-tree's circuits (issue 19, "In the GUI";
// DeHon seed 004, section 2.1), built by CircuitRun (view/circuit_run.h)
// from the circuit simulator's events and counters, immutable in the Frame
// (view/frame.h). Ids are the family-neutral graph's
// (topology/network_graph.h): routers 0.., endpoints routerCount + e, links.
#pragma once

#include <cstdint>
#include <vector>

namespace flit {

inline constexpr std::uint32_t kNoGraphId = 0xFFFFFFFFu;

// A transmission discarded at an RN1 (section 2.1: "Otherwise, the entire
// transmission is discarded"): where, on which channel, and why.
struct CircuitFlash {
  std::uint32_t node = kNoGraphId;  // the RN1 that discarded it
  std::uint32_t link = kNoGraphId;  // the channel it came in on; for a fault on an output, that output
  bool fault = false;               // a failed RN1 or channel, not two busy outputs
  std::uint64_t cycle = 0;          // the cycle it was discarded
  friend bool operator==(const CircuitFlash&, const CircuitFlash&) = default;
};

// Counters since the last reset (CircuitTotals and CircuitStats of the
// simulator, and what CircuitRun counts from its events).
struct CircuitCounters {
  std::uint64_t messagesCreated = 0;
  std::uint64_t messagesDelivered = 0;
  std::uint64_t messagesGivenUp = 0;     // the retry limit was reached
  std::uint64_t messagesInProgress = 0;  // created, neither delivered nor given up
  std::uint64_t attemptsStarted = 0;
  std::uint64_t retriesStarted = 0;      // attempts after a message's first
  std::uint64_t blockedBusy = 0;         // discarded: both outputs of the wanted direction held
  std::uint64_t blockedFault = 0;        // discarded at a failed RN1 or channel
  std::uint64_t attemptsInNetwork = 0;   // now: transmissions holding channels
  std::uint64_t sendersBackingOff = 0;   // now: endpoints waiting to retry after a discard
  double firstAttemptSuccess = 0.0;      // share of first attempts that succeeded (0..1)
  double attemptsPerMessage = 0.0;       // over messages delivered or given up
  friend bool operator==(const CircuitCounters&, const CircuitCounters&) = default;
};

struct CircuitView {
  CircuitCounters counters;
  // Discards of the last kFlashCycles cycles, oldest first: the 3D view
  // flashes each where it happened, fading with its age.
  static constexpr std::uint64_t kFlashCycles = 16;
  std::vector<CircuitFlash> flashes;
  friend bool operator==(const CircuitView&, const CircuitView&) = default;
};

// One port of an inspected RN1 (8 inputs, 8 outputs; fat_tree_network.h):
// the channel on it, the node at its other end, whether it is failed, and
// the connection holding it (the sending endpoint and its message's
// destination, as graph nodes) if any.
struct CircuitPortView {
  int port = 0;                            // 0..7
  std::uint32_t link = kNoGraphId;         // graph link; kNoGraphId: not connected
  std::uint32_t peer = kNoGraphId;         // graph node at the other end
  bool failed = false;
  std::uint32_t holder = kNoGraphId;       // graph node of the sending endpoint
  std::uint32_t holderDestination = kNoGraphId;
  friend bool operator==(const CircuitPortView&, const CircuitPortView&) = default;
};

struct CircuitRouterView {
  std::uint32_t node = kNoGraphId;
  std::uint64_t cycle = 0;
  bool failed = false;
  bool dualMode = false;  // two 4x4 crossbars of dilation 1 (section 2.1), else one of dilation 2
  bool endpoint = false;  // an endpoint: inputs are its down channels, outputs its two up channels
  std::vector<CircuitPortView> inputs;   // 8 (an endpoint: its down channels)
  std::vector<CircuitPortView> outputs;  // 8: direction port / 2, copy port % 2 (an endpoint: 2)
  // Transmissions it discarded since it was inspected.
  std::uint64_t blockedBusy = 0;
  std::uint64_t blockedFault = 0;
  friend bool operator==(const CircuitRouterView&, const CircuitRouterView&) = default;
};

}  // namespace flit
