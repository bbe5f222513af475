// Flitscope engine: the k-ary n-cube topology (n = 1..3), a radix and a
// torus/mesh choice per dimension. Plain C++20, no Qt.
//
// Dense ids, so that every piece of per-element state lives in flat arrays:
//  - NodeId: x + kx * (y + ky * z), 0 .. nodeCount()-1.
//  - PortId: node * kPortsPerNode + port, where port is a Direction
//    (+X,+Y,+Z,-X,-Y,-Z, the T3E's direction order) or kProcessorPort.
//  - LinkId: dense over the bidirectional links that exist. A link joins a
//    node to its + neighbour in one dimension (the wrap link of a torus ring
//    joins the last node of the ring to node 0). Mesh dimensions have no wrap
//    link, and a dimension of radix 1 (unused in n < 3) has no links.
//  - ChannelId: link * 2 + 0 for the + direction (lower end -> upper end),
//    link * 2 + 1 for the - direction. A channel is one physical direction of
//    a link; virtual channels multiplex it.
//
// Physical PE numbers follow the T3E manual HMM-160-0, Figure 11: 0xZZYYXX.
//
// Thread safety: a Topology is immutable after construction except for link
// state (setLinkUp), which the owner must not change while others read it.
#pragma once

#include "topology/ids.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace flit {

inline constexpr int kMaxDims = 3;
inline constexpr int kMinRadix = 2;
inline constexpr int kMaxRadix = 64;

// The six network directions in T3E direction order (+X,+Y,+Z,-X,-Y,-Z),
// T3E paper section 2.1 and manual "Direction Order Routing".
enum class Direction : std::uint8_t { PlusX = 0, PlusY, PlusZ, MinusX, MinusY, MinusZ };
inline constexpr int kDirectionCount = 6;
inline constexpr int kProcessorPort = 6;  // port index of the processor (injection/ejection)
inline constexpr int kPortsPerNode = 7;

constexpr int dimensionOf(Direction d) {
  // d % 3 without a division or a data-dependent branch (per-flit path):
  // (i * 11) >> 5 == i / 3 for i < 9 (the directions and the ports).
  const int i = static_cast<int>(d);
  return i < 9 ? i - 3 * ((i * 11) >> 5) : i % 3;
}
constexpr bool isPositive(Direction d) { return static_cast<int>(d) < 3; }
constexpr Direction opposite(Direction d) {
  // (d + 3) % 6 without the division (on the simulator's per-flit path).
  const int i = static_cast<int>(d);
  return static_cast<Direction>(i < 3 ? i + 3 : i - 3);
}
constexpr Direction makeDirection(int dim, bool positive) {
  return static_cast<Direction>(dim + (positive ? 0 : 3));
}
// "+X", "-Z", ...
std::string_view directionName(Direction d);
// Parses "+X", "-y", "X+", ... ; nullopt when the text is not a direction.
std::optional<Direction> parseDirection(std::string_view text);

struct Coord {
  std::array<int, kMaxDims> v{0, 0, 0};
  int& operator[](int i) { return v[static_cast<std::size_t>(i)]; }
  int operator[](int i) const { return v[static_cast<std::size_t>(i)]; }
  friend bool operator==(const Coord&, const Coord&) = default;
};
std::string formatCoord(const Coord& c, int dims);  // "(1,2,3)" with dims entries

struct TopologySpec {
  int dims = 3;                                     // 1..3
  std::array<int, kMaxDims> radix{4, 4, 4};         // 2..64 for used dims
  std::array<bool, kMaxDims> wrap{true, true, true};  // torus (true) or mesh
  // The radix of dimension `dim`; 1 beyond the used dimensions.
  int radixOf(int dim) const { return dim < dims ? radix[static_cast<std::size_t>(dim)] : 1; }
  friend bool operator==(const TopologySpec&, const TopologySpec&) = default;
};

