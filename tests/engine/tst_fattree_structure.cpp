// The Transit fat-tree as data (DeHon, seed 004): Table 1 router counts and
// Table 2 channel organisation measured on built unit trees, the unit tree
// counts of sections 4.2 and 5.2 (4K, 12K, 256K, 768K), the UT64x2's
// dual-mode last stage (section 3.2), stages through the root with and without
// the short-cut paths (section 3.1), the random wiring, and section 4.1's
// claim that any non-leaf unit tree can be removed.
#include "test_main.h"

#include <QtTest>
#include <algorithm>
#include <map>
#include <vector>

#include "fattree/fat_tree_description.h"
#include "fattree/fat_tree_network.h"
#include "fattree/fat_tree_routing.h"
#include "fattree/fat_tree_scenario.h"

using namespace flit::fattree;

Q_DECLARE_METATYPE(flit::fattree::FatTreeSpec)
Q_DECLARE_METATYPE(flit::fattree::BlockKind)

namespace {
FatTreeSpec full(std::uint32_t leafUnitTrees, std::uint32_t stages) {
  return FatTreeSpec{BlockKind::UT64x2, leafUnitTrees, stages, 1};
}
FatTreeSpec hybrid(BlockKind cluster, std::uint32_t clusters, std::uint32_t stages) {
  return FatTreeSpec{cluster, clusters, stages, 1};
}
const FatTreeNetwork& net4k() {
  static const FatTreeNetwork n = buildFatTree(full(64, 1));
  return n;
}
}  // namespace

class TstFatTreeStructure : public QObject {
  Q_OBJECT
 private slots:
  void table1RoutersPerLayer_data();
  void table1RoutersPerLayer();
  void table2ChannelOrganisation_data();
  void table2ChannelOrganisation();
  void unitTreeCounts_data();
  void unitTreeCounts();
  void ut64x2LastStageIsDualMode_data();
  void ut64x2LastStageIsDualMode();
  void stagesThroughRoot_data();
  void stagesThroughRoot();
  void table3BestCase();
  void everyInputDrivenOnce();
  void headersReachEveryDestination();
  void randomWiringIsSeeded();
  void removingAnyNonLeafUnitTreeKeepsEveryPair();
  void hybridSurvivesAnyUnitTreeRemoved();
  void removingALeafUnitTreeCutsItsEndpoints();
  void graphHasEveryConnectedChannel();
};

void TstFatTreeStructure::table1RoutersPerLayer_data() {
  QTest::addColumn<FatTreeSpec>("spec");
  QTest::addColumn<BlockKind>("kind");
  QTest::addColumn<std::vector<std::uint32_t>>("perLayer");
  // Table 1: stack layers 0-3.
  QTest::newRow("UT64x8 in 4K (Table 1)")
      << full(64, 1) << BlockKind::UT64x8 << std::vector<std::uint32_t>{64, 64, 48, 32};
  QTest::newRow("UT64x2 in 4K (Table 1)")
      << full(64, 1) << BlockKind::UT64x2 << std::vector<std::uint32_t>{16, 16, 12, 8};
  QTest::newRow("UT64x2 alone (64)")
      << full(1, 0) << BlockKind::UT64x2 << std::vector<std::uint32_t>{16, 16, 12, 8};
  // Section 5.1 gives no counts: derived in docs/fat-tree.md.
  QTest::newRow("B12") << hybrid(BlockKind::B12, 64, 1) << BlockKind::B12
                       << std::vector<std::uint32_t>{4, 3};
  QTest::newRow("B48") << hybrid(BlockKind::B48, 64, 1) << BlockKind::B48
                       << std::vector<std::uint32_t>{16, 12, 12};
  QTest::newRow("B192 in 12K") << hybrid(BlockKind::B192, 64, 1) << BlockKind::B192
                               << std::vector<std::uint32_t>{64, 48, 48, 48};
  QTest::newRow("UT64x8 in 12K") << hybrid(BlockKind::B192, 64, 1) << BlockKind::UT64x8
                                 << std::vector<std::uint32_t>{64, 64, 48, 32};
}

