// What a window shows of the special (delta) network (sim/special_network.h;
// T3E paper section 8): its packets where they are, and its counts. In every
// torus frame of a run that has sent an SPUT or SGET (Frame::torus->special;
// null before), cheap: a few packets at most.
#pragma once

#include "sim/special_network.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace flit {

class Simulator;

struct SpecialPacketView {
  NodeId node = kInvalidId;  // the router it is at, or the channel's source router
  std::int8_t dir = -1;      // on the channel leaving `node` in this Direction; -1: at the router
  float progress = 0.0f;     // along that channel, 0..1
  SpecialKind kind = SpecialKind::Put;
  SpecialRegister reg = SpecialRegister::Resets;
  friend bool operator==(const SpecialPacketView&, const SpecialPacketView&) = default;
};

struct SpecialView {
  std::vector<SpecialPacketView> packets;
  SpecialTotals totals;
  std::vector<SpecialRead> lastReads;  // the newest responses handed over, at most kLastReads
  static constexpr std::size_t kLastReads = 4;
  friend bool operator==(const SpecialView&, const SpecialView&) = default;
};

// Null when the run has sent no special packet.
std::shared_ptr<const SpecialView> specialViewOf(const Simulator& sim);

}  // namespace flit
