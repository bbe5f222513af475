// TorusRun: the synchronization panel (view/sync_view.h; issue 17). The
// frame's SyncView is a copy of the engine's SimSync (BSU states, the tree's
// registers, the summary); the buttons are processor operations, applied as
// Interventions through the checkpoint store like every other change, so
// they are recorded and rewind sees them.
#include "view/torus_run.h"

#include "sync/sync_transport.h"
#include "view/sync_view.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace flit {
namespace {

const SyncTree* configuredTree(const SimSync& sync, int bsu) {
  if (bsu < 0 || bsu >= kBsusPerNode || !sync.config().treeFor(bsu)) return nullptr;
  const SyncTree& tree = sync.tree(bsu);
  return tree.parentDir.empty() ? nullptr : &tree;
}

}  // namespace

void TorusRun::watchSync(bool watched, int bsu) {
  syncWatched_ = watched;
  syncBsu_ = bsu;
}

// A Barrier or EurekaBarrier for node -1: the panel's buttons (a window's
// apply of that intervention), expanded here into the per-node operations the engine
// records.
void TorusRun::applyTreeOperation(const Intervention& button) {
  const bool eureka = button.kind == InterventionKind::EurekaBarrier;
  const int bsu = button.bsu;
  SimSync* sync = sim_->sync();
  if (!sync) throw std::invalid_argument("barrier: the scenario has no barrier trees (section sync.trees)");
  const SyncTree* tree = configuredTree(*sync, bsu);
  if (!tree) throw std::invalid_argument("barrier: BSU " + std::to_string(bsu) + " has no tree (sync.trees)");
  if (eureka) {
    // The others join the barrier that ends the eureka when they see it
    // (the scenario's sync.joinOnEureka, true unless it says otherwise).
    intervene(Intervention::sync(InterventionKind::EurekaBarrier, eurekaTrigger(*tree), bsu));
    return;
  }
  // Every participant joins. One already armed goes first: the engine
  // refuses it (SyncError: node, BSU, state) before anything was applied.
  std::vector<NodeId> order = tree->participants;
  const SyncNetwork& net = sync->network();
  std::stable_partition(order.begin(), order.end(),
                        [&](NodeId n) { return net.state(n, bsu) == BsuState::Arm; });
  for (NodeId n : order) intervene(Intervention::sync(InterventionKind::Barrier, n, bsu));
}

std::shared_ptr<const SyncView> TorusRun::syncView() const {
  if (!syncWatched_) return nullptr;
  auto view = std::make_shared<SyncView>();
  const SimSync* sync = sim_->sync();
  if (!sync) return view;
  view->hasTrees = true;
  for (const SyncTreeConfig& t : sync->config().trees) view->bsus.push_back(t.bsu);
  std::sort(view->bsus.begin(), view->bsus.end());
  view->summary = sync->summary();
  view->packets = sync->packetsOnLinks(sim_->cycle());
  const SyncTree* tree = configuredTree(*sync, syncBsu_);
  if (!tree) return view;
  const int bsu = syncBsu_;
  const SyncNetwork& net = sync->network();
  const auto nodes = static_cast<std::size_t>(sim_->topology().nodeCount());
  view->bsu = bsu;
  view->state.resize(nodes);
  view->participates.resize(nodes);
  view->parentDir = tree->parentDir;
  view->depth = tree->depth;
  view->signalled.resize(nodes);
  for (std::size_t k = 0; k < nodes; ++k) {
    const auto n = static_cast<NodeId>(k);
    const BsuState s = net.state(n, bsu);
    view->state[k] = static_cast<std::uint8_t>(s);
    view->participates[k] = net.participates(n, bsu) ? 1 : 0;
    view->signalled[k] = net.reg(n, bsu).signalled;
    if (view->participates[k]) ++view->participantsInState[static_cast<std::size_t>(s)];
  }
  view->root = tree->root;
  view->eurekaTrigger = eurekaTrigger(*tree);
  view->idle = net.idle(bsu);
  view->treeDepth = tree->treeDepth();
  return view;
}

}  // namespace flit
