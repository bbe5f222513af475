#include "link_heat_instancing.h"

#include "instance_rows.h"
#include "scene_palette.h"
#include "vc_palette.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace {

struct Stop {
  double at;
  QRgb color;
};
constexpr std::array<Stop, 4> kHeatStops = {{
    {0.0, 0xff2b3566},   // idle: dark blue
    {0.33, 0xff9c2f8f},  // magenta
    {0.66, 0xfff07a2a},  // orange
    {1.0, 0xfffff3a0},   // saturated: pale yellow
}};

// a + (b - a) * t per channel, rounded: the three link scales share it.
QColor blend(const QColor& a, const QColor& b, double t) {
  auto mix = [t](int x, int y) { return static_cast<int>(std::lround(x + (y - x) * t)); };
  return QColor(mix(a.red(), b.red()), mix(a.green(), b.green()), mix(a.blue(), b.blue()));
}

}  // namespace

LinkHeatInstancing::LinkHeatInstancing(QQuick3DObject* parent) : RowInstancing(parent) {
  deferred_.setSingleShot(true);
  connect(&deferred_, &QTimer::timeout, this, [this] {
    if (active_) rebuild();
  });
}

QColor LinkHeatInstancing::heatColor(double utilization) {
  const double u = std::clamp(std::isfinite(utilization) ? utilization : 0.0, 0.0, 1.0);
  for (std::size_t i = 1; i < kHeatStops.size(); ++i) {
    if (u > kHeatStops[i].at) continue;
    const Stop& a = kHeatStops[i - 1];
    const Stop& b = kHeatStops[i];
    return blend(QColor::fromRgb(a.color), QColor::fromRgb(b.color), (u - a.at) / (b.at - a.at));
  }
  return QColor::fromRgb(kHeatStops.back().color);
}

QColor LinkHeatInstancing::routeRoleColor(int role) {
  switch (role) {
    case RouteNow: return QColor::fromRgb(scene_palette::kDetour);
    case RouteBefore: return QColor(0x9c, 0x5c, 0xe6);  // violet
    default: return QColor(0x3a, 0x3e, 0x48);           // the dimmed lattice
  }
}

QColor LinkHeatInstancing::flitsColor(double fill, flit::LaneClass laneClass) {
  const QColor empty(0x3a, 0x3f, 0x4b);
  const double f = std::clamp(std::isfinite(fill) ? fill : 0.0, 0.0, 1.0);
  if (f <= 0.0) return empty;
  const auto k = std::min<std::size_t>(static_cast<std::size_t>(laneClass), vc_palette::kVcClassColor.size() - 1);
  const QColor to = QColor::fromRgb(vc_palette::kVcClassColor[k]);
  return blend(empty, to, 0.35 + 0.65 * f);  // one flit already stands out from an empty link
}

void LinkHeatInstancing::setPacketsPerLink(bool on) {
  if (on == packetsPerLink_) return;
  packetsPerLink_ = on;
  rebuild();
  emit packetsPerLinkChanged();
}

void LinkHeatInstancing::setRouteChange(bool on) {
  if (on == routeChange_) return;
  routeChange_ = on;
  rebuild();
  emit routeChangeChanged();
}

int LinkHeatInstancing::linkRouteRole(int link) const {
  const auto c = static_cast<std::size_t>(link) * 2;
  if (link < 0 || c + 1 >= channelRole_.size()) return OtherLink;
  return std::max(channelRole_[c], channelRole_[c + 1]);
}

void LinkHeatInstancing::setController(NetworkController* controller) {
  if (controller == controller_) return;
  if (controller_) disconnect(controller_, nullptr, this, nullptr);
  controller_ = controller;
  if (controller_) {
    connect(controller_, &NetworkController::scenarioChanged, this, &LinkHeatInstancing::rebuild);
    connect(controller_, &NetworkController::layoutChanged, this, &LinkHeatInstancing::rebuild);
    connect(controller_, &NetworkController::linkStatesChanged, this, &LinkHeatInstancing::rebuild);
  }
  rebuild();
  emit controllerChanged();
}

