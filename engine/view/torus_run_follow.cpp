// TorusRun's follow mode (view/followed_packet.h; issue 5 "follow packet"):
// between cycles.
#include "view/torus_run.h"

#include "routing/path_trace.h"

#include <stdexcept>
#include <string>

namespace flit {

namespace {

// The packet's head among the collected flits, else any of its flits (the
// head is ejected before the tail), else null (still in the source queue).
const FlitView* headOf(const std::vector<FlitView>& flits, std::int32_t serial) {
  const FlitView* any = nullptr;
  for (const FlitView& f : flits) {
    if (f.packet != serial) continue;
    if (f.head) return &f;
    if (!any) any = &f;
  }
  return any;
}

PathTrace traceOf(const Simulator& sim, const PacketView& p) {
  const RoutingSetup& setup = sim.routing();
  // The packet's own tag (its LUT tag, or its detour around failures: a
  // rebuild since it left does not change its route), else its own tie bits
  // (tieRule "random" drew them).
  // A relayed packet is drawn on both legs of its pair's route in force.
  const bool ownTag = !p.twoLegs() && (setup.algorithm == RoutingAlgorithm::DirectionOrder ||
                                     (setup.algorithm == RoutingAlgorithm::DimensionOrder && p.route.tag != 0));
  return tracePath(sim.topology(), setup, p.src, p.dst,
                   ownTag ? std::optional<std::uint64_t>(p.route.tag) : std::nullopt, p.route.tieMinus);
}

ChannelId hopChannel(const Topology& topo, NodeId node, int port) {
  if (port < 0 || port >= kDirectionCount) return kInvalidId;
  return topo.channelFrom(node, static_cast<Direction>(port));
}

// Index of the first hop made at `node`, or -1.
int hopIndexAt(const PathTrace& trace, NodeId node) {
  for (std::size_t i = 0; i < trace.hops.size(); ++i)
    if (trace.hops[i].node == node) return static_cast<int>(i);
  return -1;
}

// The index of the route's hop at the head's router, or -1 when the head is
// off the route: not at one of its routers, or on a link leaving one of them
// that is not the route's channel (a head that detoured adaptively).
int hopIndexOnRoute(const Topology& topo, const PathTrace& trace, const FlitView& head) {
  const int at = hopIndexAt(trace, head.node);
  if (at < 0 || !head.onLink) return at;
  const ChannelId routeChannel =
      hopChannel(topo, head.node, trace.hops[static_cast<std::size_t>(at)].outPort);
  return hopChannel(topo, head.node, head.port) == routeChannel ? at : -1;
}

}  // namespace

void TorusRun::setFollowedPacket(std::int32_t serial) {
  followed_ = -1;
  follow_ = {};
  if (serial < 0) return;
  const std::optional<PacketView> packet = sim_->packetBySerial(serial);
  if (!packet)
    throw std::invalid_argument("follow packet " + std::to_string(serial) + ": not in flight (delivered or dropped)");
  followed_ = serial;
  follow_.serial = serial;
  follow_.state = FollowedPacket::State::InFlight;
  follow_.source = packet->src;
  follow_.destination = packet->dst;
  // What the panel keeps showing after the packet is delivered (its tag).
  follow_.directionOrder = sim_->routing().algorithm == RoutingAlgorithm::DirectionOrder;
  follow_.tag = packet->route.tag;
  follow_.response = isResponse(packet->kind);
  follow_.createdCycle = packet->created;
  // The path so far: the traced route up to the head, when the head is on it
  // (a deterministic route is the traced one, path_trace.h); unknown otherwise.
  sim_->collectFlits(scratch_);
  const FlitView* head = headOf(scratch_, serial);
  if (head) follow_.vcClass = static_cast<int>(laneClassOf(head->vc));
  if (!head) {  // still in its source queue: nothing travelled yet
    follow_.travelledFromSource = true;
    return;
  }
  const PathTrace trace = traceOf(*sim_, *packet);
  const Topology& topo = sim_->topology();
  const int at = hopIndexOnRoute(topo, trace, *head);
  if (at < 0) return;
  for (int i = 0; i < at; ++i) {
    const PathHop& h = trace.hops[static_cast<std::size_t>(i)];
    if (const ChannelId c = hopChannel(topo, h.node, h.outPort); c != kInvalidId) follow_.travelled.push_back(c);
  }
  if (head->onLink) follow_.travelled.push_back(hopChannel(topo, head->node, head->port));
  follow_.travelledFromSource = true;
}

void TorusRun::followEvent(const SimEvent& e) {
  switch (e.kind) {
    case SimEventKind::Hop:
      if (const ChannelId c = hopChannel(sim_->topology(), e.node, e.port); c != kInvalidId)
        follow_.travelled.push_back(c);
      if (e.vc >= 0) follow_.vcClass = static_cast<int>(laneClassOf(e.vc));
      break;
    case SimEventKind::Delivered:
      follow_.state = FollowedPacket::State::Delivered;
      follow_.endedCycle = e.cycle;
      follow_.current = e.node;
      follow_.remaining.clear();
      break;
    case SimEventKind::Dropped:
      follow_.state = FollowedPacket::State::Dropped;
      follow_.endedCycle = e.cycle;
      follow_.remaining.clear();
      break;
    default:
      break;
  }
}

// Built per frame from follow_ and the flits fillSnapshot collected.
std::shared_ptr<const FollowedPacket> TorusRun::followed() const {
  if (followed_ < 0) return nullptr;
  auto out = std::make_shared<FollowedPacket>(follow_);
  const std::optional<PacketView> packet = sim_->packetBySerial(followed_);
  if (!packet) return out;  // delivered or dropped: the last state the events left
  const RoutingSetup& setup = sim_->routing();
  out->directionOrder = setup.algorithm == RoutingAlgorithm::DirectionOrder;
  out->tag = packet->route.tag;
  out->response = isResponse(packet->kind);
  out->createdCycle = packet->created;
  const FlitView* head = headOf(scratch_, followed_);
  const PathTrace trace = traceOf(*sim_, *packet);
  out->routeOutcome = trace.outcome;
  // Remaining route: the traced hops from the head's router on (from the next
  // router when the head is already on the link leaving it), or from where
  // it waits to be injected (its source, or the relay between its legs).
  const NodeId at = head ? head->node : packet->legStart;
  out->current = at;
  out->headOnLink = head && head->onLink;
  if (head) out->vcClass = static_cast<int>(laneClassOf(head->vc));
  const Topology& topo = sim_->topology();
  const int index = head ? hopIndexOnRoute(topo, trace, *head) : hopIndexAt(trace, at);
  out->onRoute = index >= 0;
  if (!out->onRoute) return out;
  // A relay still ahead (or where it waits now).
  if (trace.relayHop() >= index) out->relay = trace.relay;
  for (std::size_t i = static_cast<std::size_t>(index) + (out->headOnLink ? 1 : 0); i < trace.hops.size(); ++i) {
    const PathHop& h = trace.hops[i];
    if (const ChannelId c = hopChannel(topo, h.node, h.outPort); c != kInvalidId) out->remaining.push_back(c);
  }
  return out;
}

DatelineView TorusRun::datelineView() const {
  DatelineView v;
  const DatelineConfig& d = sim_->routing().datelines;
  for (int dim = 0; dim < kMaxDims; ++dim) {
    v.ordinate[static_cast<std::size_t>(dim)] = d.at(makeDirection(dim, true));
    v.minusOrdinate[static_cast<std::size_t>(dim)] = d.at(makeDirection(dim, false));
  }
  v.crossings = sim_->totals().datelineCrossings;
  v.violations = sim_->totals().datelineViolations;
  return v;
}

}  // namespace flit
