// The simulator core: zero-load latency equals the pipeline formula, the
// accounting invariant holds every cycle, datelines prevent the Dally & Seitz
// ring deadlock (Figure 1) and without them the watchdog reports the cycle,
// requests produce their Table 3 responses (T3E paper, Table 3, section 3.3).
#include "test_main.h"
#include "scenario/scenario.h"
#include "sim/simulator.h"

#include <QtTest>

#include <map>
#include <set>
#include <tuple>

using namespace flit;

namespace {

SimConfig configFrom(const std::string& topology, const std::string& router,
                     const std::string& routing, const std::string& traffic,
                     std::uint64_t seed = 7) {
  const std::string json = R"({"format":"flitscope-scenario","version":1,"seed":)" +
                           std::to_string(seed) + R"(,"topology":)" + topology +
                           R"(,"router":)" + router + R"(,"routing":)" + routing +
                           R"(,"traffic":)" + traffic + "}";
  return simConfigFromScenario(parseScenario(json));
}

struct LatencyProbe final : SimObserver {
  std::int64_t latency = -1;
  int hops = 0;
  void onEvent(const SimEvent& e) override {
    if (e.kind == SimEventKind::Delivered) latency = e.aux;
    if (e.kind == SimEventKind::Hop) ++hops;
  }
};

}  // namespace

class TstSim : public QObject {
  Q_OBJECT
 private slots:
  void zeroLoadLatency_data();
  void zeroLoadLatency();
  void invariantEveryCycle_data();
  void invariantEveryCycle();
  void datelinesPreventDeadlock_data();
  void datelinesPreventDeadlock();
  void ringWithoutDatelinesDeadlocks();
  void requestsProduceResponses();
  void failedLinkDropsWithReason();
  void misrouteDropsWithReason();
  void sameSeedSameRun();
  void portCountersAndOccupancy();
  void linkFailsAndRepairsWhileRunning();
  void t3eArbiterKeepsTheOutput_data();
  void t3eArbiterKeepsTheOutput();
  void snapshotShowsEveryFlit();
};

// Zero-load latency of one packet, docs/engine.md:
//   (P - 1 + inject) + H * (P + link) + turns * turnExtra + eject + (L - 1)
// with P = route + vcAlloc + switchAlloc cycles.
void TstSim::zeroLoadLatency_data() {
  QTest::addColumn<QString>("router");
  QTest::addColumn<QString>("to");
  QTest::addColumn<int>("flits");
  QTest::addColumn<int>("hops");
  QTest::addColumn<int>("turns");
  QTest::addColumn<int>("expected");
  const QString generic = R"({"vcCount":2,"vcDepthFlits":8})";
  const QString slow =
      R"({"vcCount":2,"vcDepthFlits":8,"routeCycles":2,"vcAllocCycles":1,"switchAllocCycles":1,"linkDelayCycles":3})";
  // T3E Table 2: 3 cycles straight, 6 turning (pins to pins), end points 10.
  const QString t3e =
      R"({"vcCount":2,"vcDepthFlits":12,"routeCycles":1,"vcAllocCycles":0,"switchAllocCycles":1,"linkDelayCycles":1,"turnExtraCycles":3,"injectExtraCycles":7,"ejectExtraCycles":7})";
  QTest::newRow("generic, 1 hop +X, 1 flit") << generic << "1,0,0" << 1 << 1 << 0 << 2 + 4;
  QTest::newRow("generic, 3 hops +X, 1 flit") << generic << "3,0,0" << 1 << 3 << 0 << 2 + 12;
  QTest::newRow("generic, 2 hops -X (wrap), 4 flits") << generic << "6,0,0" << 4 << 2 << 0 << 2 + 8 + 3;
  QTest::newRow("generic, X Y Z, 4 flits") << generic << "1,2,3" << 4 << 6 << 2 << 2 + 24 + 3;
  QTest::newRow("slow stages, X Y") << slow << "2,1,0" << 2 << 3 << 1 << 3 + 3 * 7 + 1;
  QTest::newRow("T3E straight 3 hops") << t3e << "3,0,0" << 1 << 3 << 0 << 1 + 7 + 9 + 7;
  QTest::newRow("T3E one turn, 2 flits") << t3e << "2,2,0" << 2 << 4 << 1 << 1 + 7 + 12 + 3 + 7 + 1;
  QTest::newRow("T3E two turns, 10 flits") << t3e << "1,1,1" << 10 << 3 << 2 << 1 + 7 + 9 + 6 + 7 + 9;
  // Not speculative (router.speculative false): the same zero-load latency;
  // VC allocation ends where the speculative router's pipeline ends minus
  // the switch allocation, which follows it (docs/engine.md).
  auto notSpeculative = [](QString r) { return r.replace(QStringLiteral("{"), QStringLiteral(R"({"speculative":false,)")); };
  QTest::newRow("not speculative, generic, X Y Z, 4 flits") << notSpeculative(generic) << "1,2,3" << 4 << 6 << 2 << 2 + 24 + 3;
  QTest::newRow("not speculative, slow stages, X Y") << notSpeculative(slow) << "2,1,0" << 2 << 3 << 1 << 3 + 3 * 7 + 1;
  QTest::newRow("not speculative, T3E stages, two turns") << notSpeculative(t3e) << "1,1,1" << 10 << 3 << 2 << 1 + 7 + 9 + 6 + 7 + 9;
  // Store-and-forward (Dally & Seitz section 1: L x D against L + D): every
  // router, the source's included, waits for the tail, (H + 1)(L - 1) more.
  auto storeAndForward = [](QString r) { return r.replace(QStringLiteral("{"), QStringLiteral(R"({"flowControl":"storeAndForward",)")); };
  QTest::newRow("store-and-forward, generic, 1 flit") << storeAndForward(generic) << "3,0,0" << 1 << 3 << 0 << 2 + 12;
  QTest::newRow("store-and-forward, generic, 2 hops -X, 4 flits") << storeAndForward(generic) << "6,0,0" << 4 << 2 << 0 << 2 + 8 + 3 + 3 * 3;
  QTest::newRow("store-and-forward, generic, X Y Z, 4 flits") << storeAndForward(generic) << "1,2,3" << 4 << 6 << 2 << 2 + 24 + 3 + 7 * 3;
  QTest::newRow("store-and-forward, T3E two turns, 10 flits") << storeAndForward(t3e) << "1,1,1" << 10 << 3 << 2 << 1 + 7 + 9 + 6 + 7 + 9 + 4 * 9;
  QTest::newRow("store-and-forward, not speculative, X Y Z") << storeAndForward(notSpeculative(generic)) << "1,2,3" << 4 << 6 << 2 << 2 + 24 + 3 + 7 * 3;
}

