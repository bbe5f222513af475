// Autosave (issue 41, "Work that survives a crash"): while the window runs,
// it keeps the run's recording (the scenario plus every change with its
// cycle, docs/recording-format.md) on disk, written whole or not at all (save_whole.h)
// every few seconds when the run moved on, in the user's data folder
// (<GenericDataLocation>/flitscope/autosave/last-run.json). Closing the
// window removes it. A recording still there at the next start means the
// window was killed (kill -9, a power cut): start() moves it aside and
// Main.qml offers to restore it, which opens it as File > Open opens a
// recording (the run replays to the saved cycle, the changes in force).
// Beside the recording it keeps what the window showed (the camera, the
// open panels, the colouring, the slice: Main.qml's viewState(), asked for
// through viewStateSource) in last-run-view.json, written when it changed;
// a restore gives it back (viewRestored) once the run is open.
// GUI thread only.
#pragma once

#include "simulation_controller.h"

#include <QByteArray>
#include <QJSValue>
#include <QObject>
#include <QPointer>
#include <QVariantMap>
#include <QString>
#include <QTimer>
#include <QtQml/qqmlregistration.h>

class ScenarioFiles;

namespace flitgui {

class Autosave : public QObject {
  Q_OBJECT
  QML_ELEMENT
  QML_UNCREATABLE("the composition root makes it")
  // A recording from a run that did not end is waiting (restore or discard).
  Q_PROPERTY(bool restorable READ restorable NOTIFY restorableChanged)
  Q_PROPERTY(QString restoreText READ restoreText NOTIFY restorableChanged)
  Q_PROPERTY(QString lastError READ lastError NOTIFY lastErrorChanged)
  // A function returning what the window shows, as a JSON-like object (Main.qml's viewState).
  Q_PROPERTY(QJSValue viewStateSource READ viewStateSource WRITE setViewStateSource NOTIFY viewStateSourceChanged)

 public:
  explicit Autosave(QObject* parent = nullptr);
  ~Autosave() override;

  void setSimulation(SimulationController* simulation) { simulation_ = simulation; }
  void setFiles(ScenarioFiles* files) { files_ = files; }
  // The folder the recordings go to (created when needed).
  static QString folder();
  static QString path();          // folder()/last-run.json: this run's
  static QString leftOverPath();  // folder()/unfinished-run.json: a killed run's, moved aside at start
  static QString viewPath();          // folder()/last-run-view.json: what this window shows
  static QString leftOverViewPath();  // folder()/unfinished-run-view.json: what the killed one showed

  // Takes a recording the last run left (restorable then) and saves this
  // run's every `seconds` (0: never; nothing is looked for either).
  void start(int seconds);
  bool restorable() const { return !leftOver_.isEmpty(); }
  QString restoreText() const { return restoreText_; }
  QString lastError() const { return lastError_; }
  QJSValue viewStateSource() const { return viewStateSource_; }
  void setViewStateSource(const QJSValue& source);

 public slots:
  void restore();  // opens the left-over recording; it is removed once open
  void discard();  // removes it
  // Saves now if the run moved on since the last save (also the timer's).
  void saveNow();

 signals:
  void restorableChanged();
  void lastErrorChanged();
  void saved(const QString& path);  // a recording was written
  void viewStateSourceChanged();
  // A restored run is open: show it as the killed window did (Main.qml applyViewState).
  void viewRestored(const QVariantMap& view);

 private:
  void setLeftOver(const QString& path, const QString& text);
  void setError(const QString& error);
  void saveView();  // writes what the window shows when it changed since the last write

  QPointer<SimulationController> simulation_;
  QPointer<ScenarioFiles> files_;
  QTimer timer_;
  bool saving_ = false;
  QString leftOver_;
  QString restoreText_;
  QString lastError_;
  QString lastKey_;  // what the last save held (cycles and changes): unchanged, nothing is written
  QJSValue viewStateSource_;
  QByteArray lastView_;      // the view state last written (compact JSON)
  QVariantMap leftOverView_;  // what the killed window showed, for restore()
};

}  // namespace flitgui
