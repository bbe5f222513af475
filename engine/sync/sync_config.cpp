#include "sync/sync_config.h"

#include <stdexcept>


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

}  // namespace flit
