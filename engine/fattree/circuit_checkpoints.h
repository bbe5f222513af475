// CircuitCheckpointStore: rewind for a running fat-tree (the window's rewind
// bar; docs/engine.md "Checkpoints and rewind"): the one checkpoint rule of
// util/checkpoint_store.h on the CircuitSimulator. Its changes are
// CircuitChanges; its base is the simulator at cycle 0 (the network is
// shared between copies, so a checkpoint is the run's state only); its own
// timeline is the scenario's (CircuitSimulator::timeline).
#pragma once

#include <vector>

#include "fattree/circuit_simulator.h"
#include "util/checkpoint_store.h"

namespace flit {

template <>
struct CheckpointTraits<fattree::CircuitSimulator> {
  using Change = fattree::CircuitChange;
  using Base = fattree::CircuitSimulator;
  static Base base(const fattree::CircuitSimulator& sim) { return sim; }
  static fattree::CircuitSimulator restore(const Base& b) { return b; }
  static const std::vector<Change>& scheduled(const fattree::CircuitSimulator& sim) { return sim.timeline(); }
};

namespace fattree {
using CircuitCheckpointStore = BasicCheckpointStore<CircuitSimulator>;
}  // namespace fattree

}  // namespace flit
