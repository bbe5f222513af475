#include "simulator_source.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace flitgui {

SimulatorSource::SimulatorSource(const flit::SimConfig& config) : config_(config) {
  // Routes rebuilt around failed links at once: after setLinkUp, and at
  // reset() around the links failed so far.
  config_.autoRebuild = true;
  const flit::RouterConfig& r = config_.router;
  const int perClass = r.vcsPerClass();
  vcClass_.resize(static_cast<std::size_t>(r.vcCount));
  for (int vc = 0; vc < r.vcCount; ++vc) {
    if (vc >= r.deterministicVcs()) {
      vcClass_[static_cast<std::size_t>(vc)] = VcClass::Adaptive;
      continue;
    }
    const int cls = std::min(vc / std::max(perClass, 1), 1);  // 0 request, 1 response
    const int level = perClass >= 2 ? (vc % perClass) / (perClass / 2) : 0;  // dateline VC0 / VC1
    vcClass_[static_cast<std::size_t>(vc)] = static_cast<VcClass>(cls * 2 + std::min(level, 1));
  }
  rebuild();
}

SimulatorSource::~SimulatorSource() = default;

void SimulatorSource::rebuild() {
  built_ = config_;  // what a recording of this run starts from (recording())
  fingerprint_ = {};
  sim_ = std::make_unique<flit::Simulator>(config_);
  sim_->setObserver(this);
  latencyCounts_.clear();
  latencyMax_ = 0;
  intervalDelivered_ = 0;
  intervalLatencySum_ = 0;
  intervalLatencyMax_ = 0;
  recentFlags_.clear();
  followed_ = -1;  // serials start again at 0
  follow_ = {};
  reapplyLutEdits();  // the tag editor's edits survive reset()
  inspectedTotals_ = {};
}

bool SimulatorSource::step() {
  const std::uint64_t rebuilds = rebuilds_;
  const bool ok = sim_->step();
  // A fault applied since the last cycle had its routes rebuilt at this
  // cycle boundary (Simulator::apply); the tag editor's edits go back in
  // force, as interventions, so a replay makes the same calls.
  if (rebuilds != rebuilds_) reapplyLutEdits();
  return ok;
}

void SimulatorSource::intervene(const flit::Intervention& i) { sim_->apply(i); }

std::string SimulatorSource::haltReason() const {
  if (sim_->deadlocked()) return sim_->deadlockReport().describe(sim_->topology());
  return {};
}

void SimulatorSource::reset() { rebuild(); }

void SimulatorSource::setLinkUp(flit::LinkId link, bool up) {
  const int links = sim_->topology().linkCount();
  if (link < 0 || link >= links)
    throw std::invalid_argument("link " + std::to_string(link) + ": no such link (" + std::to_string(links) +
                                " links)");
  // An intervention (Simulator::apply): the engine records it with its cycle
  // and rebuilds the routes around the failed links before the next cycle
  // (autoRebuild; the frame's routeRebuild line tells the outcome); packets
  // already created keep their tags (docs/fault-tolerance.md).
  auto& failed = config_.failedLinks;
  const auto it = std::find(failed.begin(), failed.end(), link);
  if (up == sim_->topology().linkUp(link)) return;
  intervene(flit::Intervention::link(up ? flit::InterventionKind::RepairLink : flit::InterventionKind::FailLink, link));
  if (up && it != failed.end()) failed.erase(it);
  if (!up && it == failed.end()) failed.push_back(link);  // reset() keeps the machine as the user left it
}

// A hot spare rebuilt the routes at once. The frame's routeRebuild line
// reports the outcome; a rejected rebuild (cycle in the dependency graph, or
// a route that does not deliver) keeps the old tables and is also reported
// as a command error.
void SimulatorSource::routesRebuilt() {
  reapplyLutEdits();  // the tag editor's edits stay in force, as after reset()
  const flit::RouteRebuildReport& r = sim_->lastRebuild();
  if (!r.accepted) throw std::invalid_argument(r.describe());
}

void SimulatorSource::setTrafficPattern(const std::string& pattern) {
  const auto p = flit::parseTrafficPattern(pattern);
  if (!p) {
    throw std::invalid_argument("traffic pattern '" + pattern + "': must be one of " +
                                flit::trafficPatternList());
  }
  flit::Intervention i;
  i.kind = flit::InterventionKind::SetPattern;
  i.pattern = *p;
  intervene(i);  // std::invalid_argument naming the pattern when the topology cannot serve it
  config_.traffic.pattern = *p;  // kept by reset()
}

