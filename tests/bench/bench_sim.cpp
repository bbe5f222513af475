// Simulator throughput in node-cycles per second (issue 3 targets: generic
// 8x8x8 at 0.24 flits/node/cycle >= 12 M; generic 16x16x16 at 0.10 >= 6 M;
// T3E 8x32x8 at half saturation: report, memory < 200 MB). Run by hand:
//   build/bin/bench_sim [--benchmark_filter=...]
// Each benchmark warms the network up first, then times blocks of 100 cycles.
// The "listener" variants attach an observer, to show what events cost when
// someone listens and that they cost nothing when nobody does.
#include "scenario/scenario.h"
#include "sim/simulator.h"

#include <benchmark/benchmark.h>

#include <fstream>
#include <memory>
#include <string>

using namespace flit;

namespace {

// adaptive: -1 keeps the preset, 0/1 sets routing.adaptive (tag bit 37) and
// router.adaptiveRouting (the CLI's --adaptive off/on). ideal: the generic
// presets' router as it was before they became non-speculative with random
// ties (router.speculative true, routing.tieRule plus): the workload the
// earlier figures in docs/performance.md were measured on.
std::unique_ptr<Simulator> makeSim(const std::string& preset, double rate, int adaptive = -1,
                                   bool ideal = false) {
  Scenario s = loadScenarioFile(std::string(FLITSCOPE_PRESETS_DIR) + "/" + preset);
  if (ideal) {
    s.router.speculative = true;
    s.routing.tieRule = TieRule::Plus;
  }
  if (adaptive >= 0) {
    s.routing.adaptive = adaptive == 1;
    s.router.adaptiveRouting = adaptive == 1;
  }
  SimConfig cfg = simConfigFromScenario(s);
  if (rate >= 0) cfg.traffic.rateFlitsPerNodeCycle = rate;  // < 0: the preset's own
  return std::make_unique<Simulator>(cfg);
}

double peakRssMb() {
  std::ifstream in("/proc/self/status");
  std::string key;
  while (in >> key) {
    if (key == "VmHWM:") {
      double kb = 0;
      in >> kb;
      return kb / 1024.0;
    }
  }
  return 0;
}

struct CountingObserver final : SimObserver {
  std::uint64_t events = 0;
  void onEvent(const SimEvent&) override { ++events; }
};

// arbiter: -1 keeps the preset's, else an ArbiterKind set before the run.
void runBench(benchmark::State& state, const char* preset, double rate, bool listen,
              int adaptive = -1, int arbiter = -1, bool ideal = false) {
  auto sim = makeSim(preset, rate, adaptive, ideal);
  if (arbiter >= 0) sim->setArbiter(static_cast<ArbiterKind>(arbiter));
  CountingObserver obs;
  if (listen) sim->setObserver(&obs);
  sim->run(2000);  // warm-up: reach steady state
  const auto nodes = static_cast<double>(sim->topology().nodeCount());
  std::uint64_t cycles = 0;
  for (auto _ : state) {
    cycles += sim->run(100);
  }
  state.counters["nodeCyclesPerSecond"] =
      benchmark::Counter(nodes * static_cast<double>(cycles), benchmark::Counter::kIsRate);
  state.counters["acceptedFlitsPerNodeCycle"] =
      static_cast<double>(sim->stats().flitsDelivered) / nodes / static_cast<double>(sim->cycle());
  state.counters["peakRssMB"] = peakRssMb();
  if (listen) state.counters["events"] = static_cast<double>(obs.events);
  if (sim->deadlocked()) state.SkipWithError("deadlocked");
}

void BM_Generic8x8x8_024(benchmark::State& s) { runBench(s, "generic-8x8x8.json", 0.24, false); }
void BM_Generic8x8x8_024_ideal(benchmark::State& s) {
  runBench(s, "generic-8x8x8.json", 0.24, false, -1, -1, true);
}
void BM_Generic16x16x16_010_ideal(benchmark::State& s) {
  runBench(s, "generic-16x16x16.json", 0.10, false, -1, -1, true);
}
void BM_Generic8x8x8_024_listener(benchmark::State& s) {
  runBench(s, "generic-8x8x8.json", 0.24, true);
}
void BM_Generic16x16x16_010(benchmark::State& s) {
  runBench(s, "generic-16x16x16.json", 0.10, false);
}
void BM_Generic16x16x16_010_listener(benchmark::State& s) {
  runBench(s, "generic-16x16x16.json", 0.10, true);
}
// Rate argument in thousandths of a flit/node/cycle (half saturation: see docs/engine.md).
void BM_T3e8x32x8(benchmark::State& s) {
  runBench(s, "t3e-8x32x8.json", static_cast<double>(s.range(0)) / 1000.0, false);
}

// T3E 8x8x8 at 0.15 request flits/node/cycle (below saturation either way,
// docs/engine.md), adaptive routing off (0) and on (1).
void BM_T3e8x8x8_adaptive(benchmark::State& s) {
  runBench(s, "t3e-8x8x8.json", 0.15, false, static_cast<int>(s.range(0)));
}

// The T3E 8x8x8 preset as it ships (issue 15's target names the preset: its
// rate 0.10, adaptive routing on).
void BM_T3e8x8x8_preset(benchmark::State& s) { runBench(s, "t3e-8x8x8.json", -1.0, false); }

// Cray XT 11x12x16 (Table 5 machine, 9-flit packets) at 0.1 flits/node/cycle:
// the age arbiter (the preset) and round robin on the same machine.
void BM_Xt11x12x16_age(benchmark::State& s) { runBench(s, "xt-11x12x16.json", 0.10, false); }
void BM_Xt11x12x16_roundRobin(benchmark::State& s) {
  runBench(s, "xt-11x12x16.json", 0.10, false, -1, static_cast<int>(ArbiterKind::RoundRobin));
}

}  // namespace

BENCHMARK(BM_Generic8x8x8_024)->Unit(benchmark::kMillisecond)->MinTime(2.0);
BENCHMARK(BM_Generic8x8x8_024_ideal)->Unit(benchmark::kMillisecond)->MinTime(2.0);
BENCHMARK(BM_Generic16x16x16_010_ideal)->Unit(benchmark::kMillisecond)->MinTime(2.0);
BENCHMARK(BM_Generic8x8x8_024_listener)->Unit(benchmark::kMillisecond)->MinTime(2.0);
BENCHMARK(BM_Generic16x16x16_010)->Unit(benchmark::kMillisecond)->MinTime(2.0);
BENCHMARK(BM_Generic16x16x16_010_listener)->Unit(benchmark::kMillisecond)->MinTime(2.0);
BENCHMARK(BM_T3e8x32x8)->Arg(35)->Unit(benchmark::kMillisecond)->MinTime(2.0);
BENCHMARK(BM_T3e8x8x8_adaptive)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->MinTime(2.0);
BENCHMARK(BM_T3e8x8x8_preset)->Unit(benchmark::kMillisecond)->MinTime(2.0);

BENCHMARK(BM_Xt11x12x16_age)->Unit(benchmark::kMillisecond)->MinTime(2.0);
BENCHMARK(BM_Xt11x12x16_roundRobin)->Unit(benchmark::kMillisecond)->MinTime(2.0);
BENCHMARK_MAIN();
