// The simulator's transport for the barrier/eureka networks (sim/sim_sync.h).
#include "sim/sim_sync.h"

#include <algorithm>
#include <functional>
#include <tuple>

namespace flit {

namespace {

// The workload's generator: its own stream, so that barriers change no
// data-traffic draw (a scenario with and without a workload sends the same
// data packets).
constexpr std::uint64_t kSyncSeedSalt = 0x5B4A7E1D0C3F2A91ull;

std::vector<std::uint8_t> failedFrom(const std::vector<std::uint8_t>& nodeUp) {
  std::vector<std::uint8_t> failed(nodeUp.size(), 0);
  for (std::size_t n = 0; n < nodeUp.size(); ++n) failed[n] = nodeUp[n] ? 0 : 1;
  return failed;
}

}  // namespace

SimSync::SimSync(const Topology& topo, const SyncConfig& cfg, const RouterConfig& router,
                 std::uint64_t seed, const std::vector<std::uint8_t>& nodeUp)
    : cfg_(cfg),
      net_(topo),
      costs_(SyncHopCosts::fromRouter(router)),
      trees_(kBsusPerNode),
      rebuildWaits_(kBsusPerNode, 0),
      linkFree_(static_cast<std::size_t>(topo.nodeCount()) * kDirectionCount, 0),
      rng_(seed ^ kSyncSeedSalt) {
  const std::vector<std::uint8_t> failed = failedFrom(nodeUp);
  for (const SyncTreeConfig& t : cfg_.trees) {
    trees_[static_cast<std::size_t>(t.bsu)] = buildSyncTree(topo, treeRequestOf(t, topo), failed);
    net_.configure(t.bsu, trees_[static_cast<std::size_t>(t.bsu)]);
  }
  if (cfg_.workload) {
    for (NodeId n = 0; n < topo.nodeCount(); ++n) {
      if (net_.participates(n, cfg_.workload->bsu)) scheduleJoin(n, cfg_.workload->startCycle);
    }
  }
}

void SimSync::push(const Event& e) {
  events_.push_back(e);
  std::push_heap(events_.begin(), events_.end(), std::greater<>{});
}

void SimSync::pushJoin(const Join& j) {
  joins_.push_back(j);
  std::push_heap(joins_.begin(), joins_.end(), std::greater<>{});
}

void SimSync::scheduleJoin(NodeId node, std::uint64_t after) {
  const auto compute = static_cast<std::uint32_t>(std::min<std::uint64_t>(cfg_.workload->computeCycles, UINT32_MAX));
  pushJoin({after + rng_.below(compute), node});
}

void SimSync::operate(NodeId node, int bsu, BsuOp op, std::uint64_t now) {
  net_.operate(node, bsu, op, now);
  drainOutbox(now);
}

// Each send request: a processor-port packet needs no link (it arrives after
// the inject or eject cycles); a network packet takes its link in the first
// cycle from now on that no other barrier packet holds it.
void SimSync::drainOutbox(std::uint64_t now) {
  if (net_.outboxEmpty()) return;
  for (const SyncPacket& sent : net_.takeOutbox()) {
    if (sent.port == kProcessorPort) {
      push({now + static_cast<std::uint64_t>(costs_.costOf(sent)), seq_++, false, arrivalOf(net_.topology(), sent)});
      continue;
    }
    std::uint64_t& free = linkFree_[static_cast<std::size_t>(sent.node) * kDirectionCount + static_cast<std::size_t>(sent.port)];
    const std::uint64_t at = std::max(now, free);
    contentionCycles_ += at - now;
    free = at + 1;
    push({at, seq_++, true, sent});
  }
}

void SimSync::arrive(const SyncPacket& p, std::uint64_t now) {
  const std::uint64_t completed = net_.counters().barriersCompleted;
  net_.deliver(p, now);
  if (net_.counters().barriersCompleted != completed) {
    if (completions_.size() >= 2 * kCompletionLog) {
      completions_.erase(completions_.begin(), completions_.end() - static_cast<std::ptrdiff_t>(kCompletionLog));
    }
    completions_.push_back({now, p.bsu, net_.counters().lastBarrierLatencyCycles});
  }
  if (p.port != kProcessorPort || isUpward(p.message)) return;
  // A notification reached a processor's BSU.
  const BsuState s = net_.state(p.node, p.bsu);
  if (cfg_.joinOnEureka && p.message == SyncMessage::EurekaNotification && s == BsuState::Eur) {
    net_.operate(p.node, p.bsu, BsuOp::Bar, now);
  }
  if (cfg_.workload && p.bsu == cfg_.workload->bsu && p.message == SyncMessage::BarrierCompletion) {
    scheduleJoin(p.node, now);  // computes again, then joins the next barrier
  }
}

void SimSync::runDue(std::uint64_t now) {
  // Operations before arrivals (as the standalone transport): the joins due.
  while (!joins_.empty() && joins_.front().cycle <= now) {
    std::pop_heap(joins_.begin(), joins_.end(), std::greater<>{});
    const Join j = joins_.back();
    joins_.pop_back();
    const SyncTree& tree = trees_[static_cast<std::size_t>(cfg_.workload->bsu)];
    // Left the tree, or leaves it once its BSU can take the new one (a failure).
    if (!net_.participates(j.node, cfg_.workload->bsu) || !tree.participates[static_cast<std::size_t>(j.node)]) continue;
    net_.operate(j.node, cfg_.workload->bsu, BsuOp::Bar, now);
    drainOutbox(now);
  }
  // Arrivals and sends due, in order; a packet sent now by the register
  // logic takes its link this cycle (its send event is due now too).
  while (!events_.empty() && events_.front().cycle <= now) {
    std::pop_heap(events_.begin(), events_.end(), std::greater<>{});
    const Event e = events_.back();
    events_.pop_back();
    if (e.send) {
      busyNow_.push_back({e.packet.node, e.packet.port});
      ++linkCyclesTaken_;
      push({e.cycle + static_cast<std::uint64_t>(costs_.costOf(e.packet)), seq_++, false,
            arrivalOf(net_.topology(), e.packet)});
    } else {
      arrive(e.packet, now);
      drainOutbox(now);
    }
  }
  for (int bsu = 0; bsu < kBsusPerNode; ++bsu) {
    if (rebuildWaits_[static_cast<std::size_t>(bsu)]) takeNewTree(bsu, now);
  }
}

// An idle BSU takes its new tree as it is; one with a barrier under way keeps
// it: the old tree's packets in flight are dropped (they would arrive at
// registers of another tree) and the network has the remaining armed
// participants signal again.
void SimSync::takeNewTree(int bsu, std::uint64_t now) {
  const auto b = static_cast<std::size_t>(bsu);
  if (net_.idle(bsu)) {
    net_.configure(bsu, trees_[b]);
  } else if (net_.rebuildableUnderWay(bsu)) {
    std::erase_if(events_, [bsu](const Event& e) { return e.packet.bsu == bsu; });
    std::make_heap(events_.begin(), events_.end(), std::greater<>{});
    net_.rebuildUnderWay(bsu, trees_[b], now);
    drainOutbox(now);
  } else {
    rebuildWaits_[b] = 1;
    return;
  }
  rebuildWaits_[b] = 0;
}

void SimSync::rebuildTrees(const Topology& topo, const std::vector<std::uint8_t>& nodeUp, std::uint64_t now) {
  const std::vector<std::uint8_t> failed = failedFrom(nodeUp);
  for (const SyncTreeConfig& t : cfg_.trees) {
    trees_[static_cast<std::size_t>(t.bsu)] = buildSyncTree(topo, treeRequestOf(t, topo), failed);
    takeNewTree(t.bsu, now);
  }
}

std::vector<BarrierCompletion> SimSync::completionsSince(std::uint64_t seen) const {
  const std::uint64_t total = net_.counters().barriersCompleted;
  const std::uint64_t first = total - std::min<std::uint64_t>(total, std::min(completions_.size(), kCompletionLog));
  const std::uint64_t from = std::max(seen, first);
  if (from >= total) return {};
  return {completions_.end() - static_cast<std::ptrdiff_t>(total - from), completions_.end()};
}

std::vector<SyncPacketOnLink> SimSync::packetsOnLinks(std::uint64_t now) const {
  std::vector<SyncPacketOnLink> out;
  for (const Event& e : events_) {
    const SyncPacket& p = e.packet;
    if (p.port == kProcessorPort) continue;
    if (e.send) {  // takes its link at e.cycle
      out.push_back({p.node, p.port, p.bsu, p.message, 0.0f});
      continue;
    }
    // Arrives at p.node on p.port at e.cycle, hopCycles after it took the link.
    const auto in = static_cast<Direction>(p.port);
    const double left = static_cast<double>(e.cycle > now ? e.cycle - now : 0);
    const double progress = 1.0 - std::min(1.0, left / static_cast<double>(std::max(1, costs_.hopCycles)));
    out.push_back({net_.topology().neighbor(p.node, in), static_cast<int>(opposite(in)), p.bsu, p.message,
                   static_cast<float>(progress)});
  }
  std::sort(out.begin(), out.end(), [](const SyncPacketOnLink& a, const SyncPacketOnLink& b) {
    return std::tie(a.node, a.dir, a.bsu, a.progress) < std::tie(b.node, b.dir, b.bsu, b.progress);
  });
  return out;
}

SyncSummary SimSync::summary() const {
  SyncSummary s;
  static_cast<SyncCounters&>(s) = net_.counters();
  s.linkCyclesTaken = linkCyclesTaken_;
  s.contentionCycles = contentionCycles_;
  return s;
}

}  // namespace flit
