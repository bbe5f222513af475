#include "lesson_controller.h"

#include "lesson_facts.h"
#include "network_controller.h"
#include "simulation_controller.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLocale>
#include <QSettings>
#include <QUrl>

#include <algorithm>
#include <cmath>
#include <exception>

namespace flitgui {

namespace {

constexpr int kPollMs = 250;

QString q(const std::string& s) { return QString::fromStdString(s); }

// The lesson at `path` in the window's language: its translation, when a
// folder named for the language beside it holds one (lesson.h,
// applyLessonTranslation). Throws with the file and field of an error.
Lesson readLesson(QFile& file) {
  const QFileInfo info(file.fileName());
  Lesson lesson = parseLesson(file.readAll().toStdString());
  const QString language = QLocale().name().section(QLatin1Char('_'), 0, 0);
  QFile translation(info.dir().filePath(language + QLatin1Char('/') + info.fileName()));
  if (language != QLatin1String("en") && translation.open(QIODevice::ReadOnly)) {
    const std::string name = (language + QLatin1Char('/') + info.fileName()).toStdString();
    applyLessonTranslation(lesson, translation.readAll().toStdString(), name);
  }
  return lesson;
}

struct Bundled {
  QString file;
  QString title;
};

// Read once: the lessons are compiled in. Sorted by file name (the files
// are numbered in teaching order).
const std::vector<Bundled>& bundledLessons() {
  static const std::vector<Bundled> lessons = [] {
    std::vector<Bundled> out;
    const QDir dir(QStringLiteral(":/lessons"));
    for (const QString& entry : dir.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name)) {
      Bundled b{dir.filePath(entry), QFileInfo(entry).completeBaseName()};
      QFile file(b.file);
      if (file.open(QIODevice::ReadOnly)) {
        try {
          b.title = q(readLesson(file).title);
        } catch (const std::exception&) {
          // keep the file name: tst_lessons parses every bundled lesson and reports the error
        }
      }
      out.push_back(std::move(b));
    }
    return out;
  }();
  return lessons;
}

QString progressKey(const QString& file) {
  return QStringLiteral("lessons/finished/") + QFileInfo(file).fileName();
}

}  // namespace

LessonController::LessonController(QObject* parent) : QObject(parent) {
  poll_.setInterval(kPollMs);
  connect(&poll_, &QTimer::timeout, this, &LessonController::evaluate);
  hintTimer_.setSingleShot(true);
  connect(&hintTimer_, &QTimer::timeout, this, [this] {
    hintShown_ = true;
    emit hintShownChanged();
  });
}

void LessonController::setNetwork(NetworkController* network) {
  network_ = network;
  addObject(QStringLiteral("network"), network);
}

void LessonController::setSimulation(SimulationController* simulation) {
  simulation_ = simulation;
  addObject(QStringLiteral("simulation"), simulation);
}

void LessonController::addObject(const QString& name, QObject* object) { objects_.insert(name, object); }

QObject* LessonController::object(std::string_view name) const {
  return objects_.value(QString::fromUtf8(name.data(), static_cast<qsizetype>(name.size()))).data();
}

QStringList LessonController::bundledFiles() const {
  QStringList files;
  for (const Bundled& b : bundledLessons()) files << b.file;
  return files;
}

QStringList LessonController::bundledTitles() const {
  QStringList titles;
  for (const Bundled& b : bundledLessons()) titles << b.title;
  return titles;
}

QStringList LessonController::panels() {
  QStringList names;
  for (std::string_view p : kLessonPanels) names << QString::fromUtf8(p.data(), static_cast<qsizetype>(p.size()));
  return names;
}

QList<bool> LessonController::bundledFinished() const {
  QSettings settings;
  QList<bool> finished;
  for (const Bundled& b : bundledLessons()) finished << settings.value(progressKey(b.file), false).toBool();
  return finished;
}

QString LessonController::title() const { return lesson_ ? q(lesson_->title) : QString(); }
QString LessonController::goal() const { return lesson_ ? q(lesson_->goal) : QString(); }
QString LessonController::source() const { return lesson_ ? q(lesson_->source) : QString(); }

QString LessonController::stepText() const { return lesson_ && step_ >= 0 ? q(lesson_->steps[static_cast<std::size_t>(step_)].text) : QString(); }
QString LessonController::stepTodo() const { return lesson_ && step_ >= 0 ? q(lesson_->steps[static_cast<std::size_t>(step_)].todo) : QString(); }
QString LessonController::hint() const { return lesson_ && step_ >= 0 ? q(lesson_->steps[static_cast<std::size_t>(step_)].hint) : QString(); }

bool LessonController::finished() const {
  return lesson_ && !done_.empty() && std::all_of(done_.begin(), done_.end(), [](std::uint8_t d) { return d != 0; });
}

void LessonController::setError(const QString& text) {
  if (text == error_) return;
  error_ = text;
  emit errorStringChanged();
}

