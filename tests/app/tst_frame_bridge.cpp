// The frame bridge (DESIGN.md, "Threads and the stream to the GUI"; issue 5,
// Tests): snapshots arrive in order, stale ones are dropped, the worker is
// never blocked by a slow or stalled consumer and no backlog grows, statistics
// points survive dropped frames, and shutdown with the simulation running is
// clean (also run under the thread sanitizer, build-live-tsan).
#include "test_main.h"
#include "fake_simulation_source.h"
#include "frame_mailbox.h"
#include "sim_worker.h"
#include "worker_test_support.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QTest>

#include <thread>

using namespace flitgui;
using namespace std::chrono_literals;

namespace {
FramePtr frameWith(std::uint64_t sequence, std::uint64_t statsIndex = 0) {
  auto f = std::make_shared<FrameSnapshot>();
  f->sequence = sequence;
  if (statsIndex > 0) {
    StatsPoint p;
    p.index = statsIndex;
    f->stats.push_back(p);
  }
  return f;
}

SimWorker::Options fastFrames(std::chrono::microseconds period = 2000us) {
  SimWorker::Options o;
  o.framePeriod = period;
  return o;
}
}  // namespace

class TestFrameBridge : public QObject {
  Q_OBJECT

 private slots:
  void mailboxGivesNewestAndDropsStale() {
    FrameMailbox box;
    QVERIFY(!box.takeNewest());
    for (std::uint64_t s = 1; s <= 5; ++s) box.publish(frameWith(s));
    FramePtr f = box.takeNewest();
    QVERIFY(f);
    QCOMPARE(f->sequence, 5u);
    QVERIFY(!box.takeNewest());  // nothing new since the last take
    QCOMPARE(box.publishedCount(), 5u);
    QCOMPARE(box.droppedCount(), 4u);
    QCOMPARE(box.takenCount(), 1u);
  }

  void mailboxKeepsNoBacklog() {
    FrameMailbox box;
    box.publish(frameWith(1));
    FramePtr held = box.takeNewest();  // a consumer sitting on a frame
    std::vector<std::weak_ptr<const FrameSnapshot>> published;
    for (std::uint64_t s = 2; s <= 1000; ++s) {
      FramePtr f = frameWith(s);
      published.push_back(f);
      box.publish(std::move(f));
    }
    int alive = 0;
    for (const auto& w : published) alive += w.expired() ? 0 : 1;
    QCOMPARE(alive, 1);  // only the one in the slot; the 998 stale ones were freed
    QVERIFY(!published.back().expired());
    QCOMPARE(held->sequence, 1u);
  }

  void mailboxWakesOncePerTake() {
    FrameMailbox box;
    int wakes = 0;
    box.setWakeCallback([&wakes] { ++wakes; });
    for (std::uint64_t s = 1; s <= 10; ++s) box.publish(frameWith(s));
    QCOMPARE(wakes, 1);
    box.takeNewest();
    box.publish(frameWith(11));
    box.publish(frameWith(12));
    QCOMPARE(wakes, 2);
  }

  void mailboxRecordsTakenStatsIndex() {
    FrameMailbox box;
    box.publish(frameWith(1, 7));
    QCOMPARE(box.lastTakenStatsIndex(), 0u);
    box.takeNewest();
    QCOMPARE(box.lastTakenStatsIndex(), 7u);
    box.publish(frameWith(2));  // a frame without points keeps the mark
    box.takeNewest();
    QCOMPARE(box.lastTakenStatsIndex(), 7u);
  }

  void workerDeliversFramesInOrder() {
    auto probe = std::make_shared<fake::Probe>();
    SimWorker worker(std::make_unique<fake::FakeSimulationSource>(probe, 5us), fastFrames());
    worker.start();
    worker.post(RunCommand{});
    std::uint64_t lastSequence = 0, lastCycle = 0, taken = 0;
    bool ordered = true;
    QElapsedTimer t;
    t.start();
    for (int i = 0; taken < 150 && t.elapsed() < 20000; ++i) {
      if (FramePtr f = worker.mailbox().takeNewest()) {
        ordered = ordered && f->sequence > lastSequence && f->cycle >= lastCycle;
        lastSequence = f->sequence;
        lastCycle = f->cycle;
        ++taken;
      }
      QTest::qWait(i % 7);  // an irregular consumer
    }
    worker.stop();
    QCOMPARE(taken, 150u);
    QVERIFY(ordered);
    QVERIFY(lastCycle > 0);
    QVERIFY2(worker.mailbox().droppedCount() > 0, "a consumer slower than the frame period skips frames");
  }

