// Section 3 (unit trees) and section 5.1 (bidelta leaf clusters), router by
// router. The counts follow Table 1 and Table 2; the derivation is in
// docs/fat-tree.md ("Unit trees", "Hybrid fat-trees").

#include "fattree/network_builder.h"

#include <array>

namespace flit::fattree::detail {

namespace {

PortList concat(PortList a, const PortList& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

// Routers per logical node of a unit tree's layers (Table 1 divided by the
// 16 level-1 nodes, 4 level-2 nodes and 1 level-3 node of section 3.1).
struct UnitTreeShape {
  std::uint32_t upPerL1, downPerL1, perL2, perL3;
};
UnitTreeShape unitTreeShape(BlockKind kind) {
  if (kind == BlockKind::UT64x8) return {4, 4, 12, 32};  // 64, 64, 48, 32
  return {1, 1, 3, 8};                                   // 16, 16, 12, 8
}

}  // namespace

BlockPorts buildUnitTree(NetworkBuilder& b, BlockKind kind, std::uint32_t block) {
  const UnitTreeShape s = unitTreeShape(kind);
  // UT64x2's last down stage: dual-crossbar RN1s in pairs, so that "each of
  // the outputs to a node comes from a different routing chip" (section 3.2).
  const bool dualL1 = kind == BlockKind::UT64x2;
  const std::uint32_t up0 = b.addRouters(16 * s.upPerL1, RouterRole::Up, 0, block);
  const std::uint32_t l10 = b.addRouters(16 * s.downPerL1, RouterRole::Down, 1, block, dualL1);
  const std::uint32_t l20 = b.addRouters(4 * s.perL2, RouterRole::Down, 2, block);
  const std::uint32_t l30 = b.addRouters(s.perL3, RouterRole::Down, 3, block);

  BlockPorts ports;
  const auto allUp = b.shuffledRange(up0, 16 * s.upPerL1);
  ports.upOutputs = NetworkBuilder::outputsRouterMajor(allUp, 3);
  // Level 3 (the unit tree's root): inputs 0-3 from the parent stage, 4-7
  // the level-3 lateral crossovers of every up router (Figure 5).
  const auto l3 = b.shuffledRange(l30, s.perL3);
  for (const std::uint32_t r : l3) {
    for (int p = 0; p < 4; ++p)
      ports.rootInputs.push_back(r * kRn1Ports + static_cast<std::uint32_t>(p));
  }
  b.connect(NetworkBuilder::outputsRouterMajor(b.shuffledRange(up0, 16 * s.upPerL1), 2),
            NetworkBuilder::inputsSlotMajor(l3, 4, 7));

  std::vector<std::vector<std::uint32_t>> l2(4);
  for (std::uint32_t m = 0; m < 4; ++m) {
    l2[m] = b.shuffledRange(l20 + m * s.perL2, s.perL2);
    const auto lateral = b.shuffledRange(up0 + 4 * m * s.upPerL1, 4 * s.upPerL1);
    b.connect(concat(NetworkBuilder::outputsRouterMajor(b.shuffledRange(l30, s.perL3),
                                                        static_cast<int>(m)),
                     NetworkBuilder::outputsRouterMajor(lateral, 1)),
              NetworkBuilder::inputsSlotMajor(l2[m], 0, 7));
  }

  ports.slotUp.resize(64);
  ports.slotDown.resize(64);
  for (std::uint32_t n = 0; n < 16; ++n) {
    const auto upHere = b.shuffledRange(up0 + n * s.upPerL1, s.upPerL1);
    const PortList sources =
        concat(NetworkBuilder::outputsRouterMajor(l2[n / 4], static_cast<int>(n % 4)),
               NetworkBuilder::outputsRouterMajor(upHere, 0));
    if (dualL1) {
      // Nodes 2j and 2j+1 share chips A and B; node 2j+x is crossbar x of both.
      const std::uint32_t a = l10 + 2 * (n / 2);
      const std::uint32_t x = n % 2;
      b.connect(sources, NetworkBuilder::inputsSlotMajor({a, a + 1}, static_cast<int>(4 * x),
                                                         static_cast<int>(4 * x + 3)));
      for (std::uint32_t d = 0; d < 4; ++d) {
        ports.slotDown[4 * n + d] = {a * kRn1Ports + 2 * d + x, (a + 1) * kRn1Ports + 2 * d + x};
      }
    } else {
      const auto l1 = b.shuffledRange(l10 + n * s.downPerL1, s.downPerL1);
      b.connect(sources, NetworkBuilder::inputsSlotMajor(l1, 0, 7));
      for (std::uint32_t d = 0; d < 4; ++d) {
        ports.slotDown[4 * n + d] = NetworkBuilder::outputsRouterMajor(l1, static_cast<int>(d));
      }
    }
    for (std::uint32_t c = 0; c < 4; ++c) {
      for (const std::uint32_t r : upHere) {
        ports.slotUp[4 * n + c].push_back(r * kRn1Ports + 2 * c);
        ports.slotUp[4 * n + c].push_back(r * kRn1Ports + 2 * c + 1);
      }
    }
  }
  return ports;
}

// Section 5.1: "the remaining stages ... perform routing purely within the
// leaf cluster"; the same shape makes the flat network of section 1.
PortList buildBidelta(NetworkBuilder& b, std::uint32_t routerCount, std::uint8_t layer,
                             std::uint32_t block, std::uint32_t firstEndpoint,
                             std::uint32_t count, bool dualLastStage) {
  const auto routers = b.shuffledRange(
      b.addRouters(routerCount, RouterRole::ClusterInner, layer, block), routerCount);
  if (dualLastStage && routerCount == 4) {
    // The four one-RN1 sub-networks below, in dual mode and in pairs (as a
    // UT64x2's last stage, section 3.2): crossbar x of both RN1s of a pair
    // serves the endpoints of sub-network 2m + x, so each endpoint's two
    // channels come from two RN1s. The ids are those the recursion gives.
    std::array<std::uint32_t, 4> last{};
    for (std::uint32_t c = 0; c < 4; ++c)
      last[c] = b.addRouters(1, RouterRole::ClusterInner, static_cast<std::uint8_t>(layer + 1), block, true);
    for (std::uint32_t c = 0; c < 4; ++c) {
      const std::uint32_t pair = c & ~1u;
      const auto x = static_cast<int>(c & 1u);
      b.connect(NetworkBuilder::outputsRouterMajor(routers, static_cast<int>(c)),
                NetworkBuilder::inputsSlotMajor({last[pair], last[pair + 1]}, 4 * x, 4 * x + 3));
      const std::uint32_t childFirst = firstEndpoint + c * count / 4;
      for (const std::uint32_t r : {last[pair], last[pair + 1]})
        for (int d = 0; d < kRn1Directions; ++d)
          b.connectToEndpoint(r * kRn1Ports + static_cast<std::uint32_t>(2 * d + x), childFirst + static_cast<std::uint32_t>(d));
    }
    return NetworkBuilder::inputsSlotMajor(routers, 0, 7);
  }
  for (int d = 0; d < kRn1Directions; ++d) {
    const std::uint32_t childFirst = firstEndpoint + static_cast<std::uint32_t>(d) * count / 4;
    if (routerCount == 1) {
      for (int k = 0; k < kRn1Dilation; ++k) {
        b.connectToEndpoint(routers[0] * kRn1Ports + static_cast<std::uint32_t>(2 * d + k),
                            childFirst);
      }
      continue;
    }
    b.connect(NetworkBuilder::outputsRouterMajor(routers, d),
              buildBidelta(b, routerCount / 4, static_cast<std::uint8_t>(layer + 1), block,
                                  childFirst, count / 4, dualLastStage));
  }
  return NetworkBuilder::inputsSlotMajor(routers, 0, 7);
}

BlockPorts buildCluster(NetworkBuilder& b, BlockKind kind, std::uint32_t block,
                        std::uint32_t firstEndpoint) {
  const std::uint32_t size = blockSubtrees(kind);
  // First stage: 2*size endpoint channels are three quarters of its inputs.
  const std::uint32_t firstCount = size / 3;
  const auto first =
      b.shuffledRange(b.addRouters(firstCount, RouterRole::ClusterFirst, 0, block), firstCount);
  const PortList fromEndpoints = NetworkBuilder::inputsSlotMajor(first, 0, 5);
  for (std::uint32_t e = 0; e < size; ++e) {
    for (int k = 0; k < 2; ++k)
      b.connectFromEndpoint(firstEndpoint + e, k,
                            fromEndpoints[2 * e + static_cast<std::uint32_t>(k)]);
  }
  const std::uint32_t group = size / 3;
  for (int g = 0; g < 3; ++g) {
    b.connect(NetworkBuilder::outputsRouterMajor(b.shuffled(first), g),
              buildBidelta(b, firstCount / 4, 1, block,
                                  firstEndpoint + static_cast<std::uint32_t>(g) * group, group));
  }
  BlockPorts ports;
  ports.upOutputs = NetworkBuilder::outputsRouterMajor(first, 3);
  for (const std::uint32_t r : first) {
    for (const std::uint32_t p : {6u, 7u}) ports.rootInputs.push_back(r * kRn1Ports + p);
  }
  return ports;
}

}  // namespace flit::fattree::detail