void TstFatTreeStructure::table1RoutersPerLayer() {
  QFETCH(FatTreeSpec, spec);
  QFETCH(BlockKind, kind);
  QFETCH(std::vector<std::uint32_t>, perLayer);
  const FatTreeNetwork net = buildFatTree(spec);
  QCOMPARE(describeFatTree(net).kinds[static_cast<std::size_t>(kind)].routersPerLayer, perLayer);
  // Every block of the kind, not only the first.
  for (const Block& b : net.blocks) {
    if (b.kind != kind) continue;
    std::vector<std::uint32_t> got(perLayer.size(), 0);
    for (std::uint32_t r = b.firstRouter; r < b.firstRouter + b.routerCount; ++r)
      ++got.at(net.routers[r].layer);
    QCOMPARE(got, perLayer);
  }
}

void TstFatTreeStructure::table2ChannelOrganisation_data() {
  QTest::addColumn<FatTreeSpec>("spec");
  QTest::addColumn<BlockKind>("kind");
  QTest::addColumn<std::vector<std::uint32_t>>("upLeaves_downLeaves_upRoot_downRoot");
  // Table 2 ("Total Channels"; its Capacity headers are swapped: UT64x8
  // carries 8 per logical channel from the leaves and 128 at the root).
  QTest::newRow("UT64x8 (Table 2)")
      << full(64, 1) << BlockKind::UT64x8 << std::vector<std::uint32_t>{512, 512, 128, 128};
  QTest::newRow("UT64x2 (Table 2)")
      << full(64, 1) << BlockKind::UT64x2 << std::vector<std::uint32_t>{128, 128, 32, 32};
  // 256K: the first UT64x8 is in the middle stage, connected both ways.
  QTest::newRow("UT64x8 inside 256K") << full(4096, 2) << BlockKind::UT64x8
                                      << std::vector<std::uint32_t>{512, 512, 128, 128};
  QTest::newRow("UT64x8 over B192") << hybrid(BlockKind::B192, 64, 1) << BlockKind::UT64x8
                                    << std::vector<std::uint32_t>{512, 512, 128, 128};
  // Section 5.1: a quarter of the first stage's inputs from the tree.
  QTest::newRow("B192") << hybrid(BlockKind::B192, 64, 1) << BlockKind::B192
                        << std::vector<std::uint32_t>{384, 384, 128, 128};
}

void TstFatTreeStructure::table2ChannelOrganisation() {
  QFETCH(FatTreeSpec, spec);
  QFETCH(BlockKind, kind);
  QFETCH(std::vector<std::uint32_t>, upLeaves_downLeaves_upRoot_downRoot);
  const auto& want = upLeaves_downLeaves_upRoot_downRoot;
  const ChannelOrganisation c =
      describeFatTree(buildFatTree(spec)).kinds[static_cast<std::size_t>(kind)].channels;
  QCOMPARE(c.upFromLeaves, want[0]);
  QCOMPARE(c.downTowardLeaves, want[1]);
  QCOMPARE(c.upTowardRoot, want[2]);
  QCOMPARE(c.downFromRoot, want[3]);
}

