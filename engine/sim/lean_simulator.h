// The lean engine: a second hot path for the textbook router family, with
// results identical to Simulator's (docs/engine.md, "The lean engine").
//
// Simulator carries everything Flitscope models (T3E tags, adaptive routing,
// request/response classes, faults, hot spares, events for the GUI) and pays
// for it on every flit. LeanSimulator runs the configurations that use none
// of that (unsupportedReason() says which do) with a hot path shaped for
// them: each router's decision state (its fronts' ready cycles, routes,
// output VC credits and owners) in one block of cache lines, the ready
// fronts found with one SIMD compare, and buffers read only to send. Cycle
// by cycle it keeps the same state as Simulator (the same flits in the same
// buffers, the same random draws, arbitration and counters), so every
// number it reports equals Simulator's for the same scenario and seed
// (tst_lean_engine checks that, counter by counter). flitscope-cli run and
// sweep use it when the run allows (docs/cli.md, --engine).
//
// Not thread-safe, like Simulator; no observer: a run that needs events,
// faults or the deadlock report uses Simulator.
#pragma once

#include "sim/sim_types.h"
#include "topology/topology.h"

#include <cstdint>
#include <memory>
#include <string>

namespace flit {

class LeanSimulator {
 public:
  // Empty when LeanSimulator can run cfg; else why not, naming the setting
  // ("router.arbiter: t3e", "faults", ...).
  static std::string unsupportedReason(const SimConfig& cfg);

  // Throws ScenarioError on an inconsistent config (as Simulator does) and
  // std::invalid_argument when unsupportedReason(cfg) is not empty.
  explicit LeanSimulator(const SimConfig& cfg);
  ~LeanSimulator();
  LeanSimulator(const LeanSimulator&) = delete;
  LeanSimulator& operator=(const LeanSimulator&) = delete;

  // As Simulator: one cycle; false (and nothing done) once the watchdog
  // fired. The lean engine builds no deadlock report: rerun the scenario on
  // Simulator (same seed, same cycles) to get it.
  bool step();
  std::uint64_t run(std::uint64_t n);
  void resetStats();

  std::uint64_t cycle() const;
  const Topology& topology() const;
  const SimTotals& totals() const;
  const SimStats& stats() const;
  bool deadlocked() const;
  int vcCount() const;
  PortCounters portCounters(NodeId n, int port) const;
  int bufferedFlits(NodeId n, int port, int vc) const;
  double meanOccupancy(NodeId n, int port, int vc) const;
  double linkUtilization(NodeId n, int port) const;

  class Core;  // lean_simulator.cpp

 private:
  std::unique_ptr<Core> core_;
};

}  // namespace flit
