#include "torus/simulator_source.h"

#include "family_sources.h"

namespace flitgui {

SimulatorSource::SimulatorSource(const flit::SimConfig& config) : run_(config) { run_.setStop(&stop_); }

StepResult SimulatorSource::step() {
  run_.setThreads(engineThreads());  // a new choice takes effect between cycles
  if (run_.step()) return {};
  return StepResult::halted(run_.haltReason());
}

std::unique_ptr<SimulationSource> makeTorusSource(const flit::SimConfig& config, std::size_t flitsDrawnOneByOne,
                                                  const std::string& name, int engineThreads) {
  auto source = std::make_unique<SimulatorSource>(config);
  source->run().setFlitsDrawnOneByOne(flitsDrawnOneByOne);
  source->setEngineThreads(engineThreads);
  if (!name.empty()) source->run().setScenarioName(name);
  return source;
}

}  // namespace flitgui
