// Hot spares in the running simulator (T3E paper section 9: "a customer can
// purchase extra nodes and use them as hot spares ... Applications continue
// to see a contiguous range of virtual PE numbers"; manual HMM-160-0 "Node
// Identification": the bad node's logical number is given to another
// physical node). After node A fails and B is made a hot spare, traffic
// addressed to A's logical PE is delivered at B; the accounting invariant
// holds; the rebuilt routes are acyclic and deliver. Also the scenario field
// faults.hotSpares and the errors that name their field.
#include "test_main.h"
#include "analysis/route_dependencies.h"
#include "routing/hot_spares.h"
#include "routing/routing_tag.h"
#include "scenario/json_fields.h"
#include "scenario/scenario.h"
#include "sim/simulator.h"

#include <QtTest>

#include <map>

using namespace flit;

namespace {

std::string scenarioJson(const std::string& routing, const std::string& traffic, const std::string& faults = {}) {
  return R"({"format":"flitscope-scenario","version":1,"topology":{"radix":[4,4,4]},)"
         R"("router":{"vcCount":2,"vcDepthFlits":4,"flowControl":"wormhole"},"routing":)" +
         routing + R"(,"traffic":)" + traffic + (faults.empty() ? "" : R"(,"faults":)" + faults) + "}";
}

SimConfig config(const std::string& routing, const std::string& traffic, const std::string& faults = {}) {
  SimConfig c = simConfigFromScenario(parseScenario(scenarioJson(routing, traffic, faults)));
  c.autoRebuild = true;  // as the GUI and the command-line tool run it
  return c;
}

const std::string kDirectionOrder = R"({"algorithm":"direction-order"})";
// Bit complement: (x,y,z) sends only to (3-x,3-y,3-z), so one source is the
// only sender to a given logical PE.
const std::string kComplement = R"({"pattern":"bitComplement","rateFlitsPerNodeCycle":0.08,"packetFlits":4})";

struct Log final : SimObserver {
  std::map<std::int32_t, NodeId> createdDst;  // serial -> destination at creation
  std::map<std::int32_t, NodeId> createdSrc;
  std::vector<std::pair<std::int32_t, NodeId>> delivered;  // (serial, node)
  void onEvent(const SimEvent& e) override {
    if (e.kind == SimEventKind::PacketCreated) {
      createdSrc[e.packet] = e.node;
      createdDst[e.packet] = static_cast<NodeId>(e.aux);
    }
    if (e.kind == SimEventKind::Delivered) delivered.emplace_back(e.packet, e.node);
  }
};

bool accountingHolds(const Simulator& sim) {
  const SimTotals& t = sim.totals();
  return t.injected == t.delivered + t.droppedTotal() + t.inFlight && sim.auditInFlight() == t.inFlight;
}

void checkRoutesAcyclicAndDelivering(const Simulator& sim) {
  std::vector<std::uint8_t> up;
  for (NodeId n = 0; n < sim.topology().nodeCount(); ++n) up.push_back(sim.nodeUp(n) ? 1 : 0);
  DependencyCheckOptions options;
  options.nodeUp = up;
  const DependencyCheck check = checkDependencies(sim.topology(), sim.routing(), options);
  QVERIFY2(check.deadlockFree(), check.cycleText().c_str());
  QVERIFY(check.brokenRoutes.empty());
}

}  // namespace

class TstSimHotSpares : public QObject {
  Q_OBJECT
 private slots:
  void spareReceivesTheFailedNodesLogicalPe();
  void spareMadeBeforeTheFailureTakesOverAndRepairGivesThePeBack();
  void errorsNameTheField_data();
  void errorsNameTheField();
  void scenarioHotSparesRoundTripAndApplyAtConstruction();
  void scenarioHotSparesErrorsNameTheField_data();
  void scenarioHotSparesErrorsNameTheField();
  void lutEntriesRoundTripAndAreInForce();
};