void TstSim::zeroLoadLatency() {
  QFETCH(QString, router);
  QFETCH(QString, to);
  QFETCH(int, flits);
  QFETCH(int, hops);
  QFETCH(int, turns);
  QFETCH(int, expected);
  Q_UNUSED(turns);
  const SimConfig cfg = configFrom(R"({"radix":[8,8,8]})", router.toStdString(),
                                   R"({"algorithm":"dimension-order"})",
                                   R"({"rateFlitsPerNodeCycle":0,"packetFlits":)" +
                                       std::to_string(flits) + "}");
  Simulator sim(cfg);
  LatencyProbe probe;
  sim.setObserver(&probe);
  Coord c;
  const QStringList parts = to.split(',');
  for (int i = 0; i < 3; ++i) c[i] = parts[i].toInt();
  QVERIFY(sim.injectPacket(0, sim.topology().nodeAt(c)));
  sim.run(500);
  QCOMPARE(sim.totals().delivered, 1u);
  QCOMPARE(probe.hops, hops);
  QCOMPARE(probe.latency, static_cast<std::int64_t>(expected));
}

void TstSim::invariantEveryCycle_data() {
  QTest::addColumn<QString>("router");
  QTest::addColumn<QString>("traffic");
  QTest::addColumn<QString>("failed");
  QTest::addColumn<QString>("routing");
  QTest::addColumn<int>("radix");
  QTest::addRow("wormhole, 4-flit, saturated, failed links")
      << R"({"vcCount":2,"vcDepthFlits":4,"flowControl":"wormhole"})"
      << R"({"rateFlitsPerNodeCycle":0.9,"packetFlits":4})"
      << R"(["0,0,0:+X","1,2,3:-Y"])" << R"({"algorithm":"dimension-order"})" << 4;
  QTest::addRow("not speculative, wormhole, 4-flit, saturated, failed links")
      << R"({"vcCount":2,"vcDepthFlits":4,"flowControl":"wormhole","speculative":false})"
      << R"({"rateFlitsPerNodeCycle":0.9,"packetFlits":4})"
      << R"(["0,0,0:+X","1,2,3:-Y"])" << R"({"algorithm":"dimension-order"})" << 4;
  QTest::addRow("store-and-forward, 4-flit, saturated, failed links")
      << R"({"vcCount":2,"vcDepthFlits":4,"flowControl":"storeAndForward"})"
      << R"({"rateFlitsPerNodeCycle":0.9,"packetFlits":4})"
      << R"(["0,0,0:+X","1,2,3:-Y"])" << R"({"algorithm":"dimension-order"})" << 4;
  QTest::addRow("not speculative, T3E kinds, cut-through, T3E arbiter")
      << R"({"vcCount":4,"vcClasses":2,"vcDepthFlits":12,"arbiter":"t3e","speculative":false})"
      << R"({"rateFlitsPerNodeCycle":0.4,"mix":{"getRequest":1,"vectorGetRequest":1,"putRequest":1,"vectorPutRequest":1}})"
      << R"(["2,0,0:+Z"])" << R"({"algorithm":"direction-order"})" << 4;
  QTest::addRow("T3E requests and responses, direction order")
      << R"({"vcCount":5,"vcClasses":2,"adaptiveVcs":1,"vcDepthFlits":12,"adaptiveVcDepthFlits":22,"arbiter":"t3e"})"
      << R"({"rateFlitsPerNodeCycle":0.4,"mix":{"getRequest":1,"vectorGetRequest":1,"putRequest":1,"vectorPutRequest":1}})"
      << R"(["2,0,0:+Z"])" << R"({"algorithm":"direction-order"})" << 4;
}

