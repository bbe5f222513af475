// NetworkController: what the pointer does in the 3D view (issue 42, item
// 2): picking nodes and links along a ray, hover and what a click would do
// there (hoverAction, clickAction), clicks (a link only in Break links mode,
// a node selects it or opens a collapsed unit tree) and the selected node.
// The rest of the controller is in network_controller.cpp.
#include "network_controller.h"

#include <utility>

QVector3D NetworkController::nodePosition(int node) const {
  if (node < 0 || node >= layout_.nodeCount()) return layout_.center();
  return layout_.nodePosition(node);
}

QVector3D NetworkController::linkAnchor(int link) const {
  if (link < 0 || link >= layout_.linkCount()) return layout_.center();
  return layout_.linkAnchor(link);
}

int NetworkController::pickNode(const QVector3D& origin, const QVector3D& through) const {
  const PickHit hit = ray_picker::pick(layout_, origin, through);
  return hit.kind == PickHit::Kind::Node ? hit.id : -1;
}

int NetworkController::pickLink(const QVector3D& origin, const QVector3D& through) const {
  const PickHit hit = ray_picker::pick(layout_, origin, through);
  return hit.kind == PickHit::Kind::Link ? hit.id : -1;
}

void NetworkController::hoverRay(const QVector3D& origin, const QVector3D& through) {
  setHover(ray_picker::pick(layout_, origin, through));
}

void NetworkController::clearHover() { setHover(PickHit{}); }

void NetworkController::setHover(PickHit hit) {
  const int node = hit.kind == PickHit::Kind::Node ? hit.id : -1;
  const int link = hit.kind == PickHit::Kind::Link ? hit.id : -1;
  QString text = node >= 0 ? describeNode(node) : link >= 0 ? describeLink(link) : QString();
  if (node == hoveredNode_ && link == hoveredLink_ && text == hoverText_) return;
  hoveredNode_ = node;
  hoveredLink_ = link;
  hoverText_ = std::move(text);
  emit hoverChanged();
}

int NetworkController::clickRay(const QVector3D& origin, const QVector3D& through) {
  const PickHit hit = ray_picker::pick(layout_, origin, through);
  if (hit.kind == PickHit::Kind::Link) return clickLink(hit.id) ? hit.id : -1;
  if (hit.kind == PickHit::Kind::Node) clickNode(hit.id);
  return -1;
}

bool NetworkController::clickLink(int link) {
  if (link < 0 || link >= linkCount()) return false;
  if (!breakMode_) {
    emit linkClickIgnored(link);
    return false;
  }
  toggleLink(link);
  return true;
}

void NetworkController::setBreakMode(bool on) {
  if (on == breakMode_) return;
  breakMode_ = on;
  emit breakModeChanged();
  emit hoverChanged();  // what a click does changed
}

QString NetworkController::clickAction(int node, int link) const {
  if (link >= 0 && link < linkCount()) {
    const bool up = linkUp(link);
    if (breakMode_) return up ? tr("click breaks it") : tr("click repairs it");
    if (!linkKey_)
      return up ? tr("click it in Break links mode (X) to break it") : tr("click it in Break links mode (X) to repair it");
    return up ? tr("B breaks it (or click it in Break links mode, X)")
              : tr("B repairs it (or click it in Break links mode, X)");
  }
  if (node >= 0 && node < nodeCount()) {
    if (blockCollapsed(node)) return tr("click expands the unit tree into its RN1s; right-click for its menu");
    if (endpointOf(node) >= 0) return tr("click selects it; right-click follows its message");
    return tr("click selects it (node inspector); right-click to fail or repair it");
  }
  return {};
}

void NetworkController::clickNode(int node) {
  if (node < 0 || node >= nodeCount()) return;
  if (blockCollapsed(node)) {  // a collapsed fat-tree unit tree opens into its RN1s
    setBlockCollapsed(node, false);
    return;
  }
  setSelectedNode(node);
  emit nodeClicked(node);
}

void NetworkController::setSelectedNode(int node) {
  if (node < 0 || node >= nodeCount()) node = -1;
  if (node == selectedNode_) return;
  selectedNode_ = node;
  emit selectedNodeChanged();
}
