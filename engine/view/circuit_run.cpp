#include "view/circuit_run.h"

#include "view/latency_histogram.h"

#include "fattree/circuit_change_inverse.h"
#include "fattree/circuit_measure.h"
#include "fattree/fat_tree_network.h"

#include <algorithm>
#include <stdexcept>
#include <string>
#include <utility>

namespace flit {

using fattree::CircuitSimulator;
using fattree::CircuitStats;

CircuitRun::CircuitRun(fattree::FatTreeScenario scenario)
    : scenario_(std::move(scenario)), net_(fattree::buildFatTree(scenario_.spec)), runScenario_(scenario_) {
  graph_ = fattree::networkGraphOf(net_);
  linkOfChannel_.assign(net_.channelIdCount(), kNoGraphId);
  for (std::uint32_t l = 0; l < graph_.linkCount(); ++l) linkOfChannel_[graph_.links[l].familyId] = l;
  inputChannel_.assign(static_cast<std::size_t>(net_.routerCount()) * fattree::kRn1Ports, kNoGraphId);
  for (std::uint32_t c = 0; c < net_.channelIdCount(); ++c) {
    const std::uint32_t target = net_.channelTarget(c);
    if (target == fattree::kUnconnected) continue;
    if (target & fattree::kEndpointFlag)
      endpointInput_.push_back({target & ~fattree::kEndpointFlag, c});
    else
      inputChannel_[target] = c;
  }
  std::sort(endpointInput_.begin(), endpointInput_.end());
  build();
}

CircuitRun::~CircuitRun() = default;

void CircuitRun::build() {
  sim_ = std::make_unique<CircuitSimulator>(fattree::scenarioSimulator(net_, runScenario_));  // a copy: built once
  sim_->setObserver(this);
  store_ = std::make_unique<fattree::CircuitCheckpointStore>(
      *sim_, CheckpointPolicy{kCheckpointIntervalCycles, kCheckpointBudgetBytes});
  intervals_.restart(*sim_);
  clearWatched();
}

void CircuitRun::clearWatched() {
  flashes_.clear();
  inspectedBusy_ = inspectedFault_ = 0;
  follow_ = {};
  if (followed_ >= 0) startFollowing(static_cast<std::uint32_t>(followed_));
}

void CircuitRun::step() {
  const std::size_t applied = sim_->applied().size();
  store_->step(*sim_);
  // Changes applied by this step (pending ones, the scenario's timeline): chart markers.
  for (std::size_t k = applied; k < sim_->applied().size(); ++k) intervals_.noteChange(sim_->applied()[k].cycle);
  const std::uint64_t now = sim_->cycle();
  while (!flashes_.empty() && flashes_.front().cycle + CircuitView::kFlashCycles < now) flashes_.pop_front();
}

void CircuitRun::onCircuitEvent(const fattree::CircuitEvent& e) {
  using Kind = fattree::CircuitEventKind;
  if (e.kind == Kind::Blocked) {
    const bool fault = e.reason == fattree::BlockReason::Fault;
    flashes_.push_back(CircuitFlash{e.router, linkOf(e.channel), fault, e.cycle});
    // The inspected RN1's discards, or an inspected endpoint's own.
    if (e.router == inspected_ || graph_.routerCount + e.endpoint == inspected_)
      ++(fault ? inspectedFault_ : inspectedBusy_);
  } else if (e.kind == Kind::Delivered) {
    intervals_.noteDelivered(e.latencyCycles);
  }
  if (followed_ >= 0 && e.endpoint == static_cast<std::uint32_t>(followed_)) followEvent(e);
}

void CircuitRun::setInspectedNode(NodeId node) {
  if (node >= 0 && static_cast<std::uint32_t>(node) >= graph_.nodeCount())
    throw std::invalid_argument("inspect node " + std::to_string(node) + ": no such RN1 or endpoint (" +
                                std::to_string(graph_.nodeCount()) + " nodes)");
  inspected_ = node < 0 ? kNoGraphId : static_cast<std::uint32_t>(node);
  inspectedBusy_ = inspectedFault_ = 0;
}

std::shared_ptr<const CircuitRouterView> CircuitRun::inspectRouter() const {
  auto v = std::make_shared<CircuitRouterView>();
  const std::uint32_t r = inspected_;
  v->node = r;
  v->cycle = sim_->cycle();
  v->blockedBusy = inspectedBusy_;
  v->blockedFault = inspectedFault_;
  const auto endpointNode = [this](std::uint32_t e) { return graph_.routerCount + e; };
  const auto fill = [&](CircuitPortView& p, std::uint32_t channel, std::uint32_t peer) {
    if (channel == fattree::kUnconnected) return;
    p.link = linkOf(channel);
    if (p.link == kNoGraphId) return;
    p.peer = peer;
    p.failed = sim_->faults().channelFailed[channel] != 0;
    const std::uint32_t holder = sim_->channelHolder(channel);
    if (holder != fattree::kNoHolder) {
      p.holder = endpointNode(holder);
      p.holderDestination = endpointNode(sim_->destination(holder));
    }
  };
  if (graph_.isEndpoint(r)) {  // an endpoint: its two down (in) and two up (out) channels
    v->endpoint = true;
    const std::uint32_t e = r - graph_.routerCount;
    const auto first = std::lower_bound(endpointInput_.begin(), endpointInput_.end(),
                                        std::pair<std::uint32_t, std::uint32_t>{e, 0});
    int port = 0;
    for (auto it = first; it != endpointInput_.end() && it->first == e; ++it) {
      CircuitPortView in{port++};
      fill(in, it->second, graph_.links[linkOf(it->second)].a);
      v->inputs.push_back(in);
    }
    for (int k = 0; k < 2; ++k) {
      CircuitPortView out{k};
      const std::uint32_t c = net_.endpointChannel(e, k);
      if (linkOf(c) != kNoGraphId) fill(out, c, graph_.links[linkOf(c)].b);
      v->outputs.push_back(out);
    }
    return v;
  }
  v->failed = sim_->faults().routerFailed[r] != 0;
  v->dualMode = net_.routers[r].dualCrossbar;
  for (int port = 0; port < fattree::kRn1Ports; ++port) {
    const std::uint32_t id = r * fattree::kRn1Ports + static_cast<std::uint32_t>(port);
    CircuitPortView in{port};
    const std::uint32_t from = inputChannel_[id];
    if (from != kNoGraphId) fill(in, from, graph_.links[linkOf(from)].a);
    v->inputs.push_back(in);
    CircuitPortView out{port};
    if (net_.outTarget[id] != fattree::kUnconnected) fill(out, id, graph_.links[linkOf(id)].b);
    v->outputs.push_back(out);
  }
  return v;
}

// A new run from the machine as it is now: its faults and load, the
// scenario's timeline again from cycle 0.
void CircuitRun::reset() {
  const fattree::FaultMap& now = sim_->faults();
  runScenario_ = scenario_;
  runScenario_.faults = {};
  for (std::uint32_t r = 0; r < now.routerFailed.size(); ++r)
    if (now.routerFailed[r]) runScenario_.faults.routers.push_back(r);
  for (std::uint32_t c = 0; c < now.channelFailed.size(); ++c)
    if (now.channelFailed[c]) runScenario_.faults.channels.push_back(c);
  runScenario_.circuit.rate = sim_->config().rate;
  build();
}

// The window's changes, as the torus's interventions (scenario/intervention.h)
// on the fat-tree's ids: a link of the graph is one of its channels, a node
// an RN1. What the circuit simulator has no call for is refused, naming the
// field; the inverse is the circuit engine's (fattree/circuit_change_inverse.h),
// put back into the window's ids.
std::optional<Intervention> CircuitRun::apply(const Intervention& i) {
  using K = InterventionKind;
  using CK = fattree::CircuitChangeKind;
  fattree::CircuitChange c;
  switch (i.kind) {
    case K::FailLink:
    case K::RepairLink:
      if (i.id < 0 || static_cast<std::uint32_t>(i.id) >= graph_.linkCount())
        throw std::invalid_argument("link " + std::to_string(i.id) + ": no such channel (" +
                                    std::to_string(graph_.linkCount()) + " channels)");
      c.kind = i.kind == K::FailLink ? CK::FailChannel : CK::RepairChannel;
      c.id = graph_.links[static_cast<std::size_t>(i.id)].familyId;
      break;
    case K::FailNode:
    case K::RepairNode: {
      if (i.id < 0 || static_cast<std::uint32_t>(i.id) >= graph_.nodeCount())
        throw std::invalid_argument("node " + std::to_string(i.id) + ": no such router or endpoint");
      const auto id = static_cast<std::uint32_t>(i.id);
      if (graph_.isEndpoint(id))
        throw std::invalid_argument("endpoint " + std::to_string(id - graph_.routerCount) +
                                    ": endpoints cannot fail, only RN1 routers and channels");
      c.kind = i.kind == K::FailNode ? CK::FailRouter : CK::RepairRouter;
      c.id = id;
      break;
    }
    case K::SetRate:
      if (!(i.rateFlitsPerNodeCycle >= 0.0 && i.rateFlitsPerNodeCycle <= 1.0))
        throw std::invalid_argument("traffic.rate: must be 0..1 (the chance per cycle that an idle endpoint gets a "
                                    "new message), got " + std::to_string(i.rateFlitsPerNodeCycle));
      c.kind = CK::SetRate;
      c.rate = i.rateFlitsPerNodeCycle;
      break;
    case K::SetPattern:
      if (std::string(trafficPatternName(i.pattern)) ==
          fattree::fatTreePatternName(scenario_.circuit.pattern))
        return std::nullopt;
      throw std::invalid_argument("traffic.pattern: a fat-tree's pattern is set in its scenario (" +
                                  std::string(fattree::fatTreePatternName(scenario_.circuit.pattern)) +
                                  "), not switched live; got \"" + std::string(trafficPatternName(i.pattern)) +
                                  "\"");
    case K::SetAdaptive:
      throw std::invalid_argument("routing.adaptive: RN1 routers choose among equivalent outputs at random; "
                                  "there is no adaptive mode to switch");
    default:
      throw std::invalid_argument(std::string(interventionKindName(i.kind)) +
                                  ": a fat-tree has no such change (its RN1 routers, channels and load change live)");
  }
  const std::optional<fattree::CircuitChange> back = fattree::inverseOf(*sim_, c);
  change(c.kind, c.id, c.rate);
  if (!back) return std::nullopt;
  Intervention inverse = i;
  inverse.cycle = 0;
  switch (back->kind) {
    case CK::FailChannel: inverse.kind = K::FailLink; break;
    case CK::RepairChannel: inverse.kind = K::RepairLink; break;
    case CK::FailRouter: inverse.kind = K::FailNode; break;
    case CK::RepairRouter: inverse.kind = K::RepairNode; break;
    case CK::SetRate: inverse.rateFlitsPerNodeCycle = back->rate; break;
    case CK::FailUnitTree:
    case CK::RepairUnitTree: return std::nullopt;
  }
  return inverse;
}

// Compared with the set asked for last (as TorusRun::setWatch).
void CircuitRun::setWatch(const WatchSet& w) {
  const WatchSet was = std::exchange(watch_, w);
  if (w.inspectedNode != was.inspectedNode) setInspectedNode(w.inspectedNode);
  if (w.followedPacket != was.followedPacket) setFollowedPacket(w.followedPacket);
}

IntervalPoint CircuitRun::sampleInterval() {
  return intervals_.take(*sim_, graph_.endpointCount, scenario_.circuit.messageBytes);
}

void CircuitRun::frame(Frame& frame) const {
  frame.cycle = sim_->cycle();
  const fattree::FaultMap& faults = sim_->faults();
  frame.linkUp.resize(graph_.linkCount());
  for (std::size_t l = 0; l < graph_.links.size(); ++l) {
    const GraphLink& link = graph_.links[l];
    frame.linkUp[l] = faults.channelFailed[link.familyId] ? 0 : 1;
    const std::uint32_t holder = sim_->channelHolder(link.familyId);
    if (holder == fattree::kNoHolder) continue;
    // A held channel of the circuit from endpoint `holder`: three marks
    // along it (index 0..2), in a colour no channel has.
    for (std::int16_t k = 0; k < 3; ++k) {
      FrameFlit f;
      f.packet = static_cast<std::int32_t>(holder);
      f.index = k;
      f.channel = static_cast<ChannelId>(l * 2);
      f.node = static_cast<NodeId>(link.a);
      f.progress = 0.25f * static_cast<float>(k + 1);
      f.vcClass = kCircuitClass;
      frame.flits.push_back(f);
    }
  }
  frame.flitsInNetwork = frame.flits.size();
  frame.nodeUp.assign(graph_.nodeCount(), 1);
  for (std::uint32_t r = 0; r < graph_.routerCount; ++r) frame.nodeUp[r] = faults.routerFailed[r] ? 0 : 1;
  const fattree::CircuitTotals& totals = sim_->totals();
  frame.packetsInFlight = totals.inProgress;
  frame.packetsDelivered = totals.delivered;
  frame.packetsDropped = totals.givenUp;
  frame.packetsInjected = totals.created;
  frame.injectionRateFlitsPerNodeCycle = sim_->config().rate;
  frame.trafficPattern = fattree::fatTreePatternName(scenario_.circuit.pattern);
  // Transit section 6.1: RN1 at 100 MHz; its channels are byte-wide (RN1
  // section), so the throughput chart's bytes per cycle become MB/s.
  frame.units = PhysicalUnits{fattree::kRn1ClockMhz, 1.0};
  frame.vcClasses = {kCircuitClass};
  fillLatencyHistogram(sim_->latency(), frame.latencyHistogram);
  fillTimeline(frame);

  auto view = std::make_shared<CircuitView>();
  CircuitCounters& c = view->counters;
  const CircuitStats& stats = sim_->stats();
  c.messagesCreated = totals.created;
  c.messagesDelivered = totals.delivered;
  c.messagesGivenUp = totals.givenUp;
  c.messagesInProgress = totals.inProgress;
  c.attemptsStarted = totals.attemptsStarted;
  c.retriesStarted = totals.retriesStarted;
  c.blockedBusy = stats.blockedBusy;
  c.blockedFault = stats.blockedFault;
  c.attemptsInNetwork = totals.attemptsStarted - totals.attemptsFinished;
  c.sendersBackingOff = totals.backingOff;
  c.firstAttemptSuccess = stats.firstAttemptSuccess();
  c.attemptsPerMessage = stats.attemptsPerMessage();
  view->flashes.assign(flashes_.begin(), flashes_.end());
  auto extras = std::make_shared<CircuitExtras>();
  extras->view = std::move(view);
  if (inspected_ != kNoGraphId) extras->router = inspectRouter();
  frame.circuits = std::move(extras);
  if (followed_ >= 0) frame.followed = std::make_shared<FollowedPacket>(follow_);
}

}  // namespace flit
