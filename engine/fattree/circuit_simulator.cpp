#include "fattree/circuit_simulator.h"

#include <algorithm>
#include <cmath>

namespace flit::fattree {

double CircuitStats::firstAttemptSuccess() const {
  return firstAttempts
             ? static_cast<double>(firstAttemptSuccesses) / static_cast<double>(firstAttempts)
             : 0.0;
}
double CircuitStats::attemptsPerMessage() const {
  const std::uint64_t done = messagesDelivered + messagesGivenUp;
  return done ? static_cast<double>(attemptsOfFinishedMessages) / static_cast<double>(done) : 0.0;
}
double CircuitStats::meanLatencyCycles() const {
  return messagesDelivered
             ? static_cast<double>(latencySumCycles) / static_cast<double>(messagesDelivered)
             : 0.0;
}
double CircuitStats::meanNetworkLatencyCycles() const {
  return messagesDelivered
             ? static_cast<double>(networkLatencySumCycles) / static_cast<double>(messagesDelivered)
             : 0.0;
}

CircuitSimulator::CircuitSimulator(FatTreeNetwork net, const CircuitConfig& cfg, std::uint64_t seed)
    : net_(std::make_shared<const FatTreeNetwork>(std::move(net))),
      cfg_(cfg),
      rng_(seed),
      picker_(net_->spec, net_->endpointCount, cfg.pattern),
      faults_(*net_),
      holder_(net_->channelIdCount(), kNoHolder),
      phase_(net_->endpointCount, Phase::Idle),
      dest_(net_->endpointCount, 0),
      created_(net_->endpointCount, 0),
      wakeAt_(net_->endpointCount, 0),
      attempts_(net_->endpointCount, 0),
      slot_(net_->endpointCount, 0),
      wheel_(kWheelSize) {
  cfg_.messageBytes = std::max<std::uint32_t>(cfg_.messageBytes, 1);
  cfg_.stageCycles = std::max<std::uint32_t>(cfg_.stageCycles, 1);
  setRate(cfg_.rate);
}

namespace {
struct LaterFirst {
  template <class F>
  bool operator()(const F& a, const F& b) const {
    return a.cycle != b.cycle ? a.cycle > b.cycle : a.seq > b.seq;
  }
};
}  // namespace

void CircuitSimulator::schedule(std::uint64_t cycle, std::uint32_t e, EventKind k) {
  if (cycle < cycle_ + kWheelSize) {
    wheel_[cycle % kWheelSize].push_back(Event{cycle, e, k});
    return;
  }
  far_.push_back(FarEvent{cycle, farSeq_++, Event{cycle, e, k}});
  std::push_heap(far_.begin(), far_.end(), LaterFirst{});
}

// The wait until an idle endpoint's next message: geometric with the
// per-cycle probability `rate`, at least one cycle.
void CircuitSimulator::scheduleWake(std::uint32_t e) {
  if (cfg_.rate <= 0) {
    wakeAt_[e] = UINT64_MAX;
    return;
  }
  std::uint64_t wait = 1;
  if (cfg_.rate < 1) {
    const double u = 1.0 - rng_.uniform();  // (0, 1]
    wait += static_cast<std::uint64_t>(std::floor(std::log(u) / std::log1p(-cfg_.rate)));
  }
  wakeAt_[e] = cycle_ + wait;
  schedule(wakeAt_[e], e, EventKind::Wake);
}

void CircuitSimulator::setRate(double rate) {
  cfg_.rate = std::clamp(rate, 0.0, 1.0);
  for (std::uint32_t e = 0; e < net_->endpointCount; ++e) {
    if (phase_[e] == Phase::Idle) scheduleWake(e);
  }
}

bool CircuitSimulator::sendMessage(std::uint32_t src, std::uint32_t dst) {
  if (src >= net_->endpointCount || dst >= net_->endpointCount || src == dst) return false;
  if (phase_[src] != Phase::Idle) return false;
  wakeAt_[src] = UINT64_MAX;  // a pending random message no longer counts
  dest_[src] = dst;
  created_[src] = cycle_;
  attempts_[src] = 0;
  phase_[src] = Phase::Waiting;
  ++stats_.messagesCreated;
  ++totals_.created;
  ++totals_.inProgress;
  report(CircuitEventKind::MessageCreated, src);
  schedule(cycle_, src, EventKind::Start);
  return true;
}

void CircuitSimulator::failRouter(std::uint32_t router) {
  faults_.routerFailed.at(router) = 1;
  breakThroughRouter(router);
}
void CircuitSimulator::failChannel(std::uint32_t channel) {
  faults_.channelFailed.at(channel) = 1;
  if (holder_[channel] == kNoHolder) return;
  const std::uint32_t ports = net_->routerCount() * kRn1Ports;
  breakConnection(holder_[channel], channel < ports ? channel / kRn1Ports : 0xFFFFFFFFu, channel);
}
void CircuitSimulator::failBlock(std::uint32_t block) {
  faults_.failBlock(*net_, block);
  const Block& b = net_->blocks.at(block);
  for (std::uint32_t r = 0; r < b.routerCount; ++r) breakThroughRouter(b.firstRouter + r);
}

// Every connection through `router` holds one of its outputs (a head at
// the router itself meets the fault in advance()).
void CircuitSimulator::breakThroughRouter(std::uint32_t router) {
  for (std::uint32_t p = 0; p < kRn1Ports; ++p) {
    const std::uint32_t out = router * kRn1Ports + p;
    if (holder_[out] != kNoHolder) breakConnection(holder_[out], router, out);
  }
}

// The transmission over a failed part is lost: a head still on its way is
// discarded there as a blocked one is (its pending stage event is dropped:
// advance() and deliver() skip a discarded attempt); a delivered one's
// status, already due, comes back as a failure.
void CircuitSimulator::breakConnection(std::uint32_t e, std::uint32_t router, std::uint32_t channel) {
  Attempt& a = slots_[slot_[e]];
  switch (a.stage) {
    case Stage::Discarded:
      return;
    case Stage::Holding:
      discard(e, router, BlockReason::Fault, channel);
      return;
    case Stage::Advancing:
    case Stage::Arriving:
      block(e, router, BlockReason::Fault, channel);
      return;
  }
}
void CircuitSimulator::repairRouter(std::uint32_t router) { faults_.routerFailed.at(router) = 0; }
void CircuitSimulator::repairChannel(std::uint32_t channel) {
  faults_.channelFailed.at(channel) = 0;
}
void CircuitSimulator::repairBlock(std::uint32_t block) {
  const Block& b = net_->blocks.at(block);
  for (std::uint32_t r = 0; r < b.routerCount; ++r) faults_.routerFailed[b.firstRouter + r] = 0;
}

void CircuitSimulator::resetStats() {
  stats_ = CircuitStats{};
  stats_.startCycle = cycle_;
  latency_.clear();
}

std::uint64_t CircuitSimulator::run(std::uint64_t cycles) {
  for (std::uint64_t i = 0; i < cycles; ++i) step();
  return cycles;
}

void CircuitSimulator::apply(CircuitChange c) {
  switch (c.kind) {
    case CircuitChangeKind::FailRouter: failRouter(c.id); break;
    case CircuitChangeKind::RepairRouter: repairRouter(c.id); break;
    case CircuitChangeKind::FailChannel: failChannel(c.id); break;
    case CircuitChangeKind::RepairChannel: repairChannel(c.id); break;
    case CircuitChangeKind::FailUnitTree: failBlock(c.id); break;
    case CircuitChangeKind::RepairUnitTree: repairBlock(c.id); break;
    case CircuitChangeKind::SetRate: setRate(c.rate); break;
  }
  c.cycle = cycle_;
  applied_.push_back(c);
}

void CircuitSimulator::setTimeline(std::vector<CircuitChange> timeline) {
  std::stable_sort(timeline.begin(), timeline.end(),
                   [](const CircuitChange& a, const CircuitChange& b) { return a.cycle < b.cycle; });
  timeline_ = std::move(timeline);
  nextTimeline_ = static_cast<std::size_t>(
      std::find_if(timeline_.begin(), timeline_.end(), [&](const CircuitChange& c) { return c.cycle >= cycle_; }) -
      timeline_.begin());
}

namespace {
// What a copy of the vector holds: its elements (a copy does not take the
// spare capacity; the wheel's buckets keep theirs here, not in a checkpoint).
template <class T>
std::size_t vectorBytes(const std::vector<T>& v) {
  return v.size() * sizeof(T);
}
}  // namespace

std::size_t CircuitSimulator::memoryBytes() const {
  std::size_t wheel = vectorBytes(wheel_);
  for (const auto& bucket : wheel_) wheel += vectorBytes(bucket);
  return sizeof(*this) + vectorBytes(timeline_) + vectorBytes(applied_) + vectorBytes(faults_.routerFailed) +
         vectorBytes(faults_.channelFailed) + vectorBytes(holder_) + vectorBytes(phase_) + vectorBytes(dest_) +
         vectorBytes(created_) + vectorBytes(wakeAt_) + vectorBytes(attempts_) + vectorBytes(slot_) +
         vectorBytes(slots_) + vectorBytes(freeSlots_) + wheel + vectorBytes(far_) +
         latency_.histogram().size() * sizeof(std::uint64_t);  // the picker: a few levels' thresholds, in sizeof
}

void CircuitSimulator::applyDue() {
  while (nextTimeline_ < timeline_.size() && timeline_[nextTimeline_].cycle <= cycle_) apply(timeline_[nextTimeline_++]);
}

bool CircuitSimulator::step() {
  applyDue();
  while (!far_.empty() && far_.front().cycle == cycle_) {
    const Event ev = far_.front().event;
    std::pop_heap(far_.begin(), far_.end(), LaterFirst{});
    far_.pop_back();
    handle(ev);
  }
  // Every event in this bucket is for this cycle: one scheduled now is at
  // least a cycle and less than kWheelSize cycles ahead, so in another.
  std::vector<Event>& bucket = wheel_[cycle_ % kWheelSize];
  for (std::size_t i = 0; i < bucket.size(); ++i) handle(bucket[i]);
  bucket.clear();
  ++cycle_;
  return true;
}

void CircuitSimulator::handle(const Event& ev) {
  const std::uint32_t e = ev.endpoint;
  switch (ev.kind) {
    case EventKind::Wake:
      if (phase_[e] == Phase::Idle && wakeAt_[e] == ev.cycle) {
        newMessage(e);
        startAttempt(e);
      }
      break;
    case EventKind::Start:
      startAttempt(e);
      break;
    case EventKind::Advance:
      advance(e);
      break;
    case EventKind::Deliver:
      deliver(e);
      break;
    case EventKind::Finish:
      finish(e);
      break;
  }
}

void CircuitSimulator::newMessage(std::uint32_t e) {
  dest_[e] = picker_.pick(e, rng_);
  created_[e] = cycle_;
  attempts_[e] = 0;
  phase_[e] = Phase::Waiting;
  ++stats_.messagesCreated;
  ++totals_.created;
  ++totals_.inProgress;
  report(CircuitEventKind::MessageCreated, e);
}

std::uint32_t CircuitSimulator::allocSlot() {
  if (!freeSlots_.empty()) {
    const std::uint32_t s = freeSlots_.back();
    freeSlots_.pop_back();
    return s;
  }
  slots_.emplace_back();
  return static_cast<std::uint32_t>(slots_.size() - 1);
}

void CircuitSimulator::claim(std::uint32_t e, std::uint32_t channel) {
  Attempt& a = slots_[slot_[e]];
  holder_[channel] = e;
  if (a.pathLength == 0) a.firstChannel = channel;
  a.lastChannel = channel;
  ++a.pathLength;
}

void CircuitSimulator::release(std::uint32_t e, const Attempt& a) {
  std::uint32_t ch = a.firstChannel;
  for (std::uint8_t i = 0; i < a.pathLength; ++i) {
    holder_[ch] = kNoHolder;
    if (i + 1 == a.pathLength) break;
    const std::uint32_t in = net_->channelTarget(ch);
    std::uint32_t cand[2] = {0, 0};
    const int n = candidateOutputs(*net_, in / kRn1Ports, static_cast<int>(in % kRn1Ports),
                                   a.header.direction(i), cand);
    ch = n == 1 || holder_[cand[0]] == e ? cand[0] : cand[1];
  }
}

void CircuitSimulator::startAttempt(std::uint32_t e) {
  ++totals_.attemptsStarted;
  if (attempts_[e] > 0) {
    ++totals_.retriesStarted;
    --totals_.backingOff;
  }
  phase_[e] = Phase::Active;
  ++attempts_[e];
  slot_[e] = allocSlot();
  Attempt& a = slots_[slot_[e]];
  a = Attempt{};
  a.startCycle = cycle_;
  a.header = routeHeader(net_->spec, e, dest_[e]);
  // The endpoint's two channels are, like an RN1's, one dilation group.
  const std::uint32_t c0 = net_->endpointChannel(e, 0);
  const bool free0 = holder_[c0] == kNoHolder;
  const bool free1 = holder_[c0 + 1] == kNoHolder;
  const std::uint32_t ch = free0 && free1 ? c0 + rng_.below(2) : (free0 ? c0 : c0 + 1);
  report(CircuitEventKind::AttemptStarted, e, 0xFFFFFFFFu, ch);
  if (faults_.channelFailed[ch] || net_->channelTarget(ch) == kUnconnected) {
    block(e, 0xFFFFFFFFu, BlockReason::Fault);
    return;
  }
  claim(e, ch);
  a.inPort = net_->channelTarget(ch);
  schedule(cycle_ + cfg_.stageCycles, e, EventKind::Advance);
}

void CircuitSimulator::advance(std::uint32_t e) {
  Attempt& a = slots_[slot_[e]];
  if (a.stage == Stage::Discarded) return;  // broken by a fault behind the head
  const std::uint32_t router = a.inPort / kRn1Ports;
  if (faults_.routerFailed[router]) {
    block(e, router, BlockReason::Fault);
    return;
  }
  std::uint32_t cand[2];
  const int n = candidateOutputs(*net_, router, static_cast<int>(a.inPort % kRn1Ports),
                                 a.header.direction(a.hop), cand);
  std::uint32_t freeOut[2];
  int free = 0;
  for (int k = 0; k < n; ++k) {
    if (holder_[cand[k]] == kNoHolder && net_->outTarget[cand[k]] != kUnconnected)
      freeOut[free++] = cand[k];
  }
  if (free == 0) {
    block(e, router, BlockReason::Busy);
    return;
  }
  // Section 2.1: "When both outputs in the desired output direction are
  // available, the component randomly chooses which port to use."
  const std::uint32_t out = free == 2 ? freeOut[rng_.below(2)] : freeOut[0];
  if (faults_.channelFailed[out]) {
    block(e, router, BlockReason::Fault, out);
    return;
  }
  claim(e, out);
  report(CircuitEventKind::Hop, e, router, out);
  ++a.hop;
  const std::uint32_t target = net_->outTarget[out];
  if (target & kEndpointFlag) {
    // The head reaches the endpoint one stage later; the last byte follows
    // messageBytes - 1 cycles behind it.
    a.success = true;
    a.stage = Stage::Arriving;
    a.tailCycle = cycle_ + cfg_.stageCycles + cfg_.messageBytes - 1;
    schedule(cycle_ + cfg_.stageCycles, e, EventKind::Deliver);
    return;
  }
  a.inPort = target;
  schedule(cycle_ + cfg_.stageCycles, e, EventKind::Advance);
}

// The attempt fails at `router` (its status will say so): counted and reported.
void CircuitSimulator::discard(std::uint32_t e, std::uint32_t router, BlockReason reason, std::uint32_t channel) {
  Attempt& a = slots_[slot_[e]];
  a.success = false;
  a.stage = Stage::Discarded;
  (reason == BlockReason::Busy ? stats_.blockedBusy : stats_.blockedFault)++;
  report(CircuitEventKind::Blocked, e, router, channel, reason);
}

// The transmission is discarded at `router`, but the sender keeps sending
// until its last byte reaches that point; then the status goes back over the
// held channels and the path is released (section 2.1).
void CircuitSimulator::block(std::uint32_t e, std::uint32_t router, BlockReason reason, std::uint32_t failedOutput) {
  Attempt& a = slots_[slot_[e]];
  discard(e, router, reason, failedOutput != 0xFFFFFFFFu ? failedOutput : a.lastChannel);
  const std::uint64_t done =
      cycle_ + cfg_.messageBytes - 1 + std::uint64_t{a.pathLength} * cfg_.stageCycles;
  schedule(std::max(done, cycle_ + 1), e, EventKind::Finish);
}

// The head arrived (this cycle); the last byte arrives at tailCycle. The
// status, or the reply on the reversed connection, goes back to the sender.
void CircuitSimulator::deliver(std::uint32_t e) {
  Attempt& a = slots_[slot_[e]];
  if (a.stage == Stage::Discarded) return;  // broken by a fault on the way
  a.stage = Stage::Holding;
  report(CircuitEventKind::Arrived, e, 0xFFFFFFFFu, a.lastChannel);
  const std::uint64_t back = std::uint64_t{a.pathLength} * cfg_.stageCycles;
  std::uint64_t done = a.tailCycle + back;
  if (cfg_.replyBytes > 0) done = a.tailCycle + cfg_.turnaroundCycles + back + cfg_.replyBytes - 1;
  schedule(std::max(done, cycle_ + 1), e, EventKind::Finish);
}

void CircuitSimulator::finish(std::uint32_t e) {
  Attempt& a = slots_[slot_[e]];
  release(e, a);
  const bool first = attempts_[e] == 1;
  ++stats_.attemptsFinished;
  ++totals_.attemptsFinished;
  stats_.attemptCycles += cycle_ - a.startCycle;
  if (first) ++stats_.firstAttempts;
  if (a.success) {
    ++stats_.attemptsSucceeded;
    if (first) ++stats_.firstAttemptSuccesses;
    if (cfg_.replyBytes > 0) report(CircuitEventKind::Reversed, e, 0xFFFFFFFFu, a.lastChannel);
  }
  report(CircuitEventKind::Status, e, 0xFFFFFFFFu, 0xFFFFFFFFu, BlockReason::None, a.success);
  const std::uint64_t tail = a.tailCycle;
  const std::uint64_t start = a.startCycle;
  freeSlots_.push_back(slot_[e]);
  if (a.success) {
    ++stats_.messagesDelivered;
    ++totals_.delivered;
    stats_.attemptsOfFinishedMessages += attempts_[e];
    stats_.bytesDelivered += cfg_.messageBytes;
    const std::uint64_t latency = tail - created_[e];
    stats_.latencySumCycles += latency;
    stats_.latencyMaxCycles = std::max(stats_.latencyMaxCycles, latency);
    stats_.networkLatencySumCycles += tail - start;
    latency_.add(static_cast<std::int64_t>(latency));
    report(CircuitEventKind::Delivered, e, 0xFFFFFFFFu, 0xFFFFFFFFu, BlockReason::None, true, latency);
  } else if (attempts_[e] > cfg_.retryLimit) {
    ++stats_.messagesGivenUp;
    ++totals_.givenUp;
    stats_.attemptsOfFinishedMessages += attempts_[e];
    report(CircuitEventKind::GivenUp, e);
  } else {
    phase_[e] = Phase::Waiting;
    ++totals_.backingOff;
    const unsigned shift = std::min<unsigned>(attempts_[e] - 1u, 5u);
    const std::uint32_t window = std::max<std::uint32_t>(cfg_.backoffCycles, 1) << shift;
    schedule(cycle_ + 1 + rng_.below(window), e, EventKind::Start);
    return;
  }
  --totals_.inProgress;
  phase_[e] = Phase::Idle;
  scheduleWake(e);
}

void CircuitSimulator::report(CircuitEventKind kind, std::uint32_t e, std::uint32_t router,
                              std::uint32_t channel, BlockReason reason, bool success, std::uint64_t latency) {
  if (!observer_) return;
  CircuitEvent ev;
  ev.kind = kind;
  ev.reason = reason;
  ev.success = success;
  ev.attempt = attempts_[e];
  ev.cycle = cycle_;
  ev.endpoint = e;
  ev.destination = dest_[e];
  ev.router = router;
  ev.channel = channel;
  ev.latencyCycles = latency;
  observer_->onCircuitEvent(ev);
}

}  // namespace flit::fattree
