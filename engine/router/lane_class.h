// Lane classes: what a virtual channel is for, named, so that views (the GUI's
// legend, its occupancy chart series, packet colours) take them from the
// engine and derive nothing (issue 16, "the engine builds what the view
// shows"). The T3E's five (Scott & Thorson 1996, sections 2.4, 3.2, 3.3):
// request and response classes, each with a dateline VC0 and VC1, and the
// adaptive VC. Other layouts map onto them: the XT's VC0/VC1 requests and
// VC2/VC3 responses (Abts & Weisser 2007, section 2), a machine without the
// request/response split uses the request classes only, one VC per class
// only VC0.
#pragma once

#include "router/router_config.h"

#include <array>
#include <cstdint>
#include <string_view>
#include <vector>

namespace flit {

enum class LaneClass : std::uint8_t { RequestVc0 = 0, RequestVc1, ResponseVc0, ResponseVc1, Adaptive };
inline constexpr int kLaneClassCount = 5;

// "request VC0", "request VC1", "response VC0", "response VC1", "adaptive".
std::string_view laneClassName(LaneClass c);

// Per VC index (0..vcCount-1) its class: VCs [0, vcsPerClass) are the
// request class, the next vcsPerClass the response class (vcClasses 2); in
// a class the lower half is dateline VC0, the upper half VC1; VCs from
// deterministicVcs() on are adaptive.
std::vector<LaneClass> laneClassesOf(const RouterConfig& r);

// Mean fraction of buffer capacity in use per lane class, from the mean
// flits buffered per input VC (IntervalSample::meanOccupancy's layout:
// (node * kPortsPerNode + port) * vcCount + vc). Classes the machine does
// not have are 0.
std::array<double, kLaneClassCount> laneOccupancy(const RouterConfig& r, const std::vector<double>& meanFlitsPerVc);

}  // namespace flit
