// FatTreeMapView: a fat-tree drawn flat beside the 3D view (issue 19, the
// family's 2D projection; what the slice is for a torus), from the same
// frames: SceneLayout::fatTreeFlat places the endpoints along the bottom,
// each unit tree's RN1 layers in rows above them and the stages of the
// composition higher up (DeHon seed 004, Figures 6-8 are drawn this way).
// Across and upwards are scaled apart to fill the item. Channels are
// coloured by the way they go (up, down, lateral, as in 3D),
// failed ones red with a gap; the channels a circuit holds now are drawn
// over them in the circuit colour, and a discarded transmission flashes at
// the RN1 that discarded it (white: both outputs busy, red: a fault).
//
// The network is painted once into a cached image (redrawn when the
// network, the view or a link state changes); new frames repaint only the
// circuits and flashes over it, at most ten times a second. Zoom (mouse wheel, + / -) and pan (drag)
// reach single RN1s of the 4096-endpoint tree; fit() shows the whole.
// GUI thread only.
#pragma once

#include "frame_snapshot.h"
#include "network_controller.h"
#include "scene_layout.h"
#include "simulation_controller.h"

#include <QElapsedTimer>
#include <QImage>
#include <QLineF>
#include <QList>
#include <QPointer>
#include <QQuickPaintedItem>
#include <QTimer>
#include <QtQml/qqmlregistration.h>

#include <vector>

class FatTreeMapView : public QQuickPaintedItem {
  Q_OBJECT
  QML_ELEMENT
  Q_PROPERTY(NetworkController* controller READ controller WRITE setController NOTIFY controllerChanged)
  Q_PROPERTY(flitgui::SimulationController* simulation READ simulation WRITE setSimulation NOTIFY simulationChanged)
  // 1 = the whole network fits; up to kMaxZoom.
  Q_PROPERTY(double zoom READ zoom NOTIFY viewChanged)
  Q_PROPERTY(int nodeCount READ nodeCount NOTIFY networkChanged)
  Q_PROPERTY(int linkCount READ linkCount NOTIFY networkChanged)
  Q_PROPERTY(int heldLinkCount READ heldLinkCount NOTIFY circuitsChanged)  // channels a circuit holds now
  Q_PROPERTY(int hoveredNode READ hoveredNode NOTIFY hoverChanged)
  Q_PROPERTY(int hoveredLink READ hoveredLink NOTIFY hoverChanged)

 public:
  static constexpr double kMaxZoom = 400.0;
  explicit FatTreeMapView(QQuickItem* parent = nullptr);

  NetworkController* controller() const { return controller_; }
  void setController(NetworkController* controller);
  flitgui::SimulationController* simulation() const { return simulation_; }
  void setSimulation(flitgui::SimulationController* simulation);
  double zoom() const { return zoom_; }
  int nodeCount() const { return layout_.nodeCount(); }
  int linkCount() const { return layout_.linkCount(); }
  int heldLinkCount() const { return static_cast<int>(held_.size()); }
  int hoveredNode() const { return hoveredNode_; }
  int hoveredLink() const { return hoveredLink_; }

  // Where a node or a link's middle is drawn, in item coordinates.
  Q_INVOKABLE QPointF nodePoint(int node) const;
  Q_INVOKABLE QPointF linkPoint(int link) const;
  // Hit tests in item coordinates: the node (or channel) under the point, or
  // -1. A node wins over the channels that end at it.
  Q_INVOKABLE int nodeAt(const QPointF& point) const;
  Q_INVOKABLE int linkAt(const QPointF& point) const;
  Q_INVOKABLE void hoverAt(const QPointF& point);
  Q_INVOKABLE void clearHover();
  // Zoom by `factor` keeping the map point under `point` where it is.
  Q_INVOKABLE void zoomAt(const QPointF& point, double factor);
  Q_INVOKABLE void panBy(double dx, double dy);
  Q_INVOKABLE void fit();

  void paint(QPainter* painter) override;

 signals:
  void controllerChanged();
  void simulationChanged();
  void viewChanged();
  void networkChanged();
  void circuitsChanged();
  void hoverChanged();

 protected:
  void geometryChange(const QRectF& newGeometry, const QRectF& oldGeometry) override;
  void itemChange(ItemChange change, const ItemChangeData& value) override;

 private:
  void rebuild();  // the flat layout of the controller's fat-tree
  void onFrame();
  void networkDrawingStale();
  double scale() const;          // pixels per scene unit across
  double verticalScale() const;  // and upwards
  QPointF toItem(const QVector3D& p) const;
  QImage drawNetwork() const;

  QPointer<NetworkController> controller_;
  QPointer<flitgui::SimulationController> simulation_;
  flitgui::FramePtr frame_;
  SceneLayout layout_;
  float minX_ = 0, maxX_ = 0, minY_ = 0, maxY_ = 0;  // the layout's extent in x and y
  double zoom_ = 1.0;
  QPointF pan_;  // pixels the map is moved by from its fitted place
  std::vector<int> held_;  // links a circuit holds in frame_
  static constexpr std::size_t kAntialiasedCircuits = 2000;
  // Links of a bigger tree are drawn without antialiasing (drawNetwork).
  static constexpr int kAntialiasedLinks = 4000;
  // Many held channels: a pixel line shared by 1, 2, ... or kShareLevels or
  // more of them is drawn at one of kShareLevels opacities (paint()).
  static constexpr int kShareLevels = 6;
  static constexpr int kRepaintsPerSecond = 10;  // for new frames (hover, zoom and pan at once)
  QTimer repaintTimer_;
  QElapsedTimer sincePaint_;
  QImage network_;        // the cached drawing of the network (null: stale, e.g. a new size)
  QList<QLineF> lines_;   // the held channels of a paint, kept for its capacity
  bool stale_ = false;      // frames came while hidden
  int hoveredNode_ = -1;
  int hoveredLink_ = -1;
};
