// Shared by the render tests (a header next to them, included by path).
#pragma once

#include "gui_session.h"

#include <QMetaObject>
#include <QObject>
#include <QPointF>
#include <QVariant>
#include <QVector3D>
#include <QtTest>

// Where a scene point lands in the window: NetworkView's screenPositionOf.
inline QPointF screenPosition(QObject* root, const QVector3D& scenePoint) {
  QVariant result;
  QMetaObject::invokeMethod(root, "screenPositionOf", Q_RETURN_ARG(QVariant, result),
                            Q_ARG(QVariant, QVariant::fromValue(scenePoint)));
  return result.toPointF();
}

// Starts the main window and waits until it is shown and active (window
// shortcuts such as Esc, S and Ctrl+D need the active window). Fails the
// calling test (check QTest::currentTestFailed()) when it cannot.
inline void startActiveSession(MainWindowSession& session, const GuiOptions& options) {
  QVERIFY2(session.start(options), qPrintable(session.errorString()));
  QVERIFY(QTest::qWaitForWindowExposed(session.window()));
  session.window()->requestActivate();
  QVERIFY(QTest::qWaitForWindowActive(session.window()));
}

// Runs the simulation to `cycle` at full speed and waits until it is there.
inline void runToAndWait(flitgui::SimulationController* sim, double cycle) {
  sim->setSpeed(0);
  sim->runTo(cycle);
  QTRY_VERIFY_WITH_TIMEOUT(sim->cycle() == cycle && !sim->running(), 60000);
}
