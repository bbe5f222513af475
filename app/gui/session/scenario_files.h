// ScenarioFiles: open and save scenario files from the window (issue 5,
// "open/save of scenario files"; DESIGN.md: loading is a QCoro coroutine,
// not a blocking call). open() reads and parses the file on a thread-pool
// thread (QtConcurrent::run, awaited with QCoro), then applies it on the GUI
// thread through NetworkController::applyScenario (which restarts the
// simulation via scenarioChanged); on any error the current scenario stays
// and NetworkController::errorString names the field (the engine's
// ScenarioError text). save() writes the scenario the person is looking at
// (flit::serializeScenario, which round-trips with parseScenario) on a
// thread-pool thread: the loaded scenario with what was changed live in the
// running engine, taken from the worker with a queued request
// (SimulationController::captureLiveScenario): traffic pattern, injection
// rate, adaptive on/off, the arbiter and router.age, failed links and nodes,
// the routing-tag editor's LUT entries (routing.lutEntries) and the hot
// spares (faults.hotSpares).
// Without a simulation (or one whose source cannot tell) it writes the
// loaded scenario with the links failed in the view. To QML both return a
// QCoro::QmlTask whose .then() gets {ok: bool, error: string, path: string}
// (open adds recording: bool). open() also takes a recording
// (docs/recording-format.md): the view gets its scenario and the simulation
// replays it (SimulationController::loadScenario); a bad one is refused whole
// with the error naming the entry, and the current scenario stays.
#pragma once

#include "live_scenario.h"
#include "network_controller.h"
#include "simulation_controller.h"

#include <QCoroQmlTask>
#include <QCoroTask>
#include <QObject>
#include <QPointer>
#include <QUrl>
#include <QVariantMap>
#include <QtQml/qqmlregistration.h>

// Writes the recording a live scenario carries (either family)
// whole or not at all (save_whole.h); the error, or empty. Any thread.
QString writeRecordingFile(const flitgui::LiveScenario& live, const QString& path);

class ScenarioFiles : public QObject {
  Q_OBJECT
  QML_ELEMENT
  Q_PROPERTY(NetworkController* controller READ controller WRITE setController NOTIFY controllerChanged)
  Q_PROPERTY(flitgui::SimulationController* simulation READ simulation WRITE setSimulation NOTIFY simulationChanged)
  Q_PROPERTY(bool busy READ busy NOTIFY busyChanged)
  Q_PROPERTY(QString lastError READ lastError NOTIFY lastErrorChanged)

 public:
  explicit ScenarioFiles(QObject* parent = nullptr);

  NetworkController* controller() const { return controller_; }
  void setController(NetworkController* controller);
  flitgui::SimulationController* simulation() const { return simulation_; }
  void setSimulation(flitgui::SimulationController* simulation);
  bool busy() const { return busy_ > 0; }
  QString lastError() const { return lastError_; }

  Q_INVOKABLE QCoro::QmlTask open(const QUrl& url);
  Q_INVOKABLE QCoro::QmlTask save(const QUrl& url);
  // File > Save recording: the engine's recording of the run since the last
  // reset (docs/recording-format.md), written on a thread-pool thread.
  Q_INVOKABLE QCoro::QmlTask saveRecording(const QUrl& url);
  // The coroutines themselves (C++ and tests: QCoro::waitFor).
  QCoro::Task<QVariantMap> openFile(QString path);
  QCoro::Task<QVariantMap> saveFile(QString path);
  QCoro::Task<QVariantMap> saveRecordingFile(QString path);

  static QString localPath(const QUrl& url);  // file: URL, qrc: URL or plain path

 signals:
  void controllerChanged();
  void simulationChanged();
  void busyChanged();
  void lastErrorChanged();

 private:
  void setBusy(bool busy);
  QVariantMap finish(const QString& path, const QString& error);

  QPointer<NetworkController> controller_;
  QPointer<flitgui::SimulationController> simulation_;
  int busy_ = 0;
  QString lastError_;
};
