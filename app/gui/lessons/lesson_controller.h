// LessonController: runs a guided lesson (lesson.h; docs/lessons.md) in the
// window. Opening one loads its scenario into the network (the simulation
// follows), then walks its steps: each step's panels are opened
// (showRequested, which Main.qml maps to its controls) and its node
// selected; its check is read from the facts the controllers hold
// (lesson_facts.h) four times a second, and once every condition held the
// step is done (it stays done). After the step's hintAfterSeconds its hint
// shows. "Show me" plays the step's solution as a person would (a link
// broken, cycles run, the arbiter switched). The steps reached are kept per
// user (QSettings), so Help > Lessons marks the lessons finished.
//
// Facts and actions reach the controllers by the names the composition root
// registers them under (addObject: "simulation", "network", "follow",
// "deadlockLab", "sync", "outcome", "view", "window"), so this class names no
// family. GUI thread only.
#pragma once

#include "lesson.h"

#include <QHash>
#include <QObject>
#include <QPointer>
#include <QStringList>
#include <QTimer>
#include <QtQml/qqmlregistration.h>

#include <deque>
#include <optional>

class NetworkController;

namespace flitgui {

class SimulationController;

class LessonController : public QObject {
  Q_OBJECT
  QML_ELEMENT
  QML_UNCREATABLE("The composition root creates the LessonController")
  // The lessons that come with Flitscope (":/lessons/*.json"), by file name.
  Q_PROPERTY(QStringList bundledFiles READ bundledFiles CONSTANT)
  Q_PROPERTY(QStringList bundledTitles READ bundledTitles CONSTANT)
  // The panels a step can open (lesson.h kLessonPanels); Main.qml's setPanel handles each.
  Q_PROPERTY(QStringList panels READ panels CONSTANT)
  // Per bundled lesson: every step was done once (kept per user).
  Q_PROPERTY(QList<bool> bundledFinished READ bundledFinished NOTIFY progressChanged)
  Q_PROPERTY(bool active READ active NOTIFY lessonChanged)
  Q_PROPERTY(QString title READ title NOTIFY lessonChanged)
  Q_PROPERTY(QString goal READ goal NOTIFY lessonChanged)
  Q_PROPERTY(QString source READ source NOTIFY lessonChanged)
  Q_PROPERTY(int stepCount READ stepCount NOTIFY lessonChanged)
  Q_PROPERTY(int stepIndex READ stepIndex NOTIFY stepChanged)
  Q_PROPERTY(QString stepText READ stepText NOTIFY stepChanged)
  Q_PROPERTY(QString stepTodo READ stepTodo NOTIFY stepChanged)
  Q_PROPERTY(QString hint READ hint NOTIFY stepChanged)
  Q_PROPERTY(bool hintShown READ hintShown NOTIFY hintShownChanged)
  Q_PROPERTY(bool stepDone READ stepDone NOTIFY stepDoneChanged)
  // Every step of the open lesson was done.
  Q_PROPERTY(bool finished READ finished NOTIFY stepDoneChanged)
  // "Show me" is playing the step's solution.
  Q_PROPERTY(bool playing READ playing NOTIFY playingChanged)
  Q_PROPERTY(QString errorString READ errorString NOTIFY errorStringChanged)

 public:
  explicit LessonController(QObject* parent = nullptr);

  void setNetwork(NetworkController* network);
  void setSimulation(SimulationController* simulation);
  // A controller the facts and actions may name (lesson_facts.h).
  void addObject(const QString& name, QObject* object);

  QStringList bundledFiles() const;
  QStringList bundledTitles() const;
  static QStringList panels();
  QList<bool> bundledFinished() const;
  bool active() const { return lesson_.has_value(); }
  QString title() const;
  QString goal() const;
  QString source() const;
  int stepCount() const { return lesson_ ? static_cast<int>(lesson_->steps.size()) : 0; }
  int stepIndex() const { return step_; }
  QString stepText() const;
  QString stepTodo() const;
  QString hint() const;
  bool hintShown() const { return hintShown_; }
  bool stepDone() const { return stepIndex() >= 0 && step_ < static_cast<int>(done_.size()) && done_[static_cast<std::size_t>(step_)]; }
  bool finished() const;
  bool playing() const { return !playQueue_.empty() || waiting_; }
  QString errorString() const { return error_; }
  const Lesson* lesson() const { return lesson_ ? &*lesson_ : nullptr; }

  // What a fact reads now (lesson_facts.h; a list: its length); invalid
  // when its controller is not registered.
  QVariant factValue(const QString& fact) const;

 public slots:
  // Opens a lesson file (a path, ":/lessons/..." or a file: URL) and loads
  // its scenario. False, keeping the lesson open now, with errorString
  // naming the file and the field.
  bool open(const QString& pathOrUrl);
  bool openBundled(int index);
  void next();
  void back();
  void close();
  // Plays the current step's solution (lesson.h's actions).
  void showMe();
  // Reads the facts now (also done four times a second while a lesson is open).
  void evaluate();

 signals:
  void lessonChanged();
  void stepChanged();
  void stepDoneChanged();
  void hintShownChanged();
  void playingChanged();
  void progressChanged();
  void errorStringChanged();
  // A lesson was opened (before its first step's showRequested): the window tidies up.
  void lessonStarted();
  // The panels the step opens (kLessonPanels names); Main.qml opens each.
  void showRequested(const QStringList& panels);

 private:
  void beginStep(int index);
  bool holds(const LessonCondition& c, double baseline) const;  // baseline: the fact when the step began
  void playNext();
  void perform(const LessonAction& a);
  void setError(const QString& text);
  void saveProgress();
  QObject* object(std::string_view name) const;

  QPointer<NetworkController> network_;
  QPointer<SimulationController> simulation_;
  QHash<QString, QPointer<QObject>> objects_;
  std::optional<Lesson> lesson_;
  QString file_;               // the lesson's file (progress is kept under it)
  int step_ = -1;
  std::vector<std::uint8_t> done_;    // per step
  std::vector<double> baseline_;      // per condition of the step: the fact when it began (increasesBy)
  bool hintShown_ = false;
  QTimer poll_;
  QTimer hintTimer_;
  std::deque<LessonAction> playQueue_;
  // "run" and "reset" wait until a frame saw them and the run stopped (at
  // its cycle, or halted by the watchdog) before the next action.
  bool waiting_ = false;
  QString error_;
};

}  // namespace flitgui
