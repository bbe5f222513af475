// NetworkController for the Transit fat-tree family (issue 19; DeHon, seed
// 004): the network built from the scenario, shown through the same graph
// and layout as a torus (topology/network_graph.h, SceneLayout::fatTree),
// its routers, endpoints and channels named for the status bar and the
// side panel.
#include "network_controller.h"

#include "circuit_shape_view.h"
#include "fat_tree_family_view.h"

#include "fattree/fat_tree_scenario.h"

#include <QStringList>

#include <algorithm>

using flit::fattree::FatTreeNetwork;

struct NetworkController::FatTree {
  flit::fattree::FatTreeScenario scenario;
  FatTreeNetwork net;
  std::optional<flit::fattree::CircuitRecording> recording;  // the file was a recording: the simulation replays it
};

const flit::fattree::FatTreeScenario* NetworkController::fatTreeScenario() const {
  return fatTree_ ? &fatTree_->scenario : nullptr;
}

const flit::fattree::CircuitRecording* NetworkController::fatTreeRecording() const {
  return fatTree_ && fatTree_->recording ? &*fatTree_->recording : nullptr;
}

namespace {
// The 3D layout: the fat-tree's, or the one its shape draws itself.
SceneLayout layoutOf(const FatTreeNetwork& net, const flit::NetworkGraph& graph, const std::vector<std::uint8_t>& collapsed) {
  const flitgui::CircuitShapeView* shape = flitgui::otherShapeViewOf(net.spec);
  return shape ? shape->layout(net, graph) : SceneLayout::fatTree(net, graph, collapsed);
}
}  // namespace

const FatTreeNetwork* NetworkController::fatTreeNetwork() const { return fatTree_ ? &fatTree_->net : nullptr; }

void NetworkController::applyFatTree(flit::fattree::FatTreeScenario scenario, const QString& path,
                                     std::optional<flit::fattree::CircuitRecording> replay) {
  auto tree = std::make_shared<FatTree>();
  tree->net = flit::fattree::buildFatTree(scenario.spec);
  tree->scenario = std::move(scenario);
  tree->recording = std::move(replay);
  scenario_.reset();
  recording_.reset();
  topology_.reset();
  fatTree_ = std::move(tree);
  const FatTreeNetwork& net = fatTree_->net;
  flit::NetworkGraph graph = flit::fattree::networkGraphOf(net);
  const flitgui::CircuitShapeView* shape = flitgui::otherShapeViewOf(net.spec);
  const bool blocksAsUnits = !shape || shape->blocksAsUnits;
  blockCollapsed_.assign(net.blocks.size(), blocksAsUnits && net.routerCount() > kCollapseAboveRouters ? 1 : 0);
  SceneLayout layout = layoutOf(net, graph, blockCollapsed_);
  showNetwork(std::move(graph), std::move(layout), path);
  // The scenario's faults, as the simulation takes them.
  const flit::fattree::FaultMap faults = flit::fattree::scenarioFaultMap(net, fatTree_->scenario);
  for (std::uint32_t r = 0; r < net.routerCount(); ++r) nodeDown_[r] = faults.routerFailed[r];
  for (std::size_t l = 0; l < graph_.links.size(); ++l) linkDown_[l] = faults.channelFailed[graph_.links[l].familyId];
  setFamily(shape ? shape->familySpec(linkCount()) : flitgui::fatTreeFamilySpec(linkCount()));
  emit scenarioChanged();
  emit layoutChanged();
  emit linkStatesChanged();
  emit nodeStatesChanged();
  emit undoStateChanged();
}

QString NetworkController::fatTreeTopologyText() const {
  const FatTreeNetwork& net = fatTree_->net;
  if (const flitgui::CircuitShapeView* shape = flitgui::otherShapeViewOf(net.spec)) return shape->topologyText(net);
  QStringList blocks;
  const auto counts = net.blockCounts();
  for (int k = 0; k < flit::fattree::kBlockKindCount; ++k) {
    if (counts[static_cast<std::size_t>(k)] == 0) continue;
    blocks << QStringLiteral("%1 %2").arg(counts[static_cast<std::size_t>(k)])
                  .arg(QLatin1String(flit::fattree::blockKindName(static_cast<flit::fattree::BlockKind>(k))));
  }
  return tr("fat-tree, %1 endpoints (%2), %3 RN1 routers")
      .arg(net.endpointCount)
      .arg(blocks.join(QStringLiteral(" + ")))
      .arg(net.routerCount());
}