void TstSim::invariantEveryCycle() {
  QFETCH(QString, router);
  QFETCH(QString, traffic);
  QFETCH(QString, failed);
  QFETCH(QString, routing);
  QFETCH(int, radix);
  const std::string topo = R"({"radix":[)" + std::to_string(radix) + "," + std::to_string(radix) +
                           "," + std::to_string(radix) + "]}";
  const std::string json = R"({"format":"flitscope-scenario","version":1,"seed":3,"topology":)" +
                           topo + R"(,"faults":{"failedLinks":)" + failed.toStdString() +
                           R"(},"router":)" + router.toStdString() + R"(,"routing":)" +
                           routing.toStdString() + R"(,"traffic":)" + traffic.toStdString() + "}";
  Simulator sim(simConfigFromScenario(parseScenario(json)));
  for (int i = 0; i < 4000; ++i) {
    QVERIFY(sim.step());
    const SimTotals& t = sim.totals();
    QCOMPARE(t.injected, t.delivered + t.droppedTotal() + t.inFlight);
    if (i % 8 == 0) QCOMPARE(sim.auditInFlight(), t.inFlight);
  }
  QVERIFY(sim.totals().delivered > 1000);
  QVERIFY(sim.totals().inFlight > 0);
  // Stop the traffic: everything drains.
  sim.setInjectionRate(0);
  sim.run(5000);
  QVERIFY(!sim.deadlocked());
  QCOMPARE(sim.totals().inFlight, 0u);
  QCOMPARE(sim.auditInFlight(), 0u);
}

// Saturation over 10^5 cycles: with datelines (VC0 -> VC1 at the dateline
// node, T3E section 3.2) no deadlock, and the network keeps delivering.
void TstSim::datelinesPreventDeadlock_data() {
  QTest::addColumn<QString>("topology");
  QTest::addColumn<int>("cycles");
  QTest::addRow("4-ring") << R"({"radix":[4]})" << 100000;
  QTest::addRow("8x8 torus") << R"({"radix":[8,8]})" << 100000;
}

void TstSim::datelinesPreventDeadlock() {
  QFETCH(QString, topology);
  QFETCH(int, cycles);
  Simulator sim(configFrom(topology.toStdString(),
                           R"({"vcCount":2,"vcDepthFlits":2,"flowControl":"wormhole","watchdogCycles":500})",
                           R"({"algorithm":"dimension-order"})",
                           R"({"rateFlitsPerNodeCycle":1.0,"packetFlits":6})"));
  const auto ran = sim.run(static_cast<std::uint64_t>(cycles));
  QVERIFY2(!sim.deadlocked(), sim.deadlockReport().describe(sim.topology()).c_str());
  QCOMPARE(ran, static_cast<std::uint64_t>(cycles));
  QVERIFY(sim.totals().datelineCrossings > 0);
  QCOMPARE(sim.totals().datelineViolations, 0u);
  const auto before = sim.totals().delivered;
  sim.run(1000);
  QVERIFY(sim.totals().delivered > before);
}

