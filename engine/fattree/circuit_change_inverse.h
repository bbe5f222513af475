// The change that undoes a CircuitChange: the fat-tree's counterpart of
// flit::inverseOf (sim/intervention_inverse.h), asked just before the change
// is applied, so that the window's undo posts what the engine gives back.
#pragma once

#include "fattree/circuit_change.h"

#include <optional>

namespace flit::fattree {

class CircuitSimulator;

// nullopt: nothing to undo exactly. A unit tree's repair repairs every router
// in it, also one failed on its own before, so a unit-tree change has no
// exact inverse (the window never makes one; a scenario's timeline may).
std::optional<CircuitChange> inverseOf(const CircuitSimulator& sim, const CircuitChange& change);

}  // namespace flit::fattree
