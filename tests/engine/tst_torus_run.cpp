// A k-ary n-cube run as the window watches it, and the frames the engine
// builds of it (view/torus_run.h, view/frame.h; issue 37: frames built by
// the engine, compared whole): two runs of the same scenario and changes
// give equal frames whatever their thread counts; a frame is the
// Simulator's state (its counters, flits, links and nodes); above the level
// of detail the flits are counted per channel; a rewound run shows the same
// machine as a fresh run with the same changes; and frames print what they
// hold.
#include "test_main.h"

#include <QtTest>
#include <algorithm>
#include <memory>
#include <sstream>
#include <string>

#include "scenario/scenario.h"
#include "sim/simulator.h"
#include "test_paths.h"
#include "view/followed_packet.h"
#include "view/frame.h"
#include "view/lab_view.h"
#include "view/node_inspection.h"
#include "view/rebuild_view.h"
#include "view/sync_view.h"
#include "view/torus_run.h"
#include "view/vc_balance_view.h"

using namespace flit;

namespace {

SimConfig teaching() { return simConfigFromScenario(loadScenarioFile(test::presetPath("teaching-4x4x4.json"))); }

std::string printed(const Frame& f) {
  std::ostringstream out;
  out << f;
  return out.str();
}

// A frame without what is not the simulation's: the route rebuild's wall
// time (RouteRebuildReport::seconds, in its report and its line) and the
// threads the cycle ran on.
Frame withoutWallTime(Frame f) {
  f.engineThreads = 1;
  if (!f.torus->rebuild) return f;
  auto view = std::make_shared<RebuildView>(*f.torus->rebuild);
  view->report.seconds = 0.0;
  f.routeRebuild = view->report.describe();
  f.routeChange = std::shared_ptr<const RouteChange>(view, &view->change);
  auto extras = std::make_shared<TorusExtras>(*f.torus);
  extras->rebuild = std::move(view);
  f.torus = std::move(extras);
  return f;
}

Frame frameOf(const TorusRun& run) {
  Frame f;
  run.frame(f);
  return f;
}

void stepTo(TorusRun& run, std::uint64_t cycle) {
  while (run.cycle() < cycle) QVERIFY2(run.step(), run.haltReason().c_str());
}

// The serial of a packet in flight now (its first listed flit's).
std::int32_t aPacketInFlight(const TorusRun& run) {
  const Frame f = frameOf(run);
  return f.flits.empty() ? -1 : f.flits.front().packet;
}

// Everything watched, a link failed at 150, the rate changed at 200, the
// follow started at 120; points sampled at 200 and 400.
Frame watchedRun(int threads) {
  TorusRun run(teaching());
  run.setThreads(threads);
  WatchSet watch;
  watch.inspectedNode = 5;
  watch.sync = true;
  watch.vcBalance = true;
  watch.lab = true;
  watch.tagPreview = TagPreviewRequest{1, 0, 42, std::nullopt};
  run.setWatch(watch);
  stepTo(run, 120);
  watch.followedPacket = aPacketInFlight(run);
  run.setWatch(watch);
  stepTo(run, 150);
  run.apply(Intervention::link(InterventionKind::FailLink, 3));
  stepTo(run, 200);
  (void)run.sampleInterval();
  run.apply(Intervention::rate(0.12));
  stepTo(run, 400);
  (void)run.sampleInterval();
  return frameOf(run);
}

}  // namespace

class TstTorusRun : public QObject {
  Q_OBJECT
 private slots:
  void twoRunsGiveEqualFramesOnAnyThreadCount();
  void aFrameIsTheSimulatorsState();
  void manyFlitsAreCountedPerChannel();
  void aRewoundRunShowsTheSameMachine();
  void changesComeBackWithTheirInverse();
  void framesPrintWhatTheyHold();
  void aRelayedPacketIsFollowedOnBothLegs();
};

