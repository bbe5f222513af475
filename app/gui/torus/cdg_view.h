// CdgView: the channel dependency graph of the routes in force, drawn the
// way Dally & Seitz draw Figure 1 (b) and Figure 2 (b) (issue 18, deadlock
// lab): each channel VC a dot, the channels around a circle in ring order
// (by direction, then by the router they leave), one circle per VC (VC0
// inside), each dependency an arrow from the channel a route holds to the
// one it asks for next, the cycle the check found in red. The graph comes
// from the DeadlockLab's frames (flit::CdgGraph, built on the worker by the
// engine's dependency check); this item only places and paints it. Nothing
// is drawn while the graph is too large (the panel says so). GUI thread only.
#pragma once

#include "torus/deadlock_lab.h"

#include <QPointF>
#include <QPointer>
#include <QQuickPaintedItem>
#include <QSizeF>
#include <QVector>
#include <QtQml/qqmlregistration.h>

#include <memory>

class CdgView : public QQuickPaintedItem {
  Q_OBJECT
  QML_ELEMENT
  Q_PROPERTY(DeadlockLab* lab READ lab WRITE setLab NOTIFY labChanged)
  // Drawn vertices and edges (0 while nothing is drawn).
  Q_PROPERTY(int vertexCount READ vertexCount NOTIFY graphChanged)
  Q_PROPERTY(int edgeCount READ edgeCount NOTIFY graphChanged)
  Q_PROPERTY(int cycleEdgeCount READ cycleEdgeCount NOTIFY graphChanged)

 public:
  static constexpr int kMaxLabelledVertices = 24;  // more: labels would overlap
  static constexpr double kLabelMarginPixels = 58.0;  // room outside the outer circle for a label
  explicit CdgView(QQuickItem* parent = nullptr);

  DeadlockLab* lab() const { return lab_; }
  void setLab(DeadlockLab* lab);
  int vertexCount() const;
  int edgeCount() const;
  int cycleEdgeCount() const;

  // Where each vertex of `graph` sits in an item of `size`: circles around
  // the centre, one per VC present (VC0 innermost), the channel's angle from
  // its place in ring order (direction, then source router), clockwise from
  // the top. Pure: tests check it.
  static QVector<QPointF> vertexPositions(const flit::CdgGraph& graph, const QSizeF& size);
  // Whether edge (from, to) is a step of graph.cycle.
  static bool inCycle(const flit::CdgGraph& graph, int from, int to);

  void paint(QPainter* painter) override;

 signals:
  void labChanged();
  void graphChanged();

 private:
  void onLab();

  QPointer<DeadlockLab> lab_;
  std::shared_ptr<const flit::CdgGraph> graph_;
};
