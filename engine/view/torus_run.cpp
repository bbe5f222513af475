#include "view/torus_run.h"

#include "sim/replay.h"
#include "view/rebuild_view.h"
#include "view/special_view.h"

#include <stdexcept>
#include <utility>

namespace flit {

TorusRun::TorusRun(const SimConfig& config) : standing_{config, {}} {
  // Routes rebuilt around failed links at once: after a link fails, and at
  // reset() around the links failed so far.
  standing_.config.autoRebuild = true;
  laneClass_ = laneClassesOf(standing_.config.router);
  rebuild();
}

TorusRun::~TorusRun() = default;

void TorusRun::setStop(const std::stop_token* stop) {
  stop_ = stop;
  sim_->watchStop(stop_);
}

void TorusRun::rebuild() {
  built_ = standing_;  // what a recording of this run starts from (recording())
  ++builds_;
  arbiterSwitch_.reset();
  fingerprint_ = {};
  sim_ = std::make_unique<Simulator>(standing_.config);
  sim_->setThreads(threads_);
  sim_->setObserver(this);
  sim_->watchStop(stop_);
  checkpoints_ =
      std::make_unique<CheckpointStore>(*sim_, CheckpointPolicy{kCheckpointIntervalCycles, kCheckpointBudgetBytes});
  intervals_.clear();
  (void)intervals_.take(*sim_);  // the first interval starts at cycle 0
  linkLoad_.clear();
  recent_.clear();
  followed_ = -1;  // serials start again at 0
  follow_ = {};
  reapplyLutEdits();  // the tag editor's edits survive reset()
  inspectedBase_ = {};
}

bool TorusRun::step() {
  const std::uint64_t rebuilds = rebuilds_;
  const std::size_t applied = checkpoints_->appliedCount();
  if (sim_->threads() != threads_) sim_->setThreads(threads_);  // a new choice, between cycles
  const bool ok = checkpoints_->step(*sim_);
  // Changes recorded before a rewind and kept, applied again at their cycle.
  for (std::size_t k = applied; k < checkpoints_->appliedCount(); ++k) standing_.note(checkpoints_->interventions()[k]);
  // A fault applied since the last cycle had its routes rebuilt at this
  // cycle boundary (Simulator::apply); the tag editor's edits go back in
  // force, as interventions, so a replay makes the same calls.
  if (rebuilds != rebuilds_) reapplyLutEdits();
  haltReason_.clear();
  if (!ok && sim_->deadlocked()) haltReason_ = sim_->deadlockReport().describe(sim_->topology());
  return ok;
}

void TorusRun::rewind(std::int64_t cycle) {
  checkpoints_->rewind(*sim_, cycle);  // std::invalid_argument naming the cycle; nothing changed then
  // The changes in force at that cycle: the machine as built plus those applied before it.
  standing_ = built_;
  const auto& log = checkpoints_->interventions();
  for (std::size_t k = 0; k < checkpoints_->appliedCount(); ++k) standing_.note(log[k]);
  // The windowed views start again from the restored cycle.
  arbiterSwitch_.reset();
  fingerprint_ = {};
  intervals_.clear();
  (void)intervals_.take(*sim_);
  linkLoad_.clear();
  recent_.clear();
  followed_ = -1;  // the packet may not exist yet at that cycle
  follow_ = {};
  takeInspectedBase();
}

void TorusRun::intervene(const Intervention& i) {
  checkpoints_->apply(*sim_, i);
  standing_.note(i);
}

LaneClass TorusRun::laneClassOf(int vc) const {
  if (vc < 0 || vc >= static_cast<int>(laneClass_.size())) return LaneClass::RequestVc0;
  return laneClass_[static_cast<std::size_t>(vc)];
}

void TorusRun::onEvent(const SimEvent& e) {
  if (keepFingerprint_) fingerprint_.onEvent(e);
  intervals_.onEvent(e);
  recent_.onEvent(e);
  if (e.packet == followed_ && followed_ >= 0) followEvent(e);
  if (e.kind == SimEventKind::RoutesRebuilt) ++rebuilds_;
}

// IntervalStats (differences of the window's counters; the measurement
// window is never restarted here) and LinkLoad (the heat map's windowed flow).
IntervalPoint TorusRun::sampleInterval() {
  IntervalSample s = intervals_.take(*sim_);
  linkLoad_.update(s.channelFlits, s.cycleEnd - s.cycleBegin);
  IntervalPoint p = intervalPointOf(std::move(s), sim_->totals().inFlight);
  recent_.expire(p.cycleEnd);
  return p;
}

void TorusRun::watchSlice(bool watched, int fixedDim, int index) {
  sliceWatched_ = watched && fixedDim >= 0 && fixedDim < kMaxDims;
  sliceDim_ = fixedDim;
  sliceIndex_ = index;
}

// A flit the open 2D slice draws: buffered at a router of the plane, or on a
// channel with an end in it (the slice counts those between planes).
bool TorusRun::inWatchedSlice(const FlitView& f) const {
  if (!sliceWatched_) return false;
  const Topology& topo = sim_->topology();
  const auto inPlane = [&](NodeId n) { return n >= 0 && topo.coordOf(n)[sliceDim_] == sliceIndex_; };
  if (inPlane(f.node)) return true;
  return f.onLink && inPlane(topo.neighbor(f.node, static_cast<Direction>(f.port)));
}

void TorusRun::fillFlits(Frame& frame) const {
  const Topology& topo = sim_->topology();
  sim_->collectFlits(scratch_);
  frame.flitsInNetwork = scratch_.size();
  // Level of detail: too many flits to draw one by one are counted per
  // channel; the followed packet's and the watched slice's are still listed.
  const bool perChannel = scratch_.size() > flitsDrawnOneByOne_;
  if (perChannel) {
    auto counts = std::make_shared<ChannelFlits>();
    countFlitsPerChannel(topo, sim_->config().router, scratch_, laneClass_, *counts);
    frame.channelFlits = std::move(counts);
  } else {
    frame.flits.reserve(scratch_.size());
  }
  const std::uint64_t now = sim_->cycle();
  for (const FlitView& f : scratch_) {
    if (perChannel && !(followed_ >= 0 && f.packet == followed_) && !inWatchedSlice(f)) continue;
    FrameFlit v;
    v.packet = f.packet;
    v.index = f.index;
    v.node = f.node;
    v.vcClass = laneClassOf(f.vc);
    v.age = f.age;
    const std::uint8_t recent = recent_.flagsOf(f.packet, now);
    v.flags = static_cast<std::uint8_t>((f.head ? kFlitHead : 0) | (f.tail ? kFlitTail : 0) |
                                        (isResponse(f.kind) ? kFlitResponse : 0) | (f.rerouted ? kFlitRerouted : 0) |
                                        (recent & kRecentAdaptiveHop ? kFlitAdaptiveHop : 0) |
                                        (recent & kRecentDatelineCrossed ? kFlitDatelineCrossed : 0) |
                                        (recent & kRecentDatelineViolation ? kFlitDatelineViolation : 0));
    if (f.onLink) {
      v.channel = topo.channelFrom(f.node, static_cast<Direction>(f.port));
      v.progress = f.progress;
    } else {
      v.port = f.port;
    }
    frame.flits.push_back(v);
  }
}

void TorusRun::frame(Frame& frame) const {
  const Topology& topo = sim_->topology();
  frame.cycle = sim_->cycle();
  frame.engineThreads = sim_->threads();
  fillFlits(frame);
  frame.linkUp.resize(static_cast<std::size_t>(topo.linkCount()));
  for (LinkId l = 0; l < topo.linkCount(); ++l) frame.linkUp[static_cast<std::size_t>(l)] = topo.linkUp(l) ? 1 : 0;
  const auto channels = static_cast<std::size_t>(topo.channelCount());
  frame.channelUtilization.assign(channels, 0.0f);
  for (std::size_t c = 0; c < channels; ++c) frame.channelUtilization[c] = static_cast<float>(linkLoad_.load(c));
  fillLatencyHistogram(sim_->stats().latency, frame.latencyHistogram);  // the measurement window, since the reset
  const SimTotals& t = sim_->totals();
  frame.packetsInFlight = t.inFlight;
  frame.packetsDelivered = t.delivered;
  frame.packetsDropped = t.droppedTotal();
  frame.packetsInjected = t.injected;
  frame.packetsReordered = t.reordered;
  if (sim_->lastRebuild().performed) frame.routeRebuild = sim_->lastRebuild().describe();
  frame.unreachablePairs = sim_->unreachablePairs();
  frame.injectionRateFlitsPerNodeCycle = standing_.config.traffic.rateFlitsPerNodeCycle;
  frame.trafficPattern = std::string(trafficPatternName(standing_.config.traffic.pattern));
  frame.units = standing_.config.units;
  frame.adaptive = sim_->adaptive();
  frame.adaptiveAvailable = sim_->adaptiveAvailable();
  frame.vcClasses = laneClass_;
  frame.arbiter = sim_->arbiter();
  for (const ArbiterInfo& a : kArbiters)
    if (arbiterUnavailableReason(sim_->config().router, a.kind))
      frame.arbitersRefused |= static_cast<std::uint8_t>(1u << static_cast<unsigned>(a.kind));
  frame.age = sim_->config().router.age;
  frame.deliveredFlitsBySource = t.deliveredFlitsBySource;
  frame.ageGroups = t.ageGroups;
  frame.arbiterSwitch = arbiterSwitch_;
  const auto nodes = static_cast<std::size_t>(topo.nodeCount());
  frame.nodeUp.resize(nodes);
  frame.hotSpare.resize(nodes);
  frame.peHome.resize(nodes);
  for (NodeId n = 0; n < topo.nodeCount(); ++n) {
    const auto k = static_cast<std::size_t>(n);
    frame.nodeUp[k] = sim_->nodeUp(n) ? 1 : 0;
    frame.hotSpare[k] = sim_->hotSpare(n) ? 1 : 0;
    frame.peHome[k] = sim_->peHomeOf(n);
  }
  frame.followed = followed();
  auto extras = std::make_shared<TorusExtras>();
  extras->rebuild = rebuildView();
  if (extras->rebuild) frame.routeChange = std::shared_ptr<const RouteChange>(extras->rebuild, &extras->rebuild->change);
  extras->inspection = inspection();  // null unless a node is inspected (no cost otherwise)
  extras->tagPreview = preview_;
  extras->datelines = std::make_shared<const DatelineView>(datelineView());
  extras->sync = syncView();            // null unless watched
  extras->vcBalance = vcBalanceView();  // null unless watched
  extras->lab = labView();              // null unless watched
  extras->deadlock = deadlockView();    // null unless deadlocked
  extras->special = specialViewOf(*sim_);  // null until the run sends a special packet
  frame.torus = std::move(extras);
  fillTimeline(frame);
}

void TorusRun::fillTimeline(Frame& frame) const {
  frame.lastCycle = checkpoints_->lastCycle(*sim_);
  frame.checkpointBytes = checkpoints_->bytesUsed();
  frame.checkpointBudgetBytes = checkpoints_->budgetBytes();
  std::vector<TimelineMark> marks;
  for (const auto& [i, pending] : checkpoints_->timeline(*sim_))
    marks.push_back(TimelineMark{i.cycle, describeIntervention(i, sim_->topology()), pending});
  frame.pendingInterventions = checkpoints_->pending().size();
  if (!timeline_ || *timeline_ != marks) timeline_ = std::make_shared<const std::vector<TimelineMark>>(std::move(marks));
  frame.timeline = timeline_;
}

// The scenario the running Simulator was built from: the loaded one with what
// reset() kept (built_), its timeline left out (what was applied of it is in
// Simulator::applied()).
Recording TorusRun::recording() const {
  const Topology& topo = sim_->topology();
  Scenario s;
  s.name = scenarioName_;
  s.seed = built_.config.seed;
  s.topology = built_.config.topology;
  for (const LinkId link : built_.config.failedLinks) s.failedLinks.push_back(linkSpecOf(topo, link));
  for (const NodeId n : built_.config.failedNodes) s.failedNodes.push_back(topo.coordOf(n));
  for (const NodeId n : built_.config.hotSpares) s.hotSpares.push_back(topo.coordOf(n));
  s.router = built_.config.router;
  s.routing = built_.config.routing;
  s.traffic = built_.config.traffic;
  s.sync = built_.config.sync;
  s.units = built_.config.units;
  return recordRun(s, *sim_, 0);
}

}  // namespace flit
