// CircuitSource: a circuit network's run (flit::CircuitRun,
// engine/view/circuit_run.h: the Transit fat-tree or the flat bidelta
// network) behind the SimulationSource interface the GUI worker drives, so
// the window runs a fat-tree as it runs a torus (issue 19). The engine builds
// the frames and keeps the run; this adapter forwards the worker's calls and
// copies the engine's frame into the window's FrameSnapshot. Lives on the
// worker thread.
#pragma once

#include "simulation_source.h"
#include "view/circuit_run.h"

#include <optional>

namespace flitgui {

class CircuitSource final : public SimulationSource {
 public:
  explicit CircuitSource(flit::fattree::FatTreeScenario scenario) : run_(std::move(scenario)) {}

  std::uint64_t cycle() const override { return run_.cycle(); }
  StepResult step() override {
    run_.step();
    return {};
  }
  void reset() override { run_.reset(); }
  std::optional<flit::Intervention> apply(const flit::Intervention& change) override { return run_.apply(change); }
  void setWatch(const flit::WatchSet& watch) override { run_.setWatch(watch); }
  void rewind(std::int64_t cycle) override { run_.rewind(cycle); }
  void discardLaterInterventions() override { run_.discardLaterInterventions(); }
  StatsPoint sampleInterval() override { return run_.sampleInterval(); }
  void fillSnapshot(FrameSnapshot& frame) const override { run_.frame(frame); }
  // The recording of the run since the reset (File > Save Recording).
  LiveScenario liveScenario() const override {
    LiveScenario s;
    s.circuitRecording = run_.recording();
    return s;
  }

  flit::CircuitRun& run() { return run_; }
  const flit::CircuitRun& run() const { return run_; }
  const flit::fattree::CircuitSimulator& simulator() const { return run_.simulator(); }

 private:
  flit::CircuitRun run_;
};

}  // namespace flitgui
