// PacketScene: the packets in flight as the 3D view draws them, rebuilt from
// every FrameSnapshot (issue 5, "What the 3D view shows"). GUI thread only.
//
//  - Placement: a flit on a channel sits along its link by progress
//    (channel_geometry), a buffered flit at its router's input port.
//  - Motion: the simulator's progress is per cycle, so a flit jumps between
//    frames. When a frame arrives, every flit glides from where it is shown
//    now to its new place over the frame's expected display interval
//    (cycles advanced / requested speed while running; the measured gap
//    between frames at full speed; 0.2 s for a step), recomputed on every
//    afterAnimating of the window. The view therefore lags the engine by at
//    most one frame interval, and motion is continuous at 1 cycle/s. Flits are
//    matched across frames by their identity from the engine (packet serial
//    and flit index); a jump longer than 1.5 link lengths (over a wrap link)
//    snaps instead of crossing the lattice.
//  - Tables (one QByteArray of InstanceTableEntry rows each, linear colours):
//    heads (a long diamond along the direction of travel), bodies (small diamonds),
//    adaptive trails (fading spheres at the head's last positions, for
//    packets on the adaptive VC), flashes (a white halo round the head of a
//    packet that switched VC0 -> VC1 at a dateline in the last 16 cycles; a
//    red one and a red head for a dateline violation), detours (a collar in
//    scene_palette::kDetour round the head of a packet whose route the last
//    route rebuild changed: FlitView::rerouted).
//  - Colours: by VC class (vc_palette.h), or by the packet's age under the
//    XT age arbiter (colorMode ColorByAge, age_palette.h; grey without an age).
//  - Picking: pickPacket() intersects the shown flits (C++ ray test, Qt 6.4
//    cannot pick instances).
#pragma once

#include "frame_snapshot.h"
#include "network_controller.h"
#include "simulation_controller.h"

#include <QElapsedTimer>
#include <QPointer>
#include <QQuick3DInstancing>
#include <QtQml/qqmlregistration.h>

#include <array>
#include <functional>
#include <unordered_map>
#include <vector>

class PacketScene : public QObject {
  Q_OBJECT
  QML_ELEMENT
  Q_PROPERTY(NetworkController* controller READ controller WRITE setController NOTIFY controllerChanged)
  Q_PROPERTY(flitgui::SimulationController* simulation READ simulation WRITE setSimulation NOTIFY simulationChanged)
  Q_PROPERTY(bool smoothMotion READ smoothMotion WRITE setSmoothMotion NOTIFY smoothMotionChanged)
  Q_PROPERTY(ColorMode colorMode READ colorMode WRITE setColorMode NOTIFY colorModeChanged)
  Q_PROPERTY(int flitCount READ flitCount NOTIFY tablesChanged)
  Q_PROPERTY(int flashCount READ flashCount NOTIFY tablesChanged)
  Q_PROPERTY(int detourCount READ detourCount NOTIFY tablesChanged)
  // Level of detail: the frame counted its flits per channel (more than
  // kFlitsDrawnOneByOne); only the followed packet's and the open slice
  // plane's flits are drawn here, the links show the rest
  // (LinkHeatInstancing::packetsPerLink).
  Q_PROPERTY(bool perLink READ perLink NOTIFY tablesChanged)
  Q_PROPERTY(double flitsInNetwork READ flitsInNetwork NOTIFY tablesChanged)

 public:
  enum Part { Heads = 0, Bodies, Trails, Flashes, Detours, PartCount };
  Q_ENUM(Part)
  enum ColorMode { ColorByVc = 0, ColorByAge };
  Q_ENUM(ColorMode)
  static constexpr int kTrailLength = 6;
  static constexpr float kHeadRadius = 1.1f;
  static constexpr float kHeadLength = 2.2f;
  static constexpr float kBodyRadius = 0.8f;
  static constexpr float kPickRadius = 1.2f;
  // A flit that moved farther than this in one frame (a wrap link, a jump
  // after a rewind) is shown at its new place at once instead of gliding.
  static constexpr float kSnapDistance = SceneLayout::kSpacing * 1.5f;

  explicit PacketScene(QObject* parent = nullptr);

  NetworkController* controller() const { return controller_; }
  void setController(NetworkController* controller);
  flitgui::SimulationController* simulation() const { return simulation_; }
  void setSimulation(flitgui::SimulationController* simulation);
  bool smoothMotion() const { return smoothMotion_; }
  void setSmoothMotion(bool on);
  ColorMode colorMode() const { return colorMode_; }
  void setColorMode(ColorMode mode);
  int flitCount() const { return static_cast<int>(shown_.size()); }
  int flashCount() const { return rowCount(Flashes); }
  int detourCount() const { return rowCount(Detours); }
  bool perLink() const { return frame_ && frame_->channelFlits; }
  double flitsInNetwork() const { return frame_ ? static_cast<double>(frame_->flitsInNetwork) : 0.0; }

