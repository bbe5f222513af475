#include "torus/special_instancing.h"

#include "channel_geometry.h"
#include "instance_rows.h"
#include "scene_palette.h"

void SpecialInstancing::setController(NetworkController* controller) {
  if (controller == controller_) return;
  if (controller_) disconnect(controller_, nullptr, this, nullptr);
  controller_ = controller;
  if (controller_) connect(controller_, &NetworkController::scenarioChanged, this, &SpecialInstancing::rebuild);
  rebuild();
  emit controllerChanged();
}

void SpecialInstancing::setSpecial(SpecialController* special) {
  if (special == special_) return;
  if (special_) disconnect(special_, nullptr, this, nullptr);
  special_ = special;
  if (special_) connect(special_, &SpecialController::viewChanged, this, &SpecialInstancing::rebuild);
  rebuild();
  emit specialChanged();
}

void SpecialInstancing::rebuild() {
  buffer_.clear();
  const flit::Topology* topo = controller_ ? controller_->topology() : nullptr;
  const flit::SpecialView* view = special_ ? special_->view() : nullptr;
  if (view && topo && controller_->nodeCount() == controller_->layout().nodeCount()) {
    const SceneLayout& layout = controller_->layout();
    for (const flit::SpecialPacketView& p : view->packets) {
      if (p.node < 0 || p.node >= topo->nodeCount()) continue;
      const QVector4D color = scene_palette::linear(p.kind == flit::SpecialKind::Put ? kPutColor : kGetColor);
      if (p.dir < 0) {  // at the router: a box round its ball (its registers are reached)
        instance_rows::append(buffer_, instance_rows::scaledRow(layout.nodePosition(p.node), kAtRouterSize, color));
        continue;
      }
      const flit::ChannelId channel = topo->channelFrom(p.node, static_cast<flit::Direction>(p.dir));
      if (channel == flit::kInvalidId) continue;
      instance_rows::append(buffer_, instance_rows::scaledRow(channel_geometry::pointOnChannel(layout, channel, p.progress),
                                                              kPacketSize, color));
    }
  }
  publish();
  emit tableChanged();
}
