// LinkHeatInstancing: the links coloured by utilisation (issue 5, "links
// coloured by utilization"), drawn instead of the dimension-coloured links
// while the heat map is on. One row per drawn link piece, as LinkInstancing
// (a failed link keeps its gap; the break markers model still draws its X,
// in red). A link's colour is the busier of its two channels, over the last
// statistics interval of the newest frame (FrameSnapshot::channelUtilization,
// flits per cycle 0..1), on a dark-blue -> magenta -> orange -> pale-yellow
// scale (heatColor, also used by the legend).
//
// The load is the engine's windowed flow (flit::LinkLoad: exponentially
// weighted over the last few hundred cycles), not one interval's.
//
// The detour (routeChange, Shift+H; issue 42, item 4): the routes the last
// route rebuild changed (Frame::torus->rebuild, the engine's
// compareRoutes; RebuildOutcome says it in words). A link on a changed
// route's path now is drawn in scene_palette::kDetour, one only on a changed
// route's path before in violet, every other link dim grey, a failed link
// red: the detour stands out of a dimmed lattice.
//
// A frame published while paused covers no cycles; the map keeps the last
// interval that had some. The table is per frame, but rebuilt at most kRebuildsPerSecond times a
// second (a frame within the limit is drawn when the limit's interval ends, so
// the last one of a run shows; utilisation is an interval average; 6144 links re-uploaded 60 times
// a second would cost more than the packets).
#pragma once

#include "network_controller.h"
#include "simulation_controller.h"
#include "row_instancing.h"

#include <QColor>
#include <QElapsedTimer>
#include <QPointer>
#include <QQuick3DInstancing>
#include <QTimer>
#include <QtQml/qqmlregistration.h>

#include <vector>

class LinkHeatInstancing : public RowInstancing {
  Q_OBJECT
  QML_ELEMENT
  Q_PROPERTY(NetworkController* controller READ controller WRITE setController NOTIFY controllerChanged)
  Q_PROPERTY(flitgui::SimulationController* simulation READ simulation WRITE setSimulation NOTIFY simulationChanged)
  Q_PROPERTY(bool active READ active WRITE setActive NOTIFY activeChanged)
  Q_PROPERTY(double maxUtilization READ maxUtilization NOTIFY tableChanged)
  Q_PROPERTY(bool routeChange READ routeChange WRITE setRouteChange NOTIFY routeChangeChanged)
  Q_PROPERTY(bool packetsPerLink READ packetsPerLink WRITE setPacketsPerLink NOTIFY packetsPerLinkChanged)

 public:
  static constexpr int kRebuildsPerSecond = 5;
  // What a link is in the detour view.
  enum RouteRole { OtherLink = 0, RouteBefore, RouteNow };
  Q_ENUM(RouteRole)
  explicit LinkHeatInstancing(QQuick3DObject* parent = nullptr);

  NetworkController* controller() const { return controller_; }
  void setController(NetworkController* controller);
  flitgui::SimulationController* simulation() const { return simulation_; }
  void setSimulation(flitgui::SimulationController* simulation);
  bool active() const { return active_; }
  void setActive(bool active);
  double maxUtilization() const { return maxUtilization_; }
  bool routeChange() const { return routeChange_; }
  void setRouteChange(bool on);
  // The link's role in the detour view (RouteRole), from the newest change.
  Q_INVOKABLE int linkRouteRole(int link) const;
  // sRGB colour of a role (the legend's swatches).
  static QColor routeRoleColor(int role);
  // Level of detail (FrameSnapshot::channelFlits): each link coloured by the
  // flits on it and in the buffer it feeds (the fuller of its two channels),
  // in the VC class colour of most of them, brighter when fuller
  // (flitsColor); grey when empty. Used while the frame counts flits per
  // channel and no heat map is on.
  bool packetsPerLink() const { return packetsPerLink_; }
  void setPacketsPerLink(bool on);
  static QColor flitsColor(double fill, flit::LaneClass laneClass);
  // The colour of a link in that mode, from the newest frame's counts.
  QColor linkFlitsColor(int link) const;
  

  // sRGB colour of a utilisation 0..1 (clamped): the heat scale.
  static QColor heatColor(double utilization);
  // The utilisation the link is drawn with now (max of its two channels).
  double linkUtilization(int link) const;

 signals:
  void controllerChanged();
  void simulationChanged();
  void activeChanged();
  void routeChangeChanged();
  void packetsPerLinkChanged();
  void tableChanged();

 private:
  void onFrame();
  void rebuild();

  QPointer<NetworkController> controller_;
  QPointer<flitgui::SimulationController> simulation_;
  bool active_ = false;
  double maxUtilization_ = 0.0;
  QElapsedTimer sinceRebuild_;
  QTimer deferred_;  // a frame that came within the rate limit is drawn when it ends
  // Per channel, from the newest frame whose interval had cycles in it: a
  // frame published while paused (after a command) covers no cycles and
  // reports 0 everywhere, which must not blank the map.
  std::vector<float> utilization_;
  std::uint64_t lastCycle_ = 0;
  bool routeChange_ = false;
  std::shared_ptr<const flit::RouteChange> change_;  // the newest frame's
  std::vector<std::uint8_t> channelRole_;                  // per channel, RouteRole of change_
  bool packetsPerLink_ = false;
  std::shared_ptr<const flit::ChannelFlits> channelFlits_;  // the newest frame's
};

// The heat scale for QML (the legend): HeatPalette.color(u).
class HeatPalette : public QObject {
  Q_OBJECT
  QML_ELEMENT
  QML_SINGLETON
 public:
  using QObject::QObject;
  Q_INVOKABLE QColor color(double utilization) const { return LinkHeatInstancing::heatColor(utilization); }
  Q_INVOKABLE QColor routeRoleColor(int role) const { return LinkHeatInstancing::routeRoleColor(role); }
};
