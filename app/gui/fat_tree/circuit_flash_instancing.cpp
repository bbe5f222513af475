#include "fat_tree/circuit_flash_instancing.h"

#include "instance_rows.h"
#include "scene_palette.h"

#include <algorithm>

CircuitFlashInstancing::CircuitFlashInstancing(QQuick3DObject* parent) : RowInstancing(parent) {}

void CircuitFlashInstancing::setController(NetworkController* controller) {
  if (controller == controller_) return;
  if (controller_) disconnect(controller_, nullptr, this, nullptr);
  controller_ = controller;
  if (controller_)
    connect(controller_, &NetworkController::layoutChanged, this, [this] {
      invalidate();
    });
  view_.reset();
  invalidate();
  emit controllerChanged();
}

void CircuitFlashInstancing::setSimulation(flitgui::SimulationController* simulation) {
  if (simulation == simulation_) return;
  if (simulation_) disconnect(simulation_, nullptr, this, nullptr);
  simulation_ = simulation;
  if (simulation_)
    connect(simulation_, &flitgui::SimulationController::frameChanged, this, &CircuitFlashInstancing::onFrame);
  emit simulationChanged();
}

void CircuitFlashInstancing::onFrame() {
  const flitgui::FramePtr frame = simulation_ ? simulation_->currentFrame() : nullptr;
  std::shared_ptr<const flit::CircuitView> view = frame && frame->circuits ? frame->circuits->view : nullptr;
  if (view == view_) return;
  const bool had = view_ && !view_->flashes.empty();
  view_ = std::move(view);
  cycle_ = frame ? frame->cycle : 0;
  if (!had && (!view_ || view_->flashes.empty())) return;  // nothing drawn before or now
  invalidate();
  emit flashesChanged();
}

void CircuitFlashInstancing::build() {
  buffer_.clear();
  if (!view_ || !controller_ || !controller_->fatTree()) return;
  const SceneLayout& layout = controller_->layout();
  const QVector4D busy = scene_palette::linear(scene_palette::kDiscardBusy);
  const QVector4D fault = scene_palette::linear(scene_palette::kDiscardFault);
  const float window = static_cast<float>(flit::CircuitView::kFlashCycles);
  for (const flit::CircuitFlash& f : view_->flashes) {
    if (f.node >= static_cast<std::uint32_t>(layout.nodeCount())) continue;
    // 1 when it happened this cycle, towards 0 as it ages out of the window.
    const float fresh = 1.0f - std::clamp(static_cast<float>(cycle_ - std::min(cycle_, f.cycle)) / window, 0.0f, 1.0f);
    const QVector4D color = f.fault ? fault : busy;
    const auto node = static_cast<flit::NodeId>(f.node);
    // In a collapsed block: a smaller spark on top of the block's sphere.
    const bool hidden = layout.nodeRadius(node) < SceneLayout::kNodeRadius;
    const float r = SceneLayout::kNodeRadius * (hidden ? 0.4f + 0.3f * fresh : 0.75f + 0.5f * fresh);
    const QVector3D at = layout.nodePosition(node) + (hidden ? QVector3D(0, layout.shownRadius(node), 0) : QVector3D());
    instance_rows::append(buffer_, instance_rows::orientedRow(at, QVector3D(0, 1, 0), 2.0f * r, r, color));
    if (hidden) continue;
    if (f.link >= static_cast<std::uint32_t>(layout.linkCount())) continue;
    const std::vector<SceneSegment>& pieces = layout.linkPieces(static_cast<flit::LinkId>(f.link));
    if (pieces.empty()) continue;
    // The part of the channel next to the RN1 (it came in at b, or a failed
    // output leaves it at a).
    const SceneSegment& s = pieces.front();
    if ((s.b - s.a).lengthSquared() < 1e-6f) continue;  // inside a collapsed block
    const bool atB = (s.b - at).lengthSquared() <= (s.a - at).lengthSquared();
    const QVector3D near = atB ? s.b : s.a;
    const QVector3D far = atB ? s.a : s.b;
    instance_rows::append(buffer_, instance_rows::segmentRow(near + (far - near) * 0.45f, near,
                                                             SceneLayout::kLinkRadius * (1.2f + 1.4f * fresh), color));
  }
}

