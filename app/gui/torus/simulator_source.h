// SimulatorSource: a k-ary n-cube run (flit::TorusRun, engine/view/torus_run.h)
// behind the SimulationSource interface the GUI worker drives (DESIGN.md,
// "Threads and the stream to the GUI"). The engine builds the frames and
// keeps the run; this adapter forwards the worker's calls, copies the
// engine's frame into the window's FrameSnapshot and writes the live scenario
// Save asks for (simulator_source_scenario.cpp). Lives on the worker thread.
#pragma once

#include "simulation_source.h"
#include "view/torus_run.h"

#include <cstddef>
#include <optional>
#include <string>

namespace flitgui {

class SimulatorSource final : public SimulationSource {
 public:
  explicit SimulatorSource(const flit::SimConfig& config);  // throws what the Simulator throws

  std::uint64_t cycle() const override { return run_.cycle(); }
  StepResult step() override;
  void reset() override { run_.reset(); }
  void rewind(std::int64_t cycle) override { run_.rewind(cycle); }
  void discardLaterInterventions() override { run_.discardLaterInterventions(); }
  std::optional<flit::Intervention> apply(const flit::Intervention& change) override { return run_.apply(change); }
  void setWatch(const flit::WatchSet& watch) override { run_.setWatch(watch); }
  LiveScenario liveScenario() const override;
  StatsPoint sampleInterval() override { return run_.sampleInterval(); }
  void fillSnapshot(FrameSnapshot& frame) const override { run_.frame(frame); }

  flit::TorusRun& run() { return run_; }
  const flit::TorusRun& run() const { return run_; }
  const flit::Simulator& simulator() const { return run_.simulator(); }

 private:
  flit::TorusRun run_;
};

}  // namespace flitgui
