#include "sim/link_load.h"

#include <cmath>

namespace flit {

void LinkLoad::update(const std::vector<std::uint64_t>& channelFlits, std::uint64_t cycles) {
  if (load_.size() != channelFlits.size()) load_.assign(channelFlits.size(), 0.0);
  if (cycles == 0) return;
  const double keep = std::exp(-static_cast<double>(cycles) / tau_);
  for (std::size_t c = 0; c < load_.size(); ++c) {
    const double rate = static_cast<double>(channelFlits[c]) / static_cast<double>(cycles);
    load_[c] = rate + (load_[c] - rate) * keep;
  }
}

void LinkLoad::markIntervention(std::uint64_t cycle) {
  baseline_ = load_;
  hasBaseline_ = true;
  baselineCycle_ = cycle;
}

double LinkLoad::change(std::size_t channel) const {
  if (!hasBaseline_ || channel >= load_.size()) return 0.0;
  return load_[channel] - (channel < baseline_.size() ? baseline_[channel] : 0.0);
}

std::vector<double> LinkLoad::changes() const {
  std::vector<double> out(load_.size(), 0.0);
  for (std::size_t c = 0; c < out.size(); ++c) out[c] = change(c);
  return out;
}

}  // namespace flit
