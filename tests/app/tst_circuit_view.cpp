// What the window learns about a fat-tree's circuits (issue 19, "In the
// GUI"; DeHon seed 004, section 2.1: a transmission that finds both outputs
// of its direction busy is discarded, the sender learns it when the
// transmission completes and retries):
//  - every discard is flashed where it happened, on the channel it came in
//    on, for flit::CircuitView::kFlashCycles cycles, and counted with the retries;
//  - a followed message is recorded attempt by attempt, with the channels of
//    its newest attempt, up to its delivery;
//  - an inspected RN1 lists its 16 ports and who holds each;
//  - the interval statistics carry the circuit counts the charts plot, the
//    slowest message of each interval and the latency histogram;
//  - through the controllers on the worker thread: the inspector, follow
//    mode, the counters, the flashes drawn, the charts and the sweep view.
#include "test_main.h"
#include "changes.h"
#include "chart_feeder.h"
#include "fat_tree/circuit_flash_instancing.h"
#include "fat_tree/circuit_source.h"
#include "fat_tree/circuit_status.h"
#include "fat_tree/circuit_sweep.h"
#include "follow_controller.h"
#include "network_controller.h"
#include "scenario/circuit_recording_json.h"
#include "scenario_files.h"
#include "simulation_controller.h"
#include "scenario/fat_tree_scenario_json.h"
#include "torus/node_inspector.h"

#include "fattree/circuit_measure.h"
#include "fattree/circuit_recording.h"
#include "scenario/scenario.h"

#include <QApplication>
#include <QCoroTask>
#include <QTemporaryDir>
#include <QLineSeries>
#include <QtTest>

#include <set>

using namespace flitgui;

namespace {

QString presetPath(const char* name) { return QStringLiteral(FLITSCOPE_PRESETS_DIR "/") + QLatin1String(name); }

flit::fattree::FatTreeScenario preset(const char* name) {
  return flit::fattree::parseFatTreeScenario(flit::readScenarioFileText(presetPath(name).toStdString()));
}

// transit-64 in the view and the simulation, with File's save and open.
struct FileSession {
  NetworkController view;
  SimulationController simulation;
  ScenarioFiles files;
  bool loaded = false;
  FileSession() {
    loaded = view.loadScenario(presetPath("transit-64.json")) && simulation.loadScenario(presetPath("transit-64.json"));
    files.setController(&view);
    files.setSimulation(&simulation);
  }
};

FrameSnapshot frameOf(const CircuitSource& source) {
  FrameSnapshot frame;
  source.fillSnapshot(frame);
  return frame;
}

}  // namespace

class TstCircuitView : public QObject {
  Q_OBJECT
 private slots:
  void discardsFlashWhereTheyHappenAndAreCounted();
  void aFollowedMessageIsRecordedAttemptByAttempt();
  void anInspectedRouterListsItsPortsAndHolders();
  void intervalsCarryTheCircuitCounts();
  void chartsPlotFirstAttemptSuccessAndAttemptsPerMessage();
  void throughTheControllers();
  void theSweepViewLosesSuccessAsTheLoadRises();
  void saveWritesTheFatTreeAsShown();
  void rewindReplaysTheRunWithItsChanges();
  void checkpointsAndRecordings();
};

