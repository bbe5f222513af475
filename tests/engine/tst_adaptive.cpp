// T3E adaptive routing (Scott & Thorson 1996, sections 2.4, 3.4, 5 and 7;
// manual HMM-160-0 "Adaptive Routing", Figure 20), each rule on a small
// crafted torus with single packets whose timing is known. The loaded run is
// in tst_adaptive_load.cpp, configuration and run-time switches in
// tst_adaptive_config.cpp. docs/routing.md "Adaptive routing".
#include "test_main.h"
#include "routing/route_tables.h"
#include "routing/routing_setup.h"
#include "scenario/scenario.h"
#include "sim/simulator.h"

#include <QtTest>

#include <map>
#include <vector>

using namespace flit;

namespace {

SimConfig configFrom(const std::string& topology, const std::string& router,
                     const std::string& routing, const std::string& traffic) {
  const std::string json = R"({"format":"flitscope-scenario","version":1,"seed":3,"topology":)" +
                           topology + R"(,"router":)" + router + R"(,"routing":)" + routing +
                           R"(,"traffic":)" + traffic + "}";
  return simConfigFromScenario(parseScenario(json));
}

// 2 deterministic VCs (dateline VC0/VC1) + the adaptive VC 2, one class.
std::string router3(const std::string& arbiter, const std::string& flow, int depth,
                    int adaptiveDepth) {
  return R"({"vcCount":3,"vcClasses":1,"adaptiveVcs":1,"vcDepthFlits":)" +
         std::to_string(depth) + R"(,"adaptiveVcDepthFlits":)" + std::to_string(adaptiveDepth) +
         R"(,"arbiter":")" + arbiter + R"(","flowControl":")" + flow + R"("})";
}
const char* kTorus44 = R"({"radix":[4,4],"wrap":[true,true]})";
const char* kAdaptiveRouting = R"({"algorithm":"direction-order","adaptive":true})";
std::string noTraffic(int packetFlits) {
  return R"({"rateFlitsPerNodeCycle":0,"packetFlits":)" + std::to_string(packetFlits) + "}";
}

struct HopLog final : SimObserver {
  struct Hop {
    std::uint64_t cycle;
    std::int32_t packet;
    NodeId node;
    int port, vc;
  };
  std::vector<Hop> hops;
  std::map<std::int32_t, int> adaptiveHops;  // per packet serial
  int delivered = 0;
  std::int64_t latency = -1;  // of the last delivered packet
  void onEvent(const SimEvent& e) override {
    if (e.kind == SimEventKind::Delivered) latency = e.aux;
    if (e.kind == SimEventKind::Hop) hops.push_back({e.cycle, e.packet, e.node, e.port, e.vc});
    if (e.kind == SimEventKind::AdaptiveHop) ++adaptiveHops[e.packet];
    if (e.kind == SimEventKind::Delivered) ++delivered;
  }
  const Hop* from(std::int32_t packet, NodeId node) const {
    for (const Hop& h : hops) {
      if (h.packet == packet && h.node == node) return &h;
    }
    return nullptr;
  }
};

NodeId at(const Simulator& sim, int x, int y, int z = 0) { return sim.topology().nodeAt({x, y, z}); }

}  // namespace

class TstAdaptive : public QObject {
  Q_OBJECT
 private slots:
  void figure20TwoRequestsPerHop();
  void wholePacketRule_data();
  void wholePacketRule();
  void priorityRule_data();
  void priorityRule();
  void startedAdaptivePacketKeepsTheOutput();
  void blockedAdaptivePacketFallsBack();
  void turnCyclesFollowTheOutputTaken();
  void finalHopStaysDeterministic();
  void orderedRequests_data();
  void orderedRequests();
  void pairDisabledInTheLut();
};

