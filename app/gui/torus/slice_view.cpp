#include "torus/slice_view.h"

#include "frame_consumer.h"
#include "view/dateline_view.h"
#include "torus/sync_tree_instancing.h"
#include "flat_view_geometry.h"

#include "torus/dateline_instancing.h"
#include "link_heat_instancing.h"
#include "scene_palette.h"
#include "vc_palette.h"

#include <QFont>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>

namespace {

constexpr double kMarginCells = 1.0;  // around the grid: the wrap stubs (half a cell) and their labels
constexpr QRgb kLabel = 0xff9aa3b2;

}  // namespace

SliceView::SliceView(QQuickItem* parent) : QQuickPaintedItem(parent) {
  setAntialiasing(true);
  setOpaquePainting(true);
  setFillColor(QColor::fromRgb(flat_view::kBackground));
}

void SliceView::setController(NetworkController* controller) {
  if (controller == controller_) return;
  if (controller_) disconnect(controller_, nullptr, this, nullptr);
  controller_ = controller;
  if (controller_) {
    connect(controller_, &NetworkController::scenarioChanged, this, &SliceView::rebuildGrid);
    for (auto signal : {&NetworkController::linkStatesChanged, &NetworkController::nodeStatesChanged,
                        &NetworkController::selectedNodeChanged})
      connect(controller_, signal, this, [this] { update(); });
  }
  rebuildGrid();
  emit controllerChanged();
}

void SliceView::setSimulation(flitgui::SimulationController* simulation) {
  if (!flitgui::attachFrames(this, simulation_, simulation, &SliceView::onFrame, &SliceView::rewatch)) return;
  frame_.reset();
  heatFrame_.reset();
  onFrame();
  emit simulationChanged();
}

void SliceView::setPlane(Plane plane) {
  if (plane == plane_) return;
  plane_ = plane;
  rebuildGrid();
  rewatch();
}

void SliceView::setIndex(int index) {
  index = std::clamp(index, 0, std::max(0, depth() - 1));
  if (index == index_) return;
  index_ = index;
  rebuildGrid();
  rewatch();
}

// A frame that counts its flits per channel (big machines) still lists the
// flits of the plane shown here (the watch set's slice) while it is visible.
void SliceView::rewatch() {
  if (!simulation_) return;
  const bool watched = isVisible() && controller_ && controller_->topology();
  const int fixed = flitgui::sliceAxes(static_cast<flitgui::SlicePlane>(plane_)).fixed;
  simulation_->updateWatch([&](flit::WatchSet& w) {
    w.slice = watched;
    w.sliceDim = fixed;
    w.sliceIndex = index_;
  });
}

void SliceView::setHeatMap(bool on) {
  if (on == heatMap_) return;
  heatMap_ = on;
  update();
  emit heatMapChanged();
}

void SliceView::setSyncTree(bool on) {
  if (on == syncTree_) return;
  syncTree_ = on;
  update();
  emit heatMapChanged();
}

int SliceView::depth() const {
  const flit::Topology* topo = controller_ ? controller_->topology() : nullptr;
  return topo ? topo->radix(flitgui::sliceAxes(static_cast<flitgui::SlicePlane>(plane_)).fixed) : 0;
}

QString SliceView::fixedAxis() const {
  return QString(QLatin1Char("XYZ"[flitgui::sliceAxes(static_cast<flitgui::SlicePlane>(plane_)).fixed]));
}

bool SliceView::datelinePlane() const {
  const flit::Topology* topo = controller_ ? controller_->topology() : nullptr;
  const int fixed = flitgui::sliceAxes(static_cast<flitgui::SlicePlane>(plane_)).fixed;
  const flit::DatelineView* d = datelines();
  return topo && d && topo->wraps(fixed) && d->marks(fixed, index_);
}

void SliceView::rebuildGrid() {
  grid_ = {};
  flits_ = {};
  hoveredNode_ = hoveredLink_ = -1;
  if (const flit::Topology* topo = controller_ ? controller_->topology() : nullptr) {
    index_ = std::clamp(index_, 0, depth() - 1);
    grid_ = flitgui::buildSliceGrid(*topo, static_cast<flitgui::SlicePlane>(plane_), index_);
  }
  onFrame();
  emit sliceChanged();
  emit hoverChanged();
  update();
}