void TstCircuitView::discardsFlashWhereTheyHappenAndAreCounted() {
  CircuitSource source(preset("transit-64.json"));  // rate 1.0: every endpoint always sending
  const flit::NetworkGraph& g = source.run().graph();
  std::uint64_t flashesSeen = 0;
  for (int i = 0; i < 600; ++i) {
    source.step();
    const FrameSnapshot frame = frameOf(source);
    QVERIFY(frame.circuits->view);
    for (const flit::CircuitFlash& f : frame.circuits->view->flashes) {
      QVERIFY(f.node < g.routerCount);  // an RN1 discards, never an endpoint
      QVERIFY(f.cycle + flit::CircuitView::kFlashCycles >= source.cycle());
      QVERIFY(f.cycle <= source.cycle());
      QVERIFY(f.link < g.linkCount());
      const flit::GraphLink& l = g.links[f.link];
      QVERIFY2(l.a == f.node || l.b == f.node, "the flashed channel touches the RN1 that discarded");
      // A busy discard: the channel it came in on.
      if (!f.fault) QCOMPARE(l.b, f.node);
    }
    flashesSeen += frame.circuits->view->flashes.size();
  }
  QVERIFY(flashesSeen > 0);
  const FrameSnapshot frame = frameOf(source);
  const flit::CircuitCounters& c = frame.circuits->view->counters;
  const flit::fattree::CircuitStats& st = source.simulator().stats();
  QCOMPARE(c.blockedBusy, st.blockedBusy);
  QVERIFY2(c.blockedBusy > 100, "section 6.3: at full load a quarter of the attempts are discarded");
  QCOMPARE(c.blockedFault, std::uint64_t{0});
  QVERIFY(c.retriesStarted > 0 && c.retriesStarted < c.attemptsStarted);
  QCOMPARE(c.attemptsStarted, st.attemptsFinished + c.attemptsInNetwork);
  QVERIFY(c.attemptsInNetwork <= g.endpointCount);
  QVERIFY(c.sendersBackingOff + c.attemptsInNetwork <= c.messagesInProgress);
  QCOMPARE(c.messagesCreated, c.messagesDelivered + c.messagesGivenUp + c.messagesInProgress);
  QVERIFY(c.firstAttemptSuccess > 0.5 && c.firstAttemptSuccess < 0.95);
  QVERIFY(c.attemptsPerMessage > 1.0);

  // A failed RN1 loses the transmissions that reach it: red flashes there.
  // An up router (layer 0) of the leaf unit tree: on the way out of its endpoints.
  std::uint32_t leafUp = 0;
  while (source.simulator().network().routers[leafUp].layer != 0) ++leafUp;
  source.apply(changes::node(static_cast<flit::NodeId>(leafUp), false));
  bool faultFlash = false;
  for (int i = 0; i < 300 && !faultFlash; ++i) {
    source.step();
    const FrameSnapshot now = frameOf(source);  // kept: the flashes live in it
    for (const flit::CircuitFlash& f : now.circuits->view->flashes) faultFlash |= f.fault && f.node == leafUp;
  }
  QVERIFY(faultFlash);
  QVERIFY(frameOf(source).circuits->view->counters.blockedFault > 0);
}

void TstCircuitView::aFollowedMessageIsRecordedAttemptByAttempt() {
  CircuitSource source(preset("transit-64.json"));
  const flit::NetworkGraph& g = source.run().graph();
  for (int i = 0; i < 300; ++i) source.step();
  // Follow endpoints' messages until one needed a retry (about 3 in 10 do).
  bool sawRetry = false;
  for (std::int32_t e = 0; e < 64 && !sawRetry; ++e) {
    source.run().setFollowedPacket(e);
    std::shared_ptr<const flit::FollowedPacket> f;
    for (int i = 0; i < 2000; ++i) {
      source.step();
      f = frameOf(source).followed;
      QVERIFY(f && f->circuit && f->serial == e);
      QCOMPARE(f->source, static_cast<flit::NodeId>(g.routerCount + static_cast<std::uint32_t>(e)));
      if (f->state == flit::FollowedPacket::State::Delivered || f->state == flit::FollowedPacket::State::Dropped) break;
    }
    QCOMPARE(f->state, flit::FollowedPacket::State::Delivered);  // retry limit 16: none given up at this load
    QVERIFY(!f->attempts.empty());
    // Attempt numbers follow each other; every attempt but the last was
    // discarded at an RN1; the last delivered.
    for (std::size_t k = 0; k < f->attempts.size(); ++k) {
      const flit::CircuitAttempt& a = f->attempts[k];
      if (k > 0) QCOMPARE(a.number, f->attempts[k - 1].number + 1);
      QVERIFY(a.endCycle >= a.startCycle);
      if (k + 1 < f->attempts.size()) {
        // Discarded: the discard came before following began.
        QVERIFY(a.outcome == flit::CircuitAttempt::Outcome::Busy || (k == 0 && a.outcome == flit::CircuitAttempt::Outcome::Discarded));
        QVERIFY(a.at >= 0 && static_cast<std::uint32_t>(a.at) < g.routerCount);
      }
    }
    const flit::CircuitAttempt& last = f->attempts.back();
    QCOMPARE(last.outcome, flit::CircuitAttempt::Outcome::Delivered);
    QCOMPARE(f->attemptsBeforeFollowing + static_cast<int>(f->attempts.size()), last.number);
    // The delivered attempt's channels run from the sender to the destination.
    QCOMPARE(static_cast<int>(f->travelled.size()), last.hops + 1);
    QCOMPARE(g.links[static_cast<std::size_t>(f->travelled.front() / 2)].a, g.routerCount + static_cast<std::uint32_t>(e));
    QCOMPARE(static_cast<flit::NodeId>(g.links[static_cast<std::size_t>(f->travelled.back() / 2)].b), f->destination);
    for (std::size_t k = 1; k < f->travelled.size(); ++k)
      QCOMPARE(g.links[static_cast<std::size_t>(f->travelled[k] / 2)].a, g.links[static_cast<std::size_t>(f->travelled[k - 1] / 2)].b);
    sawRetry = f->attempts.size() >= 2 && f->attemptsBeforeFollowing == 0;
    // The record stays after delivery, whatever the endpoint does next.
    for (int i = 0; i < 50; ++i) source.step();
    QCOMPARE(frameOf(source).followed->state, flit::FollowedPacket::State::Delivered);
  }
  QVERIFY2(sawRetry, "some followed message needed a second attempt");
  source.run().setFollowedPacket(-1);
  QVERIFY(!frameOf(source).followed);
  QVERIFY_THROWS_EXCEPTION(std::invalid_argument, source.run().setFollowedPacket(64));
}

