// Deadlock check of the deterministic routes in force: builds the channel
// dependency graph (Dally & Seitz, Definition 4) by tracing every (src, dst)
// pair's route with the same routeStep() + selectVc() calls the routers make
// (through a RoutingSetup, like the simulator and tracePath), then looks for
// a cycle (Theorem 1: no cycle <=> deadlock-free). Under routing.tieRule
// "random" a pair has one route per way round each half-ring tie
// (RoutingSetup::forEachTieVariant): all of them are traced.
//
// Vertices are (channel, VC) with VC = class * 2 + dateline VC: the request
// and response classes (T3E paper section 3.3) route alike, so every traced
// dependency is recorded in both. The injection and ejection queues are not
// channels (with endPointDependencies, the dependency through a node's
// end point is an edge from a channel into it to a channel out of it).
// Adaptive VCs are not part of this graph: the T3E's adaptive
// network may be cyclic (section 3.4); what must be acyclic is the
// deterministic network a blocked adaptive packet falls back to (section 5).
//
// Cost: one walk per pair, flat bit-set edges; an 8x8x8 torus (262144 pairs,
// 3072 channels x 4 VCs) takes a few tens of milliseconds.
#pragma once

#include "analysis/channel_dependency_graph.h"
#include "routing/route_builder.h"
#include "routing/routing_setup.h"
#include "topology/topology.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <stop_token>
#include <vector>

namespace flit {

struct DependencyCheckOptions {
  // Per pair (src * nodeCount + dst) from a route build: only Routed pairs
  // are traced (the others are refused at the source). Null = every pair.
  // Relayed pairs (RoutingSetup::relays) are never traced: their legs are
  // other pairs' routes.
  const std::vector<PairStatus>* pairStatus = nullptr;
  // Per node, 1 = up; pairs with a down end are skipped. Empty = all up.
  std::vector<std::uint8_t> nodeUp;
  int trafficClasses = 2;  // request/response (section 3.3); 1 for the TRC
  // Asked between destinations: once a stop is requested the check ends
  // early with DependencyCheck::cancelled set (its graph then partial). The
  // window's worker passes its own, so that loading another scenario does
  // not wait for a whole check of a big machine.
  std::stop_token stop;
  // The responses travel on the requests' VCs (router.sharedResponseVcs,
  // trafficClasses 1): a request entering node d is ejected only when its
  // response can leave d, so every (channel, VC) a route ends on at d
  // depends on every (channel, VC) a route starts on from d: the end-point
  // dependency of T3E section 3.3's "request-response cycles", which closes
  // the protocol deadlock's cycle.
  bool endPointDependencies = false;
};

struct DependencyCheck {
  ChannelDependencyGraph graph;
  std::vector<ChannelVc> cycle;  // one cycle, empty when acyclic
  std::int64_t routesTraced = 0;
  std::int64_t hopsTraced = 0;
  // Traced pairs whose route does not deliver (leaves the topology, ends at
  // the wrong node, loops, meets a failed link or node, or commits a
  // dateline violation): their dependencies up to that point are included.
  std::vector<std::pair<NodeId, NodeId>> brokenRoutes;
  bool cancelled = false;  // options.stop was requested: partial, no verdict
  // Per step of `cycle` (from cycle[i] to the next): 1 where no route makes
  // it, only a node's end point (options.endPointDependencies).
  std::vector<std::uint8_t> endPointStep;
  bool deadlockFree() const { return cycle.empty(); }
  // "(0,0,0)+X vc0 -> (1,0,0)+X vc0 -> ...", a step through an end point
  // written "-> [ejected only when its response leaves (1,0,0)] ->".
  std::string cycleText() const;
};

// Precondition: setup was built for topo. Link state comes from topo.
DependencyCheck checkDependencies(const Topology& topo, const RoutingSetup& setup,
                                  const DependencyCheckOptions& options = {});

// Reference-counted dependencies, for re-checking after a rebuild without
// re-tracing every pair: trace the routes once (addRoute +1 for each pair),
// then for each pair whose route changed remove the old route (-1, traced
// with the old setup; respectLinks = false follows it through links that
// have failed since) and add the new one (+1). graph() holds the edges whose
// count is positive; findCycle() on it is the same verdict as
// checkDependencies() on the new tables.
class DependencyCounts {
 public:
  explicit DependencyCounts(const Topology& topo, int trafficClasses = 2);
  // Returns whether the route delivers at dst (its dependencies up to where
  // it stops are counted either way).
  bool addRoute(const Topology& topo, const RoutingSetup& setup, NodeId src, NodeId dst,
                int delta, bool respectLinks = true, const std::vector<std::uint8_t>& nodeUp = {});
  ChannelDependencyGraph graph() const;

 private:
  static constexpr int kBitsPerVertex = kDirectionCount * 2;  // (direction, dateline VC)
  const Topology* topo_;
  int classes_;
  std::vector<std::int32_t> counts_;  // ((channel * 2 + vc) * 12 + dir * 2 + toVc)
};

}  // namespace flit