void TstTorusRun::twoRunsGiveEqualFramesOnAnyThreadCount() {
  const Frame one = withoutWallTime(watchedRun(1));
  const Frame again = withoutWallTime(watchedRun(1));
  const Frame two = withoutWallTime(watchedRun(2));
  QVERIFY2(one == again, (printed(one) + "\n" + printed(again)).c_str());
  QVERIFY2(one == two, (printed(one) + "\n" + printed(two)).c_str());
  // Every extra the watch set asked for is there, and the rebuild the fault made.
  QVERIFY(one.torus->inspection && one.torus->sync && one.torus->vcBalance && one.torus->lab && one.torus->tagPreview && one.followed && one.torus->rebuild);
  QCOMPARE(one.torus->inspection->node, 5);
  QCOMPARE(one.torus->tagPreview->destination, 42);
  QVERIFY(one.followed->serial >= 0);
  QVERIFY(one.torus->rebuild->cause && one.torus->rebuild->cause->kind == InterventionKind::FailLink);
  QCOMPARE(one.linkUp[3], std::uint8_t{0});
  QCOMPARE(one.injectionRateFlitsPerNodeCycle, 0.12);
  QVERIFY(one.timeline && one.timeline->size() == 2);

  // A frame differs when anything in it does (the extras by value).
  Frame other = one;
  auto inspection = std::make_shared<NodeInspection>(*one.torus->inspection);
  inspection->ports[0].stalledCycles += 1;
  auto extras = std::make_shared<TorusExtras>(*one.torus);
  extras->inspection = inspection;
  other.torus = extras;
  QVERIFY(!(one == other));
  other = one;
  other.flits.back().progress += 0.25f;
  QVERIFY(!(one == other));
}

void TstTorusRun::aFrameIsTheSimulatorsState() {
  TorusRun run(teaching());
  stepTo(run, 300);
  run.apply(Intervention::node(InterventionKind::FailNode, 9));
  stepTo(run, 500);
  const Frame f = frameOf(run);
  const Simulator& sim = run.simulator();
  const SimTotals& t = sim.totals();
  QCOMPARE(f.cycle, sim.cycle());
  QCOMPARE(f.packetsInjected, t.injected);
  QCOMPARE(f.packetsDelivered, t.delivered);
  QCOMPARE(f.packetsDropped, t.droppedTotal());
  QCOMPARE(f.packetsInFlight, t.inFlight);
  QCOMPARE(f.packetsInjected, f.packetsDelivered + f.packetsDropped + f.packetsInFlight);
  std::vector<FlitView> flits;
  sim.collectFlits(flits);
  QCOMPARE(f.flitsInNetwork, flits.size());
  QCOMPARE(f.flits.size(), flits.size());  // below the level of detail: every flit listed
  QVERIFY(!f.channelFlits);
  QCOMPARE(f.nodeUp.size(), std::size_t(64));
  QCOMPARE(f.nodeUp[9], std::uint8_t{0});
  QCOMPARE(f.nodeUp[8], std::uint8_t{1});
  for (LinkId l = 0; l < sim.topology().linkCount(); ++l)
    QCOMPARE(f.linkUp[static_cast<std::size_t>(l)], std::uint8_t(sim.topology().linkUp(l) ? 1 : 0));
  // The lane classes are the engine's names for the router's VCs (T3E
  // paper section 3: request/response x dateline VC0/VC1, then adaptive).
  QCOMPARE(f.vcClasses, laneClassesOf(sim.config().router));
  QCOMPARE(f.vcClasses.size(), std::size_t(5));
  QCOMPARE(f.vcClasses[4], LaneClass::Adaptive);
  // Nothing watched: no extras but the datelines and the rebuild the fault made.
  QVERIFY(f.torus && !f.circuits);
  QVERIFY(!f.torus->inspection && !f.torus->sync && !f.torus->vcBalance && !f.torus->lab && !f.followed && !f.torus->deadlock);
  QVERIFY(f.torus->datelines && f.torus->rebuild);
  QCOMPARE(f.torus->datelines->crossings, t.datelineCrossings);
}