void TstCircuitView::anInspectedRouterListsItsPortsAndHolders() {
  CircuitSource source(preset("transit-64.json"));
  const flit::NetworkGraph& g = source.run().graph();
  for (int i = 0; i < 200; ++i) source.step();
  std::uint64_t held = 0;
  for (std::uint32_t r = 0; r < g.routerCount; ++r) {
    source.run().setInspectedNode(static_cast<flit::NodeId>(r));
    const FrameSnapshot frame = frameOf(source);
    QVERIFY(frame.circuits->router);
    const flit::CircuitRouterView& v = *frame.circuits->router;
    QCOMPARE(v.node, r);
    QCOMPARE(v.inputs.size(), std::size_t{8});
    QCOMPARE(v.outputs.size(), std::size_t{8});
    for (const flit::CircuitPortView& p : v.outputs) {
      if (p.link == flit::kNoGraphId) continue;  // the root's open top
      const flit::GraphLink& l = g.links[p.link];
      QCOMPARE(l.a, r);
      QCOMPARE(p.peer, l.b);
      const std::uint32_t holder = source.simulator().channelHolder(l.familyId);
      QCOMPARE(p.holder, holder == flit::fattree::kNoHolder ? flit::kNoGraphId : g.routerCount + holder);
      if (p.holder != flit::kNoGraphId) {
        ++held;
        QCOMPARE(p.holderDestination, g.routerCount + source.simulator().destination(holder));
      }
    }
    for (const flit::CircuitPortView& p : v.inputs) {
      if (p.link == flit::kNoGraphId) continue;  // from above the root: the open top
      QCOMPARE(g.links[p.link].b, r);
    }
  }
  QVERIFY(held > 10);
  // An endpoint: its two up channels out, its down channels in.
  const std::uint32_t endpoint = g.routerCount + 5;
  source.run().setInspectedNode(static_cast<flit::NodeId>(endpoint));
  const FrameSnapshot frame = frameOf(source);
  const flit::CircuitRouterView& v = *frame.circuits->router;
  QVERIFY(v.endpoint);
  QCOMPARE(v.outputs.size(), std::size_t{2});
  QCOMPARE(v.inputs.size(), std::size_t{2});
  for (const flit::CircuitPortView& p : v.outputs) QCOMPARE(g.links[p.link].a, endpoint);
  for (const flit::CircuitPortView& p : v.inputs) QCOMPARE(g.links[p.link].b, endpoint);
  source.run().setInspectedNode(flit::kInvalidId);
  QVERIFY(!frameOf(source).circuits->router);
}

