// What the engine hands a view (issue 16, "the engine builds what the view
// shows"; DESIGN.md engine/view): flits with a stable identity (packet serial
// and flit index), the lane classes of the machine's VCs with their names and
// their occupancy, recent events for highlighting (view/recent_events.h), and
// the packets whose route the last route rebuild changed (FlitView::rerouted),
// and the flits counted per channel for a view that cannot draw each
// (view/channel_flits.h, the level of detail of big machines).
#include "test_main.h"
#include "test_paths.h"
#include "router/lane_class.h"
#include "scenario/scenario.h"
#include "sim/interval_stats.h"
#include "sim/simulator.h"
#include "view/channel_flits.h"
#include "view/recent_events.h"

#include <QtTest>

#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

using namespace flit;

class TstViewData : public QObject {
  Q_OBJECT
 private slots:
  void laneClassesOfTheMachines();
  void laneOccupancyPerClass();
  void intervalSamplesCarryLaneOccupancy();
  void flitsHaveAStableIdentity();
  void reroutedPacketsAreTheOnesTheRebuildChanged();
  void recentEventsHoldThenLapse();
  void flitsCountedPerChannel();
  void channelCountsMatchTheFlitsOfARun();
};

namespace {

RouterConfig router(int vcs, int classes, int adaptive) {
  RouterConfig r;
  r.vcCount = vcs;
  r.vcClasses = classes;
  r.adaptiveVcs = adaptive;
  return r;
}

SimConfig presetConfig(const char* preset) {
  SimConfig c = simConfigFromScenario(loadScenarioFile(flit::test::presetPath(preset)));
  c.autoRebuild = true;
  return c;
}

}  // namespace

void TstViewData::laneClassesOfTheMachines() {
  using L = LaneClass;
  // The T3E: request/response x VC0/VC1 and the adaptive VC (sections 2.4, 3.2, 3.3).
  QCOMPARE(laneClassesOf(router(5, 2, 1)),
           (std::vector<L>{L::RequestVc0, L::RequestVc1, L::ResponseVc0, L::ResponseVc1, L::Adaptive}));
  // The XT: VC0/VC1 requests, VC2/VC3 responses (Abts & Weisser, section 2).
  QCOMPARE(laneClassesOf(router(4, 2, 0)), (std::vector<L>{L::RequestVc0, L::RequestVc1, L::ResponseVc0, L::ResponseVc1}));
  // One class with a dateline pair; one VC only; four VCs in one class: two per dateline level.
  QCOMPARE(laneClassesOf(router(2, 1, 0)), (std::vector<L>{L::RequestVc0, L::RequestVc1}));
  QCOMPARE(laneClassesOf(router(1, 1, 0)), (std::vector<L>{L::RequestVc0}));
  QCOMPARE(laneClassesOf(router(4, 1, 0)), (std::vector<L>{L::RequestVc0, L::RequestVc0, L::RequestVc1, L::RequestVc1}));
  // The presets as loaded.
  QCOMPARE(laneClassesOf(presetConfig("t3e-8x8x8.json").router).size(), std::size_t{5});
  QCOMPARE(laneClassesOf(presetConfig("xt-11x12x16.json").router).back(), L::ResponseVc1);
  QCOMPARE(laneClassName(L::RequestVc1), std::string_view("request VC1"));
  QCOMPARE(laneClassName(L::Adaptive), std::string_view("adaptive"));
}

void TstViewData::laneOccupancyPerClass() {
  RouterConfig r = router(3, 1, 1);  // VC0, VC1, adaptive
  r.vcDepthFlits = 8;
  r.adaptiveVcDepthFlits = 4;
  // Two input VCs' worth of rows: (input 0: 4, 0, 2), (input 1: 8, 2, 0).
  const auto o = laneOccupancy(r, {4, 0, 2, 8, 2, 0});
  QCOMPARE(o[static_cast<std::size_t>(LaneClass::RequestVc0)], 12.0 / 16.0);
  QCOMPARE(o[static_cast<std::size_t>(LaneClass::RequestVc1)], 2.0 / 16.0);
  QCOMPARE(o[static_cast<std::size_t>(LaneClass::Adaptive)], 2.0 / 8.0);
  QCOMPARE(o[static_cast<std::size_t>(LaneClass::ResponseVc0)], 0.0);  // the machine has none
}

