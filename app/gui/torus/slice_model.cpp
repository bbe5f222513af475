#include "torus/slice_model.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace flitgui {

int SliceGrid::wrapLinkCount() const {
  return static_cast<int>(std::count_if(links.begin(), links.end(), [](const SliceLink& l) { return l.wrap; }));
}

SliceGrid buildSliceGrid(const flit::Topology& topology, SlicePlane plane, int index) {
  const SliceAxes axes = sliceAxes(plane);
  const int depth = topology.radix(axes.fixed);
  if (index < 0 || index >= depth) {
    static constexpr char kDimName[] = "XYZ";
    throw std::invalid_argument(std::string(slicePlaneName(plane)) + " plane index: must be 0.." +
                                std::to_string(depth - 1) + " (" + kDimName[axes.fixed] + "), got " +
                                std::to_string(index));
  }
  SliceGrid grid;
  grid.plane = plane;
  grid.index = index;
  grid.columns = topology.radix(axes.horizontal);
  grid.rows = topology.radix(axes.vertical);
  grid.nodeSlot.assign(static_cast<std::size_t>(topology.nodeCount()), -1);
  grid.linkSlot.assign(static_cast<std::size_t>(topology.linkCount()), -1);
  for (int row = 0; row < grid.rows; ++row) {
    for (int column = 0; column < grid.columns; ++column) {
      flit::Coord c;
      c[axes.horizontal] = column;
      c[axes.vertical] = row;
      c[axes.fixed] = index;
      const flit::NodeId n = topology.nodeAt(c);
      grid.nodeSlot[static_cast<std::size_t>(n)] = static_cast<int>(grid.nodes.size());
      grid.nodes.push_back({n, column, row});
    }
  }
  for (flit::LinkId l = 0; l < topology.linkCount(); ++l) {
    const flit::Topology::LinkEnds& ends = topology.linkEnds(l);
    if (ends.dim == axes.fixed || !grid.containsNode(ends.lower)) continue;  // both ends share the fixed ordinate
    const SliceNode& lower = grid.nodes[static_cast<std::size_t>(grid.nodeSlot[static_cast<std::size_t>(ends.lower)])];
    const SliceNode& upper = grid.nodes[static_cast<std::size_t>(grid.nodeSlot[static_cast<std::size_t>(ends.upper)])];
    grid.linkSlot[static_cast<std::size_t>(l)] = static_cast<int>(grid.links.size());
    grid.links.push_back({l, ends.dim, ends.isWrap, lower.column, lower.row, upper.column, upper.row});
  }
  return grid;
}

// Unit vector on the grid of a port: in-plane directions along their axis;
// the fixed dimension's ports and the processor port diagonally, so that
// their flits do not sit on an in-plane link.
void slicePortVector(const SliceAxes& axes, int port, float& dx, float& dy) {
  constexpr float kDiagonal = 0.7071f;
  if (port < 0 || port >= flit::kDirectionCount) {  // processor port
    dx = kDiagonal, dy = -kDiagonal;
    return;
  }
  const auto d = static_cast<flit::Direction>(port);
  const float sign = flit::isPositive(d) ? 1.0f : -1.0f;
  const int dim = flit::dimensionOf(d);
  dx = dim == axes.horizontal ? sign : dim == axes.vertical ? 0.0f : sign * kDiagonal;
  dy = dim == axes.vertical ? sign : dim == axes.horizontal ? 0.0f : sign * kDiagonal;
}