void TstCircuitView::intervalsCarryTheCircuitCounts() {
  CircuitSource source(preset("transit-64.json"));
  StatsPoint sum;
  double slowest = 0;
  for (int k = 0; k < 8; ++k) {
    for (int i = 0; i < 200; ++i) source.step();
    const StatsPoint p = source.sampleInterval();
    QVERIFY(p.circuits);
    QVERIFY(p.firstAttemptSuccesses <= p.firstAttempts);
    QVERIFY(p.attemptsOfFinishedMessages >= p.messagesFinished);
    if (p.deliveredPackets > 0) QVERIFY(p.latencyMaxCycles >= p.latencyMeanCycles);
    slowest = std::max(slowest, p.latencyMaxCycles);
    sum = k == 0 ? p : ChartFeeder::merge(sum, p);
  }
  const flit::fattree::CircuitStats& st = source.simulator().stats();
  QCOMPARE(sum.firstAttempts, st.firstAttempts);
  QCOMPARE(sum.firstAttemptSuccesses, st.firstAttemptSuccesses);
  QCOMPARE(sum.messagesFinished, st.messagesDelivered + st.messagesGivenUp);
  QCOMPARE(sum.attemptsOfFinishedMessages, st.attemptsOfFinishedMessages);
  // Each interval's maximum is its own: together they are the run's.
  QCOMPARE(slowest, static_cast<double>(st.latencyMaxCycles));
  const LatencyHistogram& h = frameOf(source).latencyHistogram;
  std::uint64_t counted = 0;
  for (const std::uint64_t c : h.counts) counted += c;
  QCOMPARE(counted, st.messagesDelivered);
}

void TstCircuitView::chartsPlotFirstAttemptSuccessAndAttemptsPerMessage() {
  ChartFeeder feeder;
  feeder.setMinIntervalCycles(0);
  feeder.setMinIntervalMs(0);
  FrameSnapshot frame;
  frame.resetGeneration = 1;
  frame.running = true;
  const auto point = [](std::uint64_t index, std::uint64_t first, std::uint64_t ok, std::uint64_t done, std::uint64_t tries) {
    StatsPoint p;
    p.index = index;
    p.cycleBegin = (index - 1) * 100;
    p.cycleEnd = index * 100;
    p.circuits = true;
    p.firstAttempts = first;
    p.firstAttemptSuccesses = ok;
    p.messagesFinished = done;
    p.attemptsOfFinishedMessages = tries;
    return p;
  };
  // The third interval finished nothing: it repeats the second's values.
  frame.stats = {point(1, 100, 75, 80, 120), point(2, 50, 25, 10, 30), point(3, 0, 0, 0, 0)};
  feeder.consume(frame);
  frame.running = false;
  frame.stats.clear();
  feeder.consume(frame);
  QVERIFY(feeder.circuits());
  QLineSeries success, attempts;
  feeder.attachSeries(ChartFeeder::FirstAttemptSuccessSeries, &success);
  feeder.attachSeries(ChartFeeder::AttemptsPerMessageSeries, &attempts);
  feeder.flush();
  QCOMPARE(success.count(), 3);
  QCOMPARE(success.at(0).y(), 75.0);
  QCOMPARE(success.at(1).y(), 50.0);
  QCOMPARE(success.at(2).y(), 50.0);
  QCOMPARE(attempts.at(0).y(), 1.5);
  QCOMPARE(attempts.at(1).y(), 3.0);
  QCOMPARE(attempts.at(2).y(), 3.0);
  QCOMPARE(feeder.attemptsAxisMax(), 4.0);
  QVERIFY(feeder.csv(ChartFeeder::CircuitChart).startsWith(QStringLiteral("cycle_begin,cycle_end,first_attempts")));
  QVERIFY(feeder.csv(ChartFeeder::CircuitChart).contains(QStringLiteral("0,100,100,75,80,120")));
}