void SimulatorSource::setInjectionRate(double flitsPerNodeCycle) {
  if (!(flitsPerNodeCycle >= 0.0 && flitsPerNodeCycle <= 1.0))
    throw std::invalid_argument("injection rate " + std::to_string(flitsPerNodeCycle) +
                                ": must be 0..1 flits per node per cycle");
  intervene(flit::Intervention::rate(flitsPerNodeCycle));
  config_.traffic.rateFlitsPerNodeCycle = flitsPerNodeCycle;  // kept by reset()
}

void SimulatorSource::setAdaptive(bool enabled) {
  // Simulator::setAdaptive: std::invalid_argument without an adaptive VC or
  // direction-order routing. Only tags with the adaptive bit (routing.adaptive,
  // the T3E presets) adapt.
  flit::Intervention i;
  i.kind = flit::InterventionKind::SetAdaptive;
  i.on = enabled;
  intervene(i);
  config_.router.adaptiveRouting = enabled;  // kept by reset()
}

VcClass SimulatorSource::vcClassOf(int vc) const {
  if (vc < 0 || vc >= static_cast<int>(vcClass_.size())) return VcClass::RequestVc0;
  return vcClass_[static_cast<std::size_t>(vc)];
}

void SimulatorSource::onEvent(const flit::SimEvent& e) {
  if (keepFingerprint_) fingerprint_.onEvent(e);
  if (e.packet == followed_ && followed_ >= 0) followEvent(e);
  switch (e.kind) {
    case flit::SimEventKind::RoutesRebuilt:
      ++rebuilds_;
      break;
    case flit::SimEventKind::DatelineCrossed:
      recentFlags_[e.packet] = {kFlitDatelineCrossed, e.cycle};
      break;
    case flit::SimEventKind::DatelineViolation:
      recentFlags_[e.packet] = {kFlitDatelineViolation, e.cycle};
      break;
    case flit::SimEventKind::Delivered: {
      const std::int64_t latency = std::max<std::int64_t>(e.aux, 0);
      ++intervalDelivered_;
      intervalLatencySum_ += static_cast<double>(latency);
      intervalLatencyMax_ = std::max(intervalLatencyMax_, latency);
      latencyMax_ = std::max(latencyMax_, latency);
      const auto bucket = std::min(static_cast<std::size_t>(latency), kMaxExactLatency);
      if (latencyCounts_.size() <= bucket) latencyCounts_.resize(bucket + 1, 0);
      ++latencyCounts_[bucket];
      break;
    }
    default:
      break;
  }
}

StatsPoint SimulatorSource::sampleInterval() {
  const flit::SimStats& s = sim_->stats();
  const flit::Topology& topo = sim_->topology();
  StatsPoint p;
  p.cycleBegin = s.startCycle;
  p.cycleEnd = sim_->cycle();
  const double nodeCycles = static_cast<double>(topo.nodeCount()) * static_cast<double>(p.cycleEnd - p.cycleBegin);
  p.deliveredPackets = intervalDelivered_;
  p.latencyMeanCycles = intervalDelivered_ ? intervalLatencySum_ / static_cast<double>(intervalDelivered_) : 0.0;
  p.latencyMaxCycles = static_cast<double>(intervalLatencyMax_);
  intervalDelivered_ = 0;
  intervalLatencySum_ = 0;
  intervalLatencyMax_ = 0;
  if (nodeCycles > 0) {
    p.offeredFlitsPerNodeCycle = static_cast<double>(s.flitsOffered) / nodeCycles;
    p.acceptedFlitsPerNodeCycle = static_cast<double>(s.flitsDelivered) / nodeCycles;
  }
  // Mean fraction of buffer capacity in use, per VC class, over every input VC.
  std::array<double, kVcClassCount> used{}, capacity{};
  const int vcs = sim_->vcCount();
  for (flit::NodeId n = 0; n < topo.nodeCount(); ++n)
    for (int port = 0; port < flit::kPortsPerNode; ++port)
      for (int vc = 0; vc < vcs; ++vc) {
        const auto c = static_cast<std::size_t>(vcClassOf(vc));
        used[c] += sim_->meanOccupancy(n, port, vc);
        capacity[c] += config_.router.depthOf(vc);
      }
  for (std::size_t c = 0; c < used.size(); ++c) p.vcOccupancy[c] = capacity[c] > 0 ? used[c] / capacity[c] : 0.0;
  p.packetsInFlight = sim_->totals().inFlight;

  std::erase_if(recentFlags_, [now = p.cycleEnd](const auto& kv) { return now - kv.second.cycle >= kFlagCycles; });
  accumulateInspected();  // the inspected node's counters outlive the window
  sim_->resetStats();  // the next sample covers the next interval
  return p;
}

