// The scenario's synchronization part (docs/scenario-format.md "sync"): the
// BSU trees of section `sync` and the barrier operations of the `timeline`
// (read by scenario/scenario_sync.cpp). T3E paper (seed 000_bcf8236523569157.txt)
// section 6: a set of processors is given a BSU, the routers hold its tree.
//
// The operations are Interventions of the timeline (scenario/intervention.h, kinds
// barrier, eureka, eurekaBarrier), run by the Simulator on its barrier VC;
// playSyncOperations() (sync/sync_transport.h) runs a list of them on the
// idle standalone transport. Plain data: scenario.h includes this header.
#pragma once

#include "sync/bsu_state.h"
#include "sync/sync_tree.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace flit {

struct SyncTreeConfig {
  int bsu = 0;                          // 0..31
  std::string participants = "all";     // parseParticipants() syntax
  TreeShape shape = TreeShape::MinimumDepth;
  std::optional<Coord> root;            // default per shape (sync/sync_tree.h)
  friend bool operator==(const SyncTreeConfig&, const SyncTreeConfig&) = default;
};

// A processor operation at a cycle (the timeline's {"cycle": c, "barrier" |
// "eureka" | "eurekaBarrier": {"node": "X,Y,Z", "bsu": b}}).
struct SyncOperation {
  std::uint64_t cycle = 0;
  NodeId node = kInvalidId;
  int bsu = 0;
  BsuOp op = BsuOp::Bar;
  friend bool operator==(const SyncOperation&, const SyncOperation&) = default;
};
std::string_view syncOperationKey(BsuOp op);  // "barrier", "eureka", "eurekaBarrier"
std::optional<BsuOp> parseSyncOperationKey(std::string_view key);

// The join workload: every participant of BSU `bsu` computes for a random
// time, uniform in [0, computeCycles) cycles (the simulator's seeded
// generator for barriers), then joins the barrier (OP_BAR); when the barrier
// completes at its node it computes again, from `startCycle` on.
struct SyncWorkload {
  int bsu = 0;
  std::uint64_t computeCycles = 100;
  std::uint64_t startCycle = 0;
  friend bool operator==(const SyncWorkload&, const SyncWorkload&) = default;
};

struct SyncConfig {
  std::vector<SyncTreeConfig> trees;  // at most one per BSU
  std::optional<SyncWorkload> workload;
  // Section 6: "As processors observe the eureka, they indicate this by
  // performing an OP_BAR": a processor whose BSU a eureka notification takes
  // to S_EUR joins the barrier that ends it at once. false: the timeline
  // gives those OP_BARs.
  bool joinOnEureka = true;
  const SyncTreeConfig* treeFor(int bsu) const;
  friend bool operator==(const SyncConfig&, const SyncConfig&) = default;
};

// The request for one configured tree; std::invalid_argument on a bad
// participants text or a root outside the topology.
TreeRequest treeRequestOf(const SyncTreeConfig& c, const Topology& topo);

}  // namespace flit