void TstCircuitView::throughTheControllers() {
  NetworkController network;
  SimulationController simulation;
  QVERIFY2(network.loadScenario(presetPath("transit-64.json")), qPrintable(network.errorString()));
  QVERIFY2(simulation.loadScenario(presetPath("transit-64.json")), qPrintable(simulation.lastError()));
  QVERIFY(network.fatTree());
  NodeInspector inspector;
  inspector.setSimulation(&simulation);
  inspector.setNetwork(&network);
  FollowController follow;
  follow.setController(&network);
  follow.setSimulation(&simulation);
  CircuitStatus status;
  status.setSimulation(&simulation);
  CircuitFlashInstancing flashes;
  flashes.setController(&network);
  flashes.setSimulation(&simulation);
  inspector.setNode(17);
  follow.follow(3);
  simulation.setSpeed(0);
  simulation.runTo(3000);
  QTRY_COMPARE_WITH_TIMEOUT(simulation.cycle(), 3000.0, 60000);
  QTRY_VERIFY(inspector.circuit());
  QCOMPARE(inspector.circuitPorts().size(), 16);
  QVERIFY(inspector.circuitSummary().contains(QStringLiteral("crossbar")));
  QTRY_VERIFY(follow.circuit());
  QVERIFY(!follow.attemptLines().isEmpty());
  QCOMPARE(follow.attemptLines().size(), follow.attemptDiscarded().size());
  QVERIFY(follow.sourceText().contains(QStringLiteral("endpoint 3")));
  QVERIFY(!follow.travelledChannels().isEmpty());
  QVERIFY(status.active());
  QVERIFY(status.retriesStarted() > 0);
  QVERIFY(status.blockedBusy() > 0);
  QVERIFY(status.firstAttemptSuccess() > 0.5);
  QTRY_VERIFY(flashes.flashCount() > 0);  // at full load something is discarded every cycle
  QCOMPARE(flashes.rowCount(), 2 * flashes.flashCount());  // a box at the RN1, a bar on the channel
  QTRY_VERIFY(simulation.charts()->circuits());
  // Follow the endpoint's next message.
  follow.followAgain();
  QVERIFY(follow.following());
  QCOMPARE(follow.serial(), 3);
  simulation.shutdown();
}

void TstCircuitView::theSweepViewLosesSuccessAsTheLoadRises() {
  NetworkController network;
  QVERIFY(network.loadScenario(presetPath("transit-64.json")));
  CircuitSweep sweep;
  sweep.setNetwork(&network);
  sweep.setCycles(1000);
  sweep.setWarmup(200);
  QLineSeries line;
  sweep.attachSeries(&line);
  QSignalSpy finished(&sweep, &CircuitSweep::finished);
  sweep.start();
  QVERIFY(sweep.running());
  QVERIFY(finished.wait(120000));
  QVERIFY2(sweep.lastError().isEmpty(), qPrintable(sweep.lastError()));
  QCOMPARE(sweep.pointCount(), static_cast<int>(CircuitSweep::rates().size()));
  QCOMPARE(line.count(), sweep.pointCount());
  const auto& pts = sweep.points();
  // Figures 11-12's shape: the loading rises with the rate and the chance of
  // getting through first time falls, from nearly certain when the network
  // is idle to section 6.3's 70-80% at full load.
  for (std::size_t i = 1; i < pts.size(); ++i) QVERIFY(pts[i].loading > pts[i - 1].loading);
  QVERIFY(pts.front().firstAttemptSuccess > 0.95);
  QVERIFY(pts.back().firstAttemptSuccess > 0.6 && pts.back().firstAttemptSuccess < 0.85);
  QCOMPARE(line.at(0), QPointF(pts.front().loading, 100.0 * pts.front().firstAttemptSuccess));
  // The point of rate 1.0 is the command line's: same rule, same seed.
  flit::fattree::FatTreeScenario s = preset("transit-64.json");
  flit::fattree::CircuitSimulator sim(flit::fattree::buildFatTree(s.spec), s.circuit, s.seed);
  flit::fattree::runMeasured(sim, 200, 1000);
  QCOMPARE(pts.back().firstAttemptSuccess, sim.stats().firstAttemptSuccess());
  QCOMPARE(pts.back().loading, flit::fattree::networkLoading(sim));
  QVERIFY(sweep.csv().count(QLatin1Char('\n')) == sweep.pointCount() + 1);
  QTemporaryDir dir;
  const QString file = dir.filePath(QStringLiteral("sweep.csv"));
  QVERIFY(sweep.exportCsv(QUrl::fromLocalFile(file)));  // the sweep chart's CSV button
  QFile written(file);
  QVERIFY(written.open(QIODevice::ReadOnly));
  QCOMPARE(QString::fromUtf8(written.readAll()), sweep.csv());
  // A sweep can be cancelled; a torus has no sweep.
  sweep.start();
  sweep.cancel();
  QVERIFY(!sweep.running());
  QVERIFY(network.loadScenario(presetPath("teaching-4x4x4.json")));
  QCOMPARE(sweep.pointCount(), 0);
  sweep.start();
  QVERIFY(!sweep.running());
  QVERIFY(sweep.lastError().contains(QStringLiteral("fat-tree")));
}

