// Guided lessons (issue 42, "Guided lessons"; docs/lessons.md): the lesson
// format's reader names the bad field as the scenario reader does; every
// bundled lesson parses, runs a bundled preset and names nodes and links its
// network has; every fact a check may read is a property of the controller
// it names; a LessonController opens a lesson, loads its scenario, and
// completes a step once its facts hold.
#include "test_main.h"
#include "follow_controller.h"
#include "lessons/lesson.h"
#include "lessons/lesson_controller.h"
#include "lessons/lesson_facts.h"
#include "network_controller.h"
#include "simulation_controller.h"
#include "torus/deadlock_lab.h"
#include "torus/rebuild_outcome.h"
#include "torus/special_controller.h"
#include "torus/sync_controller.h"
#include "torus/tag_editor.h"
#include "torus/vc_balance_controller.h"
#include "fat_tree/circuit_status.h"

#include "scenario/json_fields.h"

#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

using namespace flitgui;

namespace {

std::string readAll(const QString& path) {
  QFile f(path);
  if (!f.open(QIODevice::ReadOnly)) return {};
  return f.readAll().toStdString();
}

const char* const kMinimal = R"({"format": "flitscope-lesson", "version": 1, "title": "t", "goal": "g",
  "source": "s", "scenario": "teaching-4x4x4.json",
  "steps": [{"text": "x", "do": "y", "check": [{"fact": "cycle", "increasesBy": 10}],
             "solution": [{"do": "run", "cycles": 10}]}]})";

}  // namespace

class TstLessons : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
  void minimalLessonParses();
  void badLessonNamesTheField_data();
  void badLessonNamesTheField();
  void everyBundledLessonRunsOnItsScenario();
  void everyFactIsARealProperty();
  void everyBundledLessonHasItsGermanText();
  void badTranslationNamesTheField_data();
  void badTranslationNamesTheField();
  void theWindowsLanguageChoosesTheText();
  void networkFindsNodesAndLinksByName();
  void aStepIsDoneOnceItsFactsHold();
};

void TstLessons::minimalLessonParses() {
  const Lesson l = parseLesson(kMinimal);
  QCOMPARE(l.steps.size(), std::size_t{1});
  QCOMPARE(l.steps[0].check[0].test, LessonCondition::Test::IncreasesBy);
  QCOMPARE(std::get<double>(l.steps[0].check[0].value), 10.0);
  QCOMPARE(l.steps[0].solution[0].number, 10.0);
  QCOMPARE(l.steps[0].hintAfterSeconds, 40);
}

void TstLessons::badLessonNamesTheField_data() {
  QTest::addColumn<QString>("from");
  QTest::addColumn<QString>("to");
  QTest::addColumn<QString>("error");
  QTest::newRow("format") << "\"flitscope-lesson\"" << "\"flitscope-scenario\"" << "lesson.format: must be";
  QTest::newRow("version") << "\"version\": 1" << "\"version\": 2" << "lesson.version";
  QTest::newRow("no title") << "\"title\": \"t\", " << "" << "lesson.title: missing required field";
  QTest::newRow("fact") << "\"fact\": \"cycle\"" << "\"fact\": \"cycles\"" << "lesson.steps[0].check[0].fact: unknown fact \"cycles\"";
  QTest::newRow("two tests") << "\"increasesBy\": 10" << "\"increasesBy\": 10, \"is\": 3" << "lesson.steps[0].check[0]: needs exactly one";
  QTest::newRow("verb") << "\"do\": \"run\"" << "\"do\": \"walk\"" << "lesson.steps[0].solution[0].do: unknown action \"walk\"";
  QTest::newRow("cycles") << "\"cycles\": 10" << "\"cycles\": 0" << "lesson.steps[0].solution[0].cycles";
  QTest::newRow("no check") << "\"check\": [{\"fact\": \"cycle\", \"increasesBy\": 10}]" << "\"check\": []" << "lesson.steps[0].check";
  QTest::newRow("misspelt key") << "\"text\": \"x\"" << "\"text\": \"x\", \"txt\": 1" << "lesson.steps[0]";
  QTest::newRow("panel") << "\"text\": \"x\"" << "\"text\": \"x\", \"open\": [\"labs\"]" << "lesson.steps[0].open[0]: unknown panel \"labs\"";
  QTest::newRow("not JSON") << "{\"format\"" << "{format" << "lesson: not valid JSON";
}

