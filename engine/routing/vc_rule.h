// How a route picks its virtual channel on a ring, as one switch (scenario
// routing.vcRule; the deadlock lab switches it live through the setVcRule
// intervention). The rules of the two papers, side by side:
//  - Tables:         the scenario's own datelines and VC tables (the default;
//                    e.g. the T3E presets' time-of-crossing tables or the
//                    TRC's Figure 2 spiral, vcTables.generator "trc").
//  - TimeOfCrossing: every route starts each dimension on VC0 and moves to
//                    VC1 when it goes through its ring's dateline node (T3E
//                    paper section 3.2 and 4, the all-zero VC tables).
//  - NoDatelines:    the scenario's VC tables, but no dateline switch: each
//                    route stays on the VC it started the dimension on.
//  - Vc1Start:       the torus routing chip's own rule (Dally & Seitz 1986,
//                    section 4: "In each dimension packets begin on virtual
//                    channel 1 ... After a packet crosses address zero it is
//                    routed on virtual channel 0"): VC tables all ones and a
//                    crossing moves VC1 -> VC0 (DatelineConfig::afterVc 0).
//  - OneVc:          every hop on VC0, as if each channel had one VC (TRC
//                    Figure 1: a ring's dependency graph is then a cycle).
//  - WrapClass:      BookSim2's dim_order_torus (routefunc.cpp): a route
//                    takes VC1 for the whole dimension when it will cross
//                    the ring's wraparound channel (k-1 <-> 0), else VC0; no
//                    switch on the way. The same VC pairs as the datelines,
//                    split by route instead of by position, which loads the
//                    two VCs of a channel more evenly (docs/engine.md).
//  - AnyVc:          every VC of the packet's class on every hop, no
//                    datelines: BookSim2's dim_order_mesh, which offers a
//                    head the whole VC range (docs/booksim.md). For meshes:
//                    on a ring its routes depend on each other in a cycle.
// The rules with datelines put them where the scenario's datelines are, or,
// when it has none (routing.datelines null), at ordinate 0 of every wrapped
// dimension (the TRC's "address 0 origin", DatelineConfig::defaults).
#pragma once

#include "routing/vc_selection.h"
#include "topology/topology.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace flit {

enum class VcRule : std::uint8_t { Tables, TimeOfCrossing, NoDatelines, Vc1Start, OneVc, WrapClass, AnyVc };
inline constexpr int kVcRuleCount = 7;

std::string_view vcRuleName(VcRule r);  // "tables", "timeOfCrossing", "noDatelines", "vc1Start", "oneVc", "wrapClass", "anyVc"
std::optional<VcRule> parseVcRule(std::string_view name);  // exact names above
std::string vcRuleList();               // "tables, timeOfCrossing, ..." for error messages
std::vector<std::string> vcRuleNames();  // the names above, in VcRule order
std::string_view vcRuleDescription(VcRule r);  // one sentence, for tooltips and docs

// Why a router with `vcsPerClass` deterministic VCs per traffic class cannot
// use the rule ("" when it can): rules with datelines, and wrapClass, need VC
// pairs.
std::string vcRuleProblem(VcRule r, const DatelineConfig& scenarioDatelines, int vcsPerClass);

// The datelines and VC tables a rule puts in force, from the scenario's own
// (`datelines`, `tables`: what Tables keeps).
struct VcRuleSetup {
  DatelineConfig datelines;
  VcTables tables;
};
VcRuleSetup vcRuleSetup(VcRule rule, const Topology& topo, const DatelineConfig& datelines,
                        const VcTables& tables);

}  // namespace flit
