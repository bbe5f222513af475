#include "fat_tree/fat_tree_map_view.h"

#include "fat_tree/circuit_shape_view.h"
#include "fat_tree/circuit_source.h"
#include "frame_consumer.h"
#include "flat_view_geometry.h"
#include "scene_palette.h"
#include "vc_palette.h"

#include <QPainter>
#include <QQuickWindow>

#include <algorithm>
#include <array>
#include <cmath>
#include <tuple>

namespace {

constexpr double kMarginPixels = 12.0;

// Drawn radius of a node in pixels at `scale` pixels per scene unit across:
// half the 3D sphere, at least a pixel and a half, at most 6.
double nodePixels(double scale) { return std::clamp(scale * SceneLayout::kNodeRadius * 0.5, 1.5, 6.0); }

}  // namespace

FatTreeMapView::FatTreeMapView(QQuickItem* parent) : QQuickPaintedItem(parent) {
  setAntialiasing(true);
  setOpaquePainting(true);
  setFillColor(QColor::fromRgb(flat_view::kBackground));
  repaintTimer_.setSingleShot(true);
  connect(&repaintTimer_, &QTimer::timeout, this, [this] { update(); });
}

void FatTreeMapView::setController(NetworkController* controller) {
  if (controller == controller_) return;
  if (controller_) disconnect(controller_, nullptr, this, nullptr);
  controller_ = controller;
  if (controller_) {
    connect(controller_, &NetworkController::scenarioChanged, this, &FatTreeMapView::rebuild);
    for (auto signal : {&NetworkController::linkStatesChanged, &NetworkController::nodeStatesChanged,
                        &NetworkController::selectedNodeChanged})
      connect(controller_, signal, this, &FatTreeMapView::networkDrawingStale);
  }
  rebuild();
  emit controllerChanged();
}

void FatTreeMapView::setSimulation(flitgui::SimulationController* simulation) {
  if (!flitgui::attachFrames(this, simulation_, simulation, &FatTreeMapView::onFrame)) return;
  onFrame();
  emit simulationChanged();
}

void FatTreeMapView::rebuild() {
  const flit::fattree::FatTreeNetwork* net = controller_ ? controller_->fatTreeNetwork() : nullptr;
  const flitgui::CircuitShapeView* shape = net ? flitgui::otherShapeViewOf(net->spec) : nullptr;
  layout_ = !net    ? SceneLayout()
            : shape ? shape->mapLayout(*net, controller_->graph())
                    : SceneLayout::fatTreeFlat(*net, controller_->graph());
  minX_ = minY_ = maxX_ = maxY_ = 0;
  for (int n = 0; n < layout_.nodeCount(); ++n) {
    const QVector3D p = layout_.nodePosition(n);
    minX_ = n == 0 ? p.x() : std::min(minX_, p.x());
    maxX_ = n == 0 ? p.x() : std::max(maxX_, p.x());
    minY_ = n == 0 ? p.y() : std::min(minY_, p.y());
    maxY_ = n == 0 ? p.y() : std::max(maxY_, p.y());
  }
  hoveredNode_ = hoveredLink_ = -1;
  held_.clear();
  emit networkChanged();
  emit hoverChanged();
  fit();
  onFrame();
}

void FatTreeMapView::onFrame() {
  frame_ = simulation_ ? simulation_->currentFrame() : nullptr;
  if (!isVisible()) {  // hidden: no work per frame; caught up when shown
    stale_ = true;
    return;
  }
  stale_ = false;
  held_.clear();
  const bool matches = frame_ && frame_->circuits && frame_->linkUp.size() == static_cast<std::size_t>(layout_.linkCount());
  if (matches) {
    for (const flitgui::FlitVisual& f : frame_->flits) {
      if (f.channel < 0 || f.vcClass != flit::CircuitRun::kCircuitClass) continue;
      held_.push_back(flit::linkOfChannel(f.channel));
    }
    std::sort(held_.begin(), held_.end());
    held_.erase(std::unique(held_.begin(), held_.end()), held_.end());
  } else {
    frame_.reset();
  }
  emit circuitsChanged();
  // At most kRepaintsPerSecond: the map is an overview beside the 3D view,
  // and a paint of the 4K tree at full load costs as much as a 3D frame.
  if (repaintTimer_.isActive()) return;
  const qint64 since = sincePaint_.isValid() ? sincePaint_.elapsed() : 1000;
  repaintTimer_.start(static_cast<int>(std::max<qint64>(0, 1000 / kRepaintsPerSecond - since)));
}

