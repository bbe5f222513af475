// Start-up of the GUI, shared by the flitscope executable and the rendering
// tests (tests/render), so both run exactly the same window:
//  - the command line and the translations: options/gui_options.h.
//  - MainWindowSession: loads the scenario into a NetworkController, then
//    qrc:/Flitscope/Main.qml (Qt 6.4 has no loadFromModule) with the
//    controller as its required property.
//  - FrameTask: --screenshot (grab the first complete frame, save, quit),
//    --run-cycles (simulate N cycles at full speed before the screenshot) and
//    --benchmark-frames (orbit for N frames with the engine running at full
//    speed, print the frame rate and the simulated cycles per second, quit).
//  - --slice PLANE:INDEX opens the 2D slice beside the 3D view on that plane;
//    --map a fat-tree's map.
//  - --lab opens the deadlock lab beside the view.
//  - --charts opens the live charts below the view, --arbiter NAME switches
//    the running engine's arbiter at start (as the side panel would), and
//    --age-colors colours the packets by age (under the age arbiter).
//  - --presenter starts in presenter mode (as F5; also in a screenshot run,
//    whose window otherwise starts from the default view settings).
//  - The simulation (issue 5) runs in a SimulationController next to the
//    NetworkController, reloaded with every scenario the controller loads,
//    passed to Main.qml as its `simulation` property; links broken or
//    repaired in the view (click, undo, redo) are failed / repaired in the
//    running engine too.
//  - The composition root (issue 37; CONVENTIONS.md habit 12): the session
//    creates every controller the window's tools use (open and save, trace
//    export, follow, inspector, tag editor, synchronization, VC balance,
//    deadlock lab, the circuit counters and sweep, the guided lessons), wires each to the network and the simulation, and hands it
//    to Main.qml as a required property. No QML file creates a controller;
//    QML binds only what a controller watches (which node, whether its
//    panel is open) and shows what it says.
#pragma once

#include "autosave.h"
#include "gui_options.h"
#include "fat_tree/circuit_status.h"
#include "fat_tree/circuit_sweep.h"
#include "follow_controller.h"
#include "lessons/lesson_controller.h"
#include "network_controller.h"
#include "panel_registry.h"
#include "watching_controller.h"
#include "scenario_files.h"
#include "simulation_controller.h"
#include "torus/node_inspector.h"
#include "torus/rebuild_outcome.h"
#include "torus/tag_editor.h"
#include "trace_exporter.h"
#include "view_settings.h"

#include <QElapsedTimer>
#include <QObject>
#include <QPointer>
#include <QQmlApplicationEngine>
#include <QQuickWindow>
#include <QSize>
#include <QString>
#include <QStringList>

#include "scenario/scenario.h"

#include <memory>
#include <optional>
#include <vector>




class MainWindowSession : public QObject {
  Q_OBJECT
 public:
  explicit MainWindowSession(QObject* parent = nullptr);
  ~MainWindowSession() override;

  // False with errorString() set when the scenario or the QML cannot load.
  bool start(const GuiOptions& options);
  QString errorString() const { return error_; }
  NetworkController* controller() { return &controller_; }
  flitgui::SimulationController* simulation() { return &simulation_; }
  flitgui::ViewSettings* settings() { return &settings_; }
  QQuickWindow* window() const { return window_; }
  QObject* rootObject() const;

 private:
  NetworkController controller_;
  flitgui::SimulationController simulation_;
  flitgui::RebuildOutcome outcome_;  // the last route rebuild in words (side panel, legend, status bar)
  flitgui::ViewSettings settings_;   // node labels, presenter mode: kept between runs
  // The tools' controllers (declared after the network and the simulation
  // they watch, so they go first); wired in wireControllers().
  ScenarioFiles files_;
  TraceExporter traceExporter_;
  FollowController follow_;
  flitgui::NodeInspector nodeInspector_;
  flitgui::TagEditor tagEditor_;
  // The panels that watch frames, one of each registered (panel_registry.h).
  flitgui::PanelSet panels_{&simulation_};
  flitgui::CircuitStatus circuitStatus_;
  flitgui::CircuitSweep circuitSweep_;
  flitgui::LessonController lessons_;  // reads the others: declared after them, goes first
  flitgui::Autosave autosave_;         // a normal end (its destructor) removes the kept run
  void wireControllers();
  std::unique_ptr<QQmlApplicationEngine> engine_;
  QPointer<QQuickWindow> window_;
  QString error_;
};

// Counts swapped frames of a window and acts on them (screenshot / benchmark).
class FrameTask : public QObject {
  Q_OBJECT
 public:
  static constexpr int kWarmupFrames = 3;
  FrameTask(MainWindowSession* session, const GuiOptions& options);

 private:
  void onFrameSwapped();
  void finish(int exitCode);

  MainWindowSession* session_;
  GuiOptions options_;
  int frames_ = 0;
  QElapsedTimer timer_;
  QElapsedTimer settleTimer_;      // --screenshot: since the engine's state reached the controls
  static constexpr qint64 kSettleMs = 400;
  bool done_ = false;
  bool runStarted_ = false;        // --run-cycles: runTo posted
  bool runDone_ = false;           // --run-cycles: that run has ended
  double benchmarkStartCycle_ = 0;
  // The engine's rate while the frames are drawn: cycle and arrival time of
  // the first and the newest engine frame that came during the benchmark
  // (frames of a big machine come a few times a second: counting cycles from
  // the benchmark's own start and end would be off by up to a frame's gap).
  struct EngineMark {
    std::uint64_t cycle = 0;
    qint64 nsecs = 0;
  };
  std::optional<EngineMark> firstEngineFrame_, lastEngineFrame_;
};
