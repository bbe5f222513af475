#include "sync/sync_config.h"

#include <algorithm>

namespace flit {

std::string_view syncOperationKey(BsuOp op) {
  switch (op) {
    case BsuOp::Bar: return "barrier";
    case BsuOp::Eur: return "eureka";
    case BsuOp::EurB: return "eurekaBarrier";
  }
  return "?";
}

std::optional<BsuOp> parseSyncOperationKey(std::string_view key) {
  for (BsuOp op : {BsuOp::Bar, BsuOp::Eur, BsuOp::EurB}) {
    if (syncOperationKey(op) == key) return op;
  }
  return std::nullopt;
}

const SyncTreeConfig* SyncConfig::treeFor(int bsu) const {
  for (const SyncTreeConfig& t : trees) {
    if (t.bsu == bsu) return &t;
  }
  return nullptr;
}

TreeRequest treeRequestOf(const SyncTreeConfig& c, const Topology& topo) {
  TreeRequest r{parseParticipants(c.participants, topo), c.shape, std::nullopt};
  if (c.root) {
    const NodeId n = topo.nodeAt(*c.root);
    if (n == kInvalidId) throw std::invalid_argument("root " + formatCoord(*c.root, topo.dims()) + " is outside the topology");
    r.root = n;
  }
  return r;
}

SyncCounters playSyncOperations(const Topology& topo, const SyncConfig& c, const SyncHopCosts& costs,
                                const std::vector<std::uint8_t>& failedNodes) {
  SyncNetwork net(topo);
  for (const SyncTreeConfig& t : c.trees) net.configure(t.bsu, buildSyncTree(topo, treeRequestOf(t, topo), failedNodes));
  std::vector<SyncOperation> ops = c.operations;
  std::stable_sort(ops.begin(), ops.end(), [](const auto& a, const auto& b) { return a.cycle < b.cycle; });
  IdleSyncTransport transport(net, costs);
  for (const SyncOperation& op : ops) transport.schedule(op.node, op.bsu, op.op, op.cycle);
  transport.runUntilIdle();
  return net.counters();
}

}  // namespace flit
