#include "trace_exporter.h"

#include "scenario_files.h"

#include "fattree/circuit_trace.h"
#include "sim/trace_events.h"

#include <QCoroFuture>
#include <QDir>
#include <QFile>
#include <QTimer>
#include <QtConcurrent/QtConcurrentRun>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <stop_token>
#include <system_error>

namespace {

QString systemError() { return QString::fromLocal8Bit(std::strerror(errno)); }

}  // namespace

// The trace goes to FILE.part, renamed to FILE when complete, so a cancelled
// or failed export leaves no file (and an older FILE stays as it was).
TraceExporter::FileOutcome TraceExporter::writeAtomically(
    const QString& path, const std::function<void(std::ostream&, FileOutcome&)>& write) {
  FileOutcome out;
  const std::filesystem::path target(QFile::encodeName(path).toStdString());
  std::filesystem::path part = target;
  part += ".part";
  std::ofstream file(part, std::ios::binary | std::ios::trunc);
  if (!file) {
    out.error = tr("cannot write the file (%1)").arg(systemError());
    return out;
  }
  try {
    write(file, out);
  } catch (const std::exception& e) {
    out.error = QString::fromUtf8(e.what());  // the recording's ScenarioError names the field
  }
  file.close();
  std::error_code ec;
  if (out.error.isEmpty() && !out.cancelled) {
    if (!file) {
      out.error = tr("cannot write the file (%1)").arg(systemError());  // e.g. the disk is full
    } else {
      std::filesystem::rename(part, target, ec);
      if (ec) out.error = tr("cannot write the file (%1)").arg(QString::fromStdString(ec.message()));
    }
  }
  if (!out.error.isEmpty() || out.cancelled) std::filesystem::remove(part, ec);
  return out;
}

TraceExporter::FileOutcome TraceExporter::writeTraceFile(const flit::Recording& recording, const QString& path,
                                                         std::uint64_t firstCycle, std::uint64_t lastCycle,
                                                         const flit::ReplayControl& control) {
  return writeAtomically(path, [&](std::ostream& file, FileOutcome& out) {
    const flit::TraceOutcome t = flit::writeRecordingTrace(recording, file, firstCycle, lastCycle, control);
    out.events = t.eventsWritten;
    out.cancelled = t.cancelled;
  });
}

TraceExporter::FileOutcome TraceExporter::writeTraceFile(const flit::fattree::CircuitRecording& recording,
                                                         const QString& path, std::uint64_t firstCycle,
                                                         std::uint64_t lastCycle, const flit::ReplayControl& control) {
  return writeAtomically(path, [&](std::ostream& file, FileOutcome& out) {
    // The replay stops on a stop request; the cancel flag is looked at
    // between its slices of cycles.
    std::stop_source stop;
    const flit::TraceOutcome t = flit::fattree::writeCircuitRecordingTrace(
        recording, file, firstCycle, lastCycle, stop.get_token(), [&](std::uint64_t cycle, std::uint64_t until) {
          if (control.progress) control.progress(cycle, until);
          if (control.cancel && control.cancel->load()) stop.request_stop();
        });
    out.events = t.eventsWritten;
    out.cancelled = t.cancelled;
  });
}

TraceExporter::TraceExporter(QObject* parent) : QObject(parent) {}

TraceExporter::~TraceExporter() {
  if (cancel_) cancel_->store(true);  // the replay stops at its next chunk and removes its file
}

void TraceExporter::setSimulation(flitgui::SimulationController* simulation) {
  if (simulation == simulation_) return;
  simulation_ = simulation;
  emit simulationChanged();
}

void TraceExporter::exportTrace(const QUrl& url, double firstCycle, double lastCycle) {
  exportTraceFile(ScenarioFiles::localPath(url), static_cast<qint64>(firstCycle),
                  static_cast<qint64>(lastCycle));
}

void TraceExporter::cancel() {
  if (cancel_) cancel_->store(true);
}

void TraceExporter::setProgress(double progress) {
  if (progress == progress_) return;
  progress_ = progress;
  emit progressChanged();
}

// The end of an export that wrote nothing: `error` is empty when cancelled.
QVariantMap TraceExporter::finish(const QString& path, const QString& error) {
  const bool cancelled = error.isEmpty();
  exporting_ = false;
  cancel_.reset();
  failed_ = !cancelled;
  status_ = cancelled ? tr("Trace export cancelled; no file written")
                      : tr("Could not export the trace: %1").arg(error);
  emit exportingChanged();
  emit statusChanged();
  emit exportFinished(false);
  return {{"ok", false}, {"cancelled", cancelled}, {"error", error}, {"path", path}};
}

