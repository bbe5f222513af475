// The flat bidelta network of RN1s that seed 004's section 1 compares the
// fat-tree against (fattree/flat_bidelta.h): its shape (4^k endpoints, k
// stages of 4^(k-1) RN1s, every channel connected once), its routing (the
// destination's base-4 digits, either copy of a direction, k hops from
// anywhere to anywhere: "all processors are equally distant from each
// other"), its scenario file, and the comparison the paper draws: with the
// locality of Table 5 the fat-tree of the same size routes better ("the
// routing performance of these fat-tree structures is favorable to
// comparably sized flat bdelta networks", section 6), and without it, on
// uniform traffic, the flat network carries far more (the fat-tree's
// channels thin toward its root: Table 2, a quarter per unit tree).
#include "test_main.h"

#include <QtTest>
#include <algorithm>
#include <set>

#include "fattree/circuit_simulator.h"
#include "fattree/fat_tree_description.h"
#include "fattree/fat_tree_routing.h"
#include "fattree/fat_tree_scenario.h"
#include "fattree/flat_bidelta.h"
#include "fattree/locality.h"
#include "fattree/network_shape.h"
#include "scenario/fat_tree_scenario_json.h"
#include "scenario/json_fields.h"
#include "scenario/scenario.h"
#include "scenario/scenario_family.h"
#include "test_paths.h"

using namespace flit::fattree;

namespace {

// Where a header sent on `src`'s channel `copy` ends when each router takes
// copy `copy` of its direction where it has two (a dual-mode RN1 has one per
// crossbar: candidateOutputs), or kUnconnected when it runs off the network;
// `hops` counts the RN1s crossed.
std::uint32_t follow(const FatTreeNetwork& net, std::uint32_t src, const RouteHeader& h, int copy, int* hops) {
  std::uint32_t in = net.endpointUp[src * 2 + static_cast<std::uint32_t>(copy)];
  *hops = 0;
  for (int hop = 0; hop < h.hops; ++hop) {
    const std::uint32_t router = in / kRn1Ports;
    ++*hops;
    std::uint32_t outs[2] = {};
    const int n = candidateOutputs(net, router, static_cast<int>(in % kRn1Ports), h.direction(hop), outs);
    const std::uint32_t next = net.outTarget[outs[std::min(copy, n - 1)]];
    if (next == kUnconnected) return kUnconnected;
    if ((next & kEndpointFlag) != 0) return hop + 1 == h.hops ? next & ~kEndpointFlag : kUnconnected;
    in = next;
  }
  return kUnconnected;
}

struct Measured {
  double firstAttemptSuccess = 0;
  double networkLatency = 0;
  double messagesPerEndpointCycle = 0;
};

Measured measure(const FatTreeSpec& spec, FatTreePattern pattern) {
  CircuitConfig cfg;  // rate 1.0: every endpoint always has a message waiting (section 6.3)
  cfg.pattern = pattern;
  CircuitSimulator sim(buildFatTree(spec), cfg, 1);
  sim.run(300);
  sim.resetStats();
  constexpr std::uint64_t kWindow = 1500;
  sim.run(kWindow);
  const CircuitStats& s = sim.stats();
  return {s.firstAttemptSuccess(), s.meanNetworkLatencyCycles(),
          static_cast<double>(s.messagesDelivered) / (4096.0 * kWindow)};
}

}  // namespace

class TstFlatBidelta : public QObject {
  Q_OBJECT
 private slots:
  void shape_data();
  void shape();
  void everyHeaderArrivesInKHopsOnEitherCopy_data();
  void everyHeaderArrivesInKHopsOnEitherCopy();
  void equallyDistantAndTheFatTreesDestinations();
  void scenarioFile();
  void badScenarioNamesTheField();
  void againstTheFatTreeOfTheSameSize();
  void everyShapeHasItsFamilyKey();
  void routerPlacesFollowTheWiring();
  void oneFailedRn1CutsNoEndpointOff();
};

