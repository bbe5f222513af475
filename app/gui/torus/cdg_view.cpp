#include "torus/cdg_view.h"

#include "vc_palette.h"

#include <QFontMetricsF>
#include <QLineF>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>
#include <map>
#include <numbers>
#include <utility>
#include <vector>

namespace {

constexpr QRgb kEdge = 0xff8a93a3;
constexpr QRgb kCycle = 0xffff4d4d;
// VC0 and VC1 in the colours their packets wear in the 3D view (issue 42,
// item 12: VC1 was green here and deep blue there).
constexpr QRgb kVertex = vc_palette::kVcClassColor[static_cast<std::size_t>(flit::LaneClass::RequestVc0)];
constexpr QRgb kVertexVc1 = vc_palette::kVcClassColor[static_cast<std::size_t>(flit::LaneClass::RequestVc1)];
constexpr QRgb kCircle = 0xff2b313c;
constexpr QRgb kLabel = 0xffe6e9ef;

void drawArrow(QPainter* painter, QPointF a, QPointF b, double trim, double head) {
  QLineF line(a, b);
  const double length = line.length();
  if (length <= 2 * trim) return;
  const QPointF unit = (b - a) / length;
  const QPointF from = a + unit * trim;
  const QPointF tip = b - unit * trim;
  painter->drawLine(from, tip - unit * head * 0.5);
  const QPointF side(-unit.y(), unit.x());
  QPainterPath arrow;
  arrow.moveTo(tip);
  arrow.lineTo(tip - unit * head + side * head * 0.45);
  arrow.lineTo(tip - unit * head - side * head * 0.45);
  arrow.closeSubpath();
  painter->fillPath(arrow, painter->pen().color());
}

}  // namespace

CdgView::CdgView(QQuickItem* parent) : QQuickPaintedItem(parent) { setAntialiasing(true); }

void CdgView::setLab(DeadlockLab* lab) {
  if (lab == lab_) return;
  if (lab_) disconnect(lab_, nullptr, this, nullptr);
  lab_ = lab;
  if (lab_) connect(lab_, &DeadlockLab::labChanged, this, &CdgView::onLab);
  onLab();
  emit labChanged();
}

void CdgView::onLab() {
  auto graph = lab_ ? lab_->graph() : nullptr;
  if (graph && graph->tooLarge) graph.reset();
  if (graph == graph_) return;
  graph_ = std::move(graph);
  update();
  emit graphChanged();
}

int CdgView::vertexCount() const { return graph_ ? static_cast<int>(graph_->vertices.size()) : 0; }
int CdgView::edgeCount() const { return graph_ ? static_cast<int>(graph_->edges.size()) : 0; }

int CdgView::cycleEdgeCount() const {
  if (!graph_) return 0;
  return static_cast<int>(std::count_if(graph_->edges.begin(), graph_->edges.end(),
                                        [this](const auto& e) { return inCycle(*graph_, e.first, e.second); }));
}

bool CdgView::inCycle(const flit::CdgGraph& graph, int from, int to) {
  const std::size_t n = graph.cycle.size();
  for (std::size_t i = 0; i < n; ++i)
    if (graph.cycle[i] == from && graph.cycle[(i + 1) % n] == to) return true;
  return false;
}

QVector<QPointF> CdgView::vertexPositions(const flit::CdgGraph& graph, const QSizeF& size) {
  // Ring order of the channels, and the VCs present (one circle each).
  std::map<std::pair<int, flit::NodeId>, int> slot;
  std::map<int, int> circle;
  for (const flit::CdgVertex& v : graph.vertices) {
    slot.emplace(std::pair{v.direction, v.source}, 0);
    circle.emplace(v.channelVc.vc, 0);
  }
  int k = 0;
  for (auto& [key, s] : slot) s = k++;
  k = 0;
  for (auto& [vc, c] : circle) c = k++;
  const double slotCount = static_cast<double>(std::max<std::size_t>(1, slot.size()));
  const int circles = static_cast<int>(circle.size());
  const QPointF centre(size.width() / 2, size.height() / 2);
  // Room for the labels outside the outer circle when they are drawn.
  const bool labelled = static_cast<int>(graph.vertices.size()) <= kMaxLabelledVertices;
  const double half = std::min(size.width(), size.height()) / 2;
  const double outer = std::max(half * 0.3, half - (labelled ? kLabelMarginPixels : 12.0));
  QVector<QPointF> out;
  out.reserve(static_cast<int>(graph.vertices.size()));
  for (const flit::CdgVertex& v : graph.vertices) {
    const int c = circle[v.channelVc.vc];
    const double radius = circles <= 1 ? outer : outer * (0.6 + 0.4 * c / (circles - 1));
    const double angle = -std::numbers::pi / 2 + 2 * std::numbers::pi * slot[{v.direction, v.source}] / slotCount;
    out.append(centre + QPointF(std::cos(angle), std::sin(angle)) * radius);
  }
  return out;
}

