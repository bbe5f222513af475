// The VC-balance section's data (issue 18; T3E paper section 4, Table 1;
// docs/deadlock-and-vc-balance.md): what a window shows of the balance of
// the VC tables in force (WatchSet::vcBalance). The answer, built by TorusRun,
// Frame::torus->vcBalance, is filled only while someone looks (the section
// open or the overlay on) and recomputed only when the routes may have
// changed (an intervention, a rebuild, a reset or rewind). Every figure in
// here is the engine's (analysis/vc_balance.h); the window's optimizer runs
// on its own thread pool (VcBalanceController) on the snapshot this carries.
#pragma once

#include "analysis/vc_balance.h"
#include "routing/routing_config.h"
#include "routing/routing_setup.h"
#include "topology/topology.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace flit {

// What the optimizer needs: the machine and the routes in force.
struct VcBalanceInput {
  flit::Topology topology;
  flit::RoutingSetup routing;
};

struct VcBalanceView {
  std::uint64_t generation = 0;  // changes whenever the routes may have changed
  std::vector<flit::VcBalanceRow> rows;            // Table 1's rows for the tables in force
  std::vector<flit::ChannelVcRoutes> channels;     // per ChannelId: routes on VC0 and VC1
  std::shared_ptr<const VcBalanceInput> input;     // null when `error` is set
  std::string error;  // why there are no figures (e.g. routing.tieRule random)
  flit::VcTablesConfig tablesInForce;  // the engine's routing.vcTables: what Edit > Undo of Apply posts back
  // The figures, not `input` (what they were computed from: the same
  // machine and routes give the same figures).
  friend bool operator==(const VcBalanceView& a, const VcBalanceView& b) {
    return a.generation == b.generation && a.rows == b.rows && a.channels == b.channels && a.error == b.error &&
           a.tablesInForce == b.tablesInForce;
  }
};

}  // namespace flit
