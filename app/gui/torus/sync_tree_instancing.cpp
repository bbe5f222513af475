#include "torus/sync_tree_instancing.h"

#include "channel_geometry.h"
#include "instance_rows.h"
#include "scene_palette.h"
#include "vc_palette.h"

#include <algorithm>

void SyncTreeInstancing::setController(NetworkController* controller) {
  if (controller == controller_) return;
  if (controller_) disconnect(controller_, nullptr, this, nullptr);
  controller_ = controller;
  if (controller_) connect(controller_, &NetworkController::scenarioChanged, this, &SyncTreeInstancing::rebuild);
  rebuild();
  emit controllerChanged();
}

void SyncTreeInstancing::setSync(SyncController* sync) {
  if (sync == sync_) return;
  if (sync_) disconnect(sync_, nullptr, this, nullptr);
  sync_ = sync;
  if (sync_) connect(sync_, &SyncController::viewChanged, this, &SyncTreeInstancing::rebuild);
  rebuild();
  emit syncChanged();
}

void SyncTreeInstancing::setNodes(bool nodes) {
  if (nodes == nodes_) return;
  nodes_ = nodes;
  rebuild();
  emit nodesChanged();
}

void SyncTreeInstancing::setPackets(bool packets) {
  if (packets == packets_) return;
  packets_ = packets;
  rebuild();
  emit packetsChanged();
}

void SyncTreeInstancing::appendPackets(const flit::Topology& topo, const flit::SyncView& view) {
  const SceneLayout& layout = controller_->layout();
  const QVector4D color = scene_palette::linear(vc_palette::kBarrierVc);
  for (const flit::SyncPacketOnLink& p : view.packets) {
    if (p.node < 0 || p.node >= topo.nodeCount()) continue;
    const flit::ChannelId channel = topo.channelFrom(p.node, static_cast<flit::Direction>(p.dir));
    if (channel == flit::kInvalidId) continue;
    const QVector3D at = channel_geometry::pointOnChannel(layout, channel, p.progress);
    instance_rows::append(buffer_, instance_rows::scaledRow(at, kPacketSize, color));
  }
}

void SyncTreeInstancing::rebuild() {
  buffer_.clear();
  edges_ = 0;
  const flit::Topology* topo = controller_ ? controller_->topology() : nullptr;
  const flit::SyncView* view = sync_ ? sync_->view() : nullptr;
  const bool sameMachine = topo && view && controller_->nodeCount() == controller_->layout().nodeCount();
  const bool fits = sameMachine && view->bsu >= 0 && view->parentDir.size() == static_cast<std::size_t>(topo->nodeCount()) &&
                    view->depth.size() == view->parentDir.size();
  if (packets_) {
    if (sameMachine) appendPackets(*topo, *view);
  } else if (fits) {
    const SceneLayout& layout = controller_->layout();
    const std::vector<std::int32_t>& level = view->depth;  // the engine's levels below the root
    const float depth = static_cast<float>(std::max(1, view->treeDepth));
    for (flit::NodeId n = 0; n < topo->nodeCount(); ++n) {
      const auto k = static_cast<std::size_t>(n);
      const std::int8_t parent = view->parentDir[k];
      if (parent == flit::SyncTree::kNotInTree) continue;
      if (nodes_) {
        const bool participant = view->participates[k] != 0;
        const QRgb rgb = n == view->root ? kRootColor
                         : participant   ? SyncController::kStateColors[std::min<int>(view->state[k], 2)]
                                         : kRelayColor;
        const float scale = SceneLayout::kNodeRadius * (participant ? 1.3f : 1.12f) * (n == view->root ? 1.6f : 1.0f);
        instance_rows::append(buffer_, instance_rows::scaledRow(layout.nodePosition(n), scale, scene_palette::linear(rgb)));
        continue;
      }
      if (parent < 0) continue;  // the root
      ++edges_;
      const flit::ChannelId channel = topo->channelFrom(n, static_cast<flit::Direction>(parent));
      if (channel == flit::kInvalidId) continue;
      // By level: the trunk near the root thick and bright, the twigs
      // towards the leaves thinner and darker, so the tree's shape shows.
      const float t = std::clamp(static_cast<float>(level[k] - 1) / depth, 0.0f, 1.0f);
      const QVector4D color = view->signalled[k] != 0 ? scene_palette::linear(kHeldColor)
                                                      : scene_palette::linear(kEdgeColor) * (1.0f - t) +
                                                            scene_palette::linear(kLeafEdgeColor) * t;
      const float radius = SceneLayout::kLinkRadius * (2.4f - 1.4f * t);
      const channel_geometry::ChannelPath path = channel_geometry::channelPath(layout, channel);
      for (int p = 0; p < path.count; ++p) {
        const SceneSegment& s = path.pieces[static_cast<std::size_t>(p)];
        instance_rows::append(buffer_, instance_rows::segmentRow(s.a, s.b, radius, color));
      }
    }
  }
  publish();
  emit tableChanged();
}

