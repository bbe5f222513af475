// The fault-avoiding route builder (T3E paper sections 2.1 Figure 4, 2.2,
// 2.4, 5, 9) and the dependency-graph check of what it builds (Dally & Seitz
// Theorem 1).
#include "test_main.h"
#include "analysis/reachability.h"
#include "analysis/route_dependencies.h"
#include "analysis/verified_rebuild.h"
#include "routing/path_trace.h"
#include "routing/route_builder.h"
#include "routing/routing_setup.h"

#include <QtTest>

#include <random>

using namespace flit;

namespace {

Topology torus(int kx, int ky, int kz) {
  TopologySpec spec;
  spec.radix = {kx, ky, kz};
  return Topology(spec);
}

RoutingSetup defaultSetup(const Topology& topo, bool adaptive = true) {
  RoutingConfig config = defaultRoutingConfig(topo.spec());
  config.adaptive = adaptive;
  return buildRoutingSetup(topo, config);
}

NodeId at(const Topology& topo, int x, int y, int z) { return topo.nodeAt(Coord{{x, y, z}}); }

void failLink(Topology& topo, NodeId n, Direction d) { topo.setLinkUp(topo.linkFrom(n, d), false); }

// Which directions a traced path travels (bit per Direction).
int directionsUsed(const PathTrace& trace) {
  int mask = 0;
  for (const PathHop& h : trace.hops) {
    if (h.outPort >= 0 && h.outPort < kDirectionCount) mask |= 1 << h.outPort;
  }
  return mask;
}

// Every Routed pair, traced with ROUTING's tracer (independently of the
// builder's own walk): delivered, no failed link, no down node.
void verifyAllRoutes(const Topology& topo, const RoutingSetup& setup, const RouteBuildReport& r,
                     const std::vector<std::uint8_t>& nodeUp = {}) {
  for (NodeId s = 0; s < topo.nodeCount(); ++s) {
    for (NodeId d = 0; d < topo.nodeCount(); ++d) {
      if (r.at(s, d) != PairStatus::Routed) continue;
      const PathTrace t = tracePath(topo, setup, s, d);
      QVERIFY2(t.outcome == PathOutcome::Delivered,
               (topo.describeNode(s) + " -> " + topo.describeNode(d) + ": " +
                std::string(pathOutcomeName(t.outcome))).c_str());
      QCOMPARE(t.violations(), 0);
      for (const PathHop& h : t.hops) {
        if (!nodeUp.empty()) QVERIFY(nodeUp[static_cast<std::size_t>(h.node)] != 0);
      }
    }
  }
}

}  // namespace

class TestRouteBuilder : public QObject {
  Q_OBJECT

 private slots:
  // A healthy machine: the builder keeps every minimal entry.
  void healthyMachineKeepsMinimalTables() {
    const Topology topo = torus(4, 4, 4);
    RoutingSetup setup = defaultSetup(topo);
    const RoutingSetup before = defaultSetup(topo);
    const RouteBuildReport r = rebuildSetupRoutes(setup, topo, {}, true);
    QVERIFY(r.unreachable.empty());
    QCOMPARE(r.reroutedEntries, 0);
    QCOMPARE(r.adaptiveDisabledEntries, 0);
    for (NodeId s = 0; s < topo.nodeCount(); ++s) {
      for (NodeId d = 0; d < topo.nodeCount(); ++d) {
        QCOMPARE(setup.tables->tagFor(s, d), before.tables->tagFor(s, d));
      }
    }
  }

