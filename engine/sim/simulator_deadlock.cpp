// The watchdog: packets inside and no flit moved for watchdogCycles cycles.
// The report follows, from each stuck input VC, the buffer its front flit
// waits for (the downstream VC it needs credits from, or the input VC that
// holds the output VC it wants) until a buffer repeats: the cycle of the
// Dally & Seitz Figure 1 deadlock. A request's head waiting to be ejected
// (its response has no room in the source queue) waits for the node's
// injection buffer of the response class: with router.sharedResponseVcs that
// closes the protocol deadlock's cycle through the end point (T3E section
// 3.3: "Request-response cycles").
#include "sim/simulator.h"

#include <sstream>

namespace flit {

void Simulator::checkWatchdog() {
  if (totals_.inFlight == 0) {
    lastMoveCycle_ = cycle_;
    return;
  }
  if (cycle_ - lastMoveCycle_ < static_cast<std::uint64_t>(cfg_.router.watchdogCycles)) return;
  deadlocked_ = true;
  buildDeadlockReport();
  if (observer_) {
    publish(SimEventKind::Deadlock, -1, -1, -1, -1, static_cast<std::int64_t>(deadlock_.cycle.size()));
  }
}

void Simulator::buildDeadlockReport() {
  deadlock_ = DeadlockReport{};
  deadlock_.detectedCycle = cycle_;
  deadlock_.lastMoveCycle = lastMoveCycle_;
  deadlock_.classes = classes_;
  deadlock_.vcsPerClass = perClass_;
  const std::size_t count = ivcs_.size();
  std::vector<std::int32_t> waitsFor(count, -1);
  for (std::size_t i = 0; i < count; ++i) {
    const InputVc& iv = ivcs_[i];
    if (iv.count == 0 || iv.outPort < 0) continue;
    const auto n = static_cast<NodeId>(static_cast<int>(i) / vcs_ / kPortsPerNode);
    const int out = iv.outPort;
    const FlitSlot& f = iv.front;
    if (out == kProcessorPort) {
      if (f.index != 0 || !isRequest(f.kind)) continue;  // ejection itself never waits
      for (int v = responseClass_ * perClass_; v < (responseClass_ + 1) * perClass_; ++v) {
        const int inj = ivcIndex(n, kProcessorPort, v);
        if (ivcs_[static_cast<std::size_t>(inj)].count > 0) {
          waitsFor[i] = inj;
          break;
        }
      }
      continue;
    }
    const NodeId next = topo_.neighbor(n, static_cast<Direction>(out));
    const int nextPort = static_cast<int>(opposite(static_cast<Direction>(out)));
    if (f.index != 0) {
      waitsFor[i] = ivcIndex(next, nextPort, iv.outVc);
      continue;
    }
    // A head: the first VC of its allowed set names what it waits for.
    int first = 0, span = 0;
    vcRange(classOf(f.kind), f.level, first, span);
    for (int v = first; v < first + span; ++v) {
      const OutputVc& o = ovcs_[static_cast<std::size_t>(ovcIndex(n, out, v))];
      const int target = o.owner >= 0 ? o.owner : ivcIndex(next, nextPort, v);
      if (ivcs_[static_cast<std::size_t>(target)].count > 0) {
        waitsFor[i] = target;
        break;
      }
    }
  }
  // Follow successors; the first walk that returns to a buffer on its own
  // path has found the cycle.
  std::vector<std::int32_t> visitedBy(count, -1);
  for (std::size_t start = 0; start < count && deadlock_.cycle.empty(); ++start) {
    if (waitsFor[start] < 0 || visitedBy[start] >= 0) continue;
    auto cur = static_cast<std::int32_t>(start);
    while (cur >= 0 && visitedBy[static_cast<std::size_t>(cur)] < 0) {
      visitedBy[static_cast<std::size_t>(cur)] = static_cast<std::int32_t>(start);
      cur = waitsFor[static_cast<std::size_t>(cur)];
    }
    if (cur < 0 || visitedBy[static_cast<std::size_t>(cur)] != static_cast<std::int32_t>(start)) {
      continue;
    }
    const std::int32_t loopStart = cur;
    do {
      const InputVc& iv = ivcs_[static_cast<std::size_t>(cur)];
      WaitingVc w;
      w.node = cur / vcs_ / kPortsPerNode;
      w.port = (cur / vcs_) % kPortsPerNode;
      w.vc = cur % vcs_;
      w.packet = packets_[static_cast<std::size_t>(iv.front.packet)].serial;
      w.ejecting = iv.outPort == kProcessorPort;
      if (w.port != kProcessorPort) {
        const auto from = static_cast<Direction>(w.port);
        w.channel = topo_.channelFrom(topo_.neighbor(w.node, from), opposite(from));
      }
      deadlock_.cycle.push_back(w);
      cur = waitsFor[static_cast<std::size_t>(cur)];
    } while (cur != loopStart);
  }
}

std::vector<ChannelVc> DeadlockReport::channels() const {
  std::vector<ChannelVc> out;
  for (const WaitingVc& w : cycle) {
    if (w.channel != kInvalidId) out.push_back(ChannelVc{w.channel, w.vc});
  }
  return out;
}

std::string DeadlockReport::describe(const Topology& topo) const {
  std::ostringstream s;
  s << "deadlock detected at cycle " << detectedCycle << " (no flit moved since cycle "
    << lastMoveCycle << ")";
  if (cycle.empty()) {
    s << "; no cycle of waiting buffers found (blocked on ejection or source)";
    return s.str();
  }
  s << "; cycle of " << cycle.size() << " waiting VC buffers (" << channels().size()
    << " channels):";
  for (const WaitingVc& w : cycle) {
    s << "\n  ";
    if (w.channel != kInvalidId) {
      s << describeChannelVc(topo, w.channel, w.vc, classes, vcsPerClass);
    } else {
      s << "injection at " << formatCoord(topo.coordOf(w.node), topo.dims()) << " vc" << w.vc;
    }
    s << ", packet " << w.packet
      << (w.ejecting ? ", a request waiting to be ejected until its response has room, waits for"
                     : ", waits for");
  }
  s << "\n  (the first again)";
  return s.str();
}

}  // namespace flit
