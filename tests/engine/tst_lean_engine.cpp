// The lean engine (engine/sim/lean_simulator.h) against Simulator: for each
// configuration in its family, both run the same scenario and seed, and
// every number they report must be equal at each checkpoint: the totals, both
// latency statistics (count, sum, max, histogram), offered and delivered
// flits, and per port and VC the XT Table 4 counters (packets, flits,
// blocked cycles), stalled cycles, flits sent, dateline violations, buffered
// flits and mean occupancy. The configurations cover what the family may
// vary (issue 3: VC count, buffer depth, stage delays, packet size, flow
// control, traffic pattern, link delay, T3E Table 2 style extra cycles,
// mesh and torus, 1-3 dimensions) at loads from light to past saturation,
// so blocking, stalls and refused packets are exercised too.
#include "sim/lean_simulator.h"
#include "sim/scenario.h"
#include "sim/simulator.h"

#include <QtTest>

#include <sstream>
#include <string>

using namespace flit;

namespace {

struct Variant {
  std::string topology = R"("radix": [8, 8, 8], "wrap": [true, true, true])";
  int vcs = 2, depth = 8, packetFlits = 1;
  std::string flow = "wormhole";
  int route = 1, vcAlloc = 1, switchAlloc = 1, linkDelay = 1;
  int turnExtra = 0, injectExtra = 0, ejectExtra = 0, sourceQueue = 16;
  std::string pattern = "uniform";
  std::string hotspot = "[1, 2, 3]";
  double rate = 0.24, ordered = 0.0;
  std::uint64_t seed = 1;
  std::uint64_t cycles = 1500;  // measured, after 500 of warm-up
  std::string routingExtra;     // more keys of "routing"
};

SimConfig configOf(const Variant& v) {
  std::ostringstream s;
  s << R"({"format": "flitscope-scenario", "version": 1, "name": "lean", "seed": )" << v.seed
    << R"(, "topology": {)" << v.topology << R"(}, "router": {"vcCount": )" << v.vcs
    << R"(, "vcClasses": 1, "vcDepthFlits": )" << v.depth << R"(, "flowControl": ")" << v.flow
    << R"(", "arbiter": "roundRobin", "routeCycles": )" << v.route << R"(, "vcAllocCycles": )"
    << v.vcAlloc << R"(, "switchAllocCycles": )" << v.switchAlloc << R"(, "linkDelayCycles": )"
    << v.linkDelay << R"(, "turnExtraCycles": )" << v.turnExtra << R"(, "injectExtraCycles": )"
    << v.injectExtra << R"(, "ejectExtraCycles": )" << v.ejectExtra
    << R"(, "sourceQueuePackets": )" << v.sourceQueue
    << R"(}, "routing": {"algorithm": "dimension-order")" << v.routingExtra
    << R"(}, "traffic": {"pattern": ")" << v.pattern
    << R"(", "rateFlitsPerNodeCycle": )" << v.rate << R"(, "packetFlits": )" << v.packetFlits
    << R"(, "orderedFraction": )" << v.ordered << R"(, "hotspot": )" << v.hotspot << R"(, "hotspotFraction": 0.3}})";
  return simConfigFromScenario(parseScenario(s.str()));
}