void TstFlatBidelta::shape_data() {
  QTest::addColumn<int>("stages");
  for (int k = 1; k <= 5; ++k) QTest::newRow(qPrintable(QString("%1 stages").arg(k))) << k;
}

// 4^k endpoints, k stages of 4^(k-1) RN1s; every output connected, every
// input driven once; a stage's outputs go to the next stage (the last's to
// endpoints); the two copies of a direction end on different RN1s
// (dilation: "all eight input channels are logically equivalent", section
// 2.1); an endpoint's two channels enter different first-stage RN1s, and
// its two channels in come from two last-stage RN1s in dual mode (section
// 3.2's rule for a UT64x2: "each of the outputs to a node comes from a
// different routing chip").
void TstFlatBidelta::shape() {
  QFETCH(int, stages);
  const auto k = static_cast<std::uint32_t>(stages);
  const FatTreeNetwork net = buildFatTree(flatBideltaSpec(k, 7));
  const std::uint32_t perStage = flatRoutersPerStage(k);
  QCOMPARE(net.endpointCount, perStage * 4);
  QCOMPARE(net.routerCount(), perStage * k);
  QCOMPARE(routerCountOf(net.spec), std::uint64_t{net.routerCount()});
  QCOMPARE(endpointCountOf(net.spec), std::uint64_t{net.endpointCount});
  QCOMPARE(net.blocks.size(), std::size_t{1});
  QCOMPARE(net.blocks[0].kind, BlockKind::Flat);
  std::vector<int> driven(net.outTarget.size(), 0);
  std::vector<std::uint32_t> perLayer(k, 0);
  for (std::uint32_t r = 0; r < net.routerCount(); ++r) {
    const std::uint8_t layer = net.routers[r].layer;
    QVERIFY(layer < k);
    ++perLayer[layer];
    for (int d = 0; d < kRn1Directions; ++d) {
      std::uint32_t ends[2] = {};
      for (int c = 0; c < kRn1Dilation; ++c) {
        const std::uint32_t t = net.outTarget[r * kRn1Ports + static_cast<std::uint32_t>(d * kRn1Dilation + c)];
        QVERIFY(t != kUnconnected);
        if (layer + 1u == k) {
          QVERIFY((t & kEndpointFlag) != 0);
          ends[c] = kEndpointFlag;
          continue;
        }
        QVERIFY((t & kEndpointFlag) == 0);
        QCOMPARE(net.routers[t / kRn1Ports].layer, static_cast<std::uint8_t>(layer + 1));
        ++driven[t];
        ends[c] = t / kRn1Ports;
      }
      if (layer + 1u < k && perStage / (1u << (2 * (layer + 1))) > 1) QVERIFY(ends[0] != ends[1]);
    }
    QCOMPARE(net.routers[r].dualCrossbar, k > 1 && layer + 1u == k);
  }
  std::vector<std::set<std::uint32_t>> feeders(net.endpointCount);
  for (std::uint32_t port = 0; port < net.outTarget.size(); ++port) {
    const std::uint32_t t = net.outTarget[port];
    if ((t & kEndpointFlag) != 0 && t != kUnconnected) feeders[t & ~kEndpointFlag].insert(port / kRn1Ports);
  }
  for (const auto& f : feeders) QCOMPARE(f.size(), std::size_t{k > 1 ? 2u : 1u});
  for (std::uint32_t n : perLayer) QCOMPARE(n, perStage);
  for (std::uint32_t e = 0; e < net.endpointCount; ++e) {
    for (int c = 0; c < 2; ++c) {
      const std::uint32_t in = net.endpointUp[e * 2 + static_cast<std::uint32_t>(c)];
      QCOMPARE(net.routers[in / kRn1Ports].layer, std::uint8_t{0});
      ++driven[in];
    }
    if (k > 1) QVERIFY(net.endpointUp[e * 2] / kRn1Ports != net.endpointUp[e * 2 + 1] / kRn1Ports);
  }
  for (std::size_t port = 0; port < driven.size(); ++port) QCOMPARE(driven[port], 1);
}

