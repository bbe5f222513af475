#include "packet_scene.h"

#include "age_palette.h"
#include "channel_geometry.h"
#include "instance_rows.h"
#include "ray_picker.h"
#include "scene_palette.h"
#include "vc_palette.h"

#include <algorithm>
#include <limits>
#include <utility>

using flitgui::FlitVisual;
using flitgui::FrameSnapshot;

namespace {

constexpr double kStepGlideSeconds = 0.2;  // a single step (paused) glides this long
constexpr double kMaxGlideSeconds = 2.0;
constexpr QRgb kFlashColor = 0xfffff8e1;


std::array<QVector4D, flitgui::kVcClassCount> classColors() {
  std::array<QVector4D, flitgui::kVcClassCount> out;
  for (std::size_t i = 0; i < out.size(); ++i) out[i] = scene_palette::linear(vc_palette::kVcClassColor[i]);
  return out;
}

// Linear colours of the age ramp, index age + 1 (0: no age): one table, not a
// conversion per flit and frame.
const std::array<QVector4D, 257>& ageColors() {
  static const std::array<QVector4D, 257> table = [] {
    std::array<QVector4D, 257> out;
    for (int age = -1; age <= 255; ++age)
      out[static_cast<std::size_t>(age + 1)] = scene_palette::linear(age_palette::rgb(age));
    return out;
  }();
  return table;
}

}  // namespace

PacketScene::PacketScene(QObject* parent) : QObject(parent) { clock_.start(); }

void PacketScene::setController(NetworkController* controller) {
  if (controller == controller_) return;
  if (controller_) disconnect(controller_, nullptr, this, nullptr);
  controller_ = controller;
  if (controller_) {
    connect(controller_, &NetworkController::scenarioChanged, this, [this] {
      shown_.clear();
      positions_.clear();
      trails_.clear();
      frame_.reset();
      writeTables();
    });
    // A fat-tree block expanded or collapsed: the same frame, placed anew.
    connect(controller_, &NetworkController::layoutChanged, this, [this] {
      frame_.reset();
      shown_.clear();
      onFrame();
    });
  }
  emit controllerChanged();
}

void PacketScene::setSimulation(flitgui::SimulationController* simulation) {
  if (simulation == simulation_) return;
  if (simulation_) disconnect(simulation_, nullptr, this, nullptr);
  simulation_ = simulation;
  if (simulation_) {
    connect(simulation_, &flitgui::SimulationController::frameChanged, this, &PacketScene::onFrame);
    connect(simulation_, &flitgui::SimulationController::windowChanged, this, &PacketScene::connectWindow);
  }
  connectWindow();
  onFrame();
  emit simulationChanged();
}

void PacketScene::setSmoothMotion(bool on) {
  if (on == smoothMotion_) return;
  smoothMotion_ = on;
  emit smoothMotionChanged();
}

void PacketScene::connectWindow() {
  QQuickWindow* w = simulation_ ? simulation_->window() : nullptr;
  if (w == window_) return;
  disconnect(afterAnimating_);
  window_ = w;
  if (window_) afterAnimating_ = connect(window_, &QQuickWindow::afterAnimating, this, &PacketScene::onAfterAnimating);
}

int PacketScene::rowCount(int part) const {
  if (part < 0 || part >= PartCount) return 0;
  return instance_rows::rowCount(table(part));
}

double PacketScene::expectedInterval(const FrameSnapshot& frame, double t) const {
  if (!smoothMotion_) return 0.0;
  if (!frame.running) return kStepGlideSeconds;
  const double cycles = static_cast<double>(frame.cycle >= lastCycle_ ? frame.cycle - lastCycle_ : 0);
  const double expected = frame.speedCyclesPerSecond > 0 ? cycles / frame.speedCyclesPerSecond : t - arrival_;
  return std::clamp(expected, 0.0, kMaxGlideSeconds);
}

