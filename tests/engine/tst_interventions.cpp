// Interventions (DESIGN.md "Interventions"; docs/scenario-format.md
// "timeline"): the scenario's timeline is read with errors naming the entry,
// round-trips, and the simulator applies each entry before its cycle runs and
// records everything it applied (timeline and direct calls) with its cycle.
#include "test_main.h"
#include "scenario/scenario.h"
#include "sim/intervention_inverse.h"
#include "sim/simulator.h"

#include <QtTest>

#include <string>
#include <vector>

using namespace flit;

namespace {

std::string scenarioText(const std::string& timeline, const std::string& router = "") {
  return R"({"format":"flitscope-scenario","version":1,"seed":5,"topology":{"radix":[4,4,4]},)"
         R"("router":{"vcCount":2,"vcDepthFlits":4,"flowControl":"wormhole")" +
         router +
         R"(},"routing":{"algorithm":"direction-order"},)"
         R"("traffic":{"rateFlitsPerNodeCycle":0.15,"packetFlits":4},"timeline":)" +
         timeline + "}";
}

struct Seen final : SimObserver {
  std::vector<SimEvent> faults;
  std::uint64_t createdAfter = 0;  // packets created at or after `from`
  std::uint64_t from = UINT64_MAX;
  void onEvent(const SimEvent& e) override {
    if (e.kind == SimEventKind::LinkFailed || e.kind == SimEventKind::LinkRepaired ||
        e.kind == SimEventKind::RoutesRebuilt) {
      faults.push_back(e);
    }
    if (e.kind == SimEventKind::PacketCreated && e.cycle >= from) ++createdAfter;
  }
};

}  // namespace

class TstInterventions : public QObject {
  Q_OBJECT
 private slots:
  void everyKindRoundTrips();
  void badTimeline_data();
  void badTimeline();
  void appliedAtTheirCycle();
  void directCallsAreRecorded();
  void oneRebuildPerBoundary();
  void everyKindGivesBackItsInverse();
};

void TstInterventions::everyKindRoundTrips() {
  const std::string timeline =
      R"([{"cycle":10,"failLink":"1,2,3:+X"},{"cycle":20,"repairLink":"1,2,3:+X"},)"
      R"({"cycle":30,"failNode":"2,2,2"},{"cycle":40,"repairNode":"2,2,2"},)"
      R"({"cycle":50,"setHotSpare":{"node":"3,3,3","on":true}},{"cycle":60,"setRate":0.05},)"
      R"({"cycle":70,"setPattern":"tornado"},{"cycle":80,"setArbiter":"t3e"},)"
      R"({"cycle":90,"setAgeConfig":{"clockPeriodCycles":4,"requestBias":2}},)"
      R"({"cycle":100,"setLutEntry":{"node":"0,0,0","index":5,"tag":"0x0000000000010101"}},)"
      R"({"cycle":110,"restoreLutEntry":{"node":"0,0,0","index":5}},{"cycle":5,"setAdaptive":false}])";
  const Scenario s = parseScenario(scenarioText(timeline));
  QCOMPARE(s.timeline.size(), std::size_t{12});
  QVERIFY(s.timeline[0].kind == InterventionKind::FailLink);
  QCOMPARE(s.timeline[8].age.clockPeriodCycles, 4u);
  QCOMPARE(s.timeline[9].tag, std::uint64_t{0x10101});
  const Scenario again = parseScenario(serializeScenario(s));
  QVERIFY(again.timeline == s.timeline);
  const SimConfig c = simConfigFromScenario(s);
  QCOMPARE(c.timeline.front().cycle, 5u);  // sorted
}

