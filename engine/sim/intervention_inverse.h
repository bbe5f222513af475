// The change that undoes an Intervention (DESIGN.md "Interventions"; issue
// 37: "undo posts the inverse, which the engine gives back with the change
// it applied"). Asked of the Simulator just before the change is applied:
// it reads what the change is about to replace (the link's, the node's state,
// the rate, the arbiter, the LUT entry, the VC tables, ...) and returns the
// intervention that puts it back. One rule for every front end: the window's
// undo stack posts it, nothing in the app re-derives a previous value.
#pragma once

#include "scenario/intervention.h"

#include <optional>

namespace flit {

class Simulator;

// nullopt: nothing to undo. The barrier operations (Barrier, Eureka,
// EurekaBarrier) are events of the run, not settings: a processor that
// joined a barrier cannot un-join it (T3E paper section 6). A change that
// replaces a value by the same value has itself as its inverse.
std::optional<Intervention> inverseOf(const Simulator& sim, const Intervention& change);

}  // namespace flit
