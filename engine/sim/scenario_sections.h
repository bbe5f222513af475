// Readers and writers of the scenario sections "router" and "traffic" (used
// by scenario.cpp; docs/scenario-format.md). "routing" belongs to
// routing/routing_config.h.
#pragma once

#include "sim/scenario.h"

namespace flit {

RouterConfig readRouterSection(ObjectReader& root);
TrafficConfig readTrafficSection(ObjectReader& root, const TopologySpec& topo);

nlohmann::json routerToJson(const RouterConfig& c);
nlohmann::json trafficToJson(const TrafficConfig& t, int dims);

}  // namespace flit
