// Flow-control policies as compile-time types (router.flowControl;
// docs/engine.md "Policy types"): what a head needs of its next buffer and
// when a router may start forwarding a packet.
#pragma once

#include "router/router_config.h"

namespace flit {

// A flit advances when the next buffer has room for one flit.
struct WormholeFlow {
  static constexpr FlowControl kKind = FlowControl::Wormhole;
  static constexpr bool kWholePacketCredits = false;
  static constexpr bool kStoreAndForward = false;
};

// A head advances only into a buffer with room for its whole packet.
struct CutThroughFlow {
  static constexpr FlowControl kKind = FlowControl::VirtualCutThrough;
  static constexpr bool kWholePacketCredits = true;
  static constexpr bool kStoreAndForward = false;
};

// Cut-through's buffer rule, and a router starts on a packet only once its
// tail is in (Dally & Seitz section 2).
struct StoreAndForwardFlow {
  static constexpr FlowControl kKind = FlowControl::StoreAndForward;
  static constexpr bool kWholePacketCredits = true;
  static constexpr bool kStoreAndForward = true;
};

static_assert(needsWholePacketRoom(CutThroughFlow::kKind) == CutThroughFlow::kWholePacketCredits);
static_assert(needsWholePacketRoom(StoreAndForwardFlow::kKind) == StoreAndForwardFlow::kWholePacketCredits);
static_assert(needsWholePacketRoom(WormholeFlow::kKind) == WormholeFlow::kWholePacketCredits);

}  // namespace flit
