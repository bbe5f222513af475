// The deadlock lab's engine side: Dally & Seitz, "The Torus Routing Chip"
// (seed 002_8a5509bf2471d56c.txt), Figure 1 and Theorem 1 (a ring whose
// channel dependency graph is a cycle deadlocks: "filling the queues of each
// channel in the cycle with flits destined for a node two channels away"),
// Figure 2 (the same ring with high and low virtual channels: acyclic,
// "Channel c00 is not used"), section 4 (the chip's own rule: "packets begin
// on virtual channel 1 ... After a packet crosses address zero it is routed
// on virtual channel 0"), and the live switch between VC rules
// (routing/vc_rule.h, Simulator::setVcRule, the setVcRule intervention).
#include "test_main.h"
#include "test_paths.h"
#include "analysis/route_dependencies.h"
#include "routing/path_trace.h"
#include "scenario/scenario.h"
#include "sim/simulator.h"

#include <QtTest>

#include <fstream>
#include <set>
#include <stop_token>

using namespace flit;

namespace {

Scenario preset(const char* name) {
  return loadScenarioFile(flit::test::presetPath(name));
}

Scenario withRule(Scenario s, VcRule rule) {
  s.routing.vcRule = rule;
  return s;
}

DependencyCheck checkOn(const Topology& topo, const Scenario& s) {
  DependencyCheckOptions o;
  o.trafficClasses = s.router.vcClasses;
  return checkDependencies(topo, buildRoutingSetup(topo, s.routing), o);
}

// What the static analysis says about a scenario's routes (a fresh setup).
struct StaticVerdict {
  bool deadlockFree = false;
  std::string cycleText;
};
StaticVerdict staticCheck(const Scenario& s) {
  const Topology topo = buildTopology(s);
  const DependencyCheck d = checkOn(topo, s);
  return {d.deadlockFree(), d.cycleText()};
}

}  // namespace

class TstDeadlockLab : public QObject {
  Q_OBJECT
 private slots:
  // The lab's check on a big machine can take seconds; the window's worker
  // stops it when another scenario is loaded (the GUI soak found the window
  // waiting 2 s for the generic 16x16x16's). A stop asked for before the
  // check ends it at once, marked cancelled; without one it runs whole.
  void aStopEndsTheCheckEarly() {
    const Scenario s = preset("teaching-4x4x4.json");
    Simulator sim(simConfigFromScenario(s));
    std::stop_source stopping;
    stopping.request_stop();
    const DependencyCheck cut = sim.dependencyCheck(sim.routing(), stopping.get_token());
    QVERIFY(cut.cancelled);
    QCOMPARE(cut.routesTraced, std::int64_t{0});
    const DependencyCheck whole = sim.dependencyCheck(sim.routing(), std::stop_source().get_token());
    QVERIFY(!whole.cancelled);
    QCOMPARE(whole.routesTraced, std::int64_t{64 * 63});
    QVERIFY(whole.deadlockFree());
    // The rebuild after a fault asks the watched token too (the window's
    // worker, found by the GUI soak: loading another scenario waited 2 s for
    // the check of the generic 16x16x16's routes after a broken link): cut
    // short, nothing is rebuilt, and the report says why.
    std::stop_token watched = stopping.get_token();
    sim.watchStop(&watched);
    const RouteRebuildReport r = sim.rebuildRoutes();
    QVERIFY(!r.accepted);
    QVERIFY2(r.error.find("stopped") != std::string::npos, r.error.c_str());
    const std::stop_source running;
    watched = running.get_token();
    QVERIFY(sim.rebuildRoutes().accepted);
    sim.watchStop(nullptr);
  }

  // Figure 1: one VC, packets two nodes ahead. The ring locks up; the
  // watchdog's cycle holds the ring's four channels, all on VC0, and the
  // static check finds the same four-channel cycle.
  void figure1RingDeadlocksWithAFourChannelCycle() {
    const Scenario s = preset("trc-figure1-ring4.json");
    Simulator sim(simConfigFromScenario(s));
    sim.run(5000);
    QVERIFY(sim.deadlocked());
    const std::vector<ChannelVc> channels = sim.deadlockReport().channels();
    QCOMPARE(int(channels.size()), 4);
    std::set<ChannelId> distinct;
    for (const ChannelVc& c : channels) {
      distinct.insert(c.channel);
      QCOMPARE(c.vc, 0);
      QCOMPARE(sim.topology().channelDirection(c.channel), Direction::PlusX);
    }
    QCOMPARE(int(distinct.size()), 4);
    // One naming for the watchdog's report and flitscope-cli check.
    const std::string text = sim.deadlockReport().describe(sim.topology());
    QVERIFY2(text.find("(3)+X vc0, packet") != std::string::npos, text.c_str());

    const VcRuleCheck check = sim.checkVcRule();
    QVERIFY(!check.deadlockFree);
    QCOMPARE(int(check.cycle.size()), 4);
    QCOMPARE(check.cycleText, std::string("(0)+X vc0 -> (1)+X vc0 -> (2)+X vc0 -> (3)+X vc0 -> (0)+X vc0"));
  }

