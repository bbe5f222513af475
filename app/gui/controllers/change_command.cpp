#include "change_command.h"

#include "simulation_controller.h"

namespace flitgui {

ChangeCommand::ChangeCommand(SimulationController* simulation, const flit::Intervention& change, const QString& text,
                             int mergeId, std::optional<flit::Intervention> before)
    : QUndoCommand(text), simulation_(simulation), change_(change), before_(std::move(before)), mergeId_(mergeId) {}

void ChangeCommand::redo() {
  if (simulation_) token_ = simulation_->applyUndoable(change_);
}

void ChangeCommand::undo() {
  if (simulation_) simulation_->revert(token_, change_.kind);
}

bool ChangeCommand::mergeWith(const QUndoCommand* other) {
  // Same id, so the same setting (the ids are per setting). The merged entry
  // keeps the first token: its inverse is the value before the first step.
  const auto* next = static_cast<const ChangeCommand*>(other);
  change_ = next->change_;
  setText(next->text());
  setObsolete(before_ && *before_ == change_);  // dragged back to where it started: no entry
  return true;
}

}  // namespace flitgui
