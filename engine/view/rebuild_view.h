// The last route rebuild as the window shows it (issue 42, items 4 and 5;
// T3E paper section 9): the engine's report (entries changed, detours,
// unreachable pairs, deadlock-freedom), the intervention that made it, the
// routes it changed (the detour view, Shift+H, and its panel: the engine's
// flit::compareRoutes of the tables before and after) and the routes of the
// first unreachable pairs up to where they are blocked (the outcome panel
// draws them). Frame::torus->rebuild, built by TorusRun once per
// rebuild and shared by every frame after it; null before the first. It
// follows the engine: a rewind to before the rebuild takes it away, a reset too.
#pragma once

#include "analysis/route_change.h"
#include "scenario/intervention.h"
#include "sim/sim_types.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace flit {

struct RebuildView {
  flit::RouteRebuildReport report;
  std::optional<flit::Intervention> cause;  // the fault or repair that made it (the last one before it)
  flit::RouteChange change;                 // empty for routes fixed by the algorithm
  // For report.unreachable[i], i < unreachableRoutes.size(): the channels of
  // its route up to where it is blocked (traced with the tables in force).
  std::vector<std::vector<flit::ChannelId>> unreachableRoutes;
  static constexpr std::size_t kUnreachableRoutesKept = 500;
  friend bool operator==(const RebuildView&, const RebuildView&) = default;
};

}  // namespace flit
