// SimulationController: what QML drives the running simulation through
// (issue 5, "Running"; CONVENTIONS.md habit 5). Owns the SimWorker, posts a
// SimCommand per slot, and on the GUI thread takes the newest FrameSnapshot:
// on QQuickWindow::afterAnimating when a window is attached, otherwise as soon
// as the worker signals a new frame (tests, headless use). The worker's wake
// reaches this object as one queued call per frame the GUI can take, never one
// per event.
//
// Other C++ consumers (the 3D view's instance tables) connect to
// frameChanged() and read currentFrame(): an immutable snapshot they may keep.
#pragma once

#include "arbitration_charts.h"
#include "chart_feeder.h"
#include "frame_snapshot.h"
#include "sim_worker.h"
#include "vc_legend.h"
#include "fattree/circuit_recording.h"
#include "fattree/fat_tree_scenario.h"
#include "scenario/recording.h"

#include <QCoroTask>
#include <QElapsedTimer>
#include <QObject>
#include <QPointer>
#include <QQmlEngine>
#include <QQuickWindow>
#include <QStringList>
#include <QUndoStack>

#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

namespace flitgui {

class SimulationController : public QObject {
  Q_OBJECT
  QML_ELEMENT
  Q_PROPERTY(bool hasSimulation READ hasSimulation NOTIFY hasSimulationChanged)
  Q_PROPERTY(bool running READ running NOTIFY runningChanged)
  Q_PROPERTY(double cycle READ cycle NOTIFY cycleChanged)
  Q_PROPERTY(double speed READ speed WRITE setSpeed NOTIFY speedChanged)
  Q_PROPERTY(double injectionRate READ injectionRate WRITE setInjectionRate NOTIFY injectionRateChanged)
  // Live traffic pattern and adaptive routing (engine names; optimistic on
  // set, then from the frames: a refused change comes back with lastError).
  Q_PROPERTY(QString trafficPattern READ trafficPattern WRITE setTrafficPattern NOTIFY trafficChanged)
  Q_PROPERTY(QStringList trafficPatterns READ trafficPatterns CONSTANT)
  Q_PROPERTY(bool adaptive READ adaptive WRITE setAdaptive NOTIFY trafficChanged)
  Q_PROPERTY(bool adaptiveAvailable READ adaptiveAvailable NOTIFY trafficChanged)
  // Arbitration, switched live (Simulator::setArbiter / setAgeConfig): the
  // engine's arbiter name ("roundRobin", "t3e", "age"), the age clock period
  // (AGE_CLK_PERIOD, cycles) and the age biases per dimension X, Y, Z
  // (REQ_AGE_BIAS / RSP_AGE_BIAS of both directions' ports, 0..7). Optimistic
  // on set, then from the frames: a refused change comes back with lastError
  // naming the field and the engine's values.
  Q_PROPERTY(QString arbiter READ arbiter WRITE setArbiter NOTIFY arbitrationChanged)
  // The arbiters this machine cannot run under (engine names; the window greys them).
  // Every arbiter as the window lists it (flit::kArbiters, arbiter_labels.h):
  // {name, text, refused, why}, `refused` on this machine with `why`.
  Q_PROPERTY(QVariantList arbiterChoices READ arbiterChoices NOTIFY arbitrationChanged)
  Q_PROPERTY(int ageClockPeriod READ ageClockPeriod WRITE setAgeClockPeriod NOTIFY arbitrationChanged)
  Q_PROPERTY(QList<int> ageRequestBias READ ageRequestBias NOTIFY arbitrationChanged)
  Q_PROPERTY(QList<int> ageResponseBias READ ageResponseBias NOTIFY arbitrationChanged)
  Q_PROPERTY(double cyclesPerSecond READ cyclesPerSecond NOTIFY statsChanged)
  Q_PROPERTY(int engineThreads READ engineThreads NOTIFY statsChanged)
  // The engine threads chosen (the Simulation menu, --engine-threads), and
  // what Automatic is on this machine: the cores the view leaves.
  Q_PROPERTY(int engineThreadsChosen READ engineThreadsChosen NOTIFY engineThreadsChosenChanged)
  Q_PROPERTY(int automaticEngineThreads READ automaticEngineThreads CONSTANT)
  Q_PROPERTY(double framesPerSecond READ framesPerSecond NOTIFY statsChanged)
  Q_PROPERTY(double packetsInFlight READ packetsInFlight NOTIFY statsChanged)
  Q_PROPERTY(double packetsDelivered READ packetsDelivered NOTIFY statsChanged)
  Q_PROPERTY(double packetsDropped READ packetsDropped NOTIFY statsChanged)
  Q_PROPERTY(double packetsReordered READ packetsReordered NOTIFY statsChanged)
  Q_PROPERTY(double latencyMeanCycles READ latencyMeanCycles NOTIFY statsChanged)
  Q_PROPERTY(double acceptedFlitsPerNodeCycle READ acceptedFlitsPerNodeCycle NOTIFY statsChanged)
  Q_PROPERTY(double framesTaken READ framesTaken NOTIFY statsChanged)
  Q_PROPERTY(QString lastError READ lastError NOTIFY lastErrorChanged)
  // The engine's one-line outcome of the last route rebuild after a link or
  // node failed or was repaired (RouteRebuildReport::describe), empty before.
  // True from a link or node failure, repair or hot-spare change until a
  // frame that saw it arrives: the worker is rebuilding and checking the route
  // tables (Simulator::rebuildRoutes, a second or two on the 8x32x8). The
  // controls bar shows a busy indicator meanwhile.
  Q_PROPERTY(bool rebuildingRoutes READ rebuildingRoutes NOTIFY rebuildingRoutesChanged)
  // Hot spares in the engine (Simulator::setHotSpare; T3E paper section 9),
  // from the frames: the spare nodes, and per node the home node of the
  // logical PE it holds (peHomeOf).
  Q_PROPERTY(QList<int> hotSpareIds READ hotSpareIds NOTIFY hotSparesChanged)
  // Nodes that hold another node's logical PE now (a spare took over).
  Q_PROPERTY(int movedPeCount READ movedPeCount NOTIFY hotSparesChanged)
  Q_PROPERTY(QQuickWindow* window READ window WRITE setWindow NOTIFY windowChanged)
  Q_PROPERTY(flitgui::ChartFeeder* charts READ charts CONSTANT)
  Q_PROPERTY(flitgui::ArbitrationCharts* arbitrationCharts READ arbitrationCharts CONSTANT)
  // The legend's VC classes of this machine, from the frames (vc_legend.h).
  Q_PROPERTY(flitgui::VcLegend* vcLegend READ vcLegend CONSTANT)
  // Rewind (issue 16; simulation_controller_rewind.cpp), from the frames:
  // the run's recorded range 0..lastCycle (the scrubber), the interventions
  // on it in order (cycle, one-line description, whether it lies after the
  // current cycle), how many lie after it, the checkpoints' memory and its
  // bound in bytes. rewinding: from rewindTo() until a frame shows the
  // restored cycle (the worker re-simulates meanwhile). askKeepOrDiscard:
  // a run on was asked for while later interventions are recorded; it waits
  // for keepLaterInterventions() or discardLaterInterventions().
  Q_PROPERTY(double lastCycle READ lastCycle NOTIFY timelineChanged)
  Q_PROPERTY(QList<double> interventionCycles READ interventionCycles NOTIFY timelineChanged)
  Q_PROPERTY(QStringList interventionTexts READ interventionTexts NOTIFY timelineChanged)
  Q_PROPERTY(QList<bool> interventionPending READ interventionPending NOTIFY timelineChanged)
  Q_PROPERTY(int pendingInterventions READ pendingInterventions NOTIFY timelineChanged)
  Q_PROPERTY(double checkpointBytes READ checkpointBytes NOTIFY timelineChanged)
  Q_PROPERTY(double checkpointBudgetBytes READ checkpointBudgetBytes NOTIFY timelineChanged)
  Q_PROPERTY(bool rewinding READ rewinding NOTIFY rewindingChanged)
  Q_PROPERTY(bool askKeepOrDiscard READ askKeepOrDiscard NOTIFY askKeepOrDiscardChanged)