// The first difference between the two engines' reports, or "".
std::string compare(const Simulator& a, const LeanSimulator& b) {
  std::ostringstream d;
  auto check = [&d](const char* what, auto x, auto y) {
    if (d.tellp() == 0 && !(x == y)) d << what << ": Simulator " << x << ", lean " << y;
  };
  check("cycle", a.cycle(), b.cycle());
  check("vcCount", a.vcCount(), b.vcCount());
  const SimTotals& s = a.totals();
  const SimTotals& t = b.totals();
  check("created", s.created, t.created);
  check("refused", s.refused, t.refused);
  check("injected", s.injected, t.injected);
  check("delivered", s.delivered, t.delivered);
  check("inFlight", s.inFlight, t.inFlight);
  check("dropped", s.droppedTotal(), t.droppedTotal());
  check("datelineCrossings", s.datelineCrossings, t.datelineCrossings);
  check("datelineViolations", s.datelineViolations, t.datelineViolations);
  check("deliveredFlits", s.deliveredFlitsByKind[0], t.deliveredFlitsByKind[0]);
  const SimStats& x = a.stats();
  const SimStats& y = b.stats();
  check("startCycle", x.startCycle, y.startCycle);
  check("flitsOffered", x.flitsOffered, y.flitsOffered);
  check("flitsDelivered", x.flitsDelivered, y.flitsDelivered);
  for (const auto& [name, l, m] : {std::tuple{"latency", &x.latency, &y.latency},
                                   std::tuple{"networkLatency", &x.networkLatency, &y.networkLatency}}) {
    check(name, l->count(), m->count());
    check(name, l->mean(), m->mean());
    check(name, l->max(), m->max());
    check(name, l->stddev(), m->stddev());
    check(name, l->histogram() == m->histogram(), true);
  }
  const Topology& topo = a.topology();
  for (NodeId n = 0; n < topo.nodeCount() && d.tellp() == 0; ++n) {
    for (int port = 0; port < kPortsPerNode; ++port) {
      const PortCounters p = a.portCounters(n, port);
      const PortCounters q = b.portCounters(n, port);
      const std::string where = " at node " + std::to_string(n) + " port " + std::to_string(port);
      check(("stalledCycles" + where).c_str(), p.stalledCycles, q.stalledCycles);
      check(("flitsSent" + where).c_str(), p.flitsSent, q.flitsSent);
      check(("datelineViolations" + where).c_str(), p.datelineViolations, q.datelineViolations);
      check(("linkUtilization" + where).c_str(), a.linkUtilization(n, port), b.linkUtilization(n, port));
      for (int vc = 0; vc < a.vcCount(); ++vc) {
        const auto v = static_cast<std::size_t>(vc);
        const std::string at = where + " VC " + std::to_string(vc);
        check(("packets" + at).c_str(), p.packets[v], q.packets[v]);
        check(("flits" + at).c_str(), p.flits[v], q.flits[v]);
        check(("blockedCycles" + at).c_str(), p.blockedCycles[v], q.blockedCycles[v]);
        check(("bufferedFlits" + at).c_str(), a.bufferedFlits(n, port, vc), b.bufferedFlits(n, port, vc));
        check(("meanOccupancy" + at).c_str(), a.meanOccupancy(n, port, vc), b.meanOccupancy(n, port, vc));
      }
    }
  }
  return d.str();
}

}  // namespace

class TstLeanEngine : public QObject {
  Q_OBJECT
 private slots:
  void sameAsSimulator_data();
  void sameAsSimulator();
  void refusesWhatItDoesNotModel_data();
  void refusesWhatItDoesNotModel();
  void presetsInTheFamily();
  void watchdogFiresWhenSimulatorsDoes();
};

