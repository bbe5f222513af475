// A change to a running fat-tree simulation, as a plain value: what the
// window's clicks do (fail or repair an RN1, a channel, a whole unit tree;
// the load), what a fat-tree scenario's `timeline` lists and what a
// fat-tree recording replays (docs/scenario-format.md "Fat-tree scenarios",
// docs/recording-format.md). The fat-tree's counterpart of the torus's
// Intervention (scenario/intervention.h). CircuitSimulator::apply makes the call
// and records the change, stamped with its cycle.
//
// JSON (scenario/circuit_change_json.h reads and writes it):
// {"cycle": 300, "failRouter": 12}; the keys are failRouter,
// repairRouter, failChannel, repairChannel (ids of fat_tree_network.h),
// failUnitTree, repairUnitTree (block ids: leaves first, then stage by
// stage) and setRate (0..1, per cycle, the chance an idle endpoint gets a
// message).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fattree/fat_tree_network.h"

namespace flit::fattree {

enum class CircuitChangeKind : std::uint8_t {
  FailRouter,
  RepairRouter,
  FailChannel,
  RepairChannel,
  FailUnitTree,
  RepairUnitTree,
  SetRate,
};
inline constexpr int kCircuitChangeKindCount = 7;

std::string_view circuitChangeKindName(CircuitChangeKind k);  // the JSON key
std::optional<CircuitChangeKind> parseCircuitChangeKind(std::string_view name);

struct CircuitChange {
  std::uint64_t cycle = 0;  // takes effect between cycles, before cycle `cycle` runs
  CircuitChangeKind kind = CircuitChangeKind::FailRouter;
  std::uint32_t id = 0;  // router, channel or block id
  double rate = 0.0;     // setRate
  // Equal when they make the same call at the same cycle.
  friend bool operator==(const CircuitChange& a, const CircuitChange& b);
};

// The id ranges a change is checked against (without building the network).
struct CircuitIdCounts {
  std::uint64_t routers = 0;
  std::uint64_t channels = 0;
  std::uint64_t unitTrees = 0;
};
CircuitIdCounts circuitIdCounts(const FatTreeSpec& spec);

// One line for logs, the rewind bar and test failures: "cycle 300 failRouter 12".
std::string describeCircuitChange(const CircuitChange& c);

}  // namespace flit::fattree
