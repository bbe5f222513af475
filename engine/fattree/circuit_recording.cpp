// Fat-tree recordings (fattree/circuit_recording.h).
#include "fattree/circuit_recording.h"

#include <algorithm>

#include "fattree/circuit_measure.h"
#include "scenario/recording_envelope.h"

namespace flit::fattree {

CircuitRecording parseCircuitRecording(std::string_view jsonText) {
  const nlohmann::json j = parseJsonText(jsonText, kRecordingRoot);
  ObjectReader root(j, kRecordingRoot);
  const RecordingEnvelope env = readRecordingEnvelope(root);
  CircuitRecording r;
  r.scenario = readRecordedScenario(*env.scenario, [](const nlohmann::json& s) { return fatTreeScenarioFromJson(s); });
  r.cycles = env.cycles;
  r.warmupCycles = env.warmupCycles;
  if (env.timeline) {
    r.timeline = readCircuitTimeline(*env.timeline, env.timelinePath, circuitIdCounts(r.scenario.spec), true);
    checkTimelineWithin(r.timeline, env);
  }
  root.finish();
  return r;
}

nlohmann::json circuitRecordingToJson(const CircuitRecording& r) {
  FatTreeScenario s = r.scenario;
  s.timeline.clear();
  return recordingEnvelopeToJson(fatTreeScenarioToJson(s), r.cycles, r.warmupCycles, circuitTimelineToJson(r.timeline));
}

std::string serializeCircuitRecording(const CircuitRecording& r) { return circuitRecordingToJson(r).dump(2) + "\n"; }

CircuitRecording recordCircuitRun(const FatTreeScenario& scenario, const CircuitSimulator& sim,
                                  std::uint64_t warmupCycles) {
  CircuitRecording r;
  r.scenario = scenario;
  r.scenario.timeline.clear();
  r.timeline = sim.applied();
  r.cycles = sim.cycle();
  r.warmupCycles = std::min(warmupCycles, r.cycles);
  return r;
}

FatTreeScenario replayScenario(const CircuitRecording& r) {
  FatTreeScenario s = r.scenario;
  s.timeline = r.timeline;
  return s;
}

FatTreeScenarioOrRecording parseFatTreeScenarioOrRecording(std::string_view jsonText) {
  if (!looksLikeRecording(jsonText)) return {parseFatTreeScenario(jsonText), std::nullopt};
  CircuitRecording r = parseCircuitRecording(jsonText);
  FatTreeScenario s = r.scenario;
  return {std::move(s), std::move(r)};
}

std::uint64_t replayCircuitRecording(CircuitSimulator& sim, std::uint64_t warmupCycles, std::uint64_t untilCycle,
                                     const std::stop_token& stop, const std::function<void()>& afterSlice) {
  const std::uint64_t warmup = std::min(warmupCycles, untilCycle);
  const std::uint64_t ran = runMeasured(sim, warmup, untilCycle - std::min(untilCycle, warmup), stop, afterSlice);
  if (!stop.stop_requested()) sim.applyDue();
  return ran;
}

}  // namespace flit::fattree
