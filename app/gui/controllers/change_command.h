// One change to the run as an entry on the Edit menu's undo stack (issue 37:
// one command for every intervention). redo() applies the engine's value
// (an ApplyCommand with a fresh token, SimulationController::applyUndoable);
// undo() posts RevertCommand with that token, and the worker applies the
// inverse the engine gave back when it applied the change (flit::inverseOf).
// The window never works out what a change replaced, for any kind.
//
// Controls that send a value per step (the injection-rate slider, the age
// spin boxes) pass a merge id: consecutive changes of the same setting become
// one entry whose undo goes back to before the first (the first's token),
// and an entry that ends where it started (`before`: what the control showed
// before the first step) is dropped.
#pragma once

#include "scenario/intervention.h"

#include <QPointer>
#include <QString>
#include <QUndoCommand>

#include <cstdint>
#include <optional>

namespace flitgui {

class SimulationController;

// Merge ids of the settings whose controls send one value per step; unique on
// the one undo stack (-1: no merging).
enum ChangeMergeId : int {
  kMergeInjectionRate = 1,
  kMergeAgeClockPeriod = 2,
  kMergeAgeBias = 3,  // + 2 * dimension + (response ? 1 : 0): one id per spin box
};

class ChangeCommand : public QUndoCommand {
 public:
  ChangeCommand(SimulationController* simulation, const flit::Intervention& change, const QString& text,
                int mergeId = -1, std::optional<flit::Intervention> before = std::nullopt);

  void redo() override;
  void undo() override;
  int id() const override { return mergeId_; }
  bool mergeWith(const QUndoCommand* other) override;

 private:
  QPointer<SimulationController> simulation_;
  flit::Intervention change_;
  std::optional<flit::Intervention> before_;
  std::uint64_t token_ = 0;  // of the last redo: its inverse is what undo applies
  int mergeId_;
};

}  // namespace flitgui
