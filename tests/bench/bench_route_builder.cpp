// Route rebuild + deadlock check after a failure (issue 4, "Measure and
// report": the time to rebuild all route tables and check the dependency
// graph after one failure, 8x8x8 T3E torus). Run by hand:
//   build/bin/bench_route_builder
#include "analysis/reachability.h"
#include "analysis/route_dependencies.h"
#include "routing/route_builder.h"
#include "routing/routing_setup.h"
#include "scenario/scenario.h"
#include "sim/simulator.h"

#include <string>

#include <benchmark/benchmark.h>

using namespace flit;

namespace {

Topology torus8() {
  TopologySpec spec;
  spec.radix = {8, 8, 8};
  return Topology(spec);
}

RoutingSetup setupFor(const Topology& topo) {
  RoutingConfig config = defaultRoutingConfig(topo.spec());
  config.adaptive = true;
  return buildRoutingSetup(topo, config);
}

// One failed link in the middle of the machine.
void failOne(Topology& topo) {
  topo.setLinkUp(topo.linkFrom(topo.nodeAt(Coord{{3, 4, 5}}), Direction::PlusY), false);
}

void BM_RebuildTables_8x8x8_OneFailure(benchmark::State& state) {
  Topology topo = torus8();
  failOne(topo);
  const RoutingSetup fresh = setupFor(topo);
  for (auto _ : state) {
    RoutingSetup setup = fresh;
    const RouteBuildReport r = rebuildSetupRoutes(setup, topo, {}, true);
    benchmark::DoNotOptimize(r.reroutedEntries);
  }
}

void BM_CheckDependencies_8x8x8(benchmark::State& state) {
  Topology topo = torus8();
  failOne(topo);
  RoutingSetup setup = setupFor(topo);
  const RouteBuildReport r = rebuildSetupRoutes(setup, topo, {}, true);
  for (auto _ : state) {
    const DependencyCheck check = checkDependencies(topo, setup, {&r.status, {}, 2});
    benchmark::DoNotOptimize(check.cycle.size());
  }
}

// What `flitscope-cli check` and a GUI rebuild pay after a link fails:
// fresh minimal tables, rebuild around the failure, trace and check.
void BM_RebuildAndCheck_8x8x8_OneFailure(benchmark::State& state) {
  Topology topo = torus8();
  failOne(topo);
  for (auto _ : state) {
    RoutingSetup setup = setupFor(topo);
    const RouteBuildReport r = rebuildSetupRoutes(setup, topo, {}, true);
    const DependencyCheck check = checkDependencies(topo, setup, {&r.status, {}, 2});
    if (!check.deadlockFree()) state.SkipWithError("cycle");
    state.counters["rerouted"] = r.reroutedEntries;
    state.counters["adaptiveOff"] = r.adaptiveDisabledEntries;
  }
}

// The running simulator's Simulator::rebuildRoutes after one link failed,
// on the T3E presets (request and response classes): what the GUI worker
// and `flitscope-cli run --fail-at` pay (docs/fault-tolerance.md figures).
void BM_SimulatorRebuildRoutes(benchmark::State& state, const std::string& preset) {
  Simulator sim(simConfigFromScenario(loadScenarioFile(std::string(FLITSCOPE_PRESETS_DIR) + "/" + preset)));
  const Topology& topo = sim.topology();
  sim.failLink(topo.linkFrom(topo.nodeAt(Coord{{3, 4, 5}}), Direction::PlusY));
  for (auto _ : state) {
    const RouteRebuildReport r = sim.rebuildRoutes();
    if (!r.accepted) state.SkipWithError("rejected");
    state.counters["rerouted"] = r.reroutedEntries;
  }
}

}  // namespace

BENCHMARK_CAPTURE(BM_SimulatorRebuildRoutes, t3e_8x8x8, std::string("t3e-8x8x8.json"))
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_SimulatorRebuildRoutes, t3e_8x32x8, std::string("t3e-8x32x8.json"))
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_RebuildTables_8x8x8_OneFailure)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_CheckDependencies_8x8x8)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_RebuildAndCheck_8x8x8_OneFailure)->Unit(benchmark::kMillisecond);
BENCHMARK_MAIN();
