// The MIT Transit fat-tree family as plain data (DeHon, "Practical Schemes
// for Fat-Tree Network Construction", seed 004): RN1 routers with their
// eight input and eight output ports, endpoints, and the channels between
// ports, grouped in blocks (unit trees, section 3; bidelta leaf clusters,
// section 5.1) that are composed into stages (section 4).
//
// Conventions (one place for each):
// - A port id is router * 8 + port. Output port o of an RN1 serves logical
//   direction o / 2, copy o % 2: the two copies of a direction are one
//   dilation group (section 2.1, Figure 1 left: a 4x4 crossbar, dilation 2).
// - In the dual-crossbar mode (Figure 1 right: two 4x4 crossbars, dilation 1)
//   crossbar x owns inputs 4x..4x+3 and output copy x of every direction.
// - A channel id is the id of the output port that drives it; an endpoint's
//   two up channels (section 3.2: "two inputs and two outputs to the
//   network") have ids routerCount*8 + endpoint*2 + k.
// - outTarget[port] is the input port id the output drives, kEndpointFlag |
//   endpoint for a channel into an endpoint, or kUnconnected (the up outputs
//   of the root stage).
#pragma once

#include "topology/network_graph.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace flit::fattree {

inline constexpr int kRn1Ports = 8;       // section 2.1: eight in, eight out
inline constexpr int kRn1Directions = 4;  // routed by two bits of the first byte
inline constexpr int kRn1Dilation = 2;    // two outputs per direction
inline constexpr int kRn1Layers = 4;      // a unit tree's stack layers (Table 1)
inline constexpr std::uint32_t kUnconnected = 0xFFFFFFFFu;
inline constexpr std::uint32_t kEndpointFlag = 0x80000000u;
inline constexpr double kRn1ClockMhz = 100.0;  // section 6.1: RN1 at 100 MHz
inline constexpr double kNsPerCycle = 1000.0 / kRn1ClockMhz;

// Flat: the whole flat bidelta network of section 1, a network of another
// shape (network_shape.h, flat_bidelta.h).
enum class BlockKind : std::uint8_t { UT64x8, UT64x2, B12, B48, B192, Flat };
inline constexpr int kBlockKindCount = 6;
const char* blockKindName(BlockKind k);
bool isCluster(BlockKind k);
// Endpoints below one block: 64 subtrees for a unit tree, 12/48/192 for a
// cluster.
std::uint32_t blockSubtrees(BlockKind k);
// Physical channels out of the top of a block (Table 2 "Up toward Root"; for
// clusters the fourth direction of the first stage, section 5.1).
std::uint32_t blockUpChannels(BlockKind k);

enum class RouterRole : std::uint8_t {
  Up,            // unit tree layer 0: three lateral crossovers + up (Figure 5)
  Down,          // unit tree layers 1-3: one of four subtrees (Figure 4)
  ClusterFirst,  // bidelta first stage: three directions in, the fourth to the tree
  ClusterInner,  // bidelta later stages
};

struct Rn1Router {
  RouterRole role = RouterRole::Down;
  bool dualCrossbar = false;  // Figure 1 right
  std::uint8_t layer = 0;     // stack layer in its block, 0 = bottom (Table 1)
  std::uint32_t block = 0;
  bool operator==(const Rn1Router&) const = default;
};

struct Block {
  BlockKind kind = BlockKind::UT64x8;
  std::uint16_t stage = 0;        // 0 = leaves
  std::uint32_t node = 0;         // logical tree node at that stage
  std::uint32_t indexInNode = 0;  // which of the node's unit trees
  std::uint32_t firstRouter = 0;
  std::uint32_t routerCount = 0;
};

