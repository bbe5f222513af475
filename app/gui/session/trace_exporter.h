// TraceExporter: File > Export Trace (issue 16, "Trace export";
// docs/user-guide.md). Writes the session's events as Chrome/Perfetto
// trace-event JSON, only those of the cycles [first, last]: a torus's
// packet events (sim/trace_events.h: one track per packet, the network's
// and the barrier networks' events on tracks of their own), a fat-tree's
// circuit events (fattree/circuit_trace.h: one track per endpoint, its
// messages and their attempts; the changes applied on the network's).
//
// The GUI never reads live engine state, and the worker must not stop for
// an export: the trace comes from a deterministic re-simulation. The
// session's recording is taken from the worker as File > Save Recording
// takes it (SimulationController::captureLiveScenario), then replayed from
// cycle 0 on a thread-pool thread (flit::writeRecordingTrace, the CLI's
// `run RECORDING --trace` path) as a QCoro coroutine with `progress` and
// cancel(). The file is written beside its name (FILE.part) and renamed
// when complete; a cancelled or failed export leaves no file. GUI thread only.
#pragma once

#include "simulation_controller.h"

#include "fattree/circuit_recording.h"
#include "sim/replay.h"

#include <QObject>
#include <QPointer>
#include <QString>
#include <QUrl>
#include <QVariantMap>
#include <QtQml/qqmlregistration.h>

#include <atomic>
#include <cstdint>
#include <functional>
#include <ostream>
#include <memory>

namespace QCoro { template <typename T> class Task; }

class TraceExporter : public QObject {
  Q_OBJECT
  QML_ELEMENT
  Q_PROPERTY(flitgui::SimulationController* simulation READ simulation WRITE setSimulation NOTIFY simulationChanged)
  Q_PROPERTY(bool exporting READ exporting NOTIFY exportingChanged)
  Q_PROPERTY(double progress READ progress NOTIFY progressChanged)  // 0..1 of the replay
  // The outcome of the last export: "Trace: N events written to FILE (cycles
  // A..B)", or what went wrong (naming the file or the field); `failed` then.
  Q_PROPERTY(QString status READ status NOTIFY statusChanged)
  Q_PROPERTY(bool failed READ failed NOTIFY statusChanged)

 public:
  explicit TraceExporter(QObject* parent = nullptr);
  ~TraceExporter() override;

  flitgui::SimulationController* simulation() const { return simulation_; }
  void setSimulation(flitgui::SimulationController* simulation);
  bool exporting() const { return exporting_; }
  double progress() const { return progress_; }
  QString status() const { return status_; }
  bool failed() const { return failed_; }

  // From QML (a file: URL): starts exportTraceFile; the outcome lands in status.
  Q_INVOKABLE void exportTrace(const QUrl& url, double firstCycle, double lastCycle);
  // Stops the replay at its next chunk of cycles; the partial file is removed.
  Q_INVOKABLE void cancel();

  // The coroutine (C++ and tests: QCoro::waitFor). lastCycle < 0: to the
  // cycle the session has run. Returns {ok, cancelled, error, path, events,
  // firstCycle, lastCycle}; error names the file ("/tmp/x.json: cannot
  // write the file (...)") or the field ("Last cycle: ...").
  QCoro::Task<QVariantMap> exportTraceFile(QString path, qint64 firstCycle, qint64 lastCycle);

  // The export's work, on the thread-pool thread (engine and files only):
  // the recording's trace of cycles [first, last] written to `path`.
  struct FileOutcome {
    QString error;  // what went wrong with the file, without its name
    std::uint64_t events = 0;
    bool cancelled = false;  // by control.cancel: no file written
  };
  static FileOutcome writeTraceFile(const flit::Recording& recording, const QString& path, std::uint64_t firstCycle,
                                    std::uint64_t lastCycle, const flit::ReplayControl& control = {});
  // A fat-tree's: the same file rules, control.chunkCycles not used (the
  // replay reports every 256 cycles).
  static FileOutcome writeTraceFile(const flit::fattree::CircuitRecording& recording, const QString& path,
                                    std::uint64_t firstCycle, std::uint64_t lastCycle,
                                    const flit::ReplayControl& control = {});

 signals:
  void simulationChanged();
  void exportingChanged();
  void progressChanged();
  void statusChanged();
  void exportFinished(bool ok);

 private:
  QVariantMap finish(const QString& path, const QString& error);
  // The trace to FILE.part, renamed to FILE when `write` completed: the file
  // rules of both families.
  static FileOutcome writeAtomically(const QString& path, const std::function<void(std::ostream&, FileOutcome&)>& write);
  void setProgress(double progress);

  QPointer<flitgui::SimulationController> simulation_;
  bool exporting_ = false;
  double progress_ = 0.0;
  QString status_;
  bool failed_ = false;
  std::shared_ptr<std::atomic<bool>> cancel_;  // the export under way's; null when none
};
