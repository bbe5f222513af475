// SimulatorSource: the engine's Simulator behind the worker's interface, on
// the bundled presets. Flits land on real channels with the VC class of the
// router's VC layout (T3E paper section 3), per-interval statistics add up to
// the engine's totals, the histogram counts every delivered packet, reset is
// deterministic, and the worker runs the real engine to an exact cycle.
#include "test_main.h"
#include "test_paths.h"
#include "changes.h"
#include "simulation_controller.h"
#include "routing/route_builder.h"
#include "torus/simulator_source.h"
#include "torus/torus_live_changes.h"
#include "view/latency_histogram.h"
#include "view/node_inspection.h"
#include "view/rebuild_view.h"
#include "sim_worker.h"
#include "worker_test_support.h"

#include "scenario/scenario.h"

#include <QApplication>
#include <QDir>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <algorithm>
#include <numeric>
#include <set>
#include <thread>

using namespace flitgui;

namespace {
flit::SimConfig presetConfig(const char* name) {
  return flit::simConfigFromScenario(flit::loadScenarioFile(flit::test::presetPath(name)));
}
// A 4x4x4 in dimension order with one VC class and no adaptive VC (the teaching preset routes like the T3E).
flit::SimConfig dimensionOrderConfig() {
  return flit::simConfigFromScenario(
      flit::loadScenarioFile(FLITSCOPE_SOURCE_DIR "/tests/cli/data/dimension-order-4x4x4.json"));
}
}  // namespace

class TestSimulationEngine : public QObject {
  Q_OBJECT

 private slots:
  void flitsLandOnRealChannels() {
    SimulatorSource source(presetConfig("teaching-4x4x4.json"));
    for (int i = 0; i < 300; ++i) QVERIFY(source.step());
    FrameSnapshot frame;
    source.fillSnapshot(frame);
    const flit::Topology& topo = source.simulator().topology();
    QVERIFY2(!frame.flits.empty(), "at 0.1 flits/node/cycle a 4x4x4 torus has flits in flight after 300 cycles");
    int onLinks = 0, heads = 0;
    for (const FlitVisual& f : frame.flits) {
      QVERIFY(f.node >= 0 && f.node < topo.nodeCount());
      if (f.channel != flit::kInvalidId) {
        ++onLinks;
        QVERIFY(f.channel < topo.channelCount());
        QCOMPARE(topo.channelSource(f.channel), f.node);
        QVERIFY(f.progress > 0.0f && f.progress <= 1.0f);
      } else {
        QVERIFY(f.port >= 0 && f.port < flit::kPortsPerNode);
      }
      heads += (f.flags & kFlitHead) ? 1 : 0;
    }
    QVERIFY(onLinks > 0);
    QVERIFY(heads > 0);
    QCOMPARE(frame.linkUp.size(), static_cast<std::size_t>(topo.linkCount()));
    QCOMPARE(frame.channelUtilization.size(), static_cast<std::size_t>(topo.channelCount()));
    QCOMPARE(frame.packetsInFlight, source.simulator().totals().inFlight);
  }

