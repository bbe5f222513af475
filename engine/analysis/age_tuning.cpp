#include "analysis/age_tuning.h"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <stdexcept>

namespace flit {

namespace {

[[noreturn]] void fail(const std::string& field, const std::string& reason) {
  throw std::invalid_argument(field + ": " + reason);
}

void checkInputs(const TopologySpec& spec, const AgeTuningInputs& in) {
  validateTopologySpec(spec);
  if (!(in.channelBandwidthGBs > 0) || !std::isfinite(in.channelBandwidthGBs)) {
    fail("channelBandwidthGBs", "must be a positive number of GB/s");
  }
  if (!(in.ejectionBandwidthGBs > 0) || !std::isfinite(in.ejectionBandwidthGBs)) {
    fail("ejectionBandwidthGBs", "must be a positive number of GB/s");
  }
  if (in.vcsPerClass < 1)
    fail("vcsPerClass", "must be >= 1, got " + std::to_string(in.vcsPerClass));
  if (in.maxPacketFlits < 1) {
    fail("maxPacketFlits", "must be >= 1, got " + std::to_string(in.maxPacketFlits));
  }
  if (in.queuedPackets && *in.queuedPackets < 1) {
    fail("queuedPackets", "must be >= 1, got " + std::to_string(*in.queuedPackets));
  }
  if (!in.biases.empty() && static_cast<int>(in.biases.size()) != spec.dims) {
    fail("biases", "expected " + std::to_string(spec.dims) + " values (one per dimension), got " +
                       std::to_string(in.biases.size()));
  }
  for (std::size_t i = 0; i < in.biases.size(); ++i) {
    if (in.biases[i] < 0 || in.biases[i] > age::kMaxAgeBias) {
      fail("biases[" + std::to_string(i) + "]",
           "must be 0..7 (REQ_AGE_BIAS is 3 bits), got " + std::to_string(in.biases[i]));
    }
  }
}

// Eq. 4-9 for one dimension: H_i and gamma_c.
DimensionAgeTuning dimensionShape(int k, bool wrap) {
  DimensionAgeTuning d;
  d.radix = k;
  d.wrap = wrap;
  d.averageHopsExact = wrap ? k / 4.0 : (k + 1) / 3.0;  // eq. 5 / eq. 7
  d.averageHops = static_cast<int>(std::lround(d.averageHopsExact));
  d.channelLoad = wrap ? k / 8.0 : k / 4.0;  // eq. 8 / eq. 9
  return d;
}

// Eq. 10-13: a packet leaves the network from the last dimension it moves in
// under x-then-y-then-z routing. P_i for i before the last: not at its
// ordinate in i, at its ordinate in every later dimension (eq. 10, 11); the
// last takes the rest (eq. 12).
void ejectionProbabilities(std::vector<DimensionAgeTuning>& dims) {
  double others = 0;
  for (std::size_t i = 0; i + 1 < dims.size(); ++i) {
    double p = (dims[i].radix - 1.0) / dims[i].radix;
    for (std::size_t j = i + 1; j < dims.size(); ++j) p /= dims[j].radix;
    dims[i].ejectionProbability = p;
    others += p;
  }
  dims.back().ejectionProbability = 1.0 - others;
  for (DimensionAgeTuning& d : dims) d.ejectionProbabilityPerPort = d.ejectionProbability / 2;
}

// Eq. 14-16, last dimension first: each dimension ejects no faster than its
// channels (B_c x 8/k, 4/k for a mesh: B_c / gamma_c) nor than the next
// dimension (the processor, E_p, after the last) accepts.
void ejectionRates(std::vector<DimensionAgeTuning>& dims, const AgeTuningInputs& in) {
  double downstream = in.ejectionBandwidthGBs;
  for (auto d = dims.rbegin(); d != dims.rend(); ++d) {
    d->channelLimitGBs = in.channelBandwidthGBs * (d->wrap ? 8.0 : 4.0) / d->radix;
    d->ejectionRateGBs = std::min(d->channelLimitGBs, downstream);
    downstream = d->ejectionRateGBs;
  }
}

// Section 3.1: bias_x > bias_y > bias_z, "biasz = 1, biasy = 2 and biasx = 3".
std::vector<int> defaultBiases(int dims) {
  std::vector<int> b;
  for (int i = 0; i < dims; ++i) b.push_back(dims - i);
  return b;
}

// Section 3.2: T_bias, the target age and the ticks each hop must add.
void ageTarget(AgeTuning& t) {
  for (const DimensionAgeTuning& d : t.dimensions) {
    t.totalHops += d.averageHops;
    t.tBias += d.averageHops * d.bias;
  }
  t.targetAge = age::kAgeMidpoint - t.tBias;
  if (t.targetAge <= 0) {
    fail("biases", "T_bias = " + std::to_string(t.tBias) +
                       " leaves no age below the midpoint 128; lower the biases");
  }
  t.ticksPerHopExact = static_cast<double>(t.targetAge) / t.totalHops;
  t.ticksPerHop = static_cast<int>(std::lround(t.ticksPerHopExact));
  if (t.ticksPerHop < 1) {
    fail("biases", "target age " + std::to_string(t.targetAge) + " over " +
                       std::to_string(t.totalHops) +
                       " hops rounds to 0 age ticks per hop; lower the biases");
  }
}

// Section 3.2: a fully used network queues totalHops + 1 maximum-sized
// packets per hop; an input queue sends one every vcsPerClass x flits cycles.
void ageClock(AgeTuning& t) {
  const AgeTuningInputs& in = t.inputs;
  t.queuedPackets = in.queuedPackets.value_or(t.totalHops + 1);
  t.cyclesPerPacket = in.vcsPerClass * in.maxPacketFlits;
  t.queueingCyclesPerHop = t.queuedPackets * t.cyclesPerPacket;
  t.ageClockPeriodExact = static_cast<double>(t.queueingCyclesPerHop) / t.ticksPerHop;
  t.ageClockPeriod = static_cast<int>(std::lround(t.ageClockPeriodExact));
  t.ageClockPeriodClamped = t.ageClockPeriod < 1;
  if (t.ageClockPeriodClamped) t.ageClockPeriod = 1;
}

}  // namespace

AgeTuning deriveAgeTuning(const TopologySpec& spec, const AgeTuningInputs& inputs) {
  checkInputs(spec, inputs);
  AgeTuning t;
  t.inputs = inputs;
  if (t.inputs.biases.empty()) t.inputs.biases = defaultBiases(spec.dims);
  for (int i = 0; i < spec.dims; ++i) {
    const auto u = static_cast<std::size_t>(i);
    t.dimensions.push_back(dimensionShape(spec.radix[u], spec.wrap[u]));
    t.dimensions.back().bias = t.inputs.biases[u];
  }
  ejectionProbabilities(t.dimensions);
  ejectionRates(t.dimensions, t.inputs);
  ageTarget(t);
  ageClock(t);
  return t;
}

std::string describeAgeTuning(const AgeTuning& t) {
  std::ostringstream s;
  for (std::size_t i = 0; i < t.dimensions.size(); ++i) {
    const DimensionAgeTuning& d = t.dimensions[i];
    s << "dim " << i << ": k=" << d.radix << (d.wrap ? " torus" : " mesh") << " H=" << d.averageHops
      << " (" << d.averageHopsExact << ") gamma=" << d.channelLoad << " P=" << d.ejectionProbability
      << " P+-=" << d.ejectionProbabilityPerPort << " limit=" << d.channelLimitGBs
      << " U=" << d.ejectionRateGBs << " bias=" << d.bias << "\n";
  }
  s << "totalHops=" << t.totalHops << " tBias=" << t.tBias << " targetAge=" << t.targetAge
    << " ticksPerHop=" << t.ticksPerHop << " (" << t.ticksPerHopExact << ")"
    << " queuedPackets=" << t.queuedPackets << " cyclesPerPacket=" << t.cyclesPerPacket
    << " queueingCyclesPerHop=" << t.queueingCyclesPerHop << " ageClockPeriod=" << t.ageClockPeriod
    << " (" << t.ageClockPeriodExact << ")" << (t.ageClockPeriodClamped ? " clamped" : "") << "\n";
  return s.str();
}

}  // namespace flit
