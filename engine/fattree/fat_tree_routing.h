// Routing in the Transit fat-tree: the header a sender puts in front of a
// transmission (section 2.1: "the two bits of the first byte of a
// transmission ... indicate the desired output destination", one pair of
// bits per RN1 crossed), tree levels, stage counts with and without the
// short-cut paths (section 3.1), and reachability around faults.
#pragma once

#include <cstdint>
#include <vector>

#include "fattree/fat_tree_network.h"

namespace flit::fattree {

inline constexpr int kMaxHops = 28;

// Base-4 digit j of x: the RN1's 4-way choice an endpoint number makes at
// stage j of a bidelta cluster (the fat-tree's and the flat network's).
constexpr std::uint32_t radix4Digit(std::uint32_t x, int j) { return (x >> (2 * j)) & 3u; }

// Direction of hop i is (bits >> 2i) & 3. At an up router 0-2 are the
// lateral crossovers to levels 1-3 of its unit tree and 3 is up (Figure 5);
// at a down router the subtree (Figure 4); at a cluster's first stage 0-2
// the three groups and 3 the tree (section 5.1).
struct RouteHeader {
  std::uint64_t bits = 0;
  std::uint8_t hops = 0;
  int direction(int hop) const { return static_cast<int>((bits >> (2 * hop)) & 3u); }
  bool operator==(const RouteHeader&) const = default;
};

// Tree levels of the network: 3 per unit tree stage (leaf unit trees
// included for full fat-trees). Level 0 is "in the same bidelta cluster".
int treeLevels(const FatTreeSpec& spec);
// The level of the lowest common ancestor of two distinct endpoints
// (Tables 4-7's n): 1..treeLevels, or 0 for two endpoints of one cluster.
int commonLevel(const FatTreeSpec& spec, std::uint32_t a, std::uint32_t b);
RouteHeader routeHeader(const FatTreeSpec& spec, std::uint32_t src, std::uint32_t dst);

// RN1 stages crossed between two endpoints whose common ancestor is at
// `level`, with the short-cut paths (one up stage per unit tree) or without
// them (one up stage per tree level, as in a plain fat-tree).
int stagesBetween(const FatTreeSpec& spec, int level, bool shortCuts);
// Through the root and back (section 3.1: (4/3) log4 N with short-cuts,
// 2 log4 N without, for full fat-trees).
int stagesThroughRoot(const FatTreeSpec& spec, bool shortCuts);

// Failed parts, indexed like the network: router ids and channel ids.
struct FaultMap {
  std::vector<std::uint8_t> routerFailed;
  std::vector<std::uint8_t> channelFailed;
  explicit FaultMap(const FatTreeNetwork& net)
      : routerFailed(net.routerCount(), 0), channelFailed(net.channelIdCount(), 0) {}
  void failBlock(const FatTreeNetwork& net, std::uint32_t block);
  // A channel a connection can use: working, and its far end working.
  bool usable(const FatTreeNetwork& net, std::uint32_t channel) const;
};

// The candidate output channels of RN1 `router` for direction `dir` when
// entered at input port `inPort` (0..7): both copies in the dilation-2 mode,
// the copy of the input's crossbar in the dual mode. Returns the count.
int candidateOutputs(const FatTreeNetwork& net, std::uint32_t router, int inPort, int dir,
                     std::uint32_t out[2]);

// For source `src`: 1 per destination for which some path avoids every
// failed router and channel (0 for src itself).
std::vector<std::uint8_t> reachableFrom(const FatTreeNetwork& net, const FaultMap& faults,
                                        std::uint32_t src);

}  // namespace flit::fattree
