// The protocol deadlock that the T3E's request and response classes exist to
// prevent (Scott & Thorson 1996, section 3.3: "Request-response cycles are
// broken by doubling again the number of virtual channels in each direction
// ... Request packets travel through the network on one set of virtual
// channels and response packets on another"). With router.sharedResponseVcs
// the responses travel on the requests' VCs: a request is ejected only when
// its response has room in the source queue, so Get traffic deadlocks the
// machine, the watchdog's report names the cycle through the end point, and
// the static check finds it once the end point's dependency is in the
// channel dependency graph. The split (vcClasses 2) runs on.
#include "test_main.h"
#include "test_paths.h"

#include "analysis/route_dependencies.h"
#include "scenario/scenario.h"
#include "sim/simulator.h"

#include <QtTest>

#include <string>

using namespace flit;

class TstProtocolDeadlock : public QObject {
  Q_OBJECT
 private slots:
  void sharingTheVcsIsAskedForByName();
  void getTrafficDeadlocksThroughTheEndPoint();
  void theSplitRunsOn();
  void theStaticCheckFindsTheCycleOnlyThroughTheEndPoint();
};

namespace {

Scenario preset(const char* name) { return loadScenarioFile(test::presetPath(name)); }

std::string errorOf(const nlohmann::json& j) {
  try {
    scenarioFromJson(j);
  } catch (const ScenarioError& e) {
    return e.what();
  }
  return "accepted";
}

}  // namespace

void TstProtocolDeadlock::sharingTheVcsIsAskedForByName() {
  const nlohmann::json shared = scenarioToJson(preset("t3e-protocol-deadlock-4x4x4.json"));
  QCOMPARE(shared["router"]["sharedResponseVcs"], nlohmann::json(true));
  QCOMPARE(parseScenario(shared.dump()).router.sharedResponseVcs, true);  // round trip
  // Requests on one class without asking: refused, and the message says how to ask.
  nlohmann::json silent = shared;
  silent["router"].erase("sharedResponseVcs");
  const std::string e1 = errorOf(silent);
  QVERIFY2(e1.find("scenario.router.vcClasses") != std::string::npos && e1.find("sharedResponseVcs true") != std::string::npos,
           e1.c_str());
  // Asking with two classes is a contradiction, named.
  nlohmann::json twoClasses = shared;
  twoClasses["router"]["vcClasses"] = 2;
  const std::string e2 = errorOf(twoClasses);
  QVERIFY2(e2.find("scenario.router.sharedResponseVcs") != std::string::npos, e2.c_str());
  // The split preset has its own class for the responses.
  QCOMPARE(preset("t3e-protocol-split-4x4x4.json").router.vcClasses, 2);
}

void TstProtocolDeadlock::getTrafficDeadlocksThroughTheEndPoint() {
  Simulator sim(simConfigFromScenario(preset("t3e-protocol-deadlock-4x4x4.json")));
  sim.run(5000);
  QVERIFY(sim.deadlocked());
  QVERIFY2(sim.cycle() < 2000, qPrintable(QString::number(sim.cycle())));  // within a lesson's minutes
  const DeadlockReport& r = sim.deadlockReport();
  QVERIFY(!r.cycle.empty());
  // Somewhere in the cycle a request waits to be ejected, and the next
  // buffer is the same node's injection buffer holding a response.
  bool throughEndPoint = false;
  for (std::size_t i = 0; i < r.cycle.size(); ++i) {
    const WaitingVc& w = r.cycle[i];
    const WaitingVc& next = r.cycle[(i + 1) % r.cycle.size()];
    if (!w.ejecting) continue;
    QCOMPARE(next.port, kProcessorPort);
    QCOMPARE(next.node, sim.topology().channelTarget(w.channel));
    throughEndPoint = true;
  }
  QVERIFY(throughEndPoint);
  const std::string text = r.describe(sim.topology());
  QVERIFY2(text.find("a request waiting to be ejected until its response has room") != std::string::npos, text.c_str());
  QVERIFY2(text.find("injection at") != std::string::npos, text.c_str());
  // Nothing lost: every injected packet is still inside.
  const SimTotals& t = sim.totals();
  std::uint64_t dropped = 0;
  for (const std::uint64_t d : t.dropped) dropped += d;
  QCOMPARE(t.injected, t.delivered + dropped + t.inFlight);
  QVERIFY(t.inFlight > 0 && dropped == 0);
}

void TstProtocolDeadlock::theSplitRunsOn() {
  Simulator sim(simConfigFromScenario(preset("t3e-protocol-split-4x4x4.json")));
  QCOMPARE(sim.run(5000), std::uint64_t{5000});
  QVERIFY(!sim.deadlocked());
  QVERIFY(sim.totals().delivered > 10000);
}

void TstProtocolDeadlock::theStaticCheckFindsTheCycleOnlyThroughTheEndPoint() {
  Simulator shared(simConfigFromScenario(preset("t3e-protocol-deadlock-4x4x4.json")));
  const DependencyCheck withEndPoints = shared.dependencyCheck(shared.routing());
  QVERIFY(!withEndPoints.deadlockFree());
  QCOMPARE(withEndPoints.endPointStep.size(), withEndPoints.cycle.size());
  QVERIFY(std::count(withEndPoints.endPointStep.begin(), withEndPoints.endPointStep.end(), 1) >= 1);
  QVERIFY2(withEndPoints.cycleText().find("only when its response can leave") != std::string::npos,
           withEndPoints.cycleText().c_str());
  // The routes alone (the dateline pair breaks every ring) have no cycle.
  DependencyCheckOptions routesOnly;
  routesOnly.trafficClasses = 1;
  const DependencyCheck routes = checkDependencies(shared.topology(), shared.routing(), routesOnly);
  QVERIFY2(routes.deadlockFree(), routes.cycleText().c_str());
  // The split: a request's end point waits for the response class only,
  // whose packets are consumed on arrival: no cycle.
  Simulator split(simConfigFromScenario(preset("t3e-protocol-split-4x4x4.json")));
  QVERIFY(split.dependencyCheck(split.routing()).deadlockFree());
}

FLITSCOPE_TEST_APPLESS_MAIN(TstProtocolDeadlock)
#include "tst_protocol_deadlock.moc"
