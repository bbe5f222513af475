#pragma once

// One live setting changed from the GUI (injection rate, traffic pattern,
// adaptive routing, arbiter, age settings, hot spare, VC rule), as an entry
// on the Edit menu's undo stack (issue 16: undo posts the inverse
// intervention). redo() posts the new value to the engine, undo() the value
// that was in force before. The engine's frames then show what it applied,
// exactly as for a change without an undo entry.
//
// Controls that send a value per step (the injection-rate slider, the age
// spin boxes) pass a merge id: consecutive changes of the same setting become
// one entry, from the value before the first to the value after the last, and
// an entry that ends where it started is dropped.

#include <QObject>
#include <QPointer>
#include <QUndoCommand>
#include <QUndoStack>

#include <functional>
#include <utility>

namespace flitgui {

// Merge ids of the settings whose controls send one value per step; unique on
// the one undo stack (links, nodes and one-shot settings use -1: no merging).
enum SettingMergeId : int {
  kMergeInjectionRate = 1,
  kMergeAgeClockPeriod = 2,
  kMergeAgeBias = 3,  // + 2 * dimension + (response ? 1 : 0): one id per spin box
};

template <typename T>
class SettingCommand : public QUndoCommand {
 public:
  using Post = std::function<void(const T&)>;

  // `owner` is the object `post` calls into: once it is gone, undo and redo do
  // nothing.
  SettingCommand(const QString& text, QObject* owner, Post post, T from, T to, int mergeId = -1)
      : QUndoCommand(text), owner_(owner), post_(std::move(post)), from_(std::move(from)), to_(std::move(to)),
        mergeId_(mergeId) {}

  void redo() override {
    if (owner_) post_(to_);
  }
  void undo() override {
    if (owner_) post_(from_);
  }
  int id() const override { return mergeId_; }
  bool mergeWith(const QUndoCommand* other) override {
    // Same id, so the same setting and the same T (the ids are per setting).
    const auto* next = static_cast<const SettingCommand*>(other);
    to_ = next->to_;
    setText(next->text());
    setObsolete(to_ == from_);  // dragged back to where it started: no entry
    return true;
  }

 private:
  QPointer<QObject> owner_;
  Post post_;
  T from_;
  T to_;
  int mergeId_;
};

// Changes a setting from `from` to `to`: through `stack` when there is one
// and the value changes (push() runs redo(), which posts), else by posting
// directly (the same post, so a refused value still reaches the engine and
// comes back with its error).
template <typename T>
void changeSetting(QUndoStack* stack, const QString& text, QObject* owner,
                   typename SettingCommand<T>::Post post, T from, T to, int mergeId = -1) {
  if (stack && !(from == to)) {
    stack->push(new SettingCommand<T>(text, owner, std::move(post), std::move(from), std::move(to), mergeId));
    return;
  }
  post(to);
}

}  // namespace flitgui
