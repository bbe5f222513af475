#include "analysis/verified_rebuild.h"

#include <utility>

namespace flit {

VerifiedRebuild rebuildVerified(RoutingSetup& setup, const RoutingSetup& fresh,
                                const Topology& topo, const std::vector<std::uint8_t>& nodeUp,
                                bool adaptive, int trafficClasses) {
  RoutingSetup candidate = fresh;
  RouteBuildReport routes = rebuildSetupRoutes(candidate, topo, nodeUp, adaptive);
  DependencyCheckOptions options;
  options.pairStatus = &routes.status;
  options.nodeUp = nodeUp;
  options.trafficClasses = trafficClasses;
  DependencyCheck check = checkDependencies(topo, candidate, options);
  const bool accepted = check.deadlockFree() && check.brokenRoutes.empty();
  if (accepted) setup = std::move(candidate);
  return VerifiedRebuild{std::move(routes), std::move(check), accepted};
}

}  // namespace flit
