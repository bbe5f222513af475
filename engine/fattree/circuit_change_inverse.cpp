#include "fattree/circuit_change_inverse.h"

#include "fattree/circuit_simulator.h"

namespace flit::fattree {

std::optional<CircuitChange> inverseOf(const CircuitSimulator& sim, const CircuitChange& change) {
  using K = CircuitChangeKind;
  CircuitChange back = change;
  back.cycle = 0;
  const FaultMap& faults = sim.faults();
  switch (change.kind) {
    case K::FailRouter:
    case K::RepairRouter:
      if (change.id >= faults.routerFailed.size()) return std::nullopt;  // refused by apply()
      back.kind = faults.routerFailed[change.id] ? K::FailRouter : K::RepairRouter;
      return back;
    case K::FailChannel:
    case K::RepairChannel:
      if (change.id >= faults.channelFailed.size()) return std::nullopt;
      back.kind = faults.channelFailed[change.id] ? K::FailChannel : K::RepairChannel;
      return back;
    case K::FailUnitTree:
    case K::RepairUnitTree: return std::nullopt;
    case K::SetRate: back.rate = sim.config().rate; return back;
  }
  return std::nullopt;
}

}  // namespace flit::fattree