 public:
  static constexpr double kDefaultSpeed = 30.0;  // cycles per second: packets visibly move hop by hop

  explicit SimulationController(QObject* parent = nullptr);
  ~SimulationController() override;

  // Replaces the simulation (stopping the previous worker first) and starts a
  // worker on `source`, paused at its current cycle, at the current speed.
  void setSource(std::unique_ptr<SimulationSource> source, SimWorker::Options options = {});
  // Builds the engine's Simulator for a scenario file (a path, a ":/..."
  // resource or a file: / qrc: URL) and runs it (setSource); a recording
  // (docs/recording-format.md) replays: its timeline applied, run to its
  // recorded cycle, then paused. On error keeps
  // the current simulation, sets lastError (the engine's text names the
  // field) and returns false.
  Q_INVOKABLE bool loadScenario(const QString& pathOrUrl);
  // The same for a scenario parsed elsewhere (the composition root passes
  // the one NetworkController parsed: each file is parsed once); `replay`:
  // the file was a recording, replayed as above. `name` is for messages.
  bool startScenario(const flit::Scenario& scenario, const flit::Recording* replay, const QString& name);
  // A fat-tree scenario (issue 19): its circuit simulator (CircuitSource).
  // On error no simulation is left running (unload) and lastError names
  // the file and the field; returns false. `replay`: the file was a
  // fat-tree recording, replayed to its cycle and paused.
  bool startFatTree(const flit::fattree::FatTreeScenario& scenario, const QString& name,
                    const flit::fattree::CircuitRecording* replay = nullptr);
  // Level of detail of the simulations started from now on (--max-flits):
  // with more flits in flight their frames count them per channel.
  void setFlitsDrawnOneByOne(std::uint64_t flits) { flitsDrawnOneByOne_ = flits; }
  // The threads the cycle of the simulations started from now on runs on
  // (--engine-threads; flit::Simulator::setThreads), and those the running
  // one reports (its last frame; 1 before one).
  void setEngineThreads(int threads) { engineThreads_ = threads; }
  int engineThreads() const { return frame_ ? frame_->engineThreads : 1; }
  int engineThreadsChosen() const { return engineThreads_; }
  int automaticEngineThreads() const;
  // The Simulation menu's Engine threads, 1 to flit::kMaxCycleThreads: the
  // running engine takes it up before its next cycle (the run stays the
  // same), and the simulations started later too.
  // Simulation > Engine threads: the running engine and the simulations
  // started later take `threads`, and the next start of the window too
  // (QSettings, unless setTransientChoices).
  Q_INVOKABLE void chooseEngineThreads(int threads);
  // The count last chosen, 0 when none (or one out of range).
  static int rememberedEngineThreads();
  // A one-shot run (a picture, a benchmark) keeps no choice for the next start.
  void setTransientChoices(bool transient) { transientChoices_ = transient; }
  static constexpr const char* kEngineThreadsKey = "simulation/engineThreads";
  // The Edit menu's undo stack (the network controller's, wired by the
  // composition root): every change() becomes an entry on it, undone by
  // the inverse the engine gave back (change_command.h). Without one changes
  // are posted directly.
  void setUndoStack(QUndoStack* stack) { undoStack_ = stack; }
  QUndoStack* undoStack() const { return undoStack_; }  // for the panels' own settings (tag editor, VC tables)
  // Stops the worker (joins its thread) and drops the simulation; safe while running.
  Q_INVOKABLE void shutdown();
  // shutdown(), and the last frame goes too (nothing of that simulation is
  // drawn any more); lastError says why there is no simulation.
  void unload(const QString& reason);

