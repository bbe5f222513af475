// Parameters of the circuit-switched Transit network model (section 2.1;
// docs/fat-tree.md "Timing"). Times are RN1 clock cycles (100 MHz, 10 ns).
#pragma once

#include <cstdint>

#include "fattree/locality.h"

namespace flit::fattree {

struct CircuitConfig {
  std::uint32_t messageBytes =
      8;  // bytes per transmission, routing byte(s) included (docs/fat-tree.md)
  std::uint32_t replyBytes = 0;        // > 0: the connection is reversed for a reply
  std::uint32_t stageCycles = 1;       // one pipelined RN1 stage and its wire
  std::uint32_t turnaroundCycles = 1;  // reversing a connection
  std::uint32_t retryLimit = 16;       // retries after the first attempt, then given up
  std::uint32_t backoffCycles = 16;    // a retry waits 1..backoff*2^min(a-1,5) cycles
  FatTreePattern pattern = FatTreePattern::Locality;
  // Probability per cycle that an idle endpoint (no message pending) gets a
  // new message; 1.0 = every endpoint always has a message waiting.
  double rate = 1.0;
  bool operator==(const CircuitConfig&) const = default;
};

}  // namespace flit::fattree
