#include "routing/path_trace.h"

#include <map>
#include <tuple>

namespace flit {

std::string_view pathOutcomeName(PathOutcome o) {
  switch (o) {
    case PathOutcome::Delivered:
      return "delivered";
    case PathOutcome::LeftTopology:
      return "misroute: the route leaves the topology";
    case PathOutcome::WrongNode:
      return "misroute: delivered to the wrong node";
    case PathOutcome::Loop:
      return "loop: the route never ends";
    case PathOutcome::FailedLink:
      return "blocked: the next link has failed";
  }
  return "?";
}

int PathTrace::networkHops() const {
  int n = 0;
  for (const auto& h : hops) n += h.outPort >= 0 && h.outPort < kDirectionCount ? 1 : 0;
  // A path stopped at a failed link (or at a link that does not exist)
  // records the hop it could not take as its last one.
  const bool stoppedBeforeLastHop =
      outcome == PathOutcome::FailedLink || outcome == PathOutcome::LeftTopology;
  if (stoppedBeforeLastHop && !hops.empty() && hops.back().outPort >= 0 &&
      hops.back().outPort < kDirectionCount) {
    --n;
  }
  return n;
}

int PathTrace::crossings() const {
  int n = 0;
  for (const auto& h : hops) n += h.crossedDateline ? 1 : 0;
  return n;
}

int PathTrace::relayHop() const {
  if (relay == kInvalidId) return -1;
  for (std::size_t i = 1; i < hops.size(); ++i) {
    if (hops[i].node == relay) return static_cast<int>(i);
  }
  return -1;
}

int PathTrace::violations() const {
  int n = 0;
  for (const auto& h : hops) n += h.violation ? 1 : 0;
  return n;
}

namespace {

PathTrace traceRoute(const Topology& topo, const RoutingSetup& setup, NodeId src, NodeId dst,
                     std::optional<std::uint64_t> tagOverride, TieBits tieDraw) {
  PathTrace trace;
  RouteState state = tagOverride ? setup.startStateWithTag(topo, src, dst, *tagOverride)
                                 : setup.startState(topo, src, dst, tieDraw);
  trace.tag = state.tag;
  NodeId here = src;
  int arrived = kFromProcessor;
  std::uint8_t vc = 0;
  // What decides the rest of the path: the router, where the packet came in,
  // its dateline VC and its routing state. Back at a (router, state) it has
  // been at, the path repeats from there for ever: the trace stops (a tag
  // whose address lies outside its ring circles that ring; without this it
  // would run to the hop limit, lap after lap).
  std::map<std::tuple<NodeId, int, std::uint8_t, std::uint64_t, std::uint8_t>, int> seen;
  // A bound all the same: initial and final hops add at most 2 to any
  // satisfiable route.
  const int maxHops = topo.nodeCount() + 2;
  for (int hop = 0; hop <= maxHops; ++hop) {
    const auto [at, fresh] =
        seen.try_emplace(std::make_tuple(here, arrived, vc, state.tag, state.phase), hop);
    if (!fresh) {
      trace.outcome = PathOutcome::Loop;
      trace.loopsBackTo = at->second;
      trace.endNode = here;
      return trace;
    }
    PathHop h;
    h.node = here;
    h.outPort = routeStep(topo, setup.algorithm, here, state);
    trace.endNode = here;
    if (h.outPort == kProcessorPort) {
      h.vc = vc;
      trace.hops.push_back(h);
      trace.outcome = here == dst ? PathOutcome::Delivered : PathOutcome::WrongNode;
      return trace;
    }
    if (h.outPort == kRouteMisroute) {
      trace.hops.push_back(h);
      trace.outcome = PathOutcome::LeftTopology;
      return trace;
    }
    const auto out = static_cast<Direction>(h.outPort);
    const VcSelection sel =
        selectVc(topo, setup.datelines, setup.vcTables, here, arrived, h.outPort, vc,
                 destinationOrdinate(topo, setup.algorithm, state, dimensionOf(out)));
    h.vc = sel.vc;
    h.crossedDateline = sel.crossedDateline;
    h.violation = sel.violation;
    trace.hops.push_back(h);
    const LinkId link = topo.linkFrom(here, out);
    if (link == kInvalidId) {
      trace.outcome = PathOutcome::LeftTopology;
      return trace;
    }
    if (!topo.linkUp(link)) {
      trace.outcome = PathOutcome::FailedLink;
      return trace;
    }
    here = topo.neighbor(here, out);
    arrived = h.outPort;
    vc = sel.vc;
  }
  trace.outcome = PathOutcome::Loop;
  trace.endNode = here;
  return trace;
}

}  // namespace

PathTrace tracePath(const Topology& topo, const RoutingSetup& setup, NodeId src, NodeId dst,
                    std::optional<std::uint64_t> tagOverride, TieBits tieDraw) {
  const NodeId relay = tagOverride ? kInvalidId : setup.relayOf(topo, src, dst);
  if (relay == kInvalidId) return traceRoute(topo, setup, src, dst, tagOverride, tieDraw);
  PathTrace first = traceRoute(topo, setup, src, relay, std::nullopt, tieDraw);
  first.relay = relay;
  if (first.outcome != PathOutcome::Delivered) return first;
  PathTrace second = traceRoute(topo, setup, relay, dst, std::nullopt, tieDraw);
  first.hops.pop_back();  // the ejection at the relay: the second leg starts there
  const auto offset = static_cast<int>(first.hops.size());
  first.hops.insert(first.hops.end(), second.hops.begin(), second.hops.end());
  first.outcome = second.outcome;
  first.endNode = second.endNode;
  first.loopsBackTo = second.loopsBackTo < 0 ? -1 : second.loopsBackTo + offset;
  return first;
}

}  // namespace flit
