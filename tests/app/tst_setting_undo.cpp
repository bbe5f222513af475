// Live settings on the Edit menu's undo stack (issue 16): the injection
// rate, traffic pattern, adaptive routing, arbiter, age settings and hot
// spares each undo through ChangeCommand (change_command.h), which applies
// the inverse the engine gave back (flit::inverseOf), on the real engine.
#include "test_main.h"
#include "simulation_controller.h"

#include <QApplication>
#include <QTest>
#include <QUndoStack>

using namespace flitgui;

class TestSettingUndo : public QObject {
  Q_OBJECT

 private slots:
  // Live settings are entries on the Edit menu's undo stack (issue 16): undo
  // posts the value in force before (the inverse intervention), redo the new
  // one; a slider's steps are one entry; a value that does not change, none.
  void liveSettingsAreUndoable() {
    SimulationController c;
    QUndoStack stack;
    c.setUndoStack(&stack);
    QVERIFY(c.loadScenario(QStringLiteral(FLITSCOPE_PRESETS_DIR "/teaching-4x4x4.json")));
    QTRY_VERIFY(c.frameSawEveryCommand() && !c.trafficPattern().isEmpty());
    struct Settings {
      double rate;
      QString pattern;
      bool adaptive;
      flit::ArbiterKind arbiter;
      std::uint32_t ageClock;
      bool spare;
    };
    const flit::NodeId spare = 21;
    const auto engine = [&] {
      const FramePtr f = c.currentFrame();
      return Settings{f->injectionRateFlitsPerNodeCycle, QString::fromStdString(f->trafficPattern), f->adaptive,
                      f->arbiter, f->age.clockPeriodCycles, f->hotSpare.at(spare) != 0};
    };
    const auto settled = [&] {  // a frame that saw every command posted, after one more cycle
      const double cycle = c.cycle();
      c.step(1);
      return QTest::qWaitFor([&] { return c.frameSawEveryCommand() && c.cycle() > cycle; }, 20000);
    };
    const Settings before = engine();
    QCOMPARE(before.pattern, QStringLiteral("uniform"));
    QVERIFY(before.adaptive && !before.spare);

    c.setInjectionRate(0.2);  // one drag of the slider
    c.setInjectionRate(0.25);
    c.setInjectionRate(0.3);
    QCOMPARE(stack.count(), 1);
    c.setTrafficPattern(QStringLiteral("transpose"));
    c.setAdaptive(false);
    // (The teaching torus has an adaptive VC, which the age arbiter does not serve.)
    const flit::ArbiterKind otherArbiter =
        before.arbiter == flit::ArbiterKind::RoundRobin ? flit::ArbiterKind::T3e : flit::ArbiterKind::RoundRobin;
    c.setArbiter(QString::fromStdString(flit::arbiterName(otherArbiter)));
    c.setAgeClockPeriod(before.ageClock + 3);
    c.setHotSpare(spare, true);
    QCOMPARE(stack.count(), 6);
    c.setTrafficPattern(QStringLiteral("transpose"));  // no change, no entry
    QCOMPARE(stack.count(), 6);
    QCOMPARE(stack.text(0), QStringLiteral("injection rate 0.30"));
    QVERIFY(settled());
    QVERIFY2(c.lastError().isEmpty(), qPrintable(c.lastError()));
    Settings after = engine();
    QCOMPARE(after.rate, 0.3);
    QCOMPARE(after.pattern, QStringLiteral("transpose"));
    QVERIFY(!after.adaptive && after.arbiter == otherArbiter && after.spare);
    QCOMPARE(after.ageClock, before.ageClock + 3);

    while (stack.canUndo()) stack.undo();
    QVERIFY(settled());
    Settings undone = engine();
    QCOMPARE(undone.rate, before.rate);
    QCOMPARE(undone.pattern, before.pattern);
    QCOMPARE(undone.adaptive, before.adaptive);
    QCOMPARE(undone.arbiter, before.arbiter);
    QCOMPARE(undone.ageClock, before.ageClock);
    QCOMPARE(undone.spare, false);
    QCOMPARE(c.injectionRate(), before.rate);  // the controls follow
    QCOMPARE(c.trafficPattern(), before.pattern);

    while (stack.canRedo()) stack.redo();
    QVERIFY(settled());
    after = engine();
    QCOMPARE(after.rate, 0.3);
    QCOMPARE(after.pattern, QStringLiteral("transpose"));
    QVERIFY(!after.adaptive && after.arbiter == otherArbiter && after.spare);
    QVERIFY2(c.lastError().isEmpty(), qPrintable(c.lastError()));

    c.setInjectionRate(0.35);  // dragged away and back: the merged entry is dropped
    c.setInjectionRate(0.3);
    QCOMPARE(stack.count(), 6);
    c.shutdown();
  }
};

FLITSCOPE_TEST_MAIN(argc, argv) {
  QApplication app(argc, argv);
  TestSettingUndo test;
  return QTest::qExec(&test, argc, argv);
}

#include "tst_setting_undo.moc"