void TstInterventions::badTimeline_data() {
  QTest::addColumn<QString>("json");
  QTest::addColumn<QString>("error");
  auto row = [](const char* name, const std::string& timeline, const std::string& error,
                const std::string& router = "") {
    QTest::newRow(name) << QString::fromStdString(scenarioText(timeline, router))
                        << QString::fromStdString(error);
  };
  row("not an array", R"({"cycle":1})", "scenario.timeline: must be an array");
  row("two actions", R"([{"cycle":1,"setRate":0.1},{"cycle":2,"setRate":0.1,"setPattern":"uniform"}])",
      "scenario.timeline[1]: needs exactly one of failLink, repairLink, failNode, repairNode, "
      "setHotSpare, setRate, setPattern, setAdaptive, setArbiter, setAgeConfig, setLutEntry, "
      "restoreLutEntry, barrier, eureka, eurekaBarrier, setVcRule, setVcTables, specialPut, specialGet, got more "
      "than one");
  row("no action", R"([{"cycle":1}])", "scenario.timeline[0]: needs exactly one of");
  row("unknown key", R"([{"cycle":1,"setRate":0.1,"when":3}])", "scenario.timeline[0].when: unknown field");
  row("no cycle", R"([{"setRate":0.1}])", "scenario.timeline[0].cycle: missing required field");
  row("malformed link", R"([{"cycle":1,"failLink":"(1,2,3)+x"}])", "scenario.timeline[0].failLink: ");
  row("unknown link", R"([{"cycle":1,"failLink":"4,0,0:+X"}])",
      "scenario.timeline[0].failLink: node (4,0,0) is outside the topology");
  row("unknown node", R"([{"cycle":1,"failNode":"1,1,7"}])", "scenario.timeline[0].failNode: node is outside");
  row("rate above 1", R"([{"cycle":1,"setRate":2}])", "scenario.timeline[0].setRate: must be 0..1");
  row("bad pattern", R"([{"cycle":1,"setPattern":"zigzag"}])", "scenario.timeline[0].setPattern: must be one of");
  row("adaptive without a VC", R"([{"cycle":1,"setAdaptive":true}])",
      "scenario.timeline[0].setAdaptive: the router has no adaptive VC (router.adaptiveVcs is 0)");
  row("bad tag", R"([{"cycle":1,"setLutEntry":{"node":"0,0,0","index":1,"tag":"xyz"}}])",
      "scenario.timeline[0].setLutEntry.tag: expected a hex routing tag");
  row("bad lut index", R"([{"cycle":1,"restoreLutEntry":{"node":"0,0,0","index":9999}}])",
      "scenario.timeline[0].restoreLutEntry.index: must be 0..543");
  row("bad age period", R"([{"cycle":1,"setAgeConfig":{"clockPeriodCycles":0}}])",
      "scenario.timeline[0].setAgeConfig.clockPeriodCycles: must be 1..4294967295, got 0");
  row("hot spare without node", R"([{"cycle":1,"setHotSpare":{"on":true}}])",
      "scenario.timeline[0].setHotSpare.node: missing required field");
}

void TstInterventions::badTimeline() {
  QFETCH(QString, json);
  QFETCH(QString, error);
  try {
    parseScenario(json.toStdString());
    QFAIL("loaded");
  } catch (const ScenarioError& e) {
    QVERIFY2(QString::fromUtf8(e.what()).startsWith(error), e.what());
  }
}

void TstInterventions::appliedAtTheirCycle() {
  SimConfig c = simConfigFromScenario(parseScenario(scenarioText(
      R"([{"cycle":700,"setRate":0},{"cycle":300,"failLink":"0,0,0:+X"},)"
      R"({"cycle":500,"repairLink":"0,0,0:+X"},{"cycle":300,"setPattern":"tornado"}])")));
  c.autoRebuild = true;
  Simulator sim(c);
  Seen seen;
  seen.from = 701;  // the first cycle that can create nothing (rate 0 before cycle 700 runs... and 700)
  sim.setObserver(&seen);
  sim.run(299);
  QVERIFY(sim.applied().empty());
  QCOMPARE(sim.config().traffic.pattern, TrafficPattern::UniformRandom);
  sim.run(1);  // cycle 299 ran; the entries of 300 wait for cycle 300
  QVERIFY(sim.applied().empty());
  QVERIFY(sim.step());  // before cycle 300 runs
  QCOMPARE(sim.applied().size(), std::size_t{2});
  QCOMPARE(sim.config().traffic.pattern, TrafficPattern::Tornado);
  sim.run(1000);
  const auto& a = sim.applied();
  QCOMPARE(a.size(), std::size_t{4});
  QCOMPARE(a[0].cycle, 300u);
  QCOMPARE(QString::fromStdString(describeIntervention(a[0], sim.topology())),
           QStringLiteral("cycle 300 failLink \"0,0,0:+X\""));  // file order within a cycle
  QVERIFY(a[1].kind == InterventionKind::SetPattern);
  QCOMPARE(a[2].cycle, 500u);
  QCOMPARE(a[3].cycle, 700u);
  QCOMPARE(seen.createdAfter, 0u);  // rate 0 from cycle 700 on
  QCOMPARE(seen.faults.size(), std::size_t{4});  // fail, rebuild, repair, rebuild
  QCOMPARE(seen.faults[0].cycle, 300u);
  QVERIFY(seen.faults[1].kind == SimEventKind::RoutesRebuilt);
  QCOMPARE(seen.faults[2].cycle, 500u);
}