  // Figure 2: the same ring and traffic with the spiral of two VCs. The
  // dependency graph is acyclic, the low channel out of node 0 (the paper's
  // c00) is never used, every dependency climbs one total order (ours runs
  // the ring the + way, so the paper's c13 > ... > c01 appears mirrored:
  // rank = vc * k + the channel's source), and a long saturated run never
  // deadlocks.
  void figure2SpiralIsAcyclicAndNeverDeadlocks() {
    Scenario s = preset("trc-figure2-ring4.json");
    const Topology topo = buildTopology(s);
    const DependencyCheck d = checkOn(topo, s);
    QVERIFY(d.deadlockFree());
    const int k = topo.radix(0);
    auto rank = [&](ChannelVc v) { return v.vc * k + topo.coordOf(topo.channelSource(v.channel))[0]; };
    const ChannelVc c00{topo.channelFrom(topo.nodeAt(Coord{}), Direction::PlusX), 0};
    int edges = 0;
    for (int v = 0; v < d.graph.vertexCount(); ++v) {
      const ChannelVc from = d.graph.channelVcOf(v);
      for (const ChannelVc& to : d.graph.successors(from)) {
        ++edges;
        QVERIFY2(rank(to) > rank(from), (d.graph.describe(from) + " -> " + d.graph.describe(to)).c_str());
        QVERIFY(!(to == c00) && !(from == c00));
      }
    }
    QVERIFY(edges > 0);

    s.traffic.rateFlitsPerNodeCycle = 1.0;
    Simulator sim(simConfigFromScenario(s));
    QCOMPARE(sim.run(50000), std::uint64_t{50000});
    QVERIFY(!sim.deadlocked());
    QVERIFY(sim.totals().delivered > 5000);
    QCOMPARE(sim.auditCredits(), std::string());
  }

  // Section 4's rule: every route starts a dimension on VC1 and is on VC0
  // after it crosses address 0; a route that never passes 0 stays on VC1.
  void vc1StartRuleStartsOnVc1AndDropsToVc0PastAddressZero() {
    const Scenario s = withRule(preset("trc-figure1-ring4.json"), VcRule::Vc1Start);
    const Topology topo = buildTopology(s);
    const RoutingSetup setup = buildRoutingSetup(topo, s.routing);
    const PathTrace wrap = tracePath(topo, setup, 3, 2);  // 3 -> 0 -> 1 -> 2
    QCOMPARE(wrap.outcome, PathOutcome::Delivered);
    QCOMPARE(int(wrap.hops.size()), 4);
    QCOMPARE(int(wrap.hops[0].vc), 1);  // leaves 3 on VC1
    QCOMPARE(int(wrap.hops[1].vc), 0);  // through 0: crossed, VC0 from here
    QVERIFY(wrap.hops[1].crossedDateline);
    QCOMPARE(int(wrap.hops[2].vc), 0);
    QCOMPARE(wrap.violations(), 0);
    const PathTrace straight = tracePath(topo, setup, 1, 3);
    QCOMPARE(int(straight.hops[0].vc), 1);
    QCOMPARE(int(straight.hops[1].vc), 1);
    QVERIFY(staticCheck(s).deadlockFree);
  }

