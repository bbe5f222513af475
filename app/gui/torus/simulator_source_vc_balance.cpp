// SimulatorSource: the VC-balance section and overlay (vc_balance_data.h;
// issue 18; T3E paper section 4). The frame's VcBalanceView is the engine's
// analysis of the routes in force (evaluateVcBalance: Table 1's rows;
// channelVcRoutes: per channel the routes on VC0 and VC1), recomputed only
// when what they follow from changed (routesKey(), the deadlock lab's too).
// New tables go in as a setVcTables intervention,
// which the engine refuses when the routes would become cyclic.
#include "torus/simulator_source.h"

#include <exception>

namespace flitgui {

void SimulatorSource::watchVcBalance(bool watched) {
  vcBalanceWatched_ = watched;
  if (!watched) {
    vcBalance_.reset();
    vcBalanceKey_.reset();
  }
}

std::shared_ptr<const VcBalanceView> SimulatorSource::vcBalanceView() const {
  if (!vcBalanceWatched_) return nullptr;
  RoutesKey key = routesKey();
  if (vcBalance_ && vcBalanceKey_ && *vcBalanceKey_ == key) return vcBalance_;
  auto view = std::make_shared<VcBalanceView>();
  view->generation = vcBalance_ ? vcBalance_->generation + 1 : 1;
  view->tablesInForce = sim_->config().routing.vcTables();
  try {
    auto input = std::make_shared<VcBalanceInput>(VcBalanceInput{sim_->topology(), sim_->routing()});
    view->rows = flit::evaluateVcBalance(input->topology, input->routing);
    view->channels = flit::channelVcRoutes(input->topology, input->routing);
    view->input = std::move(input);
  } catch (const std::exception& e) {  // routing.tieRule random: no fixed route per pair
    view->rows.clear();
    view->channels.clear();
    view->error = e.what();
  }
  vcBalance_ = std::move(view);
  vcBalanceKey_ = std::move(key);
  return vcBalance_;
}

}  // namespace flitgui
