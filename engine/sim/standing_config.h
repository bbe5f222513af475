// What the changes made to a run leave standing in its configuration: the
// one rule for how an Intervention changes the scenario a reset() rebuilds
// and a Save writes (the window keeps one beside its Simulator, whose own
// configuration also holds what the scenario's timeline changed). A test
// holds it to Simulator::apply: a machine built from a noted configuration
// runs as one that had the change applied before its first cycle.
#pragma once

#include "scenario/intervention.h"
#include "sim/sim_types.h"

#include <cstdint>
#include <map>
#include <utility>

namespace flit {

// (node, R_NET_LUT index) -> the tag a person wrote there (Simulator::setLutEntry).
using LutEdits = std::map<std::pair<NodeId, int>, std::uint64_t>;

struct StandingConfig {
  SimConfig config;
  // Kept apart from config.routing.lutEntries: a rebuild after a fault
  // writes generated entries again, and the edits go back over them.
  LutEdits lutEdits;

  // Records a change: faults and hot spares in the lists the Simulator's
  // constructor applies, settings in their fields, LUT edits in lutEdits.
  // The processor operations of the barrier networks, and SPUT and SGET on
  // the special network, are events of the run, not settings: they leave it
  // as it was (a recording keeps them).
  void note(const Intervention& i);
};

}  // namespace flit
