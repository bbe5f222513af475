// The Cray XT SeaStar's age-based arbitration in the simulator (XT paper
// section 2; the procedures are router/age_clock.h, the output choice
// router/arbiter.h AgeArbiter). Where the procedures run:
//  - Procedure 1 when a head is written into an input VC (pushFlit), with
//    the bias of that input port and of the VC's class (request: VC0/VC1);
//  - Procedure 2 when the allocator compares waiting heads (their age now)
//    and when a head leaves on its output (sendFlit: age written back,
//    arrival epoch's count released, RTR_AGE_GROUP counted);
//  - Procedure 3 once per cycle per router, applied lazily when the router
//    is touched (the counts it reads change only then), ticks of cycle c
//    before anything else in cycle c.
#include "scenario/scenario.h"
#include "sim/simulator.h"
#include "sim/simulator_hot.h"

namespace flit {

AgeClock Simulator::ageClockNow(NodeId n) const {
  const AgeRouterState& s = ageRouters_[static_cast<std::size_t>(n)];
  AgeClock c = s.clock;
  advanceAgeClock(c, cfg_.router.age.clockPeriodCycles, cycle_ + 1 - s.ticks);  // as ageRouter
  return c;
}

void Simulator::ageArrive(NodeId n, int port, int vc, std::int32_t pkt) {
  Packet& p = packets_[static_cast<std::size_t>(pkt)];
  const AgeConfig& a = cfg_.router.age;
  const auto portU = static_cast<std::size_t>(port);
  // "if vc=0 OR vc=1": the request class's VCs (vcClassOf: class 0).
  const int bias = vc < perClass_ ? a.requestBias[portU] : a.responseBias[portU];
  p.ageHeader = ageOnArrival(p.ageHeader, bias, ageRouter(n).clock);
  p.ageAt = n;
}

void Simulator::ageDepart(CycleOutbox& ob, NodeId n, int out, std::int32_t pkt) {
  Packet& p = packets_[static_cast<std::size_t>(pkt)];
  if (p.ageAt != n) return;  // counted elsewhere or not at all (aging switched on meanwhile)
  p.ageHeader = ageOnDeparture(p.ageHeader, ageRouter(n).clock);
  p.ageAt = kInvalidId;
  const auto group = static_cast<std::size_t>(ageGroupOf(static_cast<std::uint8_t>(AgeField::age(p.ageHeader))));
  count(ob, totals_.ageGroups[group]);
  count(ob, stats_.ageGroups[group]);
  ++portAgeGroups_[static_cast<std::size_t>(Topology::portId(n, out)) * kAgeGroups + group];
}

void Simulator::ageRelease(Packet& p) {
  if (p.ageAt == kInvalidId) return;
  ageForget(p.ageHeader, ageRouter(p.ageAt).clock);
  p.ageAt = kInvalidId;
}

void Simulator::startAging() {
  ageOn_ = true;
  headCreditsFloor_ = cfg_.traffic.maxPacketFlits();  // "send credits >= MAX_PACKET_SIZE"
  ageRouters_.assign(static_cast<std::size_t>(topo_.nodeCount()), AgeRouterState{});
  for (AgeRouterState& s : ageRouters_) {
    s.clock = startAgeClock(cfg_.router.age.clockPeriodCycles);
    s.ticks = cycle_;  // ticks from this cycle on
  }
  for (Packet& p : packets_) {
    p.ageHeader = 0;
    p.ageAt = kInvalidId;
  }
  // Heads waiting in routers arrive now, with age 0 and no bias.
  forEachBufferedFlit([this](NodeId n, int, int, const FlitSlot& f) {
    if (f.index != 0) return;
    Packet& p = packets_[static_cast<std::size_t>(f.packet)];
    p.ageHeader = ageOnArrival(0, 0, ageRouter(n).clock);
    p.ageAt = n;
  });
}

int Simulator::ageOf(const Packet& p) const {
  if (!ageOn_) return -1;
  if (p.ageAt == kInvalidId) return AgeField::age(p.ageHeader);
  return ageAtOutput(p.ageHeader, ageClockNow(p.ageAt));
}

int Simulator::packetAge(std::int32_t serial) const {
  if (!ageOn_) return -1;
  for (const Packet& p : packets_) {
    if (p.serial == serial) return ageOf(p);
  }
  return -1;
}

AgeClock Simulator::ageClock(NodeId n) const {
  if (n < 0 || n >= topo_.nodeCount()) throw std::out_of_range("ageClock: node out of range");
  return ageOn_ ? ageClockNow(n) : AgeClock{};
}

void Simulator::setArbiter(ArbiterKind a) {
  RouterConfig r = cfg_.router;
  r.arbiter = a;
  validateRouterConfig(r, cfg_.traffic.maxPacketFlits(), hasAnyDateline(routing_.datelines), "router");
  const bool wasAge = ageOn_;
  cfg_.router.arbiter = a;
  if (a == ArbiterKind::Age && !wasAge) startAging();
  if (a != ArbiterKind::Age) {
    ageOn_ = false;
    headCreditsFloor_ = 0;
    ageRouters_.clear();
  }
}

void Simulator::setAgeConfig(const AgeConfig& age) {
  validateAgeConfig(age, "router.age");
  const bool newPeriod = age.clockPeriodCycles != cfg_.router.age.clockPeriodCycles;
  if (ageOn_ && newPeriod) {
    for (NodeId n = 0; n < topo_.nodeCount(); ++n) ageRouter(n);  // ticked with the old period
  }
  cfg_.router.age = age;
  if (ageOn_ && newPeriod) {
    for (AgeRouterState& s : ageRouters_) s.clock.periodReg = age.clockPeriodCycles;
  }
}

}  // namespace flit