void PacketScene::onFrame() {
  flitgui::FramePtr frame = simulation_ ? simulation_->currentFrame() : nullptr;
  if (frame == frame_) return;
  const bool reset = !frame || !frame_ || frame->resetGeneration != frame_->resetGeneration;
  const double t = now();
  std::vector<Shown> next;
  if (frame && controller_ && controller_->loaded()) place(*frame, next);
  if (reset) trails_.clear();
  if (!reset) matchPrevious(next);
  duration_ = frame ? expectedInterval(*frame, t) : 0.0;
  arrival_ = t;
  lastCycle_ = frame ? frame->cycle : 0;
  frame_ = std::move(frame);
  shown_ = std::move(next);
  updateTrails();
  updatePositions(t);
  writeTables();
  tablesFresh_ = true;  // the afterAnimating that took this frame need not write them again
}

void PacketScene::onAfterAnimating() {
  if (std::exchange(tablesFresh_, false)) {  // onFrame wrote them for this frame already
    if (duration_ > 0.0 && window_) window_->update();
    return;
  }
  if (tick() && window_) window_->update();
}

bool PacketScene::tick() {
  if (shown_.empty() || duration_ <= 0.0) return false;
  const double t = now();
  updatePositions(t);
  writeTables();
  if (t - arrival_ < duration_) return true;
  duration_ = 0.0;  // arrived: no more work until the next frame
  return false;
}

void PacketScene::place(const FrameSnapshot& frame, std::vector<Shown>& out) const {
  const SceneLayout& layout = controller_->layout();
  const int channels = layout.linkCount() * 2;
  out.reserve(frame.flits.size());
  for (const FlitVisual& f : frame.flits) {
    Shown s;
    s.packet = f.packet;
    s.index = f.index;
    s.flags = f.flags;
    s.vcClass = f.vcClass;
    s.age = f.age;
    s.channel = f.channel;
    s.node = f.node;
    if (f.channel != flit::kInvalidId) {
      if (f.channel < 0 || f.channel >= channels) continue;
      s.to = channel_geometry::pointOnChannel(layout, f.channel, f.progress);
      const channel_geometry::ChannelPath path = channel_geometry::channelPath(layout, f.channel);
      s.axis = path.pieces[0].b - path.pieces[0].a;
    } else {
      if (f.node < 0 || f.node >= layout.nodeCount()) continue;
      s.to = channel_geometry::inputPortPosition(layout, f.node, f.port);
      s.axis = -layout.portDirection(f.port);
    }
    s.from = s.to;
    s.pos = s.to;
    out.push_back(s);
  }
}

// Each new flit starts where the same flit (packet serial, flit index) is
// shown now (continuity), see header.
void PacketScene::matchPrevious(std::vector<Shown>& next) const {
  const auto key = [](const Shown& s) {
    return (static_cast<std::uint64_t>(static_cast<std::uint32_t>(s.packet)) << 16) |
           static_cast<std::uint16_t>(s.index);
  };
  std::unordered_map<std::uint64_t, std::size_t> previous;
  previous.reserve(shown_.size());
  for (std::size_t i = 0; i < shown_.size(); ++i) previous.emplace(key(shown_[i]), i);
  for (Shown& s : next) {
    const auto it = previous.find(key(s));
    if (it == previous.end()) continue;
    const QVector3D was = shown_[it->second].pos;
    if ((was - s.to).lengthSquared() < PacketScene::kSnapDistance * PacketScene::kSnapDistance) s.from = was;
    s.pos = s.from;
  }
}

void PacketScene::updateTrails() {
  std::unordered_map<std::int32_t, std::vector<QVector3D>> kept;
  for (const Shown& s : shown_) {
    const bool adaptive = s.vcClass == flitgui::VcClass::Adaptive || (s.flags & flitgui::kFlitAdaptiveHop);
    if (!adaptive || !(s.flags & flitgui::kFlitHead)) continue;
    std::vector<QVector3D> trail;
    if (auto it = trails_.find(s.packet); it != trails_.end()) trail = std::move(it->second);
    if (trail.empty() || (trail.back() - s.to).lengthSquared() > 0.01f) trail.push_back(s.to);
    if (trail.size() > kTrailLength + 1) trail.erase(trail.begin(), trail.end() - (kTrailLength + 1));
    kept.emplace(s.packet, std::move(trail));
  }
  trails_ = std::move(kept);
}

void PacketScene::updatePositions(double t) {
  const float a = duration_ > 0.0 ? static_cast<float>(std::clamp((t - arrival_) / duration_, 0.0, 1.0)) : 1.0f;
  positions_.resize(shown_.size());
  for (std::size_t i = 0; i < shown_.size(); ++i) {
    Shown& s = shown_[i];
    s.pos = s.from + (s.to - s.from) * a;
    positions_[i] = s.pos;
  }
}

