// Scenario faults applied by the simulator itself (docs/scenario-format.md,
// "faults"): nodes down from cycle 0 (faults.failedNodes) and a timeline of
// failures and repairs while traffic runs (faults.timeline). Issue 4: "Fail
// or repair a link or a whole node at any cycle (scenario, command line, and
// the API)"; T3E paper section 9 (the network routes around failed parts).
#include "test_main.h"
#include "scenario/scenario.h"
#include "sim/simulator.h"

#include <QtTest>

#include <string>
#include <vector>

using namespace flit;

namespace {

SimConfig scenario(const std::string& faults, bool autoRebuild) {
  const std::string json =
      R"({"format":"flitscope-scenario","version":1,"seed":5,"topology":{"radix":[4,4,4]},)"
      R"("router":{"vcCount":2,"vcDepthFlits":4,"flowControl":"wormhole"},)"
      R"("routing":{"algorithm":"direction-order"},)"
      R"("traffic":{"rateFlitsPerNodeCycle":0.15,"packetFlits":4},"faults":)" +
      faults + "}";
  SimConfig c = simConfigFromScenario(parseScenario(json));
  c.autoRebuild = autoRebuild;
  return c;
}

bool accountingHolds(const Simulator& sim) {
  const SimTotals& t = sim.totals();
  return t.injected == t.delivered + t.droppedTotal() + t.inFlight;
}

struct FaultEvents final : SimObserver {
  std::vector<std::pair<SimEventKind, std::uint64_t>> seen;  // (kind, cycle)
  void onEvent(const SimEvent& e) override {
    if (e.kind == SimEventKind::LinkFailed || e.kind == SimEventKind::LinkRepaired) {
      seen.emplace_back(e.kind, e.cycle);
    }
  }
};

}  // namespace

class TstSimTimeline : public QObject {
  Q_OBJECT
 private slots:
  void failedNodesAreDownFromTheStart();
  void timelineFailsAndRepairsOnItsCycles_data();
  void timelineFailsAndRepairsOnItsCycles();
};

void TstSimTimeline::failedNodesAreDownFromTheStart() {
  Simulator sim(scenario(R"({"failedNodes":["1,1,1"]})", true));
  const NodeId down = sim.topology().nodeAt({{1, 1, 1}});
  QVERIFY(!sim.nodeUp(down));
  QVERIFY(sim.lastRebuild().performed && sim.lastRebuild().accepted);
  for (int c = 0; c < 3000; ++c) {
    QVERIFY(sim.step());
    QVERIFY(accountingHolds(sim));
  }
  QVERIFY(sim.totals().refusedNodeDown > 0);  // traffic to and from it is refused, counted
  QCOMPARE(sim.totals().droppedTotal(), 0u);  // nothing was routed into it
  QVERIFY(sim.totals().delivered > 1000);
}

void TstSimTimeline::timelineFailsAndRepairsOnItsCycles_data() {
  QTest::addColumn<bool>("autoRebuild");
  QTest::newRow("routes rebuilt after each step of the timeline") << true;
  QTest::newRow("old routes kept (packets into the link are dropped)") << false;
}

void TstSimTimeline::timelineFailsAndRepairsOnItsCycles() {
  QFETCH(bool, autoRebuild);
  // Listed out of order: the simulator applies them by cycle.
  Simulator sim(scenario(R"({"timeline":[{"cycle":1500,"repair":"0,0,0:+X"},)"
                         R"({"cycle":1000,"fail":"0,0,0:+X"},{"cycle":1200,"failNode":"2,2,2"},)"
                         R"({"cycle":1400,"repairNode":"2,2,2"}]})",
                         autoRebuild));
  FaultEvents events;
  sim.setObserver(&events);
  const LinkId link = sim.topology().linkFrom(0, Direction::PlusX);
  const NodeId node = sim.topology().nodeAt({{2, 2, 2}});
  for (std::uint64_t c = 0; c < 3000; ++c) {
    QCOMPARE(sim.topology().linkUp(link), c <= 1000 || c > 1500);
    QCOMPARE(sim.nodeUp(node), c <= 1200 || c > 1400);
    QVERIFY(sim.step());
    if (!accountingHolds(sim)) QFAIL(qPrintable(QStringLiteral("invariant broken at cycle %1").arg(c)));
  }
  QCOMPARE(sim.auditInFlight(), sim.totals().inFlight);
  QVERIFY(!events.seen.empty());
  QCOMPARE(events.seen.front(), std::make_pair(SimEventKind::LinkFailed, std::uint64_t{1000}));
  QCOMPARE(events.seen.back(), std::make_pair(SimEventKind::LinkRepaired, std::uint64_t{1500}));
  QCOMPARE(sim.lastRebuild().performed, autoRebuild);
  if (autoRebuild) QCOMPARE(sim.lastRebuild().atCycle, 1500u);
  if (!autoRebuild) {  // old tags lead into the link while it is down
    QVERIFY(sim.totals().dropped[static_cast<std::size_t>(DropReason::RouteThroughFailedLink)] > 0);
  }
}

FLITSCOPE_TEST_GUILESS_MAIN(TstSimTimeline)
#include "tst_sim_timeline.moc"
