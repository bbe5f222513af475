// The special (delta) network in the simulator (sim/special_network.h):
// T3E paper section 8 ("A special virtual network, that is not flow
// controlled ... Conflicts on these virtual channels result in lost packets.
// That is, one packet eats the other and then continues"), section 9 ("Even
// a completely deadlocked network can be cleaned up"), and the manual's
// "Special Routing" (SPUT, SGET, R_SGET_RTRN: Figures 15 and 16).
#include "test_main.h"
#include "test_paths.h"

#include "routing/routing_config.h"
#include "routing/routing_tag.h"
#include "scenario/scenario.h"
#include "sim/simulator.h"

#include <QtTest>

#include <string>
#include <vector>

using namespace flit;

class TstSpecialNetwork : public QObject {
  Q_OBJECT
 private slots:
  void anSputWritesTheRouterItsDeltasLeadTo();
  void anSgetComesBackAlongRSgetRtrn();
  void withoutRSgetRtrnTheResponseStaysAtTheRouterRead();
  void twoPacketsOnOneOutputCollideAndTheLastIssuedContinues();
  void lostPacketsAreNamed();
  void aSpecialPacketTakesItsLinkFromTheData();
  void resetsCleanUpADeadlockedNetwork();
  void theTimelineReadsAndNamesBadFields();
  void theRecoveryPresetPlaysItsStory();
};

namespace {

struct Events final : SimObserver {
  std::vector<SimEvent> all;
  void onEvent(const SimEvent& e) override { all.push_back(e); }
  std::vector<SimEvent> of(SimEventKind k) const {
    std::vector<SimEvent> out;
    for (const SimEvent& e : all)
      if (e.kind == k) out.push_back(e);
    return out;
  }
};

// The T3E protocol deadlock machine (4x4x4 torus, direction order, link
// delay 1: a special hop takes 2 cycles), quiet unless `rate` is given.
SimConfig machine(double rate = 0.0, int watchdog = 200) {
  Scenario s = loadScenarioFile(test::presetPath("t3e-protocol-deadlock-4x4x4.json"));
  s.traffic.rateFlitsPerNodeCycle = rate;
  s.router.watchdogCycles = watchdog;
  return simConfigFromScenario(s);
}

SpecialDeltas deltas(const char* text) { return *parseSpecialDeltas(text); }

Intervention put(const Topology& topo, const char* from, const char* d, SpecialRegister reg, std::uint64_t value = 0,
                 int lutIndex = 0) {
  return Intervention::special(InterventionKind::SpecialPut, topo.nodeAt(parseNodeCoord(from, topo.spec(), "from")),
                               deltas(d), reg, value, lutIndex);
}

Intervention get(const Topology& topo, const char* from, const char* d, SpecialRegister reg, int lutIndex = 0) {
  return Intervention::special(InterventionKind::SpecialGet, topo.nodeAt(parseNodeCoord(from, topo.spec(), "from")),
                               deltas(d), reg, 0, lutIndex);
}

NodeId at(const Simulator& sim, const char* coord) {
  return sim.topology().nodeAt(parseNodeCoord(coord, sim.topology().spec(), "node"));
}

std::string coordOf(const Simulator& sim, NodeId n) { return formatCoord(sim.topology().coordOf(n), sim.topology().dims()); }

// A valid tag other than the generated one: to (3,3,3) with the adaptive bit.
std::uint64_t someTag() {
  RoutingTag t;
  t.xAddr = 3;
  t.yAddr = 3;
  t.zAddr = 3;
  t.adaptive = true;
  return t.encode();
}

}  // namespace

// Manual, Figure 15: "When the delta values are not 0, the network router
// decrements the appropriate delta value and sends the packet to the next
// network router ... until it reaches the destination network router".
void TstSpecialNetwork::anSputWritesTheRouterItsDeltasLeadTo() {
  Simulator sim(machine());
  Events ev;
  sim.setObserver(&ev);
  const NodeId target = at(sim, "1,2,0");
  QVERIFY(sim.routing().tables->entry(target, 5) != someTag());
  sim.apply(put(sim.topology(), "0,0,0", "1,2,0", SpecialRegister::NetLut, someTag(), 5));
  sim.run(20);
  QCOMPARE(sim.routing().tables->entry(target, 5), someTag());
  // Primary X first, then Y: (0,0,0) +X (1,0,0) +Y (1,1,0) +Y (1,2,0), a hop
  // every linkDelayCycles + 1 = 2 cycles, then the write at cycle 6.
  const auto hops = ev.of(SimEventKind::SpecialHop);
  QCOMPARE(hops.size(), std::size_t{3});
  QCOMPARE(coordOf(sim, hops[0].node), std::string("(0,0,0)"));
  QCOMPARE(int(hops[0].port), int(Direction::PlusX));
  QCOMPARE(coordOf(sim, hops[2].node), std::string("(1,1,0)"));
  QCOMPARE(int(hops[2].port), int(Direction::PlusY));
  QCOMPARE(hops[1].cycle, std::uint64_t{2});
  const auto arrived = ev.of(SimEventKind::SpecialArrived);
  QCOMPARE(arrived.size(), std::size_t{1});
  QCOMPARE(arrived[0].node, target);
  QCOMPARE(arrived[0].cycle, std::uint64_t{6});
  const SpecialTotals& t = sim.specialNetwork()->totals();
  QCOMPARE(t.puts, std::uint64_t{1});
  QCOMPARE(t.writes, std::uint64_t{1});
  QCOMPARE(t.inFlight(), std::uint64_t{0});
}