void SliceView::onFrame() {
  const flitgui::FramePtr frame = simulation_ ? simulation_->currentFrame() : nullptr;
  // Utilisation is an interval average: a frame published while paused
  // covers no cycles and must not blank the heat map (as LinkHeatInstancing).
  const std::uint64_t lastCycle = frame_ ? frame_->cycle : 0;
  if (!frame || frame->cycle < lastCycle || frame->cycle == 0) heatFrame_.reset();
  else if (frame->cycle > lastCycle || !heatFrame_) heatFrame_ = frame;
  frame_ = frame;
  if (!isVisible()) {  // hidden: no work per frame; caught up when shown
    stale_ = true;
    return;
  }
  stale_ = false;
  const flit::Topology* topo = controller_ ? controller_->topology() : nullptr;
  const bool matches = frame && topo && frame->linkUp.size() == static_cast<std::size_t>(topo->linkCount());
  flits_ = matches ? flitgui::collectSliceFlits(*topo, grid_, *frame) : flitgui::SliceFlits{};
  emit flitsChanged();
  update();
}

void SliceView::itemChange(ItemChange change, const ItemChangeData& value) {
  QQuickPaintedItem::itemChange(change, value);
  if (change != ItemVisibleHasChanged) return;
  rewatch();
  if (value.boolValue && stale_) onFrame();
}

void SliceView::geometryChange(const QRectF& newGeometry, const QRectF& oldGeometry) {
  QQuickPaintedItem::geometryChange(newGeometry, oldGeometry);
  update();
}

double SliceView::cellPixels() const {
  if (grid_.columns == 0) return 0.0;
  return std::max(1.0, std::min(width() / (grid_.columns - 1 + 2 * kMarginCells),
                                height() / (grid_.rows - 1 + 2 * kMarginCells)));
}

QPointF SliceView::toItem(float column, float row) const {
  const double cell = cellPixels();
  const double left = (width() - (grid_.columns - 1) * cell) / 2;
  const double bottom = (height() + (grid_.rows - 1) * cell) / 2;
  return {left + column * cell, bottom - row * cell};
}

int SliceView::pieces(const flitgui::SliceLink& l, Piece out[2]) const {
  const QPointF lower = toItem(static_cast<float>(l.lowerColumn), static_cast<float>(l.lowerRow));
  const QPointF upper = toItem(static_cast<float>(l.upperColumn), static_cast<float>(l.upperRow));
  if (!l.wrap) {
    out[0] = {lower, upper};
    return 1;
  }
  const bool across = l.dim == flitgui::sliceAxes(grid_.plane).horizontal;
  const QPointF half = across ? QPointF(cellPixels() / 2, 0) : QPointF(0, -cellPixels() / 2);
  out[0] = {lower, lower + half};  // out of the far edge ...
  out[1] = {upper - half, upper};  // ... back in at the near one
  return 2;
}

int SliceView::nodeAt(const QPointF& point) const {
  const double reach = std::max(3.0, cellPixels() * (flitgui::kSliceNodeRadius + 0.02));
  for (const flitgui::SliceNode& n : grid_.nodes) {
    const QPointF d = point - toItem(static_cast<float>(n.column), static_cast<float>(n.row));
    if (std::hypot(d.x(), d.y()) <= reach) return n.node;
  }
  return -1;
}

int SliceView::linkAt(const QPointF& point) const {
  if (nodeAt(point) >= 0) return -1;
  const double reach = std::max(3.0, cellPixels() * 0.12);
  int best = -1;
  double bestDistance = reach;
  for (const flitgui::SliceLink& l : grid_.links) {
    Piece p[2];
    for (int i = 0, n = pieces(l, p); i < n; ++i) {
      const double d = flat_view::distanceToSegment(point, p[i].a, p[i].b);
      if (d <= bestDistance) bestDistance = d, best = l.link;
    }
  }
  return best;
}

QPointF SliceView::nodePoint(int node) const {
  if (!grid_.containsNode(node)) return {-1, -1};
  const flitgui::SliceNode& n = grid_.nodes[static_cast<std::size_t>(grid_.nodeSlot[static_cast<std::size_t>(node)])];
  return toItem(static_cast<float>(n.column), static_cast<float>(n.row));
}

QPointF SliceView::linkPoint(int link) const {
  if (!grid_.containsLink(link)) return {-1, -1};
  Piece p[2];
  // A wrap stub's outer part: its inner end is within a node's reach.
  const bool wrap = pieces(grid_.links[static_cast<std::size_t>(grid_.linkSlot[static_cast<std::size_t>(link)])], p) == 2;
  return p[0].a + (p[0].b - p[0].a) * (wrap ? 0.7 : 0.5);
}

void SliceView::hoverAt(const QPointF& point) {
  const int node = nodeAt(point);
  if (!flat_view::setHover(hoveredNode_, hoveredLink_, node, node >= 0 ? -1 : linkAt(point))) return;
  update();
  emit hoverChanged();
}

void SliceView::clearHover() {
  if (!flat_view::setHover(hoveredNode_, hoveredLink_, -1, -1)) return;
  update();
  emit hoverChanged();
}

double SliceView::linkUtilization(flit::LinkId link) const {
  if (!heatFrame_) return 0.0;
  const auto& u = heatFrame_->channelUtilization;
  const auto c = static_cast<std::size_t>(link) * 2;
  return c + 1 < u.size() ? std::max(u[c], u[c + 1]) : 0.0;
}