void TstFatTreeStructure::unitTreeCounts_data() {
  QTest::addColumn<FatTreeSpec>("spec");
  QTest::addColumn<std::uint32_t>("leaves");
  QTest::addColumn<std::uint32_t>("ut64x8");
  QTest::addColumn<std::uint32_t>("endpoints");
  QTest::addColumn<std::vector<std::uint32_t>>("blocksPerStage");  // leaves first
  QTest::newRow("64") << full(1, 0) << 1u << 0u << 64u << std::vector<std::uint32_t>{1};
  QTest::newRow("4K: 64 UT64x2 + 4 UT64x8 (section 4.2)")
      << full(64, 1) << 64u << 4u << 4096u << std::vector<std::uint32_t>{64, 4};
  QTest::newRow("12K: 64 B192 + 16 UT64x8 (section 5.2)")
      << hybrid(BlockKind::B192, 64, 1) << 64u << 16u << 12288u << std::vector<std::uint32_t>{64, 16};
  // Section 4.2, 256K: "The additional UT64x8 unit tree stage is added on
  // top of the 4 x 64 = 256 UT64x8 unit trees which form the middle unit
  // tree stage. This root unit tree stage is composed of 64 UT64x8 ... 64^2
  // = 4096 UT64x2 unit trees and 256 + 64 = 320 UT64x8 unit trees."
  QTest::newRow("256K: 4096 UT64x2 + 256 + 64 = 320 UT64x8 (section 4.2)")
      << full(4096, 2) << 4096u << 320u << 262144u << std::vector<std::uint32_t>{4096, 256, 64};
  // Section 5.2, 768K: "4096 bidelta leaf clusters ... The lowest level of
  // unit trees is composed of 1024 UT64x8 ... Finally, 256 UT64x8 unit
  // trees are needed to form the top level."
  QTest::newRow("768K: 4096 B192 + 1024 + 256 = 1280 UT64x8 (section 5.2)")
      << hybrid(BlockKind::B192, 4096, 2) << 4096u << 1280u << 786432u
      << std::vector<std::uint32_t>{4096, 1024, 256};
}

void TstFatTreeStructure::unitTreeCounts() {
  QFETCH(FatTreeSpec, spec);
  QFETCH(std::uint32_t, leaves);
  QFETCH(std::uint32_t, ut64x8);
  QFETCH(std::uint32_t, endpoints);
  QFETCH(std::vector<std::uint32_t>, blocksPerStage);
  const FatTreeNetwork net = buildFatTree(spec);
  const auto counts = net.blockCounts();
  QCOMPARE(counts[static_cast<std::size_t>(spec.leaf)], leaves);
  QCOMPARE(counts[static_cast<std::size_t>(BlockKind::UT64x8)], ut64x8);
  QCOMPARE(net.endpointCount, endpoints);
  QCOMPARE(composedUT64x8Count(spec.leaf, spec.leafCount), std::uint64_t{ut64x8});
  QCOMPARE(routerCountOf(spec), std::uint64_t{net.routerCount()});
  const FatTreeDescription d = describeFatTree(net);
  QCOMPARE(d.stages.size(), blocksPerStage.size());
  for (std::size_t i = 0; i < blocksPerStage.size(); ++i) {
    QCOMPARE(d.stages[i].blocks, blocksPerStage[i]);
    QCOMPARE(d.stages[i].kind, i == 0 ? spec.leaf : BlockKind::UT64x8);
  }
}

// Section 3.2: "The final stage of down routing in the UT64x2 unit tree is
// constructed out of RN1 routers configured in their dual 4x4 crossbar mode
// such that each of the outputs to a node comes from a different routing
// chip." Every endpoint's two down channels come from two dual-mode RN1s of
// its leaf unit tree's last down stage (layer 1), from the same crossbar of
// each (output copy x, Figure 1 right); a dual RN1's eight outputs reach
// eight endpoints; no other RN1 is in dual mode (UT64x8 and the bidelta
// clusters' last stages run in dilation-2 mode).
void TstFatTreeStructure::ut64x2LastStageIsDualMode_data() {
  QTest::addColumn<FatTreeSpec>("spec");
  QTest::addColumn<std::uint32_t>("dualRouters");
  QTest::newRow("64: one UT64x2") << full(1, 0) << 16u;
  QTest::newRow("4K: 64 UT64x2 under 4 UT64x8") << full(64, 1) << 64u * 16u;
  QTest::newRow("12K hybrid: no UT64x2") << hybrid(BlockKind::B192, 64, 1) << 0u;
}

