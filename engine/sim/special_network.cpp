// The special (delta) network's packets, cycle by cycle (sim/special_network.h).
#include "sim/special_network.h"

#include <algorithm>
#include <numeric>

namespace flit {

const char* specialKindName(SpecialKind k) {
  switch (k) {
    case SpecialKind::Put: return "SPUT";
    case SpecialKind::Get: return "SGET";
    case SpecialKind::Response: return "response";
  }
  return "?";
}

const char* specialLossName(SpecialLoss l) {
  switch (l) {
    case SpecialLoss::Collision: return "collision";
    case SpecialLoss::Misroute: return "misroute";
    case SpecialLoss::LinkDown: return "link-down";
    case SpecialLoss::NodeDown: return "node-down";
  }
  return "?";
}

std::uint64_t SpecialTotals::lostTotal() const {
  return std::accumulate(lost.begin(), lost.end(), std::uint64_t{0});
}

void SpecialNetwork::issue(SpecialKind kind, NodeId from, const SpecialDeltas& deltas, SpecialRegister reg,
                           int lutIndex, std::uint64_t value, std::uint64_t now) {
  SpecialPacket p;
  p.serial = nextSerial_++;
  p.kind = kind;
  p.reg = reg;
  p.lutIndex = static_cast<std::uint16_t>(lutIndex);
  p.source = from;
  p.here = from;
  p.readyCycle = now;
  p.value = value;
  p.deltas = deltas;
  ++(kind == SpecialKind::Get ? totals_.gets : totals_.puts);
  packets_.push_back(p);
}

void SpecialNetwork::lose(const SpecialPacket& p, SpecialLoss why, SpecialHost& host) {
  ++totals_.lost[static_cast<std::size_t>(why)];
  host.publish(SimEventKind::SpecialLost, p.here, static_cast<int>(why), p.serial);
}

void SpecialNetwork::arrive(const SpecialPacket& p, std::uint64_t now, SpecialHost& host) {
  const auto router = static_cast<std::size_t>(p.here);
  host.publish(SimEventKind::SpecialArrived, p.here, static_cast<int>(p.kind), p.serial);
  switch (p.kind) {
    case SpecialKind::Put:
      ++totals_.writes;
      if (p.reg == SpecialRegister::SgetReturn) {
        sgetReturn_[router] = unpackSpecialDeltas(p.value);
      } else {
        host.writeRegister(p.here, p.reg, p.lutIndex, p.value);
      }
      return;
    case SpecialKind::Get: {
      ++totals_.reads;
      SpecialPacket r = p;
      r.serial = nextSerial_++;
      r.kind = SpecialKind::Response;
      r.target = p.here;
      r.value = p.reg == SpecialRegister::SgetReturn ? packSpecialDeltas(sgetReturn_[router])
                                                     : host.readRegister(p.here, p.reg, p.lutIndex);
      r.deltas = sgetReturn_[router];
      r.cameBy = -1;
      r.readyCycle = now + 1;  // the router reads, then sends
      next_.push_back(r);
      return;
    }
    case SpecialKind::Response:
      ++totals_.responses;
      reads_.push_back({now, p.source, p.target, p.here, p.reg, p.lutIndex, p.value});
      return;
  }
}

void SpecialNetwork::advance(std::uint64_t now, const Topology& topo, int hopCycles, SpecialHost& host) {
  struct Move {
    std::size_t index;
    int out;
    SpecialDeltas left;
  };
  std::vector<Move> moves;
  next_.clear();
  for (std::size_t i = 0; i < packets_.size(); ++i) {
    const SpecialPacket& p = packets_[i];
    if (p.readyCycle > now) {
      next_.push_back(p);
      continue;
    }
    if (!host.nodeUp(p.here)) {
      lose(p, SpecialLoss::NodeDown, host);
      continue;
    }
    SpecialDeltas left = p.deltas;
    const int out = specialRouteStep(topo, p.here, left);
    if (out == kRouteMisroute) {
      lose(p, SpecialLoss::Misroute, host);
      continue;
    }
    moves.push_back({i, out, left});
  }
  // One packet per router output per cycle: of those that want the same
  // output, the last issued continues and eats the others.
  std::sort(moves.begin(), moves.end(), [this](const Move& a, const Move& b) {
    const SpecialPacket& pa = packets_[a.index];
    const SpecialPacket& pb = packets_[b.index];
    if (pa.here != pb.here) return pa.here < pb.here;
    if (a.out != b.out) return a.out < b.out;
    return pa.serial < pb.serial;
  });
  for (std::size_t m = 0; m < moves.size(); ++m) {
    SpecialPacket p = packets_[moves[m].index];
    const int out = moves[m].out;
    if (m + 1 < moves.size() && packets_[moves[m + 1].index].here == p.here && moves[m + 1].out == out) {
      lose(p, SpecialLoss::Collision, host);
      continue;
    }
    p.deltas = moves[m].left;
    if (out == kProcessorPort) {
      arrive(p, now, host);
      continue;
    }
    const auto dir = static_cast<Direction>(out);
    if (!topo.linkUp(topo.linkFrom(p.here, dir))) {
      lose(p, SpecialLoss::LinkDown, host);
      continue;
    }
    host.linkTaken(p.here, out);
    host.publish(SimEventKind::SpecialHop, p.here, out, p.serial);
    p.here = topo.neighbor(p.here, dir);
    p.cameBy = static_cast<std::int8_t>(out);
    p.readyCycle = now + static_cast<std::uint64_t>(hopCycles);
    next_.push_back(p);
  }
  packets_.swap(next_);
}

}  // namespace flit