bool SliceView::isDatelineNode(const flitgui::SliceNode& node, int dim) const {
  const flit::Topology* topo = controller_ ? controller_->topology() : nullptr;
  if (!topo || !frame_ || !topo->wraps(dim)) return false;
  const flitgui::SliceAxes axes = flitgui::sliceAxes(grid_.plane);
  const flit::DatelineView* d = datelines();
  return d && d->marks(dim, dim == axes.horizontal ? node.column : node.row);
}

void SliceView::paint(QPainter* painter) {
  if (!controller_ || !controller_->topology() || grid_.nodes.empty()) return;
  painter->setRenderHint(QPainter::Antialiasing, true);
  paintLinks(painter);
  if (syncTree_) paintSyncTree(painter);
  paintNodes(painter);
  paintFlits(painter);
}

// The tree's parent edges that lie in the plane, with the 3D overlay's
// colours and widths by level (SyncTreeInstancing), and the root in gold.
void SliceView::paintSyncTree(QPainter* painter) const {
  const flit::Topology* topo = controller_->topology();
  const flit::SyncView* sync = frame_ && frame_->torus ? frame_->torus->sync.get() : nullptr;
  if (!sync || sync->bsu < 0 || sync->parentDir.size() != static_cast<std::size_t>(topo->nodeCount()) ||
      sync->depth.size() != sync->parentDir.size())
    return;
  const double cell = cellPixels();
  const double depth = std::max(1, sync->treeDepth);
  const QColor trunk = QColor::fromRgb(SyncTreeInstancing::kEdgeColor);
  const QColor twig = QColor::fromRgb(SyncTreeInstancing::kLeafEdgeColor);
  for (const flitgui::SliceLink& l : grid_.links) {
    const flit::Topology::LinkEnds& e = topo->linkEnds(l.link);
    // A parent edge: the lower end's parent is up the + way, or the upper end's the - way.
    flit::NodeId child = flit::kInvalidId;
    if (sync->parentDir[static_cast<std::size_t>(e.lower)] == static_cast<std::int8_t>(flit::makeDirection(e.dim, true)))
      child = e.lower;
    else if (sync->parentDir[static_cast<std::size_t>(e.upper)] == static_cast<std::int8_t>(flit::makeDirection(e.dim, false)))
      child = e.upper;
    if (child == flit::kInvalidId) continue;
    const double t = std::clamp((sync->depth[static_cast<std::size_t>(child)] - 1) / depth, 0.0, 1.0);
    const QColor c = QColor::fromRgbF(trunk.redF() * (1 - t) + twig.redF() * t, trunk.greenF() * (1 - t) + twig.greenF() * t,
                                      trunk.blueF() * (1 - t) + twig.blueF() * t);
    painter->setPen(QPen(c, std::clamp(cell * (0.24 - 0.14 * t), 2.0, 9.0), Qt::SolidLine, Qt::RoundCap));
    Piece p[2];
    const int n = pieces(l, p);
    for (int i = 0; i < n; ++i) painter->drawLine(p[i].a, p[i].b);
  }
  for (const flitgui::SliceNode& n : grid_.nodes) {
    if (n.node != sync->root) continue;
    const double r = std::max(4.0, cell * flitgui::kSliceNodeRadius * 1.7);
    painter->setPen(QPen(QColor::fromRgb(SyncTreeInstancing::kRootColor), std::max(2.0, cell * 0.08)));
    painter->setBrush(Qt::NoBrush);
    painter->drawEllipse(toItem(static_cast<float>(n.column), static_cast<float>(n.row)), r, r);
  }
}

