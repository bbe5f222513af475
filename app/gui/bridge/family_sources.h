// The simulation source of each family, made in its own room: the one
// place a scenario's family picks the engine behind the worker
// (SimulationController::startScenario / startFatTree). Neutral code sees
// only SimulationSource; each function throws what its engine throws for a
// configuration it cannot run.
#pragma once

#include "simulation_source.h"

#include <cstddef>
#include <memory>
#include <string>

namespace flit {
struct SimConfig;
}  // namespace flit
namespace flit::fattree {
struct FatTreeScenario;
}  // namespace flit::fattree

namespace flitgui {

// A k-ary n-cube (torus/simulator_source.cpp): with more flits in flight than
// `flitsDrawnOneByOne` its frames count them per channel.
// `name`: the scenario's, kept in its recordings (empty: "Flitscope GUI session").
// `engineThreads`: the threads its cycle runs on (flit::Simulator::setThreads).
std::unique_ptr<SimulationSource> makeTorusSource(const flit::SimConfig& config, std::size_t flitsDrawnOneByOne,
                                                  const std::string& name = {}, int engineThreads = 1);
// A fat-tree (fat_tree/circuit_source.cpp).
std::unique_ptr<SimulationSource> makeFatTreeSource(const flit::fattree::FatTreeScenario& scenario);

}  // namespace flitgui
