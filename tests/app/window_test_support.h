// Helpers of the tests that drive the real main window (MainWindowSession):
// find items by objectName among the visual children (a Repeater's
// delegates too), scroll the side panel to an item and click it.
#pragma once

#include <QList>
#include <QPointF>
#include <QQuickItem>
#include <QQuickWindow>
#include <QString>
#include <QTest>

#include <algorithm>

namespace window_test {

inline void collect(QQuickItem* root, const QString& name, QList<QQuickItem*>& out) {
  if (root->objectName() == name) out.append(root);
  for (QQuickItem* child : root->childItems()) collect(child, name, out);
}

// Scrolls the side panel (a ScrollView) so that `target` is inside the window.
inline void scrollIntoView(QQuickItem* target) {
  for (QQuickItem* i = target->parentItem(); i; i = i->parentItem()) {
    if (!i->property("contentY").isValid() || !i->property("contentHeight").isValid()) continue;
    const QPointF inFlickable = target->mapToItem(i, QPointF(0, 0));
    const double y = i->property("contentY").toDouble() + inFlickable.y() - i->height() / 3;
    const double maxY = std::max(0.0, i->property("contentHeight").toDouble() - i->height());
    i->setProperty("contentY", std::clamp(y, 0.0, maxY));
    return;
  }
}

// A left click on the middle of `target` once it is visible and enabled.
inline void clickItem(QQuickWindow* window, QQuickItem* target) {
  QVERIFY(target);
  QTRY_VERIFY(target->isVisible() && target->isEnabled());
  scrollIntoView(target);
  QTest::qWait(0);  // let the scene graph take the scroll position
  const QPointF centre = target->mapToScene(QPointF(target->width() / 2, target->height() / 2));
  QVERIFY2(centre.y() > 0 && centre.y() < window->height(), "target inside the window");
  QTest::mouseClick(window, Qt::LeftButton, {}, centre.toPoint());
}

}  // namespace window_test
