// CircuitRun: follow mode on a fat-tree (FollowController): one
// endpoint's message, its attempts and the path each took, kept event by
// event from the circuit simulator's stream.
#include "view/circuit_run.h"

#include <algorithm>
#include <string>
#include <utility>

namespace flit {

// The followed message's record, event by event. A new message of the
// endpoint is taken up only while no message is followed yet (state Unknown).
void CircuitRun::followEvent(const fattree::CircuitEvent& e) {
  using Kind = fattree::CircuitEventKind;
  using Outcome = CircuitAttempt::Outcome;
  FollowedPacket& f = follow_;
  const auto node = [](std::uint32_t graphNode) { return static_cast<NodeId>(graphNode); };
  if (e.kind == Kind::MessageCreated) {
    if (f.state != FollowedPacket::State::Unknown) return;
    f.state = FollowedPacket::State::InFlight;
    f.destination = node(graph_.routerCount + e.destination);
    f.createdCycle = e.cycle;
    f.travelledFromSource = true;
    return;
  }
  if (f.state != FollowedPacket::State::InFlight) return;
  CircuitAttempt* a = f.attempts.empty() ? nullptr : &f.attempts.back();
  switch (e.kind) {
    case Kind::AttemptStarted:
      f.attempts.push_back(CircuitAttempt{e.attempt, e.cycle, 0, Outcome::InNetwork, kInvalidId, 0});
      f.travelled = {static_cast<ChannelId>(2 * linkOf(e.channel))};
      f.current = f.source;
      f.headOnLink = true;
      break;
    case Kind::Hop:
      if (!a) break;
      ++a->hops;
      f.travelled.push_back(static_cast<ChannelId>(2 * linkOf(e.channel)));
      f.current = node(e.router);
      break;
    case Kind::Blocked:
      if (!a) break;
      a->outcome = e.reason == fattree::BlockReason::Fault ? Outcome::Fault : Outcome::Busy;
      a->at = node(e.router);
      f.current = node(e.router);
      f.headOnLink = false;
      break;
    case Kind::Arrived:
      if (!a) break;
      a->outcome = Outcome::Arrived;
      f.current = f.destination;
      f.headOnLink = false;
      break;
    case Kind::Status:
      if (!a) break;
      a->endCycle = e.cycle;
      if (e.success) a->outcome = Outcome::Delivered;
      if (!e.success && a->outcome == Outcome::InNetwork) {  // discarded before following began
        a->outcome = Outcome::Discarded;
        a->at = f.current;
      }
      break;
    case Kind::Delivered:
      f.state = FollowedPacket::State::Delivered;
      f.endedCycle = e.cycle;
      break;
    case Kind::GivenUp:
      f.state = FollowedPacket::State::Dropped;
      f.endedCycle = e.cycle;
      break;
    default:
      break;
  }
}

void CircuitRun::setFollowedPacket(std::int32_t endpoint) {
  if (endpoint >= 0 && static_cast<std::uint32_t>(endpoint) >= graph_.endpointCount)
    throw std::invalid_argument("follow message: endpoint " + std::to_string(endpoint) + " does not exist (" +
                                std::to_string(graph_.endpointCount) + " endpoints)");
  followed_ = endpoint;
  if (endpoint >= 0) startFollowing(static_cast<std::uint32_t>(endpoint));
}

// Begins the record of endpoint e's message: the one it is sending now
// (with its newest attempt's path so far, found from the channels it holds),
// or its next one.
void CircuitRun::startFollowing(std::uint32_t e) {
  FollowedPacket f;
  f.circuit = true;
  f.serial = static_cast<std::int32_t>(e);
  f.source = static_cast<NodeId>(graph_.routerCount + e);
  f.current = f.source;
  if (sim_->endpointBusy(e)) {
    f.state = FollowedPacket::State::InFlight;
    f.destination = static_cast<NodeId>(graph_.routerCount + sim_->destination(e));
    f.createdCycle = sim_->createdCycle(e);
    const int started = sim_->attemptsStarted(e);
    if (sim_->attemptInNetwork(e)) {
      f.attemptsBeforeFollowing = started - 1;
      CircuitAttempt a;
      a.number = started;
      a.startCycle = sim_->cycle();  // not known: it was under way when following began
      const std::vector<std::uint32_t> path = heldPath(e);
      for (const std::uint32_t c : path) f.travelled.push_back(static_cast<ChannelId>(2 * linkOf(c)));
      a.hops = path.empty() ? 0 : static_cast<int>(path.size()) - 1;
      const std::uint32_t last = path.empty() ? fattree::kUnconnected : net_.channelTarget(path.back());
      if (last != fattree::kUnconnected && !(last & fattree::kEndpointFlag))
        f.current = static_cast<NodeId>(last / fattree::kRn1Ports);
      f.attempts.push_back(a);
    } else {
      f.attemptsBeforeFollowing = started;
    }
  }
  follow_ = std::move(f);
}

std::vector<std::uint32_t> CircuitRun::heldPath(std::uint32_t e) const {
  std::vector<std::uint32_t> path;
  std::uint32_t channel = fattree::kUnconnected;
  for (int k = 0; k < 2; ++k)
    if (sim_->channelHolder(net_.endpointChannel(e, k)) == e) channel = net_.endpointChannel(e, k);
  while (channel != fattree::kUnconnected && path.size() < 64) {
    path.push_back(channel);
    const std::uint32_t target = net_.channelTarget(channel);
    if (target == fattree::kUnconnected || (target & fattree::kEndpointFlag)) break;
    const std::uint32_t router = target / fattree::kRn1Ports;
    channel = fattree::kUnconnected;
    for (int o = 0; o < fattree::kRn1Ports; ++o) {
      const std::uint32_t out = router * fattree::kRn1Ports + static_cast<std::uint32_t>(o);
      if (sim_->channelHolder(out) == e) channel = out;
    }
  }
  return path;
}

}  // namespace flit
