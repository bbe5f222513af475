// ChannelFlits: the flits in flight counted per channel, for a view that
// cannot draw every flit (issue 16, "aggregate flits per link or level of
// detail instead of one instance per flit where they cannot be seen"). A
// generic 32x32x32 torus holds more than 300,000 flits: one instance each is
// more than llvmpipe draws five times a second, and copying them into every
// frame slows the engine. Per channel instead: how many flits travel on it or
// wait in the input buffer it feeds, and the lane class most of them are in.
//
// Pure function of a collectFlits() list; the thread that built the list.
#pragma once

#include "router/lane_class.h"
#include "sim/sim_types.h"
#include "topology/topology.h"

#include <cstdint>
#include <span>
#include <vector>

namespace flit {

struct ChannelFlits {
  // Per ChannelId: flits on the channel plus flits buffered at the input
  // port it feeds (its target router's port facing its source), saturated at
  // 65535.
  std::vector<std::uint16_t> count;
  // Per ChannelId: the lane class (LaneClass) most of those flits are in;
  // ties go to the lower class; RequestVc0 when the channel is empty.
  std::vector<LaneClass> laneClass;
  // Flits a channel and the input buffer it feeds hold at most: the cycles
  // in flight on the link (linkDelayCycles + 1) plus each VC's depth.
  std::uint32_t capacity = 1;
  std::uint64_t onChannels = 0;   // flits counted per channel
  std::uint64_t atInjection = 0;  // flits in processor-port buffers (on no channel)
  friend bool operator==(const ChannelFlits&, const ChannelFlits&) = default;
};

// Counts `flits` (Simulator::collectFlits) per channel of `topo`;
// `classOfVc` is laneClassesOf(router) (a VC outside it counts as
// RequestVc0). `out` is overwritten, sized to the topology's channels.
void countFlitsPerChannel(const Topology& topo, const RouterConfig& router, std::span<const FlitView> flits,
                          const std::vector<LaneClass>& classOfVc, ChannelFlits& out);

}  // namespace flit
