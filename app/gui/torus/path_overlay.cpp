#include "torus/path_overlay.h"

#include "channel_geometry.h"
#include "instance_rows.h"
#include "scene_palette.h"

void PathOverlay::setController(NetworkController* controller) {
  if (controller == controller_) return;
  if (controller_) disconnect(controller_, nullptr, this, nullptr);
  controller_ = controller;
  if (controller_) {
    connect(controller_, &NetworkController::scenarioChanged, this, &PathOverlay::invalidate);
    connect(controller_, &NetworkController::layoutChanged, this, &PathOverlay::invalidate);
  }
  invalidate();
  emit controllerChanged();
}

void PathOverlay::setChannels(const QList<int>& channels) {
  if (channels == channels_) return;
  channels_ = channels;
  invalidate();
  emit pathChanged();
}

void PathOverlay::setNodes(const QList<int>& nodes) {
  if (nodes == nodes_) return;
  nodes_ = nodes;
  invalidate();
  emit pathChanged();
}

void PathOverlay::setColor(const QColor& color) {
  if (color == color_) return;
  color_ = color;
  invalidate();
  emit styleChanged();
}

void PathOverlay::setStyle(Style style) {
  if (style == style_) return;
  style_ = style;
  invalidate();
  emit styleChanged();
}

void PathOverlay::setThickness(float thickness) {
  if (qFuzzyCompare(thickness, thickness_) || thickness <= 0.0f) return;
  thickness_ = thickness;
  invalidate();
  emit styleChanged();
}

QList<int> PathOverlay::channelsOf(const flit::Topology& topology, const flit::PathTrace& trace) {
  QList<int> out;
  for (const flit::PathHop& h : trace.hops) {
    if (h.outPort < 0 || h.outPort >= flit::kDirectionCount) continue;
    const flit::ChannelId c = topology.channelFrom(h.node, static_cast<flit::Direction>(h.outPort));
    if (c != flit::kInvalidId) out.append(c);
  }
  return out;
}

QList<int> PathOverlay::nodesOf(const flit::PathTrace& trace) {
  QList<int> out;
  for (const flit::PathHop& h : trace.hops) out.append(h.node);
  return out;
}

void PathOverlay::build() {
  buffer_.clear();
  if (!controller_ || !controller_->loaded()) return;
  const SceneLayout& layout = controller_->layout();
  const QVector4D color = scene_palette::linear(color_.rgba());
  const int channelLimit = layout.linkCount() * 2;
  for (int c : channels_) {
    if (c < 0 || c >= channelLimit) continue;
    const channel_geometry::ChannelPath path = channel_geometry::channelPath(layout, c);
    for (int i = 0; i < path.count; ++i) {
      const SceneSegment& s = path.pieces[static_cast<std::size_t>(i)];
      if (style_ == Style::Solid) {
        instance_rows::append(buffer_, instance_rows::segmentRow(s.a, s.b, thickness_, color));
        continue;
      }
      // Dashed: kDashesPerPiece dashes, each 60% of its share of the piece.
      const QVector3D step = (s.b - s.a) / float(kDashesPerPiece);
      for (int d = 0; d < kDashesPerPiece; ++d) {
        const QVector3D a = s.a + step * (float(d) + 0.2f);
        instance_rows::append(buffer_, instance_rows::segmentRow(a, a + step * 0.6f, thickness_, color));
      }
    }
  }
  // Node halo: a flat prism around the sphere's equator (scene y axis).
  const float haloRadius = SceneLayout::kNodeRadius * 1.35f;
  for (int n : nodes_) {
    if (n < 0 || n >= layout.nodeCount()) continue;
    instance_rows::append(buffer_, instance_rows::orientedRow(layout.nodePosition(n), QVector3D(0, 1, 0),
                                                              thickness_ * 0.5f, haloRadius, color));
  }
}

