// The flat bidelta network that seed 004's section 1 compares fat-trees
// against: the Transit network before the fat-tree ("an indirect,
// pipelined, circuit-switched network arranged in a multistage
// shuffle-exchange, bidelta configuration", [5]), built from the same RN1s
// (section 2.1: 4x4, dilation 2) and run by the same circuit simulator.
// "In flat networks like the bidelta network, all processors are equally
// distant from each other": every route crosses all flatStages stages, so
// no locality can be exploited (section 1), where the fat-tree of the same
// size has short paths for near endpoints and longer ones through its root.
//
// Shape: 4^k endpoints, k stages of 4^(k-1) RN1s. An endpoint's two up
// channels enter two different first-stage RN1s; direction d of a stage-s
// RN1 leads to the quarter of its sub-network whose endpoints have base-4
// digit d at place k-1-s. Between stages the channels are wired at random
// within a sub-network (Leighton's random wiring, section 1.2), as in the
// bidelta leaf clusters of section 5.1 (the same builder). The last stage
// is built as a UT64x2's (section 3.2): RN1s in dual mode, in pairs, so that
// each endpoint's two channels come from two RN1s ("processing nodes
// generally each have two inputs and two outputs to the network [3] to
// achieve fault-tolerance"); with one stage, its one RN1 in dilation-2 mode.
#pragma once

#include <cstdint>
#include <vector>

#include "fattree/fat_tree_network.h"

namespace flit::fattree {

// 4^7 = 16384 endpoints, 7 x 4096 RN1s: beyond that a window cannot draw it.
inline constexpr std::uint32_t kMaxFlatStages = 7;

struct NetworkShape;

// 4^(stages-1): the RN1s of one stage.
std::uint32_t flatRoutersPerStage(std::uint32_t stages);
// The spec of the flat network with 4^stages endpoints (buildFatTree()
// builds it, routeHeader() routes in it, ...: network_shape.h).
FatTreeSpec flatBideltaSpec(std::uint32_t stages, std::uint64_t wiringSeed = 1);

// Where each router sits in the recursion that builds the network: its
// stage, the sub-network of that stage it belongs to (0..4^stage-1: the one
// that serves the endpoints whose top `stage` base-4 digits are that
// number) and its index among that sub-network's RN1s. Indexed by router
// id. The window draws by it (each sub-network over its endpoints).
struct FlatRouterPlace {
  std::uint32_t stage = 0;
  std::uint32_t subnetwork = 0;
  std::uint32_t index = 0;
};
std::vector<FlatRouterPlace> flatRouterPlaces(const FatTreeSpec& spec);

// Its entry in networkShapes(): topology.family "flatBidelta" with "stages"
// (1 to kMaxFlatStages) and the optional "wiringSeed".
NetworkShape flatBideltaShape();

}  // namespace flit::fattree