void TstFlatBidelta::everyHeaderArrivesInKHopsOnEitherCopy_data() {
  QTest::addColumn<int>("stages");
  QTest::newRow("64 endpoints") << 3;
  QTest::newRow("256 endpoints") << 4;
}

void TstFlatBidelta::everyHeaderArrivesInKHopsOnEitherCopy() {
  QFETCH(int, stages);
  const FatTreeNetwork net = buildFatTree(flatBideltaSpec(static_cast<std::uint32_t>(stages), 3));
  for (std::uint32_t src = 0; src < net.endpointCount; ++src) {
    for (std::uint32_t dst = 0; dst < net.endpointCount; ++dst) {
      if (src == dst) continue;
      const RouteHeader h = routeHeader(net.spec, src, dst);
      QCOMPARE(int{h.hops}, stages);
      for (int copy = 0; copy < 2; ++copy) {
        int hops = 0;
        const std::uint32_t end = follow(net, src, h, copy, &hops);
        if (end != dst) QFAIL(qPrintable(QString("%1 -> %2 copy %3 ended at %4").arg(src).arg(dst).arg(copy).arg(end)));
        QCOMPARE(hops, stages);
      }
    }
  }
}

// "In flat networks like the bidelta network, all processors are equally
// distant from each other" (section 1): k stages at every level; its levels
// are the endpoint id's digits, so that Table 5's locality picks the same
// destinations as on the full fat-tree of the same size.
void TstFlatBidelta::equallyDistantAndTheFatTreesDestinations() {
  const FatTreeSpec flat = flatBideltaSpec(6);
  const FatTreeSpec tree{BlockKind::UT64x2, 64, 1, 1};
  QCOMPARE(treeLevels(flat), treeLevels(tree));
  for (int level = 1; level <= treeLevels(flat); ++level) QCOMPARE(stagesBetween(flat, level, true), 6);
  QCOMPARE(stagesThroughRoot(tree, true), 8);  // (4/3) log4 4096 (section 3.1): longer than the flat network's 6
  QCOMPARE(stagesBetween(tree, 1, true), 2);   // and 2 to a neighbour
  const auto a = paperLocality(flat), b = paperLocality(tree);
  QVERIFY(a && b);
  QCOMPARE(a->pAny, b->pAny);
  QVERIFY(paperLocality(flatBideltaSpec(3)));
  QVERIFY(!paperLocality(flatBideltaSpec(4)));  // 256 endpoints: the paper has no such column
  for (std::uint32_t x : {0u, 5u, 700u, 4095u}) {
    for (std::uint32_t y : {1u, 6u, 2000u, 4094u}) {
      if (x != y) QCOMPARE(commonLevel(flat, x, y), commonLevel(tree, x, y));
    }
  }
  const FatTreeDescription d = describeFatTree(buildFatTree(flat));
  QCOMPARE(d.routers, std::uint64_t{6 * 1024});
  QCOMPARE(d.stagesThroughRoot, 6);
}

// The preset reads, and writes back to the same scenario.
void TstFlatBidelta::scenarioFile() {
  const std::string text = flit::readScenarioFileText(flit::test::presetPath("transit-flat-256.json"));
  QCOMPARE(flit::scenarioFamilyOfText(text), flit::TopologyFamily::FatTree);
  const FatTreeScenario s = parseFatTreeScenario(text);
  QCOMPARE(s.spec.leaf, BlockKind::Flat);
  QCOMPARE(otherShapeOf(s.spec), otherShapeOfFamilyKey("flatBidelta"));
  QCOMPARE(s.spec.flatStages, 4u);
  QCOMPARE(s.circuit.pattern, FatTreePattern::Uniform);
  const FatTreeScenario again = parseFatTreeScenario(serializeFatTreeScenario(s));
  QCOMPARE(again.spec, s.spec);
  QVERIFY(serializeFatTreeScenario(again) == serializeFatTreeScenario(s));
}