void TstFatTreeStructure::ut64x2LastStageIsDualMode() {
  QFETCH(FatTreeSpec, spec);
  QFETCH(std::uint32_t, dualRouters);
  const FatTreeNetwork net = buildFatTree(spec);
  std::uint32_t dual = 0;
  for (const Rn1Router& r : net.routers) {
    const bool lastDownOfUt64x2 = net.blocks[r.block].kind == BlockKind::UT64x2 && r.layer == 1;
    QCOMPARE(r.dualCrossbar, lastDownOfUt64x2);
    dual += r.dualCrossbar ? 1u : 0u;
  }
  QCOMPARE(dual, dualRouters);
  if (dual == 0) return;
  std::vector<std::vector<std::uint32_t>> into(net.endpointCount);  // output ports into each endpoint
  std::vector<std::vector<std::uint32_t>> reached(net.routerCount());
  for (std::uint32_t port = 0; port < net.outTarget.size(); ++port) {
    const std::uint32_t t = net.outTarget[port];
    if (t == kUnconnected || !(t & kEndpointFlag)) continue;
    into[t & ~kEndpointFlag].push_back(port);
    reached[port / kRn1Ports].push_back(t & ~kEndpointFlag);
  }
  for (std::uint32_t e = 0; e < net.endpointCount; ++e) {
    QCOMPARE(into[e].size(), std::size_t{2});
    const std::uint32_t a = into[e][0] / kRn1Ports, b = into[e][1] / kRn1Ports;
    QVERIFY2(a != b, qPrintable(QString("endpoint %1: both down channels from RN1 %2").arg(e).arg(a)));
    QVERIFY(net.routers[a].dualCrossbar && net.routers[b].dualCrossbar);
    QCOMPARE(into[e][0] % 2, into[e][1] % 2);  // the same crossbar of both chips
  }
  for (std::uint32_t r = 0; r < net.routerCount(); ++r) {
    if (!net.routers[r].dualCrossbar) continue;
    std::vector<std::uint32_t> ends = reached[r];
    std::sort(ends.begin(), ends.end());
    QCOMPARE(ends.size(), std::size_t{kRn1Ports});
    QVERIFY(std::adjacent_find(ends.begin(), ends.end()) == ends.end());
  }
}

void TstFatTreeStructure::stagesThroughRoot_data() {
  QTest::addColumn<FatTreeSpec>("spec");
  QTest::addColumn<int>("withShortCuts");
  QTest::addColumn<int>("without");
  // Section 3.1: (4/3) log4 N with the short-cuts, 2 log4 N without.
  QTest::newRow("64: log4 N = 3") << full(1, 0) << 4 << 6;
  QTest::newRow("4K: log4 N = 6") << full(64, 1) << 8 << 12;
  QTest::newRow("256K: log4 N = 9") << full(4096, 2) << 12 << 18;
  // Hybrid: the cluster's first stage up, the tree, the destination
  // cluster's four stages.
  QTest::newRow("12K hybrid") << hybrid(BlockKind::B192, 64, 1) << 1 + 4 + 4 << 1 + 6 + 4;
  // Table 3's 786,432-processor hybrid: 13 stages through the root (130 ns
  // at 100 MHz without the wires, against the paper's 320 ns: docs/fat-tree.md).
  QTest::newRow("768K hybrid") << hybrid(BlockKind::B192, 4096, 2) << 1 + 8 + 4 << 1 + 12 + 4;
}

// Table 3's best case, "for more local connections": 30 ns on the full
// fat-tree, 40 ns on the hybrid, at 10 ns an RN1 stage without the wires
// (docs/fat-tree.md). Two endpoints under one up RN1 of the full tree are 2
// stages apart (20 ns: the paper's other 10 ns are not derived in the
// text); two endpoints of one B192 cluster are 4 apart, its first stage and
// three more (40 ns, the paper's figure).
void TstFatTreeStructure::table3BestCase() {
  const FatTreeSpec tree = full(4096, 2);
  QCOMPARE(commonLevel(tree, 0, 1), 1);
  QCOMPARE(stagesBetween(tree, 1, true), 2);
  QCOMPARE(int(routeHeader(tree, 0, 1).hops), 2);
  const FatTreeSpec hybrid768 = hybrid(BlockKind::B192, 4096, 2);
  const int inCluster = commonLevel(hybrid768, 0, 191);
  QCOMPARE(stagesBetween(hybrid768, inCluster, true), 4);
  QCOMPARE(int(routeHeader(hybrid768, 0, 191).hops), 4);
}

