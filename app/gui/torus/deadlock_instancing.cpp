#include "torus/deadlock_instancing.h"

#include "channel_geometry.h"
#include "instance_rows.h"
#include "scene_palette.h"

namespace {

constexpr QRgb kDeadlockRed = 0xffff4d4d;
constexpr QRgb kArrowRed = 0xffff8a65;

// A bar from a to b whose last part narrows in three steps: an arrow head
// made of the prisms the overlay already draws.
void appendArrow(QByteArray& out, QVector3D a, QVector3D b, bool head, const QVector4D& color) {
  const QVector3D d = b - a;
  if (!head) {
    instance_rows::append(out, instance_rows::segmentRow(a, b, DeadlockInstancing::kArrowRadius * 0.6f, color));
    return;
  }
  const float length = d.length();
  const float headLength = std::min(length * 0.45f, 2.4f);
  const QVector3D unit = d / std::max(length, 1e-4f);
  const QVector3D neck = b - unit * headLength;
  instance_rows::append(out, instance_rows::segmentRow(a, neck, DeadlockInstancing::kArrowRadius * 0.6f, color));
  const float radius[3] = {2.0f, 1.35f, 0.7f};
  for (int s = 0; s < 3; ++s) {
    const QVector3D p = neck + unit * (headLength * float(s) / 3.0f);
    instance_rows::append(out, instance_rows::segmentRow(p, p + unit * (headLength / 3.0f),
                                                         DeadlockInstancing::kArrowRadius * radius[s], color));
  }
}

}  // namespace

DeadlockInstancing::DeadlockInstancing(QQuick3DObject* parent) : RowInstancing(parent) {}

void DeadlockInstancing::setController(NetworkController* controller) {
  if (controller == controller_) return;
  if (controller_) disconnect(controller_, nullptr, this, nullptr);
  controller_ = controller;
  if (controller_) connect(controller_, &NetworkController::scenarioChanged, this, &DeadlockInstancing::refresh);
  refresh();
  emit controllerChanged();
}

void DeadlockInstancing::setLab(DeadlockLab* lab) {
  if (lab == lab_) return;
  if (lab_) disconnect(lab_, nullptr, this, nullptr);
  lab_ = lab;
  if (lab_) connect(lab_, &DeadlockLab::deadlockChanged, this, &DeadlockInstancing::refresh);
  refresh();
  emit labChanged();
}

void DeadlockInstancing::refresh() {
  const flit::DeadlockView* d = lab_ ? lab_->deadlock() : nullptr;
  buffers_ = d ? d->cycle : std::vector<flit::DeadlockBuffer>{};
  channels_.clear();
  labelPositions_.clear();
  labelTexts_.clear();
  const flit::Topology* topo = controller_ ? controller_->topology() : nullptr;
  if (!topo || !controller_->loaded()) buffers_.clear();
  for (const flit::DeadlockBuffer& b : buffers_) {  // a deadlock of another machine: nothing
    if (b.node < 0 || b.node >= topo->nodeCount() || b.port < 0 || b.port >= flit::kPortsPerNode) {
      buffers_.clear();
      break;
    }
  }
  if (!buffers_.empty()) {
    const SceneLayout& layout = controller_->layout();
    for (const flit::WaitEdge& e : flit::waitEdgesOf(*topo, buffers_))
      if (e.channel != flit::kInvalidId) channels_.append(e.channel);
    for (const flit::DeadlockBuffer& b : buffers_) {
      const QVector3D port = channel_geometry::inputPortPosition(layout, b.node, b.port);
      labelPositions_.append(port + layout.portDirection(b.port) * 1.5f + QVector3D(0, 1.5f, 0));
      labelTexts_.append(tr("packet %1, VC%2").arg(b.packet).arg(b.vc));
    }
  }
  invalidate();
  emit tableChanged();
}

void DeadlockInstancing::build() {
  buffer_.clear();
  if (buffers_.empty()) return;
  const SceneLayout& layout = controller_->layout();
  const flit::Topology& topo = *controller_->topology();
  const QVector4D red = scene_palette::linear(kDeadlockRed);
  const QVector4D arrow = scene_palette::linear(kArrowRed);
  for (const flit::DeadlockBuffer& b : buffers_) {
    const QVector3D dir = layout.portDirection(b.port);
    const QVector3D at = channel_geometry::inputPortPosition(layout, b.node, b.port) + dir * 0.6f;
    instance_rows::append(buffer_, instance_rows::orientedRow(at, dir, 1.6f, 1.1f, red));
  }
  for (const flit::WaitEdge& e : flit::waitEdgesOf(topo, buffers_)) {
    if (e.channel != flit::kInvalidId) {
      const channel_geometry::ChannelPath path = channel_geometry::channelPath(layout, e.channel);
      for (int i = 0; i < path.count; ++i) {
        const SceneSegment& s = path.pieces[static_cast<std::size_t>(i)];
        appendArrow(buffer_, s.a, s.b, i == path.count - 1, arrow);
      }
      continue;
    }
    // Within one router: from the waiting input to the input holding the output VC.
    const flit::DeadlockBuffer& a = buffers_[static_cast<std::size_t>(e.from)];
    const flit::DeadlockBuffer& b = buffers_[static_cast<std::size_t>(e.to)];
    appendArrow(buffer_, channel_geometry::inputPortPosition(layout, a.node, a.port),
                channel_geometry::inputPortPosition(layout, b.node, b.port), true, arrow);
  }
}

