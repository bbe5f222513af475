#include "keyboard_focus.h"

#include <QKeyEvent>
#include <QQuickItem>
#include <QQuickWindow>
#include <QValidator>

#include <algorithm>

namespace flitgui {
namespace {

bool isTextInput(const QObject* item) { return item->inherits("QQuickTextInput") || item->inherits("QQuickTextEdit"); }

// Inside a pop-up, a menu or a dialog: those keep the keyboard they were given.
bool inPopup(const QQuickItem* item) {
  for (const QQuickItem* i = item; i; i = i->parentItem())
    if (i->inherits("QQuickPopupItem") || i->inherits("QQuickOverlay")) return true;
  return false;
}

bool byKeyboard(Qt::FocusReason reason) {
  return reason == Qt::TabFocusReason || reason == Qt::BacktabFocusReason || reason == Qt::ShortcutFocusReason;
}

}  // namespace

KeyboardFocus::KeyboardFocus(QQuickWindow* window, QQuickItem* home) : QObject(window), window_(window), home_(home) {
  connect(window, &QQuickWindow::activeFocusItemChanged, this, &KeyboardFocus::onActiveFocusItemChanged);
  onActiveFocusItemChanged();
}

void KeyboardFocus::onActiveFocusItemChanged() {
  // The filter sits on the item that gets the keys (ShortcutOverride goes to it directly).
  if (QQuickItem* item = window_->activeFocusItem()) item->installEventFilter(this);
}

bool KeyboardFocus::fieldRefuses(const QObject* field, const QString& keyText) {
  const auto* validator = qobject_cast<const QValidator*>(field->property("validator").value<QObject*>());
  if (!validator || keyText.isEmpty() || !keyText.at(0).isPrint()) return false;
  QString text = field->property("text").toString();
  int start = field->property("selectionStart").toInt();
  int end = field->property("selectionEnd").toInt();
  if (start == end) start = end = field->property("cursorPosition").toInt();
  start = std::clamp(start, 0, static_cast<int>(text.size()));
  end = std::clamp(end, start, static_cast<int>(text.size()));
  text.replace(start, end - start, keyText);
  int position = start + static_cast<int>(keyText.size());
  return validator->validate(text, position) == QValidator::Invalid;
}

bool KeyboardFocus::eventFilter(QObject* watched, QEvent* event) {
  if (event->type() != QEvent::ShortcutOverride) return false;
  auto* item = qobject_cast<QQuickItem*>(watched);
  if (!item || item != window_->activeFocusItem()) {
    watched->removeEventFilter(this);  // focus moved on since the filter was installed
    return false;
  }
  auto* key = static_cast<QKeyEvent*>(event);
  if (home_ && item != home_ && !item->isVisible()) {
    // Its panel closed, or another scenario hid it: the keys are the view's again.
    item->removeEventFilter(this);
    home_->forceActiveFocus(Qt::OtherFocusReason);
    event->ignore();
    return true;
  }
  if (isTextInput(item)) {
    if (key->modifiers() & (Qt::ControlModifier | Qt::AltModifier | Qt::MetaModifier)) return false;
    if (!fieldRefuses(item, key->text())) return false;
    event->ignore();  // not for the field: the window's shortcuts get it
    return true;
  }
  if (!home_ || item == home_ || home_->isAncestorOf(item) || inPopup(item) || !item->inherits("QQuickControl"))
    return false;
  if (key->key() == Qt::Key_Tab || key->key() == Qt::Key_Backtab) return false;
  const auto reason = static_cast<Qt::FocusReason>(item->property("focusReason").toInt());
  if (byKeyboard(reason)) return false;
  // A control used with the mouse: the key (and its release) is the view's,
  // and so is the keyboard from now on.
  item->removeEventFilter(this);
  home_->forceActiveFocus(Qt::OtherFocusReason);
  event->ignore();
  return true;
}

}  // namespace flitgui