void TstTorusRun::manyFlitsAreCountedPerChannel() {
  TorusRun run(teaching());
  run.setFlitsDrawnOneByOne(10);
  stepTo(run, 200);
  const std::int32_t followed = aPacketInFlight(run);
  QVERIFY(followed < 0);  // above the level of detail nothing is listed
  Frame counted = frameOf(run);
  QVERIFY(counted.flitsInNetwork > 10);
  QVERIFY(counted.channelFlits);
  QCOMPARE(counted.channelFlits->onChannels + counted.channelFlits->atInjection, counted.flitsInNetwork);

  // The followed packet's flits are still listed, one by one.
  TorusRun all(teaching());
  stepTo(all, 200);
  const std::int32_t serial = aPacketInFlight(all);
  QVERIFY(serial >= 0);
  run.setFollowedPacket(serial);
  counted = frameOf(run);
  QVERIFY(!counted.flits.empty());
  for (const FrameFlit& fl : counted.flits) QCOMPARE(fl.packet, serial);
}

void TstTorusRun::aRewoundRunShowsTheSameMachine() {
  TorusRun rewound(teaching());
  stepTo(rewound, 100);
  rewound.apply(Intervention::link(InterventionKind::FailLink, 7));
  stepTo(rewound, 300);
  rewound.apply(Intervention::rate(0.2));
  stepTo(rewound, 600);
  rewound.rewind(250);
  QCOMPARE(rewound.cycle(), 250u);
  stepTo(rewound, 400);  // the rate change at 300 is applied again at its cycle

  TorusRun fresh(teaching());
  stepTo(fresh, 100);
  fresh.apply(Intervention::link(InterventionKind::FailLink, 7));
  stepTo(fresh, 300);
  fresh.apply(Intervention::rate(0.2));
  stepTo(fresh, 400);

  const Frame a = frameOf(rewound);
  const Frame b = frameOf(fresh);
  // The machine and its traffic are the same; the windowed views (link load,
  // recent flags) start again at the rewind, and the rewound run's timeline
  // still reaches cycle 600.
  QVERIFY2(a.flits.size() == b.flits.size(), (printed(a) + "\n" + printed(b)).c_str());
  for (std::size_t i = 0; i < a.flits.size(); ++i) {
    FrameFlit x = a.flits[i], y = b.flits[i];
    x.flags = y.flags = 0;
    QVERIFY(x == y);
  }
  QCOMPARE(a.packetsInjected, b.packetsInjected);
  QCOMPARE(a.packetsDelivered, b.packetsDelivered);
  QCOMPARE(a.packetsInFlight, b.packetsInFlight);
  QVERIFY(a.latencyHistogram == b.latencyHistogram);
  QCOMPARE(a.linkUp, b.linkUp);
  QCOMPARE(a.deliveredFlitsBySource, b.deliveredFlitsBySource);
  QCOMPARE(a.injectionRateFlitsPerNodeCycle, 0.2);
  QCOMPARE(a.lastCycle, 600u);
  QCOMPARE(b.lastCycle, 400u);
  QCOMPARE(a.pendingInterventions, 0u);
  QVERIFY(*a.timeline == *b.timeline);
}

void TstTorusRun::changesComeBackWithTheirInverse() {
  TorusRun run(teaching());
  const double rate = run.standing().config.traffic.rateFlitsPerNodeCycle;
  const std::optional<Intervention> undo = run.apply(Intervention::rate(0.3));
  QVERIFY(undo);
  QCOMPARE(undo->kind, InterventionKind::SetRate);
  QCOMPARE(undo->rateFlitsPerNodeCycle, rate);
  QCOMPARE(run.standing().config.traffic.rateFlitsPerNodeCycle, 0.3);  // what reset() and Save start from
  QVERIFY(run.apply(Intervention::link(InterventionKind::FailLink, 2)));
  QVERIFY(!run.apply(Intervention::link(InterventionKind::FailLink, 2)));  // a change of nothing
  try {
    run.apply(Intervention::link(InterventionKind::FailLink, 100000));
    QFAIL("a link that does not exist was failed");
  } catch (const std::invalid_argument& e) {
    QVERIFY2(std::string(e.what()).find("link 100000: no such link") == 0, e.what());
  }
  run.reset();
  QCOMPARE(run.cycle(), 0u);
  QCOMPARE(frameOf(run).linkUp[2], std::uint8_t{0});  // the machine as the person left it
}