// Save (File > Save) writes a fat-tree scenario with the faults the view
// shows and the load the simulation runs at; read back, it is that network.
// A failed unit tree stays one entry while all its RN1s are down.
void TstCircuitView::saveWritesTheFatTreeAsShown() {
  QTemporaryDir dir;
  QVERIFY(dir.isValid());
  FileSession session;
  QVERIFY(session.loaded);
  NetworkController& view = session.view;
  SimulationController& simulation = session.simulation;
  ScenarioFiles& files = session.files;
  view.setNodeUp(3, false);
  view.toggleLink(5);
  simulation.setInjectionRate(0.25);
  simulation.step(5);
  QTRY_VERIFY(simulation.frameSawEveryCommand() && simulation.currentFrame()->injectionRateFlitsPerNodeCycle == 0.25);
  const QString saved = dir.filePath(QStringLiteral("tree.json"));
  QVariantMap r = QCoro::waitFor(files.saveFile(saved));
  QVERIFY2(r["ok"].toBool(), qPrintable(r["error"].toString()));
  const flit::fattree::FatTreeScenario s =
      flit::fattree::parseFatTreeScenario(flit::readScenarioFileText(saved.toStdString()));
  QCOMPARE(s.faults.routers, std::vector<std::uint32_t>{3});
  QCOMPARE(s.faults.channels, std::vector<std::uint32_t>{view.graph().links[5].familyId});
  QCOMPARE(s.circuit.rate, 0.25);
  QCOMPARE(s.spec, preset("transit-64.json").spec);
  NetworkController reopened;
  QVERIFY(reopened.loadScenario(saved));
  QCOMPARE(reopened.failedNodeIds(), QList<int>{3});
  QCOMPARE(reopened.failedLinkIds(), QList<int>{5});
  simulation.shutdown();

  // The 4K tree with root unit tree 64 failed: kept as one entry, or listed
  // router by router once one of its RN1s is repaired.
  flit::fattree::FatTreeScenario four = preset("transit-4k.json");
  four.faults.unitTrees = {64};
  const QString failed = dir.filePath(QStringLiteral("4k-failed.json"));
  QFile out(failed);
  QVERIFY(out.open(QIODevice::WriteOnly));
  out.write(QByteArray::fromStdString(flit::fattree::serializeFatTreeScenario(four)));
  out.close();
  NetworkController big;
  QVERIFY(big.loadScenario(failed));
  files.setController(&big);
  files.setSimulation(nullptr);
  const flit::fattree::Block& root = big.fatTreeNetwork()->blocks[64];
  QCOMPARE(big.failedNodeCount(), static_cast<int>(root.routerCount));
  r = QCoro::waitFor(files.saveFile(saved));
  QVERIFY2(r["ok"].toBool(), qPrintable(r["error"].toString()));
  flit::fattree::FatTreeScenario again =
      flit::fattree::parseFatTreeScenario(flit::readScenarioFileText(saved.toStdString()));
  QCOMPARE(again.faults.unitTrees, std::vector<std::uint32_t>{64});
  QVERIFY(again.faults.routers.empty());
  big.setNodeUp(static_cast<int>(root.firstRouter), true);
  r = QCoro::waitFor(files.saveFile(saved));
  QVERIFY(r["ok"].toBool());
  again = flit::fattree::parseFatTreeScenario(flit::readScenarioFileText(saved.toStdString()));
  QVERIFY(again.faults.unitTrees.empty());
  QCOMPARE(again.faults.routers.size(), std::size_t{root.routerCount - 1});
  QCOMPARE(again.faults.routers.front(), root.firstRouter + 1);
}