void FatTreeMapView::networkDrawingStale() {
  network_ = QImage();
  update();
}

void FatTreeMapView::geometryChange(const QRectF& newGeometry, const QRectF& oldGeometry) {
  QQuickPaintedItem::geometryChange(newGeometry, oldGeometry);
  networkDrawingStale();
}

void FatTreeMapView::itemChange(ItemChange change, const ItemChangeData& value) {
  QQuickPaintedItem::itemChange(change, value);
  if (change == ItemVisibleHasChanged && value.boolValue && stale_) onFrame();
}

// Across and upwards the map is scaled apart, each to fill the item at zoom
// 1: a tree is far wider than high (4096 endpoints in a row under a few
// dozen layers), and its rows should still stand apart.
double FatTreeMapView::scale() const {
  const double w = std::max(1.0, width() - 2 * kMarginPixels);
  return w / std::max(1.0f, maxX_ - minX_) * zoom_;
}

double FatTreeMapView::verticalScale() const {
  const double h = std::max(1.0, height() - 2 * kMarginPixels);
  return h / std::max(1.0f, maxY_ - minY_) * zoom_;
}

QPointF FatTreeMapView::toItem(const QVector3D& p) const {
  const double cx = (minX_ + maxX_) * 0.5, cy = (minY_ + maxY_) * 0.5;
  return {width() * 0.5 + (p.x() - cx) * scale() + pan_.x(), height() * 0.5 - (p.y() - cy) * verticalScale() + pan_.y()};
}

QPointF FatTreeMapView::nodePoint(int node) const {
  if (node < 0 || node >= layout_.nodeCount()) return {-1, -1};
  return toItem(layout_.nodePosition(node));
}

QPointF FatTreeMapView::linkPoint(int link) const {
  if (link < 0 || link >= layout_.linkCount()) return {-1, -1};
  const SceneSegment& s = layout_.linkPieces(link).front();
  return (toItem(s.a) + toItem(s.b)) * 0.5;
}

int FatTreeMapView::nodeAt(const QPointF& point) const {
  const double reach = std::max(3.0, nodePixels(scale()) + 1.0);
  int best = -1;
  double bestDistance = reach;
  for (int n = 0; n < layout_.nodeCount(); ++n) {
    const QPointF d = point - toItem(layout_.nodePosition(n));
    const double distance = std::hypot(d.x(), d.y());
    if (distance <= bestDistance) bestDistance = distance, best = n;
  }
  return best;
}

int FatTreeMapView::linkAt(const QPointF& point) const {
  if (nodeAt(point) >= 0) return -1;
  int best = -1;
  double bestDistance = 3.0;
  for (int l = 0; l < layout_.linkCount(); ++l) {
    const SceneSegment& s = layout_.linkPieces(l).front();
    const double d = flat_view::distanceToSegment(point, toItem(s.a), toItem(s.b));
    if (d <= bestDistance) bestDistance = d, best = l;
  }
  return best;
}

void FatTreeMapView::hoverAt(const QPointF& point) {
  const int node = nodeAt(point);
  if (!flat_view::setHover(hoveredNode_, hoveredLink_, node, node >= 0 ? -1 : linkAt(point))) return;
  update();
  emit hoverChanged();
}

void FatTreeMapView::clearHover() {
  if (!flat_view::setHover(hoveredNode_, hoveredLink_, -1, -1)) return;
  update();
  emit hoverChanged();
}

void FatTreeMapView::zoomAt(const QPointF& point, double factor) {
  const double next = std::clamp(zoom_ * factor, 1.0, kMaxZoom);
  if (next == zoom_) return;
  // The map point under `point` stays: offset from the centre scales too.
  const QPointF centre(width() * 0.5, height() * 0.5);
  const double ratio = next / zoom_;
  pan_ = next == 1.0 ? QPointF() : point - centre - (point - centre - pan_) * ratio;  // 1: the whole, centred
  zoom_ = next;
  networkDrawingStale();
  emit viewChanged();
}

void FatTreeMapView::panBy(double dx, double dy) {
  if (zoom_ <= 1.0) return;  // the whole map is in view
  pan_ += QPointF(dx, dy);
  networkDrawingStale();
  emit viewChanged();
}

void FatTreeMapView::fit() {
  zoom_ = 1.0;
  pan_ = {};
  networkDrawingStale();
  emit viewChanged();
}

