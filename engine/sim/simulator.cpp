// Simulator set-up, accounting, statistics and read access. The per-cycle
// hot path is in simulator_step.cpp, the watchdog in simulator_deadlock.cpp.
#include "sim/simulator.h"

#include "scenario/scenario.h"
#include "sim/cycle_policy.h"
#include "sim/sim_books.h"
#include "util/memory_budget.h"
#include "util/scenario_error.h"

#include <algorithm>
#include <stdexcept>

namespace flit {

const char* dropReasonName(DropReason r) {
  switch (r) {
    case DropReason::RouteThroughFailedLink: return "route-through-failed-link";
    case DropReason::Misroute: return "misroute";
    case DropReason::LinkFailed: return "link-failed";
    case DropReason::NodeFailed: return "node-failed";
    case DropReason::RouterReset: return "router-reset";
  }
  return "unknown";
}

SimConfig simConfigFromScenario(const Scenario& s) {
  SimConfig c;
  c.topology = s.topology;
  const Topology topo(s.topology);
  for (std::size_t i = 0; i < s.failedLinks.size(); ++i) {
    c.failedLinks.push_back(resolveLinkSpec(
        topo, s.failedLinks[i], "scenario.faults.failedLinks[" + std::to_string(i) + "]"));
  }
  for (std::size_t i = 0; i < s.failedNodes.size(); ++i) {
    const NodeId n = topo.nodeAt(s.failedNodes[i]);
    if (n == kInvalidId) {
      throw ScenarioError("scenario.faults.failedNodes[" + std::to_string(i) + "]", "no such node");
    }
    c.failedNodes.push_back(n);
  }
  for (std::size_t i = 0; i < s.hotSpares.size(); ++i) {
    const NodeId n = topo.nodeAt(s.hotSpares[i]);
    if (n == kInvalidId) {
      throw ScenarioError("scenario.faults.hotSpares[" + std::to_string(i) + "]", "no such node");
    }
    c.hotSpares.push_back(n);
  }
  c.timeline = s.timeline;  // ids resolved when the scenario was read
  std::stable_sort(c.timeline.begin(), c.timeline.end(),
                   [](const Intervention& a, const Intervention& b) { return a.cycle < b.cycle; });
  c.router = s.router;
  c.units = s.units;
  c.traffic = s.traffic;
  c.routing = s.routing;
  c.seed = s.seed;
  c.sync = s.sync;
  return c;
}

void checkSimConfig(const SimConfig& cfg, const Topology& topo, const RoutingSetup& routing) {
  const RouterConfig& r = cfg.router;
  validateResponseClass(r, cfg.traffic.producesResponses());
  validateRouterConfig(r, cfg.traffic.maxPacketFlits(), hasAnyDateline(routing.datelines),
                       "scenario.router");
  validateTraffic(cfg.traffic, topo, "scenario.traffic");
}

namespace {

// The resource guard runs before the first array (the topology's, the
// routing tables) is allocated: cfg_ is the first member.
const SimConfig& fitting(const SimConfig& cfg) {
  Simulator::checkFitsInMemory(cfg, availableMemoryBytes());
  return cfg;
}

}  // namespace

Simulator::Simulator(const SimConfig& cfg)
    : cfg_(fitting(cfg)),
      topo_(cfg.topology),
      routing_(buildRoutingSetup(topo_, cfg.routing)),
      routeCache_(topo_),
      traffic_(cfg.traffic, topo_),
      rng_(cfg.seed) {
  const RouterConfig& r = cfg_.router;
  checkSimConfig(cfg_, topo_, routing_);
  for (LinkId l : cfg_.failedLinks) topo_.setLinkUp(l, false);
  classes_ = r.vcClasses;
  const int nodes = topo_.nodeCount();
  buildRouters(r, nodes, cfg_.routing.vcRule == VcRule::AnyVc, [&](NodeId n, int d) {
    return routeCache_.hasNeighbor(n, d) ? routeCache_.neighbor(n, d) : NodeId{kInvalidId};
  });
  startWindow(stats_, 0, nodes);
  totals_.deliveredFlitsBySource.assign(static_cast<std::size_t>(nodes), 0);
  adaptiveOn_ = r.adaptiveRouting && adaptiveAvailable();
  drawsTies_ = routing_.algorithm == RoutingAlgorithm::DimensionOrder &&
               routing_.tieRule == TieRule::Random;
  oneFlit_ = everyPacketOneFlit(cfg_.traffic, classes_);
  if (r.arbiter == ArbiterKind::Age) startAging();

  for (NodeId n = 0; n < nodes; ++n) {
    RouterState& rs = routers_[static_cast<std::size_t>(n)];
    for (int d = 0; d < kDirectionCount; ++d) {
      const LinkId l = topo_.linkFrom(n, static_cast<Direction>(d));
      if (l != kInvalidId && topo_.linkUp(l)) rs.linkUp |= static_cast<std::uint8_t>(1u << d);
    }
    rs.datelineDirs = routeCache_.datelineDirs(routing_.datelines, n);
  }
  std::uint64_t wheel = 1;
  // Longest look-ahead of the wheels: a flit on a link (linkDelay + 1), a
  // credit (linkDelay + creditExtra) or a packet in an end-point pipeline
  // (ejectExtra, injectExtra).
  const auto horizon = static_cast<std::uint64_t>(std::max({r.linkDelayCycles + 2, r.linkDelayCycles + r.creditExtraCycles + 1,
                                                            r.ejectExtraCycles + 1, r.injectExtraCycles + 1}));
  while (wheel < horizon) wheel <<= 1;
  wheelMask_ = wheel - 1;
  wheelFlits_.resize(wheel);
  wheelCredits_.resize(wheel);
  wheelEjections_.resize(wheel);
  wheelStarts_.resize(wheel);
  injectors_.resize(static_cast<std::size_t>(nodes * classes_));
  for (auto& inj : injectors_) inj.queue.assign(static_cast<std::size_t>(r.sourceQueuePackets), -1);
  sourceActive_.assign(static_cast<std::size_t>(nodes), 0);
  pairOrder_.resize(static_cast<std::size_t>(nodes));
  nodeUp_.assign(static_cast<std::size_t>(nodes), 1);
  linkFailedByUser_.assign(static_cast<std::size_t>(topo_.linkCount()), 0);
  for (LinkId l : cfg_.failedLinks) linkFailedByUser_[static_cast<std::size_t>(l)] = 1;
  generated_ = routing_;
  initHotSpares();
  const bool rebuild = cfg_.autoRebuild;
  cfg_.autoRebuild = false;  // one rebuild for all of the configured failures
  for (NodeId n : cfg_.failedNodes) failNode(n);
  cfg_.autoRebuild = rebuild;
  // A spare taking over a failed node's PE needs tables for the new map, with or without autoRebuild.
  if ((cfg_.autoRebuild && (!cfg_.failedLinks.empty() || !cfg_.failedNodes.empty())) ||
      sparePeMap() != routing_.peMap) {
    rebuildRoutes();
  }
  if (!cfg_.sync.trees.empty()) sync_.emplace(topo_, cfg_.sync, cfg_.router, cfg_.seed, nodeUp_);
}

bool Simulator::injectPacket(NodeId src, NodeId dst, PacketKind kind, bool ordered) {
  if (src < 0 || src >= topo_.nodeCount() || dst < 0 || dst >= topo_.nodeCount()) {
    throw std::out_of_range("injectPacket: node out of range");
  }
  if (src == dst) return false;
  if (kind != PacketKind::Generic && classes_ < 2) return false;  // no response class
  if (refuseAtSource(src, dst)) return false;
  const Injector& inj = injectors_[static_cast<std::size_t>(src * classes_ + classOf(kind))];
  if (inj.count + inj.starting >= inj.queue.size()) return false;
  const std::int32_t pkt = newPacket(src, dst, kind, rng_);
  packets_[static_cast<std::size_t>(pkt)].ordered = ordered && !isResponse(kind);
  return startPacket(src, classOf(kind), pkt);
}

void Simulator::setInjectionRate(double flitsPerNodeCycle) {
  cfg_.traffic.rateFlitsPerNodeCycle = flitsPerNodeCycle;
  traffic_ = TrafficSource(cfg_.traffic, topo_);
  updateSpareDestinations();
}

void Simulator::setTrafficPattern(TrafficPattern pattern) {
  if (static_cast<int>(pattern) > static_cast<int>(TrafficPattern::AllToOne)) {
    throw std::invalid_argument("setTrafficPattern: pattern: not a traffic pattern (" +
                                std::to_string(static_cast<int>(pattern)) + ")");
  }
  TrafficConfig t = cfg_.traffic;
  t.pattern = pattern;
  try {
    validateTraffic(t, topo_, "setTrafficPattern");
  } catch (const ScenarioError& e) {
    throw std::invalid_argument(e.what());  // "setTrafficPattern.pattern: transpose needs ..."
  }
  cfg_.traffic = t;
  traffic_ = TrafficSource(cfg_.traffic, topo_);
  updateSpareDestinations();
}

void Simulator::resetStats() {
  startWindow(stats_, cycle_, topo_.nodeCount());
  for (std::size_t i = 0; i < ivcs_.size(); ++i) {
    ivcs_[i].st = VcStats{};
    ivcs_[i].st.occupancyArea =
        -static_cast<std::int64_t>(ivcs_[i].count) * static_cast<std::int64_t>(cycle_);
  }
  for (OutputVc& o : ovcs_) o.flitsSent = 0;
  for (auto* v : {&portStalled_, &portViolations_, &portAdaptiveHops_, &portAgeGroups_}) {
    std::fill(v->begin(), v->end(), 0);
  }
}

PortCounters Simulator::portCounters(NodeId n, int port) const {
  PortCounters c;
  const auto p = static_cast<std::size_t>(Topology::portId(n, port));
  for (int vc = 0; vc < vcs_; ++vc) {
    const VcStats& st = ivcs_[static_cast<std::size_t>(ivcIndex(n, port, vc))].st;
    const auto v = static_cast<std::size_t>(vc);
    c.packets[v] = st.packetsIn;
    c.flits[v] = st.flitsIn;
    c.blockedCycles[v] = st.blockedCycles;
  }
  c.stalledCycles = portStalled_[p];
  if (port < kDirectionCount) {  // the processor port sends nothing onto a link
    for (int vc = 0; vc < vcs_; ++vc) {
      c.flitsSent += ovcs_[static_cast<std::size_t>(ovcIndex(n, port, vc))].flitsSent;
    }
  }
  c.datelineViolations = portViolations_[p];
  c.adaptiveHops = portAdaptiveHops_[p];
  for (int g = 0; g < kAgeGroups; ++g) {
    c.ageGroups[static_cast<std::size_t>(g)] = portAgeGroups_[p * kAgeGroups + static_cast<std::size_t>(g)];
  }
  return c;
}

double Simulator::meanOccupancy(NodeId n, int port, int vc) const {
  const InputVc& iv = ivcs_[static_cast<std::size_t>(ivcIndex(n, port, vc))];
  const std::uint64_t span = cycle_ - stats_.startCycle;
  if (span == 0) return 0.0;
  const std::int64_t area =
      ivcs_[static_cast<std::size_t>(ivcIndex(n, port, vc))].st.occupancyArea +
      static_cast<std::int64_t>(iv.count) * static_cast<std::int64_t>(cycle_);
  return static_cast<double>(area) / static_cast<double>(span);
}

double Simulator::linkUtilization(NodeId n, int port) const {
  const std::uint64_t span = cycle_ - stats_.startCycle;
  if (span == 0) return 0.0;
  return static_cast<double>(portCounters(n, port).flitsSent) / static_cast<double>(span);
}

std::int32_t Simulator::newPacket(NodeId src, NodeId dst, PacketKind kind, Rng& rng) {
  const std::int32_t id = takeSlot(packets_, freePackets_);
  Packet& p = packets_[static_cast<std::size_t>(id)];
  p = Packet{};
  // tieRule "random": the packet's one draw, from the simulator's generator
  // (`rng`: the caller's working copy of it); no other rule draws, so their
  // random sequence stays as it was.
  const TieBits tieDraw = drawsTies_ ? tieBitsFromRandom(rng.next(), topo_.dims()) : TieBits{0};
  p.created = cycle_;
  p.serial = nextSerial_++;
  p.src = src;
  p.dst = dst;
  routeLeg(p, src, tieDraw);
  p.kind = kind;
  p.length = static_cast<std::uint8_t>(cfg_.traffic.lengthOf(kind));
  ++totals_.created;
  pairOrder_.created(src, dst, isResponse(kind), p.serial);
  stats_.flitsOffered += p.length;
  if (observer_) publish(SimEventKind::PacketCreated, p.serial, src, -1, -1, dst);
  return id;
}

bool Simulator::startPacket(NodeId n, int cls, std::int32_t pkt) {
  const int endPoint = cfg_.router.injectExtraCycles;
  if (endPoint == 0) return enqueue(n, cls, pkt);
  Injector& inj = injectors_[static_cast<std::size_t>(n * classes_ + cls)];
  if (inj.count + inj.starting >= inj.queue.size()) return false;
  ++inj.starting;
  wheelStarts_[(cycle_ + static_cast<std::uint64_t>(endPoint)) & wheelMask_].push_back(EndPointPacket{n, pkt});
  return true;
}

bool Simulator::enqueue(NodeId n, int cls, std::int32_t pkt) {
  Injector& inj = injectors_[static_cast<std::size_t>(n * classes_ + cls)];
  if (inj.count >= inj.queue.size()) return false;
  std::size_t pos = inj.headPos + inj.count;
  if (pos >= inj.queue.size()) pos -= inj.queue.size();
  inj.queue[pos] = pkt;
  ++inj.count;
  if (!sourceActive_[static_cast<std::size_t>(n)]) {
    sourceActive_[static_cast<std::size_t>(n)] = 1;
    activeSources_.push_back(n);
  }
  return true;
}

void Simulator::routeLeg(Packet& p, NodeId from, TieBits drawn) {
  p.legStart = from;
  p.via = routing_.relayOf(topo_, from, p.dst);
  p.route = routing_.startState(topo_, from, p.legEnd(), drawn);
}

// A relayed packet at the end of its first leg (Packet::via; routing_.relays,
// docs/fault-tolerance.md "Two legs through a relay node"): out of the
// network into n's source queue, which grows rather than refuse it, and on
// its way again to its destination. Not delivered, not injected again.
void Simulator::relay(NodeId n, std::int32_t pkt) {
  Packet& p = packets_[static_cast<std::size_t>(pkt)];
  // Failures since it left: its destination down, or no route from here.
  if (!nodeUp(p.dst)) {
    drop(pkt, DropReason::NodeFailed);
    return;
  }
  if (pairBlocked(n, p.dst)) {
    drop(pkt, DropReason::RouteThroughFailedLink);
    return;
  }
  routeLeg(p, n, p.route.tieMinus);
  const int cls = classOf(p.kind);
  Injector& inj = injectors_[static_cast<std::size_t>(n * classes_ + cls)];
  if (inj.count + inj.starting >= inj.queue.size()) {  // never refused: the ring grows
    std::vector<std::int32_t> grown(std::max<std::size_t>(4, inj.queue.size() * 2));
    for (std::uint32_t i = 0; i < inj.count; ++i) {
      grown[i] = inj.queue[(inj.headPos + i) % inj.queue.size()];
    }
    inj.queue.swap(grown);
    inj.headPos = 0;
  }
  startPacket(n, cls, pkt);
}

void Simulator::deliver(NodeId n, std::int32_t pkt) {
  Packet& p = packets_[static_cast<std::size_t>(pkt)];
  if (p.via == n) {  // the end of a relayed packet's first leg
    relay(n, pkt);
    return;
  }
  const std::int64_t latency =
      countDelivery(totals_, stats_, p.src, p.kind, p.length, p.created, p.injected, cycle_);
  const PairOrder::Delivery order = pairOrder_.delivered(p.src, p.dst, isResponse(p.kind), p.serial, p.ordered);
  totals_.reordered += order.reordered ? 1 : 0;
  totals_.reorderedOrdered += order.orderedReordered ? 1 : 0;
  if (observer_) publish(SimEventKind::Delivered, p.serial, n, kProcessorPort, -1, latency);
  if (isRequest(p.kind)) {
    // T3E paper section 3.3: the destination answers on the response class.
    Injector& inj = injectors_[static_cast<std::size_t>(n * classes_ + responseClass_)];
    --inj.reserved;
    const PacketKind responseKind = responseOf(p.kind);
    const NodeId requester = p.src;
    // A requester that failed (or became unreachable) since: the response is
    // refused here and counted, like traffic to it (simulator_faults.cpp).
    if ((!anyNodeDown_ && pairBlocked_.empty()) || !refuseAtSource(n, requester)) {
      const std::int32_t r = newPacket(n, requester, responseKind, rng_);  // may reallocate packets_
      ++totals_.responsesCreated;
      startPacket(n, responseClass_, r);
    }
  }
  freePackets_.push_back(pkt);
}

void Simulator::drop(std::int32_t pkt, DropReason r) {
  Packet& p = packets_[static_cast<std::size_t>(pkt)];
  if (ageOn_) ageRelease(p);
  ++totals_.dropped[static_cast<std::size_t>(r)];
  --totals_.inFlight;
  if (observer_) publish(SimEventKind::Dropped, p.serial, p.dst, -1, -1, static_cast<std::int64_t>(r));
  endPacket(pkt);
}

void Simulator::endPacket(std::int32_t pkt) {
  const Packet& p = packets_[static_cast<std::size_t>(pkt)];
  pairOrder_.ended(p.src, p.serial);
  freePackets_.push_back(pkt);
}

void Simulator::publish(SimEventKind k, std::int32_t pkt, NodeId node, int port, int vc,
                     std::int64_t aux) {
  SimEvent e;
  e.cycle = cycle_;
  e.packet = pkt;
  e.node = node;
  e.aux = aux;
  e.kind = k;
  e.port = static_cast<std::int8_t>(port);
  e.vc = static_cast<std::int8_t>(vc);
  observer_->onEvent(e);
}

std::uint64_t Simulator::auditInFlight() const {
  std::vector<std::uint8_t> seen(packets_.size(), 0);
  std::uint64_t count = 0;
  auto note = [&](std::int32_t pkt) {
    auto& s = seen[static_cast<std::size_t>(pkt)];
    if (!s) {
      s = 1;
      ++count;
    }
  };
  for (const InputVc& iv : ivcs_) {
    for (std::uint32_t i = 0; i < iv.count; ++i) {
      note(bufferedFlit(iv, i).packet);
    }
  }
  for (const auto& bucket : wheelFlits_) {
    for (const Arrival& a : bucket) note(a.flit.packet);
  }
  for (const auto& bucket : wheelEjections_) {
    for (const EndPointPacket& e : bucket) note(e.packet);
  }
  // Relayed packets between their legs: in a source queue, about to be
  // injected, or in the source's end-point pipeline.
  const auto relayed = [&](std::int32_t pkt) {
    if (packets_[static_cast<std::size_t>(pkt)].relayed()) note(pkt);
  };
  for (const Injector& inj : injectors_) {
    if (inj.current >= 0 && inj.sent > 0) note(inj.current);
    if (inj.current >= 0) relayed(inj.current);
    for (std::uint32_t i = 0; i < inj.count; ++i) relayed(inj.queue[(inj.headPos + i) % inj.queue.size()]);
  }
  for (const auto& bucket : wheelStarts_) {
    for (const EndPointPacket& e : bucket) relayed(e.packet);
  }
  return count;
}

std::optional<PacketView> Simulator::packetBySerial(std::int32_t serial) const {
  for (std::size_t i = 0; i < packets_.size(); ++i) {
    const Packet& p = packets_[i];
    if (p.serial != serial) continue;
    const auto id = static_cast<std::int32_t>(i);
    if (std::find(freePackets_.begin(), freePackets_.end(), id) != freePackets_.end()) return std::nullopt;
    return PacketView{p.serial, p.src, p.dst, p.route, p.kind, p.created, p.legStart};
  }
  return std::nullopt;
}

void Simulator::collectFlits(std::vector<FlitView>& out) const {
  out.clear();
  const auto rerouted = [this](const Packet& p) {
    return p.twoLegs() ||
           (routesBefore_ && routing_.algorithm != RoutingAlgorithm::TrcRelative &&
            p.route.tag != routesBefore_->pairTag(topo_, p.src, p.dst));
  };
  // Every router holding flits, ready or not.
  forEachBufferedFlit([&](NodeId n, int port, int vc, const FlitSlot& f) {
    const Packet& p = packets_[static_cast<std::size_t>(f.packet)];
    out.push_back(FlitView{n, static_cast<std::int8_t>(port), static_cast<std::int8_t>(vc), false,
                           f.index == 0, f.index + 1 == f.length, 0.0f, p.serial, p.kind,
                           static_cast<std::int16_t>(ageOf(p)), static_cast<std::int16_t>(f.index),
                           rerouted(p)});
  });
  const double span = cfg_.router.linkDelayCycles + 1;
  for (std::size_t b = 0; b < wheelFlits_.size(); ++b) {
    const std::uint64_t arrival = cycle_ + ((b - cycle_) & wheelMask_);
    for (const Arrival& a : wheelFlits_[b]) {
      const NodeId down = a.node;
      const int downPort = a.port;
      const NodeId up = topo_.neighbor(down, static_cast<Direction>(downPort));
      const Packet& p = packets_[static_cast<std::size_t>(a.flit.packet)];
      const auto progress = static_cast<float>(1.0 - static_cast<double>(arrival - cycle_) / span);
      out.push_back(FlitView{up,
                             static_cast<std::int8_t>(opposite(static_cast<Direction>(downPort))),
                             static_cast<std::int8_t>(a.vc), true, a.flit.index == 0,
                             a.flit.index + 1 == a.flit.length, progress, p.serial, p.kind,
                             static_cast<std::int16_t>(ageOf(p)), static_cast<std::int16_t>(a.flit.index),
                             rerouted(p)});
    }
  }
}

}  // namespace flit