void TstLessons::badLessonNamesTheField() {
  QFETCH(QString, from);
  QFETCH(QString, to);
  QFETCH(QString, error);
  QString text = QString::fromLatin1(kMinimal);
  QVERIFY2(text.contains(from), qPrintable(from));
  text.replace(text.indexOf(from), from.size(), to);
  try {
    parseLesson(text.toStdString());
    QFAIL("no error");
  } catch (const flit::ScenarioError& e) {
    QVERIFY2(QString::fromUtf8(e.what()).startsWith(error), e.what());
  }
}

// Each bundled lesson: parses, its scenario is a bundled preset, and every
// node and link its solutions and selections name exists in that network.
void TstLessons::everyBundledLessonRunsOnItsScenario() {
  LessonController lessons;
  QVERIFY(lessons.bundledFiles().size() >= 3);
  for (int i = 0; i < lessons.bundledFiles().size(); ++i) {
    const QString file = lessons.bundledFiles()[i];
    Lesson l;
    try {
      l = parseLesson(readAll(file));
    } catch (const std::exception& e) {
      QFAIL(qPrintable(file + ": " + QString::fromUtf8(e.what())));
    }
    QCOMPARE(lessons.bundledTitles()[i], QString::fromStdString(l.title));
    NetworkController network;
    QVERIFY2(network.loadScenario(QStringLiteral(":/presets/") + QString::fromStdString(l.scenario)),
             qPrintable(file + ": " + network.errorString()));
    for (const LessonStep& s : l.steps) {
      if (!s.select.empty()) QVERIFY2(network.findNode(QString::fromStdString(s.select)) >= 0, s.select.c_str());
      for (const LessonAction& a : s.solution) {
        const QString what = QString::fromStdString(a.argument);
        using V = LessonVerb;
        if (a.verb == V::FailLink || a.verb == V::RepairLink) QVERIFY2(network.findLink(what) >= 0, qPrintable(file + ": " + what));
        if (a.verb == V::FailNode || a.verb == V::RepairNode || a.verb == V::Select || a.verb == V::SetHotSpare ||
            a.verb == V::SpecialReset)
          QVERIFY2(network.findNode(what) >= 0, qPrintable(file + ": " + what));
        if (a.verb == V::Route) {  // "0,3,0 > 1,1,1"
          const QStringList ends = what.split(QLatin1Char('>'));
          QCOMPARE(ends.size(), 2);
          for (const QString& end : ends) QVERIFY2(network.findNode(end) >= 0, qPrintable(file + ": " + end));
        }
      }
    }
  }
}

// Every row of kLessonFacts names a property its controller has (the
// view's and the window's are QML objects: tst_lessons_window reads them).
void TstLessons::everyFactIsARealProperty() {
  SimulationController simulation;
  NetworkController network;
  FollowController follow;
  DeadlockLab lab;
  SyncController sync;
  RebuildOutcome outcome;
  TagEditor tagEditor;
  VcBalanceController vcBalance;
  CircuitStatus circuits;
  SpecialController special;
  const QHash<QString, const QObject*> objects = {
      {QStringLiteral("special"), &special},
      {QStringLiteral("tagEditor"), &tagEditor},   {QStringLiteral("vcBalance"), &vcBalance},
      {QStringLiteral("circuits"), &circuits},
      {QStringLiteral("simulation"), &simulation}, {QStringLiteral("network"), &network},
      {QStringLiteral("follow"), &follow},         {QStringLiteral("deadlockLab"), &lab},
      {QStringLiteral("sync"), &sync},             {QStringLiteral("outcome"), &outcome},
      {QStringLiteral("arbitrationCharts"), simulation.arbitrationCharts()}};
  int checked = 0;
  for (const LessonFact& f : kLessonFacts) {
    const QString object = QString::fromUtf8(f.object.data(), static_cast<qsizetype>(f.object.size()));
    if (object == QLatin1String("view") || object == QLatin1String("window")) continue;
    QVERIFY2(objects.contains(object), qPrintable(object));
    QVERIFY2(objects[object]->metaObject()->indexOfProperty(f.property) >= 0,
             qPrintable(object + QLatin1Char('.') + QLatin1String(f.property)));
    ++checked;
  }
  QVERIFY(checked >= 15);
}

