// Readers and writers of the scenario sections "router" and "traffic" (used
// by scenario.cpp; docs/scenario-format.md), "units", "faults", "timeline"
// and "sync". "routing" is scenario/routing_config_json.h's.
#pragma once

#include "scenario/scenario.h"

namespace flit {

// `dims`: the topology's dimension count (router.age's per-dimension biases).
RouterConfig readRouterSection(ObjectReader& root, int dims);
TrafficConfig readTrafficSection(ObjectReader& root, const TopologySpec& topo);

nlohmann::json routerToJson(const RouterConfig& c, int dims);

// Section "units" (scenario/physical_units.h): clockMHz and flitBytes, both or
// neither; absent: {0, 0}.
PhysicalUnits readUnitsSection(ObjectReader& root);
nlohmann::json unitsToJson(const PhysicalUnits& u);

// Field router.age (scenario_age.cpp): clockPeriodCycles, requestBias,
// responseBias (an integer, or one per dimension), processorBias, rrSelect.
AgeConfig readAgeSection(ObjectReader& router, int dims);
AgeConfig readAgeConfig(const nlohmann::json& j, const std::string& path, int dims);  // the object
nlohmann::json ageToJson(const AgeConfig& a, int dims);
nlohmann::json trafficToJson(const TrafficConfig& t, int dims);

// Section "faults" (scenario_faults.cpp): failedLinks, failedNodes, hotSpares,
// and the old timeline (its entries go to s.timeline); needs s.topology.
void readFaultsSection(ObjectReader& root, Scenario& s);
nlohmann::json faultsSectionToJson(const Scenario& s);  // empty object when there are none

// Field "timeline" (scenario_timeline.cpp), appended to s.timeline; needs the
// other sections (an entry the machine cannot take is an error naming it).
void readTimelineSection(ObjectReader& root, Scenario& s);

// Section "sync" and the timeline's barrier operations (scenario_sync.cpp;
// T3E section 6). readSyncSection needs s.topology; checkSyncOperation needs
// s.sync.trees (the BSU must have a tree, the node must participate in it;
// `key` names the entry's action, "scenario.timeline[3].barrier").
void readSyncSection(ObjectReader& root, Scenario& s);
void checkSyncOperation(const Intervention& i, const Scenario& s, const Topology& topo, const std::string& key);
nlohmann::json syncSectionToJson(const SyncConfig& c, int dims);

}  // namespace flit
