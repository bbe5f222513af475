// The dense ids every family and layer shares (one place for the
// convention): NodeId for a router (a graph node in family-neutral code),
// LinkId and ChannelId for a link and one direction of it (channel = 2 *
// link + direction), PortId for a router port, kInvalidId for none. What a
// port number means (a torus Direction, an RN1 output) is the family's:
// topology/topology.h for the k-ary n-cube, fattree/ for the fat-tree.
#pragma once

#include <cstdint>

namespace flit {

using NodeId = std::int32_t;
using PortId = std::int32_t;
using LinkId = std::int32_t;
using ChannelId = std::int32_t;
inline constexpr std::int32_t kInvalidId = -1;

// Channel c is one direction of link c / 2: even the link's first direction
// (end a -> end b; a torus's + direction), odd its second.
constexpr LinkId linkOfChannel(ChannelId c) { return c / 2; }
constexpr bool channelIsForward(ChannelId c) { return c % 2 == 0; }

}  // namespace flit
