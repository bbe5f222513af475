#include "scenario_files.h"

#include "save_whole.h"

#include "fattree/circuit_recording.h"
#include "fattree/fat_tree_scenario.h"
#include "scenario/circuit_recording_json.h"
#include "scenario/fat_tree_scenario_json.h"
#include "scenario/recording.h"
#include "scenario/scenario.h"
#include "scenario/scenario_family.h"

#include <QCoroFuture>
#include <QCoroQml>
#include <QFile>
#include <QFileInfo>
#include <QtConcurrent/QtConcurrentRun>

#include <memory>
#include <mutex>
#include <optional>

namespace {

struct Parsed {
  std::optional<flit::Scenario> scenario;
  std::optional<flit::Recording> replay;  // the file is a recording: the simulation replays it
  std::shared_ptr<flit::Topology> topology;
  std::optional<flit::fattree::FatTreeScenario> fatTree;  // a fat-tree scenario instead (issue 19)
  std::optional<flit::fattree::CircuitRecording> fatTreeReplay;  // ... from a fat-tree recording
  QString error;
};

// Runs on a thread-pool thread: no QObject, only the engine and files.
Parsed parseFile(const QString& path) {
  Parsed out;
  try {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
      out.error = ScenarioFiles::tr("cannot open the file");
      return out;
    }
    // The engine's limit (flit::kMaxScenarioBytes, as flitscope-cli reads files).
    if (static_cast<std::uint64_t>(file.size()) > flit::kMaxScenarioBytes) {
      out.error = ScenarioFiles::tr("the file is %1 bytes, more than the %2 a scenario may have")
                      .arg(file.size())
                      .arg(static_cast<qulonglong>(flit::kMaxScenarioBytes));
      return out;
    }
    const QByteArray text = file.readAll();
    const std::string_view json(text.constData(), static_cast<std::size_t>(text.size()));
    if (flit::scenarioFamilyOfText(json) == flit::TopologyFamily::FatTree) {
      flit::fattree::FatTreeScenarioOrRecording tree = flit::fattree::parseFatTreeScenarioOrRecording(json);
      out.fatTree = std::move(tree.scenario);
      out.fatTreeReplay = std::move(tree.recording);
      return out;
    }
    // A recording is checked whole here (its timeline too), so a bad one
    // keeps the current scenario; the view shows its scenario.
    flit::ScenarioOrRecording parsed = flit::parseScenarioOrRecording(json);
    out.topology = std::make_shared<flit::Topology>(flit::buildTopology(parsed.scenario));  // validates the failed links too
    out.scenario = std::move(parsed.scenario);
    out.replay = std::move(parsed.recording);
  } catch (const std::exception& e) {
    out.error = QString::fromUtf8(e.what());  // ScenarioError names the field
  }
  return out;
}

QString writeFile(const QString& path, const std::string& text) {
  const QString error = flitgui::saveWhole(path, QByteArray::fromStdString(text));
  return error.isEmpty() ? QString() : ScenarioFiles::tr("cannot write the file (%1)").arg(error);
}

}  // namespace

QString writeRecordingFile(const flitgui::LiveScenario& live, const QString& path) {
  try {
    return writeFile(path, live.circuitRecording ? flit::fattree::serializeCircuitRecording(*live.circuitRecording)
                                                 : flit::serializeRecording(*live.recording));
  } catch (const std::exception& e) {
    return QString::fromUtf8(e.what());
  }
}

ScenarioFiles::ScenarioFiles(QObject* parent) : QObject(parent) {
  static std::once_flag registered;
  std::call_once(registered, [] { QCoro::Qml::registerTypes(); });  // QmlTask for QML's .then()
}

void ScenarioFiles::setController(NetworkController* controller) {
  if (controller == controller_) return;
  controller_ = controller;
  emit controllerChanged();
}

void ScenarioFiles::setSimulation(flitgui::SimulationController* simulation) {
  if (simulation == simulation_) return;
  simulation_ = simulation;
  emit simulationChanged();
}

QString ScenarioFiles::localPath(const QUrl& url) {
  if (url.isLocalFile()) return url.toLocalFile();
  if (url.scheme() == QLatin1String("qrc")) return QLatin1Char(':') + url.path();
  return url.toString();
}

QCoro::QmlTask ScenarioFiles::open(const QUrl& url) { return openFile(localPath(url)); }
QCoro::QmlTask ScenarioFiles::save(const QUrl& url) { return saveFile(localPath(url)); }
QCoro::QmlTask ScenarioFiles::saveRecording(const QUrl& url) { return saveRecordingFile(localPath(url)); }

void ScenarioFiles::setBusy(bool busy) {
  const bool was = this->busy();
  busy_ += busy ? 1 : -1;
  if (was != this->busy()) emit busyChanged();
}

QVariantMap ScenarioFiles::finish(const QString& path, const QString& error) {
  setBusy(false);
  if (error != lastError_) {
    lastError_ = error;
    emit lastErrorChanged();
  }
  return {{"ok", error.isEmpty()}, {"error", error}, {"path", path}};
}

