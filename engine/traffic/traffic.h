// Synthetic traffic (scenario section "traffic"): a destination pattern, a
// Bernoulli injection process with the rate in flits per node per cycle, and
// a packet-kind mix. Seeded through the simulator's Rng: deterministic.
#pragma once

#include "topology/topology.h"
#include "traffic/packet_kind.h"
#include "traffic/rng.h"

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace flit {

enum class TrafficPattern : std::uint8_t {
  UniformRandom,     // any other node, uniformly
  Transpose,         // (x,y,z) -> (y,x,z) in 2D/3D (needs equal radices in X and Y)
  BitComplement,     // each coordinate c -> k-1-c
  BitReversal,       // node id bits reversed (power-of-two node count)
  Tornado,           // each coordinate c -> c + ceil(k/2) - 1 (mod k)
  NearestNeighbor,   // one of the (up to 2n) neighbours, uniformly
  Hotspot,           // a fraction to the hotspot node, the rest uniform random
  AllToOne,          // every node to the hotspot node
  Shift,             // each coordinate c -> c + shift[d] (mod k): traffic.shift, e.g. [2]
                     // on a 4-ring sends every packet two nodes ahead (Dally & Seitz, Theorem 1)
};

std::string_view trafficPatternName(TrafficPattern p);
std::optional<TrafficPattern> parseTrafficPattern(std::string_view name);
std::string trafficPatternList();  // "uniform, transpose, ..." for error messages

struct PacketMixEntry {
  PacketKind kind = PacketKind::Generic;
  double weight = 1.0;
};

struct TrafficConfig {
  TrafficPattern pattern = TrafficPattern::UniformRandom;
  double rateFlitsPerNodeCycle = 0.1;  // offered load, 0..1
  int packetFlits = 1;                 // length of Generic packets, 1..10
  std::vector<PacketMixEntry> mix{{PacketKind::Generic, 1.0}};
  Coord hotspot{};                     // Hotspot / AllToOne target
  Coord shift{};                       // Shift: the offset per dimension (0..k-1)
  double hotspotFraction = 0.1;        // Hotspot: share of packets sent to the hotspot
  // Share of generated requests (and generic packets) issued as ordered
  // requests, which never adapt; responses always may (T3E paper section 5).
  double orderedFraction = 0.0;

  int lengthOf(PacketKind k) const {
    return k == PacketKind::Generic ? packetFlits : tableLengthFlits(k);
  }
  double meanPacketFlits() const;  // weighted by the mix
  int maxPacketFlits() const;      // including the responses requests produce
  bool producesResponses() const;
};

// Checks the pattern against the topology (e.g. transpose needs kx == ky);
// throws ScenarioError naming path + field.
void validateTraffic(const TrafficConfig& t, const Topology& topo, const std::string& path);

// Draws destinations and packet kinds. Deterministic given the Rng stream.
// A self-contained value: it keeps what it needs of the topology (node count,
// each node's neighbours or permutation image), not a pointer to it, so a
// Simulator that holds one can be copied as a whole (sim/checkpoints.h).
class TrafficSource {
 public:
  TrafficSource(const TrafficConfig& cfg, const Topology& topo);

  // Destination for a packet from src; kInvalidId when the pattern maps src
  // to itself (no packet is generated then). The pattern addresses logical
  // PEs by their home node (default numbering); with a destination map set
  // (hot spares, setDestinationMap) the packet goes to the node that holds
  // that logical PE now, and kInvalidId when that node is src itself.
  NodeId destination(NodeId src, Rng& rng) const {
    const NodeId d = patternDestination(src, rng);
    if (destinationMap_.empty() || d == kInvalidId) return d;
    const NodeId moved = destinationMap_[static_cast<std::size_t>(d)];
    return moved == src ? kInvalidId : moved;
  }
  // Per home node: the node its logical PE is on now (empty: the identity).
  // Same draws from the Rng either way, so a run is deterministic.
  void setDestinationMap(std::vector<NodeId> map) { destinationMap_ = std::move(map); }
  PacketKind drawKind(Rng& rng) const;
  // Per-node, per-cycle probability of creating a packet (rate / mean length).
  std::uint64_t packetThreshold() const { return threshold_; }

  // A packet one node draws in a cycle.
  struct Draw {
    NodeId dst = kInvalidId;
    PacketKind kind = PacketKind::Generic;
    bool ordered = false;  // an ordered request (traffic.orderedFraction)
  };
  // Node src's draws for one cycle, in the order both simulators make them
  // (so that a scenario and seed give the same packets on either): whether
  // it creates a packet (Bernoulli, packetThreshold), then its destination,
  // its kind and, when some requests are ordered, whether this one is.
  // False when it creates none (or the pattern maps src to itself).
  bool draw(NodeId src, Rng& rng, Draw& out) const {
    if (!rng.chance(threshold_)) return false;
    out.dst = destination(src, rng);
    if (out.dst == kInvalidId) return false;
    out.kind = drawKind(rng);
    // Drawn only when some requests are ordered: the stream stays as before otherwise.
    out.ordered = orderedThreshold_ != 0 && !isResponse(out.kind) && rng.chance(orderedThreshold_);
    return true;
  }
  const TrafficConfig& config() const { return cfg_; }

 private:
  static NodeId permutation(const Topology& t, const TrafficConfig& cfg, int idBits, NodeId src);
  NodeId patternDestination(NodeId src, Rng& rng) const;
  std::vector<NodeId> destinationMap_;
  TrafficConfig cfg_;
  int nodeCount_ = 0;
  // Permutation patterns: each node's destination. NearestNeighbor: each
  // node's distinct neighbours, kDirectionCount slots a node (kInvalidId
  // after the last), in direction order.
  std::vector<NodeId> table_;
  std::uint64_t threshold_ = 0;
  std::uint64_t orderedThreshold_ = 0;  // Rng threshold of orderedFraction
  NodeId hotspotNode_ = 0;
  std::vector<double> cumulative_;  // mix weights, cumulative, normalised
  int idBits_ = 0;
};

}  // namespace flit