  // Level of detail (FrameSnapshot::channelFlits): past the limit a frame
  // counts the flits per channel and lists only the followed packet's and
  // the open slice plane's, exactly those of the full listing.
  void manyFlitsAreCountedPerChannel() {
    SimulatorSource source(presetConfig("teaching-4x4x4.json"));
    for (int i = 0; i < 300; ++i) QVERIFY(source.step());
    FrameSnapshot all;
    source.fillSnapshot(all);
    QVERIFY(!all.channelFlits);
    QCOMPARE(all.flitsInNetwork, static_cast<std::uint64_t>(all.flits.size()));
    QVERIFY(all.flits.size() > 20);

    source.run().setFlitsDrawnOneByOne(10);
    FrameSnapshot counted;
    source.fillSnapshot(counted);
    QVERIFY(counted.channelFlits);
    QVERIFY(counted.flits.empty());  // nothing followed, no slice open
    QCOMPARE(counted.flitsInNetwork, all.flitsInNetwork);
    QCOMPARE(counted.channelFlits->onChannels + counted.channelFlits->atInjection, all.flitsInNetwork);
    for (const FlitVisual& f : all.flits)
      if (f.channel != flit::kInvalidId) QVERIFY(counted.channelFlits->count[static_cast<std::size_t>(f.channel)] > 0);

    // The slice on the XY plane at Z = 1: the flits at its routers or on a channel with an end in it.
    const flit::Topology& topo = source.simulator().topology();
    const auto inPlane = [&](flit::NodeId n) { return topo.coordOf(n)[2] == 1; };
    std::multiset<std::pair<int, int>> expected;
    for (const FlitVisual& f : all.flits)
      if (inPlane(f.node) || (f.channel != flit::kInvalidId && inPlane(topo.channelTarget(f.channel))))
        expected.emplace(f.packet, f.index);
    QVERIFY(!expected.empty() && expected.size() < all.flits.size());
    source.run().watchSlice(true, 2, 1);
    FrameSnapshot sliced;
    source.fillSnapshot(sliced);
    std::multiset<std::pair<int, int>> listed;
    for (const FlitVisual& f : sliced.flits) listed.emplace(f.packet, f.index);
    QCOMPARE(listed, expected);

    // Followed: its flits are listed wherever they are.
    source.run().watchSlice(false, 2, 1);
    const std::int32_t packet = all.flits.front().packet;
    source.run().setFollowedPacket(packet);
    FrameSnapshot followed;
    source.fillSnapshot(followed);
    QVERIFY(!followed.flits.empty());
    for (const FlitVisual& f : followed.flits) QCOMPARE(f.packet, packet);
    const auto inAll = std::count_if(all.flits.begin(), all.flits.end(), [&](const FlitVisual& f) { return f.packet == packet; });
    QCOMPARE(static_cast<long>(followed.flits.size()), static_cast<long>(inAll));
  }