bool LessonController::open(const QString& pathOrUrl) {
  QString path = pathOrUrl;
  const QUrl url(pathOrUrl);
  if (url.isLocalFile()) path = url.toLocalFile();
  else if (url.scheme() == QLatin1String("qrc")) path = QLatin1Char(':') + url.path();
  const QString name = QFileInfo(path).fileName();
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) {
    setError(tr("%1: cannot open the file").arg(name));
    return false;
  }
  Lesson lesson;
  try {
    lesson = readLesson(file);
  } catch (const std::exception& e) {
    setError(tr("%1: %2").arg(name, QString::fromUtf8(e.what())));
    return false;
  }
  // The scenario: a bundled preset by its file name, else a file beside the lesson.
  QString scenario = QStringLiteral(":/presets/") + q(lesson.scenario);
  if (!QFile::exists(scenario)) scenario = QFileInfo(path).dir().filePath(q(lesson.scenario));
  if (!network_ || !network_->loadScenario(scenario)) {
    setError(tr("%1: lesson.scenario: %2").arg(name, network_ ? network_->errorString() : tr("no network")));
    return false;
  }
  setError(QString());
  playQueue_.clear();
  waiting_ = false;
  lesson_ = std::move(lesson);
  file_ = path;
  done_.assign(lesson_->steps.size(), 0);
  emit lessonChanged();
  emit playingChanged();
  emit lessonStarted();
  beginStep(0);
  poll_.start();
  return true;
}

bool LessonController::openBundled(int index) {
  const auto& lessons = bundledLessons();
  if (index < 0 || static_cast<std::size_t>(index) >= lessons.size()) return false;
  return open(lessons[static_cast<std::size_t>(index)].file);
}

void LessonController::close() {
  setError(QString());
  if (!lesson_) return;
  lesson_.reset();
  step_ = -1;
  done_.clear();
  playQueue_.clear();
  waiting_ = false;
  poll_.stop();
  hintTimer_.stop();
  hintShown_ = false;
  emit lessonChanged();
  emit stepChanged();
  emit stepDoneChanged();
  emit hintShownChanged();
  emit playingChanged();
}

void LessonController::next() {
  if (lesson_ && step_ + 1 < stepCount()) beginStep(step_ + 1);
}

void LessonController::back() {
  if (lesson_ && step_ > 0) beginStep(step_ - 1);
}

void LessonController::beginStep(int index) {
  step_ = index;
  const LessonStep& s = lesson_->steps[static_cast<std::size_t>(index)];
  baseline_.clear();
  for (const LessonCondition& c : s.check) baseline_.push_back(factValue(q(c.fact)).toDouble());
  hintShown_ = false;
  hintTimer_.stop();
  if (!s.hint.empty()) hintTimer_.start(s.hintAfterSeconds * 1000);
  emit stepChanged();
  emit stepDoneChanged();
  emit hintShownChanged();
  QStringList panels;
  for (const std::string& p : s.open) panels << q(p);
  if (!panels.isEmpty()) emit showRequested(panels);
  if (!s.select.empty() && network_) network_->setSelectedNode(network_->findNode(q(s.select)));
  evaluate();
}

QVariant LessonController::factValue(const QString& name) const {
  const LessonFact* fact = findLessonFact(name.toStdString());
  QObject* o = fact ? object(fact->object) : nullptr;
  if (!o) return {};
  const QVariant v = o->property(fact->property);
  if (v.typeId() == QMetaType::fromType<QList<int>>().id()) return static_cast<double>(v.value<QList<int>>().size());
  if (v.typeId() == QMetaType::QStringList) return static_cast<double>(v.toStringList().size());
  return v;
}

bool LessonController::holds(const LessonCondition& c, double baseline) const {
  const QVariant v = factValue(q(c.fact));
  if (!v.isValid()) return false;
  using T = LessonCondition::Test;
  switch (c.test) {
    case T::Is:
      if (const bool* b = std::get_if<bool>(&c.value)) return v.toBool() == *b;
      if (const double* d = std::get_if<double>(&c.value)) return std::abs(v.toDouble() - *d) < 1e-9;
      return v.toString() == q(std::get<std::string>(c.value));
    case T::AtLeast: return v.toDouble() >= std::get<double>(c.value);
    case T::AtMost: return v.toDouble() <= std::get<double>(c.value);
    case T::IncreasesBy: return v.toDouble() - baseline >= std::get<double>(c.value);
  }
  return false;
}

void LessonController::evaluate() {
  if (waiting_ && (!simulation_ || (simulation_->frameSawEveryCommand() && !simulation_->running()))) {
    waiting_ = false;  // "Show me" goes on after its run or reset
    playNext();
  }
  if (!lesson_ || step_ < 0) return;
  const LessonStep& s = lesson_->steps[static_cast<std::size_t>(step_)];
  // A run started again from cycle 0 (reset, another scenario): what
  // "increases by" counts from starts again too.
  for (std::size_t i = 0; i < s.check.size(); ++i) {
    const double now = factValue(q(s.check[i].fact)).toDouble();
    if (now < baseline_[i]) baseline_[i] = now;
  }
  if (done_[static_cast<std::size_t>(step_)]) return;
  for (std::size_t i = 0; i < s.check.size(); ++i)
    if (!holds(s.check[i], baseline_[i])) return;
  done_[static_cast<std::size_t>(step_)] = 1;
  hintTimer_.stop();
  emit stepDoneChanged();
  if (finished()) saveProgress();
}

void LessonController::saveProgress() {
  QSettings().setValue(progressKey(file_), true);
  emit progressChanged();
}

}  // namespace flitgui