void PacketScene::writeTables() {
  static const std::array<QVector4D, flitgui::kVcClassCount> colors = classColors();
  static const QVector4D violation = scene_palette::linear(vc_palette::kDatelineViolation);
  static const QVector4D flash = scene_palette::linear(kFlashColor);
  static const QVector4D detour = scene_palette::linear(scene_palette::kDetour);
  static const QVector4D background = scene_palette::linear(0xff1b1f27);
  for (QByteArray& t : tables_) t.clear();
  tables_[Bodies].reserve(static_cast<qsizetype>(shown_.size() * sizeof(instance_rows::Entry)));
  const bool byAge = colorMode_ == ColorByAge;
  for (const Shown& s : shown_) {
    const bool violated = (s.flags & flitgui::kFlitDatelineViolation) != 0;
    const QVector4D color = violated ? violation
                            : byAge  ? ageColors()[static_cast<std::size_t>(std::clamp<int>(s.age, -1, 255) + 1)]
                                     : colors[static_cast<std::size_t>(s.vcClass)];
    if (!(s.flags & flitgui::kFlitHead)) {
      instance_rows::append(tables_[Bodies], instance_rows::scaledRow(s.pos, kBodyRadius, color));
      continue;
    }
    instance_rows::append(tables_[Heads], instance_rows::orientedRow(s.pos, s.axis, kHeadLength, kHeadRadius, color));
    if (violated || (s.flags & flitgui::kFlitDatelineCrossed))
      instance_rows::append(tables_[Flashes],
                            instance_rows::orientedRow(s.pos, s.axis, 0.25f, kHeadRadius * 2.3f, violated ? violation : flash));
    if (s.flags & flitgui::kFlitRerouted)
      instance_rows::append(tables_[Detours], instance_rows::orientedRow(s.pos, s.axis, kHeadLength * 0.45f,
                                                                         kHeadRadius * 1.7f, detour));
  }
  for (const auto& [packet, trail] : trails_) {
    // Oldest first; the newest place is the head itself and is not repeated.
    const int n = static_cast<int>(trail.size()) - 1;
    for (int i = 0; i < n; ++i) {
      const float age = static_cast<float>(n - i) / static_cast<float>(kTrailLength + 1);  // 0 new .. 1 old
      const QVector4D c = colors[static_cast<std::size_t>(flitgui::VcClass::Adaptive)] * (1.0f - age) + background * age;
      instance_rows::append(tables_[Trails], instance_rows::scaledRow(trail[static_cast<std::size_t>(i)],
                                                                      kBodyRadius * (1.0f - 0.6f * age), c));
    }
  }
  emit tablesChanged();
}

void PacketScene::setColorMode(ColorMode mode) {
  if (mode == colorMode_) return;
  colorMode_ = mode;
  if (!shown_.empty()) writeTables();  // recoloured now, also while paused
  emit colorModeChanged();
}

int PacketScene::pickPacket(const QVector3D& origin, const QVector3D& through) const {
  const int i = ray_picker::pickSphere(positions_.data(), positions_.size(), kPickRadius, origin, through);
  return i >= 0 && static_cast<std::size_t>(i) < shown_.size() ? shown_[static_cast<std::size_t>(i)].packet : -1;
}

