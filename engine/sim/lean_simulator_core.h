// The lean engine's shared part (lean_simulator.h; docs/engine.md, "The
// lean engine"): configuration, traffic generation, packet records,
// delivery, the watchdog, the totals and statistics. Private to
// engine/sim: included by lean_simulator_hot.h.
#pragma once

#include "router/route_cache.h"
#include "routing/routing_setup.h"
#include "sim/lean_simulator.h"
#include "sim/scenario.h"
#include "sim/sim_books.h"
#include "traffic/rng.h"
#include "traffic/traffic.h"

#include <vector>

namespace flit {

// What every variant of the lean core shares: configuration, traffic, packet
// records, the totals and the statistics. The hot path is LeanCoreImpl
// (lean_simulator_hot.h).
class LeanSimulator::Core {
 public:
  explicit Core(const SimConfig& cfg)
      : cfg_(cfg),
        topo_(cfg.topology),
        routing_(buildRoutingSetup(topo_, cfg.routing)),
        routeCache_(topo_),
        traffic_(cfg.traffic, topo_),
        rng_(cfg.seed) {
    const RouterConfig& r = cfg_.router;
    checkSimConfig(cfg_, topo_, routing_);
    vcs_ = r.vcCount;
    depth_ = r.vcDepthFlits;
    wholePacket_ = r.flowControl == FlowControl::VirtualCutThrough;
    const int nodes = topo_.nodeCount();
    startWindow(stats_, 0, nodes);
    totals_.deliveredFlitsBySource.assign(static_cast<std::size_t>(nodes), 0);
    injectors_.resize(static_cast<std::size_t>(nodes));
    queueCapacity_ = static_cast<std::size_t>(r.sourceQueuePackets);
    queues_.assign(static_cast<std::size_t>(nodes) * queueCapacity_, -1);
    sourceActive_.assign(static_cast<std::size_t>(nodes), 0);
    portStalled_.assign(static_cast<std::size_t>(nodes * kPortsPerNode), 0);
    portViolations_.assign(static_cast<std::size_t>(nodes * kPortsPerNode), 0);
  }
  virtual ~Core() = default;
  Core(const Core&) = delete;
  Core& operator=(const Core&) = delete;

  virtual std::uint64_t run(std::uint64_t n) = 0;
  virtual void resetStats() = 0;
  virtual PortCounters portCounters(NodeId n, int port) const = 0;
  virtual int bufferedFlits(NodeId n, int port, int vc) const = 0;
  virtual std::int64_t occupancyArea(NodeId n, int port, int vc) const = 0;

  SimConfig cfg_;
  Topology topo_;
  RoutingSetup routing_;
  RouteCache routeCache_;
  TrafficSource traffic_;
  Rng rng_;
  int vcs_ = 2;
  int depth_ = 8;
  bool wholePacket_ = false;
  std::uint64_t cycle_ = 0;
  std::uint64_t lastMoveCycle_ = 0;
  bool deadlocked_ = false;
  SimTotals totals_;
  SimStats stats_;

 protected:
  struct Packet {
    std::uint64_t created = 0;
    std::uint64_t injected = 0;
    std::int32_t serial = 0;
    NodeId src = 0, dst = 0;
    std::uint8_t length = 1;
    PacketKind kind = PacketKind::Generic;
  };
  struct Injector {  // per node (one VC class); its queue: queues_ from node * queueCapacity_
    std::uint16_t headPos = 0, count = 0;
    std::int32_t current = -1;  // packet being written into the injection VC
    std::uint8_t sent = 0;
    std::int8_t vc = -1;
  };

  std::int32_t newPacket(NodeId src, NodeId dst, PacketKind kind) {  // Simulator::newPacket
    const std::int32_t id = takeSlot(packets_, freePackets_);
    Packet& p = packets_[static_cast<std::size_t>(id)];
    p.created = cycle_;
    p.injected = 0;
    p.serial = nextSerial_++;
    p.src = src;
    p.dst = dst;
    p.kind = kind;
    p.length = static_cast<std::uint8_t>(cfg_.traffic.lengthOf(kind));
    ++totals_.created;
    stats_.flitsOffered += p.length;
    return id;
  }
  void enqueue(NodeId n, std::int32_t pkt) {  // Simulator::enqueue (the caller checked room)
    Injector& inj = injectors_[static_cast<std::size_t>(n)];
    std::size_t pos = inj.headPos + inj.count;
    if (pos >= queueCapacity_) pos -= queueCapacity_;
    queues_[static_cast<std::size_t>(n) * queueCapacity_ + pos] = pkt;
    ++inj.count;
    if (!sourceActive_[static_cast<std::size_t>(n)]) {
      sourceActive_[static_cast<std::size_t>(n)] = 1;
      activeSources_.push_back(n);
    }
  }
  void deliver(std::int32_t pkt) {  // Simulator::deliver, for packets without responses
    const Packet& p = packets_[static_cast<std::size_t>(pkt)];
    countDelivery(totals_, stats_, p.src, p.kind, p.length, p.created, p.injected, cycle_);
    freePackets_.push_back(pkt);
  }
  void generateTraffic() {  // Simulator::generateTraffic: the same draws in the same order
    const std::uint64_t threshold = traffic_.packetThreshold();
    if (threshold == 0) return;
    const int nodes = topo_.nodeCount();
    const auto queueCap = static_cast<std::uint16_t>(cfg_.router.sourceQueuePackets);
    Rng rng = rng_;
    TrafficSource::Draw d;
    for (NodeId n = 0; n < nodes; ++n) {
      if (!traffic_.draw(n, rng, d)) continue;  // d.ordered: unused, no adaptive routing here
      const Injector& inj = injectors_[static_cast<std::size_t>(n)];
      if (inj.count >= queueCap) {
        ++totals_.refused;
        stats_.flitsOffered += static_cast<std::uint64_t>(cfg_.traffic.lengthOf(d.kind));
        continue;
      }
      enqueue(n, newPacket(n, d.dst, d.kind));
    }
    rng_ = rng;
  }
  void checkWatchdog() {  // Simulator::checkWatchdog, without the report
    if (totals_.inFlight == 0) {
      lastMoveCycle_ = cycle_;
      return;
    }
    if (cycle_ - lastMoveCycle_ >= static_cast<std::uint64_t>(cfg_.router.watchdogCycles)) {
      deadlocked_ = true;
    }
  }

  std::vector<Packet> packets_;
  std::vector<std::int32_t> freePackets_;
  std::int32_t nextSerial_ = 0;
  std::vector<Injector> injectors_;
  std::vector<std::int32_t> queues_;  // per node: a ring of packet pool indices (source queue)
  std::size_t queueCapacity_ = 0;
  std::vector<NodeId> activeSources_;
  std::vector<std::uint8_t> sourceActive_;
  std::vector<std::uint64_t> portStalled_, portViolations_;  // per port
};

}  // namespace flit