  FramePtr currentFrame() const { return frame_; }
  // The current frame was built after every command posted so far was
  // applied: its engine state is not about to be changed by one of ours.
  bool frameSawEveryCommand() const { return frame_ && frame_->commandsApplied >= commandsPosted_; }
  // Side-panel requests (panel_data.h: node inspector, tag editor), posted
  // like the slots' commands; the answers arrive in the frames.
  void postCommand(SimCommand command) { post(std::move(command)); }
  // What the open panels ask the frames to carry (watch_set.h): `edit`
  // changes a panel's part of it, and the whole set is posted when it
  // changed (nothing without a simulation; a new one starts with nothing
  // watched, and the panels set their parts again on hasSimulationChanged).
  const flit::WatchSet& watch() const { return watch_; }
  void updateWatch(const std::function<void(flit::WatchSet&)>& edit);
  // One change to the run, as the engine's value (ApplyCommand,
  // sim_command.h): every intervention kind the window offers comes in here.
  // change(): an entry named `text` on the undo stack (when there is one and
  // `before`, what the control shows now, differs; `mergeId`: see
  // change_command.h). apply(): posted without an entry (`token`: keep its
  // inverse for revert()). A refused change comes back as lastError naming
  // the field.
  void change(const flit::Intervention& change, const QString& text, int mergeId = -1,
              std::optional<flit::Intervention> before = std::nullopt);
  void apply(const flit::Intervention& change, std::uint64_t token = 0);
  std::uint64_t applyUndoable(const flit::Intervention& change);  // apply() with a new token
  void revert(std::uint64_t token, flit::InterventionKind kind);   // RevertCommand (kind: what it undoes)
  ChartFeeder* charts() { return &charts_; }
  ArbitrationCharts* arbitrationCharts() { return &arbitrationCharts_; }
  // What Save writes (live_scenario.h): posts a CaptureScenarioCommand and
  // waits, without blocking, for the frame that answers it (the worker
  // applies it after every command posted before). Null without a
  // simulation or when no answer came within `timeout`.
  QCoro::Task<std::shared_ptr<const LiveScenario>> captureLiveScenario(
      std::chrono::milliseconds timeout = std::chrono::seconds(10));
  // The same, answered through `done` (GUI thread) from the frame that
  // answers, or with null when the simulation stops first or none runs.
  // Nothing waits: no coroutine is left suspended when the window closes
  // (the autosave's, on a timer, asks so).
  using LiveScenarioAnswer = std::function<void(std::shared_ptr<const LiveScenario>)>;
  void requestLiveScenario(LiveScenarioAnswer done);
  QList<int> hotSpareIds() const { return hotSpareIds_; }
  Q_INVOKABLE bool hotSpare(int node) const { return hotSpareIds_.contains(node); }
  int movedPeCount() const;
  // The home node of the logical PE `node` holds now (node itself unless a
  // hot spare took over); -1 when unknown.
  Q_INVOKABLE int peHomeOf(int node) const;