QCoro::Task<QVariantMap> ScenarioFiles::openFile(QString path) {
  QPointer<ScenarioFiles> self(this);
  setBusy(true);
  QFuture<Parsed> future = QtConcurrent::run(parseFile, path);
  Parsed parsed = co_await future;
  if (!self) co_return QVariantMap{{"ok", false}, {"error", QStringLiteral("closed")}, {"path", path}};
  if (parsed.fatTree) {
    if (!controller_) co_return finish(path, tr("no network to show the scenario in"));
    const bool recording = parsed.fatTreeReplay.has_value();
    controller_->applyFatTree(std::move(*parsed.fatTree), path, std::move(parsed.fatTreeReplay));
    QVariantMap result = finish(path, {});
    result.insert(QStringLiteral("recording"), recording);
    co_return result;
  }
  if (!parsed.scenario) {
    if (controller_) controller_->reportLoadError(path, parsed.error);  // the current scenario stays
    co_return finish(path, tr("%1: %2").arg(QFileInfo(path).fileName(), parsed.error));
  }
  if (!controller_) co_return finish(path, tr("no network to show the scenario in"));
  const bool recording = parsed.replay.has_value();
  controller_->applyScenario(std::move(*parsed.scenario), std::make_unique<flit::Topology>(*parsed.topology), path,
                             std::move(parsed.replay));
  QVariantMap result = finish(path, {});
  result.insert(QStringLiteral("recording"), recording);
  co_return result;
}

QCoro::Task<QVariantMap> ScenarioFiles::saveFile(QString path) {
  QPointer<ScenarioFiles> self(this);
  setBusy(true);
  if (controller_ && controller_->fatTree()) {
    // A fat-tree: its faults as the view shows them, the load the simulation runs at.
    flit::fattree::FatTreeScenario tree = *controller_->fatTreeScenarioAsShown();
    if (simulation_ && simulation_->currentFrame() && simulation_->currentFrame()->circuits)
      tree.circuit.rate = simulation_->currentFrame()->injectionRateFlitsPerNodeCycle;
    QFuture<QString> treeWritten = QtConcurrent::run([tree = std::move(tree), path] {
      try {
        return writeFile(path, flit::fattree::serializeFatTreeScenario(tree));
      } catch (const std::exception& e) {
        return QString::fromUtf8(e.what());
      }
    });
    const QString error = co_await treeWritten;
    if (!self) co_return QVariantMap{{"ok", error.isEmpty()}, {"error", error}, {"path", path}};
    co_return finish(path, error.isEmpty() ? QString() : tr("%1: %2").arg(QFileInfo(path).fileName(), error));
  }
  if (!controller_ || !controller_->scenario() || !controller_->topology())
    co_return finish(path, tr("no scenario loaded"));
  flit::Scenario s = *controller_->scenario();
  std::shared_ptr<const flitgui::LiveScenario> live;
  if (simulation_ && simulation_->hasSimulation()) {
    live = co_await simulation_->captureLiveScenario();
    if (!self) co_return QVariantMap{{"ok", false}, {"error", QStringLiteral("closed")}, {"path", path}};
    if (!live) co_return finish(path, tr("the simulation did not answer; nothing was saved"));
    // The scenario the person is looking at: what was changed live, unless
    // it is not this scenario's engine (or none behind it): the view's state below.
    if (!live->error.empty() || !live->torus || !controller_ || !flitgui::writeLiveChanges(*live->torus, s))
      live.reset();
  }
  if (!live && controller_ && controller_->topology()) {
    // The loaded scenario with the links failed in the view.
    const flit::Topology& topo = *controller_->topology();
    s.failedLinks.clear();
    for (const int link : controller_->failedLinkIds()) s.failedLinks.push_back(flit::linkSpecOf(topo, link));
  }
  // The future is a named local: GCC 12 destroys a lambda temporary inside a
  // co_await expression twice.
  QFuture<QString> written = QtConcurrent::run([s = std::move(s), path] {
    try {
      return writeFile(path, flit::serializeScenario(s));
    } catch (const std::exception& e) {
      return QString::fromUtf8(e.what());
    }
  });
  const QString error = co_await written;
  if (!self) co_return QVariantMap{{"ok", error.isEmpty()}, {"error", error}, {"path", path}};
  co_return finish(path, error.isEmpty() ? QString() : tr("%1: %2").arg(QFileInfo(path).fileName(), error));
}

QCoro::Task<QVariantMap> ScenarioFiles::saveRecordingFile(QString path) {
  QPointer<ScenarioFiles> self(this);
  setBusy(true);
  if (!simulation_ || !simulation_->hasSimulation()) co_return finish(path, tr("no simulation to record"));
  // The engine's recording, taken on the worker between cycles with the
  // live scenario (CaptureScenarioCommand): scenario, applied timeline, cycles.
  const std::shared_ptr<const flitgui::LiveScenario> live = co_await simulation_->captureLiveScenario();
  if (!self) co_return QVariantMap{{"ok", false}, {"error", QStringLiteral("closed")}, {"path", path}};
  if (!live) co_return finish(path, tr("the simulation did not answer; nothing was saved"));
  if (!live->recording && !live->circuitRecording) co_return finish(path, tr("this simulation keeps no recording"));
  QFuture<QString> written = QtConcurrent::run([live, path] { return writeRecordingFile(*live, path); });
  const QString error = co_await written;
  if (!self) co_return QVariantMap{{"ok", error.isEmpty()}, {"error", error}, {"path", path}};
  co_return finish(path, error.isEmpty() ? QString() : tr("%1: %2").arg(QFileInfo(path).fileName(), error));
}