  // BookSim2's dim_order_torus classes (routing.vcRule "wrapClass"): a
  // route takes VC1 for the whole dimension when it will cross the ring's
  // wraparound channel, VC0 otherwise, and keeps it to the end of the
  // dimension. Minimal routes never cover a whole ring, so the generic
  // 8x8x8's graph is acyclic and a saturated run flows.
  void wrapClassRuleChoosesTheVcByWhetherTheRouteWraps() {
    Scenario s = withRule(preset("generic-8x8x8.json"), VcRule::WrapClass);
    s.routing.tieRule = TieRule::Plus;
    const Topology topo = buildTopology(s);
    const RoutingSetup setup = buildRoutingSetup(topo, s.routing);
    auto node = [&](int x, int y, int z) { return topo.nodeAt(Coord{x, y, z}); };
    auto vcs = [&](NodeId from, NodeId to) {
      const PathTrace t = tracePath(topo, setup, from, to);
      std::string out;
      for (const PathHop& h : t.hops) {
        if (h.outPort != kProcessorPort) out += std::to_string(int(h.vc));
      }
      return out;
    };
    QCOMPARE(vcs(node(6, 0, 0), node(1, 0, 0)), std::string("111"));  // + through 7 -> 0
    QCOMPARE(vcs(node(1, 0, 0), node(3, 0, 0)), std::string("00"));    // + inside the ring
    QCOMPARE(vcs(node(1, 0, 0), node(6, 0, 0)), std::string("111"));  // - through 0 -> 7
    QCOMPARE(vcs(node(6, 0, 0), node(4, 0, 0)), std::string("00"));    // - inside the ring
    // A route changes VC only where it turns into the next dimension.
    QCOMPARE(vcs(node(6, 1, 0), node(1, 3, 0)), std::string("11100"));
    QCOMPARE(vcs(node(1, 6, 0), node(3, 1, 0)), std::string("00111"));
    const StaticVerdict v = staticCheck(s);
    QVERIFY2(v.deadlockFree, v.cycleText.c_str());
    s.traffic.rateFlitsPerNodeCycle = 0.6;
    Simulator sim(simConfigFromScenario(s));
    QCOMPARE(sim.run(3000), std::uint64_t{3000});
    QVERIFY(!sim.deadlocked());
    QCOMPARE(sim.auditCredits(), std::string());
    QCOMPARE(vcRuleProblem(VcRule::WrapClass, s.routing.datelines, 3),
             std::string("\"wrapClass\" splits the VCs in two route classes and needs an even number of VCs per "
                         "class (router.vcCount), the router has 3"));
  }

  // Every live switch gives the check result the static analysis predicts
  // for a scenario that starts with that rule, on the lab's ring and on the
  // 2D torus routing chip preset.
  void eachLiveSwitchMatchesTheStaticAnalysis_data() {
    QTest::addColumn<QString>("presetName");
    QTest::addColumn<int>("rule");
    QTest::addColumn<bool>("deadlockFree");
    for (const char* p : {"trc-figure1-ring4.json", "trc-figure2-ring4.json", "trc-16x16.json"}) {
      // "tables" is each preset's own VC tables: the trc generator's spiral
      // (Figure 1's preset has them too; its vcRule oneVc sets them aside).
      // wrapClass needs minimal routes: the chip's travel + only, up to k - 1
      // hops (3 -> 0 -> 1 -> 2), so its wrapping class covers the whole ring
      // and closes a cycle on VC1.
      const struct { VcRule rule; bool free; } rows[] = {
          {VcRule::Tables, true},         {VcRule::TimeOfCrossing, true},
          {VcRule::NoDatelines, false},   {VcRule::Vc1Start, true},
          {VcRule::OneVc, false},         {VcRule::WrapClass, false}};
      for (const auto& r : rows) {
        QTest::newRow((std::string(p) + " " + std::string(vcRuleName(r.rule))).c_str())
            << QString(p) << int(r.rule) << r.free;
      }
    }
  }
  void eachLiveSwitchMatchesTheStaticAnalysis() {
    QFETCH(QString, presetName);
    QFETCH(int, rule);
    QFETCH(bool, deadlockFree);
    const Scenario s = preset(presetName.toStdString().c_str());
    Simulator sim(simConfigFromScenario(s));
    sim.run(200);
    sim.apply(Intervention::vcRuleChange(static_cast<VcRule>(rule)));
    const VcRuleCheck& live = sim.lastVcRuleCheck();
    QVERIFY(live.performed);
    QCOMPARE(int(live.rule), rule);
    QCOMPARE(live.atCycle, sim.cycle());
    QCOMPARE(sim.vcRule(), static_cast<VcRule>(rule));
    const StaticVerdict expected = staticCheck(withRule(s, static_cast<VcRule>(rule)));
    QCOMPARE(live.deadlockFree, deadlockFree);
    QCOMPARE(expected.deadlockFree, deadlockFree);
    QCOMPARE(live.cycleText, expected.cycleText);
    // The routes in force afterwards are the ones a fresh start would have.
    QCOMPARE(sim.routing().datelines, buildRoutingSetup(sim.topology(), withRule(s, static_cast<VcRule>(rule)).routing).datelines);
    QCOMPARE(sim.applied().back().kind, InterventionKind::SetVcRule);
  }

