// Fault churn: links and nodes fail and come back every few dozen cycles
// while traffic runs (issue 4: "fail or repair a link or a whole node at any
// cycle"). Long wormhole packets stretch over several routers, so failures
// cut them in every possible place. After every cycle the accounting
// invariant holds; every 25 cycles the packets counted by walking the
// machine match, and the credit flow is intact (credits + buffered flits +
// flits on the wire + credits on the way back = buffer depth for every
// output VC). At the end, with everything repaired and the routes rebuilt,
// the machine drains: nothing leaked, no VC is left held, no deadlock.
#include "test_main.h"
#include "scenario/scenario.h"
#include "sim/simulator.h"
#include "traffic/rng.h"

#include <QtTest>

#include <set>

using namespace flit;

namespace {

// adaptive: a third, adaptive VC (T3E paper section 5) used by every packet.
SimConfig config(const char* flowControl, int depth, int flits, bool adaptive, std::uint64_t seed) {
  const std::string vcs = adaptive ? R"("vcCount":3,"adaptiveVcs":1,"adaptiveRouting":true,"adaptiveVcDepthFlits":)" +
                                         std::to_string(flits) + ","
                                   : R"("vcCount":2,)";
  const std::string json =
      std::string(R"({"format":"flitscope-scenario","version":1,"seed":)") +
      std::to_string(seed) + R"(,"topology":{"radix":[4,4,4]},"router":{)" + vcs +
      R"("vcDepthFlits":)" + std::to_string(depth) + R"(,"flowControl":")" + flowControl +
      R"("},"routing":{"algorithm":"direction-order","adaptive":)" + (adaptive ? "true" : "false") +
      R"(},"traffic":{"rateFlitsPerNodeCycle":0.3,"packetFlits":)" + std::to_string(flits) + "}}";
  return simConfigFromScenario(parseScenario(json));
}

// One random fault action: fail or repair a link, fail or repair a node.
void churn(Simulator& sim, Rng& rng, std::set<LinkId>& links, std::set<NodeId>& nodes) {
  const Topology& topo = sim.topology();
  switch (rng.below(4)) {
    case 0: {
      const auto l = static_cast<LinkId>(rng.below(static_cast<std::uint32_t>(topo.linkCount())));
      sim.failLink(l);
      links.insert(l);
      break;
    }
    case 1:
      if (!links.empty()) {
        auto it = links.begin();
        std::advance(it, rng.below(static_cast<std::uint32_t>(links.size())));
        sim.repairLink(*it);
        links.erase(it);
      }
      break;
    case 2:
      if (nodes.size() < 2) {
        const auto n = static_cast<NodeId>(rng.below(static_cast<std::uint32_t>(topo.nodeCount())));
        sim.failNode(n);
        nodes.insert(n);
      }
      break;
    default:
      if (!nodes.empty()) {
        sim.repairNode(*nodes.begin());
        nodes.erase(nodes.begin());
      }
      break;
  }
}

}  // namespace

class TstSimFaultChurn : public QObject {
  Q_OBJECT
 private slots:
  void faultsComeAndGoWhileTrafficRuns_data();
  void faultsComeAndGoWhileTrafficRuns();
};

void TstSimFaultChurn::faultsComeAndGoWhileTrafficRuns_data() {
  QTest::addColumn<QString>("flowControl");
  QTest::addColumn<int>("depth");
  QTest::addColumn<int>("flits");
  QTest::addColumn<bool>("autoRebuild");
  QTest::addColumn<bool>("adaptive");
  QTest::addColumn<std::uint64_t>("seed");
  for (std::uint64_t s = 1; s <= 3; ++s) {
    const int i = static_cast<int>(s);
    QTest::addRow("wormhole8flitsDepth4-rebuild-seed%d", i) << "wormhole" << 4 << 8 << true << false << s;
    QTest::addRow("wormhole8flitsDepth4-noRebuild-seed%d", i) << "wormhole" << 4 << 8 << false << false << s;
    QTest::addRow("cutThrough5flitsDepth6-rebuild-seed%d", i) << "virtualCutThrough" << 6 << 5 << true << false << s;
    QTest::addRow("adaptiveWormhole8flitsDepth4-rebuild-seed%d", i) << "wormhole" << 4 << 8 << true << true << s;
    QTest::addRow("adaptiveCutThrough5flitsDepth6-noRebuild-seed%d", i) << "virtualCutThrough" << 6 << 5 << false << true << s;
  }
}

void TstSimFaultChurn::faultsComeAndGoWhileTrafficRuns() {
  QFETCH(QString, flowControl);
  QFETCH(int, depth);
  QFETCH(int, flits);
  QFETCH(bool, autoRebuild);
  QFETCH(bool, adaptive);
  QFETCH(std::uint64_t, seed);
  SimConfig cfg = config(flowControl.toStdString().c_str(), depth, flits, adaptive, seed);
  cfg.autoRebuild = autoRebuild;
  Simulator sim(cfg);
  Rng rng(seed * 104729);
  std::set<LinkId> links;
  std::set<NodeId> nodes;
  for (int c = 0; c < 6000; ++c) {
    if (c % 23 == 22) churn(sim, rng, links, nodes);
    QVERIFY(sim.step());
    const SimTotals& t = sim.totals();
    if (t.injected != t.delivered + t.droppedTotal() + t.inFlight) {
      QFAIL(qPrintable(QStringLiteral("invariant broken at cycle %1").arg(c)));
    }
    if (c % 25 == 0) {
      QCOMPARE(sim.auditInFlight(), t.inFlight);
      const std::string credits = sim.auditCredits();
      QVERIFY2(credits.empty(), credits.c_str());
    }
  }
  const SimTotals& t = sim.totals();
  QCOMPARE(t.adaptiveHops > 0, adaptive);
  QVERIFY(t.dropped[static_cast<std::size_t>(DropReason::LinkFailed)] > 0);
  QVERIFY(t.dropped[static_cast<std::size_t>(DropReason::NodeFailed)] +
              t.discarded > 0);
  for (NodeId n : nodes) sim.repairNode(n);
  for (LinkId l : links) sim.repairLink(l);
  QVERIFY(sim.rebuildRoutes().accepted);
  sim.setInjectionRate(0);
  for (int i = 0; i < 20000 && sim.totals().inFlight > 0; ++i) QVERIFY(sim.step());
  QCOMPARE(sim.totals().inFlight, 0u);
  QCOMPARE(sim.auditInFlight(), 0u);
  const std::string credits = sim.auditCredits();
  QVERIFY2(credits.empty(), credits.c_str());
  QVERIFY(!sim.deadlocked());
  // Healed: new traffic flows again.
  const std::uint64_t delivered = sim.totals().delivered;
  for (NodeId src = 0; src < 64; src += 5) QVERIFY(sim.injectPacket(src, 63 - src));
  sim.run(2000);
  QCOMPARE(sim.totals().delivered, delivered + 13);
}

FLITSCOPE_TEST_GUILESS_MAIN(TstSimFaultChurn)
#include "tst_sim_fault_churn.moc"