// Dally & Seitz, Figure 1: the same ring without datelines (every packet on
// VC0) deadlocks; the watchdog names the cycle of waiting buffers, each
// waiting for the next one around the ring.
void TstSim::ringWithoutDatelinesDeadlocks() {
  Simulator sim(configFrom(R"({"radix":[4]})",
                           R"({"vcCount":2,"vcDepthFlits":2,"flowControl":"wormhole","watchdogCycles":500})",
                           R"({"algorithm":"dimension-order","datelines":[null]})",
                           R"({"rateFlitsPerNodeCycle":1.0,"packetFlits":6})"));
  sim.run(100000);
  QVERIFY(sim.deadlocked());
  const DeadlockReport& r = sim.deadlockReport();
  QVERIFY2(r.cycle.size() >= 2, r.describe(sim.topology()).c_str());
  QCOMPARE(r.detectedCycle - r.lastMoveCycle, 500u);
  std::set<NodeId> routers;
  for (std::size_t i = 0; i < r.cycle.size(); ++i) {
    const WaitingVc& w = r.cycle[i];
    routers.insert(w.node);
    // Without datelines no packet leaves on VC1: a network buffer in the cycle
    // is a VC0 buffer (the injection buffers may use either VC).
    if (w.port != kProcessorPort) QCOMPARE(w.vc, 0);
    QVERIFY(w.packet >= 0);
    QVERIFY(sim.bufferedFlits(w.node, w.port, w.vc) > 0);
  }
  QCOMPARE(routers.size(), std::size_t{4});  // the cycle goes round the whole ring (Figure 1)
  QVERIFY(!sim.step());                       // a deadlocked simulator does not advance
  QVERIFY(r.describe(sim.topology()).find("waits for") != std::string::npos);
  qInfo("%s", r.describe(sim.topology()).c_str());
}

// T3E paper Table 3 and section 3.3: each request is answered by exactly one
// response of the Table 3 length, carried on the response VC class.
void TstSim::requestsProduceResponses() {
  Simulator sim(configFrom(
      R"({"radix":[4,4,4]})",
      R"({"vcCount":4,"vcClasses":2,"vcDepthFlits":12})", R"({"algorithm":"direction-order"})",
      R"({"rateFlitsPerNodeCycle":0.3,"mix":{"getRequest":1,"vectorGetRequest":1,"putRequest":1,"vectorPutRequest":1}})"));
  sim.run(3000);
  sim.setInjectionRate(0);
  sim.run(3000);
  QCOMPARE(sim.totals().inFlight, 0u);
  const auto& n = sim.totals().deliveredByKind;
  const auto& f = sim.totals().deliveredFlitsByKind;
  for (PacketKind req : {PacketKind::GetRequest, PacketKind::VectorGetRequest,
                         PacketKind::PutRequest, PacketKind::VectorPutRequest}) {
    const auto r = static_cast<std::size_t>(req);
    const auto resp = static_cast<std::size_t>(responseOf(req));
    QVERIFY(n[r] > 100);
    QCOMPARE(n[resp], n[r]);
    QCOMPARE(f[r], n[r] * static_cast<std::uint64_t>(tableLengthFlits(req)));
    QCOMPARE(f[resp], n[resp] * static_cast<std::uint64_t>(tableLengthFlits(responseOf(req))));
  }
  QCOMPARE(tableLengthFlits(PacketKind::VectorGetResponse), 10);
  QCOMPARE(tableLengthFlits(PacketKind::PutRequest), 4);
  QCOMPARE(sim.totals().responsesCreated,
           n[1] + n[3] + n[5] + n[7]);
}

// TRC routes are fixed (dimension order detours, tst_dor_detours): a packet
// whose route meets the failed link is dropped there with its reason.
void TstSim::failedLinkDropsWithReason() {
  const std::string json =
      R"({"format":"flitscope-scenario","version":1,"topology":{"radix":[4,4]},"faults":{"failedLinks":["0,0:+X"]},"routing":{"algorithm":"trc"},"traffic":{"rateFlitsPerNodeCycle":0}})";
  Simulator sim(simConfigFromScenario(parseScenario(json)));
  QVERIFY(sim.injectPacket(0, 1));  // needs the failed link
  QVERIFY(sim.injectPacket(0, 4));  // +Y: fine
  sim.run(200);
  QCOMPARE(sim.totals().dropped[static_cast<std::size_t>(DropReason::RouteThroughFailedLink)], 1u);
  QCOMPARE(sim.totals().delivered, 1u);
  QCOMPARE(sim.totals().inFlight, 0u);
}