  // Switching the same ring live: Figure 2's spiral flows; switched to one
  // VC the same traffic locks up; a run started on Figure 1 with the
  // timeline switching to vc1Start before traffic builds never does.
  void switchingLiveChangesWhetherTheSameTrafficDeadlocks() {
    Scenario s = preset("trc-figure2-ring4.json");
    s.traffic.rateFlitsPerNodeCycle = 1.0;
    Simulator flowing(simConfigFromScenario(s));
    flowing.run(3000);
    QVERIFY(!flowing.deadlocked());
    flowing.apply(Intervention::vcRuleChange(VcRule::OneVc));
    flowing.run(5000);
    QVERIFY(flowing.deadlocked());
    QCOMPARE(int(flowing.deadlockReport().channels().size()), 4);

    Scenario f1 = preset("trc-figure1-ring4.json");
    f1.traffic.rateFlitsPerNodeCycle = 1.0;
    f1.timeline.push_back(Intervention::vcRuleChange(VcRule::Vc1Start, 0));
    Simulator saved(simConfigFromScenario(f1));
    QCOMPARE(saved.run(20000), std::uint64_t{20000});
    QVERIFY(!saved.deadlocked());
    QVERIFY(saved.totals().datelineCrossings > 0);
    QCOMPARE(saved.totals().datelineViolations, std::uint64_t{0});
  }

  // Errors name the field: a rule with datelines on a router with one VC per
  // class, an unknown rule in a timeline, in the scenario, and the shift
  // pattern's offsets.
  void badRulesAndShiftsAreNamed() {
    Scenario one = preset("trc-figure1-ring4.json");
    one.router.vcCount = 1;
    Simulator sim(simConfigFromScenario(one));
    try {
      sim.setVcRule(VcRule::TimeOfCrossing);
      QFAIL("no error");
    } catch (const ScenarioError& e) {
      QCOMPARE(e.path(), std::string("routing.vcRule"));
      QVERIFY2(std::string(e.what()).find("even number of VCs") != std::string::npos, e.what());
    }
    QCOMPARE(sim.vcRule(), VcRule::OneVc);  // unchanged

    const Topology topo = buildTopology(one);
    try {
      readTimeline(nlohmann::json::parse(R"([{"cycle": 5, "setVcRule": "spiral"}])"), "scenario.timeline", topo, false);
      QFAIL("no error");
    } catch (const ScenarioError& e) {
      QCOMPARE(e.path(), std::string("scenario.timeline[0].setVcRule"));
      QVERIFY2(std::string(e.what()).find("vc1Start") != std::string::npos, e.what());
    }
    const auto t = readTimeline(nlohmann::json::parse(R"([{"cycle": 5, "setVcRule": "vc1Start"}])"),
                                "scenario.timeline", topo, false);
    QCOMPARE(t.front(), Intervention::vcRuleChange(VcRule::Vc1Start, 5));
    QCOMPARE(timelineToJson(t, topo).dump(), std::string(R"([{"cycle":5,"setVcRule":"vc1Start"}])"));

    nlohmann::json j = nlohmann::json::parse(std::ifstream(flit::test::presetPath("trc-figure1-ring4.json")));
    j["routing"]["vcRule"] = "spiral";
    try {
      parseScenario(j.dump());
      QFAIL("no error");
    } catch (const ScenarioError& e) {
      QCOMPARE(e.path(), std::string("scenario.routing.vcRule"));
    }
    j["routing"]["vcRule"] = "oneVc";
    j["traffic"]["shift"] = {0};
    try {
      parseScenario(j.dump());
      QFAIL("no error");
    } catch (const ScenarioError& e) {
      QCOMPARE(e.path(), std::string("scenario.traffic.shift"));
    }
    j["traffic"]["shift"] = {4};
    try {
      parseScenario(j.dump());
      QFAIL("no error");
    } catch (const ScenarioError& e) {
      QCOMPARE(e.path(), std::string("scenario.traffic.shift[0]"));
    }
  }

  // The shift pattern sends every packet `shift` ahead, and a scenario with
  // it and a vcRule writes both back.
  void shiftPatternAndRuleRoundTrip() {
    const Scenario s = preset("trc-figure1-ring4.json");
    const Topology topo = buildTopology(s);
    TrafficSource src(s.traffic, topo);
    Rng rng(1);
    for (NodeId n = 0; n < topo.nodeCount(); ++n) QCOMPARE(src.destination(n, rng), (n + 2) % 4);
    const Scenario again = parseScenario(serializeScenario(s));
    QCOMPARE(again.traffic.shift, s.traffic.shift);
    QCOMPARE(again.routing.vcRule, VcRule::OneVc);
  }
};

FLITSCOPE_TEST_APPLESS_MAIN(TstDeadlockLab)
#include "tst_deadlock_lab.moc"