QCoro::Task<QVariantMap> TraceExporter::exportTraceFile(QString path, qint64 firstCycle, qint64 lastCycle) {
  if (exporting_)
    co_return QVariantMap{{"ok", false}, {"error", tr("a trace export is already under way")}, {"path", path}};
  QPointer<TraceExporter> self(this);
  const QVariantMap closed{{"ok", false}, {"error", QStringLiteral("closed")}, {"path", path}};
  auto cancel = std::make_shared<std::atomic<bool>>(false);
  cancel_ = cancel;
  exporting_ = true;
  setProgress(0.0);
  emit exportingChanged();
  const QString shown = QDir::toNativeSeparators(path);
  if (path.isEmpty()) co_return finish(path, tr("no file chosen"));
  if (!simulation_ || !simulation_->hasSimulation()) co_return finish(path, tr("no simulation to trace"));
  // The session's recording, taken on the worker between cycles as File >
  // Save Recording takes it: scenario, applied timeline, cycles run.
  const std::shared_ptr<const flitgui::LiveScenario> live = co_await simulation_->captureLiveScenario();
  if (!self) co_return closed;
  if (!live) co_return finish(path, tr("the simulation did not answer; nothing was written"));
  if (!live->recording && !live->circuitRecording) co_return finish(path, tr("this simulation keeps no recording"));
  if (cancel->load()) co_return finish(path, {});
  const auto cycles = static_cast<qint64>(live->recording ? live->recording->cycles : live->circuitRecording->cycles);
  const qint64 last = lastCycle < 0 ? cycles : lastCycle;
  // The range, each end named as the dialog names it.
  if (firstCycle < 0 || firstCycle > cycles) {
    const QString rule = tr("First cycle: must be from 0 to %1 (the cycle the run has reached), got %2");
    co_return finish(path, rule.arg(cycles).arg(firstCycle));
  }
  if (last < firstCycle || last > cycles) {
    const QString rule =
        tr("Last cycle: must be from the first cycle (%1) to %2 (the cycle the run has reached), got %3");
    co_return finish(path, rule.arg(firstCycle).arg(cycles).arg(last));
  }

  auto done = std::make_shared<std::atomic<double>>(0.0);  // fraction of the replay, read by `poll`
  QTimer poll;
  poll.setInterval(100);
  connect(&poll, &QTimer::timeout, this, [this, done] { setProgress(done->load()); });
  poll.start();
  // The outcome comes back through `outcome`, not the future's result store
  // (QCoro 0.8 and QFuture<T> of a non-trivial T freed it twice); the future
  // is a named local (GCC 12 destroys a lambda temporary inside co_await twice).
  auto outcome = std::make_shared<FileOutcome>();
  QFuture<void> written = QtConcurrent::run(
      [live, path, traceFirst = static_cast<std::uint64_t>(firstCycle),
       traceLast = static_cast<std::uint64_t>(last), cancel, done, outcome] {
        flit::ReplayControl control;
        control.cancel = cancel.get();
        control.progress = [done](std::uint64_t cycle, std::uint64_t until) {
          done->store(until > 0 ? static_cast<double>(cycle) / static_cast<double>(until) : 1.0);
        };
        *outcome = live->recording ? writeTraceFile(*live->recording, path, traceFirst, traceLast, control)
                                   : writeTraceFile(*live->circuitRecording, path, traceFirst, traceLast, control);
      });
  co_await written;
  if (!self) co_return closed;
  poll.stop();
  if (outcome->cancelled) co_return finish(path, {});
  if (!outcome->error.isEmpty()) co_return finish(path, tr("%1: %2").arg(shown, outcome->error));
  exporting_ = false;
  cancel_.reset();
  failed_ = false;
  setProgress(1.0);
  status_ = tr("Trace: %1 events written to %2 (cycles %3..%4)")
                .arg(QString::number(outcome->events), shown, QString::number(firstCycle), QString::number(last));
  emit exportingChanged();
  emit statusChanged();
  emit exportFinished(true);
  co_return QVariantMap{{"ok", true},
                        {"cancelled", false},
                        {"error", QString()},
                        {"path", path},
                        {"events", QVariant::fromValue(outcome->events)},
                        {"firstCycle", firstCycle},
                        {"lastCycle", last}};
}
