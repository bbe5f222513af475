#include "simulation_controller.h"

#include "family_sources.h"
#include "gui_options.h"
#include "scenario/circuit_recording_json.h"
#include "scenario/scenario.h"
#include "scenario/scenario_family.h"
#include "sim/parallel_cycle.h"
#include "sim/replay.h"
#include "traffic/traffic.h"

#include <QFile>
#include <QSettings>
#include <QFileInfo>
#include <QUrl>

#include <algorithm>
#include <chrono>
#include <utility>

namespace flitgui {

SimulationController::SimulationController(QObject* parent) : QObject(parent) {}

SimulationController::~SimulationController() { shutdown(); }

void SimulationController::setSource(std::unique_ptr<SimulationSource> source, SimWorker::Options options) {
  shutdown();
  if (!source) return;
  worker_ = std::make_unique<SimWorker>(std::move(source), options);
  // Runs on the worker thread, at most once per frame the GUI has not taken:
  // hop to the GUI thread with a queued call. Qt drops the call if this
  // object is gone by then (the worker is always stopped first, see shutdown()).
  worker_->mailbox().setWakeCallback(
      [this] { QMetaObject::invokeMethod(this, &SimulationController::onFrameAvailable, Qt::QueuedConnection); });
  commandsPosted_ = 0;
  setRebuildUntil(0);
  setRewindUntil(0);
  laterChosen_ = false;
  cancelRunOn();
  errorCountSeen_ = 0;
  errorIsHalt_ = false;
  frame_.reset();
  charts_.clear();
  arbitrationCharts_.clear();
  watch_ = {};  // a new simulation watches nothing: the panels set their parts again (hasSimulationChanged)
  post(SetSpeedCommand{speed_, engineThreads_});
  worker_->start();
  fpsTimer_.start();
  fpsFrames_ = 0;
  emit hasSimulationChanged();
}

bool SimulationController::loadScenario(const QString& pathOrUrl) {
  QString path = pathOrUrl;
  const QUrl url(pathOrUrl);
  if (url.isLocalFile())
    path = url.toLocalFile();
  else if (url.scheme() == QLatin1String("qrc"))
    path = QLatin1Char(':') + url.path();
  try {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
      setLastError(tr("%1: cannot open the file").arg(path));
      return false;
    }
    const QByteArray text = file.readAll();
    const std::string_view json(text.constData(), static_cast<std::size_t>(text.size()));
    if (flit::scenarioFamilyOfText(json) == flit::TopologyFamily::FatTree) {
      const flit::fattree::FatTreeScenarioOrRecording tree = flit::fattree::parseFatTreeScenarioOrRecording(json);
      return startFatTree(tree.scenario, QFileInfo(path).fileName(), tree.recording ? &*tree.recording : nullptr);
    }
    const flit::ScenarioOrRecording parsed = flit::parseScenarioOrRecording(json);
    return startScenario(parsed.scenario, parsed.recording ? &*parsed.recording : nullptr, QFileInfo(path).fileName());
  } catch (const std::exception& e) {
    setLastError(tr("%1: %2").arg(QFileInfo(path).fileName(), QString::fromUtf8(e.what())));
    return false;
  }
}

bool SimulationController::startScenario(const flit::Scenario& scenario, const flit::Recording* replay,
                                         const QString& name) {
  std::unique_ptr<SimulationSource> source;
  try {
    // A recording replays: its scenario with the recorded timeline, run to
    // the recorded cycle (docs/recording-format.md).
    source = makeTorusSource(replay ? flit::simConfigFromRecording(*replay) : flit::simConfigFromScenario(scenario),
                             static_cast<std::size_t>(flitsDrawnOneByOne_), replay ? replay->scenario.name : scenario.name,
                             engineThreads_);
  } catch (const std::exception& e) {
    setLastError(tr("%1: %2").arg(name, QString::fromUtf8(e.what())));
    return false;
  }
  setSource(std::move(source));
  setLastError({});
  if (replay && replay->cycles > 0) replayTo(replay->cycles);
  return true;
}

// A recording opened: to its cycle at full speed (not at the teaching speed
// set), then paused.
void SimulationController::replayTo(std::uint64_t cycle) { post(RunToCommand{cycle, true}); }