void TstViewData::intervalSamplesCarryLaneOccupancy() {
  Simulator sim(presetConfig("t3e-8x8x8.json"));
  IntervalStats intervals;
  sim.setObserver(&intervals);
  (void)intervals.take(sim);
  for (int c = 0; c < 400; ++c) sim.step();
  const IntervalSample s = intervals.take(sim);
  QCOMPARE(s.laneOccupancy, laneOccupancy(sim.config().router, s.meanOccupancy));
  QVERIFY(s.laneOccupancy[static_cast<std::size_t>(LaneClass::RequestVc0)] > 0.0);
  QVERIFY(s.laneOccupancy[static_cast<std::size_t>(LaneClass::ResponseVc0)] > 0.0);
  for (double v : s.laneOccupancy) QVERIFY(v >= 0.0 && v <= 1.0);
}

void TstViewData::flitsHaveAStableIdentity() {
  SimConfig c = presetConfig("t3e-8x8x8.json");
  c.traffic.rateFlitsPerNodeCycle = 0.3;
  Simulator sim(c);
  for (int cycle = 0; cycle < 300; ++cycle) sim.step();
  std::vector<FlitView> a, b;
  sim.collectFlits(a);
  QVERIFY(a.size() > 200);
  std::set<std::pair<std::int32_t, std::int16_t>> ids;
  std::map<std::int32_t, std::int16_t> lastIndex;
  for (const FlitView& f : a) {
    QVERIFY2(ids.emplace(f.packet, f.index).second, "two flits share (packet, index)");
    QCOMPARE(f.head, f.index == 0);
    QVERIFY(f.index >= 0);
    if (f.tail) lastIndex[f.packet] = f.index;
  }
  for (const FlitView& f : a)
    if (auto it = lastIndex.find(f.packet); it != lastIndex.end()) QVERIFY(f.index <= it->second);
  // One cycle later a flit that is still in the network has the same name and
  // has moved at most one place along its route (same packet, same index).
  sim.step();
  sim.collectFlits(b);
  int kept = 0;
  for (const FlitView& f : b) kept += ids.count({f.packet, f.index}) ? 1 : 0;
  QVERIFY(kept > static_cast<int>(a.size()) / 2);
}

// The teaching torus routes like the T3E (LUT tags, direction order). Before
// any failure no flit is marked. After a link fails, the marked packets are
// exactly those whose tag differs from the one the tables in force before
// the rebuild give for their source and destination.
void TstViewData::reroutedPacketsAreTheOnesTheRebuildChanged() {
  SimConfig c = presetConfig("teaching-4x4x4.json");
  c.traffic.rateFlitsPerNodeCycle = 0.2;
  Simulator sim(c);
  for (int cycle = 0; cycle < 200; ++cycle) sim.step();
  std::vector<FlitView> flits;
  sim.collectFlits(flits);
  QVERIFY(!flits.empty());
  for (const FlitView& f : flits) QVERIFY(!f.rerouted);

  QVERIFY(sim.routing().tables.has_value());
  const RouteTables before = *sim.routing().tables;
  const Topology& t = sim.topology();
  sim.apply(Intervention::link(InterventionKind::FailLink, t.linkFrom(t.nodeAt({{1, 1, 0}}), Direction::PlusX)));
  for (int cycle = 0; cycle < 120; ++cycle) sim.step();
  QVERIFY(sim.lastRebuild().accepted);
  QVERIFY(sim.lastRebuild().reroutedEntries > 0);
  sim.collectFlits(flits);
  int marked = 0;
  for (const FlitView& f : flits) {
    const std::optional<PacketView> p = sim.packetBySerial(f.packet);
    QVERIFY(p.has_value());
    QCOMPARE(f.rerouted, p->route.tag != before.tagFor(p->src, p->dst));
    marked += f.rerouted && f.head ? 1 : 0;
  }
  QVERIFY2(marked > 0, "no packet on a detour after the failure");
  QVERIFY(marked < static_cast<int>(flits.size()));  // most routes avoid the link anyway
}

void TstViewData::recentEventsHoldThenLapse() {
  RecentEvents r;
  SimEvent e;
  e.kind = SimEventKind::AdaptiveHop;
  e.packet = 3;
  e.cycle = 10;
  r.onEvent(e);
  e.kind = SimEventKind::DatelineCrossed;
  e.cycle = 12;
  r.onEvent(e);
  QCOMPARE(r.flagsOf(3, 12), std::uint8_t(kRecentAdaptiveHop | kRecentDatelineCrossed));
  QCOMPARE(r.flagsOf(3, 12 + RecentEvents::kHoldCycles - 1), std::uint8_t(kRecentAdaptiveHop | kRecentDatelineCrossed));
  QCOMPARE(r.flagsOf(3, 12 + RecentEvents::kHoldCycles), std::uint8_t(0));
  QCOMPARE(r.flagsOf(4, 12), std::uint8_t(0));
  // A new event after the old flags lapsed starts afresh.
  e.kind = SimEventKind::DatelineViolation;
  e.cycle = 40;
  r.onEvent(e);
  QCOMPARE(r.flagsOf(3, 40), kRecentDatelineViolation);
  r.expire(40 + RecentEvents::kHoldCycles);
  QCOMPARE(r.size(), std::size_t{0});
  // Delivered or dropped: forgotten at once.
  e.kind = SimEventKind::AdaptiveHop;
  r.onEvent(e);
  e.kind = SimEventKind::Delivered;
  r.onEvent(e);
  QCOMPARE(r.flagsOf(3, 40), std::uint8_t(0));
  QCOMPARE(r.size(), std::size_t{0});
}