// A routing tag whose initial hop (+Z) leaves a 2D machine: the T3E logs a
// misroute (R_ERR0 bit 56); the simulator drops the packet with that reason.
void TstSim::misrouteDropsWithReason() {
  const std::string json =
      R"({"format":"flitscope-scenario","version":1,"topology":{"radix":[4,4]},)"
      R"("routing":{"algorithm":"direction-order","lutEntries":[{"node":"0,0","index":1,"tag":"0x0000000200000001"}]},)"
      R"("traffic":{"rateFlitsPerNodeCycle":0,"packetFlits":3}})";
  Simulator sim(simConfigFromScenario(parseScenario(json)));
  QVERIFY(sim.injectPacket(0, 1));  // uses the bad R_NET_LUT[1] entry
  QVERIFY(sim.injectPacket(0, 4));  // (0,1): a good minimal tag
  sim.run(200);
  QCOMPARE(sim.totals().dropped[static_cast<std::size_t>(DropReason::Misroute)], 1u);
  QCOMPARE(sim.totals().delivered, 1u);
  QCOMPARE(sim.totals().inFlight, 0u);
  QCOMPARE(sim.auditInFlight(), 0u);
}

void TstSim::sameSeedSameRun() {
  auto fingerprint = [](std::uint64_t seed) {
    Simulator sim(configFrom(R"({"radix":[4,4,4]})", R"({"vcCount":2})",
                             R"({"algorithm":"dimension-order"})",
                             R"({"rateFlitsPerNodeCycle":0.3,"packetFlits":3})", seed));
    FingerprintObserver fp;
    sim.setObserver(&fp);
    sim.run(2000);
    return fp.hash();
  };
  QCOMPARE(fingerprint(5), fingerprint(5));
  QVERIFY(fingerprint(5) != fingerprint(6));
}

// The GUI's frame snapshot (collectFlits) holds every flit: each buffered
// one, also in routers whose front flits are all still in the pipeline
// (such a router sleeps until its wake), and each one on a wire.
void TstSim::snapshotShowsEveryFlit() {
  Simulator sim(configFrom(R"({"radix":[4,4,4]})", R"({"vcCount":2})",
                           R"({"algorithm":"dimension-order"})",
                           R"({"rateFlitsPerNodeCycle":0.2,"packetFlits":3})"));
  std::vector<FlitView> flits;
  int cyclesWithBufferedFlits = 0;
  for (int cycle = 0; cycle < 300; ++cycle) {
    sim.step();
    sim.collectFlits(flits);
    std::uint64_t buffered = 0;
    std::map<std::tuple<NodeId, int, int>, int> shown;
    for (const FlitView& f : flits) {
      if (!f.onLink) ++shown[{f.node, f.port, f.vc}];
    }
    for (NodeId n = 0; n < sim.topology().nodeCount(); ++n) {
      for (int port = 0; port < kPortsPerNode; ++port) {
        for (int vc = 0; vc < sim.vcCount(); ++vc) {
          const int held = sim.bufferedFlits(n, port, vc);
          buffered += static_cast<std::uint64_t>(held);
          const auto it = shown.find({n, port, vc});
          if ((it == shown.end() ? 0 : it->second) != held) {
            QFAIL(qPrintable(QStringLiteral("cycle %1: node %2 port %3 VC %4 holds %5 flits")
                                 .arg(cycle)
                                 .arg(n)
                                 .arg(port)
                                 .arg(vc)
                                 .arg(held)));
          }
        }
      }
    }
    cyclesWithBufferedFlits += buffered > 0;
  }
  QVERIFY(cyclesWithBufferedFlits > 200);
}

