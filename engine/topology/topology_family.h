// The topology families Flitscope simulates (issue 19): the k-ary n-cube
// (the T3E, the XT, the torus routing chip) and the MIT Transit fat-tree.
// scenario/scenario_family.h decides a scenario file's family; a
// NetworkGraph (topology/network_graph.h) says which family it was built from.
#pragma once

#include <string_view>

namespace flit {

// FatTree: the RN1 circuit-switched networks of seed 004, run by the circuit
// simulator: its fat-trees and the flat bidelta network its section 1
// compares them against (fattree/flat_bidelta.h).
enum class TopologyFamily { KAryNCube, FatTree };

// topology.family of a flat bidelta scenario (a network of the FatTree family).
inline constexpr std::string_view kFlatBideltaKey = "flatBidelta";
// Every topology.family of the FatTree family: "fatTree" and the key of each
// other network shape (fattree/network_shape.h).
inline constexpr std::string_view kCircuitFamilyKeys[] = {"fatTree", kFlatBideltaKey};

// The family's key in the command line's JSON ("family": describe, the
// fat-tree's run and sweep, a sweep's parts): "kAryNCube", "fatTree".
constexpr std::string_view topologyFamilyKey(TopologyFamily f) {
  return f == TopologyFamily::FatTree ? "fatTree" : "kAryNCube";
}

}  // namespace flit