  bool hasSimulation() const { return worker_ != nullptr; }
  bool running() const { return running_; }
  double cycle() const { return frame_ ? static_cast<double>(frame_->cycle) : 0.0; }
  double speed() const { return speed_; }
  double injectionRate() const { return injectionRate_; }  // flits per node per cycle
  QString trafficPattern() const { return trafficPattern_; }
  static QStringList trafficPatterns();  // every pattern the engine knows, in its order
  bool adaptive() const { return adaptive_; }
  bool adaptiveAvailable() const { return adaptiveAvailable_; }
  VcLegend* vcLegend() { return &vcLegend_; }
  QString arbiter() const { return QString::fromStdString(flit::arbiterName(arbiter_)); }
  QVariantList arbiterChoices() const;
  Q_INVOKABLE QString arbiterLabel(const QString& name) const;  // "Round robin" for "roundRobin"
  int ageClockPeriod() const { return static_cast<int>(age_.clockPeriodCycles); }
  QList<int> ageRequestBias() const { return biasPerDimension(age_.requestBias); }
  QList<int> ageResponseBias() const { return biasPerDimension(age_.responseBias); }
  double cyclesPerSecond() const { return frame_ ? frame_->measuredCyclesPerSecond : 0.0; }
  double framesPerSecond() const { return framesPerSecond_; }
  double packetsInFlight() const { return frame_ ? static_cast<double>(frame_->packetsInFlight) : 0.0; }
  double packetsDelivered() const { return frame_ ? static_cast<double>(frame_->packetsDelivered) : 0.0; }
  double packetsDropped() const { return frame_ ? static_cast<double>(frame_->packetsDropped) : 0.0; }
  double packetsReordered() const { return frame_ ? static_cast<double>(frame_->packetsReordered) : 0.0; }
  double latencyMeanCycles() const { return latencyMean_; }
  double acceptedFlitsPerNodeCycle() const { return accepted_; }
  double framesTaken() const { return static_cast<double>(framesTaken_); }
  QString lastError() const { return lastError_; }
  bool rebuildingRoutes() const { return rebuildUntil_ > 0; }
  QQuickWindow* window() const { return window_; }
  void setWindow(QQuickWindow* window);
  double lastCycle() const { return static_cast<double>(lastCycle_); }
  QList<double> interventionCycles() const { return interventionCycles_; }
  QStringList interventionTexts() const { return interventionTexts_; }
  QList<bool> interventionPending() const { return interventionPending_; }
  int pendingInterventions() const { return pendingInterventions_; }
  double checkpointBytes() const { return checkpointBytes_; }
  double checkpointBudgetBytes() const { return checkpointBudgetBytes_; }
  bool rewinding() const { return rewindUntil_ > 0; }
  bool askKeepOrDiscard() const { return deferred_.has_value(); }

