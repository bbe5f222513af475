// FrameSnapshot: what the simulation worker hands to the GUI, once per
// published frame (DESIGN.md, "Threads and the stream to the GUI";
// CONVENTIONS.md habit 3): the engine's flit::Frame (engine/view/frame.h:
// flits, link and node state, counters, the watched extras), which the
// engine's run of either family builds whole (view/torus_run.h,
// view/circuit_run.h), plus what the worker adds (sequence, speed, errors,
// the charts' points). A plain value: the
// worker fills one, wraps it in std::shared_ptr<const FrameSnapshot> and never
// touches it again, so any thread may read it without locks.
#pragma once

#include "level_of_detail.h"
#include "live_scenario.h"
#include "view/frame.h"
#include "view/interval_point.h"
#include "sim/sim_sync.h"
#include "topology/ids.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace flitgui {

// The lane classes of the machine's VCs, as the engine names them
// (router/lane_class.h: request/response x dateline VC0/VC1, adaptive).
// Charts and packet colours index by it; frame.vcClasses maps each VC to one.
using VcClass = flit::LaneClass;
inline constexpr int kVcClassCount = flit::kLaneClassCount;

// The engine's frame parts, by their names in the app.
using FlitVisual = flit::FrameFlit;
using flit::kFlitHead;
using flit::kFlitTail;
using flit::kFlitAdaptiveHop;
using flit::kFlitDatelineCrossed;
using flit::kFlitDatelineViolation;
using flit::kFlitResponse;
using flit::kFlitRerouted;
using flit::LatencyHistogram;
using flit::TimelineMark;

// Statistics for one interval [cycleBegin, cycleEnd): the engine's value
// (view/interval_point.h). The worker samples one per published frame (when
// cycles advanced) and numbers it: `index` is strictly increasing over the
// worker's lifetime, so a consumer appends only points it has not seen.
using StatsPoint = flit::IntervalPoint;

struct FrameSnapshot : flit::Frame {
  std::uint64_t sequence = 0;         // strictly increasing per worker, first frame is 1
  std::uint64_t resetGeneration = 0;  // incremented by every reset; consumers clear history on change
  bool running = false;               // the worker is advancing on its own (run, step, run-to)
  std::uint64_t commandsApplied = 0;  // commands applied before this frame was built, in post order
  double speedCyclesPerSecond = 0.0;  // requested speed; 0 = as fast as possible
  double measuredCyclesPerSecond = 0.0;  // engine rate over the last ~0.5 s of running

  // Statistics points the GUI has not taken yet, oldest first (bounded: when
  // the GUI stalls, the oldest are dropped and statsDropped counts them).
  std::vector<StatsPoint> stats;
  std::uint64_t statsDropped = 0;

  // The most recent command the engine rejected (empty when none), and how
  // many were rejected so far: the GUI shows a new message when the count moves.
  std::string commandError;
  std::uint64_t commandErrorCount = 0;

  // The answer to the newest CaptureScenarioCommand (null before the first).
  std::shared_ptr<const LiveScenario> liveScenario;
};

using FramePtr = std::shared_ptr<const FrameSnapshot>;

}  // namespace flitgui
