// SimWorker commands (issue 5, "Running"): applied in order, between cycles,
// never inside one; step / run-to are exact; pause stops at once; paced speed
// is never exceeded; rejected commands are reported in the next frame.
#include "test_main.h"
#include "fake_simulation_source.h"
#include "changes.h"
#include "sim_worker.h"
#include "worker_test_support.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QTest>

#include <set>
#include <thread>

using namespace flitgui;
using namespace std::chrono_literals;

namespace {
struct Rig {
  std::shared_ptr<fake::Probe> probe = std::make_shared<fake::Probe>();
  std::unique_ptr<SimWorker> worker;
  explicit Rig(std::chrono::microseconds stepCost = 0us) {
    SimWorker::Options o;
    o.framePeriod = 2ms;
    worker = std::make_unique<SimWorker>(std::make_unique<fake::FakeSimulationSource>(probe, stepCost), o);
    worker->start();
  }
  // The first frame that reflects `applied` commands and satisfies `extra`.
  FramePtr settle(std::uint64_t applied, const std::function<bool(const FrameSnapshot&)>& extra = {}) {
    return fake::waitForFrame(worker->mailbox(), [&](const FrameSnapshot& f) {
      return f.commandsApplied >= applied && !f.running && (!extra || extra(f));
    });
  }
};
}  // namespace

class TestSimWorker : public QObject {
  Q_OBJECT

 private slots:
  void firstFrameIsCycleZeroPaused() {
    Rig rig;
    FramePtr f = fake::waitForFrame(rig.worker->mailbox(), [](const FrameSnapshot&) { return true; });
    QVERIFY(f);
    QCOMPARE(f->sequence, 1u);
    QCOMPARE(f->cycle, 0u);
    QVERIFY(!f->running);
    QCOMPARE(f->flits.size(), 3u);  // the source filled its part
    QCOMPARE(rig.probe->stepCalls.load(), 0u);
  }

  void stepsAddUp() {
    Rig rig;
    rig.worker->post(StepCommand{1});
    rig.worker->post(StepCommand{10});
    rig.worker->post(StepCommand{100});
    FramePtr f = rig.settle(3, [](const FrameSnapshot& f) { return f.cycle == 111; });
    QVERIFY(f);
    QCOMPARE(rig.probe->stepCalls.load(), 111u);
  }

  void runToStopsExactly() {
    Rig rig;
    rig.worker->post(RunToCommand{5000});
    QVERIFY(rig.settle(1, [](const FrameSnapshot& f) { return f.cycle == 5000; }));
    QCOMPARE(rig.probe->stepCalls.load(), 5000u);
    rig.worker->post(RunToCommand{10});  // already past: nothing happens
    QVERIFY(rig.settle(2));
    rig.worker->post(StepCommand{1});
    QVERIFY(rig.settle(3, [](const FrameSnapshot& f) { return f.cycle == 5001; }));
    QCOMPARE(rig.probe->stepCalls.load(), 5001u);
  }

  // A recording opened in the window replays to its cycle at full speed,
  // whatever the teaching speed set; a plain run-to keeps to that speed.
  void fullSpeedRunToIgnoresThePacing() {
    Rig rig;
    rig.worker->post(SetSpeedCommand{10.0});
    // Paced, 3000 cycles would take 300 s: far beyond the wait for the frame.
    rig.worker->post(RunToCommand{3000, true});
    QVERIFY(rig.settle(2, [](const FrameSnapshot& f) { return f.cycle == 3000; }));
    QCOMPARE(rig.probe->stepCalls.load(), 3000u);
    rig.worker->post(RunToCommand{3040});  // paced: 40 cycles at 10 cycles/s
    QElapsedTimer clock;
    clock.start();
    QVERIFY(rig.settle(3, [](const FrameSnapshot& f) { return f.cycle == 3040; }));
    QVERIFY2(clock.elapsed() >= 3000, qPrintable(QString::number(clock.elapsed())));
  }

