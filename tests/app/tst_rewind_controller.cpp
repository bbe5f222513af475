// Rewind through the controllers (issue 16, "Record, replay, rewind"): the
// SimulationController's rewindTo restores the cycle in the worker and the
// next frame shows the earlier state (a failed link up again, the engine's
// counters as a straight run to that cycle has them); a run on with later
// interventions recorded waits for keep (they are applied again at their
// cycles) or discard (they are gone); the scrubber's markers are the
// interventions, with their cycles and descriptions; bad cycles are refused.
#include "test_main.h"
#include "test_paths.h"
#include "simulation_controller.h"
#include "torus/simulator_source.h"

#include "scenario/scenario.h"
#include "sim/simulator.h"

#include <QApplication>
#include <QTest>

#include <memory>

using namespace flitgui;

namespace {

flit::SimConfig teachingConfig() {
  return flit::simConfigFromScenario(
      flit::loadScenarioFile(flit::test::presetPath("teaching-4x4x4.json")));
}

// The engine's own state at `cycle` with `link` failed at `failAt` (0: never).
std::uint64_t deliveredInStraightRun(std::uint64_t cycle, flit::LinkId link, std::uint64_t failAt) {
  flit::SimConfig cfg = teachingConfig();
  cfg.autoRebuild = true;  // as SimulatorSource runs it
  flit::Simulator sim(cfg);
  if (failAt > 0 && failAt <= cycle) {
    sim.run(failAt);
    sim.apply(flit::Intervention::link(flit::InterventionKind::FailLink, link));
  }
  sim.run(cycle - sim.cycle());
  return sim.totals().delivered;
}

struct Session {
  SimulationController c;
  flit::LinkId link = flit::kInvalidId;
  Session() {
    c.setSource(std::make_unique<SimulatorSource>(teachingConfig()));
    c.setSpeed(0);
    const flit::Topology topo(teachingConfig().topology);
    link = topo.linkFrom(topo.nodeAt({{1, 2, 3}}), flit::Direction::PlusY);
  }
  bool linkUp() const { return c.currentFrame()->linkUp[static_cast<std::size_t>(link)] != 0; }
};

}  // namespace

class TestRewindController : public QObject {
  Q_OBJECT

 private slots:
  void rewindRestoresTheEarlierState() {
    Session s;
    SimulationController& c = s.c;
    c.runTo(300);
    QTRY_COMPARE(c.cycle(), 300.0);
    c.setLinkUp(s.link, false);
    c.runTo(700);
    QTRY_COMPARE(c.cycle(), 700.0);
    QVERIFY(!s.linkUp());
    QCOMPARE(c.lastCycle(), 700.0);
    QVERIFY(c.checkpointBytes() > 0.0);  // one at cycle 500
    QCOMPARE(c.checkpointBudgetBytes(), double(flit::TorusRun::kCheckpointBudgetBytes));
    QCOMPARE(c.interventionCycles(), QList<double>{300.0});

    c.rewindTo(200);
    QVERIFY(c.rewinding());
    QVERIFY(!c.running());
    QTRY_VERIFY(!c.rewinding());
    QCOMPARE(c.cycle(), 200.0);
    QVERIFY(s.linkUp());  // the failure lies ahead again
    QCOMPARE(c.currentFrame()->packetsDelivered, deliveredInStraightRun(200, s.link, 0));
    QCOMPARE(c.lastCycle(), 700.0);
    QCOMPARE(c.pendingInterventions(), 1);
    QCOMPARE(c.interventionPending(), QList<bool>{true});

    // Forward again within the run: the kept failure is in force at 600.
    c.rewindTo(600);
    QTRY_COMPARE(c.cycle(), 600.0);
    QTRY_VERIFY(!c.rewinding());
    QVERIFY(!s.linkUp());
    QCOMPARE(c.currentFrame()->packetsDelivered, deliveredInStraightRun(600, s.link, 300));

    c.stepBack(100);
    QTRY_COMPARE(c.cycle(), 500.0);
    QTRY_VERIFY(!c.rewinding());
    QCOMPARE(c.currentFrame()->packetsDelivered, deliveredInStraightRun(500, s.link, 300));
  }

