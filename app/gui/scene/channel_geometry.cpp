#include "channel_geometry.h"

#include <algorithm>

namespace channel_geometry {

ChannelPath channelPath(const SceneLayout& layout, flit::ChannelId channel) {
  ChannelPath path;
  const flit::LinkId link = flit::linkOfChannel(channel);
  if (link < 0 || link >= layout.linkCount()) return path;
  const auto& pieces = layout.linkPieces(link);
  const bool plus = flit::channelIsForward(channel);
  if (pieces.size() == 1) {
    const SceneSegment& s = pieces.front();
    path.pieces[0] = plus ? s : SceneSegment{s.b, s.a};
    path.count = 1;
    return path;
  }
  // Wrap link: piece 0 is the stub at the lower end (last node of the ring),
  // piece 1 the stub at the upper end (node 0); each runs surface -> tip.
  const SceneSegment& lower = pieces[0];
  const SceneSegment& upper = pieces[1];
  path.pieces[0] = plus ? lower : upper;
  path.pieces[1] = plus ? SceneSegment{upper.b, upper.a} : SceneSegment{lower.b, lower.a};
  path.count = 2;
  return path;
}

QVector3D pointOnChannel(const SceneLayout& layout, flit::ChannelId channel, float progress) {
  const ChannelPath path = channelPath(layout, channel);
  if (path.count == 0) return {};
  float p = std::clamp(progress, 0.0f, 1.0f);
  int piece = 0;
  if (path.count == 2) {
    piece = p < 0.5f ? 0 : 1;
    p = piece == 0 ? p * 2.0f : (p - 0.5f) * 2.0f;
  }
  const SceneSegment& s = path.pieces[static_cast<std::size_t>(piece)];
  return s.a + (s.b - s.a) * p;
}

QVector3D inputPortPosition(const SceneLayout& layout, flit::NodeId node, int port) {
  return layout.nodePosition(node) + layout.portDirection(port) * SceneLayout::kNodeRadius;
}

}  // namespace channel_geometry
