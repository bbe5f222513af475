#include "routing/special_route.h"

#include <charconv>
#include <cstdlib>

namespace flit {

bool SpecialDeltas::done() const {
  for (const int d : delta) {
    if (d != 0) return false;
  }
  return true;
}

int specialRouteStep(const Topology& topo, NodeId here, SpecialDeltas& deltas) {
  for (std::size_t i = 0; i < deltas.delta.size(); ++i) {
    int& d = deltas.delta[i];
    if (d == 0) continue;
    const Direction dir = makeDirection(static_cast<int>(i % 3), d > 0);
    if (topo.neighbor(here, dir) == kInvalidId) return kRouteMisroute;
    d += d > 0 ? -1 : 1;
    return static_cast<int>(dir);
  }
  return kProcessorPort;
}

PathTrace traceSpecialPath(const Topology& topo, NodeId src, SpecialDeltas deltas) {
  PathTrace trace;
  NodeId here = src;
  while (true) {  // terminates: every hop moves one delta towards 0
    PathHop h;
    h.node = here;
    h.outPort = specialRouteStep(topo, here, deltas);
    trace.hops.push_back(h);
    trace.endNode = here;
    if (h.outPort == kProcessorPort) {
      trace.outcome = PathOutcome::Delivered;
      return trace;
    }
    if (h.outPort == kRouteMisroute) {
      trace.outcome = PathOutcome::LeftTopology;
      return trace;
    }
    const auto dir = static_cast<Direction>(h.outPort);
    if (!topo.linkUp(topo.linkFrom(here, dir))) {
      trace.outcome = PathOutcome::FailedLink;
      return trace;
    }
    here = topo.neighbor(here, dir);
  }
}

std::optional<SpecialDeltas> parseSpecialDeltas(std::string_view text) {
  SpecialDeltas d;
  std::size_t count = 0;
  while (true) {
    if (count >= d.delta.size()) return std::nullopt;
    const auto comma = text.find(',');
    std::string_view part = text.substr(0, comma);
    if (!part.empty() && part.front() == '+') part.remove_prefix(1);
    int v = 0;
    const auto [ptr, ec] = std::from_chars(part.data(), part.data() + part.size(), v);
    if (part.empty() || ec != std::errc{} || ptr != part.data() + part.size() ||
        std::abs(v) > 255) {
      return std::nullopt;
    }
    d.delta[count++] = v;
    if (comma == std::string_view::npos) break;
    text.remove_prefix(comma + 1);
  }
  if (count != 3 && count != 6) return std::nullopt;
  return d;
}

}  // namespace flit