// Manual "Adaptive Routing", Figure 20: LPE 0 -> LPE D with the tag X+01,
// Y+02, Z+01, adaptive bit 1. The LPE numbers fit the 16-PE 2x4x2 torus of
// Figures 12, 14 and 17 (tst_route_examples.cpp): LPE 0 = (0,0,0), 4 =
// (0,0,1), 6 = (0,1,1), C = (0,2,1), D = (1,2,1). (The figure's "X_SIGN = 1"
// for + contradicts Table 7; Flitscope follows Table 7.) Per hop the router
// requests the direction-ordered VC of the lowest unsatisfied direction and
// the adaptive VC of the highest. At LPE C both requests are +X; the text
// says the packet "uses the adaptive VC" there, but the NOTE just above says
// that with both VCs of the same dimension available "the packet uses the
// direction-ordered VC" (and section 7 of the paper agrees: "the
// deterministic VC is used"). Flitscope follows the NOTE.
void TstAdaptive::figure20TwoRequestsPerHop() {
  Simulator sim(configFrom(R"({"radix":[2,4,2],"wrap":[true,true,true]})",
                           router3("t3e", "virtualCutThrough", 8, 8), kAdaptiveRouting,
                           noTraffic(2)));
  const RoutingSetup setup = buildRoutingSetup(sim.topology(), sim.config().routing);
  struct Step {
    int lpe;
    Coord node;
    int det, adaptive;
  };
  const int px = static_cast<int>(Direction::PlusX), py = static_cast<int>(Direction::PlusY),
            pz = static_cast<int>(Direction::PlusZ);
  const std::vector<Step> expected{{0x0, {0, 0, 0}, px, pz},
                                   {0x4, {0, 0, 1}, px, py},
                                   {0x6, {0, 1, 1}, px, py},
                                   {0xC, {0, 2, 1}, px, px},
                                   {0xD, {1, 2, 1}, kProcessorPort, -1}};
  for (const Step& s : expected) {
    QCOMPARE(setup.peMap.logicalOf(sim.topology().nodeAt(s.node)), s.lpe);
  }
  const NodeId src = sim.topology().nodeAt({0, 0, 0}), dst = sim.topology().nodeAt({1, 2, 1});
  const RoutingTag tag = RoutingTag::decode(setup.tables->tagFor(src, dst));
  QCOMPARE(int(tag.xAddr), 1);
  QCOMPARE(int(tag.yAddr), 2);
  QCOMPARE(int(tag.zAddr), 1);
  QVERIFY(!tag.xMinus && !tag.yMinus && !tag.zMinus && tag.adaptive);

  HopLog log;
  sim.setObserver(&log);
  QVERIFY(sim.injectPacket(src, dst));
  std::map<NodeId, Simulator::HeadRequests> seen;
  for (int c = 0; c < 200 && log.delivered == 0; ++c) {
    sim.step();
    for (const Step& s : expected) {
      const NodeId n = sim.topology().nodeAt(s.node);
      for (int port = 0; port < kPortsPerNode; ++port) {
        for (int vc = 0; vc < sim.vcCount(); ++vc) {
          const auto r = sim.headRequests(n, port, vc);
          if (r.deterministic != -1 && !seen.count(n)) seen[n] = r;
        }
      }
    }
  }
  QCOMPARE(log.delivered, 1);
  for (const Step& s : expected) {
    const NodeId n = sim.topology().nodeAt(s.node);
    QVERIFY2(seen.count(n), qPrintable(QString("no head seen at LPE %1").arg(s.lpe, 0, 16)));
    QCOMPARE(seen[n].deterministic, s.det);
    QCOMPARE(seen[n].adaptive, s.adaptive);
  }
  // The path: adaptive +Z, +Y, +Y (both VCs free: "the packet uses the
  // adaptive VC"), then +X on a deterministic VC (same physical output).
  QCOMPARE(int(log.hops.size()), 4);
  const int adaptiveVc = 2;
  const std::vector<std::pair<int, bool>> path{{pz, true}, {py, true}, {py, true}, {px, false}};
  for (std::size_t i = 0; i < path.size(); ++i) {
    QCOMPARE(log.hops[i].node, sim.topology().nodeAt(expected[i].node));
    QCOMPARE(log.hops[i].port, path[i].first);
    QCOMPARE(log.hops[i].vc == adaptiveVc, path[i].second);
  }
  QCOMPARE(log.adaptiveHops[0], 3);
  QCOMPARE(sim.totals().adaptiveHops, std::uint64_t{3});
  QCOMPARE(sim.portCounters(src, pz).adaptiveHops, std::uint64_t{1});
}

