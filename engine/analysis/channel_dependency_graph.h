// The channel dependency graph of Dally & Seitz, "The Torus Routing Chip"
// (1986), Definition 4, over virtual channels: a vertex is one virtual
// channel of one physical channel (the injection and ejection queues are not
// channels), an edge (a, b) says that some route holds a and then asks for b,
// i.e. uses b right after a. Theorem 1: a deterministic routing function is
// deadlock-free iff this graph has no cycle. findCycle() finds one.
//
// Vertices are dense: vertex = channel * vcsPerChannel + vc, vc =
// trafficClass * vcsPerClass + datelineVc (T3E paper section 3.2/3.3: request
// and response classes, each with the dateline pair VC0/VC1). The successor
// of a channel always leaves the node the channel enters, so an edge is stored
// as one bit per (from vertex, output direction, to vc) in one 64-bit word
// per vertex: building dedupes for free and a cycle search touches only flat
// arrays (an 8x8x8 torus with 4 VCs is 12288 vertices).
//
// Not thread-safe for writes; const methods may be called concurrently.
#pragma once

#include "topology/topology.h"

#include <cstdint>
#include <string>
#include <vector>

namespace flit {

struct ChannelVc {
  ChannelId channel = kInvalidId;
  int vc = 0;  // trafficClass * vcsPerClass + datelineVc
  friend bool operator==(const ChannelVc&, const ChannelVc&) = default;
};

// "(1,0,0)+X vc0": a virtual channel named by the node the channel leaves,
// its direction and the VC: "vc1" (vc within its class), "resp vc1" (class 1
// of 2: responses), "class2 vc0", or "adaptive" for a VC past classes *
// vcsPerClass (the simulator's adaptive VC). The one naming of the
// dependency check and the simulator's deadlock report.
std::string describeChannelVc(const Topology& topo, ChannelId channel, int vc, int classes,
                              int vcsPerClass);

class ChannelDependencyGraph {
 public:
  static constexpr int kMaxVcsPerChannel = 10;  // 6 directions x 10 VCs fit in 64 bits

  // classes: traffic classes (1, or 2 for request/response); vcsPerClass: the
  // dateline VCs per class (1 or 2). Throws std::invalid_argument when
  // classes * vcsPerClass is outside 1..kMaxVcsPerChannel. Keeps a pointer to
  // topo, which must outlive the graph.
  ChannelDependencyGraph(const Topology& topo, int classes, int vcsPerClass);

  const Topology& topology() const { return *topo_; }
  int classes() const { return classes_; }
  int vcsPerClass() const { return vcsPerClass_; }
  int vcsPerChannel() const { return vcs_; }
  int vertexCount() const { return static_cast<int>(succ_.size()); }
  int vertexOf(ChannelVc cv) const { return cv.channel * vcs_ + cv.vc; }
  ChannelVc channelVcOf(int vertex) const { return {vertex / vcs_, vertex % vcs_}; }

  // Records the dependency from -> to. Throws std::invalid_argument when `to`
  // does not leave the node `from` enters, or a vc is out of range.
  void addDependency(ChannelVc from, ChannelVc to);
  // Fast form for tracers: `to` is the channel leaving from's target node in
  // direction outDir, on VC toVc. No checks.
  void addDependencyFast(int fromVertex, Direction outDir, int toVc) {
    succ_[static_cast<std::size_t>(fromVertex)] |=
        std::uint64_t{1} << (static_cast<int>(outDir) * vcs_ + toVc);
  }
  // Every dependency of a mask in addDependencyFast's bit layout (bit
  // outDir * vcsPerChannel + toVc) at once.
  void addSuccessors(int fromVertex, std::uint64_t mask) { succ_[static_cast<std::size_t>(fromVertex)] |= mask; }
  // Records every consecutive pair of a route's hops.
  void addRoute(const std::vector<ChannelVc>& hops);

  bool hasDependency(ChannelVc from, ChannelVc to) const;
  std::size_t dependencyCount() const;  // distinct edges
  void clear();

  // The successors of a vertex.
  std::vector<ChannelVc> successors(ChannelVc v) const;

  // One cycle in dependency order (each vertex depends on the next one, the
  // last on the first); empty when the graph is acyclic, i.e. the routes are
  // deadlock-free (Theorem 1). Iterative DFS, O(V + E), no recursion.
  std::vector<ChannelVc> findCycle() const;
  bool acyclic() const { return findCycle().empty(); }

  // "(1,0,0)+X vc0": the channel by the node it leaves and its direction;
  // the response class is written "resp vc1" (vc within the class).
  std::string describe(ChannelVc v) const;
  // "(1,0,0)+X vc0 -> (2,0,0)+X vc0 -> ... -> (1,0,0)+X vc0" (closes the loop).
  std::string describeCycle(const std::vector<ChannelVc>& cycle) const;

 private:
  const Topology* topo_;
  int classes_;
  int vcsPerClass_;
  int vcs_;
  std::vector<std::uint64_t> succ_;  // per vertex: bit dir * vcs_ + toVc
};

}  // namespace flit