void LinkHeatInstancing::setSimulation(flitgui::SimulationController* simulation) {
  if (simulation == simulation_) return;
  if (simulation_) disconnect(simulation_, nullptr, this, nullptr);
  simulation_ = simulation;
  utilization_.clear();
  lastCycle_ = 0;
  if (simulation_) connect(simulation_, &flitgui::SimulationController::frameChanged, this, &LinkHeatInstancing::onFrame);
  rebuild();
  emit simulationChanged();
}

void LinkHeatInstancing::setActive(bool active) {
  if (active == active_) return;
  active_ = active;
  rebuild();
  emit activeChanged();
}

void LinkHeatInstancing::onFrame() {
  const flitgui::FramePtr frame = simulation_ ? simulation_->currentFrame() : nullptr;
  if (!frame) return;
  channelFlits_ = frame->channelFlits;  // a state, not an interval: also while paused
  if (frame->cycle < lastCycle_ || frame->cycle == 0) utilization_.clear();  // reset
  if (frame->cycle > lastCycle_) utilization_ = frame->channelUtilization;
  if (frame->routeChange != change_) {  // a state: also while paused, and after a rewind
    change_ = frame->routeChange;
    channelRole_.assign(static_cast<std::size_t>(frame->channelUtilization.size()), OtherLink);
    if (change_) {
      for (const flit::ChannelId c : change_->channelsBefore)
        if (static_cast<std::size_t>(c) < channelRole_.size()) channelRole_[static_cast<std::size_t>(c)] = RouteBefore;
      for (const flit::ChannelId c : change_->channelsAfter)
        if (static_cast<std::size_t>(c) < channelRole_.size()) channelRole_[static_cast<std::size_t>(c)] = RouteNow;
    }
    rebuild();
    return;
  }
  lastCycle_ = frame->cycle;
  if (!active_) return;
  const qint64 wait = sinceRebuild_.isValid() ? 1000 / kRebuildsPerSecond - sinceRebuild_.elapsed() : 0;
  if (wait > 0) {
    // Not now, but not never: the last frame of a run (then nothing else
    // comes while paused) is drawn when the limit's interval ends.
    if (!deferred_.isActive()) deferred_.start(static_cast<int>(wait));
    return;
  }
  rebuild();
}

double LinkHeatInstancing::linkUtilization(int link) const {
  if (link < 0) return 0.0;
  const auto& u = utilization_;
  const auto c = static_cast<std::size_t>(link) * 2;
  if (c + 1 >= u.size()) return 0.0;
  return std::max(u[c], u[c + 1]);
}

// The fuller of the link's two channels (ChannelId link * 2 and link * 2 + 1).
QColor LinkHeatInstancing::linkFlitsColor(int link) const {
  const flit::ChannelFlits* f = channelFlits_.get();
  const auto c = static_cast<std::size_t>(link) * 2;
  if (!f || c + 1 >= f->count.size()) return flitsColor(0.0, flit::LaneClass::RequestVc0);
  const std::size_t busier = f->count[c + 1] > f->count[c] ? c + 1 : c;
  return flitsColor(static_cast<double>(f->count[busier]) / f->capacity, f->laneClass[busier]);
}

void LinkHeatInstancing::rebuild() {
  deferred_.stop();
  sinceRebuild_.start();
  buffer_.clear();
  maxUtilization_ = 0.0;
  if (active_ && controller_ && controller_->loaded()) {
    const SceneLayout& layout = controller_->layout();
    const QVector4D failed = scene_palette::linear(scene_palette::kFailed);
    buffer_.reserve(static_cast<qsizetype>(layout.linkCount() * 2 * sizeof(instance_rows::Entry)));
    for (int l = 0; l < layout.linkCount(); ++l) {
      const bool up = controller_->linkUp(l);
      const double u = linkUtilization(l);
      maxUtilization_ = std::max(maxUtilization_, u);
      const QColor shade = packetsPerLink_ ? linkFlitsColor(l) : routeChange_ ? routeRoleColor(linkRouteRole(l)) : heatColor(u);
      const QVector4D color = up ? scene_palette::linear(shade.rgba()) : failed;
      const float radius = layout.linkIsWrap(l) ? SceneLayout::kWrapLinkRadius : SceneLayout::kLinkRadius;
      for (const SceneSegment& s : layout.drawnPieces(l, up))
        instance_rows::append(buffer_, instance_rows::segmentRow(s.a, s.b, radius, color));
    }
  }
  publish();
  emit tableChanged();
}

