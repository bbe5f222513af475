#include "torus/deadlock_lab.h"

#include "panel_registry.h"

#include "view/watch_set.h"

#include <QCoreApplication>

#include <iterator>
#include <optional>

// The session makes one (panel_registry.h); QML and the lessons know it as "deadlockLab".
FLITSCOPE_REGISTER_PANEL(DeadlockLab, "deadlockLab");

namespace {

QString qstring(std::string_view s) { return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size())); }

// The rules as a person reads them, with the sentence that says what each
// does (the engine's vcRuleDescription says it for the command line, in
// English), in flit::VcRule order.
struct RuleText {
  const char* label;
  const char* description;
};
constexpr RuleText kRuleTexts[] = {
    {QT_TRANSLATE_NOOP("DeadlockLab", "The scenario's VC tables"),
     QT_TRANSLATE_NOOP("DeadlockLab", "The scenario's own datelines and VC tables.")},
    {QT_TRANSLATE_NOOP("DeadlockLab", "Time of crossing (T3E)"),
     QT_TRANSLATE_NOOP("DeadlockLab",
                       "Datelines: every route starts on VC0 and moves to VC1 through its ring's dateline node (T3E section 3.2).")},
    {QT_TRANSLATE_NOOP("DeadlockLab", "No dateline switch"),
     QT_TRANSLATE_NOOP("DeadlockLab", "The scenario's VC tables without datelines: a route never changes VC within a dimension.")},
    {QT_TRANSLATE_NOOP("DeadlockLab", "Torus routing chip (start on VC1)"),
     QT_TRANSLATE_NOOP("DeadlockLab",
                       "The torus routing chip's rule: start each dimension on VC1, move to VC0 after crossing address 0 "
                       "(Dally & Seitz section 4).")},
    {QT_TRANSLATE_NOOP("DeadlockLab", "One VC per channel (Figure 1)"),
     QT_TRANSLATE_NOOP("DeadlockLab",
                       "One VC: every hop on VC0, so a ring's channels depend on each other in a cycle (Dally & Seitz Figure 1).")},
    {QT_TRANSLATE_NOOP("DeadlockLab", "By wraparound (BookSim2)"),
     QT_TRANSLATE_NOOP("DeadlockLab",
                       "BookSim2's torus rule: VC1 for the whole dimension when the route will cross the wraparound channel, "
                       "else VC0; no switch on the way.")},
    {QT_TRANSLATE_NOOP("DeadlockLab", "Any VC (BookSim2 mesh)"),
     QT_TRANSLATE_NOOP("DeadlockLab",
                       "BookSim2's mesh rule: any VC of the packet's class on every hop, no datelines (for meshes: on a "
                       "ring the routes wait on each other in a cycle).")},
};
static_assert(std::size(kRuleTexts) == flit::kVcRuleCount, "one label and description per flit::VcRule");

}  // namespace

QStringList DeadlockLab::ruleNames() {
  QStringList out;
  for (int r = 0; r < flit::kVcRuleCount; ++r) out.append(qstring(flit::vcRuleName(static_cast<flit::VcRule>(r))));
  return out;
}

QStringList DeadlockLab::ruleDescriptions() {
  QStringList out;
  for (const RuleText& t : kRuleTexts) out.append(QCoreApplication::translate("DeadlockLab", t.description));
  return out;
}

QStringList DeadlockLab::ruleLabels() {
  QStringList out;
  for (const RuleText& t : kRuleTexts) out.append(QCoreApplication::translate("DeadlockLab", t.label));
  return out;
}

QString DeadlockLab::rule() const { return lab_ ? qstring(flit::vcRuleName(lab_->rule)) : QString(); }

QStringList DeadlockLab::ruleProblems() const {
  QStringList out;
  if (lab_)
    for (const std::string& p : lab_->ruleProblems) out.append(QString::fromStdString(p));
  return out;
}

void DeadlockLab::setRule(const QString& name) {
  const std::optional<flit::VcRule> to = flit::parseVcRule(name.toStdString());
  if (!to || !lab_ || lab_->rule == *to || !simulation_ || !simulation_->hasSimulation()) return;
  // On the Edit menu's undo stack (Edit > Undo applies the engine's inverse).
  simulation_->change(flit::Intervention::vcRuleChange(*to),
                      QCoreApplication::translate("DeadlockLab", "VC rule %1")
                          .arg(ruleLabels().value(static_cast<int>(*to))));
}

void DeadlockLab::simulationReplaced() { onFrame(); }

void DeadlockLab::forgetView() {
  if (!lab_) return;
  lab_.reset();
  emit labChanged();
}

void DeadlockLab::askFor(flit::WatchSet& w) const { w.lab = watched_; }

void DeadlockLab::onFrame() {
  const flitgui::FramePtr frame = simulation_ ? simulation_->currentFrame() : nullptr;
  const auto lab = frame && frame->torus && watched_ ? frame->torus->lab : nullptr;  // (the rule comes with it)
  if (lab != lab_) {
    lab_ = lab;
    emit labChanged();
  }
  const auto deadlock = frame && frame->torus ? frame->torus->deadlock : nullptr;
  if (deadlock != deadlock_) {
    deadlock_ = deadlock;
    emit deadlockChanged();
  }
}

QList<int> DeadlockLab::deadlockPackets() const {
  QList<int> out;
  if (!deadlock_) return out;
  for (const flit::DeadlockBuffer& b : deadlock_->cycle)
    if (!out.contains(b.packet)) out.append(b.packet);
  return out;
}
