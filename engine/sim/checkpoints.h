// CheckpointStore: rewind for a running Simulator (issue 16, "Record,
// replay, rewind"; docs/engine.md "Checkpoints and rewind"): the one
// checkpoint rule of util/checkpoint_store.h on the packet Simulator. Its
// changes are Interventions; its base is the configuration (cycle 0 costs
// nothing); its own timeline is SimConfig::timeline.
#pragma once

#include "sim/simulator.h"
#include "util/checkpoint_store.h"

#include <vector>

namespace flit {

template <>
struct CheckpointTraits<Simulator> {
  using Change = Intervention;
  using Base = SimConfig;
  static Base base(const Simulator& sim) { return sim.config(); }
  static Simulator restore(const Base& b) { return Simulator(b); }
  static const std::vector<Intervention>& scheduled(const Simulator& sim) { return sim.config().timeline; }
};

using CheckpointStore = BasicCheckpointStore<Simulator>;

}  // namespace flit
