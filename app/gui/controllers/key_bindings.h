// KeyBindings: every key of the main window in one list. The Shortcut items
// in QML take their keys from here (KeyBindings.sequences("open")), the menus
// show them (KeyBindings.text("open")) and the shortcut sheet (F1 or ?)
// lists them (KeyBindings.sheet), so the sheet cannot drift from the keys.
// Standard actions use QKeySequence's standard keys (Open, Save, Save As,
// Quit, Undo, Redo, Zoom In/Out, Help Contents): the platform's own keys.
// tst_menus_and_keys checks that the real window binds exactly these keys, each
// once.
#pragma once

#include <QKeySequence>
#include <QList>
#include <QObject>
#include <QString>
#include <QStringList>
#include <QVariantList>
#include <QtQml/qqmlregistration.h>

namespace flitgui {

class KeyBindings : public QObject {
  Q_OBJECT
  QML_ELEMENT
  QML_SINGLETON
  // [{id, section, keys, description}] in menu order; keys and texts translated.
  Q_PROPERTY(QVariantList sheet READ sheet CONSTANT)
  Q_PROPERTY(QStringList ids READ ids CONSTANT)

 public:
  using QObject::QObject;

  // For Shortcut.sequences: standard keys as QKeySequence::StandardKey
  // values, the others as portable text. Unknown id: empty (and a warning).
  Q_INVOKABLE QVariantList sequences(const QString& id) const;
  // The keys as a person reads them ("Ctrl+O", "+, =, Ctrl++"); for menus and tooltips.
  Q_INVOKABLE QString text(const QString& id) const;
  // The translated description of the binding.
  Q_INVOKABLE QString description(const QString& id) const;

  QVariantList sheet() const;
  QStringList ids() const;
  // Every key sequence of the binding, standard keys expanded for this platform.
  static QList<QKeySequence> keySequences(const QString& id);
};

}  // namespace flitgui
