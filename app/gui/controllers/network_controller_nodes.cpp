// NetworkController: node failures from the view (issue 5, right-click a
// node), undoable like link failures; applied in the simulation when one is
// set (network_controller.h, setSimulation).
#include "network_controller.h"

#include "simulation_controller.h"

#include <QUndoCommand>

class NodeStateCommand : public QUndoCommand {
 public:
  NodeStateCommand(NetworkController* controller, int node, bool up) : controller_(controller), node_(node), up_(up) {
    setText(up ? NetworkController::tr("repair %1").arg(controller->describeNode(node))
               : NetworkController::tr("fail %1").arg(controller->describeNode(node)));
  }
  void redo() override { controller_->applyNodeState(node_, up_); }
  void undo() override { controller_->applyNodeState(node_, !up_); }

 private:
  NetworkController* controller_;
  int node_;
  bool up_;
};

int NetworkController::failedNodeCount() const {
  int n = 0;
  for (const auto down : nodeDown_) n += down;
  return n;
}

QList<int> NetworkController::failedNodeIds() const {
  QList<int> ids;
  for (std::size_t n = 0; n < nodeDown_.size(); ++n)
    if (nodeDown_[n]) ids << static_cast<int>(n);
  return ids;
}

bool NetworkController::nodeUp(int node) const {
  return node < 0 || static_cast<std::size_t>(node) >= nodeDown_.size() || !nodeDown_[static_cast<std::size_t>(node)];
}

void NetworkController::setNodeUp(int node, bool up) {
  if (node < 0 || static_cast<std::size_t>(node) >= nodeDown_.size() || nodeUp(node) == up) return;
  undoStack_.push(new NodeStateCommand(this, node, up));
}

void NetworkController::applyNodeState(int node, bool up) {
  showNodeState(node, up);
  if (simulation_) simulation_->setNodeUp(node, up);
}

void NetworkController::showNodeState(int node, bool up) {
  nodeDown_[static_cast<std::size_t>(node)] = up ? 0 : 1;
  emit nodeStatesChanged();
}