  // T3E paper section 2.1, Figure 4: two broken Y links cut a string of
  // nodes off the rest of their Y ring; direction order still reaches them
  // by leaving the ring and travelling the opposite way in another dimension
  // ("routes that travel in one direction in a given dimension and later
  // travel in the opposite direction of that same dimension").
  void figure4StringCutOffInAYRing() {
    Topology topo = torus(4, 8, 4);
    // Ring x=1, z=2: links 2->3 and 5->6 broken, string y=3..5 cut off.
    failLink(topo, at(topo, 1, 2, 2), Direction::PlusY);
    failLink(topo, at(topo, 1, 5, 2), Direction::PlusY);
    RoutingSetup setup = defaultSetup(topo);
    const RouteBuildReport r = rebuildSetupRoutes(setup, topo, {}, true);
    QVERIFY(r.unreachable.empty());
    QVERIFY(r.reroutedEntries > 0);
    verifyAllRoutes(topo, setup, r);
    int reversing = 0;
    for (int ys = 0; ys < 8; ++ys) {
      for (int yd = 3; yd <= 5; ++yd) {
        const bool outside = ys < 3 || ys > 5;
        if (!outside) continue;
        for (const auto& [s, d] : {std::pair{at(topo, 1, ys, 2), at(topo, 1, yd, 2)},
                                   std::pair{at(topo, 1, yd, 2), at(topo, 1, ys, 2)}}) {
          const PathTrace t = tracePath(topo, setup, s, d);
          QCOMPARE(t.outcome, PathOutcome::Delivered);
          const int used = directionsUsed(t);
          // Both senses of X or of Z: out of the ring and back.
          const bool reversesX = (used & 1) && (used & 8);
          const bool reversesZ = (used & 4) && (used & 32);
          QVERIFY2(reversesX || reversesZ,
                   (topo.describeNode(s) + " -> " + topo.describeNode(d)).c_str());
          reversing += 1;
          // Adaptivity must be off: the pair's minimal paths meet the break.
          QVERIFY(!RoutingTag::decode(t.tag).adaptive);
        }
      }
    }
    QCOMPARE(reversing, 2 * 5 * 3);
    // The T3E paper's Figure 4 shape: (1,1,2) -> (1,4,2) leaves the ring with an
    // initial hop and comes back: 3 Y hops + 2 detour hops.
    const PathTrace t = tracePath(topo, setup, at(topo, 1, 1, 2), at(topo, 1, 4, 2));
    QCOMPARE(t.networkHops(), 5);
    QVERIFY(RoutingTag::decode(t.tag).initialHop != InitialHop::None);
    const DependencyCheck check =
        checkDependencies(topo, setup, {&r.status, {}, 2, {}, false});
    QVERIFY2(check.deadlockFree(), check.cycleText().c_str());
    QVERIFY(check.brokenRoutes.empty());
  }

  // Sections 2 and 5: adaptivity is disabled for pairs any of whose minimal
  // paths meets a failure, even when the deterministic route does not.
  void adaptivityDisabledWhenAMinimalPathMeetsAFailure() {
    Topology topo = torus(4, 4, 4);
    failLink(topo, at(topo, 0, 0, 0), Direction::PlusY);  // (0,0,0) -> (0,1,0)
    RoutingSetup setup = defaultSetup(topo);
    const RouteBuildReport r = rebuildSetupRoutes(setup, topo, {}, true);
    QVERIFY(r.unreachable.empty());
    QVERIFY(r.adaptiveDisabledEntries > 0);
    // (0,0,0) -> (1,1,0): route +X then +Y avoids the link, the adaptive
    // alternative +Y then +X does not.
    const std::uint64_t t1 = setup.tables->tagFor(at(topo, 0, 0, 0), at(topo, 1, 1, 0));
    QCOMPARE(cleanRouteHops(topo, {}, at(topo, 0, 0, 0), at(topo, 1, 1, 0), t1), 2);
    QVERIFY(!RoutingTag::decode(t1).adaptive);
    // Far from the failure adaptivity stays on.
    const std::uint64_t t2 = setup.tables->tagFor(at(topo, 2, 2, 2), at(topo, 3, 3, 3));
    QVERIFY(RoutingTag::decode(t2).adaptive);
    // (0,0,0) -> (0,1,0) must detour: 3 hops at least, non-adaptive.
    const std::uint64_t t3 = setup.tables->tagFor(at(topo, 0, 0, 0), at(topo, 0, 1, 0));
    QCOMPARE(cleanRouteHops(topo, {}, at(topo, 0, 0, 0), at(topo, 0, 1, 0), t3), 3);
    QVERIFY(!RoutingTag::decode(t3).adaptive);
    // With adaptivity off in the scenario, no entry is adaptive.
    RoutingSetup off = defaultSetup(topo, false);
    const RouteBuildReport r2 = rebuildSetupRoutes(off, topo, {}, false);
    QCOMPARE(r2.adaptiveDisabledEntries, 0);
    QVERIFY(!RoutingTag::decode(off.tables->tagFor(at(topo, 2, 2, 2), at(topo, 3, 3, 3))).adaptive);
  }