// Manual, Figure 16: "the network router uses the delta values from the
// R_SGET_RTRN register. Software wrote these delta values into this register
// before issuing the SGET command."
void TstSpecialNetwork::anSgetComesBackAlongRSgetRtrn() {
  Simulator sim(machine());
  const Topology& topo = sim.topology();
  sim.apply(put(topo, "0,0,0", "1,2,0", SpecialRegister::SgetReturn, packSpecialDeltas(deltas("-1,-2,0"))));
  sim.run(10);
  QCOMPARE(sim.specialNetwork()->sgetReturn(at(sim, "1,2,0")), deltas("-1,-2,0"));
  const std::uint64_t lut = sim.routing().tables->entry(at(sim, "1,2,0"), 7);
  sim.apply(get(topo, "0,0,0", "1,2,0", SpecialRegister::NetLut, 7));
  sim.run(20);
  const auto& reads = sim.specialNetwork()->readsDelivered();
  QCOMPARE(reads.size(), std::size_t{1});
  QCOMPARE(coordOf(sim, reads[0].arrivedAt), std::string("(0,0,0)"));
  QCOMPARE(coordOf(sim, reads[0].readFrom), std::string("(1,2,0)"));
  QCOMPARE(reads[0].value, lut);
  QCOMPARE(reads[0].lutIndex, 7);
  const SpecialTotals& t = sim.specialNetwork()->totals();
  QCOMPARE(t.reads, std::uint64_t{1});
  QCOMPARE(t.responses, std::uint64_t{1});
  QCOMPARE(t.inFlight(), std::uint64_t{0});
}

void TstSpecialNetwork::withoutRSgetRtrnTheResponseStaysAtTheRouterRead() {
  Simulator sim(machine());
  sim.apply(get(sim.topology(), "0,0,0", "2,0,0", SpecialRegister::SgetReturn));
  sim.run(20);
  const auto& reads = sim.specialNetwork()->readsDelivered();
  QCOMPARE(reads.size(), std::size_t{1});
  QCOMPARE(coordOf(sim, reads[0].arrivedAt), std::string("(2,0,0)"));
  QCOMPARE(reads[0].value, std::uint64_t{0});  // the reset value: all deltas 0
}

// Section 8: "one packet eats the other and then continues".
void TstSpecialNetwork::twoPacketsOnOneOutputCollideAndTheLastIssuedContinues() {
  Simulator sim(machine());
  Events ev;
  sim.setObserver(&ev);
  const Topology& topo = sim.topology();
  // Both leave (0,0,0) by +X in cycle 0.
  sim.apply(put(topo, "0,0,0", "2,0,0", SpecialRegister::NetLut, someTag(), 1));
  sim.apply(put(topo, "0,0,0", "1,0,0", SpecialRegister::NetLut, someTag(), 2));
  sim.run(20);
  const SpecialTotals& t = sim.specialNetwork()->totals();
  QCOMPARE(t.lost[std::size_t(SpecialLoss::Collision)], std::uint64_t{1});
  QCOMPARE(t.writes, std::uint64_t{1});
  QCOMPARE(sim.routing().tables->entry(at(sim, "1,0,0"), 2), someTag());  // the second one wrote
  QVERIFY(sim.routing().tables->entry(at(sim, "2,0,0"), 1) != someTag());
  const auto lost = ev.of(SimEventKind::SpecialLost);
  QCOMPARE(lost.size(), std::size_t{1});
  QCOMPARE(lost[0].aux, std::int64_t{0});  // the first issued (serial 0) was eaten
  QCOMPARE(int(lost[0].port), int(SpecialLoss::Collision));
  QCOMPARE(coordOf(sim, lost[0].node), std::string("(0,0,0)"));
  // Issued a cycle apart, the same two do not meet.
  Simulator apart(machine());
  apart.apply(put(topo, "0,0,0", "2,0,0", SpecialRegister::NetLut, someTag(), 1));
  apart.run(1);
  apart.apply(put(topo, "0,0,0", "1,0,0", SpecialRegister::NetLut, someTag(), 2));
  apart.run(20);
  QCOMPARE(apart.specialNetwork()->totals().writes, std::uint64_t{2});
  QCOMPARE(apart.specialNetwork()->totals().lostTotal(), std::uint64_t{0});
}

