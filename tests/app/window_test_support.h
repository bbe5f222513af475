// Helpers of the tests that drive the real main window (MainWindowSession):
// find items by objectName among the visual children (a Repeater's
// delegates too), scroll the side panel to an item and click it; wait for
// a file dialog, type a name into it and press Enter.
#pragma once

#include "file_chooser.h"

#include <QAbstractButton>
#include <QDialogButtonBox>
#include <QElapsedTimer>
#include <QFileDialog>
#include <QLineEdit>
#include <QList>
#include <QPointF>
#include <QQuickItem>
#include <QQuickWindow>
#include <QRectF>
#include <QVariant>
#include <QVector3D>
#include <QString>
#include <QTest>

#include <algorithm>
#include <vector>

namespace window_test {

inline void collect(QQuickItem* root, const QString& name, QList<QQuickItem*>& out) {
  if (root->objectName() == name) out.append(root);
  for (QQuickItem* child : root->childItems()) collect(child, name, out);
}
// `root` and every visual item under it.
inline void collectAll(QQuickItem* root, QList<QQuickItem*>& out) {
  out.append(root);
  for (QQuickItem* child : root->childItems()) collectAll(child, out);
}
// The first visual item named `name` under `root` (a Repeater's delegates
// too: their QObject parent is not the window's tree); null when none.
inline QQuickItem* visualItem(QQuickItem* root, const QString& name) {
  if (root->objectName() == name) return root;
  for (QQuickItem* child : root->childItems())
    if (QQuickItem* found = visualItem(child, name)) return found;
  return nullptr;
}

// Scrolls the side panel (a ScrollView) so that `target` is inside the window;
// returns the Flickable it scrolled (null when `target` is in none).
inline QQuickItem* scrollIntoView(QQuickItem* target) {
  for (QQuickItem* i = target->parentItem(); i; i = i->parentItem()) {
    if (!i->property("contentY").isValid() || !i->property("contentHeight").isValid()) continue;
    const QPointF inFlickable = target->mapToItem(i, QPointF(0, 0));
    const double y = i->property("contentY").toDouble() + inFlickable.y() - i->height() / 3;
    const double maxY = std::max(0.0, i->property("contentHeight").toDouble() - i->height());
    i->setProperty("contentY", std::clamp(y, 0.0, maxY));
    return i;
  }
  return nullptr;
}

// A left click on the middle of `target` once it is visible and enabled.
inline void clickItem(QQuickWindow* window, QQuickItem* target) {
  QVERIFY(target);
  QTRY_VERIFY(target->isVisible() && target->isEnabled());
  // Scroll until it is in the window: a section that just opened may still
  // be laying out (its content height growing) when the first scroll lands.
  QPointF centre;
  for (int attempt = 0; attempt < 20; ++attempt) {
    const QQuickItem* flickable = scrollIntoView(target);
    QTest::qWait(attempt == 0 ? 0 : 50);  // let the scene graph take the scroll position
    centre = target->mapToScene(QPointF(target->width() / 2, target->height() / 2));
    const QRectF shown = flickable ? flickable->mapRectToScene(QRectF(0, 0, flickable->width(), flickable->height()))
                                   : QRectF(0, 0, window->width(), window->height());
    if (shown.contains(centre) && centre.y() > 0 && centre.y() < window->height()) break;
  }
  QVERIFY2(centre.y() > 0 && centre.y() < window->height(), "target inside the window");
  QTest::mouseClick(window, Qt::LeftButton, {}, centre.toPoint());
}

// Opens `menu` of the window's menu bar with a click on its title, as a
// person does, and waits until it is open.
// Where a scene point shows in the window (Main.qml's screenPositionOf), and
// the node whose sphere the pixel hits (Main.qml's nodeAt; -1: none).
inline QPointF onScreen(QObject* root, const QVector3D& scenePoint) {
  QVariant screen;
  QMetaObject::invokeMethod(root, "screenPositionOf", Q_RETURN_ARG(QVariant, screen),
                            Q_ARG(QVariant, QVariant::fromValue(scenePoint)));
  return screen.toPointF();
}
inline int nodeAt(QObject* root, QPointF pixel) {
  QVariant hit;
  QMetaObject::invokeMethod(root, "nodeAt", Q_RETURN_ARG(QVariant, hit), Q_ARG(QVariant, pixel.x()),
                            Q_ARG(QVariant, pixel.y()));
  return hit.isValid() ? hit.toInt() : -1;
}
// The first of `nodes` (scene positions by `position`) whose centre shows
// inside `area` and is hit by a click there: nothing hides it. -1: none.
template <class Position>
int clickableNode(QObject* root, const std::vector<int>& nodes, Position position, const QRectF& area) {
  for (const int node : nodes) {
    const QPointF at = onScreen(root, position(node));
    if (area.contains(at) && nodeAt(root, at) == node) return node;
  }
  return -1;
}

inline void openMenuBarMenu(QQuickWindow* window, QObject* menu) {
  QList<QQuickItem*> all;
  collectAll(window->contentItem(), all);
  QQuickItem* title = nullptr;
  for (QQuickItem* i : all) {
    if (QString::fromLatin1(i->metaObject()->className()).contains(QLatin1String("MenuBarItem")) &&
        i->property("menu").value<QObject*>() == menu)
      title = i;
  }
  QVERIFY2(title, "the menu has no title in the menu bar");
  clickItem(window, title);
  QTRY_VERIFY(menu->property("opened").toBool());
}

// The dialog a FileChooser opened (a real QFileDialog window), once it is
// on screen (null after 5 s).
inline QFileDialog* shownDialog(flitgui::FileChooser* chooser) {
  QElapsedTimer timer;
  timer.start();
  while (!chooser->dialog() || !chooser->dialog()->isVisible()) {
    if (timer.elapsed() > 5000) return nullptr;
    QTest::qWait(20);
  }
  return chooser->dialog();
}
// Types `text` into the dialog's name field, as a person does, and presses
// Enter once the field shows what was typed. The dialog reacts to typing (a
// '/' typed over a selection moves it to another folder and may put the
// selected file's name back), so, like a person who looks before pressing
// Enter, it clears the field and types again when the field shows something
// else.
//
// With `then == Then::Closes` (a plain save or open) it also looks whether the
// dialog went away, and if not, types and presses Enter again, as a person
// would: once in CI (make test on 2 cores, the PNG dialog) Enter left the
// dialog open with the name typed, and what the dialog showed then is
// printed. `Then::MayStay` is for an Enter that asks a question first (a file
// that exists), where the dialog stays after No.
enum class Then { Closes, MayStay };
inline void typeNameAndEnter(QFileDialog* dialog, const QString& text, Then then = Then::Closes) {
  auto* name = dialog->findChild<QLineEdit*>(QStringLiteral("fileNameEdit"));
  QVERIFY(name);
  QTRY_VERIFY(name->isVisible());
  // The dialog's completer list can pop up late on a busy machine (its
  // directory listing comes late) and take the Enter meant for the dialog
  // (seen once under ctest -j2): the name is typed whole, without it.
  name->setCompleter(nullptr);
  for (int enter = 0; enter < 3; ++enter) {
    for (int attempt = 0; attempt < 3 && name->text() != text; ++attempt) {
      QTest::keyClick(name, Qt::Key_A, Qt::ControlModifier);  // whatever it suggested goes
      QTest::keyClick(name, Qt::Key_Backspace);
      QTest::keyClicks(name, text);
      QTest::qWait(50);  // the dialog's own reaction to the text
    }
    QCOMPARE(name->text(), text);
    QTest::keyClick(name, Qt::Key_Return);
    if (then == Then::MayStay) return;
    QElapsedTimer waited;
    waited.start();
    while (dialog->isVisible() && waited.elapsed() < 3000) QTest::qWait(20);
    if (!dialog->isVisible()) return;
    const auto* box = dialog->findChild<QDialogButtonBox*>(QStringLiteral("buttonBox"));
    QString accept = QStringLiteral("none");
    if (box)
      for (QAbstractButton* b : box->buttons())
        if (box->buttonRole(b) == QDialogButtonBox::AcceptRole)
          accept = b->isEnabled() ? QStringLiteral("enabled") : QStringLiteral("disabled");
    qWarning("Enter left the file dialog open (name \"%s\", folder %s, accept button %s); again",
             qPrintable(name->text()), qPrintable(dialog->directory().path()), qPrintable(accept));
  }
  QVERIFY2(!dialog->isVisible(), "the file dialog stayed open after three Enters");
}
// The text of its accept button ("Save", "Open"), without the shortcut's '&'.
inline QString acceptButtonText(QFileDialog* dialog) {
  auto* box = dialog->findChild<QDialogButtonBox*>(QStringLiteral("buttonBox"));
  if (!box) return {};
  const QList<QAbstractButton*> buttons = box->buttons();
  for (QAbstractButton* b : buttons)
    if (box->buttonRole(b) == QDialogButtonBox::AcceptRole) return b->text().remove(QLatin1Char('&'));
  return {};
}

}  // namespace window_test
