// Fat-tree recording files (docs/recording-format.md, "Fat-tree recordings";
// the value: fattree/circuit_recording.h). parseCircuitRecording returns a
// complete recording or throws ScenarioError naming the field
// ("recording.timeline[3].failRouter: must be 0..191, got 500",
// "recording.scenario.topology.unitTrees: ...").
#pragma once

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <string_view>

#include "fattree/circuit_recording.h"

namespace flit::fattree {

CircuitRecording parseCircuitRecording(std::string_view jsonText);
nlohmann::json circuitRecordingToJson(const CircuitRecording& r);
std::string serializeCircuitRecording(const CircuitRecording& r);  // pretty JSON, round-trips

// A fat-tree file that is a scenario or a recording (looksLikeRecording
// decides): the scenario it shows and, for a recording, the run it replays.
// Throws what parseFatTreeScenario / parseCircuitRecording throw.
struct FatTreeScenarioOrRecording {
  FatTreeScenario scenario;
  std::optional<CircuitRecording> recording;
};
FatTreeScenarioOrRecording parseFatTreeScenarioOrRecording(std::string_view jsonText);

}  // namespace flit::fattree
