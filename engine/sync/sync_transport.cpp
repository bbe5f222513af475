#include "sync/sync_transport.h"

#include <algorithm>
#include <cstdlib>

namespace flit {

SyncHopCosts SyncHopCosts::fromRouter(const RouterConfig& c) {
  return {c.pipelineCycles() + c.linkDelayCycles, std::max(1, c.injectExtraCycles),
          std::max(1, c.ejectExtraCycles)};
}

int SyncHopCosts::costOf(const SyncPacket& sent) const {
  if (sent.port != kProcessorPort) return hopCycles;
  return isUpward(sent.message) ? injectCycles : ejectCycles;
}

void IdleSyncTransport::schedule(NodeId node, int bsu, BsuOp op, std::uint64_t cycle) {
  queue_.push({cycle, 0, seq_++, SyncPacket{node, static_cast<int>(op), bsu, SyncMessage::BarrierSignal}});
}

void IdleSyncTransport::step(const Item& item) {
  now_ = item.cycle;
  if (item.phase == 0) {
    net_.operate(item.packet.node, item.packet.bsu, static_cast<BsuOp>(item.packet.port), item.cycle);
  } else {
    net_.deliver(item.packet, item.cycle);
  }
  for (const SyncPacket& sent : net_.takeOutbox()) {
    queue_.push({item.cycle + static_cast<std::uint64_t>(costs_.costOf(sent)), 1, seq_++,
                 arrivalOf(net_.topology(), sent)});
  }
}

std::uint64_t IdleSyncTransport::runUntilIdle() {
  while (!queue_.empty()) {
    const Item item = queue_.top();
    queue_.pop();
    step(item);
  }
  return now_;
}

void IdleSyncTransport::runUntil(std::uint64_t cycle) {
  while (!queue_.empty() && queue_.top().cycle <= cycle) {
    const Item item = queue_.top();
    queue_.pop();
    step(item);
  }
}

namespace {

// Joins the barrier for every BSU that saw the eureka (the processors poll).
class JoinOnEureka : public SyncObserver {
 public:
  explicit JoinOnEureka(IdleSyncTransport& t) : transport_(t) {}
  void onSyncEvent(const SyncEvent& e) override {
    if (e.kind == SyncEventKind::StateChange && e.to == BsuState::Eur && e.from == BsuState::Bar) {
      transport_.schedule(e.node, e.bsu, BsuOp::Bar, e.cycle);
    }
    if (e.kind == SyncEventKind::BarrierComplete) barrierLatency = e.latencyCycles, end = e.cycle;
    if (e.kind == SyncEventKind::EurekaComplete) eurekaLatency = e.latencyCycles;
  }
  std::uint64_t barrierLatency = 0;
  std::uint64_t eurekaLatency = 0;
  std::uint64_t end = 0;

 private:
  IdleSyncTransport& transport_;
};

}  // namespace

IdleSyncResult runIdleBarrier(const Topology& topo, const SyncTree& tree, int bsu,
                              const SyncHopCosts& costs, bool eureka, std::uint64_t startCycle) {
  SyncNetwork net(topo);
  net.configure(bsu, tree);
  IdleSyncTransport transport(net, costs);
  JoinOnEureka watch(transport);
  net.setObserver(&watch);
  if (eureka) {
    transport.schedule(eurekaTrigger(tree), bsu, BsuOp::EurB, startCycle);
  } else {
    for (NodeId n : tree.participants) transport.schedule(n, bsu, BsuOp::Bar, startCycle);
  }
  transport.runUntilIdle();
  IdleSyncResult r;
  r.barrierLatencyCycles = watch.barrierLatency;
  r.latencyCycles = eureka ? watch.eurekaLatency : watch.barrierLatency;
  r.packets = net.counters().packetsSent;
  r.endCycle = watch.end;
  return r;
}

NodeId eurekaTrigger(const SyncTree& tree) {
  NodeId trigger = tree.participants.front();
  for (NodeId n : tree.participants) {
    if (tree.depth[static_cast<std::size_t>(n)] >= tree.depth[static_cast<std::size_t>(trigger)]) trigger = n;
  }
  return trigger;
}

FarthestPair farthestGetPair(const Topology& topo, const RouterConfig& c, const std::vector<NodeId>& nodes) {
  FarthestPair best;
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    const Coord a = topo.coordOf(nodes[i]);
    for (std::size_t j = i + 1; j < nodes.size(); ++j) {
      const Coord b = topo.coordOf(nodes[j]);
      int hops = 0, dimsUsed = 0;
      for (int d = 0; d < topo.dims(); ++d) {
        int delta = std::abs(a[d] - b[d]);
        if (topo.wraps(d)) delta = std::min(delta, topo.radix(d) - delta);
        hops += delta;
        dimsUsed += delta > 0 ? 1 : 0;
      }
      const int turns = std::max(0, dimsUsed - 1);
      const std::uint64_t roundTrip = 2 * zeroLoadCycles(c, hops, turns, 1);
      if (best.from == kInvalidId || roundTrip > best.zeroLoadRoundTripCycles) best = {nodes[i], nodes[j], roundTrip};
    }
  }
  return best;
}

std::uint64_t farthestGetRoundTripCycles(const Topology& topo, const RouterConfig& c,
                                         const std::vector<NodeId>& nodes) {
  return farthestGetPair(topo, c, nodes).zeroLoadRoundTripCycles;
}

SyncCounters playSyncOperations(const Topology& topo, const SyncConfig& c,
                                std::vector<SyncOperation> ops, const SyncHopCosts& costs,
                                const std::vector<std::uint8_t>& failedNodes) {
  SyncNetwork net(topo);
  for (const SyncTreeConfig& t : c.trees) net.configure(t.bsu, buildSyncTree(topo, treeRequestOf(t, topo), failedNodes));
  std::stable_sort(ops.begin(), ops.end(), [](const auto& a, const auto& b) { return a.cycle < b.cycle; });
  IdleSyncTransport transport(net, costs);
  for (const SyncOperation& op : ops) transport.schedule(op.node, op.bsu, op.op, op.cycle);
  transport.runUntilIdle();
  return net.counters();
}

}  // namespace flit
