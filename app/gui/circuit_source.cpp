#include "circuit_source.h"

#include <stdexcept>
#include <string>

namespace flitgui {

using flit::fattree::CircuitSimulator;
using flit::fattree::CircuitStats;

CircuitSource::CircuitSource(flit::fattree::FatTreeScenario scenario)
    : scenario_(std::move(scenario)), net_(flit::fattree::buildFatTree(scenario_.spec)), rate_(scenario_.circuit.rate) {
  graph_ = flit::fattree::networkGraphOf(net_);
  const flit::fattree::FaultMap faults = flit::fattree::scenarioFaultMap(net_, scenario_);
  routerFailed_ = faults.routerFailed;
  channelFailed_ = faults.channelFailed;
  build();
}

CircuitSource::~CircuitSource() = default;

void CircuitSource::build() {
  flit::fattree::CircuitConfig cfg = scenario_.circuit;
  cfg.rate = rate_;
  sim_ = std::make_unique<CircuitSimulator>(net_, cfg, scenario_.seed);  // a copy: built once
  for (std::uint32_t r = 0; r < routerFailed_.size(); ++r)
    if (routerFailed_[r]) sim_->failRouter(r);
  for (std::uint32_t c = 0; c < channelFailed_.size(); ++c)
    if (channelFailed_[c]) sim_->failChannel(c);
  last_ = sim_->stats();
  lastSampleCycle_ = 0;
}

bool CircuitSource::step() {
  sim_->step();
  return true;
}

void CircuitSource::reset() { build(); }

void CircuitSource::setLinkUp(flit::LinkId link, bool up) {
  if (link < 0 || static_cast<std::uint32_t>(link) >= graph_.linkCount())
    throw std::invalid_argument("link " + std::to_string(link) + ": no such channel (" +
                                std::to_string(graph_.linkCount()) + " channels)");
  const std::uint32_t channel = graph_.links[static_cast<std::size_t>(link)].familyId;
  channelFailed_[channel] = up ? 0 : 1;
  up ? sim_->repairChannel(channel) : sim_->failChannel(channel);
}

void CircuitSource::setNodeUp(flit::NodeId node, bool up) {
  if (node < 0 || static_cast<std::uint32_t>(node) >= graph_.nodeCount())
    throw std::invalid_argument("node " + std::to_string(node) + ": no such router or endpoint");
  const auto id = static_cast<std::uint32_t>(node);
  if (graph_.isEndpoint(id))
    throw std::invalid_argument("endpoint " + std::to_string(id - graph_.routerCount) +
                                ": endpoints cannot fail, only RN1 routers and channels");
  routerFailed_[id] = up ? 0 : 1;
  up ? sim_->repairRouter(id) : sim_->failRouter(id);
}

void CircuitSource::setTrafficPattern(const std::string& pattern) {
  if (pattern == flit::fattree::fatTreePatternName(scenario_.circuit.pattern)) return;
  throw std::invalid_argument("traffic.pattern: a fat-tree's pattern is set in its scenario (" +
                              std::string(flit::fattree::fatTreePatternName(scenario_.circuit.pattern)) +
                              "), not switched live; got \"" + pattern + "\"");
}

void CircuitSource::setInjectionRate(double rate) {
  if (!(rate >= 0.0 && rate <= 1.0))
    throw std::invalid_argument("traffic.rate: must be 0..1 (the chance per cycle that an idle endpoint gets a "
                                "new message), got " + std::to_string(rate));
  rate_ = rate;
  sim_->setRate(rate);
}

void CircuitSource::setAdaptive(bool) {
  throw std::invalid_argument("routing.adaptive: RN1 routers choose among equivalent outputs at random; "
                              "there is no adaptive mode to switch");
}

StatsPoint CircuitSource::sampleInterval() {
  const CircuitStats& now = sim_->stats();
  StatsPoint p;
  p.cycleBegin = lastSampleCycle_;
  p.cycleEnd = sim_->cycle();
  const std::uint64_t delivered = now.messagesDelivered - last_.messagesDelivered;
  p.deliveredPackets = delivered;
  if (delivered > 0)
    p.latencyMeanCycles = static_cast<double>(now.latencySumCycles - last_.latencySumCycles) / static_cast<double>(delivered);
  p.latencyMaxCycles = std::max(p.latencyMeanCycles, static_cast<double>(now.latencyMaxCycles));
  const double endpointCycles =
      static_cast<double>(graph_.endpointCount) * static_cast<double>(p.cycleEnd - p.cycleBegin);
  if (endpointCycles > 0.0) {
    const double bytes = scenario_.circuit.messageBytes;
    p.offeredFlitsPerNodeCycle = static_cast<double>(now.messagesCreated - last_.messagesCreated) * bytes / endpointCycles;
    p.acceptedFlitsPerNodeCycle = static_cast<double>(now.bytesDelivered - last_.bytesDelivered) / endpointCycles;
  }
  p.packetsInFlight = sim_->totals().inProgress;
  last_ = now;
  lastSampleCycle_ = p.cycleEnd;
  return p;
}

void CircuitSource::fillSnapshot(FrameSnapshot& frame) const {
  const flit::fattree::FaultMap& faults = sim_->faults();
  frame.linkUp.resize(graph_.linkCount());
  for (std::size_t l = 0; l < graph_.links.size(); ++l) {
    const flit::GraphLink& link = graph_.links[l];
    frame.linkUp[l] = faults.channelFailed[link.familyId] ? 0 : 1;
    const std::uint32_t holder = sim_->channelHolder(link.familyId);
    if (holder == flit::fattree::kNoHolder) continue;
    // A held channel of the circuit from endpoint `holder`: three marks
    // along it (index 0..2), in a colour no channel has.
    for (std::int16_t k = 0; k < 3; ++k) {
      FlitVisual f;
      f.packet = static_cast<std::int32_t>(holder);
      f.index = k;
      f.channel = static_cast<flit::ChannelId>(l * 2);
      f.node = static_cast<flit::NodeId>(link.a);
      f.progress = 0.25f * static_cast<float>(k + 1);
      f.vcClass = kCircuitClass;
      frame.flits.push_back(f);
    }
  }
  frame.flitsInNetwork = frame.flits.size();
  frame.nodeUp.assign(graph_.nodeCount(), 1);
  for (std::uint32_t r = 0; r < graph_.routerCount; ++r) frame.nodeUp[r] = faults.routerFailed[r] ? 0 : 1;
  const flit::fattree::CircuitTotals& totals = sim_->totals();
  frame.packetsInFlight = totals.inProgress;
  frame.packetsDelivered = totals.delivered;
  frame.packetsDropped = totals.givenUp;
  frame.injectionRateFlitsPerNodeCycle = rate_;
  frame.trafficPattern = flit::fattree::fatTreePatternName(scenario_.circuit.pattern);
  frame.vcClasses = {kCircuitClass};
  frame.lastCycle = sim_->cycle();  // the scrubber's range (no checkpoints: a rewind is refused)
}

}  // namespace flitgui
