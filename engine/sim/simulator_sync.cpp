// The simulator's side of the barrier/eureka networks (sim/sim_sync.h; T3E
// paper section 6): operations applied as interventions, and each cycle's
// barrier packets taking their links before the routers allocate data.
#include "sim/simulator.h"

#include <stdexcept>
#include <string>

namespace flit {

void Simulator::syncOperate(const Intervention& i) {
  if (!sync_) {
    throw std::invalid_argument(std::string(interventionKindName(i.kind)) +
                                ": the scenario has no barrier trees (section sync.trees)");
  }
  if (i.id < 0 || i.id >= topo_.nodeCount()) {  // read nodeUp_ past its end before (fuzz_interventions)
    throw std::out_of_range(std::string(interventionKindName(i.kind)) + ": bad node id " + std::to_string(i.id));
  }
  if (!nodeUp(i.id)) {
    throw std::invalid_argument(std::string(interventionKindName(i.kind)) + ": node " +
                                formatCoord(topo_.coordOf(i.id), topo_.dims()) + " is down");
  }
  const BsuOp op = i.kind == InterventionKind::Eureka          ? BsuOp::Eur
                   : i.kind == InterventionKind::EurekaBarrier ? BsuOp::EurB
                                                               : BsuOp::Bar;
  sync_->operate(i.id, i.bsu, op, cycle_);
}

void Simulator::advanceSync() {
  sync_->advance(cycle_, [this](NodeId n, int dir) {
    std::uint8_t& busy = routers_[static_cast<std::size_t>(n)].syncBusyOut;
    if (!busy) syncBusy_.push_back(n);
    busy = static_cast<std::uint8_t>(busy | (1u << dir));
  });
}

}  // namespace flit
