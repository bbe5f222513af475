// The fat-tree's determinism fingerprint: the circuit simulator's events
// (fattree/circuit_events.h) into the one FingerprintObserver, field by
// field (SimEvent's node/packet/aux/port carry router, endpoint, channel,
// kind and reason). tst_sim_fingerprint checks the fat-tree presets with it;
// `flitscope-cli run FATTREE --fingerprint` and a fat-tree recording's
// replay print it.
#pragma once

#include "fattree/circuit_events.h"
#include "sim/sim_events.h"

#include <cstdint>

namespace flit {

class CircuitFingerprintObserver final : public fattree::CircuitObserver {
 public:
  void onCircuitEvent(const fattree::CircuitEvent& e) override {
    SimEvent s;
    s.cycle = e.cycle;
    s.packet = static_cast<std::int32_t>(e.endpoint);
    s.node = static_cast<std::int32_t>(e.router);
    s.aux = static_cast<std::int64_t>((static_cast<std::uint64_t>(e.channel) << 32) |
                                      (static_cast<std::uint64_t>(e.destination) << 8) |
                                      (static_cast<std::uint64_t>(e.attempt) & 0xFF));
    s.port = static_cast<std::int8_t>(static_cast<int>(e.kind) | (static_cast<int>(e.reason) << 4));
    s.vc = static_cast<std::int8_t>(e.success);
    fp.onEvent(s);
  }
  FingerprintObserver fp;
};

}  // namespace flit
