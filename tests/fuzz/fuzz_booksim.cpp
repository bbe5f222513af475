// Fuzz target for BookSim2 configuration files (issue 39's reader, issue
// 41's fuzzing): readBooksimText, then importBooksim (strict or lenient, by
// the first byte's low bit). They may refuse an input only with
// ScenarioError; a configuration they accept becomes a scenario that
// survives a save and a load, and a small one runs without losing a packet.
#include "scenario/booksim_config.h"
#include "scenario/booksim_import.h"
#include "scenario/json_fields.h"
#include "scenario/scenario.h"
#include "sim/simulator.h"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const bool lenient = (data[0] & 1) != 0;
  const std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);
  try {
    flit::BooksimConfig config;
    flit::readBooksimText(config, text, "fuzz.cfg");
    const flit::BooksimImport imported = flit::importBooksim(config, lenient, "fuzz");
    const flit::Scenario again = flit::parseScenario(flit::serializeScenario(imported.scenario));
    if (!(again.topology == imported.scenario.topology)) {
      std::fprintf(stderr, "fuzz_booksim: the imported scenario does not survive a save and a load\n");
      std::abort();
    }
    // A small machine runs a few cycles: the engine takes what the import wrote.
    if (flit::Topology(imported.scenario.topology).nodeCount() <= 512) {
      flit::Simulator sim(flit::simConfigFromScenario(imported.scenario));
      sim.run(50);
      const flit::SimTotals& t = sim.totals();
      if (t.injected != t.delivered + t.droppedTotal() + t.inFlight) {
        std::fprintf(stderr, "fuzz_booksim: packets lost\n");
        std::abort();
      }
    }
  } catch (const flit::ScenarioError&) {
  }
  return 0;
}