void TstSpecialNetwork::lostPacketsAreNamed() {
  Simulator sim(machine());
  const Topology& topo = sim.topology();
  sim.failLink(topo.linkFrom(at(sim, "1,0,0"), Direction::PlusX));
  sim.apply(put(topo, "0,0,0", "3,0,0", SpecialRegister::Resets));
  // On the wire to (0,3,0) when that router fails: lost there.
  sim.apply(put(topo, "0,0,0", "0,-2,0", SpecialRegister::Resets));
  sim.run(1);
  sim.failNode(at(sim, "0,3,0"));
  sim.run(20);
  const SpecialTotals& t = sim.specialNetwork()->totals();
  QCOMPARE(t.lost[std::size_t(SpecialLoss::LinkDown)], std::uint64_t{1});
  QCOMPARE(t.lost[std::size_t(SpecialLoss::NodeDown)], std::uint64_t{1});
  QCOMPARE(t.inFlight(), std::uint64_t{0});
  // Off the edge of a mesh.
  Scenario mesh = loadScenarioFile(test::presetPath("xt-11x12x16-mesh-x.json"));
  mesh.traffic.rateFlitsPerNodeCycle = 0.0;
  Simulator m(simConfigFromScenario(mesh));
  m.apply(Intervention::special(InterventionKind::SpecialPut, 0, deltas("-1,0,0"), SpecialRegister::Resets));
  m.run(5);
  QCOMPARE(m.specialNetwork()->totals().lost[std::size_t(SpecialLoss::Misroute)], std::uint64_t{1});
  // At the source: a down node cannot send, and R_NET_LUT needs the tables.
  QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                           sim.apply(put(topo, "0,3,0", "1,0,0", SpecialRegister::Resets)));
  QVERIFY_THROWS_EXCEPTION(ScenarioError, m.apply(Intervention::special(InterventionKind::SpecialGet, 0,
                                                                         deltas("1,0,0"), SpecialRegister::NetLut)));
}

// A virtual network on the same wires: in the cycle a special packet leaves
// by an output, no data flit does (as a barrier packet, sim/sim_sync.h).
void TstSpecialNetwork::aSpecialPacketTakesItsLinkFromTheData() {
  auto hopsOutOfOrigin = [](bool special) {
    Simulator sim(machine(0.3, 100000));
    Events ev;
    sim.setObserver(&ev);
    sim.run(100);
    const NodeId origin = sim.topology().nodeAt(parseNodeCoord("0,0,0", sim.topology().spec(), "n"));
    // A stream of SPUTs out of (0,0,0) by +X, one every cycle for 50 cycles.
    for (int c = 0; c < 50; ++c) {
      if (special) {
        sim.apply(Intervention::special(InterventionKind::SpecialPut, origin, deltas("3,0,0"), SpecialRegister::SgetReturn));
      }
      sim.run(1);
    }
    int n = 0;
    for (const SimEvent& e : ev.of(SimEventKind::Hop))
      if (e.node == origin && e.port == int(Direction::PlusX) && e.cycle >= 100) ++n;
    return n;
  };
  const int without = hopsOutOfOrigin(false);
  QVERIFY2(without > 0, "no data left (0,0,0) by +X: the test shows nothing");
  QCOMPARE(hopsOutOfOrigin(true), 0);
}