// Every shipped lesson has its German words (resources/lessons/de/), and
// they fit the lesson: one entry per step, a hint where it has one.
void TstLessons::everyBundledLessonHasItsGermanText() {
  LessonController lessons;
  for (const QString& file : lessons.bundledFiles()) {
    Lesson l = parseLesson(readAll(file));
    const QString german = QFileInfo(file).dir().filePath(QStringLiteral("de/") + QFileInfo(file).fileName());
    QVERIFY2(QFile::exists(german), qPrintable(german));
    const std::string english = l.steps.front().text;
    try {
      applyLessonTranslation(l, readAll(german), german.toStdString());
    } catch (const std::exception& e) {
      QFAIL(e.what());
    }
    QVERIFY2(l.steps.front().text != english, qPrintable(german));
  }
}

void TstLessons::badTranslationNamesTheField_data() {
  QTest::addColumn<QString>("text");
  QTest::addColumn<QString>("error");
  const QString head = QStringLiteral(R"("format": "flitscope-lesson-translation", "version": 1, "language": "de", "title": "T", "goal": "Z")");
  QTest::newRow("format") << QStringLiteral(R"({"format": "flitscope-lesson", "version": 1})") << "de.json.format: must be";
  QTest::newRow("steps") << QStringLiteral("{%1, \"steps\": []}").arg(head) << "de.json.steps";
  QTest::newRow("a check") << QStringLiteral("{%1, \"steps\": [{\"text\": \"a\", \"do\": \"b\", \"check\": []}]}").arg(head)
                           << "de.json.steps[0]";
  QTest::newRow("no do") << QStringLiteral("{%1, \"steps\": [{\"text\": \"a\"}]}").arg(head) << "de.json.steps[0].do";
}

void TstLessons::badTranslationNamesTheField() {
  QFETCH(QString, text);
  QFETCH(QString, error);
  Lesson l = parseLesson(kMinimal);
  try {
    applyLessonTranslation(l, text.toStdString(), "de.json");
    QFAIL("no error");
  } catch (const flit::ScenarioError& e) {
    QVERIFY2(QString::fromUtf8(e.what()).startsWith(error), e.what());
  }
  QCOMPARE(l.title, std::string("t"));  // unchanged
}

// A German window opens a lesson in German; its checks stay the lesson's.
void TstLessons::theWindowsLanguageChoosesTheText() {
  const QLocale before;
  QLocale::setDefault(QLocale(QStringLiteral("de_DE")));
  NetworkController network;
  LessonController lessons;
  lessons.setNetwork(&network);
  const bool opened = lessons.open(lessons.bundledFiles().front());
  QLocale::setDefault(before);
  QVERIFY2(opened, qPrintable(lessons.errorString()));
  const Lesson english = parseLesson(readAll(lessons.bundledFiles().front()));
  QVERIFY(lessons.title() != QString::fromStdString(english.title));
  QVERIFY(lessons.stepText() != QString::fromStdString(english.steps.front().text));
  QCOMPARE(lessons.lesson()->steps.front().check.size(), english.steps.front().check.size());
}