QString NetworkController::describeFatTreeNode(int node) const {
  if (node < 0 || node >= nodeCount()) return {};
  const FatTreeNetwork& net = fatTree_->net;
  const auto id = static_cast<std::uint32_t>(node);
  if (graph_.isEndpoint(id)) return tr("endpoint %1").arg(id - graph_.routerCount);
  const flit::fattree::Rn1Router& r = net.routers[id];
  const flit::fattree::Block& b = net.blocks[r.block];
  if (const flitgui::CircuitShapeView* shape = flitgui::otherShapeViewOf(net.spec)) return shape->routerText(net, id);
  if (blockCollapsed(node))
    return tr("%1 %2 of stage %3: %4 RN1s, collapsed (click to expand)")
        .arg(QLatin1String(flit::fattree::blockKindName(b.kind)))
        .arg(r.block)
        .arg(b.stage)
        .arg(b.routerCount);
  return tr("RN1 %1 (%2 %3 of stage %4, layer %5)")
      .arg(id)
      .arg(QLatin1String(flit::fattree::blockKindName(b.kind)))
      .arg(r.block)
      .arg(b.stage)
      .arg(r.layer);
}

QString NetworkController::describeFatTreeLink(int link) const {
  if (link < 0 || link >= linkCount()) return {};
  const flit::GraphLink& l = graph_.links[static_cast<std::size_t>(link)];
  const auto end = [this](std::uint32_t n) {
    return graph_.isEndpoint(n) ? tr("endpoint %1").arg(n - graph_.routerCount) : tr("RN1 %1").arg(n);
  };
  return tr("channel %1: %2 -> %3").arg(l.familyId).arg(end(l.a), end(l.b));
}

namespace {
// "RN1 5" -> 5 for the word "RN1"; -1 for another word or no number.
int numberAfter(const QString& name, QLatin1String word) {
  if (!name.startsWith(word + QLatin1Char(' '))) return -1;
  bool ok = false;
  const int n = name.mid(word.size() + 1).trimmed().toInt(&ok);
  return ok && n >= 0 ? n : -1;
}
}  // namespace

int NetworkController::findFatTreeNode(const QString& name) const {
  if (const int r = numberAfter(name, QLatin1String("RN1")); r >= 0)
    return static_cast<std::uint32_t>(r) < graph_.routerCount ? r : -1;
  if (const int e = numberAfter(name, QLatin1String("endpoint")); e >= 0)
    return e < nodeCount() - static_cast<int>(graph_.routerCount) ? static_cast<int>(graph_.routerCount) + e : -1;
  return -1;
}

int NetworkController::findFatTreeLink(const QString& name) const {
  const int channel = numberAfter(name, QLatin1String("channel"));
  if (channel < 0) return -1;
  for (std::size_t l = 0; l < graph_.links.size(); ++l)
    if (graph_.links[l].familyId == static_cast<std::uint32_t>(channel)) return static_cast<int>(l);
  return -1;
}

int NetworkController::endpointOf(int node) const {
  if (!fatTree_ || node < 0 || node >= nodeCount() || !graph_.isEndpoint(static_cast<std::uint32_t>(node))) return -1;
  return node - static_cast<int>(graph_.routerCount);
}

int NetworkController::blockOf(int node) const {
  if (!fatTree_ || node < 0 || static_cast<std::uint32_t>(node) >= graph_.routerCount) return -1;
  if (const flitgui::CircuitShapeView* shape = flitgui::otherShapeViewOf(fatTree_->net.spec); shape && !shape->blocksAsUnits) return -1;
  return static_cast<int>(fatTree_->net.routers[static_cast<std::size_t>(node)].block);
}