  // The watch set (watch_set.h) is posted whole whenever a panel changes
  // its part: the source acts only on the parts that changed, so opening
  // the deadlock lab neither restarts the node inspector's counters nor asks
  // again for a packet that could not be followed.
  void watchSetActsOnWhatChanged() {
    SimulatorSource source(dimensionOrderConfig());
    flit::WatchSet w;
    w.inspectedNode = 5;
    source.setWatch(w);
    for (int i = 0; i < 200; ++i) QVERIFY(source.step());
    const auto counted = [&source] {
      FrameSnapshot f;
      source.fillSnapshot(f);
      std::uint64_t flits = 0;
      for (const flit::InspectedPort& p : f.torus->inspection->ports)
        for (const std::uint64_t n : p.flits) flits += n;
      return std::make_pair(flits, f.torus->lab != nullptr);
    };
    const auto before = counted();
    QVERIFY(before.first > 0 && !before.second);
    w.lab = true;  // another panel opens
    source.setWatch(w);
    const auto after = counted();
    QCOMPARE(after.first, before.first);  // not counted again from zero
    QVERIFY(after.second);
    w.followedPacket = 1 << 30;  // no such packet
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, source.setWatch(w));
    w.lab = false;
    source.setWatch(w);  // the lab closes; the packet is not asked for again
    QVERIFY(!counted().second);
  }

  void vcClassesFollowTheRouterLayout() {
    // T3E 8x8x8: request VC0/VC1, response VC0/VC1, adaptive (T3E paper sections 1, 3).
    flit::SimConfig t3e = presetConfig("t3e-8x8x8.json");
    SimulatorSource source(t3e);
    const flit::RouterConfig& r = t3e.router;
    QCOMPARE(source.run().laneClassOf(0), VcClass::RequestVc0);
    if (r.vcClasses == 2 && r.vcsPerClass() == 2) {
      QCOMPARE(source.run().laneClassOf(1), VcClass::RequestVc1);
      QCOMPARE(source.run().laneClassOf(2), VcClass::ResponseVc0);
      QCOMPARE(source.run().laneClassOf(3), VcClass::ResponseVc1);
    }
    if (r.adaptiveVcs == 1) QCOMPARE(source.run().laneClassOf(r.vcCount - 1), VcClass::Adaptive);
    // The teaching torus has the T3E layout too, so every legend colour can appear.
    SimulatorSource teaching(presetConfig("teaching-4x4x4.json"));
    QCOMPARE(teaching.simulator().vcCount(), 5);
    QCOMPARE(teaching.run().laneClassOf(0), VcClass::RequestVc0);
    QCOMPARE(teaching.run().laneClassOf(1), VcClass::RequestVc1);
    QCOMPARE(teaching.run().laneClassOf(2), VcClass::ResponseVc0);
    QCOMPARE(teaching.run().laneClassOf(3), VcClass::ResponseVc1);
    QCOMPARE(teaching.run().laneClassOf(4), VcClass::Adaptive);
    // One class, two dateline VCs (a 4x4x4 in dimension order).
    SimulatorSource oneClass(dimensionOrderConfig());
    QCOMPARE(oneClass.simulator().vcCount(), 2);
    QCOMPARE(oneClass.run().laneClassOf(0), VcClass::RequestVc0);
    QCOMPARE(oneClass.run().laneClassOf(1), VcClass::RequestVc1);
  }

  void intervalsAddUpToTotals() {
    SimulatorSource source(presetConfig("teaching-4x4x4.json"));
    std::uint64_t delivered = 0, lastEnd = 0;
    double acceptedFlits = 0;
    const double nodes = source.simulator().topology().nodeCount();
    for (int interval = 0; interval < 20; ++interval) {
      for (int i = 0; i < 100; ++i) QVERIFY(source.step());
      const StatsPoint p = source.sampleInterval();
      QCOMPARE(p.cycleBegin, lastEnd);
      QCOMPARE(p.cycleEnd, lastEnd + 100);
      lastEnd = p.cycleEnd;
      delivered += p.deliveredPackets;
      acceptedFlits += p.acceptedFlitsPerNodeCycle * nodes * 100;
      QVERIFY(p.latencyMaxCycles >= p.latencyMeanCycles);
      for (double occupancy : p.vcOccupancy) QVERIFY(occupancy >= 0.0 && occupancy <= 1.0);
    }
    QCOMPARE(delivered, source.simulator().totals().delivered);
    QVERIFY(acceptedFlits > 0);
    FrameSnapshot frame;
    source.fillSnapshot(frame);
    const std::uint64_t histogramTotal =
        std::accumulate(frame.latencyHistogram.counts.begin(), frame.latencyHistogram.counts.end(), std::uint64_t{0});
    QCOMPARE(histogramTotal, delivered);
    QVERIFY(frame.latencyHistogram.counts.size() <= flit::kLatencyHistogramBins + 1);
  }

  void resetIsDeterministic() {
    SimulatorSource source(presetConfig("teaching-4x4x4.json"));
    for (int i = 0; i < 500; ++i) source.step();
    FrameSnapshot first;
    source.fillSnapshot(first);
    source.reset();
    QCOMPARE(source.cycle(), 0u);
    for (int i = 0; i < 500; ++i) source.step();
    FrameSnapshot second;
    source.fillSnapshot(second);
    QCOMPARE(second.flits.size(), first.flits.size());
    for (std::size_t i = 0; i < first.flits.size(); ++i) {
      QCOMPARE(second.flits[i].packet, first.flits[i].packet);
      QCOMPARE(second.flits[i].channel, first.flits[i].channel);
    }
  }

  void rejectsWhatTheEngineCannotDoLive() {
    SimulatorSource source(dimensionOrderConfig());
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, source.apply(changes::link(100000, false)));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, source.apply(changes::rate(1.5)));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, source.apply(changes::adaptive(true)));  // no adaptive VC
    source.apply(changes::rate(0.2));
    for (int i = 0; i < 10; ++i) source.step();
    QCOMPARE(source.simulator().config().traffic.rateFlitsPerNodeCycle, 0.2);
    // The teaching preset has the adaptive VC and direction order: adaptive routing switches.
    SimulatorSource teaching(presetConfig("teaching-4x4x4.json"));
    QVERIFY(teaching.simulator().adaptive());
    teaching.apply(changes::adaptive(false));
    QVERIFY(!teaching.simulator().adaptive());
  }

  void patternAndAdaptiveSwitchLiveAndSurviveReset() {
    SimulatorSource source(presetConfig("t3e-8x8x8.json"));
    source.apply(changes::pattern(flit::TrafficPattern::Transpose));
    source.apply(changes::adaptive(false));
    for (int i = 0; i < 300; ++i) source.step();
    QCOMPARE(source.simulator().config().traffic.pattern, flit::TrafficPattern::Transpose);
    QVERIFY(!source.simulator().adaptive());
    QCOMPARE(source.simulator().totals().adaptiveHops, std::uint64_t{0});
    source.reset();
    QCOMPARE(source.simulator().config().traffic.pattern, flit::TrafficPattern::Transpose);
    QVERIFY(!source.simulator().adaptive());
    source.apply(changes::adaptive(true));
    QVERIFY(source.simulator().adaptive());
  }

  void failedLinkCarriesNothingAndSurvivesReset() {
    SimulatorSource source(presetConfig("teaching-4x4x4.json"));
    const flit::Topology& topo = source.simulator().topology();
    const flit::LinkId link = topo.linkFrom(0, flit::Direction::PlusX);
    for (int i = 0; i < 200; ++i) source.step();
    source.apply(changes::link(link, false));
    for (int i = 0; i < 50; ++i) source.step();
    source.sampleInterval();  // a fresh interval starts with the link down
    FrameSnapshot before;
    source.fillSnapshot(before);
    for (int i = 0; i < 300; ++i) source.step();
    source.sampleInterval();
    FrameSnapshot frame;
    source.fillSnapshot(frame);
    QCOMPARE(frame.linkUp[static_cast<std::size_t>(link)], std::uint8_t{0});
    // The windowed load (flit::LinkLoad, tau 256 cycles) only decays: nothing was sent for 300 cycles.
    const double decay = std::exp(-300.0 / flit::LinkLoad::kDefaultTauCycles);
    for (const flit::ChannelId c : {link * 2, link * 2 + 1}) {
      const auto i = static_cast<std::size_t>(c);
      QVERIFY(std::abs(frame.channelUtilization[i] - before.channelUtilization[i] * decay) < 1e-6);
    }
    // The detour of the rebuild (route_change_data.h): the routes that crossed the link, and what made it.
    QVERIFY(frame.torus->rebuild && frame.torus->rebuild->change.changedPairs > 0 && frame.torus->rebuild->report.accepted);
    QVERIFY(frame.torus->rebuild->cause && frame.torus->rebuild->cause->kind == flit::InterventionKind::FailLink);
    QCOMPARE(frame.torus->rebuild->cause->id, link);
    QCOMPARE(frame.torus->rebuild, before.torus->rebuild);  // computed once per rebuild, shared by the frames
    source.reset();
    QVERIFY(!source.simulator().topology().linkUp(link));
    source.apply(changes::link(link, true));
    QVERIFY(source.simulator().topology().linkUp(link));
    source.reset();
    QVERIFY(source.simulator().topology().linkUp(link));
  }

  // The default scenario (issue 5 "Done when": make run, Space, click a link,
  // follow an adaptive packet): within 400 cycles flits of every VC class are
  // on the network (request/response x dateline VC0/VC1 and the adaptive VC,
  // T3E paper sections 3.2, 3.3, 5), some heads took adaptive hops, and each
  // of the 192 links failed alone is routed around (section 9): the rebuild
  // is accepted, deadlock-free, rewrites LUT entries and leaves no pair
  // unreachable.
  void teachingPresetShowsEveryVcClassAndReroutes() {
    SimulatorSource source(presetConfig("teaching-4x4x4.json"));
    std::set<VcClass> seen;
    FrameSnapshot frame;
    for (int i = 1; i <= 400; ++i) {
      source.step();
      if (i % 10 != 0) continue;
      source.fillSnapshot(frame);
      for (const FlitVisual& f : frame.flits) seen.insert(f.vcClass);
    }
    QCOMPARE(int(seen.size()), 5);
    QVERIFY(source.simulator().totals().adaptiveHops > 0);
    const flit::Topology& topo = source.simulator().topology();
    QCOMPARE(topo.linkCount(), 192);
    for (flit::LinkId link = 0; link < topo.linkCount(); ++link) {
      source.apply(changes::link(link, false));
      source.step();  // the engine rebuilds the routes before the next cycle (Simulator::apply)
      const flit::RouteRebuildReport& r = source.simulator().lastRebuild();
      QVERIFY2(r.accepted && r.deadlockFree && !r.fixedRoutes && r.reroutedEntries > 0 && r.unreachable.empty(),
               r.describe().c_str());
      source.apply(changes::link(link, true));
      source.step();
    }
  }

  // Issue 4: the GUI fails a link -> the engine rebuilds the routes around
  // it on the worker (T3E paper section 9: alternate direction-order paths)
  // -> new packets use them; the frame reports the rebuild. reset() keeps
  // the link failed and rebuilds the routes around it again.
  void failedLinkIsRoutedAroundAtOnce() {
    SimulatorSource source(presetConfig("t3e-8x8x8.json"));
    const flit::LinkId link = source.simulator().topology().linkFrom(0, flit::Direction::PlusX);
    FrameSnapshot before;
    source.fillSnapshot(before);
    QVERIFY(before.routeRebuild.empty());
    for (int i = 0; i < 100; ++i) source.step();
    source.apply(changes::link(link, false));  // an intervention: the routes are rebuilt before cycle 100 runs
    source.step();
    const flit::RouteRebuildReport& r = source.simulator().lastRebuild();
    QVERIFY(r.performed && r.accepted && r.deadlockFree);
    QVERIFY(r.reroutedEntries > 0);
    QCOMPARE(r.atCycle, std::uint64_t{100});
    FrameSnapshot frame;
    source.fillSnapshot(frame);
    QVERIFY2(frame.routeRebuild.find("routes rebuilt") == 0, frame.routeRebuild.c_str());
    QVERIFY2(frame.routeRebuild.find("fixed routes") == std::string::npos, frame.routeRebuild.c_str());  // T3E reroutes
    QCOMPARE(frame.unreachablePairs, std::uint64_t{0});
    const flit::Topology& topo = source.simulator().topology();
    const flit::NodeId east = topo.nodeAt({1, 0, 0});
    const std::uint64_t tag = source.simulator().routing().tables->tagFor(0, east);
    QVERIFY(flit::cleanRouteHops(topo, {}, 0, east, tag) > 1);  // around the link
    source.reset();  // a new Simulator: `topo` is gone
    QVERIFY(!source.simulator().topology().linkUp(link));
    QVERIFY(source.simulator().lastRebuild().accepted);
    QCOMPARE(source.simulator().routing().tables->tagFor(0, east), tag);
  }

  void controllerLoadsEveryPreset_data() {
    QTest::addColumn<QString>("file");
    const QDir presets(QStringLiteral(FLITSCOPE_PRESETS_DIR));
    for (const QString& name : presets.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name))
      QTest::newRow(qPrintable(name)) << presets.filePath(name);
  }
  void controllerLoadsEveryPreset() {
    QFETCH(QString, file);
    SimulationController c;
    QVERIFY2(c.loadScenario(QUrl::fromLocalFile(file).toString()), qPrintable(c.lastError()));
    QVERIFY(c.hasSimulation());
    c.setSpeed(0);
    c.runTo(100);
    QTRY_COMPARE_WITH_TIMEOUT(c.cycle(), 100.0, 60000);  // 4096-node presets under the thread sanitizer are slow
  }

  void controllerKeepsTheSimulationOnABadFile() {
    SimulationController c;
    QVERIFY(c.loadScenario(QStringLiteral(FLITSCOPE_PRESETS_DIR "/teaching-4x4x4.json")));
    c.setSpeed(0);
    c.step(50);
    QTRY_COMPARE(c.cycle(), 50.0);
    QTemporaryDir dir;
    QFile bad(dir.filePath("bad.json"));
    QVERIFY(bad.open(QIODevice::WriteOnly));
    bad.write(R"({"format": "flitscope-scenario", "version": 1, "name": "x", "seed": 1, "topology": {"radix": [4, 65]}})");
    bad.close();
    QSignalSpy changed(&c, &SimulationController::hasSimulationChanged);
    QVERIFY(!c.loadScenario(bad.fileName()));
    QVERIFY2(c.lastError().contains("radix[1]"), qPrintable(c.lastError()));
    QCOMPARE(changed.count(), 0);
    c.step(1);
    QTRY_COMPARE(c.cycle(), 51.0);  // the old simulation goes on
    QVERIFY(!c.loadScenario(dir.filePath("missing.json")));
  }

  void workerRunsTheEngine() {
    SimWorker worker(std::make_unique<SimulatorSource>(presetConfig("teaching-4x4x4.json")));
    worker.start();
    worker.post(RunToCommand{3000});
    FramePtr f = fake::waitForFrame(worker.mailbox(), [](const FrameSnapshot& f) { return f.cycle == 3000 && !f.running; });
    QVERIFY(f);
    QVERIFY(f->packetsDelivered > 0);
    QVERIFY(!f->flits.empty());
  }

  // Arbitration changes (ApplyCommand: setArbiter, setAgeConfig) reach the
  // engine between cycles; a refusal names the field and the worker goes on.
  void workerSwitchesTheArbiterLive() {
    SimWorker worker(std::make_unique<SimulatorSource>(presetConfig("xt-merging-8.json")));
    worker.start();
    FramePtr first = fake::waitForFrame(worker.mailbox(), [](const FrameSnapshot&) { return true; });
    QVERIFY(first);
    QCOMPARE(first->arbiter, flit::ArbiterKind::Age);
    QCOMPARE(first->age.clockPeriodCycles, 1u);
    QCOMPARE(first->deliveredFlitsBySource.size(), std::size_t{8});
    worker.post(ApplyCommand{changes::arbiter(flit::ArbiterKind::RoundRobin)});
    worker.post(RunToCommand{2000});
    FramePtr f = fake::waitForFrame(worker.mailbox(), [](const FrameSnapshot& f) { return f.cycle == 2000 && !f.running; });
    QVERIFY(f);
    QCOMPARE(f->arbiter, flit::ArbiterKind::RoundRobin);
    QCOMPARE(f->commandErrorCount, std::uint64_t{0});
    QVERIFY(f->deliveredFlitsBySource[6] > f->deliveredFlitsBySource[0]);  // round robin favours P6
    for (const FlitVisual& v : f->flits) QCOMPARE(v.age, std::int16_t{-1});  // no ages without the age arbiter

    flit::AgeConfig age = f->age;
    age.clockPeriodCycles = 4;
    age.requestBias[0] = age.requestBias[3] = 3;
    worker.post(ApplyCommand{changes::arbiter(flit::ArbiterKind::Age)});
    worker.post(ApplyCommand{changes::age(age)});
    worker.post(StepCommand{50});
    f = fake::waitForFrame(worker.mailbox(), [](const FrameSnapshot& f) { return f.cycle == 2050 && !f.running; });
    QVERIFY(f);
    QCOMPARE(f->arbiter, flit::ArbiterKind::Age);
    QCOMPARE(f->age, age);
    QVERIFY(std::any_of(f->flits.begin(), f->flits.end(), [](const FlitVisual& v) { return v.age >= 0; }));

    age.clockPeriodCycles = 0;  // refused: AGE_CLK_PERIOD >= 1
    worker.post(ApplyCommand{changes::age(age)});
    worker.post(StepCommand{10});
    f = fake::waitForFrame(worker.mailbox(), [](const FrameSnapshot& f) { return f.cycle == 2060 && !f.running; });
    QVERIFY(f);
    QCOMPARE(f->commandErrorCount, std::uint64_t{1});
    QVERIFY2(QString::fromStdString(f->commandError).contains("router.age.clockPeriodCycles"), f->commandError.c_str());
    QCOMPARE(f->age.clockPeriodCycles, 4u);  // the engine kept what it had
  }

  void arbiterSurvivesResetAndIsSaved() {
    SimulatorSource source(presetConfig("xt-merging-8.json"));
    source.apply(changes::arbiter(flit::ArbiterKind::T3e));
    flit::AgeConfig age = source.simulator().config().router.age;
    age.clockPeriodCycles = 16;
    source.apply(changes::age(age));
    source.reset();
    QCOMPARE(source.simulator().arbiter(), flit::ArbiterKind::T3e);
    QCOMPARE(source.simulator().config().router.age.clockPeriodCycles, 16u);
    const LiveScenario live = source.liveScenario();
    QVERIFY(live.torus);
    QCOMPARE(live.torus->arbiter, flit::ArbiterKind::T3e);
    QCOMPARE(live.torus->age.clockPeriodCycles, 16u);
    // The teaching torus has an adaptive VC: no age arbiter, and the error names the field.
    SimulatorSource teaching(presetConfig("teaching-4x4x4.json"));
    const flit::ArbiterKind before = teaching.simulator().arbiter();
    try {
      teaching.apply(changes::arbiter(flit::ArbiterKind::Age));
      QFAIL("age with an adaptive VC was accepted");
    } catch (const std::exception& e) {
      QVERIFY2(QString::fromUtf8(e.what()).contains("router.arbiter"), e.what());
    }
    QCOMPARE(teaching.simulator().arbiter(), before);  // kept what it had
  }

  // The controller's arbitration properties follow the frames (optimistic on set).
  void controllerSwitchesTheArbiter() {
    SimulationController c;
    QVERIFY(c.loadScenario(QStringLiteral(FLITSCOPE_PRESETS_DIR "/xt-merging-8.json")));
    QTRY_COMPARE(c.arbiter(), QStringLiteral("age"));
    QCOMPARE(c.ageClockPeriod(), 1);
    QCOMPARE(c.ageRequestBias(), (QList<int>{1, 1, 1}));
    QSignalSpy changed(&c, &SimulationController::arbitrationChanged);
    c.setArbiter(QStringLiteral("roundRobin"));
    QCOMPARE(c.arbiter(), QStringLiteral("roundRobin"));
    c.setAgeBias(0, true, 5);
    QCOMPARE(c.ageResponseBias(), (QList<int>{5, 1, 1}));
    c.step(5);
    QTRY_COMPARE(c.cycle(), 5.0);
    QVERIFY(c.frameSawEveryCommand());
    QCOMPARE(c.currentFrame()->arbiter, flit::ArbiterKind::RoundRobin);
    QCOMPARE(c.currentFrame()->age.responseBias[3], std::uint8_t{5});
    c.setAgeBias(1, false, 9);  // refused by the engine (3 bits): back to the engine's value
    c.step(1);
    QTRY_VERIFY(c.lastError().contains(QStringLiteral("router.age")));
    QTRY_COMPARE(c.ageRequestBias(), (QList<int>{1, 1, 1}));
    // The legend's VC classes from the layout: the merging line's two VCs, one
    // class (no responses, so no "request" in their names).
    QCOMPARE(c.vcLegend()->classes(), (QList<int>{int(VcClass::RequestVc0), int(VcClass::RequestVc1)}));
    QCOMPARE(c.vcLegend()->channels(), (QStringList{"0", "1"}));
    QCOMPARE(c.vcLegend()->names(), (QStringList{"VC0", "VC1"}));
    QCOMPARE(c.vcLegend()->classNames().at(int(VcClass::RequestVc1)), QStringLiteral("VC1"));
    c.setArbiter(QStringLiteral("oldestFirst"));
    QVERIFY(c.lastError().contains(QStringLiteral("router.arbiter")));
    QVERIFY(changed.count() >= 2);
  }

  // The worker/GUI hand-over where the thread sanitizer can check it: the
  // consumer is a plain std::thread, so no Qt frame is on its stack (those
  // of the test's own thread would match tests/tsan.supp's Qt modules and
  // hide a report). It posts engine commands (run, link failures and
  // repairs, rates) and reads the frames it takes while the worker runs the
  // real engine at full speed.
  void handOverFromAPlainThread() {
    SimWorker::Options o;
    o.framePeriod = std::chrono::milliseconds(1);
    SimWorker worker(std::make_unique<SimulatorSource>(presetConfig("teaching-4x4x4.json")), o);
    worker.start();
    int frames = 0, posted = 0;
    bool ordered = true;
    std::uint64_t lastCycle = 0, checksum = 0;
    std::thread consumer([&] {
      worker.post(SetSpeedCommand{0.0});
      worker.post(RunCommand{});
      const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(60);
      while (frames < 200 && std::chrono::steady_clock::now() < until) {
        const FramePtr f = worker.mailbox().takeNewest();
        if (!f) {
          std::this_thread::sleep_for(std::chrono::milliseconds(1));
          continue;
        }
        ++frames;
        ordered = ordered && f->cycle >= lastCycle;
        lastCycle = f->cycle;
        for (const FlitVisual& v : f->flits) checksum += static_cast<std::uint64_t>(v.packet) + static_cast<std::uint64_t>(v.channel);
        for (const std::uint8_t up : f->linkUp) checksum += up;
        for (const StatsPoint& s : f->stats) checksum += s.deliveredPackets;
        if (frames % 20 == 0) {  // fail a link, repair it 20 frames later; change the load
          worker.post(ApplyCommand{changes::link((posted / 2) % 192, posted % 2 == 1)});
          worker.post(ApplyCommand{changes::rate(0.05 + 0.01 * (posted % 5))});
          ++posted;
        }
      }
      worker.post(RunCommand{false});
    });
    consumer.join();
    worker.stop();
    QCOMPARE(frames, 200);
    QVERIFY(ordered);
    QVERIFY(lastCycle > 0);
    QVERIFY(checksum > 0);
  }

  // XT 11x12x16: VC0/VC1 requests, VC2/VC3 responses; the T3E adds its adaptive VC4.
  void vcLegendFollowsTheLayout() {
    SimulationController c;
    QVERIFY(c.loadScenario(QStringLiteral(FLITSCOPE_PRESETS_DIR "/xt-11x12x16.json")));
    QTRY_COMPARE(c.vcLegend()->classes().size(), 4);
    QCOMPARE(c.vcLegend()->channels(), (QStringList{"0", "1", "2", "3"}));
    QCOMPARE(c.vcLegend()->classes().last(), int(VcClass::ResponseVc1));
    QCOMPARE(c.vcLegend()->names(), (QStringList{"request VC0 (VC 0)", "request VC1 (VC 1)", "response VC0 (VC 2)",
                                             "response VC1 (VC 3)"}));
    QCOMPARE(c.vcLegend()->classNames().at(int(VcClass::RequestVc0)), QStringLiteral("request VC0"));
    QVERIFY(c.loadScenario(QStringLiteral(FLITSCOPE_PRESETS_DIR "/t3e-8x8x8.json")));
    QTRY_COMPARE(c.vcLegend()->classes().size(), 5);
    QCOMPARE(c.vcLegend()->classes().last(), int(VcClass::Adaptive));
    QCOMPARE(c.vcLegend()->channels().last(), QStringLiteral("4"));
  }
};

FLITSCOPE_TEST_MAIN(argc, argv) {
  QApplication app(argc, argv);
  TestSimulationEngine test;
  return QTest::qExec(&test, argc, argv);
}

#include "tst_simulation_engine.moc"
