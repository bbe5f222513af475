// PathOverlay: a highlighted route in the 3D view, as its own instanced Model
// (own material, QTBUG-105318; LowPolyMesh.Prism geometry). Reusable: the
// follow-packet mode feeds the path a packet took and its remaining route;
// the routing-tag editor can feed its ghost path the same way.
//
// QML:  Model { geometry: LowPolyMesh { shape: LowPolyMesh.Prism }
//               instancing: PathOverlay { controller: ...; channels: [...];
//                                         nodes: [...]; color: "#ffd54a";
//                                         style: PathOverlay.Dashed }
//               materials: DefaultMaterial { lighting: DefaultMaterial.NoLighting } }
//  - channels: ChannelIds (link * 2 + 0 for +, + 1 for -; topology.h) in path
//    order; each is drawn along its link's pieces (both stubs of a wrap link),
//    as one bar (Solid) or three dashes (Dashed), `thickness` scene units
//    in radius (links are 0.45, so the default 0.75 sheathes them).
//  - nodes: NodeIds marked with a flat halo around the node sphere.
// From C++: channelsOf(topology, trace) / nodesOf(trace) turn an engine
// PathTrace (routing/path_trace.h) into these lists.
// The table is rebuilt only when a property or the scenario changes.
#pragma once

#include "network_controller.h"
#include "routing/path_trace.h"
#include "row_instancing.h"

#include <QColor>
#include <QList>
#include <QPointer>
#include <QQuick3DInstancing>
#include <QtQml/qqmlregistration.h>

class PathOverlay : public RowInstancing {
  Q_OBJECT
  QML_ELEMENT
  Q_PROPERTY(NetworkController* controller READ controller WRITE setController NOTIFY controllerChanged)
  Q_PROPERTY(QList<int> channels READ channels WRITE setChannels NOTIFY pathChanged)
  Q_PROPERTY(QList<int> nodes READ nodes WRITE setNodes NOTIFY pathChanged)
  Q_PROPERTY(QColor color READ color WRITE setColor NOTIFY styleChanged)
  Q_PROPERTY(Style style READ style WRITE setStyle NOTIFY styleChanged)
  Q_PROPERTY(float thickness READ thickness WRITE setThickness NOTIFY styleChanged)
  Q_PROPERTY(bool empty READ empty NOTIFY pathChanged)

 public:
  enum class Style { Solid, Dashed };
  Q_ENUM(Style)
  static constexpr int kDashesPerPiece = 3;

  explicit PathOverlay(QQuick3DObject* parent = nullptr) : RowInstancing(parent) {}

  NetworkController* controller() const { return controller_; }
  void setController(NetworkController* controller);
  QList<int> channels() const { return channels_; }
  void setChannels(const QList<int>& channels);
  QList<int> nodes() const { return nodes_; }
  void setNodes(const QList<int>& nodes);
  QColor color() const { return color_; }
  void setColor(const QColor& color);
  Style style() const { return style_; }
  void setStyle(Style style);
  float thickness() const { return thickness_; }
  void setThickness(float thickness);
  bool empty() const { return channels_.isEmpty() && nodes_.isEmpty(); }

  // The channels a traced path crosses, in order (hops over links that exist;
  // a hop stopped at a failed link is included: the overlay shows where it
  // is blocked), and the routers it visits.
  static QList<int> channelsOf(const flit::Topology& topology, const flit::PathTrace& trace);
  static QList<int> nodesOf(const flit::PathTrace& trace);

 signals:
  void controllerChanged();
  void pathChanged();
  void styleChanged();

 private:
  void build() override;

  QPointer<NetworkController> controller_;
  QList<int> channels_;
  QList<int> nodes_;
  QColor color_ = QColor(0xff, 0xd5, 0x4a);
  Style style_ = Style::Solid;
  float thickness_ = 0.75f;
};
