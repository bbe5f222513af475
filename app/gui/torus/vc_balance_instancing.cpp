#include "torus/vc_balance_instancing.h"

#include "channel_geometry.h"
#include "instance_rows.h"
#include "scene_palette.h"
#include "vc_palette.h"

void VcBalanceInstancing::setController(NetworkController* controller) {
  if (controller == controller_) return;
  if (controller_) disconnect(controller_, nullptr, this, nullptr);
  controller_ = controller;
  if (controller_) connect(controller_, &NetworkController::scenarioChanged, this, &VcBalanceInstancing::rebuild);
  rebuild();
  emit controllerChanged();
}

void VcBalanceInstancing::setBalance(VcBalanceController* balance) {
  if (balance == balance_) return;
  if (balance_) disconnect(balance_, nullptr, this, nullptr);
  balance_ = balance;
  if (balance_) connect(balance_, &VcBalanceController::overlayChanged, this, &VcBalanceInstancing::rebuild);
  rebuild();
  emit balanceChanged();
}

double VcBalanceInstancing::vc0Share(int channel) const {
  if (!balance_ || channel < 0) return -1.0;
  const auto& counts = balance_->channels();
  if (static_cast<std::size_t>(channel) >= counts.size()) return -1.0;
  const flit::ChannelVcRoutes& c = counts[static_cast<std::size_t>(channel)];
  const int total = c.vc0 + c.vc1;
  return total > 0 ? static_cast<double>(c.vc0) / total : -1.0;
}

void VcBalanceInstancing::rebuild() {
  buffer_.clear();
  channels_ = 0;
  if (controller_ && controller_->loaded() && balance_) {
    const SceneLayout& layout = controller_->layout();
    const auto& counts = balance_->channels();
    const int channelCount = std::min<int>(layout.linkCount() * 2, static_cast<int>(counts.size()));
    const QVector4D vc0 = scene_palette::linear(vc_palette::kVcClassColor[0]);
    const QVector4D vc1 = scene_palette::linear(vc_palette::kVcClassColor[1]);
    for (int ch = 0; ch < channelCount; ++ch) {
      const double share = vc0Share(ch);
      if (share < 0) continue;
      ++channels_;
      const channel_geometry::ChannelPath path = channel_geometry::channelPath(layout, ch);
      // Progress 0..1 over the pieces (half on each stub of a wrap link);
      // VC0 takes [0, share), VC1 the rest. Each channel sits on the side
      // its travel direction points to (the two directions of a link on
      // opposite sides).
      for (int p = 0; p < path.count; ++p) {
        const SceneSegment& s = path.pieces[static_cast<std::size_t>(p)];
        const QVector3D along = s.b - s.a;
        QVector3D side = QVector3D::crossProduct(along, QVector3D(0.3f, 1.0f, 0.2f)).normalized();
        if (side.isNull()) side = QVector3D(1, 0, 0);
        const QVector3D off = side * kOffset;
        const double p0 = static_cast<double>(p) / path.count, p1 = static_cast<double>(p + 1) / path.count;
        auto at = [&](double t) {
          const double f = (t - p0) / (p1 - p0);
          return s.a + along * static_cast<float>(f) + off;
        };
        const double cut = std::clamp(share, p0, p1);
        if (cut > p0) instance_rows::append(buffer_, instance_rows::segmentRow(at(p0), at(cut), kRadius, vc0));
        if (cut < p1) instance_rows::append(buffer_, instance_rows::segmentRow(at(cut), at(p1), kRadius, vc1));
      }
    }
  }
  publish();
  emit tableChanged();
}

