#include "analysis/route_change.h"

#include "routing/path_trace.h"

#include <algorithm>

namespace flit {
namespace {

std::vector<ChannelId> channelsOf(const Topology& topo, const PathTrace& trace) {
  std::vector<ChannelId> out;
  out.reserve(trace.hops.size());
  for (const PathHop& h : trace.hops) {
    if (h.outPort < 0 || h.outPort >= kDirectionCount) continue;
    const ChannelId c = topo.channelFrom(h.node, static_cast<Direction>(h.outPort));
    if (c != kInvalidId) out.push_back(c);
  }
  return out;
}

void sortUnique(std::vector<ChannelId>& v) {
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
}

}  // namespace

LutEntryChanges changedLutEntries(const RouteTables& before, const RouteTables& after) {
  LutEntryChanges changes;
  if (before.nodeCount() != after.nodeCount()) return changes;
  constexpr std::uint64_t kAdaptive = std::uint64_t{1} << RoutingTag::kAdaptiveBit;
  for (NodeId n = 0; n < after.nodeCount(); ++n) {
    if (!(before.overrideOf(n) == after.overrideOf(n))) ++changes.route;
    for (int i = 0; i < kNetLutEntries; ++i) {
      const std::uint64_t diff = before.entry(n, i) ^ after.entry(n, i);
      if (diff & ~kAdaptive) ++changes.route;
      else if (diff) ++changes.adaptiveOnly;
    }
  }
  return changes;
}

RouteChange compareRoutes(const Topology& topo, const RoutingSetup& now, const RoutingSetup& before,
                          const std::vector<std::uint8_t>& nodeUp) {
  RouteChange change;
  if (now.algorithm != before.algorithm || before.peMap.peCount() != now.peMap.peCount()) return change;
  const NodeId nodes = topo.nodeCount();
  // The pairs whose tag may differ, in (src, dst) order.
  std::vector<std::pair<NodeId, NodeId>> candidates;
  if (now.algorithm == RoutingAlgorithm::DirectionOrder) {
    if (!now.tables || !before.tables || before.tables->nodeCount() != nodes || now.tables->nodeCount() != nodes)
      return change;
    for (NodeId src = 0; src < nodes; ++src)
      for (NodeId dst = 0; dst < nodes; ++dst) {
        if (before.tables->tagFor(src, dst) != now.tables->tagFor(src, dst)) candidates.emplace_back(src, dst);
      }
  } else if (now.algorithm == RoutingAlgorithm::DimensionOrder) {
    const auto add = [&](std::uint64_t key) {
      candidates.emplace_back(static_cast<NodeId>(key / static_cast<std::uint64_t>(nodes)),
                              static_cast<NodeId>(key % static_cast<std::uint64_t>(nodes)));
    };
    for (const auto& entry : now.detours) add(entry.first);
    for (const auto& entry : before.detours) {
      if (!now.detours.contains(entry.first)) add(entry.first);
    }
    for (const auto& entry : now.relays) add(entry.first);
    for (const auto& entry : before.relays) {
      if (!now.relays.contains(entry.first)) add(entry.first);
    }
    std::sort(candidates.begin(), candidates.end());
    candidates.erase(std::unique(candidates.begin(), candidates.end()), candidates.end());
  } else {
    return change;
  }
  const auto up = [&nodeUp](NodeId n) { return nodeUp.empty() || nodeUp[static_cast<std::size_t>(n)] != 0; };
  for (const auto& [src, dst] : candidates) {
    if (dst == src || !up(src) || !up(dst)) continue;
    const std::uint64_t oldTag = before.pairTag(topo, src, dst);
    const NodeId oldRelay = before.relayOf(topo, src, dst);
    if (oldTag == now.pairTag(topo, src, dst) && oldRelay == now.relayOf(topo, src, dst)) continue;
    // The path before on today's machine: its old tag, or its old two legs.
    std::vector<ChannelId> was = channelsOf(
        topo, oldRelay != kInvalidId ? tracePath(topo, before, src, dst) : tracePath(topo, now, src, dst, oldTag));
    std::vector<ChannelId> is = channelsOf(topo, tracePath(topo, now, src, dst));
    if (was == is) {  // the same path: only the adaptive bit changed (route_builder.h)
      ++change.sameRoutePairs;
      continue;
    }
    ++change.changedPairs;
    change.channelsBefore.insert(change.channelsBefore.end(), was.begin(), was.end());
    change.channelsAfter.insert(change.channelsAfter.end(), is.begin(), is.end());
    if (change.pairs.size() < RouteChange::kMaxPairsWithPaths)
      change.pairs.push_back({src, dst, std::move(was), std::move(is)});
  }
  sortUnique(change.channelsBefore);
  sortUnique(change.channelsAfter);
  return change;
}

}  // namespace flit
