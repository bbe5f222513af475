// Fuzz target for the scenario and recording loaders (libFuzzer's entry
// point; `make fuzz-loaders` builds it with clang -fsanitize=fuzzer and runs
// it, corpus_driver.cpp feeds it the checked-in corpus in `ctest`).
//
// A loader may refuse an input only with ScenarioError; anything else that
// escapes (another exception, a crash, a sanitizer report) is a bug. What
// loads must also survive a save and a load (serialize round trip).
#include "fattree/circuit_recording.h"
#include "fattree/fat_tree_scenario.h"
#include "scenario/circuit_recording_json.h"
#include "scenario/fat_tree_scenario_json.h"
#include "scenario/recording.h"
#include "scenario/scenario.h"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

namespace {

void mustRoundTrip(bool same, const char* what) {
  if (!same) {
    std::fprintf(stderr, "fuzz_loaders: %s does not survive a save and a load\n", what);
    std::abort();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    const flit::Scenario s = flit::parseScenario(text);
    const flit::Scenario again = flit::parseScenario(flit::serializeScenario(s));
    mustRoundTrip(again.timeline == s.timeline && again.topology == s.topology &&
                      again.failedLinks == s.failedLinks,
                  "scenario");
  } catch (const flit::ScenarioError&) {
  }
  try {
    const flit::Recording r = flit::parseRecording(text);
    const flit::Recording again = flit::parseRecording(flit::serializeRecording(r));
    mustRoundTrip(again.timeline == r.timeline && again.cycles == r.cycles, "recording");
  } catch (const flit::ScenarioError&) {
  }
  try {
    // The fat-tree reader refuses only with ScenarioError too; what it takes, it writes back the same.
    const flit::fattree::FatTreeScenario s = flit::fattree::parseFatTreeScenario(text);
    mustRoundTrip(flit::fattree::parseFatTreeScenario(flit::fattree::serializeFatTreeScenario(s)) == s, "fat-tree scenario");
  } catch (const flit::ScenarioError&) {
  }
  try {
    const flit::fattree::CircuitRecording r = flit::fattree::parseCircuitRecording(text);
    mustRoundTrip(flit::fattree::parseCircuitRecording(flit::fattree::serializeCircuitRecording(r)) == r,
                  "fat-tree recording");
  } catch (const flit::ScenarioError&) {
  }
  return 0;
}