// Hand-placed flits: one on a channel, two buffered at the input port a
// channel feeds (counted on that channel), one at the processor port (on no
// channel); the class with most flits names the channel.
void TstViewData::flitsCountedPerChannel() {
  const Topology topo(TopologySpec{3, {4, 4, 4}, {true, true, true}});
  const RouterConfig r = router(5, 2, 1);  // T3E layout: VC 1 is request VC1, VC 2 response VC0
  const NodeId a = topo.nodeAt(Coord{{1, 2, 3}});
  const NodeId b = topo.neighbor(a, Direction::PlusX);
  auto flit = [](NodeId n, int port, int vc, bool onLink) {
    FlitView f{};
    f.node = n;
    f.port = static_cast<std::int8_t>(port);
    f.vc = static_cast<std::int8_t>(vc);
    f.onLink = onLink;
    return f;
  };
  const std::vector<FlitView> flits = {
      flit(a, static_cast<int>(Direction::PlusX), 1, true),   // on a -> b
      flit(b, static_cast<int>(Direction::MinusX), 2, false), // at b's -X input: came over a -> b
      flit(b, static_cast<int>(Direction::MinusX), 2, false),
      flit(a, kProcessorPort, 0, false),                      // injection buffer
  };
  ChannelFlits out;
  countFlitsPerChannel(topo, r, flits, laneClassesOf(r), out);
  const ChannelId ab = topo.channelFrom(a, Direction::PlusX);
  QCOMPARE(out.count.size(), static_cast<std::size_t>(topo.channelCount()));
  QCOMPARE(int(out.count[static_cast<std::size_t>(ab)]), 3);
  QCOMPARE(out.laneClass[static_cast<std::size_t>(ab)], LaneClass::ResponseVc0);  // two of three
  QCOMPARE(out.onChannels, std::uint64_t{3});
  QCOMPARE(out.atInjection, std::uint64_t{1});
  int others = 0;
  for (std::size_t c = 0; c < out.count.size(); ++c) others += c == static_cast<std::size_t>(ab) ? 0 : out.count[c];
  QCOMPARE(others, 0);
  // Link delay 1 (2 cycles on the link) plus four VCs of vcDepthFlits and the adaptive VC's depth.
  QCOMPARE(out.capacity, static_cast<std::uint32_t>(r.linkDelayCycles + 1 + 4 * r.vcDepthFlits + r.adaptiveVcDepthFlits));
}

// On a running T3E torus every flit is counted once: on its channel or at
// injection, and the channel of a flit on a link is the one it travels on.
void TstViewData::channelCountsMatchTheFlitsOfARun() {
  Simulator sim(presetConfig("t3e-8x8x8.json"));
  for (int c = 0; c < 400; ++c) sim.step();
  std::vector<FlitView> flits;
  sim.collectFlits(flits);
  QVERIFY(flits.size() > 1000);
  ChannelFlits out;
  countFlitsPerChannel(sim.topology(), sim.config().router, flits, laneClassesOf(sim.config().router), out);
  QCOMPARE(out.onChannels + out.atInjection, static_cast<std::uint64_t>(flits.size()));
  std::vector<int> onLink(static_cast<std::size_t>(sim.topology().channelCount()), 0);
  for (const FlitView& f : flits)
    if (f.onLink) ++onLink[static_cast<std::size_t>(sim.topology().channelFrom(f.node, static_cast<Direction>(f.port)))];
  std::uint64_t sum = 0;
  for (std::size_t c = 0; c < out.count.size(); ++c) {
    QVERIFY(out.count[c] >= onLink[c]);
    QVERIFY(out.count[c] <= out.capacity);  // a channel and its buffer hold no more
    sum += out.count[c];
  }
  QCOMPARE(sum, out.onChannels);
}

FLITSCOPE_TEST_APPLESS_MAIN(TstViewData)
#include "tst_view_data.moc"
