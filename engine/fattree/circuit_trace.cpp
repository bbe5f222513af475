#include "fattree/circuit_trace.h"

#include <nlohmann/json.hpp>
#include <string>

#include "fattree/circuit_measure.h"

namespace flit::fattree {

namespace {

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
  TraceArgs& a = args_.clear();
  // The router, its unit tree (block id) and its stack layer.
  const auto router = [&] {
    a.number("router", e.router);
    if (e.router < net_.routers.size()) {
      const Rn1Router& r = net_.routers[e.router];
      a.number("unitTree", r.block).number("layer", r.layer);
    }
  };
  const char* name = nullptr;
  switch (e.kind) {
    case CircuitEventKind::MessageCreated:
      name = "message";
      a.number("destination", e.destination);
      break;
    case CircuitEventKind::AttemptStarted:
      name = "attempt";
      a.number("attempt", e.attempt).number("destination", e.destination).number("channel", e.channel);
      break;
    case CircuitEventKind::Hop:
      name = "hop";
      a.number("attempt", e.attempt);
      router();
      a.number("channel", e.channel);
      break;
    case CircuitEventKind::Blocked:
      name = "discard";
      a.number("attempt", e.attempt);
      router();
      a.text("reason", reasonName(e.reason)).number("channel", e.channel);
      break;
    case CircuitEventKind::Arrived:
      name = "arrive";
      a.number("attempt", e.attempt).number("channel", e.channel);
      break;
    case CircuitEventKind::Reversed:
      name = "reverse";
      a.number("attempt", e.attempt);
      break;
    case CircuitEventKind::Status:
      name = "status";
      a.number("attempt", e.attempt).json("success", e.success ? "true" : "false");
      break;
    case CircuitEventKind::Delivered:
      name = "deliver";
      a.number("destination", e.destination).number("latencyCycles", e.latencyCycles).number("attempts", e.attempt);
      break;
    case CircuitEventKind::GivenUp:
      name = "givenUp";
      a.number("attempts", e.attempt);
      break;
  }
  json_.instant(e.cycle, name, 1, e.endpoint, false, a.view());
}

void CircuitTraceWriter::finish(const std::vector<CircuitChange>& applied) {
  for (const CircuitChange& c : applied) {
    if (c.cycle < first_ || c.cycle > last_) continue;
    TraceArgs& a = args_.clear();
    if (c.kind == CircuitChangeKind::SetRate) {
      a.json("rate", nlohmann::json(c.rate).dump());
    } else {
      a.number("id", c.id);
    }
    json_.instant(c.cycle, circuitChangeKindName(c.kind), 0, 0, true, a.view());
  }
  json_.finish();
}

TraceOutcome writeCircuitRecordingTrace(const CircuitRecording& rec, std::ostream& out,
                                               std::uint64_t firstCycle, std::uint64_t lastCycle,
                                               const std::stop_token& stop,
                                               const std::function<void(std::uint64_t, std::uint64_t)>& progress) {
  CircuitSimulator sim = scenarioSimulator(buildFatTree(rec.scenario.spec), replayScenario(rec));
  CircuitTraceWriter writer(out, sim.network(), firstCycle, lastCycle);
  sim.setObserver(&writer);
  // Events carry the cycle that makes them: those of lastCycle are all out
  // once cycle lastCycle + 1 is reached.
  const std::uint64_t until = lastCycle < rec.cycles ? lastCycle + 1 : rec.cycles;
  TraceOutcome result;
  result.cyclesRun = replayCircuitRecording(sim, rec.warmupCycles, until, stop, [&] {
    if (progress) progress(sim.cycle(), until);
  });
  result.cancelled = stop.stop_requested();
  writer.finish(sim.applied());
  result.eventsWritten = writer.eventsWritten();
  return result;
}

}  // namespace flit::fattree
