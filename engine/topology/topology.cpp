#include "topology/topology.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <stdexcept>

namespace flit {

std::string_view directionName(Direction d) {
  static constexpr std::array<std::string_view, kDirectionCount> kNames{"+X", "+Y", "+Z",
                                                                        "-X", "-Y", "-Z"};
  return kNames[static_cast<std::size_t>(d)];
}

std::optional<Direction> parseDirection(std::string_view text) {
  if (text.size() != 2) return std::nullopt;
  char sign = text[0];
  char axis = static_cast<char>(std::toupper(static_cast<unsigned char>(text[1])));
  if (sign != '+' && sign != '-') {  // also accept "X+"
    sign = text[1];
    axis = static_cast<char>(std::toupper(static_cast<unsigned char>(text[0])));
  }
  if ((sign != '+' && sign != '-') || axis < 'X' || axis > 'Z') return std::nullopt;
  return makeDirection(axis - 'X', sign == '+');
}

std::string formatCoord(const Coord& c, int dims) {
  std::string s = "(";
  for (int i = 0; i < dims; ++i) {
    if (i) s += ',';
    s += std::to_string(c[i]);
  }
  return s + ")";
}

void validateTopologySpec(const TopologySpec& spec) {
  if (spec.dims < 1 || spec.dims > kMaxDims) {
    throw std::invalid_argument("topology.radix: must have 1..3 entries, got " +
                                std::to_string(spec.dims));
  }
  for (int d = 0; d < spec.dims; ++d) {
    const int k = spec.radix[static_cast<std::size_t>(d)];
    if (k < kMinRadix || k > kMaxRadix) {
      throw std::invalid_argument("topology.radix[" + std::to_string(d) + "]: must be 2..64, got " +
                                  std::to_string(k));
    }
  }
}

Topology::Topology(const TopologySpec& spec) : spec_(spec) {
  validateTopologySpec(spec_);
  for (int d = spec_.dims; d < kMaxDims; ++d) {
    spec_.radix[static_cast<std::size_t>(d)] = 1;
    spec_.wrap[static_cast<std::size_t>(d)] = false;
  }
  nodeCount_ = 1;
  for (int d = 0; d < kMaxDims; ++d) {
    stride_[static_cast<std::size_t>(d)] = nodeCount_;
    nodeCount_ *= radix(d);
  }
  linkOf_.assign(static_cast<std::size_t>(nodeCount_) * kMaxDims, kInvalidId);
  for (NodeId n = 0; n < nodeCount_; ++n) {
    const Coord c = coordOf(n);
    for (int d = 0; d < spec_.dims; ++d) {
      const bool last = c[d] == radix(d) - 1;
      if (last && !wraps(d)) continue;
      Coord up = c;
      up[d] = last ? 0 : c[d] + 1;
      linkOf_[static_cast<std::size_t>(n) * kMaxDims + static_cast<std::size_t>(d)] =
          static_cast<LinkId>(linkEnds_.size());
      linkEnds_.push_back({n, nodeAt(up), d, last});
    }
  }
  linkUp_.assign(linkEnds_.size(), 1);
}

bool Topology::contains(const Coord& c) const {
  for (int d = 0; d < kMaxDims; ++d) {
    if (c[d] < 0 || c[d] >= radix(d)) return false;
  }
  return true;
}

NodeId Topology::nodeAt(const Coord& c) const {
  if (!contains(c)) return kInvalidId;
  return c[0] * stride_[0] + c[1] * stride_[1] + c[2] * stride_[2];
}

Coord Topology::coordOf(NodeId n) const {
  Coord c;
  c[0] = n % radix(0);
  c[1] = (n / stride_[1]) % radix(1);
  c[2] = n / stride_[2];
  return c;
}

NodeId Topology::neighbor(NodeId n, Direction d) const {
  const int dim = dimensionOf(d);
  if (dim >= spec_.dims) return kInvalidId;
  Coord c = coordOf(n);
  const int k = radix(dim);
  int v = c[dim] + (isPositive(d) ? 1 : -1);
  if (v < 0 || v >= k) {
    if (!wraps(dim)) return kInvalidId;
    v = (v + k) % k;
  }
  c[dim] = v;
  return nodeAt(c);
}

LinkId Topology::linkFrom(NodeId n, Direction d) const {
  const int dim = dimensionOf(d);
  if (dim >= spec_.dims) return kInvalidId;
  if (isPositive(d)) return linkOf_[static_cast<std::size_t>(n) * kMaxDims + static_cast<std::size_t>(dim)];
  const NodeId lower = neighbor(n, d);
  if (lower == kInvalidId) return kInvalidId;
  return linkOf_[static_cast<std::size_t>(lower) * kMaxDims + static_cast<std::size_t>(dim)];
}

ChannelId Topology::channelFrom(NodeId n, Direction d) const {
  const LinkId l = linkFrom(n, d);
  return l == kInvalidId ? kInvalidId : l * 2 + (isPositive(d) ? 0 : 1);
}

NodeId Topology::channelSource(ChannelId c) const {
  const LinkEnds& e = linkEnds(linkOfChannel(c));
  return channelIsForward(c) ? e.lower : e.upper;
}

NodeId Topology::channelTarget(ChannelId c) const {
  const LinkEnds& e = linkEnds(linkOfChannel(c));
  return channelIsForward(c) ? e.upper : e.lower;
}

Direction Topology::channelDirection(ChannelId c) const {
  return makeDirection(linkEnds(linkOfChannel(c)).dim, channelIsForward(c));
}

int Topology::failedLinkCount() const {
  return static_cast<int>(std::count(linkUp_.begin(), linkUp_.end(), std::uint8_t{0}));
}

std::string Topology::formatPhysicalPe(std::uint32_t pe) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "%06X", pe & 0xFFFFFFu);
  return buf;
}

std::string Topology::describeNode(NodeId n) const {
  return "node " + formatCoord(coordOf(n), dims()) + " PE " + formatPhysicalPe(physicalPe(n));
}

std::string Topology::describeLink(LinkId l) const {
  const LinkEnds& e = linkEnds(l);
  std::string s = "link " + formatCoord(coordOf(e.lower), dims()) + " " +
                  std::string(directionName(makeDirection(e.dim, true))) + " -> " +
                  formatCoord(coordOf(e.upper), dims());
  if (e.isWrap) s += " (wrap)";
  if (!linkUp(l)) s += " [failed]";
  return s;
}

}  // namespace flit
