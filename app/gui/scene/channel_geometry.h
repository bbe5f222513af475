// Where things sit along a channel (one direction of a link) and at a
// router's ports in the 3D scene: shared by the packet instances, the path
// overlay and the flit picker. Pure geometry on a SceneLayout (no QObject),
// unit-tested in tests/app/tst_picker.cpp.
//
// A channel's pieces in travel order: a neighbour link is one segment (sphere
// surface to sphere surface); a wrap link is its two stubs, out of the source
// node, then into the target node (scene_layout.h). Progress 0..1 runs over
// the pieces, half of it on each stub of a wrap link.
#pragma once

#include "scene_layout.h"

#include <array>

namespace channel_geometry {

struct ChannelPath {
  std::array<SceneSegment, 2> pieces{};
  int count = 0;
};

// ChannelId = link * 2 (forward: end a -> end b) or link * 2 + 1, topology/ids.h.
ChannelPath channelPath(const SceneLayout& layout, flit::ChannelId channel);
QVector3D pointOnChannel(const SceneLayout& layout, flit::ChannelId channel, float progress);
// Where a flit buffered at input `port` of `node` is drawn: at the node's
// surface on that port's side (where the link from that neighbour enters).
QVector3D inputPortPosition(const SceneLayout& layout, flit::NodeId node, int port);

}  // namespace channel_geometry
