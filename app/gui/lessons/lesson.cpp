#include "lesson.h"

#include "lesson_facts.h"

#include "scenario/json_fields.h"

#include <algorithm>

namespace flitgui {

namespace {

using flit::ObjectReader;
using flit::ScenarioError;
using nlohmann::json;

template <class Range>
std::string listed(const Range& names) {
  std::string out;
  for (const auto& n : names) out += (out.empty() ? "" : ", ") + std::string(n);
  return out;
}

// `name` when it is one of `names` (the `key` of each row), else an error
// at `path` listing them: "unknown fact \"cycles\" (one of cycle, ...)".
template <class Row, std::size_t N, class Key>
const Row& oneOf(const Row (&rows)[N], Key key, const std::string& name, const std::string& path, const char* what) {
  for (const Row& r : rows)
    if (key(r) == name) return r;
  std::vector<std::string_view> names;
  for (const Row& r : rows) names.push_back(key(r));
  throw ScenarioError(path, std::string("unknown ") + what + " \"" + name + "\" (one of " + listed(names) + ")");
}

void checkPanel(const std::string& name, const std::string& path) {
  oneOf(kLessonPanels, [](std::string_view p) { return p; }, name, path, "panel");
}

LessonValue readValue(const json& j, const std::string& path) {
  if (j.is_boolean()) return j.get<bool>();
  if (j.is_number()) return j.get<double>();
  if (j.is_string()) return j.get<std::string>();
  throw ScenarioError(path, "expected true/false, a number or a name, got " + flit::jsonTypeName(j));
}

LessonCondition readCondition(const json& j, const std::string& path) {
  ObjectReader r(j, path);
  LessonCondition c;
  c.fact = r.requiredString("fact");
  oneOf(kLessonFacts, [](const LessonFact& f) { return f.name; }, c.fact, r.childPath("fact"), "fact");
  struct Test {
    const char* key;
    LessonCondition::Test test;
  };
  static constexpr Test kTests[] = {{"is", LessonCondition::Test::Is},
                                    {"atLeast", LessonCondition::Test::AtLeast},
                                    {"atMost", LessonCondition::Test::AtMost},
                                    {"increasesBy", LessonCondition::Test::IncreasesBy}};
  int found = 0;
  for (const Test& t : kTests) {
    const json* v = r.optional(t.key);
    if (!v) continue;
    ++found;
    c.test = t.test;
    c.value = t.test == LessonCondition::Test::Is ? readValue(*v, r.childPath(t.key))
                                                  : LessonValue{flit::readNumber(*v, r.childPath(t.key), -1e18, 1e18)};
  }
  if (found != 1) throw ScenarioError(path, "needs exactly one of is, atLeast, atMost, increasesBy");
  r.finish();
  return c;
}

LessonAction readAction(const json& j, const std::string& path) {
  ObjectReader r(j, path);
  LessonAction a;
  const LessonActionKind& kind = oneOf(kLessonActions, [](const LessonActionKind& k) { return k.name; },
                                       r.requiredString("do"), r.childPath("do"), "action");
  a.verb = kind.verb;
  switch (kind.argument) {
    case LessonActionKind::Argument::None: break;
    case LessonActionKind::Argument::Name: a.argument = r.requiredString("what"); break;
    case LessonActionKind::Argument::Cycles: a.number = static_cast<double>(r.requiredInt("cycles", 1, 10'000'000)); break;
    case LessonActionKind::Argument::Value: a.number = r.requiredNumber("value", 0.0, 1.0); break;
  }
  if (a.verb == LessonVerb::Open) checkPanel(a.argument, r.childPath("what"));
  r.finish();
  return a;
}

LessonStep readStep(const json& j, const std::string& path) {
  ObjectReader r(j, path);
  LessonStep s;
  s.text = r.requiredString("text");
  s.todo = r.requiredString("do");
  s.hint = r.optionalString("hint", "");
  s.hintAfterSeconds = static_cast<int>(r.optionalInt("hintAfterSeconds", 40, 0, 3600));
  if (const json* open = r.optional("open")) {
    const std::string p = r.childPath("open");
    flit::readArray(*open, p, 0, std::size(kLessonPanels));
    for (std::size_t i = 0; i < open->size(); ++i) {
      const std::string name = flit::readString((*open)[i], flit::indexedPath(p, i));
      checkPanel(name, flit::indexedPath(p, i));
      s.open.push_back(name);
    }
  }
  s.select = r.optionalString("select", "");
  const std::string checkPath = r.childPath("check");
  const json& check = flit::readArray(r.required("check"), checkPath, 1, 16);
  for (std::size_t i = 0; i < check.size(); ++i) s.check.push_back(readCondition(check[i], flit::indexedPath(checkPath, i)));
  const std::string solutionPath = r.childPath("solution");
  const json& solution = flit::readArray(r.required("solution"), solutionPath, 1, 64);
  for (std::size_t i = 0; i < solution.size(); ++i)
    s.solution.push_back(readAction(solution[i], flit::indexedPath(solutionPath, i)));
  r.finish();
  return s;
}

// The format and version a lesson file and its translations open with.
void readHeader(ObjectReader& r, const std::string& format) {
  const std::string got = r.requiredString("format");
  if (got != format) throw ScenarioError(r.childPath("format"), "must be \"" + format + "\", got \"" + got + "\"");
  r.requiredInt("version", kLessonFormatVersion, kLessonFormatVersion);
}

}  // namespace

Lesson parseLesson(std::string_view text, const std::string& path) {
  const json doc = flit::parseJsonText(text, path);
  ObjectReader r(doc, path);
  readHeader(r, "flitscope-lesson");
  Lesson lesson;
  lesson.title = r.requiredString("title");
  lesson.goal = r.requiredString("goal");
  lesson.source = r.requiredString("source");
  lesson.scenario = r.requiredString("scenario");
  const std::string stepsPath = r.childPath("steps");
  const json& steps = flit::readArray(r.required("steps"), stepsPath, 1, 50);
  for (std::size_t i = 0; i < steps.size(); ++i) lesson.steps.push_back(readStep(steps[i], flit::indexedPath(stepsPath, i)));
  r.finish();
  return lesson;
}

void applyLessonTranslation(Lesson& lesson, std::string_view text, const std::string& path) {
  const json doc = flit::parseJsonText(text, path);
  ObjectReader r(doc, path);
  readHeader(r, "flitscope-lesson-translation");
  r.requiredString("language");
  Lesson out = lesson;
  out.title = r.requiredString("title");
  out.goal = r.requiredString("goal");
  const std::string stepsPath = r.childPath("steps");
  const json& steps = flit::readArray(r.required("steps"), stepsPath, lesson.steps.size(), lesson.steps.size());
  for (std::size_t i = 0; i < steps.size(); ++i) {
    ObjectReader s(steps[i], flit::indexedPath(stepsPath, i));
    LessonStep& step = out.steps[i];
    step.text = s.requiredString("text");
    step.todo = s.requiredString("do");
    if (!step.hint.empty()) step.hint = s.requiredString("hint");
    s.finish();
  }
  r.finish();
  lesson = std::move(out);
}

}  // namespace flitgui
