#include "autosave.h"

#include "live_scenario.h"
#include "save_whole.h"
#include "scenario_files.h"

#include <QCoroTask>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStandardPaths>
#include <QtConcurrent/QtConcurrentRun>

#include <functional>
#include <utility>

namespace flitgui {

namespace {

// "Teaching torus 4x4x4, cycle 500, 2 changes" from a recording's JSON;
// empty when it is not one (then there is nothing to restore).
QString describeRecording(const QString& path) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) return {};
  const QJsonObject o = QJsonDocument::fromJson(file.readAll()).object();
  if (!o.contains(QStringLiteral("flitscopeRecording"))) return {};
  QString name = o.value(QStringLiteral("scenario")).toObject().value(QStringLiteral("name")).toString();
  if (name.isEmpty()) name = Autosave::tr("an unnamed scenario");
  const auto changes = o.value(QStringLiteral("timeline")).toArray().size();
  return Autosave::tr("%1, cycle %2, %3")
      .arg(name)
      .arg(static_cast<qint64>(o.value(QStringLiteral("cycles")).toDouble()))
      .arg(changes == 1 ? Autosave::tr("1 change") : Autosave::tr("%1 changes").arg(changes));
}

// The recording a live scenario carries, as the key of what it holds.
QString keyOf(const LiveScenario& live) {
  if (live.recording) return QStringLiteral("%1/%2").arg(live.recording->cycles).arg(live.recording->timeline.size());
  if (live.circuitRecording)
    return QStringLiteral("%1/%2").arg(live.circuitRecording->cycles).arg(live.circuitRecording->timeline.size());
  return {};
}

}  // namespace

Autosave::Autosave(QObject* parent) : QObject(parent) {
  connect(&timer_, &QTimer::timeout, this, &Autosave::saveNow);
}

// The window closed (a normal end): nothing to restore next time.
Autosave::~Autosave() { releaseSlot(true); }

QString Autosave::folder() {
  return QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation) + QStringLiteral("/flitscope/autosave");
}

namespace {
// "last-run" for slot 0, "last-run-2" for slot 1, ...
QString slotBase(int slot) {
  return Autosave::folder() + (slot == 0 ? QStringLiteral("/last-run") : QStringLiteral("/last-run-%1").arg(slot + 1));
}
}  // namespace

QString Autosave::path(int slot) { return slotBase(slot) + QStringLiteral(".json"); }
QString Autosave::viewPath(int slot) { return slotBase(slot) + QStringLiteral("-view.json"); }
QString Autosave::lockPath(int slot) { return slotBase(slot) + QStringLiteral(".lock"); }
QString Autosave::leftOverPath() { return folder() + QStringLiteral("/unfinished-run.json"); }
QString Autosave::leftOverViewPath() { return folder() + QStringLiteral("/unfinished-run-view.json"); }

void Autosave::setViewStateSource(const QJSValue& source) {
  viewStateSource_ = source;
  emit viewStateSourceChanged();
}

void Autosave::start(int seconds) {
  if (seconds <= 0) return;
  releaseSlot(false);  // as a window killed there would
  timer_.stop();
  QDir().mkpath(folder());
  takeKilledRun();
  if (QFile::exists(leftOverPath())) {
    const QString text = describeRecording(leftOverPath());
    if (text.isEmpty()) {  // not a recording: nothing to offer
      QFile::remove(leftOverPath());
      QFile::remove(leftOverViewPath());
    } else {
      QFile view(leftOverViewPath());
      if (view.open(QIODevice::ReadOnly)) leftOverView_ = QJsonDocument::fromJson(view.readAll()).object().toVariantMap();
      setLeftOver(leftOverPath(), text);
    }
  }
  if (!takeSlot()) {
    setError(tr("Autosave: %1 windows already keep their runs; this one keeps nothing").arg(kSlots));
    return;
  }
  timer_.start(seconds * 1000);
}

void Autosave::takeKilledRun() {
  // A slot whose lock can be taken has no window: its run was killed.
  int newest = -1;
  QDateTime newestTime;
  for (int slot = 0; slot < kSlots; ++slot) {
    if (!QFile::exists(path(slot))) continue;
    QLockFile lock(lockPath(slot));
    if (!lock.tryLock(0)) continue;  // a window runs there
    const QDateTime time = QFileInfo(path(slot)).lastModified();
    if (newest < 0 || time > newestTime) {
      newest = slot;
      newestTime = time;
    }
  }
  if (newest < 0) return;
  QLockFile lock(lockPath(newest));
  if (!lock.tryLock(0)) return;  // a window took it meanwhile
  QFile::remove(leftOverPath());
  QFile::remove(leftOverViewPath());
  QFile::rename(path(newest), leftOverPath());
  QFile::rename(viewPath(newest), leftOverViewPath());  // when it wrote one
}