 public slots:
  void run();
  void pause();
  void toggle();
  void step(int cycles);
  void runTo(double cycle);
  void reset();
  void setSpeed(double cyclesPerSecond);  // 0 = as fast as possible
  void setLinkUp(int link, bool up);
  void setNodeUp(int node, bool up);  // Simulator::failNode / repairNode
  void setTrafficPattern(const QString& pattern);
  void setInjectionRate(double flitsPerNodeCycle);
  void setAdaptive(bool enabled);
  void setHotSpare(int node, bool spare);  // Simulator::setHotSpare
  void setArbiter(const QString& name);    // "roundRobin", "t3e", "age"
  void setAgeClockPeriod(int cycles);
  // Both directions of `dimension` (0 X, 1 Y, 2 Z); request or response class.
  void setAgeBias(int dimension, bool response, int bias);
  // Takes the newest frame if there is one; true when it did.
  bool takeFrame();
  // Rewind: pauses and restores the state at `cycle` (0..lastCycle) in the
  // worker; a bad cycle comes back as lastError. stepBack: `cycles` before
  // the current cycle (not below 0).
  void rewindTo(double cycle);
  void stepBack(int cycles);
  // The answer to askKeepOrDiscard: the later interventions are applied at
  // their cycles (keep) or dropped (discard); then the run asked for goes on.
  // cancelRunOn: neither, the run does not start.
  void keepLaterInterventions();
  void discardLaterInterventions();
  void cancelRunOn();

 signals:
  void hasSimulationChanged();
  void runningChanged();
  void cycleChanged();
  void speedChanged();
  void engineThreadsChosenChanged();
  void injectionRateChanged();
  void trafficChanged();
  void statsChanged();
  void lastErrorChanged();
  void rebuildingRoutesChanged();
  void windowChanged();
  void arbitrationChanged();
  void frameChanged();
  void hotSparesChanged();
  void timelineChanged();
  void rewindingChanged();
  void askKeepOrDiscardChanged();

