#include "sim/interval_stats.h"

#include "sim/simulator.h"

#include <algorithm>

namespace flit {

void IntervalStats::onEvent(const SimEvent& e) {
  switch (e.kind) {
    case SimEventKind::Delivered:
      latency_.add(std::max<std::int64_t>(e.aux, 0));
      break;
    case SimEventKind::LinkFailed:
    case SimEventKind::LinkRepaired:
    case SimEventKind::NodeFailed:
    case SimEventKind::NodeRepaired:
      noteIntervention(e.cycle);
      break;
    default:
      break;
  }
}

void IntervalStats::noteIntervention(std::uint64_t cycle) {
  // A node failure reports each of its links too: one mark per cycle.
  if (interventions_.empty() || interventions_.back() != cycle) interventions_.push_back(cycle);
}

namespace {

// `now - before`, where `before` belongs to an earlier window when the
// window restarted in between (then the whole new count is the interval's).
std::uint64_t since(std::uint64_t now, std::uint64_t before, bool restarted) {
  return restarted || now < before ? now : now - before;
}

}  // namespace

IntervalSample IntervalStats::take(const Simulator& sim) {
  const Topology& topo = sim.topology();
  const SimStats& s = sim.stats();
  const std::uint64_t now = sim.cycle();
  const bool restarted = !started_ || s.startCycle != windowStart_;
  IntervalSample out;
  out.cycleBegin = started_ ? begin_ : now;
  out.cycleEnd = now;

  const auto& applied = sim.applied();
  for (std::size_t i = std::min(appliedSeen_, applied.size()); i < applied.size(); ++i)
    noteIntervention(applied[i].cycle);
  appliedSeen_ = applied.size();
  std::sort(interventions_.begin(), interventions_.end());
  interventions_.erase(std::unique(interventions_.begin(), interventions_.end()), interventions_.end());
  out.interventionCycles = std::move(interventions_);
  interventions_.clear();

  out.deliveredPackets = latency_.count();
  out.latencyMeanCycles = latency_.mean();
  out.latencyMaxCycles = latency_.max();
  out.latency = std::move(latency_);
  latency_.clear();

  const double nodeCycles = static_cast<double>(topo.nodeCount()) * static_cast<double>(now - out.cycleBegin);
  const std::uint64_t offered = since(s.flitsOffered, offered_, restarted);
  const std::uint64_t accepted = since(s.flitsDelivered, accepted_, restarted);
  offered_ = s.flitsOffered;
  accepted_ = s.flitsDelivered;
  if (started_ && nodeCycles > 0) {
    out.offeredFlitsPerNodeCycle = static_cast<double>(offered) / nodeCycles;
    out.acceptedFlitsPerNodeCycle = static_cast<double>(accepted) / nodeCycles;
  }

  const auto channels = static_cast<std::size_t>(topo.channelCount());
  channelFlits_.resize(channels, 0);
  out.channelFlits.assign(channels, 0);
  for (ChannelId c = 0; c < topo.channelCount(); ++c) {
    const auto i = static_cast<std::size_t>(c);
    const std::uint64_t sent =
        sim.portCounters(topo.channelSource(c), static_cast<int>(topo.channelDirection(c))).flitsSent;
    out.channelFlits[i] = started_ ? since(sent, channelFlits_[i], restarted) : 0;
    channelFlits_[i] = sent;
  }

  const int vcs = sim.vcCount();
  const double span = static_cast<double>(now - s.startCycle);
  const double length = static_cast<double>(now - out.cycleBegin);
  occupancyArea_.resize(static_cast<std::size_t>(topo.nodeCount()) * kPortsPerNode * static_cast<std::size_t>(vcs), 0.0);
  out.meanOccupancy.assign(occupancyArea_.size(), 0.0);
  std::size_t i = 0;
  for (NodeId n = 0; n < topo.nodeCount(); ++n)
    for (int port = 0; port < kPortsPerNode; ++port)
      for (int vc = 0; vc < vcs; ++vc, ++i) {
        const double area = sim.meanOccupancy(n, port, vc) * span;
        const double delta = restarted ? area : area - occupancyArea_[i];
        if (started_ && length > 0) out.meanOccupancy[i] = std::max(delta, 0.0) / length;
        occupancyArea_[i] = area;
      }
  out.laneOccupancy = laneOccupancy(sim.config().router, out.meanOccupancy);

  takeBarriers(sim, out);
  started_ = true;
  begin_ = now;
  windowStart_ = s.startCycle;
  return out;
}

// The barrier networks count since the simulator was built (not the
// measurement window); counters that went back (a checkpoint restored into
// the simulator) start over from there.
void IntervalStats::takeBarriers(const Simulator& sim, IntervalSample& out) {
  const SimSync* sync = sim.sync();
  if (!sync) return;
  out.barrierNetworks = true;
  const SyncSummary b = sync->summary();
  const double linkCycles = static_cast<double>(sim.topology().channelCount()) * static_cast<double>(out.cycleEnd - out.cycleBegin);
  if (started_ && linkCycles > 0 && b.linkCyclesTaken >= barrierLinkCycles_) {
    out.barrierLinkShare = static_cast<double>(b.linkCyclesTaken - barrierLinkCycles_) / linkCycles;
  }
  if (started_ && b.barriersCompleted > barriersSeen_) out.barriers = sync->completionsSince(barriersSeen_);
  barrierLinkCycles_ = b.linkCyclesTaken;
  barriersSeen_ = b.barriersCompleted;
}

}  // namespace flit
