// The scenario as the person left it in the running engine (issue 5, "Save
// omits live changes"): a torus's live changes (torus/torus_live_changes.h)
// and the run's recording, or a fat-tree's recording. The GUI asks
// with CaptureScenarioCommand (a SimCommand, applied in order after every
// command posted before it); the worker answers with a LiveScenario value in
// the frames that follow (FrameSnapshot::liveScenario, matched by requestId).
// ScenarioFiles::saveFile writes it over the loaded scenario.
#pragma once

#include "fattree/circuit_recording.h"
#include "scenario/recording.h"
#include "topology/ids.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

namespace flitgui {

struct TorusLiveChanges;  // torus/torus_live_changes.h: the torus room holds it

struct CaptureScenarioCommand {
  std::uint64_t requestId = 0;
};

// Writes a torus's live changes over the scenario it runs (the loaded one,
// for Save); false, and nothing written, when they are another machine's
// (torus/torus_live_changes.cpp).
bool writeLiveChanges(const TorusLiveChanges& changes, flit::Scenario& scenario);

struct LiveScenario {
  std::uint64_t requestId = 0;
  std::string error;  // the source cannot tell (a test fake): nothing below is set
  // A k-ary n-cube's live changes (SimulatorSource), and the engine's
  // recording of the run since the last reset (File > Save recording).
  std::shared_ptr<const TorusLiveChanges> torus;
  std::optional<flit::Recording> recording;
  // A fat-tree's recording instead (CircuitSource; nothing above set).
  std::optional<flit::fattree::CircuitRecording> circuitRecording;
};

}  // namespace flitgui
