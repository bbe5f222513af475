#include "network_instancing.h"

#include "instance_rows.h"
#include "scene_palette.h"

#include <cmath>

using Entry = instance_rows::Entry;

QVector4D scene_palette::linear(QRgb srgb) {
  auto lin = [](int c) {
    const float v = static_cast<float>(c) / 255.0f;
    return v <= 0.04045f ? v / 12.92f : std::pow((v + 0.055f) / 1.055f, 2.4f);
  };
  return {lin(qRed(srgb)), lin(qGreen(srgb)), lin(qBlue(srgb)), static_cast<float>(qAlpha(srgb)) / 255.0f};
}

namespace {

using instance_rows::append;
using instance_rows::orientedRow;

Entry segmentRow(const SceneSegment& s, float radius, const QVector4D& color) {
  return instance_rows::segmentRow(s.a, s.b, radius, color);
}

}  // namespace

void NetworkInstancing::setController(NetworkController* controller) {
  if (controller == controller_) return;
  if (controller_) disconnect(controller_, nullptr, this, nullptr);
  controller_ = controller;
  if (controller_) {
    connect(controller_, &NetworkController::scenarioChanged, this, &NetworkInstancing::invalidate);
    connect(controller_, &NetworkController::layoutChanged, this, &NetworkInstancing::invalidate);
    connectSignals(controller_);
  }
  invalidate();
  emit controllerChanged();
}

void NetworkInstancing::invalidate() {
  dirty_ = true;
  markDirty();
}

QByteArray NetworkInstancing::getInstanceBuffer(int* instanceCount) {
  if (dirty_) {
    buffer_.clear();
    if (controller_ && controller_->loaded()) build(*controller_, buffer_);
    rows_ = static_cast<int>(buffer_.size() / static_cast<qsizetype>(sizeof(Entry)));
    dirty_ = false;
  }
  if (instanceCount) *instanceCount = rows_;
  return buffer_;
}

void NodeInstancing::connectSignals(NetworkController* c) {
  connect(c, &NetworkController::hoverChanged, this, &NodeInstancing::invalidate);
  connect(c, &NetworkController::nodeStatesChanged, this, &NodeInstancing::invalidate);
  connect(c, &NetworkController::selectedNodeChanged, this, &NodeInstancing::invalidate);
}

void NodeInstancing::build(const NetworkController& c, QByteArray& out) const {
  const SceneLayout& layout = c.layout();
  const QVector4D normal = scene_palette::linear(scene_palette::kNode);
  const QVector4D hover = scene_palette::linear(scene_palette::kNodeHover);
  const QVector4D failed = scene_palette::linear(scene_palette::kFailed);  // a node failed from the view
  const QVector4D selected = scene_palette::linear(scene_palette::kNodeSelected);
  out.reserve(layout.nodeCount() * static_cast<qsizetype>(sizeof(Entry)));
  for (int n = 0; n < layout.nodeCount(); ++n) {
    const QVector3D p = layout.nodePosition(n);
    const float r = layout.nodeRadius(n);  // 0 inside a collapsed fat-tree block
    Entry e;
    e.row0 = {r, 0, 0, p.x()};
    e.row1 = {0, r, 0, p.y()};
    e.row2 = {0, 0, r, p.z()};
    e.color = n == c.hoveredNode() ? hover : !c.nodeUp(n) ? failed : n == c.selectedNode() ? selected : normal;
    e.instanceData = {};
    append(out, e);
  }
}

void LinkInstancing::connectSignals(NetworkController* c) {
  connect(c, &NetworkController::hoverChanged, this, &LinkInstancing::invalidate);
  connect(c, &NetworkController::linkStatesChanged, this, &LinkInstancing::invalidate);
}

void LinkInstancing::build(const NetworkController& c, QByteArray& out) const {
  const SceneLayout& layout = c.layout();
  QVector4D dimColor[3];
  for (int d = 0; d < 3; ++d) dimColor[d] = scene_palette::linear(scene_palette::kLinkDim[d]);
  const QVector4D wrap = scene_palette::linear(scene_palette::kWrap);
  const QVector4D failed = scene_palette::linear(scene_palette::kFailed);
  const QVector4D hover = scene_palette::linear(scene_palette::kHover);
  out.reserve(static_cast<qsizetype>(layout.linkCount() * 2 * sizeof(Entry)));
  for (int l = 0; l < layout.linkCount(); ++l) {
    const bool up = c.linkUp(l);
    const QVector4D color = l == c.hoveredLink() ? hover
                            : !up               ? failed
                            : layout.linkIsWrap(l) ? wrap
                                                   : dimColor[layout.linkDimension(l)];
    const float radius = layout.linkIsWrap(l) ? SceneLayout::kWrapLinkRadius : SceneLayout::kLinkRadius;
    for (const SceneSegment& s : layout.drawnPieces(l, up)) {
      append(out, segmentRow(s, radius, color));
    }
  }
}

void BreakMarkerInstancing::connectSignals(NetworkController* c) {
  connect(c, &NetworkController::linkStatesChanged, this, &BreakMarkerInstancing::invalidate);
}

// A cross of bars at 45 degrees to the piece in two perpendicular planes, so
// the break reads as an "X" from any viewing angle.
void BreakMarkerInstancing::build(const NetworkController& c, QByteArray& out) const {
  const QVector4D color = scene_palette::linear(scene_palette::kFailed);
  const float length = SceneLayout::kSpacing * 0.26f;
  const float thickness = SceneLayout::kLinkRadius * 0.8f;
  for (int l : c.failedLinkIds()) {
    for (const SceneSegment& s : c.layout().breakMarkers(l)) {
      const QVector3D d = (s.b - s.a).normalized();
      const QVector3D helper = std::abs(d.x()) < 0.9f ? QVector3D(1, 0, 0) : QVector3D(0, 1, 0);
      const QVector3D p = QVector3D::crossProduct(d, helper).normalized();
      const QVector3D q = QVector3D::crossProduct(p, d);
      const QVector3D mid = (s.a + s.b) * 0.5f;
      for (const QVector3D& side : {p, q}) {
        append(out, orientedRow(mid, d + side, length, thickness, color));
        append(out, orientedRow(mid, d - side, length, thickness, color));
      }
    }
  }
}
