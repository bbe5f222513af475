// The topology families Flitscope simulates (issue 19): the k-ary n-cube
// (the T3E, the XT, the torus routing chip) and the MIT Transit fat-tree.
// scenario/scenario_family.h decides a scenario file's family; a
// NetworkGraph (topology/network_graph.h) says which family it was built from.
#pragma once

namespace flit {

enum class TopologyFamily { KAryNCube, FatTree };

}  // namespace flit