bool Autosave::takeSlot() {
  for (int slot = 0; slot < kSlots; ++slot) {
    if (QFile::exists(path(slot))) continue;  // another killed window's, offered at a later start
    auto lock = std::make_unique<QLockFile>(lockPath(slot));
    if (!lock->tryLock(0)) continue;
    if (QFile::exists(path(slot))) continue;  // written between the look and the lock
    lock_ = std::move(lock);
    slot_ = slot;
    return true;
  }
  return false;
}

void Autosave::releaseSlot(bool removeRun) {
  if (slot_ < 0) return;
  writing_.waitForFinished();  // else the write could bring the file back after the removal
  if (removeRun) {
    QFile::remove(path(slot_));
    QFile::remove(viewPath(slot_));
  }
  lock_.reset();  // unlocks: removes the lock file
  slot_ = -1;
  lastKey_.clear();
  lastView_.clear();
}

void Autosave::saveNow() {
  if (slot_ < 0 || saving_ || !simulation_ || !simulation_->hasSimulation()) return;
  saveView();
  saving_ = true;
  // Always answered, from a frame or with null when the simulation stops:
  // nothing waits on a timer that a closing window would leave behind.
  simulation_->requestLiveScenario([self = QPointer<Autosave>(this)](std::shared_ptr<const LiveScenario> live) {
    if (self) self->write(std::move(live));
  });
}

void Autosave::write(std::shared_ptr<const LiveScenario> live) {
  const QString key = live ? keyOf(*live) : QString();
  // Nothing to keep (a test fake, a simulation gone), or nothing new.
  if (!live || (!live->recording && !live->circuitRecording) || slot_ < 0 || key == lastKey_) {
    saving_ = false;
    return;
  }
  const QString file = path(slot_);
  writing_ = QtConcurrent::run([live, file] { return writeRecordingFile(*live, file); });
  // A closing window waits for the write (releaseSlot); the continuation
  // does not run once this object is gone.
  writing_.then(this, [this, key, file](const QString& error) {
    saving_ = false;
    setError(error.isEmpty() ? QString() : tr("Autosave: %1").arg(error));
    if (!error.isEmpty()) return;
    lastKey_ = key;
    emit saved(file);
  });
}

void Autosave::restore() {
  if (!restorable() || !files_) return;
  const QString file = leftOver_;
  QPointer<Autosave> self(this);
  [](QPointer<Autosave> self, QPointer<ScenarioFiles> files, QString file) -> QCoro::Task<> {
    const QVariantMap result = co_await files->openFile(file);
    if (!self) co_return;
    if (!result.value(QStringLiteral("ok")).toBool()) {
      self->setError(tr("Restore: %1").arg(result.value(QStringLiteral("error")).toString()));
      co_return;
    }
    QFile::remove(file);
    QFile::remove(leftOverViewPath());
    self->lastKey_.clear();  // the restored run is saved again at the next tick
    const QVariantMap view = std::exchange(self->leftOverView_, {});
    self->setLeftOver({}, {});
    if (!view.isEmpty()) emit self->viewRestored(view);
  }(self, files_, file);
}

void Autosave::discard() {
  if (!restorable()) return;
  QFile::remove(leftOver_);
  QFile::remove(leftOverViewPath());
  leftOverView_.clear();
  setLeftOver({}, {});
}

void Autosave::saveView() {
  if (!viewStateSource_.isCallable()) return;
  const QJSValue state = viewStateSource_.call();
  if (state.isError() || !state.isObject()) {
    setError(tr("Autosave: the view could not be read (%1)").arg(state.toString()));
    return;
  }
  const QByteArray json =
      QJsonDocument(QJsonObject::fromVariantMap(state.toVariant().toMap())).toJson(QJsonDocument::Compact);
  if (json == lastView_) return;
  const QString error = saveWhole(viewPath(slot_), json);
  if (!error.isEmpty()) {
    setError(tr("Autosave: %1").arg(error));
    return;
  }
  lastView_ = json;
}

void Autosave::setLeftOver(const QString& path, const QString& text) {
  leftOver_ = path;
  restoreText_ = text;
  emit restorableChanged();
}

void Autosave::setError(const QString& error) {
  if (error == lastError_) return;
  lastError_ = error;
  emit lastErrorChanged();
}

}  // namespace flitgui