  void pauseStopsAtOnce() {
    Rig rig(10us);
    rig.worker->post(RunCommand{});
    QVERIFY(fake::waitForFrame(rig.worker->mailbox(), [](const FrameSnapshot& f) { return f.cycle > 200; }));
    rig.worker->post(RunCommand{false});
    FramePtr paused = rig.settle(2);
    QVERIFY(paused);
    const std::uint64_t c = paused->cycle;
    QCOMPARE(rig.probe->stepCalls.load(), c);  // the frame shows where it stopped
    rig.worker->post(StepCommand{1});
    QVERIFY(rig.settle(3, [c](const FrameSnapshot& f) { return f.cycle == c + 1; }));
    QCOMPARE(rig.probe->stepCalls.load(), c + 1);
  }

  void commandsApplyBetweenCyclesInOrder() {
    Rig rig(100us);  // long cycles: plenty of chances to land inside one
    rig.worker->post(RunCommand{});
    QVERIFY(fake::waitForFrame(rig.worker->mailbox(), [](const FrameSnapshot& f) { return f.running; }));
    constexpr int kCommands = 300;
    for (int i = 0; i < kCommands; ++i) {
      rig.worker->post(ApplyCommand{changes::link(i % fake::FakeSimulationSource::kLinks, false)});
      if (i % 10 == 0) std::this_thread::sleep_for(std::chrono::microseconds(37 * (i % 7)));
      if (i == kCommands / 2) {
        // Halfway, the worker runs two more cycles before the rest is posted:
        // on a loaded machine it could otherwise take all 300 at one cycle.
        const std::uint64_t steps = rig.probe->stepCalls.load();
        QTRY_VERIFY(rig.probe->stepCalls.load() > steps + 1);
      }
    }
    rig.worker->post(RunCommand{false});
    QVERIFY(rig.settle(kCommands + 2));
    const auto applied = rig.probe->appliedCopy();
    QCOMPARE(static_cast<int>(applied.size()), kCommands);
    QCOMPARE(rig.probe->appliedMidCycle.load(), 0);
    std::set<std::uint64_t> cycles;
    for (int i = 0; i < kCommands; ++i) {
      QCOMPARE(applied[static_cast<std::size_t>(i)].argument, i % fake::FakeSimulationSource::kLinks);  // post order
      if (i > 0) QVERIFY(applied[static_cast<std::size_t>(i)].cycle >= applied[static_cast<std::size_t>(i - 1)].cycle);
      cycles.insert(applied[static_cast<std::size_t>(i)].cycle);
    }
    QVERIFY2(cycles.size() > 1, "commands apply while running, between cycles, not only after a pause");
  }

  void pacedSpeedIsNeverExceeded() {
    Rig rig;
    rig.worker->post(SetSpeedCommand{200.0});
    QElapsedTimer t;
    t.start();
    rig.worker->post(RunCommand{});
    std::this_thread::sleep_for(700ms);
    const double elapsedSeconds = static_cast<double>(t.elapsed()) / 1000.0;
    const double cycles = static_cast<double>(rig.probe->cycle.load());
    FramePtr f = fake::waitForFrame(rig.worker->mailbox(), [](const FrameSnapshot& f) { return f.running; });
    qInfo("200 cycles/s for %.3f s: %.0f cycles, measured rate %.1f", elapsedSeconds, cycles,
          f ? f->measuredCyclesPerSecond : -1.0);
    QVERIFY(cycles <= elapsedSeconds * 200.0 + 2.0);
    QVERIFY(cycles >= elapsedSeconds * 200.0 * 0.5);
    QVERIFY(f);
    QCOMPARE(f->speedCyclesPerSecond, 200.0);
    QVERIFY(f->measuredCyclesPerSecond > 100.0 && f->measuredCyclesPerSecond < 210.0);
  }

  void rejectedCommandIsReported() {
    Rig rig;
    rig.worker->post(ApplyCommand{changes::link(999, false)});
    FramePtr f = rig.settle(1);
    QVERIFY(f);
    QCOMPARE(f->commandErrorCount, 1u);
    QVERIFY2(f->commandError.find("link 999") != std::string::npos, f->commandError.c_str());
    rig.worker->post(ApplyCommand{changes::pattern(flit::TrafficPattern::Tornado)});
    f = rig.settle(2, [](const FrameSnapshot& f) { return f.commandErrorCount == 2; });
    QVERIFY(f);
    QVERIFY(f->commandError.find("tornado") != std::string::npos);
    rig.worker->post(StepCommand{5});  // and the worker goes on
    QVERIFY(rig.settle(3, [](const FrameSnapshot& f) { return f.cycle == 5; }));
  }

