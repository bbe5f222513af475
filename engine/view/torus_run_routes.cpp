// TorusRun: what follows from the routes in force, each computed on the
// run's thread and handed to the frame as a plain copy, again only when what
// it follows from changed:
//  - the deadlock lab (view/lab_view.h; issue 18): the channel dependency
//    check of the routes in force (Dally & Seitz Theorem 1), and the
//    watchdog's cycle of waiting buffers once deadlocked;
//  - the VC-balance section (view/vc_balance_view.h; T3E paper section 4):
//    evaluateVcBalance's Table 1 rows and channelVcRoutes per channel;
//  - the last route rebuild (view/rebuild_view.h): the engine's report, the
//    intervention that made it, compareRoutes of the tables in force before
//    and now, and the blocked routes of the first unreachable pairs.
#include "view/torus_run.h"

#include "analysis/route_dependencies.h"
#include "routing/path_trace.h"
#include "view/lab_view.h"
#include "view/rebuild_view.h"
#include "view/vc_balance_view.h"

#include <algorithm>
#include <exception>

namespace flit {
namespace {

// Whether an intervention can change the deterministic routes in force (the
// links and nodes up, the PE map, the LUTs, the VC rule and tables); the
// others (traffic, arbitration, adaptive, barrier operations) cannot, and a
// barrier-heavy run should not re-check the graph at each. Unknown kinds
// (added later) count as changing routes.
bool mayChangeRoutes(InterventionKind kind) {
  using K = InterventionKind;
  switch (kind) {
    case K::SetRate:
    case K::SetPattern:
    case K::SetAdaptive:  // adaptive VCs are not in the deterministic graph
    case K::SetArbiter:
    case K::SetAgeConfig:
    case K::Barrier:
    case K::Eureka:
    case K::EurekaBarrier: return false;
    default: return true;
  }
}

// The faults and repairs after which the engine rebuilds the routes (the
// cause a rebuild view names).
bool rebuildsRoutes(InterventionKind k) {
  using K = InterventionKind;
  return k == K::FailLink || k == K::RepairLink || k == K::FailNode || k == K::RepairNode || k == K::SetHotSpare;
}

std::vector<ChannelId> channelsOf(const Topology& topo, const PathTrace& trace) {
  std::vector<ChannelId> out;
  for (const PathHop& h : trace.hops) {
    if (h.outPort < 0 || h.outPort >= kDirectionCount) continue;
    const ChannelId c = topo.channelFrom(h.node, static_cast<Direction>(h.outPort));
    if (c != kInvalidId) out.push_back(c);
  }
  return out;
}

}  // namespace

TorusRun::RoutesKey TorusRun::routesKey() const {
  RoutesKey key{builds_, rebuilds_, {}};
  for (const Intervention& i : sim_->applied())
    if (mayChangeRoutes(i.kind)) key.applied.push_back(i);
  return key;
}

void TorusRun::watchLab(bool watched) {
  labWatched_ = watched;
  if (!watched) {
    labKey_.reset();
    lab_.reset();
  }
}

std::shared_ptr<const LabView> TorusRun::labView() const {
  if (!labWatched_) return nullptr;
  RoutesKey key = routesKey();
  if (lab_ && labKey_ && *labKey_ == key) return lab_;
  const DependencyCheck check = sim_->dependencyCheck(sim_->routing(), stop_ ? *stop_ : std::stop_token{});
  if (check.cancelled) return lab_;  // the run is stopping: the last view, nothing kept
  auto view = std::make_shared<LabView>(labViewOf(check));
  view->checkedAtCycle = sim_->cycle();
  view->rule = sim_->vcRule();
  const SimConfig& cfg = sim_->config();
  for (int r = 0; r < kVcRuleCount; ++r)
    view->ruleProblems.push_back(vcRuleProblem(static_cast<VcRule>(r), cfg.routing.datelines, cfg.router.vcsPerClass()));
  lab_ = std::move(view);
  labKey_ = std::move(key);
  return lab_;
}

std::shared_ptr<const DeadlockView> TorusRun::deadlockView() const {
  if (!sim_->deadlocked()) {
    deadlock_.reset();
    return nullptr;
  }
  const DeadlockReport& report = sim_->deadlockReport();
  if (!deadlock_ || deadlock_->detectedCycle != report.detectedCycle)
    deadlock_ = std::make_shared<const DeadlockView>(deadlockViewOf(report, sim_->topology()));
  return deadlock_;
}

void TorusRun::watchVcBalance(bool watched) {
  vcBalanceWatched_ = watched;
  if (!watched) {
    vcBalance_.reset();
    vcBalanceKey_.reset();
  }
}

std::shared_ptr<const VcBalanceView> TorusRun::vcBalanceView() const {
  if (!vcBalanceWatched_) return nullptr;
  RoutesKey key = routesKey();
  if (vcBalance_ && vcBalanceKey_ && *vcBalanceKey_ == key) return vcBalance_;
  auto view = std::make_shared<VcBalanceView>();
  view->generation = vcBalance_ ? vcBalance_->generation + 1 : 1;
  view->tablesInForce = sim_->config().routing.vcTables();
  try {
    auto input = std::make_shared<VcBalanceInput>(VcBalanceInput{sim_->topology(), sim_->routing()});
    view->rows = evaluateVcBalance(input->topology, input->routing);
    view->channels = channelVcRoutes(input->topology, input->routing);
    view->input = std::move(input);
  } catch (const std::exception& e) {  // routing.tieRule random: no fixed route per pair
    view->rows.clear();
    view->channels.clear();
    view->error = e.what();
  }
  vcBalance_ = std::move(view);
  vcBalanceKey_ = std::move(key);
  return vcBalance_;
}

std::shared_ptr<const RebuildView> TorusRun::rebuildView() const {
  const RouteRebuildReport& report = sim_->lastRebuild();
  if (!report.performed) return nullptr;
  const std::shared_ptr<const RoutingSetup>& before = sim_->routesBefore();
  const RebuildKey key{before.get(), report.atCycle, report.seconds, builds_};
  if (rebuild_ && rebuildKey_ == key) return rebuild_;
  auto view = std::make_shared<RebuildView>();
  view->report = report;
  const std::vector<Intervention>& applied = sim_->applied();
  const auto last = std::find_if(applied.rbegin(), applied.rend(), [&report](const Intervention& i) {
    return i.cycle <= report.atCycle && rebuildsRoutes(i.kind);
  });
  if (last != applied.rend()) view->cause = *last;
  const Topology& topo = sim_->topology();
  std::vector<std::uint8_t> up(static_cast<std::size_t>(topo.nodeCount()));
  for (NodeId n = 0; n < topo.nodeCount(); ++n) up[static_cast<std::size_t>(n)] = sim_->nodeUp(n) ? 1 : 0;
  if (before && report.accepted) view->change = compareRoutes(topo, sim_->routing(), *before, up);
  for (const auto& [src, dst] : report.unreachable) {
    if (view->unreachableRoutes.size() >= RebuildView::kUnreachableRoutesKept) break;
    view->unreachableRoutes.push_back(channelsOf(topo, tracePath(topo, sim_->routing(), src, dst)));
  }
  rebuild_ = std::move(view);
  rebuildKey_ = key;
  return rebuild_;
}

}  // namespace flit
