#include "sync/sync_packet.h"

namespace flit {

std::string_view syncMessageName(SyncMessage m) {
  switch (m) {
    case SyncMessage::BarrierSignal: return "barrier";
    case SyncMessage::EurekaSignal: return "eureka";
    case SyncMessage::EurekaBarrierSignal: return "eurekaBarrier";
    case SyncMessage::BarrierCompletion: return "completion";
    case SyncMessage::EurekaNotification: return "eurekaNotification";
  }
  return "?";
}

SyncPacket arrivalOf(const Topology& topo, const SyncPacket& sent) {
  SyncPacket a = sent;
  if (sent.port >= 0 && sent.port < kDirectionCount) {
    const auto d = static_cast<Direction>(sent.port);
    a.node = topo.neighbor(sent.node, d);
    a.port = static_cast<int>(opposite(d));
  }
  return a;
}

std::string describeSyncPacket(const SyncPacket& p, const Topology& topo) {
  const std::string node = p.node >= 0 && p.node < topo.nodeCount()
                               ? formatCoord(topo.coordOf(p.node), topo.dims())
                               : "node#" + std::to_string(p.node);
  const std::string port = p.port >= 0 && p.port < kDirectionCount
                               ? std::string(directionName(static_cast<Direction>(p.port)))
                               : std::string("P");
  return "BSU " + std::to_string(p.bsu) + " " + std::string(syncMessageName(p.message)) + " " +
         node + " " + port;
}

}  // namespace flit
