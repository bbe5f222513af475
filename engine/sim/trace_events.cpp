#include "sim/trace_events.h"

#include "routing/routing_config.h"
#include "sim/observer_list.h"
#include "sim/sim_types.h"
#include "sim/simulator.h"

#include <nlohmann/json.hpp>

#include <string>

namespace flit {

TraceEventWriter::TraceEventWriter(std::ostream& out, const Topology& topo,
                                   std::uint64_t firstCycle, std::uint64_t lastCycle)
    : json_(out, "1 ts = 1 router cycle"), topo_(topo), first_(firstCycle), last_(lastCycle) {
  json_.processName(0, "network");
  json_.processName(1, "packets");
}

TraceEventWriter::~TraceEventWriter() { finish(); }

void TraceEventWriter::finish() { json_.finish(); }

std::string TraceEventWriter::nodeText(std::int64_t n) const {
  if (n < 0 || n >= topo_.nodeCount()) return "";
  return formatNodeCoord(topo_.coordOf(static_cast<NodeId>(n)), topo_.dims());
}

std::string TraceEventWriter::node(std::int32_t n) const { return "\"" + nodeText(n) + "\""; }

std::string TraceEventWriter::port(int p) {
  if (p >= 0 && p < kDirectionCount) return "\"" + std::string(directionName(static_cast<Direction>(p))) + "\"";
  return p == kProcessorPort ? "\"processor\"" : "\"\"";
}

void TraceEventWriter::instant(const SimEvent& e, const char* name, int pid, const std::string& args) {
  const std::int64_t tid = pid == 1 ? e.packet : 0;
  if (pid == 1) {
    if (const auto it = unnamed_.find(e.packet); it != unnamed_.end()) {
      json_.threadName(1, tid, "packet " + std::to_string(e.packet) + ": " + nodeText(it->second.first) + " -> " +
                                   nodeText(it->second.second));
      unnamed_.erase(it);
    }
  }
  // Scope: a packet's track, the network's events global.
  json_.instant(e.cycle, name, pid, tid, pid == 0, args);
}

void TraceEventWriter::syncInstant(const SyncEvent& e, const char* name, const std::string& args) {
  if (!syncNamed_) {
    syncNamed_ = true;
    json_.processName(2, "barrier networks");
  }
  const auto bit = std::uint32_t{1} << static_cast<unsigned>(e.bsu & 31);
  if (!(bsuTracksNamed_ & bit)) {
    bsuTracksNamed_ |= bit;
    json_.threadName(2, e.bsu, "BSU " + std::to_string(e.bsu));
  }
  json_.instant(e.cycle, name, 2, e.bsu, false, args);
}

void TraceEventWriter::onSyncEvent(const SyncEvent& e) {
  if (e.cycle < first_ || e.cycle > last_) return;
  const std::string message = ",\"message\":\"" + std::string(syncMessageName(e.packet.message)) + "\"";
  switch (e.kind) {
    case SyncEventKind::StateChange:
      syncInstant(e, "bsuState", "\"node\":" + node(e.node) + ",\"from\":\"" + std::string(bsuStateName(e.from)) +
                                     "\",\"to\":\"" + std::string(bsuStateName(e.to)) + "\"");
      break;
    case SyncEventKind::PacketSent:
      if (e.packet.port == kProcessorPort && isUpward(e.packet.message)) break;  // processor to router
      syncInstant(e, "syncHop", "\"router\":" + node(e.packet.node) + ",\"port\":" + port(e.packet.port) + message);
      break;
    case SyncEventKind::PacketArrived:
      syncInstant(e, "syncArrive", "\"router\":" + node(e.packet.node) + ",\"port\":" + port(e.packet.port) + message);
      break;
    case SyncEventKind::BarrierComplete:
      syncInstant(e, "barrierComplete", "\"latencyCycles\":" + std::to_string(e.latencyCycles));
      break;
    case SyncEventKind::EurekaComplete:
      syncInstant(e, "eurekaComplete", "\"latencyCycles\":" + std::to_string(e.latencyCycles));
      break;
    case SyncEventKind::ParticipantLeft: syncInstant(e, "participantLeft", "\"node\":" + node(e.node)); break;
  }
}

void TraceEventWriter::onEvent(const SimEvent& e) {
  if (e.kind == SimEventKind::PacketCreated) {
    unnamed_[e.packet] = {e.node, e.aux};
    return;
  }
  const bool done = e.kind == SimEventKind::Delivered || e.kind == SimEventKind::Dropped;
  if (e.cycle < first_ || e.cycle > last_) {
    if (done) unnamed_.erase(e.packet);
    return;
  }
  const std::string at = "\"router\":" + node(e.node);
  const std::string hop = at + ",\"port\":" + port(e.port) + ",\"vc\":" + std::to_string(e.vc);
  switch (e.kind) {
    case SimEventKind::PacketInjected: instant(e, "inject", 1, at + ",\"vc\":" + std::to_string(e.vc)); break;
    case SimEventKind::Hop: instant(e, "hop", 1, hop); break;
    case SimEventKind::DatelineCrossed: instant(e, "dateline", 1, hop); break;
    case SimEventKind::DatelineViolation: instant(e, "datelineViolation", 1, hop); break;
    case SimEventKind::AdaptiveHop: instant(e, "adaptiveHop", 1, hop); break;
    case SimEventKind::Delivered:
      instant(e, "deliver", 1, at + ",\"latencyCycles\":" + std::to_string(e.aux));
      break;
    case SimEventKind::Dropped:
      instant(e, "drop", 1,
              "\"destination\":" + node(e.node) + ",\"reason\":\"" +
                  dropReasonName(static_cast<DropReason>(e.aux)) + "\"");
      break;
    case SimEventKind::LinkFailed:
    case SimEventKind::LinkRepaired: {
      const bool ok = e.aux >= 0 && e.aux < topo_.linkCount();
      const std::string link = ok ? topo_.describeLink(static_cast<LinkId>(e.aux)) : std::string();
      instant(e, e.kind == SimEventKind::LinkFailed ? "linkFailed" : "linkRepaired", 0,
              "\"link\":" + nlohmann::json(link).dump());
      break;
    }
    case SimEventKind::NodeFailed: instant(e, "nodeFailed", 0, at); break;
    case SimEventKind::NodeRepaired: instant(e, "nodeRepaired", 0, at); break;
    case SimEventKind::RoutesRebuilt:
      instant(e, "routesRebuilt", 0, std::string("\"accepted\":") + (e.aux ? "true" : "false"));
      break;
    case SimEventKind::Deadlock:
      instant(e, "deadlock", 0, "\"cycleLength\":" + std::to_string(e.aux));
      break;
    case SimEventKind::SpecialHop:
      instant(e, "specialHop", 0, at + ",\"port\":" + port(e.port) + ",\"special\":" + std::to_string(e.aux));
      break;
    case SimEventKind::SpecialArrived:
      instant(e, "specialArrived", 0,
              at + ",\"what\":\"" + specialKindName(static_cast<SpecialKind>(e.port)) +
                  "\",\"special\":" + std::to_string(e.aux));
      break;
    case SimEventKind::SpecialLost:
      instant(e, "specialLost", 0,
              at + ",\"reason\":\"" + specialLossName(static_cast<SpecialLoss>(e.port)) +
                  "\",\"special\":" + std::to_string(e.aux));
      break;
    case SimEventKind::PacketCreated: break;
  }
  if (done) unnamed_.erase(e.packet);
}

void attachTraceWriter(Simulator& sim, ObserverList& observers, TraceEventWriter& writer) {
  observers.add(&writer);
  if (SimSync* sync = sim.sync()) sync->setObserver(&writer);  // barrier events (T3E section 6)
}

TraceOutcome writeRecordingTrace(const Recording& rec, std::ostream& out, std::uint64_t firstCycle,
                                   std::uint64_t lastCycle, const ReplayControl& control,
                                   SimObserver* alsoObserve) {
  Simulator sim(simConfigFromRecording(rec));
  TraceEventWriter writer(out, sim.topology(), firstCycle, lastCycle);
  ObserverList observers;
  attachTraceWriter(sim, observers, writer);
  observers.add(alsoObserve);
  sim.setObserver(observers.attachable());
  // Events are stamped with the cycle that makes them (Simulator::step), so
  // the events of cycle lastCycle are all out once cycle lastCycle + 1 is reached.
  const std::uint64_t until = lastCycle < rec.cycles ? lastCycle + 1 : rec.cycles;
  const ReplayOutcome ran = replayRecording(sim, rec, rec.warmupCycles, until, control);
  TraceOutcome result;
  result.cyclesRun = ran.cyclesRun;
  result.cancelled = ran.cancelled;
  writer.finish();
  result.eventsWritten = writer.eventsWritten();
  return result;
}

}  // namespace flit