void SliceView::paintLinks(QPainter* painter) const {
  const double cell = cellPixels();
  const double thickness = std::clamp(cell * 0.12, 1.5, 6.0);
  const flitgui::SliceAxes axes = flitgui::sliceAxes(grid_.plane);
  QFont font = painter->font();
  font.setPixelSize(static_cast<int>(std::clamp(cell * 0.32, 8.0, 13.0)));
  painter->setFont(font);
  const bool labels = cell >= 14.0;
  for (const flitgui::SliceLink& l : grid_.links) {
    const bool up = controller_->linkUp(l.link);
    QColor color = !up ? QColor::fromRgb(scene_palette::kFailed)
                   : heatMap_ ? LinkHeatInstancing::heatColor(linkUtilization(l.link))
                   : QColor::fromRgb(l.wrap ? scene_palette::kWrap : scene_palette::kLinkDim[l.dim]);
    if (l.link == hoveredLink_) color = QColor::fromRgb(scene_palette::kHover);
    painter->setPen(QPen(color, thickness, Qt::SolidLine, Qt::FlatCap));
    Piece p[2];
    const int n = pieces(l, p);
    for (int i = 0; i < n; ++i) {
      if (up) {
        painter->drawLine(p[i].a, p[i].b);
        continue;
      }
      // Broken: a gap in the middle and a red X over it.
      const QPointF mid = (p[i].a + p[i].b) / 2;
      const QPointF gap = (p[i].b - p[i].a) * (n == 1 ? 0.18 : 0.3);
      painter->drawLine(p[i].a, mid - gap);
      painter->drawLine(mid + gap, p[i].b);
      const double x = std::max(3.0, cell * 0.12);
      painter->drawLine(mid + QPointF(-x, -x), mid + QPointF(x, x));
      painter->drawLine(mid + QPointF(-x, x), mid + QPointF(x, -x));
    }
    if (!l.wrap) continue;
    // A chevron at each stub's outer end, pointing the + way round the ring,
    // and the ordinate at the ring's other end: "this leaves to 0", "this comes from k-1".
    const bool across = l.dim == axes.horizontal;
    const QPointF forward = across ? QPointF(1, 0) : QPointF(0, -1);
    const QPointF side(forward.y(), forward.x());
    const double c = std::max(3.0, cell * 0.14);
    painter->setPen(QPen(color, std::max(1.0, thickness * 0.8)));
    for (const QPointF& tip : {p[0].b, p[1].a}) {
      painter->drawLine(tip - forward * c + side * c, tip);
      painter->drawLine(tip - forward * c - side * c, tip);
    }
    if (!labels) continue;
    painter->setPen(QColor::fromRgb(kLabel));
    const int ring = across ? grid_.columns : grid_.rows;
    const QSizeF box(cell * 0.9, cell * 0.5);
    const auto label = [&](QPointF at, int ordinate) {
      painter->drawText(QRectF(at - QPointF(box.width() / 2, box.height() / 2), box), Qt::AlignCenter,
                        QString::number(ordinate));
    };
    label(p[0].b + forward * (cell * 0.3), 0);
    label(p[1].a - forward * (cell * 0.3), ring - 1);
  }
}

void SliceView::paintNodes(QPainter* painter) const {
  const double cell = cellPixels();
  const double radius = std::max(2.0, cell * flitgui::kSliceNodeRadius);
  const flitgui::SliceAxes axes = flitgui::sliceAxes(grid_.plane);
  // Dateline nodes: a grey bar across the node, perpendicular to the ring it
  // is the dateline of (the 3D view's flat ring, seen edge-on).
  painter->setPen(QPen(QColor::fromRgb(DatelineInstancing::kMarkerColor), std::max(1.5, cell * 0.07), Qt::SolidLine,
                       Qt::FlatCap));
  const double bar = radius * 1.8;
  for (const flitgui::SliceNode& n : grid_.nodes) {
    const QPointF at = toItem(static_cast<float>(n.column), static_cast<float>(n.row));
    if (isDatelineNode(n, axes.horizontal)) painter->drawLine(at - QPointF(0, bar), at + QPointF(0, bar));
    if (isDatelineNode(n, axes.vertical)) painter->drawLine(at - QPointF(bar, 0), at + QPointF(bar, 0));
  }
  painter->setPen(Qt::NoPen);
  const int selected = controller_->selectedNode();
  for (const flitgui::SliceNode& n : grid_.nodes) {
    const QRgb rgb = n.node == hoveredNode_         ? scene_palette::kNodeHover
                     : !controller_->nodeUp(n.node) ? scene_palette::kFailed
                     : n.node == selected           ? scene_palette::kNodeSelected
                                                    : scene_palette::kNode;
    painter->setBrush(QColor::fromRgb(rgb));
    painter->drawEllipse(toItem(static_cast<float>(n.column), static_cast<float>(n.row)), radius, radius);
  }
}

void SliceView::paintFlits(QPainter* painter) const {
  const double cell = cellPixels();
  const double head = std::max(2.5, cell * 0.085);
  const double body = std::max(1.5, cell * 0.045);
  for (const flitgui::SliceFlit& f : flits_.flits) {
    const QPointF at = toItem(f.x, f.y);
    const QColor color = vc_palette::color(f.vcClass);
    if (f.flags & flitgui::kFlitDatelineViolation)
      painter->setPen(QPen(QColor::fromRgb(vc_palette::kDatelineViolation), 1.5));
    else if (f.flags & flitgui::kFlitDatelineCrossed)
      painter->setPen(QPen(Qt::white, 1.0));
    else
      painter->setPen(Qt::NoPen);
    painter->setBrush(color);
    if (f.flags & flitgui::kFlitHead)  // heads: squares; bodies: dots (as the 3D view's blocks and cubes)
      painter->drawRect(QRectF(at - QPointF(head, head), QSizeF(2 * head, 2 * head)));
    else
      painter->drawEllipse(at, body, body);
  }
}