  void keepReplaysLaterInterventions() {
    Session s;
    SimulationController& c = s.c;
    c.runTo(300);
    QTRY_COMPARE(c.cycle(), 300.0);
    c.setLinkUp(s.link, false);
    c.runTo(450);
    QTRY_COMPARE(c.cycle(), 450.0);
    c.rewindTo(150);
    QTRY_VERIFY(!c.rewinding());
    QTRY_COMPARE(c.pendingInterventions(), 1);

    c.step(250);  // a run on: held until the person chooses
    QVERIFY(c.askKeepOrDiscard());
    QTest::qWait(50);
    QCOMPARE(c.cycle(), 150.0);
    c.keepLaterInterventions();
    QVERIFY(!c.askKeepOrDiscard());
    QTRY_COMPARE(c.cycle(), 400.0);
    QVERIFY(!s.linkUp());  // failed again at 300
    QCOMPARE(c.currentFrame()->packetsDelivered, deliveredInStraightRun(400, s.link, 300));
    QTRY_COMPARE(c.pendingInterventions(), 0);
    QCOMPARE(c.interventionCycles(), QList<double>{300.0});
    QCOMPARE(c.interventionPending(), QList<bool>{false});
  }

  void discardDropsLaterInterventions() {
    Session s;
    SimulationController& c = s.c;
    c.runTo(300);
    QTRY_COMPARE(c.cycle(), 300.0);
    c.setLinkUp(s.link, false);
    c.runTo(450);
    QTRY_COMPARE(c.cycle(), 450.0);
    c.rewindTo(250);
    QTRY_VERIFY(!c.rewinding());
    QTRY_COMPARE(c.pendingInterventions(), 1);

    c.runTo(350);
    QVERIFY(c.askKeepOrDiscard());
    c.discardLaterInterventions();
    QTRY_COMPARE(c.cycle(), 350.0);
    QVERIFY(s.linkUp());  // the failure is gone
    QCOMPARE(c.currentFrame()->packetsDelivered, deliveredInStraightRun(350, s.link, 0));
    QTRY_VERIFY(c.interventionCycles().isEmpty());
    QCOMPARE(c.lastCycle(), 350.0);
    QCOMPARE(c.pendingInterventions(), 0);
    c.step(10);  // nothing left to ask about
    QVERIFY(!c.askKeepOrDiscard());
    QTRY_COMPARE(c.cycle(), 360.0);
  }

  void markersAreTheInterventions() {
    Session s;
    SimulationController& c = s.c;
    const flit::Topology topo(teachingConfig().topology);
    c.runTo(100);
    QTRY_COMPARE(c.cycle(), 100.0);
    c.setInjectionRate(0.05);
    c.runTo(150);
    QTRY_COMPARE(c.cycle(), 150.0);
    c.setLinkUp(s.link, false);
    c.runTo(200);
    QTRY_COMPARE(c.cycle(), 200.0);
    c.setNodeUp(topo.nodeAt({{2, 2, 2}}), false);
    c.runTo(260);
    QTRY_COMPARE(c.cycle(), 260.0);
    QTRY_COMPARE(c.interventionCycles(), (QList<double>{100.0, 150.0, 200.0}));
    const QStringList texts = c.interventionTexts();
    QCOMPARE(texts.size(), 3);
    QVERIFY2(texts[0].contains(QStringLiteral("setRate")), qPrintable(texts[0]));
    QCOMPARE(texts[1], QString::fromStdString(flit::describeIntervention(
                           flit::Intervention::link(flit::InterventionKind::FailLink, s.link, 150), topo)));
    QVERIFY2(texts[2].contains(QStringLiteral("failNode \"2,2,2\"")), qPrintable(texts[2]));
    c.rewindTo(120);
    QTRY_VERIFY(!c.rewinding());
    QCOMPARE(c.interventionCycles(), (QList<double>{100.0, 150.0, 200.0}));
    QCOMPARE(c.interventionPending(), (QList<bool>{false, true, true}));
    QCOMPARE(c.injectionRate(), 0.05);  // the rate set at 100 is in force at 120
  }

  void badCyclesAreRefused() {
    Session s;
    SimulationController& c = s.c;
    c.runTo(100);
    QTRY_COMPARE(c.cycle(), 100.0);
    c.rewindTo(5000);
    QTRY_VERIFY2(c.lastError().contains(QStringLiteral("rewind: cycle 5000 is beyond the last cycle run (100)")),
                 qPrintable(c.lastError()));
    QTRY_VERIFY(!c.rewinding());
    QCOMPARE(c.cycle(), 100.0);
  }
};

FLITSCOPE_TEST_MAIN(argc, argv) {
  QApplication app(argc, argv);
  TestRewindController test;
  return QTest::qExec(&test, argc, argv);
}

#include "tst_rewind_controller.moc"