SliceFlits collectSliceFlits(const flit::Topology& topology, const SliceGrid& grid, const FrameSnapshot& frame) {
  SliceFlits out;
  const SliceAxes axes = sliceAxes(grid.plane);
  // Buffered flits already placed per (node slot, port): the next one stacks behind.
  std::vector<std::uint8_t> stacked(grid.nodes.size() * flit::kPortsPerNode, 0);
  for (const FlitVisual& f : frame.flits) {
    SliceFlit s{f.packet, f.vcClass, f.flags};
    if (f.channel == flit::kInvalidId) {
      if (!grid.containsNode(f.node)) continue;
      const int slot = grid.nodeSlot[static_cast<std::size_t>(f.node)];
      const SliceNode& n = grid.nodes[static_cast<std::size_t>(slot)];
      const int port = f.port >= 0 && f.port < flit::kPortsPerNode ? f.port : flit::kProcessorPort;
      std::uint8_t& depth = stacked[static_cast<std::size_t>(slot) * flit::kPortsPerNode + static_cast<std::size_t>(port)];
      slicePortVector(axes, port, s.dirX, s.dirY);
      const float out_ = kSliceNodeRadius + kSliceStackStep * static_cast<float>(std::min<int>(depth, kSliceStackMax));
      depth = static_cast<std::uint8_t>(std::min(depth + 1, 255));
      s.x = static_cast<float>(n.column) + s.dirX * out_;
      s.y = static_cast<float>(n.row) + s.dirY * out_;
      s.buffered = true;
      out.flits.push_back(s);
      continue;
    }
    const flit::LinkId link = flit::linkOfChannel(f.channel);
    if (!grid.containsLink(link)) {
      if (link >= 0 && link < topology.linkCount() && topology.linkEnds(link).dim == axes.fixed &&
          (grid.containsNode(topology.linkEnds(link).lower) || grid.containsNode(topology.linkEnds(link).upper)))
        ++out.betweenPlanes;
      continue;
    }
    const SliceLink& l = grid.links[static_cast<std::size_t>(grid.linkSlot[static_cast<std::size_t>(link)])];
    const bool positive = flit::channelIsForward(f.channel);
    const float sign = positive ? 1.0f : -1.0f;
    const bool across = l.dim == axes.horizontal;
    const int ring = across ? grid.columns : grid.rows;
    // Along the ring from the channel's source by progress hops; past an
    // edge (a wrap link's far half) it continues from the other edge.
    const int from = positive ? (across ? l.lowerColumn : l.lowerRow) : (across ? l.upperColumn : l.upperRow);
    float along = static_cast<float>(from) + sign * std::clamp(f.progress, 0.0f, 1.0f);
    if (along > static_cast<float>(ring) - 0.5f) along -= static_cast<float>(ring);
    if (along < -0.5f) along += static_cast<float>(ring);
    s.x = across ? along : static_cast<float>(l.lowerColumn);
    s.y = across ? static_cast<float>(l.lowerRow) : along;
    s.dirX = across ? sign : 0.0f;
    s.dirY = across ? 0.0f : sign;
    out.flits.push_back(s);
  }
  return out;
}

SliceDeadlockMarks sliceDeadlockMarks(const flit::Topology& topology, const SliceGrid& grid,
                                      const std::vector<flit::DeadlockBuffer>& cycle) {
  SliceDeadlockMarks out;
  const SliceAxes axes = sliceAxes(grid.plane);
  auto nodePoint = [&](flit::NodeId n) {
    const SliceNode& s = grid.nodes[static_cast<std::size_t>(grid.nodeSlot[static_cast<std::size_t>(n)])];
    return std::pair{static_cast<float>(s.column), static_cast<float>(s.row)};
  };
  std::vector<int> mark(cycle.size(), -1);  // per buffer: its index in out.buffers
  for (std::size_t i = 0; i < cycle.size(); ++i) {
    const flit::DeadlockBuffer& b = cycle[i];
    if (!grid.containsNode(b.node)) continue;
    float dx = 0, dy = 0;
    slicePortVector(axes, b.port, dx, dy);
    const auto [x, y] = nodePoint(b.node);
    constexpr float kOut = kSliceNodeRadius + 0.12f;
    mark[i] = static_cast<int>(out.buffers.size());
    out.buffers.push_back({static_cast<int>(i), x + dx * kOut, y + dy * kOut});
  }
  for (const flit::WaitEdge& e : flit::waitEdgesOf(topology, cycle)) {
    const int a = mark[static_cast<std::size_t>(e.from)];
    const int b = mark[static_cast<std::size_t>(e.to)];
    if (a < 0 || b < 0) continue;  // an end outside the plane
    const SliceDeadlockMarks::Buffer& pa = out.buffers[static_cast<std::size_t>(a)];
    const SliceDeadlockMarks::Buffer& pb = out.buffers[static_cast<std::size_t>(b)];
    const flit::LinkId link = e.channel == flit::kInvalidId ? flit::kInvalidId : flit::linkOfChannel(e.channel);
    if (link != flit::kInvalidId && !grid.containsLink(link)) continue;  // between planes
    const bool wrap = link != flit::kInvalidId && grid.links[static_cast<std::size_t>(grid.linkSlot[static_cast<std::size_t>(link)])].wrap;
    if (!wrap) {
      out.arrows.push_back({pa.x, pa.y, pb.x, pb.y, true});
      continue;
    }
    // A wrap link: out at one edge, in at the other (as the slice draws it).
    float dx = 0, dy = 0;
    slicePortVector(axes, static_cast<int>(topology.channelDirection(e.channel)), dx, dy);
    const auto [ax, ay] = nodePoint(cycle[static_cast<std::size_t>(e.from)].node);
    const auto [bx, by] = nodePoint(cycle[static_cast<std::size_t>(e.to)].node);
    out.arrows.push_back({pa.x, pa.y, ax + dx * 0.5f, ay + dy * 0.5f, false});
    out.arrows.push_back({bx - dx * 0.5f, by - dy * 0.5f, pb.x, pb.y, true});
  }
  return out;
}

}  // namespace flitgui
