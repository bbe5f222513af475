#include "torus/simulator_source.h"

#include "torus/rebuild_data.h"

#include "family_sources.h"
#include "latency_histogram.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace flitgui {

SimulatorSource::SimulatorSource(const flit::SimConfig& config) : standing_{config, {}} {
  // Routes rebuilt around failed links at once: after a link fails, and at
  // reset() around the links failed so far.
  standing_.config.autoRebuild = true;
  vcClass_ = flit::laneClassesOf(standing_.config.router);
  rebuild();
}

SimulatorSource::~SimulatorSource() = default;

void SimulatorSource::rebuild() {
  built_ = standing_;  // what a recording of this run starts from (recording())
  ++builds_;
  arbiterSwitch_.reset();
  fingerprint_ = {};
  sim_ = std::make_unique<flit::Simulator>(standing_.config);
  sim_->setThreads(engineThreads());
  sim_->setObserver(this);
  sim_->watchStop(&stop_);  // the worker's token, set when its thread starts
  checkpoints_ = std::make_unique<flit::CheckpointStore>(
      *sim_, flit::CheckpointPolicy{kCheckpointIntervalCycles, kCheckpointBudgetBytes});
  intervals_.clear();
  (void)intervals_.take(*sim_);  // the first interval starts at cycle 0
  linkLoad_.clear();
  recent_.clear();
  followed_ = -1;  // serials start again at 0
  follow_ = {};
  reapplyLutEdits();  // the tag editor's edits survive reset()
  inspectedBase_ = {};
}

StepResult SimulatorSource::step() {
  const std::uint64_t rebuilds = rebuilds_;
  const std::size_t applied = checkpoints_->appliedCount();
  if (sim_->threads() != engineThreads()) sim_->setThreads(engineThreads());  // a new choice, between cycles
  const bool ok = checkpoints_->step(*sim_);
  // Changes recorded before a rewind and kept, applied again at their cycle.
  for (std::size_t k = applied; k < checkpoints_->appliedCount(); ++k) standing_.note(checkpoints_->interventions()[k]);
  // A fault applied since the last cycle had its routes rebuilt at this
  // cycle boundary (Simulator::apply); the tag editor's edits go back in
  // force, as interventions, so a replay makes the same calls.
  if (rebuilds != rebuilds_) reapplyLutEdits();
  if (ok) return {};
  return StepResult::halted(sim_->deadlocked() ? sim_->deadlockReport().describe(sim_->topology()) : std::string());
}

void SimulatorSource::intervene(const flit::Intervention& i) {
  checkpoints_->apply(*sim_, i);
  standing_.note(i);
}

void SimulatorSource::reset() { rebuild(); }

// A hot spare rebuilt the routes at once. The frame's routeRebuild line
// reports the outcome; a rejected rebuild (cycle in the dependency graph, or
// a route that does not deliver) keeps the old tables and is also reported
// as a command error.
void SimulatorSource::routesRebuilt() {
  reapplyLutEdits();  // the tag editor's edits stay in force, as after reset()
  const flit::RouteRebuildReport& r = sim_->lastRebuild();
  if (!r.accepted) throw std::invalid_argument(r.describe());
}

VcClass SimulatorSource::vcClassOf(int vc) const {
  if (vc < 0 || vc >= static_cast<int>(vcClass_.size())) return VcClass::RequestVc0;
  return vcClass_[static_cast<std::size_t>(vc)];
}

void SimulatorSource::onEvent(const flit::SimEvent& e) {
  if (keepFingerprint_) fingerprint_.onEvent(e);
  intervals_.onEvent(e);
  recent_.onEvent(e);
  if (e.packet == followed_ && followed_ >= 0) followEvent(e);
  if (e.kind == flit::SimEventKind::RoutesRebuilt) ++rebuilds_;
}

// The engine's IntervalStats (differences of the window's counters; the
// measurement window is never restarted here) and its LinkLoad (the heat
// map's windowed flow).
StatsPoint SimulatorSource::sampleInterval() {
  flit::IntervalSample s = intervals_.take(*sim_);
  linkLoad_.update(s.channelFlits, s.cycleEnd - s.cycleBegin);
  StatsPoint p = flit::intervalPointOf(std::move(s), sim_->totals().inFlight);
  recent_.expire(p.cycleEnd);
  return p;
}

// A flit the open 2D slice draws: buffered at a router of the plane, or on a
// channel with an end in it (the slice counts those between planes).
bool SimulatorSource::inWatchedSlice(const flit::FlitView& f) const {
  if (!sliceWatched_) return false;
  const flit::Topology& topo = sim_->topology();
  const auto inPlane = [&](flit::NodeId n) { return n >= 0 && topo.coordOf(n)[sliceDim_] == sliceIndex_; };
  if (inPlane(f.node)) return true;
  return f.onLink && inPlane(topo.neighbor(f.node, static_cast<flit::Direction>(f.port)));
}