void TstFlatBidelta::badScenarioNamesTheField() {
  const auto errorOf = [](const std::string& topology, const std::string& traffic) -> std::string {
    const std::string text = R"({"format": "flitscope-scenario", "version": 1, "topology": )" + topology +
                             R"(, "traffic": )" + traffic + "}";
    try {
      parseFatTreeScenario(text);
    } catch (const flit::ScenarioError& e) {
      return e.what();
    }
    return "no error";
  };
  const std::string tooMany = errorOf(R"({"family": "flatBidelta", "stages": 8})", R"({"pattern": "uniform"})");
  QVERIFY2(tooMany.find("scenario.topology.stages") != std::string::npos, tooMany.c_str());
  const std::string missing = errorOf(R"({"family": "flatBidelta"})", R"({"pattern": "uniform"})");
  QVERIFY2(missing.find("scenario.topology.stages") != std::string::npos, missing.c_str());
  const std::string stray = errorOf(R"({"family": "flatBidelta", "stages": 3, "unitTrees": {}})", R"({"pattern": "uniform"})");
  QVERIFY2(stray.find("scenario.topology.unitTrees") != std::string::npos, stray.c_str());
  const std::string locality = errorOf(R"({"family": "flatBidelta", "stages": 4})", R"({"pattern": "locality"})");
  QVERIFY2(locality.find("scenario.traffic.pattern") != std::string::npos, locality.c_str());
}

// 4096 endpoints each, at full load (rate 1.0): the flat network of 6
// stages against the 4K fat-tree of the transit-4k preset (64 UT64x2 under
// 4 UT64x8). Measured (docs/fat-tree.md): with Table 5's locality the
// fat-tree succeeds more often on the first attempt (0.72 against 0.65) and
// its circuits are shorter (11.7 against 14 cycles); on uniform traffic the
// flat network delivers about 4.5 times as many messages (0.023 against
// 0.005 per endpoint and cycle) and succeeds more often (0.61 against 0.49).
void TstFlatBidelta::againstTheFatTreeOfTheSameSize() {
  const FatTreeSpec flat = flatBideltaSpec(6);
  const FatTreeSpec tree{BlockKind::UT64x2, 64, 1, 1};
  const Measured flatLocal = measure(flat, FatTreePattern::Locality);
  const Measured treeLocal = measure(tree, FatTreePattern::Locality);
  const Measured flatGlobal = measure(flat, FatTreePattern::Uniform);
  const Measured treeGlobal = measure(tree, FatTreePattern::Uniform);
  const auto line = [](const char* what, const Measured& m) {
    qInfo("%-22s first-attempt success %.4f, network latency %.2f cycles, %.5f messages/endpoint/cycle", what,
          m.firstAttemptSuccess, m.networkLatency, m.messagesPerEndpointCycle);
  };
  line("fat-tree, locality", treeLocal);
  line("flat, locality", flatLocal);
  line("fat-tree, uniform", treeGlobal);
  line("flat, uniform", flatGlobal);
  QVERIFY(treeLocal.firstAttemptSuccess > flatLocal.firstAttemptSuccess);
  QVERIFY(treeLocal.networkLatency < flatLocal.networkLatency);
  QVERIFY(treeLocal.messagesPerEndpointCycle > flatLocal.messagesPerEndpointCycle);
  QVERIFY(flatGlobal.firstAttemptSuccess > treeGlobal.firstAttemptSuccess);
  QVERIFY(flatGlobal.messagesPerEndpointCycle > 3 * treeGlobal.messagesPerEndpointCycle);
  QCOMPARE(flatLocal.networkLatency, flatGlobal.networkLatency);  // equally distant: the pattern does not matter
}

