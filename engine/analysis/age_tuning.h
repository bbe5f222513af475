// The starting settings of SeaStar age-based output arbitration for a k-ary
// n-cube, derived as Abts & Weisser, "Age-Based Packet Arbitration in
// Large-Radix k-ary n-cubes" (SC 2007, the "XT paper") do in sections 2 and 3:
// average hops (eq. 4-7), channel load (eq. 8-9), ejection probabilities
// (eq. 10-13), ejection rates (eq. 14-16), the per-dimension age bias
// (section 3.1) and AGE_CLK_PERIOD (section 3.2). A pure function of its
// arguments; plain C++20, no Qt. Dimensions are in routing order (x, y, z:
// the dimension order the engine's DimensionOrder routing uses).
//
// Choices where the paper leaves room (also in docs/cli.md "tune-age"):
//  - H_i is rounded to the nearest integer, halves up (std::lround): the
//    paper's 11x12x16 torus gives 2.75 + 3 + 4 "= 3+3+4 = 10 hops". Ceiling
//    gives the same there; they differ for k = 4m+1 (torus) or k = 3m (mesh).
//    The worked example sums and multiplies the rounded H_i (T_bias = 3x3 +
//    3x2 + 4x1 = 19), so totalHops and tBias use the rounded values.
//  - ticks per hop and AGE_CLK_PERIOD are rounded to nearest ("109/10 ≈ 11";
//    198/11 is exact). The period is at least 1 (the countdown register
//    cannot be 0); ageClockPeriodClamped says when that floor applied.
//  - Packets queued per hop: "10 maximum-sized packets in the input queue
//    and 1 in the output staging buffer" is read as totalHops + 1 (the 10 is
//    the 10 average hops just derived). It also equals floor(96-entry input
//    buffer / 9 flits) + 1, a reading by buffer depth; queuedPackets in the
//    inputs overrides the default for that or any other reading.
//  - Default biases: bias_i = n - i in routing order (3,2,1 for x,y,z, the
//    paper's starting point; 2,1 for two dimensions; 1, the hardware's
//    default, for one). Mesh and torus dimensions follow the same rule.
//  - Ejection probabilities for n < 3 drop the missing dimensions' factors
//    (eq. 10-12 with k = 1): P_last = 1 - sum of the others, as eq. 12, so a
//    packet to its own node counts in the last dimension, as in eq. 12.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "topology/topology.h"

namespace flit::age {

inline constexpr int kAgeMidpoint = 128;            // section 3: centre of the 0..255 age range
inline constexpr int kMaxAgeBias = 7;               // REQ/RSP_AGE_BIAS: PORT_CONFIG[63:61], 3 bits
inline constexpr double kSeaStarChannelGBs = 4.8;   // B_c, footnote 7
inline constexpr double kSeaStarEjectionGBs = 2.0;  // E_p, footnote 7 ("≈ 2 GB/s")
inline constexpr int kSeaStarVcsPerClass = 2;     // section 1.2: VC0/VC1 request, VC2/VC3 response
inline constexpr int kSeaStarMaxPacketFlits = 9;  // footnote 3 and section 3.2

}  // namespace flit::age

namespace flit {

struct AgeTuningInputs {
  double channelBandwidthGBs = age::kSeaStarChannelGBs;    // B_c, > 0
  double ejectionBandwidthGBs = age::kSeaStarEjectionGBs;  // E_p, > 0
  int vcsPerClass = age::kSeaStarVcsPerClass;              // >= 1: VCs an input queue serves
  int maxPacketFlits = age::kSeaStarMaxPacketFlits;        // >= 1
  std::vector<int> biases;           // empty: the default rule; else one per dimension, 0..7
  std::optional<int> queuedPackets;  // >= 1; nullopt: totalHops + 1 (section 3.2)
  friend bool operator==(const AgeTuningInputs&, const AgeTuningInputs&) = default;
};

struct DimensionAgeTuning {
  int radix = 0;
  bool wrap = true;                       // torus (true) or mesh
  double averageHopsExact = 0;            // eq. 5 (k/4) or eq. 7 ((k+1)/3)
  int averageHops = 0;                    // H_i, rounded to nearest
  double channelLoad = 0;                 // gamma_c, eq. 8 (k/8) or eq. 9 (k/4)
  double ejectionProbability = 0;         // P_i, eq. 10-12
  double ejectionProbabilityPerPort = 0;  // P_i+ = P_i-, eq. 13
  double channelLimitGBs = 0;             // B_c x 8/k (torus) or B_c x 4/k (mesh) = B_c / gamma_c
  double ejectionRateGBs = 0;             // U_i, eq. 14-16
  int bias = 0;                           // age added per hop in this dimension (section 3.1)
  friend bool operator==(const DimensionAgeTuning&, const DimensionAgeTuning&) = default;
};

struct AgeTuning {
  AgeTuningInputs inputs;                      // as given, biases filled in when defaulted
  std::vector<DimensionAgeTuning> dimensions;  // routing order: x, y, z
  int totalHops = 0;                           // sum of H_i (section 3.2: 3+3+4 = 10)
  int tBias = 0;                               // T_bias = sum H_i x bias_i (section 3.2: 19)
  int targetAge = 0;                           // 128 - T_bias (109)
  double ticksPerHopExact = 0;                 // targetAge / totalHops (10.9)
  int ticksPerHop = 0;                         // rounded (11)
  int queuedPackets = 0;                       // per hop: totalHops + 1 staging (11)
  int cyclesPerPacket = 0;                     // vcsPerClass x maxPacketFlits (2 x 9 = 18)
  int queueingCyclesPerHop = 0;                // queuedPackets x cyclesPerPacket (198)
  double ageClockPeriodExact = 0;              // queueingCyclesPerHop / ticksPerHop (18)
  int ageClockPeriod = 0;                      // AGE_CLK_PERIOD, rounded, >= 1 (18)
  bool ageClockPeriodClamped = false;          // the exact period rounded below 1
  friend bool operator==(const AgeTuning&, const AgeTuning&) = default;
};

// The derivation for `spec`. Throws std::invalid_argument naming the input
// ("topology.radix[1]: ...", "biases[2]: must be 0..7 ...", "biases: ...")
// when the topology or an input is out of range, or when the biases leave no
// age range to tune: T_bias >= 128, or fewer than half a tick per hop.
AgeTuning deriveAgeTuning(const TopologySpec& spec, const AgeTuningInputs& inputs);

// Multi-line debug text of every value (for test failure messages).
std::string describeAgeTuning(const AgeTuning& t);

}  // namespace flit
