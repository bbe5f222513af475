// Fat-tree scenarios: the faults they ask for (fattree/fat_tree_scenario.h).
#include "fattree/fat_tree_scenario.h"

#include "traffic/rng.h"

namespace flit::fattree {

std::vector<std::uint32_t> randomFailedRouters(const FatTreeNetwork& net, double fraction,
                                               std::uint64_t seed) {
  std::vector<std::uint32_t> failed;
  if (fraction <= 0) return failed;
  Rng rng(seed ^ 0x5EEDFA11u);
  const std::uint64_t t = Rng::threshold(fraction);
  for (std::uint32_t r = 0; r < net.routerCount(); ++r) {
    if (rng.chance(t)) failed.push_back(r);
  }
  return failed;
}

FaultMap scenarioFaultMap(const FatTreeNetwork& net, const FatTreeScenario& s) {
  FaultMap f(net);
  for (const std::uint32_t r : s.faults.routers) f.routerFailed.at(r) = 1;
  for (const std::uint32_t r : randomFailedRouters(net, s.faults.randomRouterFraction, s.seed)) f.routerFailed[r] = 1;
  for (const std::uint32_t b : s.faults.unitTrees) f.failBlock(net, b);
  for (const std::uint32_t c : s.faults.channels) f.channelFailed.at(c) = 1;
  return f;
}

}  // namespace flit::fattree