void TstLessons::networkFindsNodesAndLinksByName() {
  NetworkController torus;
  QVERIFY(torus.loadScenario(NetworkController::defaultScenarioPath()));
  const int node = torus.findNode(QStringLiteral("1,1,0"));
  QVERIFY(node >= 0);
  QCOMPARE(torus.describeNode(node).left(15), QStringLiteral("node (1,1,0) PE"));
  const int link = torus.findLink(QStringLiteral("1,1,0:+X"));
  QVERIFY(link >= 0);
  QVERIFY2(torus.describeLink(link).startsWith(QStringLiteral("link (1,1,0) +X")), qPrintable(torus.describeLink(link)));
  QCOMPARE(torus.findNode(QStringLiteral("9,0,0")), -1);
  QCOMPARE(torus.findLink(QStringLiteral("1,1,0")), -1);
  NetworkController tree;
  QVERIFY(tree.loadScenario(QStringLiteral(":/presets/transit-64.json")));
  QCOMPARE(tree.findNode(QStringLiteral("RN1 3")), 3);
  QCOMPARE(tree.describeNode(tree.findNode(QStringLiteral("endpoint 2"))), QStringLiteral("endpoint 2"));
  const int channel = tree.findLink(QStringLiteral("channel 17"));
  QVERIFY(channel >= 0);
  QVERIFY(tree.describeLink(channel).startsWith(QStringLiteral("channel 17:")));
  QCOMPARE(tree.findNode(QStringLiteral("RN1 999")), -1);
}

// A lesson file beside its own scenario: opening it loads the scenario;
// the first step is not done until its fact holds; Next moves on; the
// finished lesson is remembered.
void TstLessons::aStepIsDoneOnceItsFactsHold() {
  QTemporaryDir dir;
  QFile::copy(QStringLiteral(":/presets/trc-figure1-ring4.json"), dir.filePath(QStringLiteral("ring.json")));
  const QString lessonPath = dir.filePath(QStringLiteral("lesson.json"));
  QFile out(lessonPath);
  QVERIFY(out.open(QIODevice::WriteOnly));
  out.write(R"({"format": "flitscope-lesson", "version": 1, "title": "Two steps", "goal": "g", "source": "s",
    "scenario": "ring.json", "steps": [
      {"text": "a", "do": "fail a node", "check": [{"fact": "failedNodes", "atLeast": 1}],
       "solution": [{"do": "failNode", "what": "2"}]},
      {"text": "b", "do": "repair it", "open": ["lab"], "check": [{"fact": "failedNodes", "is": 0}],
       "solution": [{"do": "repairNode", "what": "2"}]}]})");
  out.close();
  NetworkController network;
  LessonController lessons;
  lessons.setNetwork(&network);
  QSignalSpy shown(&lessons, &LessonController::showRequested);
  QVERIFY2(lessons.open(lessonPath), qPrintable(lessons.errorString()));
  QCOMPARE(network.scenarioName(), QStringLiteral("TRC Figure 1: a 4-ring that deadlocks"));
  QVERIFY(lessons.active() && lessons.stepIndex() == 0 && !lessons.stepDone());
  QCOMPARE(lessons.factValue(QStringLiteral("failedNodes")).toInt(), 0);
  lessons.showMe();  // fails node 2 through the network controller, as the node menu does
  QVERIFY(!network.nodeUp(2));
  QVERIFY(lessons.stepDone() && !lessons.finished());
  lessons.next();
  QCOMPARE(shown.count(), 1);
  QCOMPARE(shown.last().at(0).toStringList(), QStringList{QStringLiteral("lab")});
  QVERIFY(!lessons.stepDone());
  network.setNodeUp(2, true);
  lessons.evaluate();
  QVERIFY(lessons.stepDone() && lessons.finished());
  lessons.back();
  QVERIFY(lessons.stepDone());  // a step once done stays done
  // A bad lesson keeps the open one and says why, naming the file.
  QFile bad(dir.filePath(QStringLiteral("bad.json")));
  QVERIFY(bad.open(QIODevice::WriteOnly));
  bad.write("{}");
  bad.close();
  QVERIFY(!lessons.open(bad.fileName()));
  QVERIFY2(lessons.errorString().startsWith(QStringLiteral("bad.json: lesson.format: missing required field")),
           qPrintable(lessons.errorString()));
  QCOMPARE(lessons.title(), QStringLiteral("Two steps"));
}

FLITSCOPE_TEST_GUILESS_MAIN(TstLessons)
#include "tst_lessons.moc"