void TstSim::portCountersAndOccupancy() {
  Simulator sim(configFrom(R"({"radix":[4,4,4]})", R"({"vcCount":2})",
                           R"({"algorithm":"dimension-order"})",
                           R"({"rateFlitsPerNodeCycle":0,"packetFlits":4})"));
  QVERIFY(sim.injectPacket(0, 2));  // +X twice
  sim.run(100);
  // Node 1 received the packet on its -X input port; node 0 sent 4 flits on +X.
  const PortCounters in1 = sim.portCounters(1, static_cast<int>(Direction::MinusX));
  QCOMPARE(in1.packets[0] + in1.packets[1], 1u);
  QCOMPARE(in1.flits[0] + in1.flits[1], 4u);
  QCOMPARE(sim.portCounters(0, static_cast<int>(Direction::PlusX)).flitsSent, 4u);
  QVERIFY(sim.linkUtilization(0, static_cast<int>(Direction::PlusX)) > 0.0);
  double occ = 0;
  for (int vc = 0; vc < 2; ++vc) occ += sim.meanOccupancy(1, static_cast<int>(Direction::MinusX), vc);
  QVERIFY(occ > 0.0);
}

// Run-time failure: no head crosses the failed link afterwards, packets that
// wanted it are dropped with reason route-through-failed-link, accounting holds every cycle,
// and after the repair the link carries traffic again.
void TstSim::linkFailsAndRepairsWhileRunning() {
  Simulator sim(configFrom(R"({"radix":[4,4,4]})", R"({"vcCount":2,"vcDepthFlits":4})",
                           R"({"algorithm":"dimension-order"})",
                           R"({"rateFlitsPerNodeCycle":0.5,"packetFlits":4})"));
  struct HopsOn final : SimObserver {
    NodeId node = 0;
    int port = 0;
    int count = 0;
    void onEvent(const SimEvent& e) override {
      if (e.kind == SimEventKind::Hop && e.node == node && e.port == port) ++count;
    }
  } hops;
  sim.setObserver(&hops);
  sim.run(500);
  const LinkId link = sim.topology().linkFrom(0, Direction::PlusX);
  sim.failLink(link);
  hops.count = 0;
  for (int i = 0; i < 2000; ++i) {
    QVERIFY(sim.step());
    const SimTotals& t = sim.totals();
    QCOMPARE(t.injected, t.delivered + t.droppedTotal() + t.inFlight);
  }
  QCOMPARE(hops.count, 0);
  QVERIFY(sim.totals().dropped[static_cast<std::size_t>(DropReason::RouteThroughFailedLink)] > 0);
  QCOMPARE(sim.auditInFlight(), sim.totals().inFlight);
  sim.repairLink(link);
  sim.run(500);
  QVERIFY(hops.count > 0);
  sim.setInjectionRate(0);
  sim.run(2000);
  QVERIFY(!sim.deadlocked());
  QCOMPARE(sim.totals().inFlight, 0u);
  QVERIFY_THROWS_EXCEPTION(std::out_of_range, sim.failLink(-1));
}

// Two 4-flit packets meet at node 1 wanting +X in the same cycle (one from
// the -X input, one from the processor), each with an output VC of its own
// (4 VCs: two in the VC0 half). Round robin interleaves their flits
// on the output, so both tails leave late and one cycle apart; the T3E
// arbiter (section 7) lets the winner keep the output until its tail, so the
// deliveries are a whole packet (4 cycles) apart.
void TstSim::t3eArbiterKeepsTheOutput_data() {
  QTest::addColumn<QString>("arbiter");
  QTest::addColumn<int>("gap");
  QTest::newRow("roundRobin") << "roundRobin" << 1;
  QTest::newRow("t3e") << "t3e" << 4;
}

void TstSim::t3eArbiterKeepsTheOutput() {
  QFETCH(QString, arbiter);
  QFETCH(int, gap);
  Simulator sim(configFrom(R"({"radix":[8]})",
                           R"({"vcCount":4,"vcDepthFlits":8,"arbiter":")" + arbiter.toStdString() + R"("})",
                           R"({"algorithm":"dimension-order"})",
                           R"({"rateFlitsPerNodeCycle":0,"packetFlits":4})"));
  struct Deliveries final : SimObserver {
    std::vector<std::uint64_t> cycles;
    void onEvent(const SimEvent& e) override {
      if (e.kind == SimEventKind::Delivered) cycles.push_back(e.cycle);
    }
  } d;
  sim.setObserver(&d);
  QVERIFY(sim.injectPacket(0, 3));
  sim.run(4);  // its head is ready at node 1 at cycle 6, like a packet created there at 4
  QVERIFY(sim.injectPacket(1, 3));
  sim.run(100);
  QCOMPARE(d.cycles.size(), std::size_t{2});
  QCOMPARE(static_cast<int>(d.cycles[1] - d.cycles[0]), gap);
}

FLITSCOPE_TEST_APPLESS_MAIN(TstSim)
#include "tst_sim.moc"