void CdgView::paint(QPainter* painter) {
  if (!graph_ || graph_->vertices.empty()) return;
  painter->setRenderHint(QPainter::Antialiasing, true);
  const QSizeF area = size();
  const QVector<QPointF> at = vertexPositions(*graph_, area);
  const double unit = std::min(area.width(), area.height());
  const double dot = std::clamp(unit / 40.0, 3.0, 8.0);
  // The VC circles, faint, behind everything.
  painter->setPen(QPen(QColor::fromRgb(kCircle), 1.0));
  painter->setBrush(Qt::NoBrush);
  const QPointF centre(area.width() / 2, area.height() / 2);
  std::vector<double> radii;
  for (const QPointF& p : at) {
    const double r = QLineF(centre, p).length();
    if (std::none_of(radii.begin(), radii.end(), [r](double q) { return std::abs(q - r) < 0.5; })) radii.push_back(r);
  }
  for (double r : radii) painter->drawEllipse(centre, r, r);
  // Edges: ordinary ones first, the cycle's on top.
  for (int pass = 0; pass < 2; ++pass) {
    for (const auto& [a, b] : graph_->edges) {
      const bool cycle = inCycle(*graph_, a, b);
      if (cycle != (pass == 1)) continue;
      painter->setPen(QPen(QColor::fromRgb(cycle ? kCycle : kEdge), cycle ? 2.5 : 1.2));
      drawArrow(painter, at[a], at[b], dot + 2, cycle ? 11.0 : 8.0);
    }
  }
  painter->setPen(Qt::NoPen);
  for (int i = 0; i < at.size(); ++i) {
    const bool onCycle = std::find(graph_->cycle.begin(), graph_->cycle.end(), i) != graph_->cycle.end();
    const int vc = graph_->vertices[static_cast<std::size_t>(i)].channelVc.vc;
    painter->setBrush(QColor::fromRgb(onCycle ? kCycle : (vc % 2 ? kVertexVc1 : kVertex)));
    painter->drawEllipse(at[i], dot, dot);
  }
  if (at.size() > kMaxLabelledVertices) return;
  painter->setPen(QColor::fromRgb(kLabel));
  const QFontMetricsF metrics(painter->font());
  double outerRadius = 0.0;
  for (const QPointF& p : at) outerRadius = std::max(outerRadius, QLineF(centre, p).length());
  for (int i = 0; i < at.size(); ++i) {
    // "(0)+X vc0" on two lines: the channel, then its VC.
    QString text = QString::fromStdString(graph_->vertices[static_cast<std::size_t>(i)].label);
    const qsizetype space = text.indexOf(QLatin1Char(' '));
    if (space > 0) text[space] = QLatin1Char('\n');
    // Away from the centre on the outer circle, towards it on the inner ones
    // (an inner label outwards would sit on the next circle's vertex).
    QPointF out = at[i] - centre;
    const double length = std::max(1.0, QLineF(QPointF(), out).length());
    out /= length;
    if (length < outerRadius - 1.0) out = -out;
    const QSizeF box = metrics.size(0, text) + QSizeF(2, 0);
    const QPointF mid = at[i] + out * (dot + 4 + box.width() / 2 * std::abs(out.x()) + box.height() / 2 * std::abs(out.y()));
    painter->drawText(QRectF(mid - QPointF(box.width() / 2, box.height() / 2), box), Qt::AlignCenter, text);
  }
}
