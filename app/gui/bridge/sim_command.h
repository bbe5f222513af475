// SimCommand: one request from the GUI to the simulation worker, as a value
// (CONVENTIONS.md habit 3). The worker applies commands in the order they were
// posted, always between two cycles, never inside one.
#pragma once

#include "live_scenario.h"
#include "scenario/intervention.h"
#include "topology/ids.h"
#include "view/watch_set.h"

#include <cstdint>
#include <string>
#include <variant>

namespace flitgui {

// run: advance continuously at the current speed; !run (pause): stop
// advancing. Either cancels a pending step / run-to.
struct RunCommand {
  bool run = true;
};
struct StepCommand {  // advance `cycles` more cycles (added to a pending step), then pause
  std::uint64_t cycles = 1;
};
struct RunToCommand {  // advance until cycle() == cycle, then pause (no-op if already past)
  std::uint64_t cycle = 0;
  bool fullSpeed = false;  // as fast as possible whatever the speed (a recording replayed to its cycle)
};
struct SetSpeedCommand {  // cycles per second; 0 (or below) = as fast as possible
  double cyclesPerSecond = 0.0;
  int engineThreads = 0;  // > 0: the engine's threads from the next cycle (SimulationSource::setEngineThreads)
};
struct ResetCommand {};  // back to cycle 0 of the scenario, paused
// Rewind (flit::CheckpointStore): pauses and puts the machine in its state at
// `cycle` (0..the last cycle run); a bad cycle comes back as commandError.
// Rewinds posted back to back: only the last one is carried out.
struct RewindCommand {
  std::int64_t cycle = 0;
};
// After a rewind: drops the interventions recorded after the current cycle
// (without it, running on applies them at their cycles).
struct DiscardLaterCommand {};
// One change to the run, as the engine's own value (scenario/intervention.h):
// a link or node failed or repaired, a hot spare, the injection rate, the
// traffic pattern, adaptive routing, the arbiter and its age settings, an
// R_NET_LUT entry, a barrier operation, the VC rule or VC tables. Every
// intervention kind the window offers comes in here, and only here
// (SimulationSource::apply). A fat-tree's source takes the kinds its circuit
// simulator has (links, routers, rate) and names the field of the others.
//
// `token` (non-zero) asks the worker to keep the change's inverse, which the
// engine gives back as it applies it (flit::inverseOf): RevertCommand with the
// same token applies it. This is how the Edit menu's undo works for every
// kind, without the window knowing what the change replaced.
//
// The panels' buttons that act on a whole barrier tree post a Barrier or
// EurekaBarrier for node -1 (flit::kInvalidId): every participant joins
// (Barrier), or the tree's eureka trigger signals (EurekaBarrier); the
// source expands it into the per-node interventions it records.
struct ApplyCommand {
  flit::Intervention change;
  std::uint64_t token = 0;
};
struct RevertCommand {
  std::uint64_t token = 0;
};
// What the open panels ask every frame to carry (flit::WatchSet), posted whole.
struct WatchCommand {
  flit::WatchSet watch;
};

using SimCommand =
    std::variant<RunCommand, StepCommand, RunToCommand, SetSpeedCommand, ResetCommand, RewindCommand,
                 DiscardLaterCommand, ApplyCommand, RevertCommand, WatchCommand,
                 CaptureScenarioCommand>;  // watch_set.h, live_scenario.h

}  // namespace flitgui