void TstSimHotSpares::spareReceivesTheFailedNodesLogicalPe() {
  Simulator sim(config(kDirectionOrder, kComplement));
  const Topology& topo = sim.topology();
  const NodeId a = topo.nodeAt(Coord{{1, 1, 1}});
  const NodeId sender = topo.nodeAt(Coord{{2, 2, 2}});  // complement of A
  const NodeId b = topo.nodeAt(Coord{{3, 0, 0}});
  const int logicalA = sim.routing().peMap.logicalOf(a);
  Log log;
  sim.setObserver(&log);
  sim.run(300);
  sim.failNode(a);
  sim.run(300);
  const std::uint64_t refusedWithoutSpare = sim.totals().refusedNodeDown;
  QVERIFY(refusedWithoutSpare > 0);  // the sender's traffic for A is refused while nobody holds the PE

  const RouteRebuildReport r = sim.setHotSpare(b, true);
  QVERIFY(r.performed);
  QVERIFY2(r.accepted, r.describe().c_str());
  QVERIFY(r.deadlockFree);
  QVERIFY(sim.hotSpare(b));
  QCOMPARE(sim.routing().peMap.nodeOf(logicalA), b);  // section 9: the logical PE renamed onto the spare
  QCOMPARE(sim.peHomeOf(b), a);
  QCOMPARE(sim.peHomeOf(a), b);  // the failed node holds the spare's old number
  checkRoutesAcyclicAndDelivering(sim);

  const std::int32_t firstAfter = static_cast<std::int32_t>(log.createdDst.empty() ? 0 : log.createdDst.rbegin()->first + 1);
  sim.run(1500);
  sim.setInjectionRate(0.0);
  sim.run(1500);
  int fromSenderAtB = 0;
  for (const auto& [serial, node] : log.delivered) {
    if (serial < firstAfter) continue;
    QVERIFY(node != a);
    if (log.createdSrc[serial] == sender) {
      QCOMPARE(node, b);  // everything the sender addresses to A's logical PE arrives at B
      ++fromSenderAtB;
    }
  }
  QVERIFY(fromSenderAtB > 5);
  for (const auto& [serial, dst] : log.createdDst)
    if (serial >= firstAfter && log.createdSrc[serial] == sender) QCOMPARE(dst, b);
  QVERIFY(accountingHolds(sim));
  QCOMPARE(sim.totals().inFlight, 0u);
  QCOMPARE(sim.totals().dropped[static_cast<std::size_t>(DropReason::Misroute)], 0u);
}

void TstSimHotSpares::spareMadeBeforeTheFailureTakesOverAndRepairGivesThePeBack() {
  Simulator sim(config(kDirectionOrder, kComplement));
  const Topology& topo = sim.topology();
  const NodeId a = topo.nodeAt(Coord{{0, 2, 1}});
  const NodeId b = topo.nodeAt(Coord{{2, 3, 3}});
  const int logicalA = sim.routing().peMap.logicalOf(a);
  const RouteRebuildReport none = sim.setHotSpare(b, true);
  QVERIFY(!none.performed);  // nothing is down: no PE moves, the routes stay
  QCOMPARE(sim.routing().peMap.nodeOf(logicalA), a);
  sim.run(200);
  sim.failNode(a);  // autoRebuild: the spare takes over at once
  QVERIFY(sim.lastRebuild().accepted);
  QCOMPARE(sim.routing().peMap.nodeOf(logicalA), b);
  checkRoutesAcyclicAndDelivering(sim);
  sim.run(500);
  QVERIFY(accountingHolds(sim));
  sim.repairNode(a);
  QCOMPARE(sim.routing().peMap.nodeOf(logicalA), a);  // back home
  QCOMPARE(sim.peHomeOf(b), b);
  sim.failNode(a);
  QCOMPARE(sim.routing().peMap.nodeOf(logicalA), b);
  sim.setHotSpare(b, false);  // no longer a spare: the PE has no node, traffic to it is refused
  QCOMPARE(sim.routing().peMap.nodeOf(logicalA), a);
  QVERIFY(!sim.hotSpare(b));
  sim.run(500);
  sim.setInjectionRate(0.0);
  sim.run(1000);
  QVERIFY(accountingHolds(sim));
  QCOMPARE(sim.totals().inFlight, 0u);
}

void TstSimHotSpares::errorsNameTheField_data() {
  QTest::addColumn<QString>("routing");
  QTest::addColumn<int>("node");
  QTest::addColumn<QString>("field");
  QTest::addColumn<QString>("detail");
  QTest::addRow("node out of range") << QString::fromStdString(kDirectionOrder) << 64 << "node" << "0..63";
  QTest::addRow("dimension order has no LUT") << R"({"algorithm":"dimension-order"})" << 3 << "routing.algorithm"
                                              << "R_NET_LUT";
  QTest::addRow("LUT mode 1") << R"({"algorithm":"direction-order","lutMode":1})" << 3 << "routing.lutMode"
                              << "mode 0";
}

