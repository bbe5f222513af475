// Route rebuild with its proof: the tables are rebuilt for the degraded
// machine (routing/route_builder.h) on a copy of the routing setup, the copy
// is checked (Dally & Seitz Theorem 1, route_dependencies.h), and only an
// acyclic result whose routes all deliver replaces the setup in force. A
// rejected rebuild leaves the setup untouched and carries the cycle (or the
// routes that do not deliver) for the report (issue 4: "A rebuilt table whose
// graph has a cycle is rejected with the cycle reported").
//
// This is what the simulator (and the GUI through it) calls after a link or
// node fails or is repaired; `flitscope-cli check` reports the same verdict.
#pragma once

#include "analysis/reachability.h"
#include "analysis/route_dependencies.h"
#include "routing/route_builder.h"
#include "routing/routing_setup.h"
#include "topology/topology.h"

#include <cstdint>
#include <vector>

namespace flit {

struct VerifiedRebuild {
  RouteBuildReport routes;  // of the rebuilt (candidate) tables
  DependencyCheck check;    // of the rebuilt (candidate) tables
  bool accepted = false;    // true: `setup` now holds the rebuilt tables
};

// `fresh`: the setup the machine would have with nothing failed (e.g.
// buildRoutingSetup(topo, config)); the rebuild starts from it, so repaired
// parts get their minimal routes back. On acceptance `setup` = the rebuilt
// copy; otherwise `setup` is unchanged. trafficClasses as in
// DependencyCheckOptions (2 for request/response). `stop` as
// DependencyCheckOptions::stop: a check cut short (check.cancelled) has no
// verdict, and the rebuild is not accepted.
VerifiedRebuild rebuildVerified(RoutingSetup& setup, const RoutingSetup& fresh,
                                const Topology& topo, const std::vector<std::uint8_t>& nodeUp,
                                bool adaptive, int trafficClasses = 2, std::stop_token stop = {});

}  // namespace flit