namespace {
std::vector<std::pair<std::string, Variant>> variants() {
  std::vector<std::pair<std::string, Variant>> v;
  auto add = [&v](const std::string& name, auto edit) {
    Variant x;
    edit(x);
    v.emplace_back(name, x);
  };
  add("generic 8x8x8 at 0.24", [](Variant&) {});
  add("generic 8x8x8 at 0.05", [](Variant& x) { x.rate = 0.05; });
  add("generic 8x8x8 past saturation", [](Variant& x) { x.rate = 0.6; x.seed = 7; });
  add("4 VCs, 4-flit packets, wormhole", [](Variant& x) {
    x.topology = R"("radix": [4, 4, 4], "wrap": [true, true, true])";
    x.vcs = 4, x.packetFlits = 4, x.rate = 0.35;
  });
  add("4 VCs, 1-flit packets", [](Variant& x) { x.vcs = 4, x.rate = 0.4; });
  add("8 VCs, 1-flit packets, cut-through", [](Variant& x) {
    x.topology = R"("radix": [4, 4, 4], "wrap": [true, true, true])";
    x.vcs = 8, x.depth = 2, x.flow = "virtualCutThrough", x.rate = 0.7;
  });
  add("8 VCs, 5-flit packets, cut-through", [](Variant& x) {
    x.topology = R"("radix": [4, 4, 4], "wrap": [true, true, true])";
    x.vcs = 8, x.depth = 5, x.packetFlits = 5, x.flow = "virtualCutThrough", x.rate = 0.5;
  });
  add("2 VCs, 3-flit packets, cut-through, shallow", [](Variant& x) {
    x.depth = 3, x.packetFlits = 3, x.flow = "virtualCutThrough", x.rate = 0.3;
  });
  add("6 VCs, 2-flit packets", [](Variant& x) { x.vcs = 6, x.packetFlits = 2, x.rate = 0.4; });
  add("stages and extras", [](Variant& x) {
    x.route = 2, x.vcAlloc = 0, x.switchAlloc = 2, x.linkDelay = 3;
    x.turnExtra = 3, x.injectExtra = 2, x.ejectExtra = 4, x.packetFlits = 2, x.rate = 0.3;
  });
  add("one-cycle pipeline", [](Variant& x) { x.route = 1, x.vcAlloc = 0, x.switchAlloc = 0; });
  add("transpose", [](Variant& x) { x.pattern = "transpose", x.rate = 0.3; });
  add("tornado", [](Variant& x) { x.pattern = "tornado", x.rate = 0.3; });
  add("bitComplement", [](Variant& x) { x.pattern = "bitComplement", x.rate = 0.2; });
  add("bitReversal", [](Variant& x) { x.pattern = "bitReversal", x.rate = 0.2; });
  add("nearestNeighbor", [](Variant& x) { x.pattern = "nearestNeighbor", x.rate = 0.7; });
  add("hotspot", [](Variant& x) { x.pattern = "hotspot", x.rate = 0.2; });
  add("all-to-one, short queues", [](Variant& x) {
    x.pattern = "allToOne", x.rate = 0.05, x.sourceQueue = 2;
  });
  add("ordered fraction drawn", [](Variant& x) { x.ordered = 0.3, x.seed = 3; });
  add("2D torus 16x8", [](Variant& x) {
    x.topology = R"("radix": [16, 8], "wrap": [true, true])";
    x.hotspot = "[1, 2]";
    x.rate = 0.3;
  });
  add("mesh 6x5x4, 1 VC", [](Variant& x) {
    x.topology = R"("radix": [6, 5, 4], "wrap": [false, false, false])";
    x.vcs = 1, x.rate = 0.2, x.packetFlits = 2;
  });
  // Saturated for 40,000 cycles: fronts wait long enough for the lean
  // engine's 16-bit ready cycles to wrap (it refreshes them every 2^14).
  add("long saturated run", [](Variant& x) {
    x.topology = R"("radix": [4, 4, 4], "wrap": [true, true, true])";
    x.rate = 0.9, x.cycles = 40000, x.packetFlits = 3, x.depth = 4;
  });
  add("ring of 16", [](Variant& x) {
    x.topology = R"("radix": [16], "wrap": [true])";
    x.hotspot = "[1]";
    x.rate = 0.5;
  });
  return v;
}
}  // namespace

void TstLeanEngine::sameAsSimulator_data() {
  QTest::addColumn<int>("row");
  const auto all = variants();
  for (std::size_t i = 0; i < all.size(); ++i) {
    QTest::newRow(all[i].first.c_str()) << static_cast<int>(i);
  }
}