bool SimulationController::startFatTree(const flit::fattree::FatTreeScenario& scenario, const QString& name,
                                        const flit::fattree::CircuitRecording* replay) {
  try {
    // A recording replays: its scenario with the recorded timeline, run to
    // the recorded cycle (docs/recording-format.md).
    setSource(makeFatTreeSource(replay ? flit::fattree::replayScenario(*replay) : scenario));
  } catch (const std::exception& e) {
    unload(tr("%1: %2").arg(name, QString::fromUtf8(e.what())));
    return false;
  }
  setLastError({});
  if (replay && replay->cycles > 0) replayTo(replay->cycles);
  return true;
}

void SimulationController::shutdown() {
  if (!worker_) return;
  worker_->stop();
  worker_.reset();
  answerLiveRequests(true);
  setRunning(false);
  setRebuildUntil(0);
  emit hasSimulationChanged();
}

void SimulationController::unload(const QString& reason) {
  shutdown();
  if (frame_) {
    frame_.reset();
    emit cycleChanged();
    emit statsChanged();
    emit frameChanged();
  }
  setLastError(reason);
}

void SimulationController::setWindow(QQuickWindow* window) {
  if (window == window_) return;
  disconnect(afterAnimating_);
  window_ = window;
  if (window_)
    afterAnimating_ = connect(window_, &QQuickWindow::afterAnimating, this, [this] { takeFrame(); });
  emit windowChanged();
}

void SimulationController::onFrameAvailable() {
  if (window_ && window_->isVisible())
    window_->update();  // take it on afterAnimating, in step with the frame being drawn
  else
    takeFrame();
}

bool SimulationController::takeFrame() {
  if (!worker_) return false;
  FramePtr frame = worker_->mailbox().takeNewest();
  if (!frame) return false;
  const bool cycleMoved = !frame_ || frame_->cycle != frame->cycle;
  frame_ = std::move(frame);
  ++framesTaken_;
  ++fpsFrames_;
  if (fpsTimer_.elapsed() >= 1000) {
    framesPerSecond_ = static_cast<double>(fpsFrames_) * 1000.0 / static_cast<double>(fpsTimer_.restart());
    fpsFrames_ = 0;
  }
  if (!frame_->stats.empty()) {
    latencyMean_ = frame_->stats.back().latencyMeanCycles;
    accepted_ = frame_->stats.back().acceptedFlitsPerNodeCycle;
  }
  // Each message belongs to a state (issue 42, item 7): a halt's (the
  // watchdog's deadlock) holds while the engine is deadlocked; a refused
  // command's until the next change the person makes (post).
  if (frame_->commandErrorCount != errorCountSeen_) {
    errorCountSeen_ = frame_->commandErrorCount;
    errorIsHalt_ = flit::engineHalted(*frame_);
    setLastError(QString::fromStdString(frame_->commandError));
  } else if (errorIsHalt_ && !flit::engineHalted(*frame_)) {
    errorIsHalt_ = false;
    setLastError({});
  }
  charts_.consume(*frame_);
  arbitrationCharts_.consume(frame_);
  // A frame built before our latest command would undo the optimistic state
  // run()/pause() set; only a frame that saw every command is authoritative.
  if (frame_->commandsApplied >= commandsPosted_) {
    setRunning(frame_->running);
    setInjectionRateValue(frame_->injectionRateFlitsPerNodeCycle);
    setTrafficValues(QString::fromStdString(frame_->trafficPattern), frame_->adaptive, frame_->adaptiveAvailable);
    setArbitrationValues(frame_->arbiter, frame_->age);
    // With the values, not before them: arbitrationChanged from the refused
    // arbiters of a new machine's first frame, while the arbiter shown was
    // still the old machine's, let the side panel decide its Arbitration
    // section on the old arbiter (the XT's opened folded now and then).
    setArbitersRefused(frame_->arbitersRefused);
  }
  answerLiveRequests(false);
  setHotSpareValues(*frame_);
  setTimelineValues(*frame_);
  vcLegend_.setLayout(frame_->vcClasses);
  if (rebuildUntil_ > 0 && frame_->commandsApplied >= rebuildUntil_) setRebuildUntil(0);
  if (cycleMoved) emit cycleChanged();
  emit statsChanged();
  emit frameChanged();
  return true;
}

namespace {

// A command that changes the run (a setting, a fault, a reset, a rewind),
// as opposed to running it or watching it: it supersedes a refused one's message.
bool changesTheRun(const SimCommand& c) {
  return !(std::holds_alternative<RunCommand>(c) ||
           std::holds_alternative<StepCommand>(c) || std::holds_alternative<RunToCommand>(c) ||
           std::holds_alternative<SetSpeedCommand>(c) || std::holds_alternative<WatchCommand>(c) ||
           std::holds_alternative<CaptureScenarioCommand>(c));
}

}  // namespace