// The shapes (network_shape.h) and the keys that scenarioFamily() takes for
// the circuit family (topology_family.h) are the same list, plus "fatTree".
void TstFlatBidelta::everyShapeHasItsFamilyKey() {
  std::set<std::string_view> keys(std::begin(flit::kCircuitFamilyKeys), std::end(flit::kCircuitFamilyKeys));
  QVERIFY(keys.erase(flit::topologyFamilyKey(flit::TopologyFamily::FatTree)) == 1);
  for (const NetworkShape& shape : networkShapes()) {
    QVERIFY2(keys.erase(shape.familyKey) == 1, std::string(shape.familyKey).c_str());
    QCOMPARE(otherShapeOfKind(shape.kind), &shape);
    QCOMPARE(QString(blockKindName(shape.kind)), QString(shape.blockName));
    const std::string text = R"({"format": "flitscope-scenario", "version": 1, "topology": {"family": ")" +
                             std::string(shape.familyKey) + R"(", "stages": 2}})";
    QCOMPARE(flit::scenarioFamilyOfText(text), flit::TopologyFamily::FatTree);
  }
  QVERIFY(keys.empty());
  QVERIFY(otherShapeOf(FatTreeSpec{}) == nullptr);  // the fat-tree is no other shape
}

// flatRouterPlaces (what the window draws by) against the wiring: direction
// d of a router of sub-network j at stage s reaches sub-network 4j + d at
// stage s + 1, or, into the last stage, the pair of sub-networks {4j + d,
// its sibling}; and the last stage's copy x of direction d reaches endpoint
// 4(j's pair + x) + d (with one stage: copy 0 and 1 both endpoint d).
void TstFlatBidelta::routerPlacesFollowTheWiring() {
  for (std::uint32_t k = 1; k <= 5; ++k) {
    const FatTreeNetwork net = buildFatTree(flatBideltaSpec(k, 11));
    const std::vector<FlatRouterPlace> places = flatRouterPlaces(net.spec);
    QCOMPARE(places.size(), std::size_t{net.routerCount()});
    for (std::uint32_t r = 0; r < net.routerCount(); ++r) {
      const FlatRouterPlace& p = places[r];
      QCOMPARE(p.stage, std::uint32_t{net.routers[r].layer});
      QVERIFY(p.index < flatRoutersPerStage(k) >> (2 * p.stage));
      for (std::uint32_t port = 0; port < kRn1Ports; ++port) {
        const std::uint32_t d = port / kRn1Dilation;
        const std::uint32_t t = net.outTarget[r * kRn1Ports + port];
        if (p.stage + 1 == k) {
          const std::uint32_t group = k == 1 ? p.subnetwork : (p.subnetwork & ~1u) + port % kRn1Dilation;
          QCOMPARE(t, kEndpointFlag | (group * 4 + d));
        } else {
          const FlatRouterPlace& next = places[t / kRn1Ports];
          QCOMPARE(next.stage, p.stage + 1);
          if (next.stage + 1 == k && k > 1)
            QCOMPARE(next.subnetwork & ~1u, (p.subnetwork * 4 + d) & ~1u);
          else
            QCOMPARE(next.subnetwork, p.subnetwork * 4 + d);
        }
      }
    }
  }
}

// Two channels out of every endpoint into two first-stage RN1s, two in from
// two last-stage RN1s, two copies of every direction between: any one
// failed RN1 leaves every endpoint reaching every other (section 1.2's
// redundant paths; docs/fat-tree.md).
void TstFlatBidelta::oneFailedRn1CutsNoEndpointOff() {
  const FatTreeNetwork net = buildFatTree(flatBideltaSpec(3, 5));
  for (std::uint32_t r = 0; r < net.routerCount(); ++r) {
    FaultMap faults(net);
    faults.routerFailed[r] = 1;
    for (std::uint32_t src = 0; src < net.endpointCount; ++src) {
      const std::vector<std::uint8_t> reach = reachableFrom(net, faults, src);
      for (std::uint32_t dst = 0; dst < net.endpointCount; ++dst) {
        if (dst != src && !reach[dst])
          QFAIL(qPrintable(QString("RN1 %1 failed: %2 cannot reach %3").arg(r).arg(src).arg(dst)));
      }
    }
  }
}

FLITSCOPE_TEST_APPLESS_MAIN(TstFlatBidelta)
#include "tst_flat_bidelta.moc"
