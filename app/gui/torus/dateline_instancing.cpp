#include "torus/dateline_instancing.h"

#include "instance_rows.h"
#include "view/dateline_view.h"
#include "scene_palette.h"

void DatelineInstancing::setController(NetworkController* controller) {
  if (controller == controller_) return;
  if (controller_) disconnect(controller_, nullptr, this, nullptr);
  controller_ = controller;
  if (controller_) connect(controller_, &NetworkController::scenarioChanged, this, &DatelineInstancing::rebuild);
  rebuild();
  emit controllerChanged();
}

void DatelineInstancing::setSimulation(flitgui::SimulationController* simulation) {
  if (simulation == simulation_) return;
  if (simulation_) disconnect(simulation_, nullptr, this, nullptr);
  simulation_ = simulation;
  if (simulation_) connect(simulation_, &flitgui::SimulationController::frameChanged, this, &DatelineInstancing::onFrame);
  onFrame();
  emit simulationChanged();
}

void DatelineInstancing::onFrame() {
  const flitgui::FramePtr frame = simulation_ ? simulation_->currentFrame() : nullptr;
  const flit::DatelineView next = frame && frame->torus && frame->torus->datelines ? *frame->torus->datelines : flit::DatelineView{};
  const bool moved = !next.sameNodes(view_);
  const bool counted = next.crossings != view_.crossings || next.violations != view_.violations;
  view_ = next;
  if (moved) rebuild();
  if (counted) emit countsChanged();
}

bool DatelineInstancing::isDatelineNode(int node, int dim) const {
  const flit::Topology* topo = controller_ ? controller_->topology() : nullptr;
  if (!topo || node < 0 || node >= topo->nodeCount() || dim < 0 || dim >= topo->dims()) return false;
  return topo->spec().wrap[static_cast<std::size_t>(dim)] && view_.marks(dim, topo->coordOf(node)[dim]);
}

void DatelineInstancing::rebuild() {
  buffer_.clear();
  const flit::Topology* topo = controller_ ? controller_->topology() : nullptr;
  if (topo && controller_->nodeCount() == controller_->layout().nodeCount()) {
    const SceneLayout& layout = controller_->layout();
    const QVector4D color = scene_palette::linear(kMarkerColor);
    const float radius = SceneLayout::kNodeRadius * 1.45f;
    for (int dim = 0; dim < topo->dims(); ++dim) {
      for (int n = 0; n < topo->nodeCount(); ++n) {
        if (!isDatelineNode(n, dim)) continue;
        // A flat ring across the ring's dimension: the gate packets pass.
        instance_rows::append(buffer_, instance_rows::orientedRow(layout.nodePosition(n), layout.dimensionAxis(dim),
                                                                  0.22f, radius, color));
      }
    }
  }
  publish();
  emit datelinesChanged();
}