namespace {
// What a run's state at a cycle is made of: the simulator's counters and
// who holds every channel.
QString stateOf(const CircuitSource& source) {
  const flit::fattree::CircuitSimulator& sim = source.simulator();
  const flit::fattree::CircuitStats& st = sim.stats();
  QString out = QStringLiteral("cycle %1 created %2 finished %3 busy %4 fault %5 latency %6 delivered %7 |")
                    .arg(sim.cycle())
                    .arg(st.messagesCreated)
                    .arg(st.attemptsFinished)
                    .arg(st.blockedBusy)
                    .arg(st.blockedFault)
                    .arg(st.latencySumCycles)
                    .arg(st.messagesDelivered);
  for (std::uint32_t c = 0; c < sim.network().channelIdCount(); ++c)
    if (sim.channelHolder(c) != flit::fattree::kNoHolder) out += QStringLiteral(" %1:%2").arg(c).arg(sim.channelHolder(c));
  return out;
}
}  // namespace

// Rewind on a fat-tree: the state at a cycle is the straight run's, with the
// window's changes made at their cycles; changes after it are pending (run
// on, they apply again at their cycles) or discarded.
void TstCircuitView::rewindReplaysTheRunWithItsChanges() {
  const auto straightTo = [](std::uint64_t cycle) {
    auto s = std::make_unique<CircuitSource>(preset("transit-64.json"));
    while (s->cycle() < cycle) {
      if (s->cycle() == 300) s->apply(changes::node(4, false));
      if (s->cycle() == 400) s->apply(changes::rate(0.3));
      s->step();
    }
    return s;
  };
  std::unique_ptr<CircuitSource> run = straightTo(600);
  const QString at500 = stateOf(*straightTo(500)), at350 = stateOf(*straightTo(350)), at600 = stateOf(*run);
  run->rewind(500);
  QCOMPARE(stateOf(*run), at500);
  FrameSnapshot frame = frameOf(*run);
  QCOMPARE(frame.lastCycle, std::uint64_t{600});
  QVERIFY(frame.timeline && frame.timeline->size() == 2);
  QCOMPARE(frame.timeline->at(0).text, std::string("cycle 300 failRouter 4"));
  QCOMPARE(frame.timeline->at(1).text, std::string("cycle 400 setRate 0.3"));
  QVERIFY(!frame.timeline->at(1).pending);
  run->rewind(350);
  QCOMPARE(stateOf(*run), at350);
  frame = frameOf(*run);
  QVERIFY(frame.timeline->at(1).pending);  // the rate change comes later
  QCOMPARE(frame.pendingInterventions, std::uint64_t{1});
  QCOMPARE(frame.injectionRateFlitsPerNodeCycle, 1.0);
  QCOMPARE(frame.nodeUp[4], std::uint8_t{0});
  run->rewind(600);  // forward again: the pending change applies at cycle 400
  QCOMPARE(stateOf(*run), at600);
  run->rewind(350);
  run->discardLaterInterventions();
  frame = frameOf(*run);
  QCOMPARE(frame.timeline->size(), std::size_t{1});
  QCOMPARE(frame.lastCycle, std::uint64_t{350});
  for (int i = 0; i < 250; ++i) run->step();
  QCOMPARE(frameOf(*run).injectionRateFlitsPerNodeCycle, 1.0);  // the discarded change stays away
  QVERIFY_THROWS_EXCEPTION(std::invalid_argument, run->rewind(601));
  QVERIFY_THROWS_EXCEPTION(std::invalid_argument, run->rewind(-1));
  run->reset();  // a new run: no log, cycle 0, the router still failed
  frame = frameOf(*run);
  QVERIFY(frame.timeline->empty());
  QCOMPARE(frame.nodeUp[4], std::uint8_t{0});
}