// Section 5: "We require that the adaptive buffer have space available for
// the entire packet in order to route a packet on that VC", also under
// wormhole flow control. Two 8-flit packets (0,0) -> (1,1) back to back: the
// first takes the adaptive VC on +Y; when the second's head is routed, the
// first still occupies part of the next adaptive buffer. With an adaptive
// depth of 8 that leaves room for less than a whole packet, so the second
// falls back to the deterministic VC on +X (a plain wormhole rule, one free
// slot, would have taken the adaptive VC); with 16 it goes adaptive too.
void TstAdaptive::wholePacketRule_data() {
  QTest::addColumn<QString>("flow");
  QTest::addColumn<int>("adaptiveDepth");
  QTest::addColumn<bool>("secondAdaptive");
  QTest::newRow("wormhole, adaptive depth 8: falls back") << "wormhole" << 8 << false;
  QTest::newRow("wormhole, adaptive depth 16: adaptive") << "wormhole" << 16 << true;
  QTest::newRow("cut-through, adaptive depth 8: falls back") << "virtualCutThrough" << 8 << false;
  QTest::newRow("cut-through, adaptive depth 16: adaptive") << "virtualCutThrough" << 16 << true;
}

void TstAdaptive::wholePacketRule() {
  QFETCH(QString, flow);
  QFETCH(int, adaptiveDepth);
  QFETCH(bool, secondAdaptive);
  Simulator sim(configFrom(kTorus44, router3("t3e", flow.toStdString(), 8, adaptiveDepth),
                           kAdaptiveRouting, noTraffic(8)));
  HopLog log;
  sim.setObserver(&log);
  const NodeId src = at(sim, 0, 0), dst = at(sim, 1, 1);
  QVERIFY(sim.injectPacket(src, dst));
  QVERIFY(sim.injectPacket(src, dst));
  sim.run(200);
  QCOMPARE(log.delivered, 2);
  const int px = static_cast<int>(Direction::PlusX), py = static_cast<int>(Direction::PlusY);
  const auto* first = log.from(0, src);
  const auto* second = log.from(1, src);
  QVERIFY(first && second);
  QCOMPARE(first->port, py);
  QCOMPARE(first->vc, 2);
  QCOMPARE(second->port, secondAdaptive ? py : px);
  QCOMPARE(second->vc == 2, secondAdaptive);
}

// Section 7: "the adaptive VC has lowest priority, unless it has a packet
// that has started". Packet A is injected at (0,1) with an initial +X hop
// (LUT entry: no adaptive request while the initial hop is pending) towards
// (2,2); at (1,1) it requests the deterministic +X and the adaptive +Y.
// Packet D, injected at (1,1) so that its head is ready in the same cycle,
// wants +Y deterministically. A arrives by input port -X (3), D by the
// processor port (6): round robin from port 0 favours A. Under the T3E
// arbiter D wins +Y anyway and A flows on its deterministic +X at the same
// cycle; with plain round robin (no priority rule) A wins both and flows
// adaptively on +Y, and D waits.
void TstAdaptive::priorityRule_data() {
  QTest::addColumn<QString>("arbiter");
  QTest::addColumn<bool>("adaptiveLowest");
  QTest::newRow("t3e: deterministic head beats a new adaptive packet") << "t3e" << true;
  QTest::newRow("roundRobin: no priority") << "roundRobin" << false;
}