void TstFatTreeStructure::stagesThroughRoot() {
  QFETCH(FatTreeSpec, spec);
  QFETCH(int, withShortCuts);
  QFETCH(int, without);
  QCOMPARE(flit::fattree::stagesThroughRoot(spec, true), withShortCuts);
  QCOMPARE(flit::fattree::stagesThroughRoot(spec, false), without);
  // The header of a root-crossing route has one RN1 hop per stage.
  const std::uint32_t perLeaf = blockSubtrees(spec.leaf);
  const std::uint32_t last = spec.leafCount * perLeaf - 1;
  QCOMPARE(commonLevel(spec, 0, last), treeLevels(spec));
  QCOMPARE(int(routeHeader(spec, 0, last).hops), withShortCuts);
}

void TstFatTreeStructure::everyInputDrivenOnce() {
  const FatTreeNetwork& net = net4k();
  std::vector<int> driven(std::size_t{net.routerCount()} * kRn1Ports, 0);
  for (const std::uint32_t t : net.outTarget) {
    if (t != kUnconnected && !(t & kEndpointFlag)) ++driven[t];
  }
  for (const std::uint32_t t : net.endpointUp) ++driven.at(t);
  int open = 0;
  for (std::uint32_t p = 0; p < driven.size(); ++p) {
    QVERIFY2(driven[p] <= 1,
             qPrintable(QString("input port %1 driven %2 times").arg(p).arg(driven[p])));
    if (driven[p] == 0) ++open;
  }
  QCOMPARE(open, 4 * 128);  // only the root stage's "Down from Root" inputs
}

void TstFatTreeStructure::headersReachEveryDestination() {
  for (const FatTreeSpec& spec : {full(1, 0), hybrid(BlockKind::B12, 64, 1)}) {
    const FatTreeNetwork net = buildFatTree(spec);
    const FaultMap none(net);
    for (std::uint32_t src = 0; src < net.endpointCount; src += 7) {
      const auto reach = reachableFrom(net, none, src);
      for (std::uint32_t d = 0; d < net.endpointCount; ++d)
        QCOMPARE(int(reach[d]), d == src ? 0 : 1);
    }
  }
}

void TstFatTreeStructure::randomWiringIsSeeded() {
  FatTreeSpec a = full(64, 1);
  const FatTreeNetwork n1 = buildFatTree(a);
  const FatTreeNetwork n2 = buildFatTree(a);
  QVERIFY(n1.outTarget == n2.outTarget);
  QVERIFY(n1.endpointUp == n2.endpointUp);
  a.wiringSeed = 2;
  const FatTreeNetwork n3 = buildFatTree(a);
  QVERIFY(n1.outTarget != n3.outTarget);
  QCOMPARE(n3.routerCount(), n1.routerCount());
}

// Section 4.1: "Proper dispersion makes it possible to remove entire unit
// tree stacks anywhere, except at the leaves, and still have a functionally
// complete fat-tree."
void TstFatTreeStructure::removingAnyNonLeafUnitTreeKeepsEveryPair() {
  const FatTreeNetwork& net = net4k();
  for (std::uint32_t b = 64; b < 68; ++b) {
    QCOMPARE(net.blocks[b].kind, BlockKind::UT64x8);
    FaultMap faults(net);
    faults.failBlock(net, b);
    // Every pair for the first removed unit tree, a sample of sources for the others.
    const std::uint32_t stride = b == 64 ? 1 : 61;
    for (std::uint32_t src = 0; src < net.endpointCount; src += stride) {
      const auto reach = reachableFrom(net, faults, src);
      for (std::uint32_t d = 0; d < net.endpointCount; ++d) {
        if (d != src && !reach[d])
          QFAIL(qPrintable(QString("UT %1 removed: %2 -> %3 cut").arg(b).arg(src).arg(d)));
      }
    }
  }
}