  // The display clock, in seconds (default: a monotonic timer); tests inject one.
  void setClock(std::function<double()> secondsNow) { clockOverride_ = std::move(secondsNow); }
  // Moves the flits to where they are at the clock's now (the window calls it
  // on every afterAnimating; tests call it directly). True while still gliding.
  bool tick();

  const QByteArray& table(int part) const { return tables_[static_cast<std::size_t>(part)]; }
  int rowCount(int part) const;

  // Serial of the packet whose shown flit is nearest along the ray, or -1.
  Q_INVOKABLE int pickPacket(const QVector3D& origin, const QVector3D& through) const;
  // What a left click follows (docs/user-guide.md, "Mouse"): the packet whose
  // flit (head or body, at its drawn size) the ray hits first, or where it
  // hits none, the flit nearest to the ray within kPickRadius; unless a
  // node is in front of it. A link never hides a packet: the
  // packets are drawn on their links, and a click aimed at one must not go
  // to its link (issue 42). The ray through the middle of a router's ball
  // (kNodeCoreFraction of its radius) selects the router, also when packets
  // wait in its buffers on the ball's surface (a packet travelling on a link
  // is still followed there). `wide` (Shift+click): the nearest flit within
  // kPickRadius, whatever is in front. -1: no packet, the click goes to the
  // network (select a node; a link only in break mode).
  Q_INVOKABLE int clickedPacket(const QVector3D& origin, const QVector3D& through, bool wide) const;
  static constexpr float kNodeCoreFraction = 0.6f;
  // What the status bar names over a packet: its serial, VC class and where
  // its head (or first shown flit) is; empty for a packet not shown.
  Q_INVOKABLE QString describePacket(int packet) const;
  // Where the packet's head (or first flit) is shown now; hasPacket() first.
  Q_INVOKABLE bool hasPacket(int packet) const;
  Q_INVOKABLE QVector3D packetPosition(int packet) const;
  // Serials of the packets shown with a VC class (frame_snapshot.h VcClass), for tests.
  Q_INVOKABLE QList<int> packetsOfClass(int vcClass) const;

 signals:
  void controllerChanged();
  void simulationChanged();
  void smoothMotionChanged();
  void colorModeChanged();
  void tablesChanged();

 private:
  struct Shown {
    QVector3D from, to, pos, axis;  // axis: direction of travel
    std::int32_t packet = -1;
    std::int16_t index = 0;  // flit index in the packet
    std::uint8_t flags = 0;
    flitgui::VcClass vcClass = flitgui::VcClass::RequestVc0;
    std::int16_t age = -1;
    flit::ChannelId channel = flit::kInvalidId;  // the frame's FlitVisual: on this channel,
    flit::NodeId node = flit::kInvalidId;        // or buffered in this router
  };
  void connectWindow();
  void onFrame();
  void onAfterAnimating();
  void place(const flitgui::FrameSnapshot& frame, std::vector<Shown>& out) const;
  void matchPrevious(std::vector<Shown>& next) const;
  void updateTrails();
  void updatePositions(double now);
  void writeTables();
  double expectedInterval(const flitgui::FrameSnapshot& frame, double now) const;
  double now() const { return clockOverride_ ? clockOverride_() : static_cast<double>(clock_.nsecsElapsed()) * 1e-9; }

  QPointer<NetworkController> controller_;
  QPointer<flitgui::SimulationController> simulation_;
  QPointer<QQuickWindow> window_;
  QMetaObject::Connection afterAnimating_;
  bool smoothMotion_ = true;
  ColorMode colorMode_ = ColorByVc;
  std::vector<Shown> shown_;
  std::vector<QVector3D> positions_;  // shown_[i].pos, contiguous for the picker
  std::unordered_map<std::int32_t, std::vector<QVector3D>> trails_;  // adaptive packets: head's last places
  flitgui::FramePtr frame_;
  QElapsedTimer clock_;
  std::function<double()> clockOverride_;
  double arrival_ = 0.0;   // when the newest frame arrived (clock_ seconds)
  double duration_ = 0.0;  // its glide time
  std::uint64_t lastCycle_ = 0;
  bool tablesFresh_ = false;  // written by onFrame since the last afterAnimating
  std::array<QByteArray, PartCount> tables_;
};

// One instanced Model's table: `scene.table(part)`; marked dirty whenever the
// scene rewrites its tables (per displayed frame while packets move).
class PacketInstancing : public QQuick3DInstancing {
  Q_OBJECT
  QML_ELEMENT
  Q_PROPERTY(PacketScene* scene READ scene WRITE setScene NOTIFY sceneChanged)
  Q_PROPERTY(int part READ part WRITE setPart NOTIFY partChanged)

 public:
  explicit PacketInstancing(QQuick3DObject* parent = nullptr) : QQuick3DInstancing(parent) {}
  PacketScene* scene() const { return scene_; }
  void setScene(PacketScene* scene);
  int part() const { return part_; }
  void setPart(int part);

 signals:
  void sceneChanged();
  void partChanged();

 protected:
  QByteArray getInstanceBuffer(int* instanceCount) override;

 private:
  QPointer<PacketScene> scene_;
  int part_ = PacketScene::Heads;
};
