// SimulatorSource: the deadlock lab (lab_data.h; issue 18). The dependency
// check runs here, on the worker thread, with the engine's analysis on the
// routes in force (Simulator::routing()); the frame gets a plain copy. It is
// run again only when what the routes follow from changed: a new Simulator
// (reset), the engine's route rebuilds, or the interventions applied (a VC
// rule switch, a fault, a LUT edit, a rewind that took some back).
#include "torus/simulator_source.h"

#include "analysis/route_dependencies.h"

namespace flitgui {
namespace {

// Whether an intervention can change the deterministic routes in force (the
// links and nodes up, the PE map, the LUTs, the VC rule and tables); the
// others (traffic, arbitration, adaptive, barrier operations) cannot, and a
// barrier-heavy run should not re-check the graph at each. Unknown kinds
// (added later) count as changing routes.
bool changesRoutes(flit::InterventionKind kind) {
  using K = flit::InterventionKind;
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

}  // namespace

void SimulatorSource::watchLab(bool watched) {
  labWatched_ = watched;
  if (!watched) {
    labKey_.reset();
    lab_.reset();
  }
}

SimulatorSource::RoutesKey SimulatorSource::routesKey() const {
  RoutesKey key{builds_, rebuilds_, {}};
  for (const flit::Intervention& i : sim_->applied())
    if (changesRoutes(i.kind)) key.applied.push_back(i);
  return key;
}

std::shared_ptr<const LabView> SimulatorSource::labView() const {
  if (!labWatched_) return nullptr;
  RoutesKey key = routesKey();
  if (lab_ && labKey_ && *labKey_ == key) return lab_;
  const flit::DependencyCheck check = sim_->dependencyCheck(sim_->routing(), stop_);
  if (check.cancelled) return lab_;  // the worker is stopping: the last view, nothing kept
  auto view = std::make_shared<LabView>(labViewOf(check));
  view->checkedAtCycle = sim_->cycle();
  view->rule = sim_->vcRule();
  const flit::SimConfig& cfg = sim_->config();
  for (int r = 0; r < flit::kVcRuleCount; ++r)
    view->ruleProblems.push_back(
        flit::vcRuleProblem(static_cast<flit::VcRule>(r), cfg.routing.datelines, cfg.router.vcsPerClass()));
  lab_ = std::move(view);
  labKey_ = std::move(key);
  return lab_;
}

std::shared_ptr<const DeadlockView> SimulatorSource::deadlockView() const {
  if (!sim_->deadlocked()) {
    deadlock_.reset();
    return nullptr;
  }
  const flit::DeadlockReport& report = sim_->deadlockReport();
  if (!deadlock_ || deadlock_->detectedCycle != report.detectedCycle)
    deadlock_ = std::make_shared<const DeadlockView>(deadlockViewOf(report, sim_->topology()));
  return deadlock_;
}

}  // namespace flitgui