void TstAdaptive::priorityRule() {
  QFETCH(QString, arbiter);
  QFETCH(bool, adaptiveLowest);
  const Topology topo(TopologySpec{2, {4, 4, 1}, {true, true, false}});
  const NodeId aSrc = topo.nodeAt({0, 1, 0}), aDst = topo.nodeAt({2, 2, 0});
  RoutingTag t;
  t.initialHop = InitialHop::PlusX;
  t.xAddr = 2;
  t.yAddr = 2;
  t.adaptive = true;
  RoutingConfig rc = defaultRoutingConfig(topo.spec());
  const RoutingSetup plain = buildRoutingSetup(topo, rc);
  const std::string routing =
      R"({"algorithm":"direction-order","adaptive":true,"lutEntries":[{"node":"0,1","index":)" +
      std::to_string(plain.peMap.logicalOf(aDst)) + R"(,"tag":")" + formatTagHex(t.encode()) +
      R"("}]})";
  Simulator sim(configFrom(kTorus44, router3(arbiter.toStdString(), "virtualCutThrough", 8, 8),
                           routing, noTraffic(2)));
  HopLog log;
  sim.setObserver(&log);
  const NodeId r = at(sim, 1, 1), dDst = at(sim, 1, 2);
  QVERIFY(sim.injectPacket(aSrc, aDst));  // serial 0
  sim.run(4);
  QVERIFY(sim.injectPacket(r, dDst));  // serial 1
  sim.run(100);
  QCOMPARE(log.delivered, 2);
  const auto* a = log.from(0, r);
  const auto* d = log.from(1, r);
  QVERIFY(a && d);
  QCOMPARE(log.from(0, aSrc)->port, int(Direction::PlusX));  // the initial hop
  QCOMPARE(log.from(0, aSrc)->vc == 2, false);
  if (adaptiveLowest) {
    QCOMPARE(a->cycle, d->cycle);  // they competed in the same cycle
    QCOMPARE(d->port, int(Direction::PlusY));
    QCOMPARE(a->port, int(Direction::PlusX));
    QVERIFY(a->vc != 2);
    QCOMPARE(log.adaptiveHops[0], 0);
  } else {
    QCOMPARE(a->port, int(Direction::PlusY));
    QCOMPARE(a->vc, 2);
    QVERIFY(d->cycle > a->cycle);
    QVERIFY(log.adaptiveHops[0] >= 1);
  }
}

// Section 7: the adaptive VC has lowest priority "unless it has a packet that
// has started, but not yet completed", and "the winning VC keeps control of
// the output until ... the packet completes". An 8-flit packet A from (1,1)
// to (2,2) leaves on the adaptive VC +Y; while its body streams out, packet D
// (from (1,0), heading +Y to (1,2)) reaches (1,1) and wants +Y on a
// deterministic VC. D waits for A's tail.
void TstAdaptive::startedAdaptivePacketKeepsTheOutput() {
  Simulator sim(configFrom(kTorus44, router3("t3e", "virtualCutThrough", 8, 8), kAdaptiveRouting,
                           noTraffic(8)));
  HopLog log;
  sim.setObserver(&log);
  const NodeId r = at(sim, 1, 1);
  QVERIFY(sim.injectPacket(r, at(sim, 2, 2)));  // serial 0
  sim.run(1);
  QVERIFY(sim.injectPacket(at(sim, 1, 0), at(sim, 1, 2)));  // serial 1
  sim.run(200);
  QCOMPARE(log.delivered, 2);
  const auto* a = log.from(0, r);
  const auto* d = log.from(1, r);
  QVERIFY(a && d);
  QCOMPARE(a->port, int(Direction::PlusY));
  QCOMPARE(a->vc, 2);
  QCOMPARE(d->port, int(Direction::PlusY));
  QVERIFY2(d->cycle < a->cycle + 8 + 4, "D arrived while A was still streaming (the test's premise)");
  QVERIFY2(d->cycle >= a->cycle + 8,
           qPrintable(QString("D left at %1, A's head at %2: D cut into A").arg(d->cycle).arg(a->cycle)));
}

