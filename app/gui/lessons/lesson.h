// A guided lesson (issue 42, "Guided lessons"; docs/lessons.md): a versioned
// JSON file with a title, a goal, the source it teaches from, the scenario
// it runs and its steps. A step has its text, what the learner does, what
// the window shows for it (panels opened, a node selected), a hint for
// later, the check on engine facts that completes it (lesson_facts.h), and
// its solution (the actions that complete it: the window's "Show me" and
// the test that plays every lesson). Plain data, read on any thread;
// parseLesson's errors name the field as the scenario reader's do
// ("lesson.steps[1].check[0].fact: ...").
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace flitgui {

inline constexpr int kLessonFormatVersion = 1;

// A fact's value in a check: true/false, a number, or a name ("age").
using LessonValue = std::variant<bool, double, std::string>;

struct LessonCondition {
  enum class Test { Is, AtLeast, AtMost, IncreasesBy };
  std::string fact;  // a row of kLessonFacts
  Test test = Test::Is;
  LessonValue value;  // IncreasesBy: since the step began
};

// What a solution's action does (kLessonActions names each).
enum class LessonVerb {
  Run, Reset, FailLink, RepairLink, FailNode, RepairNode, SetArbiter, SetVcRule, SetAdaptive, SetPattern,
  SetRate, SetHotSpare, Barrier, Eureka, Follow, Route, SetTagField, OptimizeVcs, Open, Select, SpecialReset
};

// One thing a person does, as the solution plays it (kLessonActions).
struct LessonAction {
  LessonVerb verb = LessonVerb::Run;
  std::string argument;  // a link or node as the family names it, a name; empty for none
  double number = 0;     // "run": cycles; "setRate": the load
};

struct LessonStep {
  std::string text;  // what to look at and why
  std::string todo;  // what to do now
  std::string hint;  // shown after hintAfterSeconds without the check holding
  int hintAfterSeconds = 40;
  std::vector<std::string> open;  // panels opened when the step begins (kLessonPanels)
  std::string select;             // a node selected when the step begins (empty: none)
  std::vector<LessonCondition> check;  // every condition holds: the step is done
  std::vector<LessonAction> solution;
};

struct Lesson {
  std::string title;
  std::string goal;
  std::string source;    // the section it teaches from ("Dally & Seitz 1986, Figures 1-2")
  std::string scenario;  // a bundled preset's file name, or a path relative to the lesson
  std::vector<LessonStep> steps;
};

// The panels a step can open; the window maps each to its control.
inline constexpr std::string_view kLessonPanels[] = {"lab", "slice", "charts", "detour", "heat",
                                                     "sync", "vcBalance", "arbitration", "tagEditor",
                                                     "inspector", "breakMode"};

// The verbs of a solution as lessons write them, and what each takes;
// LessonController::perform does each (a switch over LessonVerb).
struct LessonActionKind {
  std::string_view name;
  LessonVerb verb;
  enum class Argument { None, Name, Cycles, Value } argument;
};
inline constexpr LessonActionKind kLessonActions[] = {
    {"run", LessonVerb::Run, LessonActionKind::Argument::Cycles},  // run this many cycles, then pause
    {"reset", LessonVerb::Reset, LessonActionKind::Argument::None},  // back to cycle 0
    {"failLink", LessonVerb::FailLink, LessonActionKind::Argument::Name},  // as a click in break mode
    {"repairLink", LessonVerb::RepairLink, LessonActionKind::Argument::Name},
    {"failNode", LessonVerb::FailNode, LessonActionKind::Argument::Name},  // as the node menu
    {"repairNode", LessonVerb::RepairNode, LessonActionKind::Argument::Name},
    {"setArbiter", LessonVerb::SetArbiter, LessonActionKind::Argument::Name},  // as the Arbitration panel
    {"setVcRule", LessonVerb::SetVcRule, LessonActionKind::Argument::Name},    // as the deadlock lab
    {"setAdaptive", LessonVerb::SetAdaptive, LessonActionKind::Argument::Name},  // "on" / "off"
    {"setPattern", LessonVerb::SetPattern, LessonActionKind::Argument::Name},
    {"setRate", LessonVerb::SetRate, LessonActionKind::Argument::Value},  // "value": flits per node and cycle
    {"setHotSpare", LessonVerb::SetHotSpare, LessonActionKind::Argument::Name},  // as the node menu
    {"barrier", LessonVerb::Barrier, LessonActionKind::Argument::None},  // as the Synchronization panel
    {"eureka", LessonVerb::Eureka, LessonActionKind::Argument::None},
    {"follow", LessonVerb::Follow, LessonActionKind::Argument::None},  // the oldest packet in flight, as a Shift+click
    {"route", LessonVerb::Route, LessonActionKind::Argument::Name},  // the tag editor's ends: "0,3,0 > 1,1,1"
    {"setTagField", LessonVerb::SetTagField, LessonActionKind::Argument::Name},  // the tag editor: "initialHop=2"
    {"optimizeVcs", LessonVerb::OptimizeVcs, LessonActionKind::Argument::None},  // the VC balance panel's Optimize
    {"open", LessonVerb::Open, LessonActionKind::Argument::Name},        // a panel of kLessonPanels
    {"select", LessonVerb::Select, LessonActionKind::Argument::Name},    // a node, as a click
    {"specialReset", LessonVerb::SpecialReset, LessonActionKind::Argument::Name},  // a node, as the node menu's SPUT
};

// Throws flit::ScenarioError naming the field ("lesson.steps[0].text:
// missing field") for anything malformed, including an unknown fact, panel
// or verb. `path` names the document in errors (usually "lesson").
Lesson parseLesson(std::string_view text, const std::string& path = "lesson");

// A lesson's words in another language: a file of the same name in a
// folder named for the language beside the lesson (resources/lessons/de/),
// {"format": "flitscope-lesson-translation", "version": 1, "language":
// "de", "title", "goal", "steps": [{"text", "do", "hint"}]}, one step per
// step of the lesson and a hint where the lesson has one. Replaces the
// lesson's words; throws flit::ScenarioError naming the field for a
// malformed file or one that does not match the lesson.
void applyLessonTranslation(Lesson& lesson, std::string_view text, const std::string& path = "translation");

}  // namespace flitgui