void TstTorusRun::framesPrintWhatTheyHold() {
  const Frame f = watchedRun(1);
  const std::string text = printed(f);
  QVERIFY2(text.find("frame at cycle 400") == 0, text.c_str());
  QVERIFY2(text.find("packets injected " + std::to_string(f.packetsInjected)) != std::string::npos, text.c_str());
  QVERIFY2(text.find("rate 0.12 uniform") != std::string::npos, text.c_str());
  QVERIFY2(text.find("extras: rebuild, followed, datelines, inspection, tagPreview, sync, vcBalance, lab") !=
               std::string::npos,
           text.c_str());
  QVERIFY2(text.find("timeline 2 marks") != std::string::npos, text.c_str());
}

// Issue 38: a packet of a pair that goes in two legs (the generic 8x8x8
// with its corner (7,7,7) failed, docs/fault-tolerance.md) is followed on
// both: the panel's relay is named while it is ahead, the rest of the route
// runs through it, and the packet is delivered at its destination.
void TstTorusRun::aRelayedPacketIsFollowedOnBothLegs() {
  TorusRun run(simConfigFromScenario(loadScenarioFile(test::presetPath("generic-8x8x8.json"))));
  const Topology& topo = run.simulator().topology();
  run.apply(Intervention::node(InterventionKind::FailNode, topo.nodeAt(Coord{{7, 7, 7}})));
  std::int32_t serial = -1;
  NodeId relay = kInvalidId;
  for (int i = 0; i < 400 && serial < 0; ++i) {
    QVERIFY(run.step());
    for (const FrameFlit& fl : frameOf(run).flits) {
      const std::optional<PacketView> p = run.simulator().packetBySerial(fl.packet);
      if (!p || !p->twoLegs() || p->route.dest == p->dst) continue;  // on its first leg
      serial = fl.packet;
      relay = p->route.dest;
      break;
    }
  }
  QVERIFY(serial >= 0);
  run.setFollowedPacket(serial);
  Frame f = frameOf(run);
  QVERIFY(f.followed);
  QCOMPARE(f.followed->relay, relay);
  QVERIFY(f.followed->onRoute && !f.followed->remaining.empty());
  const NodeId dst = f.followed->destination;
  bool pastTheRelay = false, waitedAtTheRelay = false;
  for (int i = 0; i < 400 && f.followed->state == FollowedPacket::State::InFlight; ++i) {
    QVERIFY(run.step());
    f = frameOf(run);
    if (f.followed->state != FollowedPacket::State::InFlight) break;
    QCOMPARE(f.followed->destination, dst);
    QVERIFY(f.followed->onRoute);
    // Between its legs it waits at the relay, out of the network: the rest
    // of its route starts there.
    const bool inNetwork = std::any_of(f.flits.begin(), f.flits.end(),
                                       [serial](const FrameFlit& fl) { return fl.packet == serial; });
    if (!inNetwork) {
      QCOMPARE(f.followed->current, relay);
      QCOMPARE(f.followed->relay, relay);
      waitedAtTheRelay = true;
    }
    if (f.followed->relay == kInvalidId) pastTheRelay = true;
    else QVERIFY(!pastTheRelay);
  }
  QCOMPARE(f.followed->state, FollowedPacket::State::Delivered);
  QCOMPARE(f.followed->current, dst);
  QVERIFY(waitedAtTheRelay && pastTheRelay);
}

FLITSCOPE_TEST_APPLESS_MAIN(TstTorusRun)
#include "tst_torus_run.moc"
