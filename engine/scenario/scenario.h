// Flitscope scenario files: JSON, versioned, documented in
// docs/scenario-format.md. loadScenario* either returns a complete Scenario or
// throws ScenarioError whose message names the field and the reason
// ("scenario.topology.radix[1]: must be 2..64, got 0"); nothing is half-loaded.
//
// Sections owned by later engine parts (router, routing, traffic) are added
// here as they land; every section rejects unknown keys.
#pragma once

#include "router/router_config.h"
#include "routing/routing_config.h"
#include "scenario/intervention.h"
#include "scenario/json_fields.h"
#include "scenario/physical_units.h"
#include "sync/sync_config.h"
#include "topology/topology.h"
#include "traffic/traffic.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace flit {

inline constexpr int kScenarioFormatVersion = 1;
inline constexpr std::size_t kMaxScenarioBytes = 16u * 1024u * 1024u;

// A failed link named by the node it leaves and the direction, as on the
// command line: "X,Y,Z:DIR", e.g. "3,0,1:+X".
struct LinkSpec {
  Coord node;
  Direction dir = Direction::PlusX;
  friend bool operator==(const LinkSpec&, const LinkSpec&) = default;
};
// Throws ScenarioError(path, ...) when the text is malformed.
LinkSpec parseLinkSpec(std::string_view text, const std::string& path);
std::string formatLinkSpec(const LinkSpec& l, int dims);
// The link, or throws ScenarioError(path, ...) when no such link exists.
LinkId resolveLinkSpec(const Topology& topo, const LinkSpec& l, const std::string& path);
// The inverse: link l named from its lower end in the + direction.
LinkSpec linkSpecOf(const Topology& topo, LinkId l);

struct Scenario {
  std::string name;
  std::string description;
  std::uint64_t seed = 1;
  TopologySpec topology;
  std::vector<LinkSpec> failedLinks;        // faults.failedLinks: down from cycle 0
  std::vector<Coord> failedNodes;           // faults.failedNodes: down from cycle 0
  // timeline (and the old faults.timeline, converted), in file order; the
  // simulator sorts it by cycle, stably (docs/scenario-format.md "timeline").
  std::vector<Intervention> timeline;
  std::vector<Coord> hotSpares;  // faults.hotSpares: nodes that take over failed nodes' logical PEs
  RouterConfig router;            // section "router" (defaults: the textbook generic router)
  RoutingConfig routing;          // section "routing" (scenario/routing_config_json.h); absent:
                                  // defaultRoutingConfig(topology)
  TrafficConfig traffic;          // section "traffic"
  // section "sync": BSU trees and the join workload (scenario/scenario_sync.cpp);
  // the barrier operations are the timeline's barrier, eureka and
  // eurekaBarrier entries
  SyncConfig sync;
  PhysicalUnits units;  // section "units": clock and flit width (absent: 0, figures in cycles)
};

// The timeline's barrier operations (kinds barrier, eureka, eurekaBarrier),
// in timeline order, for the idle transport (playSyncOperations).
SyncOperation syncOperationOf(const Intervention& i);
std::vector<SyncOperation> syncOperationsOf(const std::vector<Intervention>& timeline);


// Parse from text; `origin` prefixes nothing but is used in the JSON-syntax
// error ("scenario: not valid JSON at byte 12: ...").
Scenario parseScenario(std::string_view jsonText);
Scenario loadScenarioFile(const std::string& path);  // errors include the file name for I/O
// The same from parsed JSON (errors name "scenario.<field>"), e.g. the
// scenario embedded in a recording (scenario/recording.h).
Scenario scenarioFromJson(const nlohmann::json& j);
// A file's text, at most kMaxScenarioBytes; ScenarioError naming the file.
std::string readScenarioFileText(const std::string& path);
nlohmann::json scenarioToJson(const Scenario& s);
std::string serializeScenario(const Scenario& s);  // pretty JSON, round-trips with parseScenario

// Builds the topology with the scenario's failed links marked down.
Topology buildTopology(const Scenario& s);

}  // namespace flit
