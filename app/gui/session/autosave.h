// Autosave (issue 41, "Work that survives a crash"): while the window runs,
// it keeps the run's recording (the scenario plus every change with its
// cycle, docs/recording-format.md) on disk, written whole or not at all (save_whole.h)
// every few seconds when the run moved on, in the user's data folder
// (<GenericDataLocation>/flitscope/autosave/last-run.json). Closing the
// window removes it. A recording still there at the next start means the
// window was killed (kill -9, a power cut): start() moves it aside and
// Main.qml offers to restore it, which opens it as File > Open opens a
// recording (the run replays to the saved cycle, the changes in force).
// Each window keeps its run in a slot of its own (last-run.json, then
// last-run-2.json, ...) that it holds a lock on (QLockFile, last-run.lock):
// a window started while another runs neither takes the other's live run
// for a killed one nor writes over it. A lock whose process is gone is
// stale, so a killed window's slot is found again. Where several windows
// were killed, each start offers the newest kept run; the others wait.
// Beside the recording it keeps what the window showed (the camera, the
// open panels, the colouring, the slice: Main.qml's viewState(), asked for
// through viewStateSource) in last-run-view.json, written when it changed;
// a restore gives it back (viewRestored) once the run is open.
// GUI thread only.
#pragma once

#include "simulation_controller.h"

#include <QByteArray>
#include <QFuture>
#include <QJSValue>
#include <QLockFile>
#include <QObject>
#include <QPointer>
#include <QVariantMap>
#include <QString>
#include <QTimer>
#include <QtQml/qqmlregistration.h>

#include <memory>

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
  // How many windows at once keep their runs (slots 0 to kSlots - 1).
  static constexpr int kSlots = 16;
  // A window's run in slot `slot`: folder()/last-run.json for slot 0,
  // last-run-<slot + 1>.json after it; the view beside it, its lock.
  static QString path(int slot = 0);
  static QString viewPath(int slot = 0);  // what that window shows (last-run-view.json)
  static QString lockPath(int slot = 0);  // held while that window runs (last-run.lock)
  static QString leftOverPath();  // folder()/unfinished-run.json: a killed run's, moved aside at start
  static QString leftOverViewPath();  // folder()/unfinished-run-view.json: what the killed one showed
  // The slot this window keeps its run in; -1 before start() or with autosave off.
  int slot() const { return slot_; }

  // Takes the newest recording a killed window left (restorable then),
  // takes a free slot and saves this run's there every `seconds` (0: never;
  // nothing is looked for either). Called again, it lets its slot go first
  // with the run left there, as a killed window does.
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
  void takeKilledRun();  // moves the newest run of a window that is gone aside (leftOverPath)
  bool takeSlot();       // locks the first free slot; false when every slot is held
  void releaseSlot(bool removeRun);  // lets this window's slot go, its run removed or left
  void write(std::shared_ptr<const LiveScenario> live);  // the run as the worker answered, written on a pool thread

  QPointer<SimulationController> simulation_;
  QPointer<ScenarioFiles> files_;
  QTimer timer_;
  int slot_ = -1;
  std::unique_ptr<QLockFile> lock_;  // slot_'s, held while this window runs
  QFuture<QString> writing_;         // the recording being written, if any
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
