// Internal to engine/fattree: the pieces buildFatTree() composes. A
// NetworkBuilder appends routers and wires port lists; buildUnitTree() and
// buildCluster() add one block and return its outside ports.
#pragma once

#include <cstdint>
#include <vector>

#include "fattree/fat_tree_network.h"
#include "traffic/rng.h"

namespace flit::fattree::detail {

using PortList = std::vector<std::uint32_t>;

// The ports of a block that the composition wires (section 4.1).
struct BlockPorts {
  PortList upOutputs;   // out of the top, router-major (Table 2 "Up toward Root")
  PortList rootInputs;  // into the top, router-major ("Down from Root")
  // Unit trees: per subtree slot 0..63, the up inputs and down outputs
  // ("Up from Leaves", "Down toward Leaves"). Empty for clusters, whose
  // endpoints buildCluster() wires itself.
  std::vector<PortList> slotUp;
  std::vector<PortList> slotDown;
};

class NetworkBuilder {
 public:
  NetworkBuilder(FatTreeNetwork& net, std::uint64_t seed) : net_(net), rng_(seed) {}

  FatTreeNetwork& net() { return net_; }
  Rng& rng() { return rng_; }

  // Appends `count` routers of one layer of block `block`; returns the first id.
  std::uint32_t addRouters(std::uint32_t count, RouterRole role, std::uint8_t layer,
                           std::uint32_t block, bool dual = false);
  // A seeded permutation of first..first+count-1 (Leighton's random wiring).
  std::vector<std::uint32_t> shuffledRange(std::uint32_t first, std::uint32_t count);
  std::vector<std::uint32_t> shuffled(std::vector<std::uint32_t> v);
  // The outputs of direction `dir` of `routers`, router-major: both copies of
  // one router next to each other, so a dealer that sends consecutive
  // entries to different targets splits every dilation group.
  static PortList outputsRouterMajor(const std::vector<std::uint32_t>& routers, int dir);
  // Input ports `firstPort..lastPort` of `routers`, slot-major: consecutive
  // entries on different routers.
  static PortList inputsSlotMajor(const std::vector<std::uint32_t>& routers, int firstPort,
                                  int lastPort);
  // Wires outputs[i] to inputs[i]; sizes must match (a construction bug otherwise).
  void connect(const PortList& outputs, const PortList& inputs);
  void connectToEndpoint(std::uint32_t outputPort, std::uint32_t endpoint);
  void connectFromEndpoint(std::uint32_t endpoint, int k, std::uint32_t inputPort);

 private:
  FatTreeNetwork& net_;
  Rng rng_;
};

// Section 3: a UT64x8 or UT64x2 as block `block` (Table 1 layers, Table 2
// channels, Figures 4-6).
BlockPorts buildUnitTree(NetworkBuilder& b, BlockKind kind, std::uint32_t block);
// A quaternary bidelta of `routerCount` RN1s per stage serving `count`
// endpoints from firstEndpoint (count = 4 * routerCount): direction d of its
// first stage leads to the sub-network of endpoints firstEndpoint + d *
// count / 4 .., each stage randomly wired to the next (section 1.2). Routers
// of stage s get stack layer `layer` + s. Returns the first stage's inputs,
// slot-major (consecutive entries on different RN1s). dualLastStage: the
// last stage's RN1s in dual mode and in pairs, each endpoint's two channels
// from two of them (when the last stage has more than one RN1).
PortList buildBidelta(NetworkBuilder& b, std::uint32_t routerCount, std::uint8_t layer,
                      std::uint32_t block, std::uint32_t firstEndpoint, std::uint32_t count,
                      bool dualLastStage = false);
// Section 5.1: a B12/B48/B192 bidelta leaf cluster serving endpoints
// firstEndpoint.. (wired here).
BlockPorts buildCluster(NetworkBuilder& b, BlockKind kind, std::uint32_t block,
                        std::uint32_t firstEndpoint);

}  // namespace flit::fattree::detail
