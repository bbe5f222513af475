// Counts of a built fat-tree, measured on its data (not copied from the
// paper's tables, so that tests comparing them with Tables 1 and 2 can
// fail): routers per stack layer, channels per layer, the channel
// organisation of each unit tree kind, stages crossed per tree level.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "fattree/fat_tree_network.h"

namespace flit::fattree {

// Table 2's rows for one block, in physical channels.
struct ChannelOrganisation {
  std::uint32_t upFromLeaves = 0;
  std::uint32_t downTowardLeaves = 0;
  std::uint32_t upTowardRoot = 0;  // connected to the stage above, or the open top of the root
  std::uint32_t downFromRoot = 0;
  bool operator==(const ChannelOrganisation&) const = default;
};

struct LayerCounts {
  std::uint32_t routers = 0;
  std::uint64_t channelsOut = 0;  // connected output channels of the layer's RN1s
};

struct StageDescription {
  BlockKind kind = BlockKind::UT64x8;
  std::uint32_t blocks = 0;
  std::uint32_t nodes = 0;          // logical tree nodes
  std::uint32_t width = 0;          // unit trees per node
  std::vector<LayerCounts> layers;  // bottom up
};

struct KindDescription {
  std::uint32_t count = 0;
  std::vector<std::uint32_t> routersPerLayer;  // one block, bottom up (Table 1)
  ChannelOrganisation channels;                // one block (Table 2)
};

struct FatTreeDescription {
  std::uint32_t endpoints = 0;
  std::uint64_t routers = 0;
  std::uint64_t channels = 0;  // connected physical channels, endpoints' included
  int treeLevels = 0;
  std::array<KindDescription, kBlockKindCount> kinds;  // by BlockKind
  std::vector<StageDescription> stages;                // leaves first
  // stagesPerLevel[n]: RN1 stages between endpoints whose common ancestor is
  // at level n (n = 0: same cluster; 0 stages for full fat-trees, which have
  // no level 0), with and without the short-cut paths.
  std::vector<int> stagesPerLevel;
  std::vector<int> stagesPerLevelNoShortCuts;
  int stagesThroughRoot = 0;
  int stagesThroughRootNoShortCuts = 0;
};

FatTreeDescription describeFatTree(const FatTreeNetwork& net);

}  // namespace flit::fattree