void TstInterventions::directCallsAreRecorded() {
  SimConfig c = simConfigFromScenario(parseScenario(scenarioText("[]")));
  Simulator sim(c);
  sim.run(123);
  const LinkId l = sim.topology().linkFrom(sim.topology().nodeAt({{1, 1, 1}}), Direction::PlusY);
  sim.apply(Intervention::link(InterventionKind::FailLink, l, 9999));  // its cycle: now
  sim.apply(Intervention::rate(0.02));
  QVERIFY(!sim.topology().linkUp(l));
  QCOMPARE(sim.config().traffic.rateFlitsPerNodeCycle, 0.02);
  QCOMPARE(sim.applied().size(), std::size_t{2});
  QCOMPARE(sim.applied()[0].cycle, 123u);
  QCOMPARE(sim.applied()[1].cycle, 123u);
  // A call the simulator refuses is not recorded.
  Intervention adaptive;
  adaptive.kind = InterventionKind::SetAdaptive;
  adaptive.on = true;
  QVERIFY_THROWS_EXCEPTION(std::invalid_argument, sim.apply(adaptive));
  QCOMPARE(sim.applied().size(), std::size_t{2});
}

// Faults applied between two cycles, under autoRebuild: one rebuild, before
// the next cycle runs, wherever they came from.
void TstInterventions::oneRebuildPerBoundary() {
  SimConfig c = simConfigFromScenario(parseScenario(scenarioText(R"([{"cycle":50,"failLink":"2,0,0:+Z"}])")));
  c.autoRebuild = true;
  Simulator sim(c);
  Seen seen;
  sim.setObserver(&seen);
  sim.run(50);
  const Topology& t = sim.topology();
  sim.apply(Intervention::link(InterventionKind::FailLink, t.linkFrom(t.nodeAt({{1, 1, 1}}), Direction::PlusY)));
  sim.apply(Intervention::node(InterventionKind::FailNode, t.nodeAt({{3, 3, 3}})));
  auto rebuilds = [&seen] {
    int n = 0;
    for (const SimEvent& e : seen.faults) n += e.kind == SimEventKind::RoutesRebuilt;
    return n;
  };
  QVERIFY(seen.faults.size() > 1);  // the links failed at once
  QCOMPARE(rebuilds(), 0);          // the routes not yet
  sim.step();                       // the timeline's entry of cycle 50, then one rebuild
  QCOMPARE(rebuilds(), 1);
  QVERIFY(sim.lastRebuild().accepted);
  QCOMPARE(sim.lastRebuild().atCycle, 50u);
  QCOMPARE(sim.applied().size(), std::size_t{3});
}