void SimulatorSource::fillHistogram(LatencyHistogram& out) const {
  const std::int64_t top = std::min<std::int64_t>(latencyMax_, static_cast<std::int64_t>(kMaxExactLatency));
  const auto bins = static_cast<std::int64_t>(kHistogramBins);
  const auto width = static_cast<std::uint32_t>(std::max<std::int64_t>(1, (top + bins) / bins));
  out.binWidthCycles = width;
  out.counts.assign(static_cast<std::size_t>(top / width) + 1, 0);
  for (std::size_t latency = 0; latency < latencyCounts_.size(); ++latency)
    out.counts[std::min(latency / width, out.counts.size() - 1)] += latencyCounts_[latency];
}

void SimulatorSource::fillSnapshot(FrameSnapshot& frame) const {
  const flit::Topology& topo = sim_->topology();
  sim_->collectFlits(scratch_);
  frame.flits.reserve(scratch_.size());
  const std::uint64_t now = sim_->cycle();
  for (const flit::FlitView& f : scratch_) {
    FlitVisual v;
    v.packet = f.packet;
    v.node = f.node;
    v.vcClass = vcClassOf(f.vc);
    v.age = f.age;
    v.flags = static_cast<std::uint8_t>((f.head ? kFlitHead : 0) | (f.tail ? kFlitTail : 0) |
                                        (flit::isResponse(f.kind) ? kFlitResponse : 0));
    if (f.onLink) {
      v.channel = topo.channelFrom(f.node, static_cast<flit::Direction>(f.port));
      v.progress = f.progress;
    } else {
      v.port = f.port;
    }
    if (auto it = recentFlags_.find(f.packet); it != recentFlags_.end() && now - it->second.cycle < kFlagCycles)
      v.flags |= it->second.flags;
    frame.flits.push_back(v);
  }
  frame.linkUp.resize(static_cast<std::size_t>(topo.linkCount()));
  for (flit::LinkId l = 0; l < topo.linkCount(); ++l) frame.linkUp[static_cast<std::size_t>(l)] = topo.linkUp(l) ? 1 : 0;
  frame.channelUtilization.assign(static_cast<std::size_t>(topo.channelCount()), 0.0f);
  for (flit::ChannelId c = 0; c < topo.channelCount(); ++c)
    frame.channelUtilization[static_cast<std::size_t>(c)] = static_cast<float>(
        sim_->linkUtilization(topo.channelSource(c), static_cast<int>(topo.channelDirection(c))));
  fillHistogram(frame.latencyHistogram);
  const flit::SimTotals& t = sim_->totals();
  frame.packetsInFlight = t.inFlight;
  frame.packetsDelivered = t.delivered;
  frame.packetsDropped = t.droppedTotal();
  if (sim_->lastRebuild().performed) frame.routeRebuild = sim_->lastRebuild().describe();
  frame.unreachablePairs = sim_->unreachablePairs();
  frame.injectionRateFlitsPerNodeCycle = config_.traffic.rateFlitsPerNodeCycle;
  frame.trafficPattern = std::string(flit::trafficPatternName(config_.traffic.pattern));
  frame.adaptive = sim_->adaptive();
  frame.adaptiveAvailable = sim_->adaptiveAvailable();
  frame.vcClasses = vcClass_;
  frame.arbiter = sim_->arbiter();
  frame.age = sim_->config().router.age;
  frame.deliveredFlitsBySource = t.deliveredFlitsBySource;
  frame.ageGroups = t.ageGroups;
  frame.nodeUp.resize(static_cast<std::size_t>(topo.nodeCount()));
  for (flit::NodeId n = 0; n < topo.nodeCount(); ++n) frame.nodeUp[static_cast<std::size_t>(n)] = sim_->nodeUp(n) ? 1 : 0;
  frame.hotSpare.resize(static_cast<std::size_t>(topo.nodeCount()));
  frame.peHome.resize(static_cast<std::size_t>(topo.nodeCount()));
  for (flit::NodeId n = 0; n < topo.nodeCount(); ++n) {
    frame.hotSpare[static_cast<std::size_t>(n)] = sim_->hotSpare(n) ? 1 : 0;
    frame.peHome[static_cast<std::size_t>(n)] = sim_->peHomeOf(n);
  }
  frame.inspection = inspection();  // null unless a node is inspected (no cost otherwise)
  frame.tagPreview = preview_;
  frame.followed = followed();
  frame.datelines = datelineView();
}

}  // namespace flitgui
