// Values of the follow mode (issue 5, "What the 3D view shows"; a fat-tree's
// messages, issue 19): the watch set's followedPacket asks, and the run
// (TorusRun, CircuitRun) answers in every frame, Frame::followed.
#pragma once

#include "routing/path_trace.h"
#include "topology/ids.h"

#include <cstdint>
#include <string>
#include <vector>

namespace flit {

// One attempt of a followed fat-tree message (circuit switching, DeHon seed
// 004 section 2.1: a discarded transmission is retried from the sender).
struct CircuitAttempt {
  // Discarded: its status came back failed, the discard itself happened
  // before following began (where: `at`, the RN1 its path led to).
  enum class Outcome : std::uint8_t { InNetwork, Arrived, Delivered, Busy, Fault, Discarded };
  int number = 1;                 // 1 = the first attempt
  std::uint64_t startCycle = 0;
  std::uint64_t endCycle = 0;     // the cycle the sender learnt the status (0: not yet)
  Outcome outcome = Outcome::InNetwork;
  flit::NodeId at = flit::kInvalidId;  // Busy / Fault: the RN1 that discarded it (graph node)
  int hops = 0;                   // RN1s it crossed
  friend bool operator==(const CircuitAttempt&, const CircuitAttempt&) = default;
};

struct FollowedPacket {
  enum class State : std::uint8_t { InFlight, Delivered, Dropped, Unknown };
  std::int32_t serial = -1;
  State state = State::Unknown;   // Unknown: no such packet in flight when following began
  flit::NodeId source = flit::kInvalidId;
  flit::NodeId destination = flit::kInvalidId;
  flit::NodeId current = flit::kInvalidId;  // the router holding its head, or sending it over a link
  bool headOnLink = false;
  bool response = false;
  int vcClass = 0;                 // VcClass of its head now
  bool directionOrder = false;     // the tag is a T3E routing tag (manual Table 7)
  std::uint64_t tag = 0;           // RouteState::tag as the packet carries it (kept after delivery)
  std::uint64_t createdCycle = 0;
  std::uint64_t endedCycle = 0;    // the cycle it was delivered or dropped (State Delivered / Dropped)
  // Channels (ChannelId) its head crossed, in order: the engine's traced route
  // up to where the head was when following began (when the head was on it),
  // then every hop recorded from the engine's Hop events.
  std::vector<flit::ChannelId> travelled;
  bool travelledFromSource = false;  // false: the path before following began is unknown (off its route)
  // The rest of its route as the engine's path tracer computes it from the
  // packet's own tag (routing/path_trace.h), from the head's place on.
  std::vector<flit::ChannelId> remaining;
  bool onRoute = false;            // the head is on the traced route (false after an adaptive detour)
  flit::PathOutcome routeOutcome = flit::PathOutcome::Delivered;  // how the traced rest ends
  // A relayed pair's packet (routing/routing_setup.h, relays): the node
  // where it leaves the network and starts again; kInvalidId: one route.
  flit::NodeId relay = flit::kInvalidId;

  // A fat-tree message instead (issue 19; CircuitRun): `serial` is its
  // sending endpoint (the packet number of its circuit's marks), source and
  // destination are graph nodes, `travelled` holds the graph channels
  // (2 * link) of its newest attempt, held or released, `current` the RN1
  // its head reached. State: InFlight, Delivered, Dropped (given up after
  // the retry limit) or Unknown (the endpoint has no message yet: the next
  // one it creates is followed).
  bool circuit = false;
  std::vector<CircuitAttempt> attempts;  // as seen since following began, oldest first
  int attemptsBeforeFollowing = 0;       // attempts that had ended before following began
  friend bool operator==(const FollowedPacket&, const FollowedPacket&) = default;
};

}  // namespace flit