// Sections 3.4 and 5: "packets that might otherwise be deadlocked can always
// reenter the acyclic network". Packet B travels adaptively +Y from (1,0) to
// (1,1), where it wants +X (deterministic) or +Y (adaptive) towards (2,2);
// the adaptive VC on +Y is held by the 8-flit packet A streaming out of
// (1,1), so B leaves on its deterministic VC on +X before A's tail.
void TstAdaptive::blockedAdaptivePacketFallsBack() {
  Simulator sim(configFrom(kTorus44, router3("t3e", "virtualCutThrough", 8, 8), kAdaptiveRouting,
                           noTraffic(8)));
  HopLog log;
  sim.setObserver(&log);
  const NodeId r = at(sim, 1, 1), bSrc = at(sim, 1, 0);
  QVERIFY(sim.injectPacket(r, at(sim, 2, 2)));  // A, serial 0
  sim.run(1);
  QVERIFY(sim.injectPacket(bSrc, at(sim, 2, 2)));  // B, serial 1
  sim.run(200);
  QCOMPARE(log.delivered, 2);
  const auto* a = log.from(0, r);
  const auto* bFirst = log.from(1, bSrc);
  const auto* b = log.from(1, r);
  QVERIFY(a && bFirst && b);
  QCOMPARE(a->port, int(Direction::PlusY));
  QCOMPARE(a->vc, 2);
  QCOMPARE(bFirst->port, int(Direction::PlusY));  // B came in on the adaptive VC
  QCOMPARE(bFirst->vc, 2);
  QCOMPARE(b->port, int(Direction::PlusX));
  QVERIFY(b->vc != 2);
  QVERIFY2(b->cycle < a->cycle + 8, "B left before A's tail freed the adaptive VC");
}

// T3E Table 2: a turn costs extra router cycles (turnExtraCycles 3 here, the
// T3E preset's value). (0,0,0) -> (2,2,2) on a 4x4x4 torus: the
// deterministic route +X,+X,+Y,+Y,+Z,+Z and the adaptive route
// +Z,+Z,+Y,+Y,+X,+X both turn twice, so an unloaded packet has the same
// latency either way; while it goes straight on the adaptive path its
// deterministic choice would turn, which must not cost it anything.
void TstAdaptive::turnCyclesFollowTheOutputTaken() {
  auto latency = [](bool adaptive) {
    Simulator sim(configFrom(
        R"({"radix":[4,4,4],"wrap":[true,true,true]})",
        R"({"vcCount":3,"vcClasses":1,"adaptiveVcs":1,"vcDepthFlits":8,"arbiter":"t3e","turnExtraCycles":3})",
        kAdaptiveRouting, noTraffic(2)));
    sim.setAdaptive(adaptive);
    HopLog log;
    sim.setObserver(&log);
    sim.injectPacket(at(sim, 0, 0, 0), at(sim, 2, 2, 2));
    sim.run(200);
    return std::make_pair(log.latency, static_cast<int>(sim.totals().adaptiveHops));
  };
  const auto det = latency(false);
  const auto ad = latency(true);
  QCOMPARE(det.second, 0);
  QCOMPARE(ad.second, 4);  // +Z,+Z,+Y,+Y adaptive; the last +X hops: same output, deterministic VC
  QVERIFY(det.first > 0);
  QCOMPARE(ad.first, det.first);
}

// Section 2.3 / manual "Final-hop Option": the final -Z hop is taken after
// every dimension is satisfied, on the deterministic network (no adaptive
// request then). Tag (0,0,0) -> (1,1,1) on 4x4x4 routed to the +Z neighbour
// (1,1,2), then the final -Z hop: the packet adapts on the way (+Z first)
// and its last hop is -Z on a deterministic VC.
void TstAdaptive::finalHopStaysDeterministic() {
  const Topology topo(TopologySpec{3, {4, 4, 4}, {true, true, true}});
  const NodeId src = topo.nodeAt({0, 0, 0}), dst = topo.nodeAt({1, 1, 1});
  RoutingTag t;
  t.xAddr = 1;
  t.yAddr = 1;
  t.zAddr = 2;
  t.finalHop = true;
  t.adaptive = true;
  const RoutingSetup plain = buildRoutingSetup(topo, defaultRoutingConfig(topo.spec()));
  const std::string routing =
      R"({"algorithm":"direction-order","adaptive":true,"lutEntries":[{"node":"0,0,0","index":)" +
      std::to_string(plain.peMap.logicalOf(dst)) + R"(,"tag":")" + formatTagHex(t.encode()) +
      R"("}]})";
  Simulator sim(configFrom(R"({"radix":[4,4,4],"wrap":[true,true,true]})",
                           router3("t3e", "virtualCutThrough", 8, 8), routing, noTraffic(2)));
  HopLog log;
  sim.setObserver(&log);
  QVERIFY(sim.injectPacket(src, dst));
  sim.run(200);
  QCOMPARE(log.delivered, 1);
  QCOMPARE(int(log.hops.size()), 5);
  QCOMPARE(log.hops.front().port, int(Direction::PlusZ));  // adaptive first hop
  QCOMPARE(log.hops.front().vc, 2);
  const auto& last = log.hops.back();
  QCOMPARE(last.node, topo.nodeAt({1, 1, 2}));
  QCOMPARE(last.port, int(Direction::MinusZ));
  QVERIFY(last.vc != 2);
}

