#include "torus/slice_deadlock_overlay.h"

#include <QFontMetricsF>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>

namespace {
constexpr QRgb kDim = 0x991b1f27;  // the slice's background, translucent
constexpr QRgb kRed = 0xffff4d4d;
constexpr QRgb kArrow = 0xffff8a65;
constexpr QRgb kLabel = 0xffffd54a;
}  // namespace

SliceDeadlockOverlay::SliceDeadlockOverlay(QQuickItem* parent) : QQuickPaintedItem(parent) {
  setAntialiasing(true);
  setAcceptedMouseButtons(Qt::NoButton);
}

void SliceDeadlockOverlay::setSlice(SliceView* slice) {
  if (slice == slice_) return;
  if (slice_) disconnect(slice_, nullptr, this, nullptr);
  slice_ = slice;
  if (slice_) {
    connect(slice_, &SliceView::sliceChanged, this, &SliceDeadlockOverlay::refresh);
    connect(slice_, &SliceView::controllerChanged, this, &SliceDeadlockOverlay::refresh);
    connect(slice_, &QQuickItem::widthChanged, this, [this] { update(); });
    connect(slice_, &QQuickItem::heightChanged, this, [this] { update(); });
  }
  refresh();
  emit sliceChanged();
}

void SliceDeadlockOverlay::setLab(DeadlockLab* lab) {
  if (lab == lab_) return;
  if (lab_) disconnect(lab_, nullptr, this, nullptr);
  lab_ = lab;
  if (lab_) connect(lab_, &DeadlockLab::deadlockChanged, this, &SliceDeadlockOverlay::refresh);
  refresh();
  emit labChanged();
}

void SliceDeadlockOverlay::refresh() {
  const flit::DeadlockView* d = lab_ ? lab_->deadlock() : nullptr;
  const NetworkController* controller = slice_ ? slice_->controller() : nullptr;
  const flit::Topology* topo = controller ? controller->topology() : nullptr;
  marks_ = {};
  cycle_.clear();
  if (d && topo && slice_->grid().nodeSlot.size() == static_cast<std::size_t>(topo->nodeCount())) {
    cycle_ = d->cycle;
    marks_ = flitgui::sliceDeadlockMarks(*topo, slice_->grid(), cycle_);
  }
  update();
  emit marksChanged();
}

void SliceDeadlockOverlay::paint(QPainter* painter) {
  if (!slice_ || cycle_.empty()) return;
  painter->setRenderHint(QPainter::Antialiasing, true);
  painter->fillRect(QRectF(QPointF(0, 0), size()), QColor::fromRgba(kDim));
  const double cell = slice_->cellPixels();
  const double ring = std::max(4.0, cell * 0.13);
  painter->setPen(QPen(QColor::fromRgb(kArrow), std::max(2.0, cell * 0.05), Qt::SolidLine, Qt::RoundCap));
  for (const auto& a : marks_.arrows) {
    const QPointF p0 = slice_->toItem(a.x0, a.y0);
    const QPointF p1 = slice_->toItem(a.x1, a.y1);
    painter->drawLine(p0, p1);
    if (!a.head) continue;
    const QLineF line(p0, p1);
    if (line.length() < 1) continue;
    const QPointF unit = (p1 - p0) / line.length();
    const QPointF side(-unit.y(), unit.x());
    const double head = std::max(7.0, cell * 0.14);
    const QPointF tip = p1 - unit * ring;
    QPainterPath arrow;
    arrow.moveTo(tip);
    arrow.lineTo(tip - unit * head + side * head * 0.5);
    arrow.lineTo(tip - unit * head - side * head * 0.5);
    arrow.closeSubpath();
    painter->fillPath(arrow, QColor::fromRgb(kArrow));
  }
  QFont font = painter->font();
  font.setPixelSize(static_cast<int>(std::clamp(cell * 0.16, 9.0, 14.0)));
  painter->setFont(font);
  for (const auto& b : marks_.buffers) {
    const QPointF at = slice_->toItem(b.x, b.y);
    painter->setPen(QPen(QColor::fromRgb(kRed), 2.5));
    painter->setBrush(Qt::NoBrush);
    painter->drawEllipse(at, ring, ring);
    const flit::DeadlockBuffer& w = cycle_[static_cast<std::size_t>(b.index)];
    // The label above the ring, below it for a buffer on the node's lower
    // side (grid y runs up), so that neighbours along a row do not overlap.
    float dx = 0, dy = 0;
    flitgui::slicePortVector(flitgui::sliceAxes(slice_->grid().plane), w.port, dx, dy);
    const QString text = tr("P%1 VC%2").arg(w.packet).arg(w.vc);
    const QSizeF box = QFontMetricsF(font).size(0, text);
    QPointF centre = at + QPointF(0, (dy < 0 ? 1 : -1) * (ring + 2 + box.height() / 2));
    centre.setX(std::clamp(centre.x(), box.width() / 2, std::max(box.width() / 2, width() - box.width() / 2)));
    painter->setPen(QColor::fromRgb(kLabel));
    painter->drawText(QRectF(centre - QPointF(box.width() / 2, box.height() / 2), box), Qt::AlignCenter, text);
  }
}
