#include "torus/deadlock_lab.h"

#include "frame_consumer.h"
#include "setting_command.h"

#include <QCoreApplication>

#include <optional>

namespace {

QString qstring(std::string_view s) { return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size())); }

}  // namespace

QStringList DeadlockLab::ruleNames() {
  QStringList out;
  for (int r = 0; r < flit::kVcRuleCount; ++r) out.append(qstring(flit::vcRuleName(static_cast<flit::VcRule>(r))));
  return out;
}

QStringList DeadlockLab::ruleDescriptions() {
  QStringList out;
  for (int r = 0; r < flit::kVcRuleCount; ++r)
    out.append(qstring(flit::vcRuleDescription(static_cast<flit::VcRule>(r))));
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
  // On the Edit menu's undo stack (Edit > Undo posts the rule in force before).
  flitgui::changeSetting<flit::VcRule>(
      simulation_->undoStack(),
      QCoreApplication::translate("DeadlockLab", "VC rule %1").arg(qstring(flit::vcRuleName(*to))), this,
      [this](const flit::VcRule& rule) { postRule(rule); }, lab_->rule, *to);
}

void DeadlockLab::postRule(flit::VcRule rule) {
  flitgui::postToWorker(simulation_, flitgui::SetVcRuleCommand{rule});
}

void DeadlockLab::setSimulation(flitgui::SimulationController* simulation) {
  if (!flitgui::attachFrames(this, simulation_, simulation, &DeadlockLab::onFrame, &DeadlockLab::postWatch)) return;
  onFrame();
  emit simulationChanged();
}

void DeadlockLab::setWatched(bool watched) {
  if (watched == watched_) return;
  watched_ = watched;
  postWatch();
  if (!watched_ && lab_) {
    lab_.reset();
    emit labChanged();
  }
  emit watchedChanged();
}

void DeadlockLab::postWatch() {
  flitgui::postToWorker(simulation_, flitgui::WatchLabCommand{watched_});
}

void DeadlockLab::onFrame() {
  const flitgui::FramePtr frame = simulation_ ? simulation_->currentFrame() : nullptr;
  const auto lab = frame && watched_ ? frame->lab : nullptr;  // (the rule comes with it)
  if (lab != lab_) {
    lab_ = lab;
    emit labChanged();
  }
  const auto deadlock = frame ? frame->deadlock : nullptr;
  if (deadlock != deadlock_) {
    deadlock_ = deadlock;
    emit deadlockChanged();
  }
}

QList<int> DeadlockLab::deadlockPackets() const {
  QList<int> out;
  if (!deadlock_) return out;
  for (const flitgui::DeadlockBuffer& b : deadlock_->cycle)
    if (!out.contains(b.packet)) out.append(b.packet);
  return out;
}
