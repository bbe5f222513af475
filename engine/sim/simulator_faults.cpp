// Run-time faults and route rebuilding (issue 4; docs/fault-tolerance.md
// "What happens cycle by cycle when a link fails while traffic runs").
//
// Everything here runs between cycles. A fault can cut a wormhole packet in
// half; such a packet is removed from every buffer, wire and injector it
// occupies (purge), its output VCs are released and every flit removed from
// a buffer or a wire gives its credit back, so no worm is left holding VCs
// and the accounting invariant (injected = delivered + dropped + in flight)
// holds after every cycle.
#include "sim/simulator.h"

#include "analysis/route_change.h"
#include "analysis/verified_rebuild.h"

#include <algorithm>
#include <chrono>
#include <optional>
#include <stdexcept>

namespace flit {

std::string RouteRebuildReport::describe() const {
  if (!error.empty()) return "rebuild refused, old routes kept: " + error;
  std::string s = accepted ? "routes rebuilt" : "rebuild rejected, old routes kept";
  if (fixedRoutes) s += " (fixed routes: pairs routed through a failure are unreachable)";
  // What changed and what detours now are different numbers (a repair
  // changes entries back and leaves no detour). Dimension order counts the
  // pairs whose detour was set or lifted: with random half-ring ties a
  // detour can be a path some of the pair's packets already took, so the
  // pairs whose path changes (analysis/route_change.h, the window's count)
  // can be fewer.
  if (pairDetours) {  // changedRouteEntries counts the relays set or lifted too
    s += ": " + std::to_string(changedRouteEntries) + " pairs' detours set or lifted, " +
         std::to_string(reroutedEntries) + " detour around failures now (dimension order with turn rules)";
    if (relayedPairs > 0) s += ", " + std::to_string(relayedPairs) + " go in two legs through a relay node";
    s += ";";
  } else if (!fixedRoutes) {
    s += ": " + std::to_string(changedRouteEntries) + " entries take another route, " +
         std::to_string(changedAdaptiveEntries) + " switch adaptive routing, " + std::to_string(reroutedEntries) +
         " detour around failures now;";
  } else {
    s += ":";
  }
  s += " " + std::to_string(unreachable.size()) + " unreachable pairs, ";
  s += deadlockFree ? "deadlock-free" : "cycle " + cycle;
  if (brokenRoutes > 0) s += ", " + std::to_string(brokenRoutes) + " routes do not deliver";
  s += ", " + std::to_string(static_cast<long long>(seconds * 1000.0 + 0.5)) + " ms";
  return s;
}

bool Simulator::refuseAtSource(NodeId src, NodeId dst) {
  if (anyNodeDown_ && (!nodeUp_[static_cast<std::size_t>(src)] ||
                       !nodeUp_[static_cast<std::size_t>(dst)])) {
    ++totals_.refusedNodeDown;
    return true;
  }
  if (pairBlocked(src, dst)) {
    ++totals_.refusedUnreachable;
    return true;
  }
  return false;
}

bool Simulator::pairBlocked(NodeId src, NodeId dst) const {
  return !pairBlocked_.empty() &&
         std::binary_search(pairBlocked_.begin(), pairBlocked_.end(),
                            static_cast<std::uint64_t>(src) * static_cast<std::uint64_t>(topo_.nodeCount()) +
                                static_cast<std::uint64_t>(dst));
}

// The packets a failing channel cuts: flits on its wire, and the packet
// holding one of its output VCs (head across, tail not yet sent).
void Simulator::collectOnChannel(ChannelId ch, std::vector<std::int32_t>& doomed) {
  const NodeId n = topo_.channelSource(ch);
  const int dir = static_cast<int>(topo_.channelDirection(ch));
  const NodeId down = topo_.neighbor(n, static_cast<Direction>(dir));
  const int downPort = static_cast<int>(opposite(static_cast<Direction>(dir)));
  for (const auto& bucket : wheelFlits_) {
    for (const Arrival& a : bucket) {
      if (a.node == down && a.port == downPort) doomed.push_back(a.flit.packet);
    }
  }
  for (int vc = 0; vc < vcs_; ++vc) {
    const auto o = static_cast<std::size_t>(ovcIndex(n, dir, vc));
    if (ovcs_[o].owner >= 0) doomed.push_back(ivcs_[static_cast<std::size_t>(ovcs_[o].owner)].front.packet);
  }
}

// Marks the link down and drops what is on it (link-failed); heads waiting
// at either end and routed onto it are drained (route-through-failed-link).
void Simulator::failLinkState(LinkId link) {
  topo_.setLinkUp(link, false);
  if (observer_) publish(SimEventKind::LinkFailed, -1, -1, -1, -1, link);
  std::vector<std::int32_t> doomed;
  for (int positive = 0; positive < 2; ++positive) {
    const ChannelId ch = link * 2 + (positive ? 0 : 1);
    routers_[static_cast<std::size_t>(topo_.channelSource(ch))].linkUp &=
        static_cast<std::uint8_t>(~(1u << static_cast<int>(topo_.channelDirection(ch))));
    collectOnChannel(ch, doomed);
  }
  purge(doomed, DropReason::LinkFailed);
  for (int positive = 0; positive < 2; ++positive) {
    const ChannelId ch = link * 2 + (positive ? 0 : 1);
    const NodeId n = topo_.channelSource(ch);
    const int dir = static_cast<int>(topo_.channelDirection(ch));
    for (int port = 0; port < kPortsPerNode; ++port) {
      for (int vc = 0; vc < vcs_; ++vc) {
        InputVc& iv = ivcs_[static_cast<std::size_t>(ivcIndex(n, port, vc))];
        if (iv.count == 0 || iv.outPort != dir || iv.draining) continue;
        const FlitSlot& f = iv.front;
        // A body, or (not speculative) a head that won an output VC of the
        // link, cannot be here: purge took the packets holding the link.
        if (f.index != 0) continue;
        iv.draining = 1;
        routedIntoFailedLink(f.packet);
        visitVc(n, port, vc);
      }
    }
  }
}

// Removes the doomed packets' flits from one input VC (credits go back
// upstream at once); when its front packet was doomed, clears its routing
// state and routes the new front head. True when anything changed.
bool Simulator::purgeInputVc(int ivc, const std::vector<std::uint8_t>& isDoomed) {
  InputVc& iv = ivcs_[static_cast<std::size_t>(ivc)];
  const NodeId n = ivc / vcs_ / kPortsPerNode;
  const int port = (ivc / vcs_) % kPortsPerNode;
  const int vc = ivc % vcs_;
  const std::int32_t front = iv.front.packet;
  const bool busy = iv.count > 0 || iv.outPort >= 0 || iv.draining;
  const bool frontDoomed = busy && front >= 0 && isDoomed[static_cast<std::size_t>(front)];
  if (frontDoomed) {
    const Packet& p = packets_[static_cast<std::size_t>(front)];
    const bool headGone = iv.count == 0 || iv.front.index != 0;
    if (iv.outPort == kProcessorPort && headGone && p.holdsResponseSlot(n)) {
      --injectors_[static_cast<std::size_t>(n * classes_ + responseClass_)].reserved;  // its response slot
    }
    iv.outPort = -1;
    iv.outVc = -1;
    iv.adaptPort = -1;
    iv.draining = 0;
    iv.pendingDateline = 0;  // its dateline choice, not yet accounted
  }
  std::uint32_t kept = 0;
  RouterState& r = routers_[static_cast<std::size_t>(n)];
  for (std::uint32_t i = 0; i < iv.count; ++i) {
    const FlitSlot f = bufferedFlit(iv, i);
    if (!isDoomed[static_cast<std::size_t>(f.packet)]) {
      slots_[iv.base + (iv.head + kept) % iv.capacity] = f;
      ++kept;
      continue;
    }
    ivcs_[static_cast<std::size_t>(ivc)].st.occupancyArea += static_cast<std::int64_t>(cycle_);
    if (port != kProcessorPort) ++ovcs_[static_cast<std::size_t>(upstreamOvc(n, port, vc))].credits;
  }
  const bool changed = kept != iv.count || frontDoomed;
  const bool emptied = kept == 0 && iv.count > 0;
  iv.count = static_cast<std::uint16_t>(kept);
  if (kept == 0) {
    if (emptied) noteVcEmptied(r, port, vc);
    iv.head = 0;  // empty: restart at the first slot (popFront)
  } else if (frontDoomed) {
    iv.front = slots_[iv.base + iv.head];
    if (iv.front.index == 0) {
      CycleOutbox now;  // between cycles: effects at once
      headArrived(now, n, port, vc);
    }
  }
  if (changed) {
    r.stickyVc[static_cast<std::size_t>(port)] = 0xFF;
    if (kept > 0) visitVc(n, port, vc);
  }
  return changed;
}

// Removes every flit of the doomed packets (pool indices, duplicates
// allowed) from buffers, wires and injectors, releases their output VCs and
// counts each packet dropped once with `reason`.
void Simulator::purge(const std::vector<std::int32_t>& doomed, DropReason reason) {
  if (doomed.empty()) return;
  std::vector<std::uint8_t> isDoomed(packets_.size(), 0);
  std::vector<std::int32_t> unique;
  for (const std::int32_t pkt : doomed) {
    auto& flag = isDoomed[static_cast<std::size_t>(pkt)];
    if (!flag) unique.push_back(pkt);
    flag = 1;
  }
  for (Injector& inj : injectors_) {
    if (inj.current >= 0 && isDoomed[static_cast<std::size_t>(inj.current)]) {
      inj.current = -1;
      inj.sent = 0;
    }
  }
  for (std::size_t o = 0; o < ovcs_.size(); ++o) {
    // (before purgeInputVc below changes the owners' fronts)
    if (ovcs_[o].owner < 0 ||
        !isDoomed[static_cast<std::size_t>(ivcs_[static_cast<std::size_t>(ovcs_[o].owner)].front.packet)]) {
      continue;
    }
    ovcs_[o].owner = -1;
    const auto n = static_cast<std::size_t>(o / static_cast<std::size_t>(vcs_ * kDirectionCount));
    const auto out = (o / static_cast<std::size_t>(vcs_)) % kDirectionCount;
    routers_[n].stickyInput[out] = -1;
  }
  for (auto& bucket : wheelFlits_) {
    std::size_t keep = 0;
    for (const Arrival& a : bucket) {
      if (!isDoomed[static_cast<std::size_t>(a.flit.packet)]) {
        bucket[keep++] = a;
        continue;
      }
      ++ovcs_[static_cast<std::size_t>(upstreamOvc(a.node, a.port, a.vc))].credits;
    }
    bucket.resize(keep);
  }
  for (auto& bucket : wheelEjections_) {  // in the destination's end-point pipeline
    std::erase_if(bucket, [&](const EndPointPacket& e) {
      if (!isDoomed[static_cast<std::size_t>(e.packet)]) return false;
      if (packets_[static_cast<std::size_t>(e.packet)].holdsResponseSlot(e.node)) {
        --injectors_[static_cast<std::size_t>(e.node * classes_ + responseClass_)].reserved;  // its response slot
      }
      return true;
    });
  }
  for (int i = 0; i < static_cast<int>(ivcs_.size()); ++i) purgeInputVc(i, isDoomed);
  for (const std::int32_t pkt : unique) drop(pkt, reason);
  lastMoveCycle_ = cycle_;
}

std::string Simulator::auditCredits() const {
  std::vector<int> used(ovcs_.size(), 0);
  for (const auto& bucket : wheelCredits_) {
    for (const std::int32_t o : bucket) ++used[static_cast<std::size_t>(o)];
  }
  for (const auto& bucket : wheelFlits_) {
    for (const Arrival& a : bucket) {
      ++used[static_cast<std::size_t>(upstreamOvc(a.node, a.port, a.vc))];
    }
  }
  std::string problems;
  int reported = 0;
  for (NodeId n = 0; n < topo_.nodeCount() && reported < 5; ++n) {
    for (int d = 0; d < kDirectionCount; ++d) {
      const NodeId down = topo_.neighbor(n, static_cast<Direction>(d));
      if (down == kInvalidId) continue;
      const int downPort = static_cast<int>(opposite(static_cast<Direction>(d)));
      for (int vc = 0; vc < vcs_; ++vc) {
        const auto o = static_cast<std::size_t>(ovcIndex(n, d, vc));
        const int total = ovcs_[o].credits + used[o] +
                          ivcs_[static_cast<std::size_t>(ivcIndex(down, downPort, vc))].count;
        const bool heldWhenEmpty = totals_.inFlight == 0 && ovcs_[o].owner >= 0;
        if (total == cfg_.router.depthOf(vc) && !heldWhenEmpty) continue;
        problems += "node " + std::to_string(n) + " dir " + std::to_string(d) + " vc " +
                    std::to_string(vc) + ": credits+flits " + std::to_string(total) + " of " +
                    std::to_string(cfg_.router.depthOf(vc)) +
                    (heldWhenEmpty ? ", held with nothing in flight" : "") + "; ";
        ++reported;
      }
    }
  }
  return problems;
}

void Simulator::failLink(LinkId link) {
  if (link < 0 || link >= topo_.linkCount()) throw std::out_of_range("failLink: bad link id");
  linkFailedByUser_[static_cast<std::size_t>(link)] = 1;
  if (!topo_.linkUp(link)) return;
  failLinkState(link);
  if (cfg_.autoRebuild) rebuildRoutes();
}

void Simulator::repairLink(LinkId link) {
  if (link < 0 || link >= topo_.linkCount()) throw std::out_of_range("repairLink: bad link id");
  linkFailedByUser_[static_cast<std::size_t>(link)] = 0;
  const NodeId a = topo_.channelSource(link * 2);
  const NodeId b = topo_.channelSource(link * 2 + 1);
  if (topo_.linkUp(link) || !nodeUp(a) || !nodeUp(b)) return;
  topo_.setLinkUp(link, true);
  if (observer_) publish(SimEventKind::LinkRepaired, -1, -1, -1, -1, link);
  for (int positive = 0; positive < 2; ++positive) {
    const ChannelId ch = link * 2 + (positive ? 0 : 1);
    routers_[static_cast<std::size_t>(topo_.channelSource(ch))].linkUp |=
        static_cast<std::uint8_t>(1u << static_cast<int>(topo_.channelDirection(ch)));
  }
  if (cfg_.autoRebuild) rebuildRoutes();
}

// Created packets still waiting in a failed node's source queues or in its
// end-point pipeline (and one chosen but not started) never entered the
// network: counted as discarded. A relayed packet waiting there for its
// second leg (Simulator::relay) was in flight: dropped, node-failed.
void Simulator::discardSourceQueues(NodeId n) {
  const auto lose = [this](std::int32_t pkt) {
    if (packets_[static_cast<std::size_t>(pkt)].relayed()) {
      drop(pkt, DropReason::NodeFailed);
      return;
    }
    ++totals_.discarded;
    endPacket(pkt);
  };
  for (auto& bucket : wheelStarts_) {
    std::erase_if(bucket, [&](const EndPointPacket& e) {
      if (e.node != n) return false;
      lose(e.packet);
      return true;
    });
  }
  for (int cls = 0; cls < classes_; ++cls) {
    Injector& inj = injectors_[static_cast<std::size_t>(n * classes_ + cls)];
    if (inj.current >= 0) {  // purge already took a packet with flits sent
      lose(inj.current);
      inj.current = -1;
      inj.sent = 0;
    }
    for (; inj.count > 0; --inj.count) {
      lose(inj.queue[inj.headPos]);
      if (++inj.headPos == inj.queue.size()) inj.headPos = 0;
    }
    inj.reserved = 0;
    inj.starting = 0;
  }
}

void Simulator::failNode(NodeId node) {
  if (node < 0 || node >= topo_.nodeCount()) throw std::out_of_range("failNode: bad node id");
  if (!nodeUp(node)) return;
  nodeUp_[static_cast<std::size_t>(node)] = 0;
  anyNodeDown_ = true;
  if (observer_) publish(SimEventKind::NodeFailed, -1, node, -1, -1, 0);
  for (int d = 0; d < kDirectionCount; ++d) {
    const LinkId l = topo_.linkFrom(node, static_cast<Direction>(d));
    if (l != kInvalidId && topo_.linkUp(l)) failLinkState(l);
  }
  std::vector<std::int32_t> doomed;
  for (int port = 0; port < kPortsPerNode; ++port) {
    for (int vc = 0; vc < vcs_; ++vc) {
      const InputVc& iv = ivcs_[static_cast<std::size_t>(ivcIndex(node, port, vc))];
      for (std::uint32_t i = 0; i < iv.count; ++i) {
        doomed.push_back(bufferedFlit(iv, i).packet);
      }
    }
  }
  for (int cls = 0; cls < classes_; ++cls) {
    const Injector& inj = injectors_[static_cast<std::size_t>(node * classes_ + cls)];
    if (inj.current >= 0 && inj.sent > 0) doomed.push_back(inj.current);
  }
  for (const auto& bucket : wheelEjections_) {  // ejected, not yet delivered
    for (const EndPointPacket& e : bucket) {
      if (e.node == node) doomed.push_back(e.packet);
    }
  }
  purge(doomed, DropReason::NodeFailed);
  discardSourceQueues(node);
  if (cfg_.autoRebuild) rebuildRoutes();
}

void Simulator::repairNode(NodeId node) {
  if (node < 0 || node >= topo_.nodeCount()) throw std::out_of_range("repairNode: bad node id");
  if (nodeUp(node)) return;
  nodeUp_[static_cast<std::size_t>(node)] = 1;
  anyNodeDown_ = false;
  for (const std::uint8_t up : nodeUp_) anyNodeDown_ = anyNodeDown_ || !up;
  if (observer_) publish(SimEventKind::NodeRepaired, -1, node, -1, -1, 0);
  const bool autoRebuild = cfg_.autoRebuild;
  cfg_.autoRebuild = false;  // one rebuild below, not one per link
  for (int d = 0; d < kDirectionCount; ++d) {
    const LinkId l = topo_.linkFrom(node, static_cast<Direction>(d));
    if (l != kInvalidId && !linkFailedByUser_[static_cast<std::size_t>(l)]) repairLink(l);
  }
  cfg_.autoRebuild = autoRebuild;
  if (cfg_.autoRebuild) rebuildRoutes();
}

RouteRebuildReport Simulator::rebuildRoutes() {
  const auto t0 = std::chrono::steady_clock::now();
  RouteRebuildReport r;
  rebuildDue_ = false;  // apply()'s pending rebuild is this one
  r.performed = true;
  r.atCycle = cycle_;
  r.fixedRoutes = routing_.algorithm == RoutingAlgorithm::TrcRelative;
  r.pairDetours = routing_.algorithm == RoutingAlgorithm::DimensionOrder;
  std::optional<VerifiedRebuild> result;
  // The routes in force now: after an accepted rebuild, packets whose tag
  // differs from theirs are marked as rerouted (FlitView::rerouted).
  auto before = std::make_shared<const RoutingSetup>(routing_);
  // Nothing rebuilt, and why.
  const auto refused = [&](std::string why) {
    r.error = std::move(why);
    lastRebuild_ = r;
    if (observer_) publish(SimEventKind::RoutesRebuilt, -1, -1, -1, -1, 0);
    return r;
  };
  try {
    RoutingSetup fresh = buildRoutingSetup(topo_, cfg_.routing);
    applyHotSpares(fresh);  // hot spares: the logical PEs of failed nodes on their spares
    result.emplace(
        rebuildVerified(routing_, fresh, topo_, nodeUp_, cfg_.routing.adaptive, classes_,
                        stop_ ? *stop_ : std::stop_token{}));
  } catch (const std::invalid_argument& e) {  // LUT mode 3 (route_builder.h)
    return refused(e.what());
  }
  if (result->check.cancelled) return refused("stopped before the check of the new routes ended");
  VerifiedRebuild& v = *result;
  r.accepted = v.accepted;
  r.deadlockFree = v.check.deadlockFree();
  if (!r.deadlockFree) r.cycle = v.check.cycleText();
  r.brokenRoutes = v.check.brokenRoutes.size();
  r.reroutedEntries = v.routes.reroutedEntries;
  r.adaptiveDisabledEntries = v.routes.adaptiveDisabledEntries;
  r.relayedPairs = v.routes.relayedPairs;
  r.unreachable = std::move(v.routes.unreachable);
  if (v.accepted) {
    if (before->tables && routing_.tables) {
      const LutEntryChanges changes = changedLutEntries(*before->tables, *routing_.tables);
      r.changedRouteEntries = changes.route;
      r.changedAdaptiveEntries = changes.adaptiveOnly;
    }
    if (r.pairDetours) {
      r.changedRouteEntries = changedDetours(before->detours, routing_.detours) +
                              changedDetours(before->relays, routing_.relays);
    }
    detoursSeen_ = detoursSeen_ || !routing_.detours.empty();
    routesBefore_ = std::move(before);
    generated_ = routing_;
    updateSpareDestinations();
    unreachablePairs_ = r.unreachable.size();
    pairBlocked_.clear();
    if (!r.unreachable.empty()) {
      const auto nodes = static_cast<std::size_t>(topo_.nodeCount());
      pairBlocked_.reserve(r.unreachable.size());
      for (const auto& [src, dst] : r.unreachable) {
        pairBlocked_.push_back(static_cast<std::uint64_t>(src) * nodes + static_cast<std::uint64_t>(dst));
      }
      std::sort(pairBlocked_.begin(), pairBlocked_.end());
    }
  }
  if (sync_) sync_->rebuildTrees(topo_, nodeUp_, cycle_);  // the barrier trees avoid the failures too
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (observer_) publish(SimEventKind::RoutesRebuilt, -1, -1, -1, -1, v.accepted ? 1 : 0);
  lastRebuild_ = r;
  return r;
}

}  // namespace flit