bool NetworkController::blockCollapsed(int node) const {
  const int block = blockOf(node);
  return block >= 0 && blockCollapsed_[static_cast<std::size_t>(block)] != 0;
}

int NetworkController::blockCount() const { return fatTree_ ? static_cast<int>(fatTree_->net.blocks.size()) : 0; }

int NetworkController::failedBlockCount() const {
  if (!fatTree_) return 0;
  int failed = 0;
  for (const flit::fattree::Block& b : fatTree_->net.blocks) {
    bool all = b.routerCount > 0;
    for (std::uint32_t r = b.firstRouter; all && r < b.firstRouter + b.routerCount; ++r) all = !nodeUp(static_cast<int>(r));
    failed += all ? 1 : 0;
  }
  return failed;
}

int NetworkController::collapsedBlockCount() const {
  return static_cast<int>(std::count(blockCollapsed_.begin(), blockCollapsed_.end(), std::uint8_t{1}));
}

int NetworkController::drawnNodeCount() const {
  int n = 0;
  for (int i = 0; i < layout_.nodeCount(); ++i) n += layout_.nodeRadius(i) > 0.0f ? 1 : 0;
  return n;
}

void NetworkController::placeFatTree() {
  layout_ = layoutOf(fatTree_->net, graph_, blockCollapsed_);
  clearHover();
  emit layoutChanged();
}

void NetworkController::setBlockCollapsed(int node, bool collapsed) {
  const int block = blockOf(node);
  if (block < 0 || (blockCollapsed_[static_cast<std::size_t>(block)] != 0) == collapsed) return;
  blockCollapsed_[static_cast<std::size_t>(block)] = collapsed ? 1 : 0;
  placeFatTree();
}

void NetworkController::setAllBlocksCollapsed(bool collapsed) {
  if (!fatTree_) return;
  const std::uint8_t v = collapsed ? 1 : 0;
  if (std::all_of(blockCollapsed_.begin(), blockCollapsed_.end(), [v](std::uint8_t c) { return c == v; })) return;
  std::fill(blockCollapsed_.begin(), blockCollapsed_.end(), v);
  placeFatTree();
}

void NetworkController::setBlockUp(int node, bool up) {
  const int block = blockOf(node);
  if (block < 0) return;
  const flit::fattree::Block& b = fatTree_->net.blocks[static_cast<std::size_t>(block)];
  undoStack_.beginMacro(up ? tr("repair %1 %2").arg(QLatin1String(flit::fattree::blockKindName(b.kind))).arg(block)
                           : tr("fail %1 %2").arg(QLatin1String(flit::fattree::blockKindName(b.kind))).arg(block));
  for (std::uint32_t r = b.firstRouter; r < b.firstRouter + b.routerCount; ++r) setNodeUp(static_cast<int>(r), up);
  undoStack_.endMacro();
}

std::optional<flit::fattree::FatTreeScenario> NetworkController::fatTreeScenarioAsShown() const {
  if (!fatTree_) return std::nullopt;
  flit::fattree::FatTreeScenario s = fatTree_->scenario;
  const FatTreeNetwork& net = fatTree_->net;
  flit::fattree::FatTreeFaults faults;
  std::vector<std::uint8_t> covered(net.routerCount(), 0);
  for (const std::uint32_t block : s.faults.unitTrees) {
    const flit::fattree::Block& b = net.blocks[block];
    bool allDown = true;
    for (std::uint32_t r = b.firstRouter; r < b.firstRouter + b.routerCount; ++r) allDown = allDown && nodeDown_[r];
    if (!allDown) continue;
    faults.unitTrees.push_back(block);
    for (std::uint32_t r = b.firstRouter; r < b.firstRouter + b.routerCount; ++r) covered[r] = 1;
  }
  for (std::uint32_t r = 0; r < net.routerCount(); ++r)
    if (nodeDown_[r] && !covered[r]) faults.routers.push_back(r);
  for (std::size_t l = 0; l < graph_.links.size(); ++l)
    if (linkDown_[l]) faults.channels.push_back(graph_.links[l].familyId);
  std::sort(faults.channels.begin(), faults.channels.end());
  s.faults = std::move(faults);
  return s;
}
