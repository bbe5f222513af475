// KeyboardFocus: the window's keys work wherever the focus is (issue 42,
// "Space opens the last-used drop-down").
//
// Three rules, in this one place:
//  - A control used with the mouse gives the keyboard back to the view. A
//    combo box, button, switch or slider that took the focus by a click (or
//    got it back from its closing pop-up) keeps it no longer: the view item
//    (`home`) takes it, so that Space runs or pauses instead of opening the
//    last-used list or pressing the last-used button. A control reached with
//    Tab keeps the focus (keyboard use of the panels); text fields keep it;
//    so does whatever is inside a pop-up or dialog.
//  - Whatever kept the focus but is hidden now (its panel closed, another
//    scenario hid it) gives the keyboard back to the view at the next key:
//    keys never go on into a field nobody sees.
//  - A text field keeps only the keys it can take. A key its validator
//    refuses ("[" in the cycle field, which takes digits) is not swallowed:
//    it goes to the window's shortcuts. A field without a validator takes
//    every printable key.
// GUI thread only; lives as long as the window (its parent).
#pragma once

#include <QObject>
#include <QPointer>

class QQuickItem;
class QQuickWindow;

namespace flitgui {

class KeyboardFocus : public QObject {
  Q_OBJECT
 public:
  // `home`: the item that holds the keyboard between uses of the controls.
  KeyboardFocus(QQuickWindow* window, QQuickItem* home);

  // True when a key press with this text, typed into the text input `field`
  // (a TextField / TextInput), would be refused by its validator.
  static bool fieldRefuses(const QObject* field, const QString& keyText);

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override;

 private:
  void onActiveFocusItemChanged();

  QQuickWindow* window_;
  QPointer<QQuickItem> home_;
};

}  // namespace flitgui