// Past a checkpoint, a rewind restores it: the counters the window shows are
// the straight run's. File > Save Recording writes the session (its
// changes at their cycles) and File > Open replays it to its cycle.
void TstCircuitView::checkpointsAndRecordings() {
  const auto countersAt = [](CircuitSource& s, std::uint64_t cycle) {
    while (s.cycle() < cycle) {
      if (s.cycle() == 1200) s.apply(changes::node(9, false));
      s.step();
    }
    const flit::CircuitCounters c = frameOf(s).circuits->view->counters;
    return QStringLiteral("%1 %2 %3 %4 %5 %6 | %7").arg(c.attemptsStarted).arg(c.retriesStarted)
        .arg(c.attemptsInNetwork).arg(c.sendersBackingOff).arg(c.messagesDelivered).arg(c.blockedFault)
        .arg(stateOf(s));
  };
  CircuitSource straight(preset("transit-64.json"));
  const QString at1500 = countersAt(straight, 1500);
  CircuitSource run(preset("transit-64.json"));
  (void)countersAt(run, 3100);
  QCOMPARE(run.run().checkpoints().checkpointCycles(), (std::vector<std::uint64_t>{1000, 2000, 3000}));
  run.rewind(1500);  // from the checkpoint at 1000, the change at 1200 on the way
  QCOMPARE(countersAt(run, 1500), at1500);
  QVERIFY(frameOf(run).checkpointBytes > 0);

  QTemporaryDir dir;
  QVERIFY(dir.isValid());
  FileSession session;
  QVERIFY(session.loaded);
  NetworkController& view = session.view;
  SimulationController& simulation = session.simulation;
  ScenarioFiles& files = session.files;
  simulation.step(40);
  QTRY_VERIFY(simulation.frameSawEveryCommand() && simulation.cycle() == 40.0);
  simulation.setNodeUp(3, false);  // what a click on RN1 3 posts: the engine's change at cycle 40
  simulation.setInjectionRate(0.4);
  simulation.step(60);
  QTRY_VERIFY(simulation.frameSawEveryCommand() && simulation.cycle() == 100.0);
  const QString saved = dir.filePath(QStringLiteral("tree.rec.json"));
  const QVariantMap r = QCoro::waitFor(files.saveRecordingFile(saved));
  QVERIFY2(r["ok"].toBool(), qPrintable(r["error"].toString()));
  const flit::fattree::CircuitRecording rec =
      flit::fattree::parseCircuitRecording(flit::readScenarioFileText(saved.toStdString()));
  QCOMPARE(rec.cycles, std::uint64_t{100});
  QCOMPARE(rec.timeline.size(), std::size_t{2});
  QCOMPARE(rec.timeline[0].kind, flit::fattree::CircuitChangeKind::FailRouter);
  QCOMPARE(rec.timeline[0].id, 3u);
  QCOMPARE(rec.timeline[0].cycle, std::uint64_t{40});
  QCOMPARE(rec.timeline[1].rate, 0.4);
  const QVariantMap opened = QCoro::waitFor(files.openFile(saved));
  QVERIFY2(opened["ok"].toBool(), qPrintable(opened["error"].toString()));
  QVERIFY(opened["recording"].toBool());
  QVERIFY(view.fatTreeRecording());
  QVERIFY(simulation.startFatTree(*view.fatTreeScenario(), QStringLiteral("tree.rec.json"), view.fatTreeRecording()));
  QTRY_VERIFY_WITH_TIMEOUT(simulation.frameSawEveryCommand() && simulation.cycle() == 100.0 && !simulation.running(), 10000);
  QCOMPARE(int(simulation.currentFrame()->nodeUp[3]), 0);  // failed by the replayed timeline
  QCOMPARE(simulation.currentFrame()->injectionRateFlitsPerNodeCycle, 0.4);
  QVERIFY(simulation.currentFrame()->timeline && simulation.currentFrame()->timeline->size() == 2);
  simulation.shutdown();
}

FLITSCOPE_TEST_MAIN(argc, argv) {
  QApplication app(argc, argv);
  TstCircuitView test;
  return QTest::qExec(&test, argc, argv);
}

#include "tst_circuit_view.moc"
