#include "fattree/circuit_trace.h"

#include <nlohmann/json.hpp>
#include <string>

#include "fattree/circuit_measure.h"

namespace flit::fattree {

namespace {

std::string field(const char* key, std::uint64_t value) { return std::string("\"") + key + "\":" + std::to_string(value); }

const char* reasonName(BlockReason r) {
  switch (r) {
    case BlockReason::Busy: return "busy";
    case BlockReason::Fault: return "fault";
    case BlockReason::None: break;
  }
  return "none";
}

}  // namespace

CircuitTraceWriter::CircuitTraceWriter(std::ostream& out, const FatTreeNetwork& net, std::uint64_t firstCycle,
                                       std::uint64_t lastCycle)
    : json_(out, "1 ts = 1 RN1 cycle (10 ns)"), net_(net), first_(firstCycle), last_(lastCycle),
      named_(net.endpointCount, false) {
  json_.processName(0, "network");
  json_.processName(1, "endpoints");
}

void CircuitTraceWriter::onCircuitEvent(const CircuitEvent& e) {
  if (e.cycle < first_ || e.cycle > last_) return;
  if (e.endpoint < named_.size() && !named_[e.endpoint]) {
    named_[e.endpoint] = true;
    json_.threadName(1, e.endpoint, "endpoint " + std::to_string(e.endpoint));
  }
  const std::string attempt = field("attempt", e.attempt);
  const std::string channel = field("channel", e.channel);
  const auto emit = [&](const char* name, const std::string& args) {
    json_.instant(e.cycle, name, 1, e.endpoint, false, args);
  };
  // The router, its unit tree (block id) and its stack layer.
  const auto router = [&] {
    std::string s = field("router", e.router);
    if (e.router < net_.routers.size()) {
      const Rn1Router& r = net_.routers[e.router];
      s += "," + field("unitTree", r.block) + "," + field("layer", r.layer);
    }
    return s;
  };
  switch (e.kind) {
    case CircuitEventKind::MessageCreated: emit("message", field("destination", e.destination)); break;
    case CircuitEventKind::AttemptStarted:
      emit("attempt", attempt + "," + field("destination", e.destination) + "," + channel);
      break;
    case CircuitEventKind::Hop: emit("hop", attempt + "," + router() + "," + channel); break;
    case CircuitEventKind::Blocked:
      emit("discard", attempt + "," + router() + ",\"reason\":\"" + reasonName(e.reason) + "\"," + channel);
      break;
    case CircuitEventKind::Arrived: emit("arrive", attempt + "," + channel); break;
    case CircuitEventKind::Reversed: emit("reverse", attempt); break;
    case CircuitEventKind::Status:
      emit("status", attempt + ",\"success\":" + (e.success ? "true" : "false"));
      break;
    case CircuitEventKind::Delivered:
      emit("deliver", field("destination", e.destination) + "," + field("latencyCycles", e.latencyCycles) + "," +
                          field("attempts", e.attempt));
      break;
    case CircuitEventKind::GivenUp: emit("givenUp", field("attempts", e.attempt)); break;
  }
}

void CircuitTraceWriter::note(const CircuitChange& c) {
  if (c.cycle < first_ || c.cycle > last_) return;
  const std::string args =
      c.kind == CircuitChangeKind::SetRate ? "\"rate\":" + nlohmann::json(c.rate).dump() : field("id", c.id);
  json_.instant(c.cycle, std::string(circuitChangeKindName(c.kind)), 0, 0, true, args);
}

CircuitTraceOutcome writeCircuitRecordingTrace(const CircuitRecording& rec, std::ostream& out,
                                               std::uint64_t firstCycle, std::uint64_t lastCycle,
                                               const std::stop_token& stop,
                                               const std::function<void(std::uint64_t, std::uint64_t)>& progress) {
  CircuitSimulator sim = scenarioSimulator(buildFatTree(rec.scenario.spec), replayScenario(rec));
  CircuitTraceWriter writer(out, sim.network(), firstCycle, lastCycle);
  sim.setObserver(&writer);
  // Events carry the cycle that makes them: those of lastCycle are all out
  // once cycle lastCycle + 1 is reached.
  const std::uint64_t until = lastCycle < rec.cycles ? lastCycle + 1 : rec.cycles;
  CircuitTraceOutcome result;
  result.cyclesRun = replayCircuitRecording(sim, rec.warmupCycles, until, stop, [&] {
    if (progress) progress(sim.cycle(), until);
  });
  result.cancelled = stop.stop_requested();
  for (const CircuitChange& c : sim.applied()) writer.note(c);
  writer.finish();
  result.eventsWritten = writer.eventsWritten();
  return result;
}

}  // namespace flit::fattree
