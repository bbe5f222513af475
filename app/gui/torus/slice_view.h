// SliceView: one XY, YZ or XZ plane of the torus drawn flat beside the 3D
// view (issue 5, 2D slice mode), from the same frame snapshots: the plane's
// nodes on a grid, its links coloured as in 3D (by dimension, or by
// utilisation with the heat map; failed links red and broken), the torus wrap
// links as stubs at the edges with chevrons and the ordinate they wrap to,
// dateline nodes crossed by a grey bar, and the plane's flits by VC class
// (vc_palette.h). The model (which nodes, links, flits) is slice_model.h;
// this item maps it to pixels, paints it with QPainter and answers hit tests
// for the QML mouse handling (SlicePanel.qml). GUI thread only; the work per
// frame is one pass over the frame's flits keeping only the plane's.
#pragma once

#include "network_controller.h"
#include "simulation_controller.h"
#include "torus/slice_model.h"

#include <QPointer>
#include <QQuickPaintedItem>
#include <QtQml/qqmlregistration.h>

class SliceView : public QQuickPaintedItem {
  Q_OBJECT
  QML_ELEMENT
  Q_PROPERTY(NetworkController* controller READ controller WRITE setController NOTIFY controllerChanged)
  Q_PROPERTY(flitgui::SimulationController* simulation READ simulation WRITE setSimulation NOTIFY simulationChanged)
  Q_PROPERTY(Plane plane READ plane WRITE setPlane NOTIFY sliceChanged)
  // Ordinate of the fixed dimension (clamped to 0 .. depth-1).
  Q_PROPERTY(int index READ index WRITE setIndex NOTIFY sliceChanged)
  Q_PROPERTY(bool heatMap READ heatMap WRITE setHeatMap NOTIFY heatMapChanged)
  // The barrier tree over the plane (issue 42, item 9: "the slice shows no
  // tree"), as in 3D: the parent edges that lie in the plane by level, the
  // root gold; needs the frames' flit::SyncView (the tree overlay watches it).
  Q_PROPERTY(bool syncTree READ syncTree WRITE setSyncTree NOTIFY heatMapChanged)
  Q_PROPERTY(int depth READ depth NOTIFY sliceChanged)           // radix of the fixed dimension
  Q_PROPERTY(QString fixedAxis READ fixedAxis NOTIFY sliceChanged)  // "Z" for XY, ...
  Q_PROPERTY(int columns READ columns NOTIFY sliceChanged)
  Q_PROPERTY(int rows READ rows NOTIFY sliceChanged)
  Q_PROPERTY(int nodeCount READ nodeCount NOTIFY sliceChanged)
  Q_PROPERTY(int linkCount READ linkCount NOTIFY sliceChanged)
  Q_PROPERTY(int wrapLinkCount READ wrapLinkCount NOTIFY sliceChanged)
  Q_PROPERTY(int flitCount READ flitCount NOTIFY flitsChanged)
  Q_PROPERTY(int betweenPlanes READ betweenPlanes NOTIFY flitsChanged)
  // True when this plane holds the datelines of the fixed dimension's rings.
  Q_PROPERTY(bool datelinePlane READ datelinePlane NOTIFY flitsChanged)
  Q_PROPERTY(int hoveredNode READ hoveredNode NOTIFY hoverChanged)
  Q_PROPERTY(int hoveredLink READ hoveredLink NOTIFY hoverChanged)

 public:
  enum Plane { XY = 0, YZ, XZ };
  Q_ENUM(Plane)
  explicit SliceView(QQuickItem* parent = nullptr);

  NetworkController* controller() const { return controller_; }
  void setController(NetworkController* controller);
  flitgui::SimulationController* simulation() const { return simulation_; }
  void setSimulation(flitgui::SimulationController* simulation);
  Plane plane() const { return plane_; }
  void setPlane(Plane plane);
  int index() const { return index_; }
  void setIndex(int index);
  bool heatMap() const { return heatMap_; }
  void setHeatMap(bool on);
  bool syncTree() const { return syncTree_; }
  void setSyncTree(bool on);
  int depth() const;
  QString fixedAxis() const;
  int columns() const { return grid_.columns; }
  int rows() const { return grid_.rows; }
  int nodeCount() const { return static_cast<int>(grid_.nodes.size()); }
  int linkCount() const { return static_cast<int>(grid_.links.size()); }
  int wrapLinkCount() const { return grid_.wrapLinkCount(); }
  int flitCount() const { return static_cast<int>(flits_.flits.size()); }
  int betweenPlanes() const { return flits_.betweenPlanes; }
  bool datelinePlane() const;
  int hoveredNode() const { return hoveredNode_; }
  int hoveredLink() const { return hoveredLink_; }
  const flitgui::SliceGrid& grid() const { return grid_; }
  // The utilisation a link is coloured with under the heat map (busier
  // direction, over the last interval that had cycles), 0..1.
  double linkUtilization(flit::LinkId link) const;
  const flitgui::SliceFlits& flits() const { return flits_; }

  // Hit tests in item coordinates: the node (or link) under the point, or -1.
  // A node wins over the links that end at it.
  Q_INVOKABLE int nodeAt(const QPointF& point) const;
  Q_INVOKABLE int linkAt(const QPointF& point) const;
  // A point on a node or a link that hits it (a link's middle; a wrap
  // link's stub at the far edge, out from the node); (-1,-1) when not in the plane.
  Q_INVOKABLE QPointF nodePoint(int node) const;
  Q_INVOKABLE QPointF linkPoint(int link) const;
  // Grid units -> item pixels (row 0 at the bottom).
  QPointF toItem(float column, float row) const;
  double cellPixels() const;

  void paint(QPainter* painter) override;

 public slots:
  void hoverAt(const QPointF& point);
  void clearHover();

 signals:
  void controllerChanged();
  void simulationChanged();
  void sliceChanged();
  void heatMapChanged();
  void flitsChanged();
  void hoverChanged();

 protected:
  void geometryChange(const QRectF& newGeometry, const QRectF& oldGeometry) override;
  void itemChange(ItemChange change, const ItemChangeData& value) override;

 private:
  struct Piece {
    QPointF a, b;
  };
  int pieces(const flitgui::SliceLink& link, Piece out[2]) const;
  void rebuildGrid();
  void onFrame();
  // The newest frame's datelines (null: none yet, or not a torus's frame).
  const flit::DatelineView* datelines() const {
    return frame_ && frame_->torus ? frame_->torus->datelines.get() : nullptr;
  }
  void rewatch();
  void paintLinks(QPainter* painter) const;
  void paintNodes(QPainter* painter) const;
  void paintFlits(QPainter* painter) const;
  void paintSyncTree(QPainter* painter) const;
  bool isDatelineNode(const flitgui::SliceNode& node, int dim) const;

  QPointer<NetworkController> controller_;
  QPointer<flitgui::SimulationController> simulation_;
  Plane plane_ = XY;
  int index_ = 0;
  bool heatMap_ = false;
  bool syncTree_ = false;
  flitgui::SliceGrid grid_;
  flitgui::SliceFlits flits_;
  flitgui::FramePtr frame_;      // the newest frame (datelines, nodes)
  flitgui::FramePtr heatFrame_;  // the newest frame whose interval had cycles (as LinkHeatInstancing)
  bool stale_ = false;           // frames arrived while hidden
  int hoveredNode_ = -1;
  int hoveredLink_ = -1;
};