// The window's undo (issue 37): flit::inverseOf, asked before a change is
// applied, gives back the change that puts the machine as it was, for every
// kind that is a setting; the barrier operations are events (nothing).
void TstInterventions::everyKindGivesBackItsInverse() {
  std::string text = scenarioText("[]");
  text.replace(text.find(R"("vcCount":2)"), 11, R"("vcCount":3,"adaptiveVcs":1)");
  SimConfig c = simConfigFromScenario(parseScenario(text));
  c.autoRebuild = true;
  Simulator sim(c);
  sim.run(20);
  const Topology& t = sim.topology();
  const NodeId n = t.nodeAt({{1, 2, 3}});
  struct State {
    std::vector<int> links, nodes, spares;
    double rate;
    TrafficPattern pattern;
    bool adaptive;
    ArbiterKind arbiter;
    AgeConfig age;
    std::uint64_t lut;
    VcRule rule;
    VcTablesConfig tables;
    bool operator==(const State&) const = default;
  };
  const auto state = [&] {
    State st{{}, {}, {}, sim.config().traffic.rateFlitsPerNodeCycle, sim.config().traffic.pattern, sim.adaptive(),
             sim.arbiter(), sim.config().router.age, sim.routing().tables->entry(n, 5), sim.config().routing.vcRule,
             sim.config().routing.vcTables()};
    for (LinkId l = 0; l < t.linkCount(); ++l) st.links.push_back(t.linkUp(l));
    for (NodeId k = 0; k < t.nodeCount(); ++k) st.nodes.push_back(sim.nodeUp(k));
    for (NodeId k = 0; k < t.nodeCount(); ++k) st.spares.push_back(sim.hotSpare(k));
    return st;
  };
  std::vector<Intervention> changes;
  changes.push_back(Intervention::link(InterventionKind::FailLink, t.linkFrom(n, Direction::PlusX)));
  changes.push_back(Intervention::link(InterventionKind::RepairLink, t.linkFrom(n, Direction::PlusX)));
  changes.push_back(Intervention::node(InterventionKind::FailNode, t.nodeAt({{3, 3, 3}})));
  changes.push_back(Intervention::node(InterventionKind::RepairNode, t.nodeAt({{3, 3, 3}})));
  Intervention spare = Intervention::node(InterventionKind::SetHotSpare, t.nodeAt({{0, 0, 3}}));
  spare.on = true;
  changes.push_back(spare);
  changes.push_back(Intervention::rate(0.3));
  const auto setting = [](InterventionKind kind, auto&& fill) {
    Intervention i;
    i.kind = kind;
    fill(i);
    return i;
  };
  changes.push_back(setting(InterventionKind::SetPattern, [](Intervention& i) { i.pattern = TrafficPattern::Transpose; }));
  changes.push_back(setting(InterventionKind::SetAdaptive, [&](Intervention& i) { i.on = !sim.adaptive(); }));
  changes.push_back(setting(InterventionKind::SetArbiter, [](Intervention& i) { i.arbiter = ArbiterKind::T3e; }));
  changes.push_back(setting(InterventionKind::SetAgeConfig, [](Intervention& i) { i.age.clockPeriodCycles = 7; }));
  Intervention lut = Intervention::node(InterventionKind::SetLutEntry, n);
  lut.lutIndex = 5;
  lut.tag = sim.routing().tables->entry(n, 5) ^ 1u;  // X_ADR bit 0: another destination's low bit
  changes.push_back(lut);
  Intervention restore = lut;
  restore.kind = InterventionKind::RestoreLutEntry;
  changes.push_back(restore);
  changes.push_back(Intervention::vcRuleChange(VcRule::Vc1Start));
  changes.push_back(Intervention::vcTablesChange(sim.config().routing.vcTables()));
  std::vector<bool> covered(kInterventionKindCount, false);
  for (const Intervention& change : changes) {
    const State before = state();
    const std::optional<Intervention> inverse = inverseOf(sim, change);
    QVERIFY2(inverse, interventionKindName(change.kind).data());
    sim.apply(change);
    sim.step();
    sim.apply(*inverse);
    sim.step();
    QVERIFY2(state() == before, describeIntervention(change, t).c_str());
    covered[static_cast<std::size_t>(change.kind)] = true;
  }
  for (const InterventionKind k : {InterventionKind::Barrier, InterventionKind::Eureka, InterventionKind::EurekaBarrier}) {
    QVERIFY(!inverseOf(sim, Intervention::sync(k, n, 0)));
    covered[static_cast<std::size_t>(k)] = true;
  }
  // A packet sent on the special network: what it does happens later, or never.
  for (const InterventionKind k : {InterventionKind::SpecialPut, InterventionKind::SpecialGet}) {
    QVERIFY(!inverseOf(sim, Intervention::special(k, n, SpecialDeltas{}, SpecialRegister::Resets)));
    covered[static_cast<std::size_t>(k)] = true;
  }
  for (int k = 0; k < kInterventionKindCount; ++k)
    QVERIFY2(covered[static_cast<std::size_t>(k)], interventionKindName(InterventionKind(k)).data());
}

FLITSCOPE_TEST_APPLESS_MAIN(TstInterventions)
#include "tst_interventions.moc"