void SimulationController::post(SimCommand command) {
  if (!worker_) return;
  if (!errorIsHalt_ && changesTheRun(command)) setLastError({});
  worker_->post(std::move(command));
  ++commandsPosted_;
}

void SimulationController::run() {
  if (heldForKeepOrDiscard(RunCommand{})) return;
  post(RunCommand{});
  setRunning(true);
}

void SimulationController::pause() {
  post(RunCommand{false});
  setRunning(false);
}

void SimulationController::toggle() { running_ ? pause() : run(); }

void SimulationController::step(int cycles) {
  if (cycles <= 0) return;
  if (heldForKeepOrDiscard(StepCommand{static_cast<std::uint64_t>(cycles)})) return;
  post(StepCommand{static_cast<std::uint64_t>(cycles)});
}

void SimulationController::runTo(double cycle) {
  if (!(cycle >= 0.0)) return;
  if (heldForKeepOrDiscard(RunToCommand{static_cast<std::uint64_t>(cycle)})) return;
  post(RunToCommand{static_cast<std::uint64_t>(cycle)});
}

void SimulationController::reset() {
  post(ResetCommand{});
  setRunning(false);
}

int SimulationController::automaticEngineThreads() const { return ::automaticEngineThreads(); }

void SimulationController::chooseEngineThreads(int threads) {
  if (threads < 1 || threads > flit::kMaxCycleThreads) {
    setLastError(tr("engine threads: must be 1 to %1, got %2").arg(flit::kMaxCycleThreads).arg(threads));
    return;
  }
  if (!transientChoices_) QSettings().setValue(QLatin1String(kEngineThreadsKey), threads);  // the next start takes it
  if (threads == engineThreads_) return;
  engineThreads_ = threads;
  post(SetSpeedCommand{speed_, engineThreads_});
  emit engineThreadsChosenChanged();
}

int SimulationController::rememberedEngineThreads() {
  const int threads = QSettings().value(QLatin1String(kEngineThreadsKey), 0).toInt();
  return threads >= 1 && threads <= flit::kMaxCycleThreads ? threads : 0;
}

void SimulationController::setSpeed(double cyclesPerSecond) {
  if (!(cyclesPerSecond > 0.0)) cyclesPerSecond = 0.0;
  if (cyclesPerSecond == speed_) return;
  speed_ = cyclesPerSecond;
  post(SetSpeedCommand{speed_, engineThreads_});
  emit speedChanged();
}

void SimulationController::updateWatch(const std::function<void(flit::WatchSet&)>& edit) {
  flit::WatchSet next = watch_;
  edit(next);
  if (next == watch_) return;
  watch_ = next;
  post(WatchCommand{watch_});
}

QList<int> SimulationController::biasPerDimension(const flit::AgeConfig::PortBias& bias) {
  return {bias[0], bias[1], bias[2]};
}

void SimulationController::postRebuilding(SimCommand command) {
  if (!worker_) return;
  post(std::move(command));
  setRebuildUntil(commandsPosted_);
}

void SimulationController::setRebuildUntil(std::uint64_t commands) {
  const bool was = rebuildUntil_ > 0;
  rebuildUntil_ = commands;
  if (was != (rebuildUntil_ > 0)) emit rebuildingRoutesChanged();
}

int SimulationController::peHomeOf(int node) const {
  if (node < 0 || static_cast<std::size_t>(node) >= peHome_.size()) return -1;
  return peHome_[static_cast<std::size_t>(node)];
}

int SimulationController::movedPeCount() const {
  int moved = 0;
  for (std::size_t n = 0; n < peHome_.size(); ++n) moved += peHome_[n] != static_cast<flit::NodeId>(n) ? 1 : 0;
  return moved;
}

void SimulationController::setHotSpareValues(const FrameSnapshot& frame) {
  QList<int> ids;
  for (std::size_t n = 0; n < frame.hotSpare.size(); ++n)
    if (frame.hotSpare[n]) ids << static_cast<int>(n);
  if (ids == hotSpareIds_ && frame.peHome == peHome_) return;
  hotSpareIds_ = ids;
  peHome_ = frame.peHome;
  emit hotSparesChanged();
}

void SimulationController::setRunning(bool running) {
  if (running == running_) return;
  running_ = running;
  emit runningChanged();
}

void SimulationController::setLastError(const QString& error) {
  if (error == lastError_) return;
  lastError_ = error;
  emit lastErrorChanged();
}

}  // namespace flitgui
