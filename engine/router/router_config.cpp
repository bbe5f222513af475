// The rules of router/router_config.h: whether a machine can run adaptive
// routing or an arbiter.
#include "router/router_config.h"

namespace flit {

const char* adaptiveUnavailableReason(const RouterConfig& router, RoutingAlgorithm algorithm) {
  if (router.adaptiveVcs <= 0) return "the router has no adaptive VC (router.adaptiveVcs is 0)";
  if (algorithm != RoutingAlgorithm::DirectionOrder)
    return "adaptive routing needs direction-order routing (routing.algorithm)";
  if (!router.speculative)
    return "adaptive routing is modelled with the speculative router only (router.speculative is false)";
  return nullptr;
}

const char* arbiterUnavailableReason(const RouterConfig& router, ArbiterKind arbiter) {
  if (arbiter == ArbiterKind::Age && router.adaptiveVcs > 0)
    return "age needs adaptiveVcs 0: the SeaStar's age arbiter serves dimension-order VCs only (XT paper section 2)";
  return nullptr;
}

}  // namespace flit