void TstSimHotSpares::errorsNameTheField() {
  QFETCH(QString, routing);
  QFETCH(int, node);
  QFETCH(QString, field);
  QFETCH(QString, detail);
  Simulator sim(config(routing.toStdString(), kComplement));
  try {
    sim.setHotSpare(node, true);
    QFAIL("no error");
  } catch (const ScenarioError& e) {
    QCOMPARE(QString::fromStdString(e.path()), field);
    QVERIFY2(QString::fromStdString(e.reason()).contains(detail), e.what());
  }
}

void TstSimHotSpares::scenarioHotSparesRoundTripAndApplyAtConstruction() {
  const Scenario s = parseScenario(scenarioJson(kDirectionOrder, kComplement,
                                                R"({"failedNodes":["1,1,1"],"hotSpares":["3,0,0","0,3,0"]})"));
  QCOMPARE(s.hotSpares.size(), std::size_t{2});
  QCOMPARE(s.hotSpares[0], (Coord{{3, 0, 0}}));
  QCOMPARE(parseScenario(serializeScenario(s)).hotSpares, s.hotSpares);
  SimConfig c = simConfigFromScenario(s);
  for (const bool autoRebuild : {true, false}) {  // the spare takes over either way
    c.autoRebuild = autoRebuild;
    Simulator sim(c);
    const NodeId a = sim.topology().nodeAt(Coord{{1, 1, 1}});
    const NodeId b = sim.topology().nodeAt(Coord{{3, 0, 0}});  // the lower NodeId of the two spares
    QVERIFY(sim.hotSpare(b));
    QCOMPARE(sim.peHomeOf(b), a);
    QVERIFY(sim.lastRebuild().accepted);
  }
}

void TstSimHotSpares::scenarioHotSparesErrorsNameTheField_data() {
  QTest::addColumn<QString>("routing");
  QTest::addColumn<QString>("faults");
  QTest::addColumn<QString>("message");
  QTest::addRow("outside the topology") << QString::fromStdString(kDirectionOrder) << R"({"hotSpares":["4,0,0"]})"
                                        << "scenario.faults.hotSpares[0]";
  QTest::addRow("listed twice") << QString::fromStdString(kDirectionOrder) << R"({"hotSpares":["1,0,0","1,0,0"]})"
                                << "scenario.faults.hotSpares[1]: node listed twice";
  QTest::addRow("not an array") << QString::fromStdString(kDirectionOrder) << R"({"hotSpares":"1,0,0"})"
                                << "scenario.faults.hotSpares";
  QTest::addRow("dimension order") << R"({"algorithm":"dimension-order"})" << R"({"hotSpares":["1,0,0"]})"
                                   << "scenario.faults.hotSpares: routing.algorithm";
}

void TstSimHotSpares::scenarioHotSparesErrorsNameTheField() {
  QFETCH(QString, routing);
  QFETCH(QString, faults);
  QFETCH(QString, message);
  try {
    Simulator sim(config(routing.toStdString(), kComplement, faults.toStdString()));
    QFAIL("no error");
  } catch (const ScenarioError& e) {
    QVERIFY2(QString::fromUtf8(e.what()).startsWith(message), e.what());
  }
}

// routing.lutEntries is where the GUI saves routing-tag edits: it
// round-trips and is in force at construction. (Tags are not checked against
// Table 7 there on purpose: a scenario may show a misroute, R_ERR0 bit 56.)
void TstSimHotSpares::lutEntriesRoundTripAndAreInForce() {
  Simulator plain(config(kDirectionOrder, kComplement));
  const std::uint64_t generated = plain.generatedLutEntry(0, 1);
  RoutingTag t = RoutingTag::decode(generated);
  t.xMinus = true;  // to (1,0,0) the long way round (Table 7 X_SGN)
  const std::uint64_t longWay = t.encode();
  const std::string edited = R"({"algorithm":"direction-order","lutEntries":[{"node":"0,0,0","index":1,"tag":")" +
                             formatTagHex(longWay) + R"("}]})";
  const Scenario s = parseScenario(scenarioJson(edited, kComplement));
  QCOMPARE(parseScenario(serializeScenario(s)).routing.lutEntries, s.routing.lutEntries);
  Simulator sim(simConfigFromScenario(s));
  QCOMPARE(sim.routing().tables->entry(0, 1), longWay);
}

FLITSCOPE_TEST_APPLESS_MAIN(TstSimHotSpares)
#include "tst_sim_hot_spares.moc"