  void stalledConsumerDoesNotSlowProducer() {
    auto probe = std::make_shared<fake::Probe>();
    SimWorker worker(std::make_unique<fake::FakeSimulationSource>(probe, 20us), fastFrames());
    worker.start();
    worker.post(RunCommand{});
    QVERIFY(fake::waitForFrame(worker.mailbox(), [](const FrameSnapshot& f) { return f.running; }));

    // Phase A: an attentive consumer.
    QElapsedTimer t;
    t.start();
    std::uint64_t c0 = probe->cycle.load();
    while (t.elapsed() < 300) {
      worker.mailbox().takeNewest();
      QTest::qWait(1);
    }
    const double rateAttentive = static_cast<double>(probe->cycle.load() - c0) / static_cast<double>(t.elapsed());

    // Phase B: the GUI thread is blocked (a long layout, a modal dialog...).
    const std::uint64_t publishedBefore = worker.mailbox().publishedCount();
    c0 = probe->cycle.load();
    t.restart();
    std::this_thread::sleep_for(300ms);
    const double rateStalled = static_cast<double>(probe->cycle.load() - c0) / static_cast<double>(t.elapsed());
    const std::uint64_t publishedDuringStall = worker.mailbox().publishedCount() - publishedBefore;

    FramePtr first = worker.mailbox().takeNewest();
    worker.stop();
    qInfo("cycles/ms attentive %.1f, stalled %.1f; frames published during the stall: %llu", rateAttentive, rateStalled,
          static_cast<unsigned long long>(publishedDuringStall));
    QVERIFY2(publishedDuringStall >= 20, "the worker keeps publishing while nobody takes");
    QVERIFY2(rateStalled >= 0.5 * rateAttentive, "a stalled consumer must not slow the engine");
    QVERIFY(first);
    QVERIFY2(first->sequence >= publishedBefore + publishedDuringStall, "after a stall the GUI gets the newest frame");
  }

  void statsSurviveDroppedFrames() {
    auto probe = std::make_shared<fake::Probe>();
    SimWorker worker(std::make_unique<fake::FakeSimulationSource>(probe, 5us), fastFrames(1000us));
    worker.start();
    worker.post(RunToCommand{20000});
    std::vector<StatsPoint> points;
    FramePtr last = fake::waitForFrame(
        worker.mailbox(), [](const FrameSnapshot& f) { return !f.running && f.cycle == 20000; }, 30000,
        [&points](const FrameSnapshot& f) {
          for (const StatsPoint& p : f.stats)
            if (points.empty() || p.index > points.back().index) points.push_back(p);
          QTest::qWait(10);  // a slow consumer: most frames are dropped
        });
    worker.stop();
    QVERIFY(last);
    QVERIFY(worker.mailbox().droppedCount() > 0);
    QCOMPARE(last->statsDropped, 0u);
    QVERIFY(!points.empty());
    QCOMPARE(points.front().cycleBegin, 0u);
    QCOMPARE(points.back().cycleEnd, 20000u);
    for (std::size_t i = 1; i < points.size(); ++i) {
      QCOMPARE(points[i].index, points[i - 1].index + 1);     // no point lost
      QCOMPARE(points[i].cycleBegin, points[i - 1].cycleEnd);  // intervals tile the run
    }
  }

  void statsBacklogIsBounded() {
    auto probe = std::make_shared<fake::Probe>();
    SimWorker::Options o = fastFrames(500us);
    o.maxPendingStats = 16;
    SimWorker worker(std::make_unique<fake::FakeSimulationSource>(probe, 5us), o);
    worker.start();
    worker.post(RunCommand{});
    std::this_thread::sleep_for(200ms);  // nobody takes: ~400 frames, one point each
    FramePtr f = worker.mailbox().takeNewest();
    worker.stop();
    QVERIFY(f);
    QVERIFY(f->stats.size() <= 16u);
    QVERIFY(f->statsDropped > 0);
    QCOMPARE(f->stats.back().index, f->stats.front().index + f->stats.size() - 1);  // the newest ones kept
  }

  void shutdownWhileRunningIsPrompt_data() {
    QTest::addColumn<double>("speed");
    QTest::newRow("as fast as possible") << 0.0;
    QTest::newRow("0.1 cycles/s, worker asleep between cycles") << 0.1;
  }
  void shutdownWhileRunningIsPrompt() {
    QFETCH(double, speed);
    auto probe = std::make_shared<fake::Probe>();
    auto worker = std::make_unique<SimWorker>(std::make_unique<fake::FakeSimulationSource>(probe, 20us), fastFrames());
    worker->start();
    worker->post(SetSpeedCommand{speed});
    worker->post(RunCommand{});
    QVERIFY(fake::waitForFrame(worker->mailbox(), [](const FrameSnapshot& f) { return f.running && f.cycle > 0; }));
    QElapsedTimer t;
    t.start();
    worker.reset();  // destructor: stop + join with the simulation running
    QVERIFY2(t.elapsed() < 2000, "stop must not wait for the next paced cycle");
    QVERIFY(!probe->inStep.load());
  }
};

FLITSCOPE_TEST_MAIN(argc, argv) {
  QApplication app(argc, argv);
  TestFrameBridge test;
  return QTest::qExec(&test, argc, argv);
}

#include "tst_frame_bridge.moc"
