// Shared by the render tests (a header next to them, included by path).
#pragma once

#include <QMetaObject>
#include <QObject>
#include <QPointF>
#include <QVariant>
#include <QVector3D>

// Where a scene point lands in the window: NetworkView's screenPositionOf.
inline QPointF screenPosition(QObject* root, const QVector3D& scenePoint) {
  QVariant result;
  QMetaObject::invokeMethod(root, "screenPositionOf", Q_RETURN_ARG(QVariant, result),
                            Q_ARG(QVariant, QVariant::fromValue(scenePoint)));
  return result.toPointF();
}