// Checkpoints: during the warm-up, at its end, after resetStats (the
// measurement window) and at the end of the window.
void TstLeanEngine::sameAsSimulator() {
  QFETCH(int, row);
  const Variant v = variants()[static_cast<std::size_t>(row)].second;
  const SimConfig cfg = configOf(v);
  QVERIFY2(LeanSimulator::unsupportedReason(cfg).empty(), LeanSimulator::unsupportedReason(cfg).c_str());
  Simulator general(cfg);
  LeanSimulator lean(cfg);
  for (const std::uint64_t cycles : {7, 493}) {
    QCOMPARE(general.run(cycles), cycles);
    QCOMPARE(lean.run(cycles), cycles);
    const std::string diff = compare(general, lean);
    QVERIFY2(diff.empty(), diff.c_str());
  }
  general.resetStats();
  lean.resetStats();
  for (const std::uint64_t cycles : {std::uint64_t{1}, v.cycles}) {
    QCOMPARE(general.run(cycles), cycles);
    QCOMPARE(lean.run(cycles), cycles);
    const std::string diff = compare(general, lean);
    QVERIFY2(diff.empty(), diff.c_str());
  }
  QVERIFY(general.totals().delivered > 0);
  QVERIFY(!lean.deadlocked());
}

void TstLeanEngine::refusesWhatItDoesNotModel_data() {
  QTest::addColumn<QString>("file");
  QTest::addColumn<QString>("reason");
  QTest::newRow("T3E") << "t3e-8x8x8.json" << "routing.algorithm";
  QTest::newRow("TRC") << "trc-16x16.json" << "routing.algorithm";
}

// Scenarios outside the family name the setting; the constructor refuses them.
void TstLeanEngine::refusesWhatItDoesNotModel() {
  QFETCH(QString, file);
  QFETCH(QString, reason);
  const SimConfig cfg =
      simConfigFromScenario(loadScenarioFile(std::string(FLITSCOPE_PRESETS_DIR) + "/" + file.toStdString()));
  const std::string why = LeanSimulator::unsupportedReason(cfg);
  QVERIFY2(why.rfind(reason.toStdString(), 0) == 0, why.c_str());
  QVERIFY_THROWS_EXCEPTION(std::invalid_argument, LeanSimulator{cfg});
  SimConfig withFault = simConfigFromScenario(
      loadScenarioFile(std::string(FLITSCOPE_PRESETS_DIR) + "/generic-8x8x8.json"));
  QVERIFY(LeanSimulator::unsupportedReason(withFault).empty());
  withFault.failedLinks.push_back(0);
  QVERIFY(LeanSimulator::unsupportedReason(withFault).rfind("faults", 0) == 0);
}

// The generic presets are in the family (the CLI runs them on the lean engine).
void TstLeanEngine::presetsInTheFamily() {
  for (const char* file : {"generic-8x8x8.json", "generic-16x16x16.json"}) {
    const SimConfig cfg =
        simConfigFromScenario(loadScenarioFile(std::string(FLITSCOPE_PRESETS_DIR) + "/" + file));
    QVERIFY2(LeanSimulator::unsupportedReason(cfg).empty(), file);
  }
}

// Dally & Seitz Figure 1 (tst_sim's ringWithoutDatelinesDeadlocks): the
// lean engine's watchdog stops the run at the cycle Simulator's does, with
// the same state; it builds no report (the CLI reruns on Simulator for it).
void TstLeanEngine::watchdogFiresWhenSimulatorsDoes() {
  Variant v;
  v.topology = R"("radix": [4], "wrap": [true])";
  v.hotspot = "[1]";
  v.depth = 2, v.packetFlits = 6, v.rate = 1.0;
  v.routingExtra = R"(, "datelines": [null])";  // every packet stays on VC0
  SimConfig cfg = configOf(v);
  cfg.router.watchdogCycles = 500;
  QVERIFY(LeanSimulator::unsupportedReason(cfg).empty());
  Simulator general(cfg);
  LeanSimulator lean(cfg);
  const std::uint64_t ranGeneral = general.run(100000);
  const std::uint64_t ranLean = lean.run(100000);
  QVERIFY(general.deadlocked());
  QVERIFY(lean.deadlocked());
  QCOMPARE(ranLean, ranGeneral);
  const std::string diff = compare(general, lean);
  QVERIFY2(diff.empty(), diff.c_str());
  QVERIFY(!lean.step());
  QCOMPARE(lean.cycle(), general.cycle());
}

QTEST_APPLESS_MAIN(TstLeanEngine)
#include "tst_lean_engine.moc"
