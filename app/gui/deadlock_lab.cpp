#include "deadlock_lab.h"

#include "frame_consumer.h"

#include <QCoreApplication>
#include <QUndoCommand>
#include <QUndoStack>

#include <optional>

namespace {

// One rule switch; the undo stack replays it through DeadlockLab::postRule
// (undo posts the rule that was in force before: the inverse intervention).
class VcRuleCommand : public QUndoCommand {
 public:
  VcRuleCommand(DeadlockLab* lab, flit::VcRule from, flit::VcRule to)
      : QUndoCommand(QCoreApplication::translate("DeadlockLab", "VC rule %1")
                         .arg(QString::fromLatin1(flit::vcRuleName(to).data(),
                                                  static_cast<qsizetype>(flit::vcRuleName(to).size())))),
        lab_(lab), from_(from), to_(to) {}
  void undo() override {
    if (lab_) lab_->postRule(from_);
  }
  void redo() override {
    if (lab_) lab_->postRule(to_);
  }

 private:
  QPointer<DeadlockLab> lab_;
  flit::VcRule from_, to_;
};

QString qstring(std::string_view s) { return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size())); }

}  // namespace

void DeadlockLab::setNetwork(NetworkController* network) {
  if (network == network_) return;
  network_ = network;
  emit networkChanged();
}

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
  if (network_) {
    network_->undoStack()->push(new VcRuleCommand(this, lab_->rule, *to));  // redo() posts it
    return;
  }
  postRule(*to);
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