void SimulatorSource::fillSnapshot(FrameSnapshot& frame) const {
  const flit::Topology& topo = sim_->topology();
  sim_->collectFlits(scratch_);
  frame.flitsInNetwork = scratch_.size();
  frame.engineThreads = sim_->threads();
  // Level of detail: too many flits to draw one by one are counted per
  // channel; the followed packet's are still listed.
  const bool perChannel = scratch_.size() > flitsDrawnOneByOne_;
  if (perChannel) {
    auto counts = std::make_shared<flit::ChannelFlits>();
    flit::countFlitsPerChannel(topo, sim_->config().router, scratch_, vcClass_, *counts);
    frame.channelFlits = std::move(counts);
  } else {
    frame.flits.reserve(scratch_.size());
  }
  const std::uint64_t now = sim_->cycle();
  for (const flit::FlitView& f : scratch_) {
    if (perChannel && !(followed_ >= 0 && f.packet == followed_) && !inWatchedSlice(f)) continue;
    FlitVisual v;
    v.packet = f.packet;
    v.index = f.index;
    v.node = f.node;
    v.vcClass = vcClassOf(f.vc);
    v.age = f.age;
    const std::uint8_t recent = recent_.flagsOf(f.packet, now);
    v.flags = static_cast<std::uint8_t>((f.head ? kFlitHead : 0) | (f.tail ? kFlitTail : 0) |
                                        (flit::isResponse(f.kind) ? kFlitResponse : 0) |
                                        (f.rerouted ? kFlitRerouted : 0) |
                                        (recent & flit::kRecentAdaptiveHop ? kFlitAdaptiveHop : 0) |
                                        (recent & flit::kRecentDatelineCrossed ? kFlitDatelineCrossed : 0) |
                                        (recent & flit::kRecentDatelineViolation ? kFlitDatelineViolation : 0));
    if (f.onLink) {
      v.channel = topo.channelFrom(f.node, static_cast<flit::Direction>(f.port));
      v.progress = f.progress;
    } else {
      v.port = f.port;
    }
    frame.flits.push_back(v);
  }
  frame.linkUp.resize(static_cast<std::size_t>(topo.linkCount()));
  for (flit::LinkId l = 0; l < topo.linkCount(); ++l) frame.linkUp[static_cast<std::size_t>(l)] = topo.linkUp(l) ? 1 : 0;
  const auto channels = static_cast<std::size_t>(topo.channelCount());
  frame.channelUtilization.assign(channels, 0.0f);
  for (std::size_t c = 0; c < channels; ++c) frame.channelUtilization[c] = static_cast<float>(linkLoad_.load(c));
  frame.rebuild = rebuildView();
  if (frame.rebuild) frame.routeChange = std::shared_ptr<const flit::RouteChange>(frame.rebuild, &frame.rebuild->change);
  fillLatencyHistogram(sim_->stats().latency, frame.latencyHistogram);  // the measurement window, since the reset
  const flit::SimTotals& t = sim_->totals();
  frame.packetsInFlight = t.inFlight;
  frame.packetsDelivered = t.delivered;
  frame.packetsDropped = t.droppedTotal();
  frame.packetsInjected = t.injected;
  frame.packetsReordered = t.reordered;
  if (sim_->lastRebuild().performed) frame.routeRebuild = sim_->lastRebuild().describe();
  frame.unreachablePairs = sim_->unreachablePairs();
  frame.injectionRateFlitsPerNodeCycle = standing_.config.traffic.rateFlitsPerNodeCycle;
  frame.trafficPattern = std::string(flit::trafficPatternName(standing_.config.traffic.pattern));
  frame.units = standing_.config.units;
  frame.adaptive = sim_->adaptive();
  frame.adaptiveAvailable = sim_->adaptiveAvailable();
  frame.vcClasses = vcClass_;
  frame.arbiter = sim_->arbiter();
  for (const flit::ArbiterInfo& a : flit::kArbiters)
    if (flit::arbiterUnavailableReason(sim_->config().router, a.kind))
      frame.arbitersRefused |= std::uint8_t(1u << unsigned(a.kind));
  frame.age = sim_->config().router.age;
  frame.deliveredFlitsBySource = t.deliveredFlitsBySource;
  frame.ageGroups = t.ageGroups;
  frame.arbiterSwitch = arbiterSwitch_;
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
  frame.datelines = std::make_shared<const DatelineView>(datelineView());
  frame.sync = syncView();  // null unless watched
  frame.vcBalance = vcBalanceView();  // null unless watched
  frame.lab = labView();    // null unless watched
  frame.deadlock = deadlockView();  // null unless deadlocked
  fillTimeline(frame);
}

std::unique_ptr<SimulationSource> makeTorusSource(const flit::SimConfig& config, std::size_t flitsDrawnOneByOne,
                                                  const std::string& name, int engineThreads) {
  auto source = std::make_unique<SimulatorSource>(config);
  source->setFlitsDrawnOneByOne(flitsDrawnOneByOne);
  source->setEngineThreads(engineThreads);
  if (!name.empty()) source->setScenarioName(name);
  return source;
}

}  // namespace flitgui