// Section 9: "Even a completely deadlocked network can be cleaned up": the
// protocol deadlock (tst_protocol_deadlock) stops every flit; SPUTs of
// R_RESETS still reach every router, and the network empties. Nothing is
// lost silently: every packet is delivered, dropped (router-reset) or in
// flight.
void TstSpecialNetwork::resetsCleanUpADeadlockedNetwork() {
  Simulator sim(machine(0.3, 100000));
  sim.run(1500);
  const std::uint64_t delivered = sim.totals().delivered;
  sim.run(300);
  QCOMPARE(sim.totals().delivered, delivered);  // stuck: nothing delivered in 300 cycles
  QVERIFY(sim.totals().inFlight > 0);
  sim.apply(Intervention::rate(0.0));
  const Topology& topo = sim.topology();
  for (NodeId n = 0; n < topo.nodeCount(); ++n) {  // one SPUT a cycle from (0,0,0): none collide
    const Coord c = topo.coordOf(n);
    SpecialDeltas d;
    for (int k = 0; k < 3; ++k) d.delta[std::size_t(k)] = c[k];
    sim.apply(Intervention::special(InterventionKind::SpecialPut, 0, d, SpecialRegister::Resets));
    sim.run(1);
  }
  sim.run(600);  // the source queues' requests drain too
  const SpecialTotals& sp = sim.specialNetwork()->totals();
  QCOMPARE(sp.writes, std::uint64_t(topo.nodeCount()));
  QCOMPARE(sp.lostTotal(), std::uint64_t{0});
  const SimTotals& t = sim.totals();
  QVERIFY(t.dropped[std::size_t(DropReason::RouterReset)] > 0);
  QVERIFY(t.delivered > delivered);  // what the resets freed went on
  QCOMPARE(t.inFlight, std::uint64_t{0});
  std::uint64_t dropped = 0;
  for (const std::uint64_t d : t.dropped) dropped += d;
  QCOMPARE(t.injected, t.delivered + dropped + t.inFlight);
  QVERIFY(!sim.deadlocked());
}

void TstSpecialNetwork::theTimelineReadsAndNamesBadFields() {
  nlohmann::json j = scenarioToJson(loadScenarioFile(test::presetPath("t3e-protocol-deadlock-4x4x4.json")));
  j["timeline"] = nlohmann::json::array(
      {{{"cycle", 3}, {"specialPut", {{"from", "0,0,0"}, {"deltas", "1,0,0"}, {"register", "R_SGET_RTRN"}, {"value", "-1,0,0"}}}},
       {{"cycle", 4}, {"specialGet", {{"from", "0,0,0"}, {"deltas", "1,0,0,0,0,-1"}, {"register", "R_NET_LUT"}, {"index", 9}}}}});
  const Scenario s = scenarioFromJson(j);
  QCOMPARE(s.timeline.size(), std::size_t{2});
  QCOMPARE(s.timeline[0].kind, InterventionKind::SpecialPut);
  QCOMPARE(s.timeline[0].tag, packSpecialDeltas(deltas("-1,0,0")));
  QCOMPARE(s.timeline[1].deltas, deltas("1,0,0,0,0,-1"));
  QCOMPARE(s.timeline[1].lutIndex, 9);
  QCOMPARE(scenarioFromJson(scenarioToJson(s)).timeline, s.timeline);  // round trip
  auto errorOf = [&](const char* key, const nlohmann::json& value) {
    nlohmann::json bad = j;
    bad["timeline"][1]["specialGet"][key] = value;
    try {
      scenarioFromJson(bad);
    } catch (const ScenarioError& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  const std::string reg = errorOf("register", "R_FOO");
  QVERIFY2(reg.find("timeline[1].specialGet.register") != std::string::npos && reg.find("R_SGET_RTRN") != std::string::npos,
           reg.c_str());
  const std::string d = errorOf("deltas", "1,2");
  QVERIFY2(d.find("timeline[1].specialGet.deltas") != std::string::npos, d.c_str());
  const std::string from = errorOf("from", "9,0,0");
  QVERIFY2(from.find("timeline[1].specialGet.from") != std::string::npos, from.c_str());
}

// resources/presets/t3e-special-recovery-4x4x4.json: the machine deadlocks,
// the special network resets its routers, traffic runs again.
void TstSpecialNetwork::theRecoveryPresetPlaysItsStory() {
  Simulator sim(simConfigFromScenario(loadScenarioFile(test::presetPath("t3e-special-recovery-4x4x4.json"))));
  sim.run(800);
  const std::uint64_t stuck = sim.totals().delivered;
  sim.run(200);
  QCOMPARE(sim.totals().delivered, stuck);  // deadlocked before the resets (cycle 1001 on)
  QVERIFY(!sim.deadlocked());                // the watchdog waits longer than the story
  sim.run(3000);
  QVERIFY(!sim.deadlocked());
  const SpecialTotals& sp = sim.specialNetwork()->totals();
  QCOMPARE(sp.lostTotal(), std::uint64_t{0});
  QCOMPARE(sp.writes, std::uint64_t(sim.topology().nodeCount()) + 1);  // every R_RESETS, and R_SGET_RTRN
  QCOMPARE(sp.responses, std::uint64_t{1});
  QCOMPARE(coordOf(sim, sim.specialNetwork()->readsDelivered()[0].arrivedAt), std::string("(0,0,0)"));
  QVERIFY(sim.totals().dropped[std::size_t(DropReason::RouterReset)] > 0);
  QVERIFY(sim.totals().delivered > stuck + 100);  // running again
}

FLITSCOPE_TEST_APPLESS_MAIN(TstSpecialNetwork)
#include "tst_special_network.moc"