// What a network is made of (validated by the scenario reader). A leaf of
// another shape's kind (network_shape.h) makes it a network of that shape.
struct FatTreeSpec {
  BlockKind leaf = BlockKind::UT64x2;  // UT64x2: full fat-tree; B12/B48/B192: hybrid; else another shape
  std::uint32_t leafCount = 1;         // a power of 64
  std::uint32_t treeStages = 0;        // UT64x8 stages above the leaves
  std::uint64_t wiringSeed = 1;        // Leighton's random wiring (section 1.2)
  std::uint32_t flatStages = 0;        // the flat bidelta network's stages (flat_bidelta.h)
  bool operator==(const FatTreeSpec&) const = default;
};

struct FatTreeNetwork {
  FatTreeSpec spec;
  std::uint32_t endpointCount = 0;
  std::vector<Rn1Router> routers;
  std::vector<Block> blocks;
  std::vector<std::uint32_t> outTarget;   // per output port id
  std::vector<std::uint32_t> endpointUp;  // per endpoint, two input port ids
  // Per stage: the number of unit trees in each logical node (section 4.3).
  std::vector<std::uint32_t> stageWidth;

  std::uint32_t routerCount() const { return static_cast<std::uint32_t>(routers.size()); }
  std::uint32_t channelIdCount() const { return routerCount() * kRn1Ports + endpointCount * 2; }
  std::uint32_t endpointChannel(std::uint32_t endpoint, int k) const {
    return routerCount() * kRn1Ports + endpoint * 2 + static_cast<std::uint32_t>(k);
  }
  // Input port the channel drives (kEndpointFlag | e, or kUnconnected).
  std::uint32_t channelTarget(std::uint32_t channel) const {
    const std::uint32_t ports = routerCount() * kRn1Ports;
    return channel < ports ? outTarget[channel] : endpointUp[channel - ports];
  }
  // Stage count: leaves plus the UT64x8 stages.
  int stageCount() const { return static_cast<int>(spec.treeStages) + 1; }
  // Unit trees per kind (clusters included), indexed by BlockKind.
  std::array<std::uint32_t, kBlockKindCount> blockCounts() const;
};

// Unit trees in each logical node of `stage` (0 = the leaves, 1): section
// 4.3, the 4K example (4 UT64x8 over 64 UT64x2) and the 12K example (16
// UT64x8 over 64 B192).
std::uint32_t stageWidthOf(BlockKind leaf, std::uint32_t stage);

// The UT64x8 count that composes over `leafCount` leaves of `leaf`
// (sections 4.2-4.3 and 5.2: 4 over 64 UT64x2, 320 over 4096, 16 over 64
// B192, 1280 over 4096 B192).
// k with 64^k == n for k <= 4, or -1.
int log64Exact(std::uint64_t n);
std::uint64_t composedUT64x8Count(BlockKind leaf, std::uint32_t leafCount);
// Router and block counts without building (for checking fault ids).
std::uint64_t routerCountOf(const FatTreeSpec& spec);
std::uint64_t endpointCountOf(const FatTreeSpec& spec);
std::uint64_t blockCountOf(const FatTreeSpec& spec);

// Builds the network (sections 3-5). Deterministic for a spec; throws
// std::invalid_argument for a spec that does not compose (the scenario
// reader checks first and names the field).
FatTreeNetwork buildFatTree(const FatTreeSpec& spec);

// Routers per stack layer of one block of `kind`, bottom up (Table 1 for the
// unit trees; section 5.1 for the clusters, whose counts the paper does not
// tabulate: see docs/fat-tree.md). Empty for another shape's kind.
std::vector<std::uint32_t> routersPerLayer(BlockKind kind);

// The network as a family-neutral graph (topology/network_graph.h): routers
// of kRn1Ports ports, the endpoints after them, one link per connected
// channel in channel-id order (familyId = the channel id), a = the driving
// router or endpoint. group: router * kRn1Directions + direction for an RN1
// output (its two copies are one dilation group, section 2.1), and
// routerCount * kRn1Directions + endpoint for an endpoint's two up channels.
NetworkGraph networkGraphOf(const FatTreeNetwork& net);

}  // namespace flit::fattree
