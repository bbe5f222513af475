// VC tables changed in a running simulator (the setVcTables intervention:
// the GUI's "Optimize VC tables" applies the optimizer's tables this way) and
// the per-channel route counts the GUI's VC-balance overlay draws. T3E paper
// (seed 000_bcf8236523569157.txt) section 4: "avoid deadlock-inducing VC
// assignments", Table 1's traffic model ("each node sends a packet to every
// other node in the ring").
#include "test_main.h"
#include "test_paths.h"
#include "analysis/vc_balance.h"
#include "analysis/vc_optimize.h"
#include "scenario/scenario.h"
#include "sim/simulator.h"

#include <QtTest>

#include <algorithm>
#include <cmath>

using namespace flit;

namespace {

Scenario preset(const char* name) {
  return loadScenarioFile(flit::test::presetPath(name));
}

// Every VC table row 1: on a ring with a dateline, routes that start on VC1
// and cross it stay on VC1 (a violation), so VC1 closes a cycle.
VcTablesConfig allOnes(const Topology& topo) {
  VcTablesConfig t;
  for (NodeId n = 0; n < topo.nodeCount(); ++n) {
    for (int d = 0; d < topo.dims(); ++d) {
      for (bool plus : {true, false}) {
        VcTableEntry e;
        e.node = topo.coordOf(n);
        e.dir = makeDirection(d, plus);
        e.vcs.assign(static_cast<std::size_t>(topo.radix(d)), 1);
        t.entries.push_back(e);
      }
    }
  }
  return t;
}

}  // namespace

class TstVcTablesLive : public QObject {
  Q_OBJECT
 private slots:
  // The overlay's counts give back Table 1's whole-ring figures: per ring,
  // the average over its 2k links of |VC0 - VC1| / the ring's busiest link
  // is evaluateVcBalance's whole-ring average (T3E 8x8x8 preset, the
  // paper's tie rule and datelines: .813 for rings of 8).
  void channelCountsGiveTable1sWholeRingAverage() {
    const Scenario s = preset("t3e-8x8x8.json");
    const Topology topo = buildTopology(s);
    const RoutingSetup setup = buildRoutingSetup(topo, s.routing);
    const std::vector<ChannelVcRoutes> counts = channelVcRoutes(topo, setup);
    QCOMPARE(int(counts.size()), topo.channelCount());
    const std::vector<VcBalanceRow> rows = evaluateVcBalance(topo, setup);
    for (int dim = 0; dim < 3; ++dim) {
      const auto whole = std::find_if(rows.begin(), rows.end(), [&](const VcBalanceRow& r) {
        return r.dimension == dim && r.subring == r.ring;
      });
      QVERIFY(whole != rows.end());
      for (const NodeId base : ringBases(topo, dim)) {
        std::vector<ChannelVcRoutes> ring;
        for (int pos = 0; pos < topo.radix(dim); ++pos) {
          Coord c = topo.coordOf(base);
          c[dim] = pos;
          for (bool plus : {true, false}) {
            ring.push_back(counts[static_cast<std::size_t>(topo.channelFrom(topo.nodeAt(c), makeDirection(dim, plus)))]);
          }
        }
        int busiest = 0;
        for (const auto& r : ring) busiest = std::max(busiest, r.vc0 + r.vc1);
        double sum = 0;
        for (const auto& r : ring) sum += std::abs(r.vc0 - r.vc1) / double(busiest);
        QVERIFY2(std::abs(sum / double(ring.size()) - whole->average) < 1e-12,
                 qPrintable(QString("dim %1: %2 vs %3").arg(dim).arg(sum / double(ring.size())).arg(whole->average)));
      }
    }
  }

  // The optimizer's tables, applied live: the routers use them from then on
  // (the balance of the routes in force is the optimizer's "after"), the
  // dependency check accepts them, and traffic crosses datelines with no
  // violation.
  void optimizedTablesAppliedLive() {
    Scenario s = preset("t3e-8x8x8.json");
    s.traffic.rateFlitsPerNodeCycle = 0.2;
    Simulator sim(simConfigFromScenario(s));
    sim.run(300);
    VcOptimizeOptions o;
    o.iterations = 20000;
    const VcOptimizeResult opt = optimizeVcTables(sim.topology(), sim.routing(), o);
    const std::vector<VcTableEntry> entries = vcTableEntriesOf(sim.topology(), opt.tables);
    QVERIFY(!entries.empty());
    sim.apply(Intervention::vcTablesChange({VcTableGenerator::TimeOfCrossing, entries}));
    QVERIFY(sim.routing().vcTables == opt.tables);
    QVERIFY(sim.lastVcRuleCheck().performed);
    QVERIFY(sim.lastVcRuleCheck().deadlockFree);
    QCOMPARE(evaluateVcBalance(sim.topology(), sim.routing()), opt.after);
    QCOMPARE(sim.config().routing.vcTableEntries, entries);
    const std::uint64_t crossings = sim.totals().datelineCrossings;
    sim.run(3000);
    QVERIFY(!sim.deadlocked());
    QVERIFY(sim.totals().datelineCrossings > crossings);
    QCOMPARE(sim.totals().datelineViolations, std::uint64_t{0});
    QCOMPARE(describeIntervention(sim.applied().back(), sim.topology()),
             "cycle 300 setVcTables (" + std::to_string(entries.size()) + " rows)");
  }

  // Tables that would make the routes cyclic are refused, naming the field
  // and the cycle; the tables in force stay.
  void cyclicTablesAreRefused() {
    const Scenario s = preset("trc-figure2-ring4.json");
    Simulator sim(simConfigFromScenario(s));
    const VcTables before = sim.routing().vcTables;
    try {
      sim.setVcTables(allOnes(sim.topology()));
      QFAIL("no error");
    } catch (const ScenarioError& e) {
      QCOMPARE(e.path(), std::string("routing.vcTables"));
      QVERIFY2(std::string(e.what()).find("vc1 ->") != std::string::npos, e.what());
    }
    QVERIFY(sim.routing().vcTables == before);
    QVERIFY(sim.applied().empty());
  }

  // The JSON form is routing.vcTables' object.
  void timelineJsonRoundTrip() {
    const Scenario s = preset("trc-figure2-ring4.json");
    const Topology topo = buildTopology(s);
    const auto j = nlohmann::json::parse(
        R"([{"cycle": 7, "setVcTables": {"generator": "time-of-crossing", "entries": [{"node": "1", "direction": "+X", "vcs": [0, 0, 0, 1]}]}}])");
    const auto t = readTimeline(j, "scenario.timeline", topo, false);
    QCOMPARE(int(t.size()), 1);
    QCOMPARE(t[0].kind, InterventionKind::SetVcTables);
    QCOMPARE(int(t[0].vcTables->entries.size()), 1);
    QCOMPARE(timelineToJson(t, topo), j);
    auto bad = j;
    bad[0]["setVcTables"]["entries"][0]["vcs"] = {0, 0, 2, 1};
    try {
      readTimeline(bad, "scenario.timeline", topo, false);
      QFAIL("no error");
    } catch (const ScenarioError& e) {
      QCOMPARE(e.path(), std::string("scenario.timeline[0].setVcTables.entries[0].vcs[2]"));
    }
  }
};

FLITSCOPE_TEST_APPLESS_MAIN(TstVcTablesLive)
#include "tst_vc_tables_live.moc"
