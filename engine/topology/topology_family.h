// The topology families Flitscope simulates (issue 19): the k-ary n-cube
// (the T3E, the XT, the torus routing chip) and the MIT Transit fat-tree.
// scenario/scenario_family.h decides a scenario file's family; a
// NetworkGraph (topology/network_graph.h) says which family it was built from.
#pragma once

#include <string_view>

namespace flit {

enum class TopologyFamily { KAryNCube, FatTree };

// The family's key in the command line's JSON ("family": describe, the
// fat-tree's run and sweep, a sweep's parts): "kAryNCube", "fatTree".
constexpr std::string_view topologyFamilyKey(TopologyFamily f) {
  return f == TopologyFamily::FatTree ? "fatTree" : "kAryNCube";
}

}  // namespace flit
