// SimulatorSource: the last route rebuild as the window shows it
// (rebuild_data.h; issue 42, items 4 and 5): the engine's report, the
// intervention that made it, compareRoutes of the tables in force before
// and now, and the blocked routes of the first unreachable pairs. Computed
// once per rebuild (keyed by the report's cycle and time, the tables the
// engine kept from before it and the Simulator built), shared by the frames.
#include "torus/simulator_source.h"

#include "torus/rebuild_data.h"

#include "routing/path_trace.h"

#include <algorithm>

namespace flitgui {
namespace {

bool changesRoutes(flit::InterventionKind k) {
  using K = flit::InterventionKind;
  return k == K::FailLink || k == K::RepairLink || k == K::FailNode || k == K::RepairNode || k == K::SetHotSpare;
}

std::vector<flit::ChannelId> channelsOf(const flit::Topology& topo, const flit::PathTrace& trace) {
  std::vector<flit::ChannelId> out;
  for (const flit::PathHop& h : trace.hops) {
    if (h.outPort < 0 || h.outPort >= flit::kDirectionCount) continue;
    const flit::ChannelId c = topo.channelFrom(h.node, static_cast<flit::Direction>(h.outPort));
    if (c != flit::kInvalidId) out.push_back(c);
  }
  return out;
}

}  // namespace

std::shared_ptr<const RebuildView> SimulatorSource::rebuildView() const {
  const flit::RouteRebuildReport& report = sim_->lastRebuild();
  if (!report.performed) return nullptr;
  const std::shared_ptr<const flit::RouteTables>& before = sim_->routesBefore();
  const RebuildKey key{before.get(), report.atCycle, report.seconds, builds_};
  if (rebuild_ && rebuildKey_ == key) return rebuild_;
  auto view = std::make_shared<RebuildView>();
  view->report = report;
  const std::vector<flit::Intervention>& applied = sim_->applied();
  const auto last = std::find_if(applied.rbegin(), applied.rend(), [&report](const flit::Intervention& i) {
    return i.cycle <= report.atCycle && changesRoutes(i.kind);
  });
  if (last != applied.rend()) view->cause = *last;
  const flit::Topology& topo = sim_->topology();
  std::vector<std::uint8_t> up(static_cast<std::size_t>(topo.nodeCount()));
  for (flit::NodeId n = 0; n < topo.nodeCount(); ++n) up[static_cast<std::size_t>(n)] = sim_->nodeUp(n) ? 1 : 0;
  if (before && report.accepted) view->change = flit::compareRoutes(topo, sim_->routing(), *before, up);
  for (const auto& [src, dst] : report.unreachable) {
    if (view->unreachableRoutes.size() >= RebuildView::kUnreachableRoutesKept) break;
    view->unreachableRoutes.push_back(channelsOf(topo, flit::tracePath(topo, sim_->routing(), src, dst)));
  }
  rebuild_ = std::move(view);
  rebuildKey_ = key;
  return rebuild_;
}

}  // namespace flitgui