// Throws std::invalid_argument naming the field ("topology.radix[1]: ...")
// when the spec is out of range.
void validateTopologySpec(const TopologySpec& spec);

class Topology {
 public:
  explicit Topology(const TopologySpec& spec);  // validates; throws std::invalid_argument

  const TopologySpec& spec() const { return spec_; }
  int dims() const { return spec_.dims; }
  int radix(int dim) const { return spec_.radixOf(dim); }
  bool wraps(int dim) const { return dim < spec_.dims && spec_.wrap[static_cast<std::size_t>(dim)]; }

  int nodeCount() const { return nodeCount_; }
  int linkCount() const { return static_cast<int>(linkEnds_.size()); }
  int channelCount() const { return linkCount() * 2; }
  int portCount() const { return nodeCount_ * kPortsPerNode; }

  NodeId nodeAt(const Coord& c) const;  // kInvalidId when outside
  Coord coordOf(NodeId n) const;
  bool contains(const Coord& c) const;

  static PortId portId(NodeId n, int port) { return n * kPortsPerNode + port; }
  static NodeId nodeOfPort(PortId p) { return p / kPortsPerNode; }
  static int portIndexOf(PortId p) { return p % kPortsPerNode; }

  // Neighbour one hop in direction d, or kInvalidId at a mesh edge (or in an
  // unused dimension). Ignores link state.
  NodeId neighbor(NodeId n, Direction d) const;
  // The link leaving n in direction d, or kInvalidId.
  LinkId linkFrom(NodeId n, Direction d) const;
  // The channel carrying traffic out of n in direction d, or kInvalidId.
  ChannelId channelFrom(NodeId n, Direction d) const;

  struct LinkEnds {
    NodeId lower;  // the node whose + port the link leaves from
    NodeId upper;  // the + neighbour (node 0 of the ring for a wrap link)
    int dim;
    bool isWrap;
  };
  const LinkEnds& linkEnds(LinkId l) const { return linkEnds_[static_cast<std::size_t>(l)]; }
  NodeId channelSource(ChannelId c) const;
  NodeId channelTarget(ChannelId c) const;
  Direction channelDirection(ChannelId c) const;

  bool linkUp(LinkId l) const { return linkUp_[static_cast<std::size_t>(l)] != 0; }
  void setLinkUp(LinkId l, bool up) { linkUp_[static_cast<std::size_t>(l)] = up ? 1 : 0; }
  int failedLinkCount() const;

  // T3E physical PE number, manual HMM-160-0 Figure 11: 0xZZYYXX.
  static std::uint32_t physicalPe(const Coord& c) {
    return static_cast<std::uint32_t>(c[0]) | (static_cast<std::uint32_t>(c[1]) << 8) |
           (static_cast<std::uint32_t>(c[2]) << 16);
  }
  static Coord coordOfPhysicalPe(std::uint32_t pe) {
    Coord c;
    c[0] = static_cast<int>(pe & 0xFF);
    c[1] = static_cast<int>((pe >> 8) & 0xFF);
    c[2] = static_cast<int>((pe >> 16) & 0xFF);
    return c;
  }
  std::uint32_t physicalPe(NodeId n) const { return physicalPe(coordOf(n)); }
  // "010300" as six hex digits.
  static std::string formatPhysicalPe(std::uint32_t pe);

  // Human description: "node (1,2,3) PE 030201", "link (0,0,0) +X -> (1,0,0)".
  std::string describeNode(NodeId n) const;
  std::string describeLink(LinkId l) const;

 private:
  TopologySpec spec_;
  int nodeCount_ = 0;
  std::array<int, kMaxDims> stride_{1, 1, 1};
  std::vector<LinkEnds> linkEnds_;
  std::vector<LinkId> linkOf_;        // node * kMaxDims + dim -> link leaving in + direction
  std::vector<std::uint8_t> linkUp_;  // per link
};

}  // namespace flit
