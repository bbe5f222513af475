// Fuzz target for interventions on a running machine (issue 41): the input
// is a program of 8-byte steps, each running a few cycles and then applying
// one intervention of any kind with fields from the bytes (ids in and out of
// range, any rate, pattern, arbiter, age setting, LUT entry, barrier BSU, VC
// rule) to the T3E manual's 2x4x2 machine with hot spares and barrier trees
// (and, by the first byte, the teaching 4x4x4). Simulator::apply may refuse
// only as documented (ScenarioError, std::invalid_argument,
// std::out_of_range, SyncError); after every step no packet is lost: injected =
// delivered + dropped + in flight.
#include "scenario/intervention.h"
#include "scenario/json_fields.h"
#include "scenario/scenario.h"
#include "sim/simulator.h"
#include "sync/bsu_state.h"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>

#ifndef FLITSCOPE_PRESETS_DIR
#error "FLITSCOPE_PRESETS_DIR: the presets' folder (tests/fuzz/CMakeLists.txt)"
#endif

namespace {

// Built once; each input starts from a copy (a copy is a checkpoint).
const flit::Simulator& machine(int which) {
  static const flit::Simulator machines[2] = {
      flit::Simulator(flit::simConfigFromScenario(flit::loadScenarioFile(FLITSCOPE_PRESETS_DIR "/t3e-manual-figure12-2x4x2.json"))),
      flit::Simulator(flit::simConfigFromScenario(flit::loadScenarioFile(FLITSCOPE_PRESETS_DIR "/teaching-4x4x4.json")))};
  return machines[which];
}

void checkConserved(const flit::Simulator& sim, std::size_t step) {
  const flit::SimTotals& t = sim.totals();
  if (t.injected != t.delivered + t.droppedTotal() + t.inFlight) {
    std::fprintf(stderr, "fuzz_interventions: step %zu, cycle %llu: injected %llu != delivered %llu + dropped %llu + in flight %llu\n",
                 step, static_cast<unsigned long long>(sim.cycle()), static_cast<unsigned long long>(t.injected),
                 static_cast<unsigned long long>(t.delivered), static_cast<unsigned long long>(t.droppedTotal()),
                 static_cast<unsigned long long>(t.inFlight));
    std::abort();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  flit::Simulator sim = machine(data[0] & 1);
  const int links = sim.topology().linkCount();
  const int nodes = sim.topology().nodeCount();
  constexpr std::size_t kStep = 8;
  // At most 24 steps of up to 15 cycles, each fault a route rebuild: 0.1-0.4 s
  // with the sanitizers, under the 1 s timeout.
  constexpr std::size_t kMaxSteps = 24;
  for (std::size_t s = 0; s < kMaxSteps && 1 + (s + 1) * kStep <= size; ++s) {
    const std::uint8_t* b = data + 1 + s * kStep;
    sim.run(b[0] & 15);
    flit::Intervention i;
    i.kind = static_cast<flit::InterventionKind>(b[1] % flit::kInterventionKindCount);
    const bool outside = (b[2] & 0x80) != 0 && (b[2] & 0x40) != 0;  // a quarter: any id, in range or not
    const int raw = (b[2] & 0x3F) << 8 | b[3];
    const bool isLink = i.kind == flit::InterventionKind::FailLink || i.kind == flit::InterventionKind::RepairLink;
    i.id = outside ? raw - 8192 : raw % (isLink ? links : nodes);
    i.on = (b[4] & 1) != 0;
    i.rateFlitsPerNodeCycle = b[4] / 128.0 - 0.25;  // -0.25 .. 1.74: out of range at both ends
    i.pattern = static_cast<flit::TrafficPattern>(b[5] % (static_cast<int>(flit::TrafficPattern::Shift) + 1));
    i.arbiter = static_cast<flit::ArbiterKind>(b[5] % (static_cast<int>(flit::ArbiterKind::Age) + 1));
    i.age.clockPeriodCycles = static_cast<std::uint32_t>(b[6]) << (b[7] & 7);
    for (std::size_t p = 0; p < i.age.requestBias.size(); ++p) {
      i.age.requestBias[p] = (b[6] >> (p % 4)) & 7;
      i.age.responseBias[p] = (b[7] >> (p % 4)) & 7;
    }
    i.lutIndex = static_cast<int>(b[6]) * 4 - 64;
    i.tag = static_cast<std::uint64_t>(b[6]) << 24 | static_cast<std::uint64_t>(b[7]) << 8 | b[5];
    i.bsu = (b[7] & 0x3F) - 8;
    i.vcRule = static_cast<flit::VcRule>(b[7] % flit::kVcRuleCount);
    i.specialRegister = static_cast<flit::SpecialRegister>(b[5] % flit::kSpecialRegisterCount);
    for (std::size_t k = 0; k < i.deltas.delta.size(); ++k)  // -8..7: off a mesh, round a ring
      i.deltas.delta[k] = static_cast<std::int8_t>(b[2 + k]) >> 4;
    try {
      sim.apply(i);
    } catch (const flit::ScenarioError&) {
    } catch (const std::invalid_argument&) {
    } catch (const std::out_of_range&) {
    } catch (const flit::SyncError&) {  // a barrier operation Figure 6 has no transition for
    }
    checkConserved(sim, s);
  }
  sim.run(32);
  checkConserved(sim, kMaxSteps);
  return 0;
}