  // A node whose six links all fail cannot be reached; a failed node is
  // avoided by every route and its pairs are reported NodeDown.
  void isolatedNodeIsUnreachableFailedNodeIsAvoided() {
    Topology topo = torus(4, 4, 4);
    const NodeId lonely = at(topo, 2, 1, 3);
    for (int d = 0; d < kDirectionCount; ++d) failLink(topo, lonely, static_cast<Direction>(d));
    RoutingSetup setup = defaultSetup(topo);
    const RouteBuildReport r = rebuildSetupRoutes(setup, topo, {}, true);
    QCOMPARE(r.unreachable.size(), std::size_t{2 * 63});
    for (const auto& [s, d] : r.unreachable) QVERIFY(s == lonely || d == lonely);
    verifyAllRoutes(topo, setup, r);

    Topology healthy = torus(4, 4, 4);
    std::vector<std::uint8_t> up(static_cast<std::size_t>(healthy.nodeCount()), 1);
    const NodeId dead = at(healthy, 1, 1, 1);
    up[static_cast<std::size_t>(dead)] = 0;
    RoutingSetup s2 = defaultSetup(healthy);
    const RouteBuildReport r2 = rebuildSetupRoutes(s2, healthy, up, true);
    QVERIFY(r2.unreachable.empty());
    QCOMPARE(r2.at(dead, 0), PairStatus::NodeDown);
    QCOMPARE(r2.at(0, dead), PairStatus::NodeDown);
    verifyAllRoutes(healthy, s2, r2, up);
    const DependencyCheck check = checkDependencies(healthy, s2, {&r2.status, up, 2, {}, false});
    QVERIFY(check.brokenRoutes.empty());
    QVERIFY2(check.deadlockFree(), check.cycleText().c_str());
  }

  // A rebuild is only put in force when its dependency graph is acyclic and
  // every route delivers; otherwise the setup in force stays and the cycle
  // is reported.
  void verifiedRebuildAcceptsOrRejects() {
    Topology topo = torus(4, 8, 4);
    failLink(topo, at(topo, 1, 2, 2), Direction::PlusY);
    failLink(topo, at(topo, 1, 5, 2), Direction::PlusY);
    const RoutingSetup fresh = defaultSetup(topo);
    RoutingSetup inForce = fresh;
    const VerifiedRebuild ok = rebuildVerified(inForce, fresh, topo, {}, true);
    QVERIFY(ok.accepted);
    QVERIFY(ok.routes.reroutedEntries > 0);
    QCOMPARE(tracePath(topo, inForce, at(topo, 1, 1, 2), at(topo, 1, 4, 2)).outcome,
             PathOutcome::Delivered);

    // Without an X dateline every X ring is a cycle: rejected, nothing changes.
    RoutingConfig config = defaultRoutingConfig(topo.spec());
    config.datelines.ordinate[0] = kNoDateline;
    const RoutingSetup noDateline = buildRoutingSetup(topo, config);
    RoutingSetup kept = noDateline;
    const VerifiedRebuild bad = rebuildVerified(kept, noDateline, topo, {}, true);
    QVERIFY(!bad.accepted);
    QVERIFY(!bad.check.deadlockFree());
    QVERIFY(bad.check.cycleText().find("X vc0 -> ") != std::string::npos);
    QCOMPARE(kept.tables->tagFor(at(topo, 1, 1, 2), at(topo, 1, 4, 2)),
             noDateline.tables->tagFor(at(topo, 1, 1, 2), at(topo, 1, 4, 2)));
  }