// Section 5: "The processor may issue ordered requests which will not adapt
// (although their responses will because that is not functionally
// visible)." A Get request (0,0,0) -> (2,2,2) and its response on a 4x4x4
// torus with the T3E's five VCs.
void TstAdaptive::orderedRequests_data() {
  QTest::addColumn<bool>("ordered");
  QTest::newRow("ordered request: never adapts, its response does") << true;
  QTest::newRow("unordered request adapts") << false;
}

void TstAdaptive::orderedRequests() {
  QFETCH(bool, ordered);
  Simulator sim(configFrom(
      R"({"radix":[4,4,4],"wrap":[true,true,true]})",
      R"({"vcCount":5,"vcClasses":2,"adaptiveVcs":1,"vcDepthFlits":12,"adaptiveVcDepthFlits":22,"arbiter":"t3e"})",
      kAdaptiveRouting, R"({"rateFlitsPerNodeCycle":0,"mix":{"getRequest":1}})"));
  HopLog log;
  sim.setObserver(&log);
  QVERIFY(sim.injectPacket(at(sim, 0, 0, 0), at(sim, 2, 2, 2), PacketKind::GetRequest, ordered));
  sim.run(300);
  QCOMPARE(log.delivered, 2);  // the request (serial 0) and its response (serial 1)
  QCOMPARE(log.adaptiveHops[0] == 0, ordered);
  QVERIFY(log.adaptiveHops[1] > 0);
}

// Section 5: "The routing tables can also turn off all adaptive routing for
// traffic between any two nodes": a LUT entry without bit 37.
void TstAdaptive::pairDisabledInTheLut() {
  const Topology topo(TopologySpec{2, {4, 4, 1}, {true, true, false}});
  const NodeId src = topo.nodeAt({0, 0, 0}), off = topo.nodeAt({2, 2, 0}),
               on = topo.nodeAt({2, 1, 0});
  const RoutingSetup plain = buildRoutingSetup(topo, defaultRoutingConfig(topo.spec()));
  const std::string routing =
      R"({"algorithm":"direction-order","adaptive":true,"lutEntries":[{"node":"0,0","index":)" +
      std::to_string(plain.peMap.logicalOf(off)) + R"(,"tag":")" +
      formatTagHex(minimalTag(topo, src, off, false)) + R"("}]})";
  Simulator sim(configFrom(kTorus44, router3("t3e", "virtualCutThrough", 8, 8), routing,
                           noTraffic(2)));
  HopLog log;
  sim.setObserver(&log);
  QVERIFY(sim.injectPacket(src, off));  // serial 0: entry without bit 37
  QVERIFY(sim.injectPacket(src, on));   // serial 1: generated entry, bit 37 set
  sim.run(200);
  QCOMPARE(log.delivered, 2);
  QCOMPARE(log.adaptiveHops[0], 0);
  QVERIFY(log.adaptiveHops[1] > 0);
}

FLITSCOPE_TEST_APPLESS_MAIN(TstAdaptive)
#include "tst_adaptive.moc"
