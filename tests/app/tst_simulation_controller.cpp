// SimulationController (issue 5, "Running"): the slots QML calls become
// commands, the properties follow the frames, frames are taken on the
// window's afterAnimating when a window is attached, the charts get the
// statistics, and destroying the controller with the simulation running is
// clean.
#include "test_main.h"
#include "fake_simulation_source.h"
#include "simulation_controller.h"

#include <QApplication>
#include <QLineSeries>
#include <QQuickWindow>
#include <QSignalSpy>
#include <QTest>

using namespace flitgui;

namespace {
std::unique_ptr<SimulationController> makeController(std::shared_ptr<fake::Probe> probe,
                                                     std::chrono::microseconds stepCost = {}) {
  auto c = std::make_unique<SimulationController>();
  SimWorker::Options o;
  o.framePeriod = std::chrono::milliseconds(4);
  c->setSource(std::make_unique<fake::FakeSimulationSource>(std::move(probe), stepCost), o);
  return c;
}
}  // namespace

class TestSimulationController : public QObject {
  Q_OBJECT

 private slots:
  void withoutSimulationSlotsDoNothing() {
    SimulationController c;
    QVERIFY(!c.hasSimulation());
    c.run();
    c.step(10);
    QVERIFY(!c.takeFrame());
    QCOMPARE(c.cycle(), 0.0);
  }

  void stepRunToAndReset() {
    auto probe = std::make_shared<fake::Probe>();
    auto c = makeController(probe);
    QVERIFY(c->hasSimulation());
    QCOMPARE(c->speed(), SimulationController::kDefaultSpeed);
    c->setSpeed(0);  // as fast as possible
    c->step(1);
    c->step(10);
    c->step(100);
    QTRY_COMPARE(c->cycle(), 111.0);
    QVERIFY(!c->running());
    c->runTo(5000);
    QTRY_COMPARE(c->cycle(), 5000.0);
    QTRY_VERIFY(!c->running());
    QCOMPARE(probe->stepCalls.load(), 5000u);
    QTRY_VERIFY(c->packetsDelivered() > 0);
    c->reset();
    QTRY_COMPARE(c->cycle(), 0.0);
    QCOMPARE(probe->resets.load(), 1);
  }

  void runPauseToggle() {
    auto probe = std::make_shared<fake::Probe>();
    auto c = makeController(probe, std::chrono::microseconds(10));
    QSignalSpy runningChanged(c.get(), &SimulationController::runningChanged);
    c->toggle();  // run
    QVERIFY(c->running());
    QTRY_VERIFY(c->cycle() > 100);
    QVERIFY(c->running());
    c->toggle();  // pause
    QVERIFY(!c->running());
    QTRY_COMPARE(c->cycle(), static_cast<double>(probe->cycle.load()));
    QCOMPARE(runningChanged.count(), 2);  // no flicker back from stale frames
    QVERIFY(c->framesTaken() > 0);
  }

  void chartsReceivePoints() {
    auto probe = std::make_shared<fake::Probe>();
    auto c = makeController(probe);
    QLineSeries mean;
    c->charts()->attachSeries(ChartFeeder::LatencyMeanSeries, &mean);
    c->setSpeed(0);
    c->runTo(20000);
    QTRY_COMPARE(c->cycle(), 20000.0);
    QTRY_VERIFY(mean.count() > 0);
    QTRY_COMPARE(c->charts()->history().back().cycleEnd, 20000u);
    QCOMPARE(c->charts()->history().front().cycleBegin, 0u);
    QVERIFY(c->charts()->pointCount() > 0);
  }

  void rejectedCommandShowsAnError() {
    auto probe = std::make_shared<fake::Probe>();
    auto c = makeController(probe);
    QSignalSpy errors(c.get(), &SimulationController::lastErrorChanged);
    c->setLinkUp(5000, false);
    QTRY_COMPARE(errors.count(), 1);
    QVERIFY(c->lastError().contains("5000"));
    c->setTrafficPattern("transpose");
    c->setInjectionRate(0.5);
    c->setAdaptive(true);
    c->setLinkUp(3, false);
    c->step(1);
    QTRY_COMPARE(c->cycle(), 1.0);
    QCOMPARE(probe->appliedCopy().size(), 4u);
  }

  void injectionRateFollowsTheEngine() {
    auto probe = std::make_shared<fake::Probe>();
    auto c = makeController(probe);
    QTRY_COMPARE(c->injectionRate(), 0.1);  // the fake's configured load, from its frames
    QSignalSpy changed(c.get(), &SimulationController::injectionRateChanged);
    c->setInjectionRate(0.35);
    QCOMPARE(c->injectionRate(), 0.35);  // at once, before the engine confirms
    c->step(1);
    QTRY_COMPARE(c->cycle(), 1.0);
    QCOMPARE(c->injectionRate(), 0.35);
    QCOMPARE(changed.count(), 1);  // no flicker back to 0.1 from a stale frame
    const auto applied = probe->appliedCopy();
    QVERIFY(!applied.empty());
    QCOMPARE(applied.back().what, std::string("rate"));
    QCOMPARE(applied.back().argument, 350);
  }

  void framesAreTakenOnAfterAnimating() {
    QQuickWindow window;
    window.resize(200, 150);
    window.show();
    if (!QTest::qWaitForWindowExposed(&window)) QSKIP("no window system (run under xvfb-run)");
    auto probe = std::make_shared<fake::Probe>();
    auto c = makeController(probe);
    int animatingFrames = 0;
    bool takenOutsideAnimating = false;
    bool inAfterAnimating = false;
    connect(&window, &QQuickWindow::afterAnimating, this, [&] {
      ++animatingFrames;
      inAfterAnimating = true;
    });
    c->setWindow(&window);  // connected after ours: sees the frame counter first
    connect(&window, &QQuickWindow::afterAnimating, this, [&] { inAfterAnimating = false; });
    connect(c.get(), &SimulationController::frameChanged, this, [&] {
      if (!inAfterAnimating) takenOutsideAnimating = true;
    });
    c->setSpeed(0);
    c->run();
    QTRY_VERIFY(c->framesTaken() >= 10);
    QVERIFY(animatingFrames >= 10);
    QVERIFY2(!takenOutsideAnimating, "with a visible window, frames are taken on afterAnimating only");
    c->setWindow(nullptr);
  }

  void destroyWhileRunningIsClean() {
    auto probe = std::make_shared<fake::Probe>();
    auto c = makeController(probe, std::chrono::microseconds(20));
    c->setSpeed(0);
    c->run();
    QTRY_VERIFY(c->cycle() > 0);
    c.reset();  // joins the worker; pending queued wake calls are dropped with the object
    QVERIFY(!probe->inStep.load());
    QTest::qWait(20);  // let any queued call be delivered (to nobody)
  }
};

FLITSCOPE_TEST_MAIN(argc, argv) {
  QApplication app(argc, argv);
  TestSimulationController test;
  return QTest::qExec(&test, argc, argv);
}

#include "tst_simulation_controller.moc"
