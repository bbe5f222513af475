#include "fat_tree/circuit_source.h"

#include "family_sources.h"

namespace flitgui {

std::unique_ptr<SimulationSource> makeFatTreeSource(const flit::fattree::FatTreeScenario& scenario) {
  return std::make_unique<CircuitSource>(scenario);
}

}  // namespace flitgui
