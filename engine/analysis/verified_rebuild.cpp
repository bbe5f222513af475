#include "analysis/verified_rebuild.h"

#include <utility>

namespace flit {

VerifiedRebuild rebuildVerified(RoutingSetup& setup, const RoutingSetup& fresh,
                                const Topology& topo, const std::vector<std::uint8_t>& nodeUp,
                                bool adaptive, int trafficClasses, std::stop_token stop) {
  RoutingSetup candidate = fresh;
  RouteBuildReport routes = rebuildSetupRoutes(candidate, topo, nodeUp, adaptive);
  DependencyCheckOptions options;
  options.pairStatus = &routes.status;
  options.nodeUp = nodeUp;
  options.trafficClasses = trafficClasses;
  options.stop = std::move(stop);
  DependencyCheck check = checkDependencies(topo, candidate, options);
  const bool accepted = !check.cancelled && check.deadlockFree() && check.brokenRoutes.empty();
  if (accepted) setup = std::move(candidate);
  return VerifiedRebuild{std::move(routes), std::move(check), accepted};
}

}  // namespace flit