// Links by the way they go, failed ones red with a gap, then the nodes:
// routers light, endpoints dimmer, failed red, the inspected one cyan.
// Only what lies in the item is drawn.
QImage FatTreeMapView::drawNetwork() const {
  const qreal dpr = window() ? window()->effectiveDevicePixelRatio() : 1.0;
  QImage image((QSizeF(width(), height()) * dpr).toSize(), QImage::Format_ARGB32_Premultiplied);
  image.setDevicePixelRatio(dpr);
  image.fill(QColor::fromRgb(flat_view::kBackground));
  QPainter p(&image);
  p.setRenderHint(QPainter::Antialiasing, true);
  const QRectF view(-8, -8, width() + 16, height() + 16);
  const double s = scale();
  const double lineWidth = std::clamp(s * SceneLayout::kLinkRadius * 0.5, 0.6, 2.0);
  // One drawLines per colour (the three ways a link goes, and failed); a big
  // tree's links without antialiasing: the 4K tree's 40,960 links took 3.6 s
  // one antialiased drawLine at a time, in the scene graph's sync, where the
  // GUI thread waits (tst_gui_soak: 2 s without an answer).
  std::array<QList<QLineF>, 4> lines;  // by dimension 0..2, 3: failed
  for (int l = 0; l < layout_.linkCount(); ++l) {
    const SceneSegment& seg = layout_.linkPieces(l).front();
    const QPointF a = toItem(seg.a), b = toItem(seg.b);
    if (!view.intersects(QRectF(a, b).normalized().adjusted(-1, -1, 1, 1))) continue;
    if (!controller_ || controller_->linkUp(l)) {
      lines[static_cast<std::size_t>(std::clamp(layout_.linkDimension(l), 0, 2))].append(QLineF(a, b));
    } else {
      const QPointF mid = (a + b) * 0.5, gap = (b - a) * (SceneLayout::kGapFraction * 0.5);
      lines[3].append(QLineF(a, mid - gap));
      lines[3].append(QLineF(mid + gap, b));
    }
  }
  // A big tree: one-pixel cosmetic lines in opaque colours (the link colour
  // at 55% over the background, worked out once), the raster engine's fast
  // path: 40,960 links in about 0.1 s instead of 1.2 s blended.
  const bool many = layout_.linkCount() >= kAntialiasedLinks;
  p.setRenderHint(QPainter::Antialiasing, !many);
  const QColor background = QColor::fromRgb(flat_view::kBackground);
  for (std::size_t k = 0; k < lines.size(); ++k) {
    if (lines[k].isEmpty()) continue;
    QColor colour = QColor::fromRgb(k < 3 ? scene_palette::kLinkDim[k] : scene_palette::kFailed);
    if (k < 3 && many) {
      const auto mix = [](float over, float under) { return 0.55f * over + 0.45f * under; };
      colour = QColor::fromRgbF(mix(colour.redF(), background.redF()), mix(colour.greenF(), background.greenF()),
                                mix(colour.blueF(), background.blueF()));
    } else if (k < 3) {
      colour.setAlphaF(0.55f);
    }
    QPen pen(colour, k < 3 ? lineWidth : lineWidth * 1.6, Qt::SolidLine, Qt::FlatCap);
    pen.setCosmetic(many && k < 3);
    if (many && k < 3) pen.setWidth(1);
    p.setPen(pen);
    p.drawLines(lines[k]);
  }
  p.setRenderHint(QPainter::Antialiasing, true);
  const double r = nodePixels(s);
  const int selected = controller_ ? controller_->selectedNode() : -1;
  p.setPen(Qt::NoPen);
  for (int n = 0; n < layout_.nodeCount(); ++n) {
    const QPointF c = toItem(layout_.nodePosition(n));
    if (!view.contains(c)) continue;
    const bool up = !controller_ || controller_->nodeUp(n);
    QColor colour = QColor::fromRgb(!up ? scene_palette::kFailed
                                    : n == selected ? scene_palette::kNodeSelected
                                                    : scene_palette::kNode);
    if (up && n != selected && layout_.nodeIsEndpoint(n)) colour = colour.darker(140);
    p.setBrush(colour);
    const double radius = layout_.nodeIsEndpoint(n) ? r * 0.8 : r;
    p.drawEllipse(c, radius, radius);
  }
  return image;
}