// The same on the 12K hybrid: any one of its 16 UT64x8 (sampled sources).
void TstFatTreeStructure::hybridSurvivesAnyUnitTreeRemoved() {
  const FatTreeNetwork net = buildFatTree(hybrid(BlockKind::B192, 64, 1));
  for (const std::uint32_t b : {64u, 71u, 79u}) {
    FaultMap faults(net);
    faults.failBlock(net, b);
    for (std::uint32_t src = 5; src < net.endpointCount; src += 997) {
      const auto reach = reachableFrom(net, faults, src);
      for (std::uint32_t d = 0; d < net.endpointCount; ++d) {
        if (d != src && !reach[d])
          QFAIL(qPrintable(QString("UT %1 removed: %2 -> %3 cut").arg(b).arg(src).arg(d)));
      }
    }
  }
}

// The check can fail: a leaf unit tree is every path of its endpoints.
void TstFatTreeStructure::removingALeafUnitTreeCutsItsEndpoints() {
  const FatTreeNetwork& net = net4k();
  FaultMap faults(net);
  faults.failBlock(net, 5);  // endpoints 320..383
  const auto reach = reachableFrom(net, faults, 0);
  QCOMPARE(int(reach[320]), 0);
  QCOMPARE(int(reach[1]), 1);
  QCOMPARE(int(reach[4095]), 1);
}

// The family-neutral graph (topology/network_graph.h) the view draws: one
// link per connected channel (the count describeFatTree measures), each
// from the router or endpoint that drives it to the one it enters, an
// endpoint with its two up and two down channels, and the two copies of
// an RN1 output direction in one dilation group.
void TstFatTreeStructure::graphHasEveryConnectedChannel() {
  const FatTreeNetwork& net = net4k();
  const flit::NetworkGraph g = networkGraphOf(net);
  QCOMPARE(g.family, flit::TopologyFamily::FatTree);
  QCOMPARE(g.routerCount, net.routerCount());
  QCOMPARE(g.endpointCount, 4096u);
  QCOMPARE(static_cast<std::uint64_t>(g.linkCount()), describeFatTree(net).channels);
  std::vector<int> upOf(g.endpointCount), downTo(g.endpointCount);
  std::map<std::int32_t, int> groupSize;
  for (const flit::GraphLink& l : g.links) {
    QVERIFY(l.a < g.nodeCount() && l.b < g.nodeCount() && l.a != l.b);
    QCOMPARE(net.channelTarget(l.familyId) != kUnconnected, true);
    if (g.isEndpoint(l.a)) {
      ++upOf[l.a - g.routerCount];
      QCOMPARE(l.aPort, std::int16_t{-1});
    } else {
      QVERIFY(l.aPort >= 0 && l.aPort < kRn1Ports);
      QCOMPARE(l.familyId, l.a * kRn1Ports + static_cast<std::uint32_t>(l.aPort));
    }
    if (g.isEndpoint(l.b)) ++downTo[l.b - g.routerCount];
    else QVERIFY(l.bPort >= 0 && l.bPort < kRn1Ports);
    QVERIFY(l.group >= 0);
    ++groupSize[l.group];
  }
  for (std::uint32_t e = 0; e < g.endpointCount; ++e) {
    QCOMPARE(upOf[e], 2);    // section 3.2: two inputs and two outputs to the network
    QCOMPARE(downTo[e], 2);
  }
  for (const auto& [group, size] : groupSize) QVERIFY2(size <= kRn1Dilation, qPrintable(QString::number(group)));
}

FLITSCOPE_TEST_APPLESS_MAIN(TstFatTreeStructure)
#include "tst_fattree_structure.moc"