  void engineCommandsReachTheSourceInOrder() {
    Rig rig;
    rig.worker->post(ApplyCommand{changes::pattern(flit::TrafficPattern::Transpose)});
    rig.worker->post(ApplyCommand{changes::rate(0.25)});
    rig.worker->post(ApplyCommand{changes::adaptive(false)});
    rig.worker->post(ApplyCommand{changes::link(7, false)});
    rig.worker->post(StepCommand{3});
    rig.worker->post(ApplyCommand{changes::link(7, true)});
    rig.worker->post(ApplyCommand{changes::adaptive(true)});
    QVERIFY(rig.settle(7, [](const FrameSnapshot& f) { return f.cycle == 3; }));
    const auto applied = rig.probe->appliedCopy();
    QStringList names;
    for (const auto& a : applied) names << QString::fromStdString(a.what);
    QCOMPARE(names.join(','), QStringLiteral("pattern:transpose,rate,adaptive off,fail,repair,adaptive on"));
    for (std::size_t i = 0; i < 4; ++i) QCOMPARE(applied[i].cycle, 0u);  // posted before the step
    for (std::size_t i = 4; i < applied.size(); ++i) QVERIFY(applied[i].cycle <= 3u);
  }

  // Undo (change_command.h): RevertCommand applies the inverse the source
  // gave back when the change with that token was applied, once; a token
  // the worker holds nothing for (a refused change) changes nothing.
  void revertAppliesTheInverseTheSourceGaveBack() {
    Rig rig;
    rig.worker->post(ApplyCommand{changes::rate(0.25), 1});
    rig.worker->post(ApplyCommand{changes::link(7, false), 2});
    rig.worker->post(ApplyCommand{changes::link(999, false), 3});  // refused: no inverse kept
    rig.worker->post(RevertCommand{2});
    rig.worker->post(RevertCommand{1});
    rig.worker->post(RevertCommand{1});  // already reverted: nothing
    rig.worker->post(RevertCommand{3});
    FramePtr f = rig.settle(7);
    QVERIFY(f);
    QCOMPARE(f->commandErrorCount, 1u);
    const auto applied = rig.probe->appliedCopy();
    QStringList names;
    for (const auto& a : applied) names << QString::fromStdString(a.what) + ':' + QString::number(a.argument);
    QCOMPARE(names.join(','), QStringLiteral("rate:250,fail:7,repair:7,rate:100"));
    QCOMPARE(f->linkUp.at(7), std::uint8_t{1});
  }

  void haltedSourcePausesWithItsReason() {
    auto probe = std::make_shared<fake::Probe>();
    auto source = std::make_unique<fake::FakeSimulationSource>(probe);
    source->haltAt(70);
    SimWorker worker(std::move(source));
    worker.start();
    worker.post(RunCommand{});
    FramePtr f = fake::waitForFrame(worker.mailbox(), [](const FrameSnapshot& f) { return f.commandsApplied == 1 && !f.running; });
    QVERIFY(f);
    QCOMPARE(f->cycle, 70u);
    QCOMPARE(f->commandErrorCount, 1u);
    QCOMPARE(QString::fromStdString(f->commandError), QStringLiteral("deadlock at cycle 70"));
  }

  void resetReturnsToCycleZero() {
    Rig rig;
    rig.worker->post(StepCommand{50});
    FramePtr before = rig.settle(1, [](const FrameSnapshot& f) { return f.cycle == 50; });
    QVERIFY(before);
    QCOMPARE(before->resetGeneration, 0u);
    rig.worker->post(RunCommand{});
    rig.worker->post(ResetCommand{});
    FramePtr after = rig.settle(3);
    QVERIFY(after);
    QCOMPARE(after->cycle, 0u);
    QCOMPARE(after->resetGeneration, 1u);
    QVERIFY(after->stats.empty());
    QCOMPARE(rig.probe->resets.load(), 1);
  }
};

FLITSCOPE_TEST_MAIN(argc, argv) {
  QApplication app(argc, argv);
  TestSimWorker test;
  return QTest::qExec(&test, argc, argv);
}

#include "tst_sim_worker.moc"
