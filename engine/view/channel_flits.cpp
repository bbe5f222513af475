#include "view/channel_flits.h"

#include <algorithm>
#include <array>
#include <limits>

namespace flit {

void countFlitsPerChannel(const Topology& topo, const RouterConfig& router, std::span<const FlitView> flits,
                          const std::vector<LaneClass>& classOfVc, ChannelFlits& out) {
  const auto channels = static_cast<std::size_t>(topo.channelCount());
  out.count.assign(channels, 0);
  out.laneClass.assign(channels, LaneClass::RequestVc0);
  int capacity = router.linkDelayCycles + 1;
  for (int vc = 0; vc < router.vcCount; ++vc) capacity += router.depthOf(vc);
  out.capacity = static_cast<std::uint32_t>(std::max(1, capacity));
  out.onChannels = 0;
  out.atInjection = 0;
  // Per channel and class; the class with most flits wins.
  std::vector<std::array<std::uint16_t, kLaneClassCount>> byClass(channels, std::array<std::uint16_t, kLaneClassCount>{});
  constexpr std::uint16_t kMax = std::numeric_limits<std::uint16_t>::max();
  for (const FlitView& f : flits) {
    ChannelId c = kInvalidId;
    if (f.onLink) {
      c = topo.channelFrom(f.node, static_cast<Direction>(f.port));
    } else if (f.port >= 0 && f.port < kProcessorPort) {
      // Buffered at input port `port`: it came from the neighbour that way.
      const auto d = static_cast<Direction>(f.port);
      const NodeId from = topo.neighbor(f.node, d);
      if (from != kInvalidId) c = topo.channelFrom(from, opposite(d));
    }
    if (c == kInvalidId || c < 0 || static_cast<std::size_t>(c) >= channels) {
      ++out.atInjection;
      continue;
    }
    const auto ch = static_cast<std::size_t>(c);
    const auto vc = static_cast<std::size_t>(f.vc);
    const auto k = static_cast<std::size_t>(vc < classOfVc.size() ? classOfVc[vc] : LaneClass::RequestVc0);
    if (out.count[ch] < kMax) ++out.count[ch];
    if (byClass[ch][k] < kMax) ++byClass[ch][k];
    ++out.onChannels;
  }
  for (std::size_t ch = 0; ch < channels; ++ch) {
    if (out.count[ch] == 0) continue;
    const auto& b = byClass[ch];
    out.laneClass[ch] = static_cast<LaneClass>(std::max_element(b.begin(), b.end()) - b.begin());
  }
}

}  // namespace flit
