// A torus simulator's state as text, for tests that compare two runs
// (QCOMPARE shows the difference): the run summary, the audits and every
// router's counters.
#pragma once

#include "sim/simulator.h"

#include <string>

namespace flit::test {

std::string stateText(const Simulator& sim);

}  // namespace flit::test
