// VC table optimization: T3E paper section 4 ("a technique based on
// simulated annealing is used", over the whole ring and its power-of-two
// subrings, "a hierarchical traffic model"), measured by analysis/vc_balance.
//
// The search space: one bit per VC table entry a route of the ring or of one
// of its subrings uses (entries per direction: one per destination ordinate
// with full tables, 8 indexed by its low three bits with VcTableLimit::T3e).
// Constrained entries stay VC0: an entry a dateline-crossing route uses (it
// must start on VC0, section 4), and with T3E tables every route sharing an
// entry with such a route ("any routes using the same entry as a constrained
// route must use VC0"). Entries no route uses stay VC0. So no table this
// returns can make a route of the model commit a dateline violation.
//
// Cost minimized (the paper does not give its own): a weighted sum of each
// level's average and maximum balance, VcCostWeights below. Moves flip one
// free entry, or (half of them) two entries that hold opposite VCs, which
// moves routes between the VCs without changing how many use each;
// Metropolis acceptance with a temperature falling geometrically from 1e-1
// to 1e-4 over the iterations; the best table seen is returned.
// Deterministic: same model, options and seed give the same table (the
// engine's Rng, no std:: distributions).
//
// Threads: none of its own. The GUI runs it on a worker (a QCoro coroutine)
// and passes `progress` and `cancel`; both are used from the calling thread.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <vector>

#include "analysis/vc_balance.h"
#include "routing/routing_config.h"
#include "routing/routing_setup.h"
#include "topology/topology.h"

namespace flit {

// Weights of the levels of Table 1 in the cost: the whole ring, the subring
// of half its size, and the smaller ones. The defaults were found by trying
// weights on Table 1's rings (docs/deadlock-and-vc-balance.md, "The
// optimizer"): the whole ring's average counts most against the half ring,
// the small partitions are cheap to balance and are kept near their optimum,
// and the whole ring's worst link (after the dateline) weighs three times its
// average.
struct VcCostWeights {
  double ringAverage = 4;
  double ringMaximum = 12;
  double halfAverage = 1.5;
  double halfMaximum = 1.5;
  double smallerAverage = 8;
  double smallerMaximum = 8;
  friend bool operator==(const VcCostWeights&, const VcCostWeights&) = default;
};

struct VcOptimizeOptions {
  VcTableLimit limit = VcTableLimit::T3e;
  VcCostWeights weights;
  std::uint64_t seed = 1;
  std::int64_t iterations = 1000000;  // annealing steps per distinct ring; >= 1
  // Called with the fraction done (0..1) about every 1% of the work, and
  // with 1 at the end; may be empty.
  std::function<void(double fraction)> progress;
  // Checked every 1024 steps: when it reads true the search stops and the
  // best table so far is returned with cancelled = true. May be null.
  const std::atomic<bool>* cancel = nullptr;
};

struct RingOptimizeResult {
  RingVcTable table;
  RingBalance before;  // time of crossing (all zeros)
  RingBalance after;
  int freeEntries = 0;
  int constrainedEntries = 0;  // forced to VC0
  std::int64_t iterationsRun = 0;
  bool cancelled = false;
};

// Throws std::invalid_argument when options.iterations < 1 or the radix is
// over 64. `progressBase`/`progressShare`: the part of the caller's whole
// work this ring is (for optimizeVcTables; defaults: all of it).
RingOptimizeResult optimizeRing(const RingModel& ring, const VcOptimizeOptions& options,
                                double progressBase = 0, double progressShare = 1);

struct VcOptimizeResult {
  VcTables tables;                   // the setup's tables with every optimized ring's rows
  std::vector<VcBalanceRow> before;  // evaluateVcBalance with the setup's own tables
  std::vector<VcBalanceRow> after;
  int distinctRings = 0;  // rings with different models each get their own search
  bool cancelled = false;
};

// Every ring of every wrapped dimension of radix >= 4: rings with the same
// RingModel (radix, datelines, routes) share one search, seeded from
// options.seed and the model's index. On cancel the tables hold what was
// found so far (rings not reached keep the setup's rows).
VcOptimizeResult optimizeVcTables(const Topology& topo, const RoutingSetup& setup,
                                  const VcOptimizeOptions& options);

// The tables as scenario entries (routing.vcTables.entries): one per node and
// direction whose row is not all VC0, in node then direction order.
std::vector<VcTableEntry> vcTableEntriesOf(const Topology& topo, const VcTables& tables);

}  // namespace flit