int PacketScene::clickedPacket(const QVector3D& origin, const QVector3D& through, bool wide) const {
  if (wide) return pickPacket(origin, through);
  QVector3D dir = through - origin;
  if (dir.lengthSquared() <= 0.0f) return -1;
  dir.normalize();
  // The flit drawn under the ray (at its drawn size), nearest along it;
  // else, within kPickRadius, the flit whose centre is nearest to the ray
  // (a near miss takes the flit aimed at, not a neighbour's edge in front).
  const Shown* bestShown = nullptr;
  float bestT = std::numeric_limits<float>::max();
  for (const Shown& s : shown_) {
    const float t = ray_picker::intersectSphere(origin, dir, s.pos, (s.flags & flitgui::kFlitHead) ? kHeadRadius : kBodyRadius);
    if (t >= 0.0f && t < bestT) {
      bestT = t;
      bestShown = &s;
    }
  }
  if (!bestShown) {
    float bestMiss = kPickRadius * kPickRadius;
    for (const Shown& s : shown_) {
      const float along = QVector3D::dotProduct(s.pos - origin, dir);
      const float miss = (origin + dir * along - s.pos).lengthSquared();
      if (along > 0.0f && miss < bestMiss) {
        bestMiss = miss;
        bestT = along;
        bestShown = &s;
      }
    }
  }
  const int best = bestShown ? bestShown->packet : -1;
  if (best < 0 || !controller_) return best;
  const SceneLayout& layout = controller_->layout();
  const PickHit hit = ray_picker::pick(layout, origin, through);
  if (hit.kind == PickHit::Kind::Node && hit.distance < bestT) return -1;  // a node in front
  if (bestShown->channel != flit::kInvalidId) return best;  // on a link: drawn in front of it
  // Through the middle of the ball of the router the packet waits at (its
  // input buffers sit on the ball's surface): the router, not the packet.
  const float core = SceneLayout::kNodeRadius * kNodeCoreFraction;
  const float atRouter = SceneLayout::kNodeRadius + kHeadLength;
  for (int node = 0; node < layout.nodeCount(); ++node) {
    const QVector3D c = layout.nodePosition(node);
    if ((c - bestShown->pos).lengthSquared() > atRouter * atRouter) continue;
    const float along = QVector3D::dotProduct(c - origin, dir);
    if (along > 0.0f && (origin + dir * along - c).lengthSquared() < core * core) return -1;
  }
  return best;
}

QString PacketScene::describePacket(int packet) const {
  const Shown* first = nullptr;
  for (const Shown& s : shown_) {
    if (s.packet != packet) continue;
    if (!first || (s.flags & flitgui::kFlitHead)) first = &s;
    if (s.flags & flitgui::kFlitHead) break;
  }
  if (!first || !controller_) return {};
  const QStringList names = simulation_ ? simulation_->vcLegend()->classNames() : QStringList();
  const auto cls = static_cast<qsizetype>(first->vcClass);
  const QString vc = cls < names.size() ? names[cls] : QString();
  const QString where = first->channel != flit::kInvalidId
                            ? tr("on %1").arg(controller_->describeLinkEnds(flit::linkOfChannel(first->channel)))
                            : tr("waiting in %1").arg(controller_->describeNode(first->node));
  const QString mark = controller_->family() ? controller_->family()->spec().words.hoveredMark : QString();
  if (!mark.isEmpty()) return tr("%1, %2").arg(mark.arg(packet), where);
  return vc.isEmpty() ? tr("packet %1, %2").arg(packet).arg(where) : tr("packet %1 (%2), %3").arg(packet).arg(vc, where);
}

bool PacketScene::hasPacket(int packet) const {
  return std::any_of(shown_.begin(), shown_.end(), [packet](const Shown& s) { return s.packet == packet; });
}

QVector3D PacketScene::packetPosition(int packet) const {
  const Shown* first = nullptr;
  for (const Shown& s : shown_) {
    if (s.packet != packet) continue;
    if (s.flags & flitgui::kFlitHead) return s.pos;
    if (!first) first = &s;
  }
  return first ? first->pos : QVector3D();
}

QList<int> PacketScene::packetsOfClass(int vcClass) const {
  QList<int> out;
  for (const Shown& s : shown_)
    if (static_cast<int>(s.vcClass) == vcClass && (s.flags & flitgui::kFlitHead)) out.append(s.packet);
  return out;
}

void PacketInstancing::setScene(PacketScene* scene) {
  if (scene == scene_) return;
  if (scene_) disconnect(scene_, nullptr, this, nullptr);
  scene_ = scene;
  if (scene_) connect(scene_, &PacketScene::tablesChanged, this, [this] { markDirty(); });
  markDirty();
  emit sceneChanged();
}

void PacketInstancing::setPart(int part) {
  if (part == part_) return;
  part_ = part;
  markDirty();
  emit partChanged();
}

QByteArray PacketInstancing::getInstanceBuffer(int* instanceCount) {
  if (!scene_) {
    if (instanceCount) *instanceCount = 0;
    return {};
  }
  if (instanceCount) *instanceCount = scene_->rowCount(part_);
  return scene_->table(part_);
}
