// LinkLoad: the load of every channel as a time-windowed flow, exponentially
// weighted over the last few hundred cycles (issue 16, "See the reroute"),
// and its change since the last intervention (so the detour around a failed
// link lights up and the failed link goes dark).
//
// update() takes one interval's flits per channel (IntervalSample::
// channelFlits) and its length in cycles: with time constant tau, a rate r
// held for L cycles moves the load to r + (load - r) * exp(-L / tau), so the
// result does not depend on how the run was cut into intervals (only on the
// rate inside each). Units: flits per cycle (0..1 for one flit per cycle).
//
// Since the last intervention: markIntervention() takes the current loads as
// the baseline (call it before the update of the interval in which the
// intervention took effect); change(c) is the load now minus the baseline,
// 0 before the first intervention.
#pragma once

#include <cstdint>
#include <vector>

namespace flit {

class LinkLoad {
 public:
  static constexpr double kDefaultTauCycles = 256.0;

  explicit LinkLoad(double tauCycles = kDefaultTauCycles) : tau_(tauCycles > 0 ? tauCycles : 1.0) {}

  void update(const std::vector<std::uint64_t>& channelFlits, std::uint64_t cycles);
  void markIntervention(std::uint64_t cycle);
  void clear() { *this = LinkLoad(tau_); }

  double tauCycles() const { return tau_; }
  const std::vector<double>& loads() const { return load_; }  // per ChannelId, flits/cycle
  double load(std::size_t channel) const { return channel < load_.size() ? load_[channel] : 0.0; }
  bool hasBaseline() const { return hasBaseline_; }
  std::uint64_t baselineCycle() const { return baselineCycle_; }  // the last intervention's cycle
  double change(std::size_t channel) const;
  std::vector<double> changes() const;  // per ChannelId

 private:
  double tau_;
  std::vector<double> load_;
  std::vector<double> baseline_;
  bool hasBaseline_ = false;
  std::uint64_t baselineCycle_ = 0;
};

}  // namespace flit
