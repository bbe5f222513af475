// A deterministic SimulationSource for the worker, bridge and controller
// tests (the engine's Simulator is reached through its own adapter). What the
// worker does to it is observable from the test thread through Probe: the
// cycle count, whether a command arrived while a cycle was in progress, and
// the log of applied commands with the cycle they were applied at.
#pragma once

#include "changes.h"
#include "simulation_source.h"

#include <atomic>
#include <chrono>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace fake {

struct AppliedCommand {
  std::string what;
  std::uint64_t cycle;
  int argument;
};

struct Probe {
  std::atomic<std::uint64_t> cycle{0};
  std::atomic<std::uint64_t> stepCalls{0};
  std::atomic<bool> inStep{false};
  std::atomic<int> appliedMidCycle{0};
  std::atomic<int> resets{0};
  std::mutex mutex;
  std::vector<AppliedCommand> applied;
  std::vector<AppliedCommand> appliedCopy() {
    std::lock_guard lock(mutex);
    return applied;
  }
};

class FakeSimulationSource : public flitgui::SimulationSource {
 public:
  static constexpr int kLinks = 192;  // a 4x4x4 torus
  explicit FakeSimulationSource(std::shared_ptr<Probe> probe, std::chrono::microseconds stepCost = {})
      : probe_(std::move(probe)), stepCost_(stepCost), linkUp_(kLinks, 1) {}

  std::uint64_t cycle() const override { return cycle_; }
  // The fake's "deadlock": step() refuses from this cycle on.
  void haltAt(std::uint64_t cycle) { haltAt_ = cycle; }
  flitgui::StepResult step() override {
    if (cycle_ >= haltAt_) return flitgui::StepResult::halted("deadlock at cycle " + std::to_string(cycle_));
    probe_->inStep.store(true);
    if (stepCost_.count() > 0) {  // a busy cycle, like a real engine's
      const auto end = std::chrono::steady_clock::now() + stepCost_;
      while (std::chrono::steady_clock::now() < end) {
      }
    }
    ++cycle_;
    delivered_ += cycle_ % 3 == 0 ? 1 : 0;
    probe_->cycle.store(cycle_);
    probe_->stepCalls.fetch_add(1);
    probe_->inStep.store(false);
    return {};
  }
  void reset() override {
    cycle_ = 0;
    delivered_ = 0;
    intervalStart_ = 0;
    probe_->cycle.store(0);
    probe_->resets.fetch_add(1);
    record("reset", 0);
  }
  // Links, nodes, the pattern (uniform and transpose only), the rate and
  // the adaptive switch; the inverse as an engine would give it back.
  std::optional<flit::Intervention> apply(const flit::Intervention& i) override {
    using K = flit::InterventionKind;
    switch (i.kind) {
      case K::FailLink:
      case K::RepairLink: {
        if (i.id < 0 || i.id >= kLinks)
          throw std::invalid_argument("link " + std::to_string(i.id) + ": no such link (" + std::to_string(kLinks) +
                                      " links)");
        const bool up = i.kind == K::RepairLink;
        auto& state = linkUp_[static_cast<std::size_t>(i.id)];
        const flit::Intervention back = flitgui::changes::link(i.id, state != 0);
        state = up ? 1 : 0;
        record(up ? "repair" : "fail", i.id);
        return back;
      }
      case K::FailNode:
      case K::RepairNode: {
        const bool up = i.kind == K::RepairNode;
        record(up ? "repairNode" : "failNode", i.id);
        return flitgui::changes::node(i.id, !up);
      }
      case K::SetPattern: {
        const std::string name(flit::trafficPatternName(i.pattern));
        if (i.pattern != flit::TrafficPattern::UniformRandom && i.pattern != flit::TrafficPattern::Transpose)
          throw std::invalid_argument("traffic pattern '" + name + "': not in this fake");
        const flit::Intervention back = flitgui::changes::pattern(pattern_);
        pattern_ = i.pattern;
        record("pattern:" + name, 0);
        return back;
      }
      case K::SetRate: {
        const flit::Intervention back = flitgui::changes::rate(rate_);
        rate_ = i.rateFlitsPerNodeCycle;
        record("rate", static_cast<int>(rate_ * 1000));
        return back;
      }
      case K::SetAdaptive: {
        const flit::Intervention back = flitgui::changes::adaptive(adaptive_);
        adaptive_ = i.on;
        record(adaptive_ ? "adaptive on" : "adaptive off", 0);
        return back;
      }
      default:
        throw std::invalid_argument(std::string(flit::interventionKindName(i.kind)) + ": not in this fake");
    }
  }

  // Deterministic functions of the interval, so tests can recompute them.
  flitgui::StatsPoint sampleInterval() override {
    flitgui::StatsPoint p;
    p.cycleBegin = intervalStart_;
    p.cycleEnd = cycle_;
    intervalStart_ = cycle_;
    p.deliveredPackets = (p.cycleEnd - p.cycleBegin) / 3;
    p.latencyMeanCycles = static_cast<double>(p.cycleEnd % 17);
    p.latencyMaxCycles = 2.0 * p.latencyMeanCycles;
    p.offeredFlitsPerNodeCycle = rate_;
    p.acceptedFlitsPerNodeCycle = rate_ * 0.9;
    for (int vc = 0; vc < flitgui::kVcClassCount; ++vc) p.vcOccupancy[static_cast<std::size_t>(vc)] = 0.1 * (vc + 1);
    p.packetsInFlight = 3;
    return p;
  }
  void fillSnapshot(flitgui::FrameSnapshot& frame) const override {
    for (std::uint32_t i = 0; i < 3; ++i) {
      flitgui::FlitVisual p;
      p.packet = static_cast<std::int32_t>(cycle_ * 3 + i);
      p.flags = flitgui::kFlitHead;
      p.channel = static_cast<flit::ChannelId>((cycle_ + i) % (2 * kLinks));
      p.progress = 0.5f;
      p.vcClass = static_cast<flitgui::VcClass>(i % flitgui::kVcClassCount);
      frame.flits.push_back(p);
    }
    frame.linkUp = linkUp_;
    frame.channelUtilization.assign(2 * kLinks, 0.25f);
    frame.latencyHistogram.binWidthCycles = 4;
    frame.latencyHistogram.counts = {delivered_ / 2, delivered_ - delivered_ / 2, 1};
    frame.packetsInFlight = 3;
    frame.packetsDelivered = delivered_;
    frame.injectionRateFlitsPerNodeCycle = rate_;
  }

 private:
  void record(std::string what, int argument) {
    if (probe_->inStep.load()) probe_->appliedMidCycle.fetch_add(1);
    std::lock_guard lock(probe_->mutex);
    probe_->applied.push_back({std::move(what), cycle_, argument});
  }

  std::shared_ptr<Probe> probe_;
  std::chrono::microseconds stepCost_;
  std::uint64_t cycle_ = 0;
  std::uint64_t intervalStart_ = 0;
  std::uint64_t delivered_ = 0;
  double rate_ = 0.1;
  flit::TrafficPattern pattern_ = flit::TrafficPattern::UniformRandom;
  bool adaptive_ = true;
  std::uint64_t haltAt_ = ~std::uint64_t{0};
  std::vector<std::uint8_t> linkUp_;
};

}  // namespace fake
