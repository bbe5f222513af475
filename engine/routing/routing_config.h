// The scenario's "routing" section as a C++ value, and its JSON form
// (documented in docs/routing.md and docs/scenario-format.md):
//
//   "routing": {
//     "algorithm": "direction-order" | "dimension-order" | "trc",
//     "datelines": [0, {"plus": 0, "minus": 7}, null],  // per dimension: ordinate
//                                         // (both rings), one per ring, or null (none)
//     "vcTables": { "generator": "time-of-crossing" | "trc",
//                   "entries": [ {"node": "1,0,0", "direction": "+X", "vcs": [0,1,1,0]} ] },
//     "lutGenerator": "minimal" | "none",
//     "lutMode": "auto" | 0 | 1 | 2,      // R_LUT_OVERRIDE mode of every node
//     "lutEntries":   [ {"node": "0,3,0", "index": 7, "tag": "0x0000000300010101"} ],
//     "lutOverrides": [ {"node": "0,3,0", "mode": 3, "tag": "0x..."} ],
//     "adaptive": false,                  // adaptive bit (37) of generated tags; issue 4
//     "tieRule": "plus" | "sourceParity" | "random",  // half-ring ties (routing/tie_rule.h)
//     "vcRule": "tables" | "timeOfCrossing" | "noDatelines" | "vc1Start" | "oneVc" | "wrapClass"
//                                         // routing/vc_rule.h; default "tables"
//   }
//
// Every key is optional; defaults come from defaultRoutingConfig(). The
// reader and writer are scenario/routing_config_json.h's; its errors are
// ScenarioError naming the field ("scenario.routing.datelines[1]: must be
// 0..3 or null, got 7").
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "routing/route_step.h"
#include "routing/route_tables.h"
#include "routing/tie_rule.h"
#include "routing/vc_rule.h"
#include "routing/vc_selection.h"
#include "topology/topology.h"

namespace flit {

enum class VcTableGenerator : std::uint8_t { TimeOfCrossing, Trc };
enum class LutGenerator : std::uint8_t { Minimal, None };

struct VcTableEntry {  // one router's row for one direction
  Coord node;
  Direction dir = Direction::PlusX;
  std::vector<std::uint8_t> vcs;  // one 0/1 per destination ordinate (radix entries)
  friend bool operator==(const VcTableEntry&, const VcTableEntry&) = default;
};
struct LutEntrySpec {  // one R_NET_LUT register of one router
  Coord node;
  int index = 0;  // 0..543
  std::uint64_t tag = 0;
  friend bool operator==(const LutEntrySpec&, const LutEntrySpec&) = default;
};
struct LutOverrideSpec {  // one router's R_LUT_OVERRIDE register
  Coord node;
  LutMode mode = LutMode::PerPe;
  std::uint64_t tag = 0;  // mode 3 only
  friend bool operator==(const LutOverrideSpec&, const LutOverrideSpec&) = default;
};

// The "vcTables" object: a generator and rows over it (also the value of
// the setVcTables intervention, scenario/intervention.h).
struct VcTablesConfig {
  VcTableGenerator generator = VcTableGenerator::TimeOfCrossing;
  std::vector<VcTableEntry> entries;
  friend bool operator==(const VcTablesConfig&, const VcTablesConfig&) = default;
};

struct RoutingConfig {
  int dims = 3;  // of the topology it was made for (formats node coordinates)
  RoutingAlgorithm algorithm = RoutingAlgorithm::DirectionOrder;
  DatelineConfig datelines;
  VcTableGenerator vcTableGenerator = VcTableGenerator::TimeOfCrossing;
  std::vector<VcTableEntry> vcTableEntries;
  LutGenerator lutGenerator = LutGenerator::Minimal;
  std::optional<LutMode> lutMode;  // nullopt = auto (defaultLutMode)
  std::vector<LutEntrySpec> lutEntries;
  std::vector<LutOverrideSpec> lutOverrides;
  bool adaptive = false;
  // Which way a half-ring tie goes (routing/tie_rule.h). Direction order
  // applies it per source when generating the LUT ("random" is refused);
  // trc only travels + ("plus" only).
  TieRule tieRule = TieRule::Plus;
  // How routes pick VCs (routing/vc_rule.h): Tables keeps the datelines and
  // VC tables above; the others replace them (the deadlock lab's switch).
  VcRule vcRule = VcRule::Tables;
  VcTablesConfig vcTables() const { return {vcTableGenerator, vcTableEntries}; }
  void setVcTables(VcTablesConfig t) {
    vcTableGenerator = t.generator;
    vcTableEntries = std::move(t.entries);
  }
  friend bool operator==(const RoutingConfig&, const RoutingConfig&) = default;
};

// Direction order when Table 7 can address the topology (X <= 8, Y <= 32,
// Z <= 16, <= 2176 PEs, and kx, ky even above 544 PEs), else dimension order;
// default datelines; time-of-crossing VC tables; minimal LUT; auto mode.
RoutingConfig defaultRoutingConfig(const TopologySpec& spec);

// Throws ScenarioError(path, ...) when algorithm `a` cannot route on `spec`
// (direction order: Table 7 cannot address it; trc: not a 2D torus).
// checkTieRule() is the tie rule's part of the check, for a configuration
// read (scenario/routing_config_json.h) or changed after reading (the CLI's --tie-rule).
void checkAlgorithmFits(RoutingAlgorithm a, const TopologySpec& spec, const std::string& path);
void checkTieRule(const RoutingConfig& config, const std::string& path);

std::string_view routingAlgorithmName(RoutingAlgorithm a);  // "direction-order", ...

// Parses "X,Y,Z" (1..3 comma-separated integers; missing trailing ones are 0)
// and checks the node exists. Throws ScenarioError(path, ...) naming the text.
Coord parseNodeCoord(std::string_view text, const TopologySpec& spec, const std::string& path);
std::string formatNodeCoord(const Coord& c, int dims);  // "1,0,3"
}  // namespace flit
