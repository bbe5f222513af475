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
  static constexpr bool kOneFlit = false;
};

// A head advances only into a buffer with room for its whole packet.
struct CutThroughFlow {
  static constexpr FlowControl kKind = FlowControl::VirtualCutThrough;
  static constexpr bool kWholePacketCredits = true;
  static constexpr bool kStoreAndForward = false;
  static constexpr bool kOneFlit = false;
};

// Cut-through's buffer rule, and a router starts on a packet only once its
// tail is in (Dally & Seitz section 2).
struct StoreAndForwardFlow {
  static constexpr FlowControl kKind = FlowControl::StoreAndForward;
  static constexpr bool kWholePacketCredits = true;
  static constexpr bool kStoreAndForward = true;
  static constexpr bool kOneFlit = false;
};

// Every packet one flit long (CycleSelection::oneFlit: traffic.packetFlits
// 1 and one VC class, so no request or response kind of T3E Table 3): each
// flit is its packet's head and tail, the three rules above coincide (a
// head needs one credit; a packet is whole once its head is in), and the
// cycle runs this policy whatever router.flowControl says, with the same
// results. What it saves: no body flit, so a front is always a head, and
// with speculative allocation a packet takes and frees its output VC in the
// send itself and never keeps a grant (RouterState::stickyVc, stickyInput)
// into the next cycle.
struct OneFlitFlow {
  static constexpr bool kWholePacketCredits = false;
  static constexpr bool kStoreAndForward = false;
  static constexpr bool kOneFlit = true;
};

static_assert(needsWholePacketRoom(CutThroughFlow::kKind) == CutThroughFlow::kWholePacketCredits);
static_assert(needsWholePacketRoom(StoreAndForwardFlow::kKind) == StoreAndForwardFlow::kWholePacketCredits);
static_assert(needsWholePacketRoom(WormholeFlow::kKind) == WormholeFlow::kWholePacketCredits);

}  // namespace flit
