// The BSUs and tree registers of T3E section 6 as a message-passing machine.
// Every check comes before any change, so a call that throws changes nothing.
#include "sync/sync_network.h"

#include <algorithm>
#include <bit>

namespace flit {

namespace {

std::string portName(int port) {
  return port >= 0 && port < kDirectionCount ? std::string(directionName(static_cast<Direction>(port)))
                                             : std::string("the processor");
}

SyncMessage upward(bool eureka, bool barrier) {
  if (eureka && barrier) return SyncMessage::EurekaBarrierSignal;
  return eureka ? SyncMessage::EurekaSignal : SyncMessage::BarrierSignal;
}

}  // namespace

SyncNetwork::SyncNetwork(const Topology& topo)
    : topo_(topo),
      states_(static_cast<std::size_t>(topo.nodeCount()) * kBsusPerNode, BsuState::Bar),
      registers_(static_cast<std::size_t>(topo.nodeCount()) * kBsusPerNode) {}

std::size_t SyncNetwork::index(NodeId node, int bsu) const {
  if (node < 0 || node >= topo_.nodeCount()) throw SyncError("sync: node #" + std::to_string(node) + " is outside the topology");
  if (bsu < 0 || bsu >= kBsusPerNode) throw SyncError("sync: BSU " + std::to_string(bsu) + " is outside 0..31");
  return static_cast<std::size_t>(node) * kBsusPerNode + static_cast<std::size_t>(bsu);
}

std::string SyncNetwork::where(NodeId node, int bsu) const {
  return "node " + formatCoord(topo_.coordOf(node), topo_.dims()) + " BSU " + std::to_string(bsu);
}

bool SyncNetwork::participates(NodeId node, int bsu) const {
  return (reg(node, bsu).children >> kProcessorPort) & 1u;
}

bool SyncNetwork::idle(int bsu) const {
  index(0, bsu);  // range check
  const Episode& e = episodes_[static_cast<std::size_t>(bsu)];
  if (e.armed != 0 || e.completing || e.eurekaUnderWay) return false;
  for (NodeId n = 0; n < topo_.nodeCount(); ++n) {
    const BsuRegister& r = reg(n, bsu);
    if (state(n, bsu) != BsuState::Bar || r.signalled != 0 || r.eurekaSeen) return false;
  }
  return true;
}

void SyncNetwork::configure(int bsu, const SyncTree& tree) {
  if (static_cast<int>(tree.parentDir.size()) != topo_.nodeCount()) throw SyncError("sync: tree is for another topology");
  if (!idle(bsu)) throw SyncError("sync: BSU " + std::to_string(bsu) + " has a barrier or eureka under way; its tree cannot change now");
  Episode& e = episodes_[static_cast<std::size_t>(bsu)];
  e = Episode{};
  for (NodeId n = 0; n < topo_.nodeCount(); ++n) {
    BsuRegister& r = registers_[index(n, bsu)];
    r = BsuRegister{};
    r.parent = tree.parentDir[static_cast<std::size_t>(n)];
    r.children = tree.childMask(n, topo_);
    if (tree.inTree(n) && tree.participates[static_cast<std::size_t>(n)]) ++e.participants;
  }
}

bool SyncNetwork::rebuildableUnderWay(int bsu) const {
  index(0, bsu);  // range check
  const Episode& e = episodes_[static_cast<std::size_t>(bsu)];
  return !e.completing && !e.eurekaUnderWay;
}

void SyncNetwork::rebuildUnderWay(int bsu, const SyncTree& tree, std::uint64_t cycle) {
  if (static_cast<int>(tree.parentDir.size()) != topo_.nodeCount()) throw SyncError("sync: tree is for another topology");
  if (!rebuildableUnderWay(bsu)) {
    throw SyncError("sync: BSU " + std::to_string(bsu) + " is delivering a completion or a eureka; its tree cannot change now");
  }
  bool eurekaPassed = false;
  for (NodeId n = 0; n < topo_.nodeCount(); ++n) eurekaPassed = eurekaPassed || reg(n, bsu).eurekaSeen;
  Episode& e = episodes_[static_cast<std::size_t>(bsu)];
  e.participants = 0;
  e.armed = 0;
  e.eurekaNotificationsDelivered = 0;
  e.lastArmCycle = cycle;  // the remaining participants signal (again) now
  std::vector<NodeId> armed;
  for (NodeId n = 0; n < topo_.nodeCount(); ++n) {
    const std::size_t i = index(n, bsu);
    const bool was = participates(n, bsu);
    const bool stays = tree.inTree(n) && tree.participates[static_cast<std::size_t>(n)];
    BsuRegister& r = registers_[i];
    r = BsuRegister{};
    r.parent = tree.parentDir[static_cast<std::size_t>(n)];
    r.children = tree.childMask(n, topo_);
    r.eurekaSeen = eurekaPassed && r.inTree();
    if (stays) ++e.participants;
    if (stays && states_[i] == BsuState::Arm) armed.push_back(n);
    if (!was || stays) continue;
    ++counters_.participantsLeft;
    publish({SyncEventKind::ParticipantLeft, cycle, n, bsu, states_[i], BsuState::Bar, {}, 0});
    if (states_[i] != BsuState::Bar) {
      publish({SyncEventKind::StateChange, cycle, n, bsu, states_[i], BsuState::Bar, {}, 0});
      states_[i] = BsuState::Bar;
    }
  }
  for (NodeId n : armed) {
    ++e.armed;
    send(n, kProcessorPort, bsu, SyncMessage::BarrierSignal, cycle);
  }
}

void SyncNetwork::operate(NodeId node, int bsu, BsuOp op, std::uint64_t cycle) {
  const std::size_t i = index(node, bsu);
  if (!participates(node, bsu)) {
    throw SyncError(where(node, bsu) + ": " + std::string(bsuOpName(op)) + " but the node does not participate in this BSU's tree");
  }
  const BsuState from = states_[i];
  const auto next = bsuAfterOp(from, op);
  if (!next) {
    throw SyncError(where(node, bsu) + ": " + std::string(bsuOpName(op)) + " in state " +
                    std::string(bsuStateName(from)) + " (T3E Figure 6 has no such transition)");
  }
  states_[i] = *next;
  publish({SyncEventKind::StateChange, cycle, node, bsu, from, *next, {}, 0});
  Episode& e = episodes_[static_cast<std::size_t>(bsu)];
  if (opSignalsBarrier(op)) ++e.armed, e.lastArmCycle = cycle;
  if (opSignalsEureka(op) && !e.eurekaUnderWay) e.eurekaUnderWay = true, e.eurekaCycle = cycle;
  send(node, kProcessorPort, bsu, upward(opSignalsEureka(op), opSignalsBarrier(op)), cycle);
}

void SyncNetwork::send(NodeId node, int port, int bsu, SyncMessage m, std::uint64_t cycle) {
  const SyncPacket p{node, port, bsu, m};
  outbox_.push_back(p);
  ++counters_.packetsSent;
  publish({SyncEventKind::PacketSent, cycle, node, bsu, BsuState::Bar, BsuState::Bar, p, 0});
}

std::vector<SyncPacket> SyncNetwork::takeOutbox() {
  std::vector<SyncPacket> out;
  out.swap(outbox_);
  return out;
}

void SyncNetwork::deliver(const SyncPacket& arrival, std::uint64_t cycle) {
  index(arrival.node, arrival.bsu);  // range checks
  if (arrival.port < 0 || arrival.port > kProcessorPort) throw SyncError("sync: port " + std::to_string(arrival.port) + " is not 0..6");
  if (isUpward(arrival.message)) {
    routerSignal(arrival, cycle);
  } else if (arrival.port == kProcessorPort) {
    shellNotification(arrival, cycle);
  } else {
    routerNotification(arrival, cycle);
  }
  publish({SyncEventKind::PacketArrived, cycle, arrival.node, arrival.bsu, BsuState::Bar, BsuState::Bar, arrival, 0});
}

void SyncNetwork::routerSignal(const SyncPacket& a, std::uint64_t cycle) {
  BsuRegister& r = registers_[index(a.node, a.bsu)];
  const auto bit = static_cast<std::uint8_t>(1u << a.port);
  if (!(r.children & bit)) {
    throw SyncError(where(a.node, a.bsu) + ": " + std::string(syncMessageName(a.message)) +
                    " signal from " + portName(a.port) + ", which is not a child in the tree");
  }
  const bool barrier = carriesBarrier(a.message);
  if (barrier && (r.signalled & bit)) {
    throw SyncError(where(a.node, a.bsu) + ": " + portName(a.port) + " signalled the barrier twice");
  }
  const bool barrierUp = barrier && (r.signalled | bit) == r.children;
  const bool eurekaUp = carriesEureka(a.message) && !r.eurekaSeen;
  if (barrier) r.signalled = barrierUp ? 0 : static_cast<std::uint8_t>(r.signalled | bit);
  if (eurekaUp) r.eurekaSeen = true;
  if (!barrierUp && !eurekaUp) return;  // waiting for more children, or a later eureka absorbed
  if (r.parent == SyncTree::kNoParent) {  // the root turns signals into notifications
    if (eurekaUp) broadcastDown(a.node, a.bsu, SyncMessage::EurekaNotification, cycle);
    if (barrierUp) {
      // Every participant armed this barrier: its last arm is fixed now. A
      // processor whose completion arrives first may arm the next barrier
      // before the others have theirs (a barrier loop).
      Episode& e = episodes_[static_cast<std::size_t>(a.bsu)];
      e.completingArmCycle = e.lastArmCycle;
      e.armed = 0;
      e.completing = true;
      broadcastDown(a.node, a.bsu, SyncMessage::BarrierCompletion, cycle);
    }
    return;
  }
  send(a.node, r.parent, a.bsu, upward(eurekaUp, barrierUp), cycle);
}

void SyncNetwork::routerNotification(const SyncPacket& a, std::uint64_t cycle) {
  const BsuRegister& r = reg(a.node, a.bsu);
  if (r.parent != a.port) {
    throw SyncError(where(a.node, a.bsu) + ": " + std::string(syncMessageName(a.message)) +
                    " from " + portName(a.port) + ", which is not the parent in the tree");
  }
  broadcastDown(a.node, a.bsu, a.message, cycle);
}

void SyncNetwork::broadcastDown(NodeId node, int bsu, SyncMessage m, std::uint64_t cycle) {
  BsuRegister& r = registers_[index(node, bsu)];
  r.eurekaSeen = m == SyncMessage::EurekaNotification;  // a completion ends the eureka's barrier
  for (int p = 0; p <= kProcessorPort; ++p) {
    if (r.children & (1u << p)) send(node, p, bsu, m, cycle);
  }
}

void SyncNetwork::shellNotification(const SyncPacket& a, std::uint64_t cycle) {
  const std::size_t i = index(a.node, a.bsu);
  const bool completion = a.message == SyncMessage::BarrierCompletion;
  const BsuState from = states_[i];
  const auto result = bsuAfterNotification(
      from, completion ? BsuNotification::BarrierCompletion : BsuNotification::Eureka);
  if (result.step == BsuStep::Illegal || !participates(a.node, a.bsu)) {
    throw SyncError(where(a.node, a.bsu) + ": " + std::string(syncMessageName(a.message)) +
                    " delivered in state " + std::string(bsuStateName(from)));
  }
  if (result.step == BsuStep::Moved) {
    states_[i] = result.next;
    publish({SyncEventKind::StateChange, cycle, a.node, a.bsu, from, result.next, {}, 0});
  }
  Episode& e = episodes_[static_cast<std::size_t>(a.bsu)];
  if (completion && ++e.completionsDelivered == e.participants) {
    const std::uint64_t latency = cycle - e.completingArmCycle;
    ++counters_.barriersCompleted;
    counters_.lastBarrierLatencyCycles = latency;
    counters_.barrierLatencySumCycles += latency;
    counters_.barrierLatencyMaxCycles = std::max(counters_.barrierLatencyMaxCycles, latency);
    e.completing = false;
    e.completionsDelivered = 0;
    publish({SyncEventKind::BarrierComplete, cycle, a.node, a.bsu, from, from, {}, latency});
  } else if (!completion && ++e.eurekaNotificationsDelivered == e.participants) {
    const std::uint64_t latency = cycle - e.eurekaCycle;
    ++counters_.eurekasCompleted;
    counters_.lastEurekaLatencyCycles = latency;
    e.eurekaUnderWay = false;
    e.eurekaNotificationsDelivered = 0;
    publish({SyncEventKind::EurekaComplete, cycle, a.node, a.bsu, from, from, {}, latency});
  }
}

}  // namespace flit