void FatTreeMapView::paint(QPainter* painter) {
  sincePaint_.start();
  if (network_.isNull()) network_ = drawNetwork();
  painter->drawImage(QPointF(0, 0), network_);
  // Thousands of held channels (the 4K tree at full load holds about
  // 11,000): one call, and without antialiasing, which costs more than the
  // rest of the frame there.
  const bool many = held_.size() >= kAntialiasedCircuits;
  painter->setRenderHint(QPainter::Antialiasing, !many);
  const double s = scale();
  // The channels the circuits hold now, in the circuit colour (many: one
  // pixel wide, the raster engine's fast path).
  const double heldWidth = many ? 1.0 : std::clamp(s * SceneLayout::kLinkRadius, 1.2, 3.0);
  QColor circuit = vc_palette::color(flit::CircuitRun::kCircuitClass);
  if (!many) circuit.setAlphaF(0.85f);  // many: opaque, no blending
  QPen pen(circuit, heldWidth, Qt::SolidLine, Qt::RoundCap);
  pen.setCosmetic(many);
  painter->setPen(pen);
  lines_.clear();
  for (const int l : held_) {
    const SceneSegment& seg = layout_.linkPieces(l).front();
    lines_.append(QLineF(toItem(seg.a), toItem(seg.b)));
  }
  if (many) {
    // Whole pixels, each line once: at the 4K tree's full view about seven
    // endpoints share a pixel column, so most held channels draw the same
    // pixels as another (long lines: their pixels are the cost). What cannot
    // be seen one by one is shown by how many (issue 42, item 9: at Fit the
    // 4K tree at full load was a solid magenta fan): a pixel line that many
    // held channels share is drawn more opaque, one that few share faint, so
    // the bundles of the tree's levels stand out.
    for (QLineF& line : lines_) line = QLineF(QLine(line.p1().toPoint(), line.p2().toPoint()));
    const auto key = [](const QLineF& a) { return std::tuple(a.x1(), a.y1(), a.x2(), a.y2()); };
    std::sort(lines_.begin(), lines_.end(), [&](const QLineF& a, const QLineF& b) { return key(a) < key(b); });
    std::array<QList<QLineF>, kShareLevels> byShare;
    for (qsizetype i = 0; i < lines_.size();) {
      qsizetype j = i + 1;
      while (j < lines_.size() && key(lines_[j]) == key(lines_[i])) ++j;
      byShare[static_cast<std::size_t>(std::min<qsizetype>(j - i, kShareLevels) - 1)].append(lines_[i]);
      i = j;
    }
    for (int level = 0; level < kShareLevels; ++level) {
      QColor c = circuit;
      c.setAlphaF(static_cast<float>(0.18 + 0.82 * level / (kShareLevels - 1)));
      pen.setColor(c);
      painter->setPen(pen);
      painter->drawLines(byShare[static_cast<std::size_t>(level)]);
    }
  } else {
    painter->drawLines(lines_);
  }
  painter->setRenderHint(QPainter::Antialiasing, true);
  // Discards of the last cycles, fading with their age.
  if (frame_ && frame_->circuits && frame_->circuits->view) {
    const double r = nodePixels(s) + 3.0;
    for (const flit::CircuitFlash& f : frame_->circuits->view->flashes) {
      if (f.node >= static_cast<std::uint32_t>(layout_.nodeCount())) continue;
      const double age = static_cast<double>(frame_->cycle - std::min(frame_->cycle, f.cycle));
      QColor colour = QColor::fromRgb(f.fault ? scene_palette::kDiscardFault : scene_palette::kDiscardBusy);
      colour.setAlphaF(static_cast<float>(std::clamp(1.0 - age / flit::CircuitView::kFlashCycles, 0.25, 1.0)));
      painter->setPen(QPen(colour, 1.5));
      painter->setBrush(Qt::NoBrush);
      painter->drawEllipse(nodePoint(static_cast<int>(f.node)), r, r);
    }
  }
  // The hovered node or channel.
  painter->setPen(QPen(QColor::fromRgb(scene_palette::kHover), 2.0));
  painter->setBrush(Qt::NoBrush);
  if (hoveredNode_ >= 0) {
    const double r = nodePixels(s) + 2.0;
    painter->drawEllipse(nodePoint(hoveredNode_), r, r);
  } else if (hoveredLink_ >= 0) {
    const SceneSegment& seg = layout_.linkPieces(hoveredLink_).front();
    painter->drawLine(toItem(seg.a), toItem(seg.b));
  }
}