 private:
  void post(SimCommand command);
  void replayTo(std::uint64_t cycle);
  void onFrameAvailable();
  void setRunning(bool running);
  void setInjectionRateValue(double rate);
  void setTrafficValues(const QString& pattern, bool adaptive, bool available);
  void setLastError(const QString& error);
  void setArbitrationValues(flit::ArbiterKind arbiter, const flit::AgeConfig& age);
  void setArbitersRefused(std::uint8_t refused);
  // setAgeClockPeriod and setAgeBias: the whole age configuration as one setting.
  void setAgeConfig(const flit::AgeConfig& age, const QString& text, int mergeId);
  static QList<int> biasPerDimension(const flit::AgeConfig::PortBias& bias);

  std::unique_ptr<SimWorker> worker_;
  FramePtr frame_;
  ChartFeeder charts_;
  ArbitrationCharts arbitrationCharts_;
  flit::ArbiterKind arbiter_ = flit::ArbiterKind::RoundRobin;
  std::uint8_t arbitersRefused_ = 0;  // FrameSnapshot::arbitersRefused
  flit::AgeConfig age_;
  VcLegend vcLegend_;
  QPointer<QQuickWindow> window_;
  QPointer<QUndoStack> undoStack_;
  std::uint64_t changeTokens_ = 0;  // the last ApplyCommand::token handed out
  flit::WatchSet watch_;
  void showChange(const flit::Intervention& change);
  QMetaObject::Connection afterAnimating_;
  bool running_ = false;
  double speed_ = kDefaultSpeed;
  double injectionRate_ = 0.0;
  QString trafficPattern_;
  bool adaptive_ = false;
  bool adaptiveAvailable_ = false;
  double latencyMean_ = 0.0;
  double accepted_ = 0.0;
  std::uint64_t framesTaken_ = 0;
  std::uint64_t errorCountSeen_ = 0;
  std::uint64_t commandsPosted_ = 0;  // to the current worker
  std::uint64_t rebuildUntil_ = 0;    // rebuildingRoutes until a frame applied this many commands (0: none)
  void postRebuilding(SimCommand command);  // post(), then rebuildingRoutes until a frame saw it
  void setRebuildUntil(std::uint64_t commands);
  QElapsedTimer fpsTimer_;
  std::uint64_t fpsFrames_ = 0;
  double framesPerSecond_ = 0.0;
  QString lastError_;
  bool errorIsHalt_ = false;  // lastError_ is the watchdog's deadlock report (goes with the deadlock)
  std::uint64_t flitsDrawnOneByOne_ = kFlitsDrawnOneByOne;
  int engineThreads_ = 1;
  bool transientChoices_ = false;
  QList<int> hotSpareIds_;
  std::vector<flit::NodeId> peHome_;
  std::uint64_t nextCaptureId_ = 0;
  std::vector<std::pair<std::uint64_t, LiveScenarioAnswer>> liveRequests_;  // requestLiveScenario's, by id
  void answerLiveRequests(bool stopped);  // from a frame that answers them, or null when stopped
  void setHotSpareValues(const FrameSnapshot& frame);
  // Rewind.
  void setTimelineValues(const FrameSnapshot& frame);
  void setRewindUntil(std::uint64_t commands);
  // Run, step and run-to go through here: held (askKeepOrDiscard) while
  // later interventions are recorded and the person has not chosen yet.
  bool heldForKeepOrDiscard(SimCommand advance);
  void releaseHeld();
  std::uint64_t lastCycle_ = 0;
  QList<double> interventionCycles_;
  QStringList interventionTexts_;
  QList<bool> interventionPending_;
  std::shared_ptr<const std::vector<TimelineMark>> timeline_;
  int pendingInterventions_ = 0;
  double checkpointBytes_ = 0.0;
  double checkpointBudgetBytes_ = 0.0;
  std::uint64_t rewindUntil_ = 0;  // rewinding until a frame applied this many commands (0: none)
  bool laterChosen_ = false;       // keep was chosen since the last rewind
  std::optional<SimCommand> deferred_;
};

}  // namespace flitgui