  // Dimension order (XT) has no tables: the pairs whose plain route meets a
  // failure (exactly those tracePath blocks on the fresh setup) get a detour
  // (routing/dor_detours.h, tests in tst_dor_detours); the others keep their
  // plain route. fixedRouteReachability refuses direction order.
  void dimensionOrderReachability() {
    Topology topo = torus(4, 4, 4);
    failLink(topo, at(topo, 1, 2, 3), Direction::PlusX);
    RoutingConfig config = defaultRoutingConfig(topo.spec());
    config.algorithm = RoutingAlgorithm::DimensionOrder;
    const RoutingSetup fresh = buildRoutingSetup(topo, config);
    RoutingSetup setup = fresh;
    std::vector<std::uint8_t> up(static_cast<std::size_t>(topo.nodeCount()), 1);
    up[static_cast<std::size_t>(at(topo, 3, 3, 3))] = 0;
    const RouteBuildReport r = rebuildSetupRoutes(setup, topo, up, false);
    int blocked = 0;
    for (NodeId s = 0; s < topo.nodeCount(); ++s) {
      for (NodeId d = 0; d < topo.nodeCount(); ++d) {
        if (!up[static_cast<std::size_t>(s)] || !up[static_cast<std::size_t>(d)]) {
          QCOMPARE(r.at(s, d), PairStatus::NodeDown);
          continue;
        }
        const PathTrace t = tracePath(topo, fresh, s, d);
        bool ok = t.outcome == PathOutcome::Delivered;
        for (const PathHop& h : t.hops) ok = ok && up[static_cast<std::size_t>(h.node)] != 0;
        blocked += ok ? 0 : 1;
        const bool detour = setup.detours.contains(static_cast<std::uint64_t>(s * topo.nodeCount() + d));
        QVERIFY(ok ? !detour : true);
        const bool relayed = setup.relayOf(topo, s, d) != kInvalidId;
        QVERIFY(!(detour && relayed));
        QCOMPARE(r.at(s, d), ok || detour ? PairStatus::Routed
                             : relayed    ? PairStatus::Relayed
                                          : PairStatus::Unreachable);
        if (detour || relayed) QCOMPARE(tracePath(topo, setup, s, d).outcome, PathOutcome::Delivered);
      }
    }
    QVERIFY(blocked > 0);
    QCOMPARE(r.reroutedEntries + r.relayedPairs + static_cast<int>(r.unreachable.size()), blocked);
    QVERIFY(r.unreachable.empty());  // the machine is still connected
    // (0,0,3) -> (3,3,0) turns at the failed node (3,3,3) whatever its signs,
    // and the one initial hop that would leave it (+Z) goes to the Z ring's
    // dateline node: the turn rules have no route for it. It goes in two
    // legs, through the relay the fewest hops away in all.
    const NodeId relay = setup.relayOf(topo, at(topo, 0, 0, 3), at(topo, 3, 3, 0));
    QVERIFY(relay != kInvalidId);
    const PathTrace twoLegs = tracePath(topo, setup, at(topo, 0, 0, 3), at(topo, 3, 3, 0));
    QCOMPARE(twoLegs.relay, relay);
    QCOMPARE(twoLegs.outcome, PathOutcome::Delivered);
    qInfo("(0,0,3) -> (3,3,0): relayed at %s, %d hops", topo.describeNode(relay).c_str(), twoLegs.networkHops());
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                             fixedRouteReachability(topo, defaultSetup(topo), up));
  }

  // LUT mode 1 (Table 6): one entry serves a 2x2 block of destinations, so
  // one choice must suit all four; checked through RouteTables::tagFor.
  void lutMode1EntriesServeFourDestinations() {
    Topology topo = torus(4, 4, 4);
    failLink(topo, at(topo, 1, 1, 1), Direction::PlusX);
    failLink(topo, at(topo, 0, 2, 1), Direction::PlusZ);
    RoutingConfig config = defaultRoutingConfig(topo.spec());
    config.lutMode = LutMode::LowBitsXY;
    RoutingSetup setup = buildRoutingSetup(topo, config);
    const RouteBuildReport r = rebuildSetupRoutes(setup, topo, {}, true);
    QVERIFY(r.reroutedEntries > 0);
    verifyAllRoutes(topo, setup, r);
    for (const auto& [s, d] : r.unreachable) {
      QVERIFY(tracePath(topo, setup, s, d).outcome != PathOutcome::Delivered);
    }
    const DependencyCheck check = checkDependencies(topo, setup, {&r.status, {}, 2, {}, false});
    QVERIFY(check.brokenRoutes.empty());
    QVERIFY2(check.deadlockFree(), check.cycleText().c_str());
  }

  // Section 9 + Theorem 1, randomised: 200 sets of 1..6 failed links on a
  // 4x4x4 and on an 8x8x8 torus. For each set: every route in the rebuilt
  // tables avoids the failed links and the dependency graph is acyclic.
  // Shared work (so 400 rebuilds take seconds): the healthy routes are traced
  // once, into reference-counted dependencies and an index channel -> pairs;
  // per set only the pairs whose tag changed are re-traced (old route out,
  // new route in, the new one must deliver around the failures), and every
  // pair whose healthy route used a failed channel must have been changed.
  // The first sets are also checked from scratch with checkDependencies.
  void randomFailures_data() {
    QTest::addColumn<int>("k");
    QTest::addColumn<int>("sets");
    QTest::newRow("4x4x4, 200 sets") << 4 << 200;
    QTest::newRow("8x8x8, 200 sets") << 8 << 200;
  }
  void randomFailures() {
    QFETCH(int, k);
    QFETCH(int, sets);
    const Topology healthy = torus(k, k, k);
    Topology topo = healthy;
    const RoutingSetup fresh = defaultSetup(topo);
    const int n = topo.nodeCount();
    const auto pairOf = [n](NodeId s, NodeId d) { return static_cast<std::size_t>(s) * static_cast<std::size_t>(n) + static_cast<std::size_t>(d); };

    DependencyCounts baseline(healthy);
    std::vector<std::vector<std::int32_t>> pairsOnChannel(static_cast<std::size_t>(topo.channelCount()));
    for (NodeId s = 0; s < n; ++s) {
      for (NodeId d = 0; d < n; ++d) {
        if (s == d) continue;
        QVERIFY(baseline.addRoute(healthy, fresh, s, d, +1));
        const PathTrace t = tracePath(healthy, fresh, s, d);
        for (const PathHop& h : t.hops) {
          if (h.outPort < 0 || h.outPort >= kDirectionCount) continue;
          pairsOnChannel[static_cast<std::size_t>(topo.channelFrom(h.node, static_cast<Direction>(h.outPort)))]
              .push_back(static_cast<std::int32_t>(pairOf(s, d)));
        }
      }
    }
    QVERIFY(baseline.graph().acyclic());

    std::mt19937 rng(20261122u + static_cast<unsigned>(k));
    std::uniform_int_distribution<LinkId> pickLink(0, topo.linkCount() - 1);
    std::uniform_int_distribution<int> pickCount(1, 6);
    const std::uint64_t routeBits = ~(std::uint64_t{1} << RoutingTag::kAdaptiveBit);
    long long unreachable = 0, rerouted = 0, retraced = 0;
    RoutingSetup setup = fresh;
    for (int set = 0; set < sets; ++set) {
      for (LinkId l = 0; l < topo.linkCount(); ++l) topo.setLinkUp(l, true);
      const int count = pickCount(rng);
      std::vector<LinkId> failed;
      for (int i = 0; i < count; ++i) {
        failed.push_back(pickLink(rng));
        topo.setLinkUp(failed.back(), false);
      }
      setup.tables = fresh.tables;
      const RouteBuildReport r = rebuildSetupRoutes(setup, topo, {}, true);
      const auto changed = [&](NodeId s, NodeId d) {
        return r.at(s, d) != PairStatus::Routed ||
               ((setup.tables->tagFor(s, d) ^ fresh.tables->tagFor(s, d)) & routeBits) != 0;
      };
      // Independent of the builder: every healthy route over a failed link changed.
      for (LinkId l : failed) {
        for (int sense = 0; sense < 2; ++sense) {
          for (std::int32_t p : pairsOnChannel[static_cast<std::size_t>(2 * l + sense)]) {
            QVERIFY(changed(p / n, p % n));
          }
        }
      }
      DependencyCounts counts = baseline;
      for (NodeId s = 0; s < n; ++s) {
        for (NodeId d = 0; d < n; ++d) {
          if (s == d || !changed(s, d)) continue;
          ++retraced;
          counts.addRoute(healthy, fresh, s, d, -1, false);
          if (r.at(s, d) == PairStatus::Routed) {
            QVERIFY2(counts.addRoute(topo, setup, s, d, +1),
                     (topo.describeNode(s) + " -> " + topo.describeNode(d)).c_str());
          }
        }
      }
      const ChannelDependencyGraph g = counts.graph();
      const auto cycle = g.findCycle();
      QVERIFY2(cycle.empty(), g.describeCycle(cycle).c_str());
      if (set < 3) {  // the incremental graph is the full one
        const DependencyCheck full = checkDependencies(topo, setup, {&r.status, {}, 2, {}, false});
        QVERIFY(full.brokenRoutes.empty());
        QVERIFY(full.deadlockFree());
        QCOMPARE(full.graph.dependencyCount(), g.dependencyCount());
        for (int v = 0; v < g.vertexCount(); ++v) {
          for (const ChannelVc& w : g.successors(g.channelVcOf(v))) {
            QVERIFY(full.graph.hasDependency(g.channelVcOf(v), w));
          }
        }
      }
      unreachable += static_cast<long long>(r.unreachable.size());
      rerouted += r.reroutedEntries;
    }
    qInfo("%dx%dx%d: %d sets, %lld entries rerouted, %lld pairs re-traced, %lld unreachable", k,
          k, k, sets, rerouted, retraced, unreachable);
    QVERIFY(rerouted > 0);
  }
};

FLITSCOPE_TEST_APPLESS_MAIN(TestRouteBuilder)
#include "tst_route_builder.moc"
