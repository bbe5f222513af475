#include "torus/node_inspector.h"

#include "view/circuit_view.h"
#include "routing/pe_map.h"

namespace flitgui {

NodeInspector::NodeInspector(QObject* parent) : QObject(parent) {}

NodeInspector::~NodeInspector() {
  // Stop the worker's per-frame collection for this node.
  if (simulation_ && node_ >= 0) simulation_->updateWatch([](flit::WatchSet& w) { w.inspectedNode = flit::kInvalidId; });
}

void NodeInspector::setSimulation(SimulationController* simulation) {
  if (simulation == simulation_) return;
  if (simulation_ && node_ >= 0) simulation_->updateWatch([](flit::WatchSet& w) { w.inspectedNode = flit::kInvalidId; });
  disconnect(frameConnection_);
  disconnect(simulationConnection_);
  simulation_ = simulation;
  if (simulation_) {
    frameConnection_ = connect(simulation_, &SimulationController::frameChanged, this, &NodeInspector::onFrame);
    // A new worker (another scenario) knows nothing of the inspected node.
    simulationConnection_ = connect(simulation_, &SimulationController::hasSimulationChanged, this, &NodeInspector::postNode);
  }
  postNode();
  emit simulationChanged();
}

void NodeInspector::setNetwork(NetworkController* network) {
  if (network == network_) return;
  disconnect(scenarioConnection_);
  network_ = network;
  if (network_) scenarioConnection_ = connect(network_, &NetworkController::scenarioChanged, this, [this] { setNode(-1); });
  emit networkChanged();
  emit nodeChanged();
}

void NodeInspector::setNode(int node) {
  if (node < 0) node = -1;
  if (node == node_) return;
  node_ = node;
  clearData();
  postNode();
  emit nodeChanged();
}

QString NodeInspector::nodeText() const {
  if (node_ < 0) return {};
  return network_ ? network_->describeNode(node_) : tr("node %1").arg(node_);
}

QString NodeInspector::portName(int port) {
  switch (port) {
    case 0: return tr("+X");
    case 1: return tr("+Y");
    case 2: return tr("+Z");
    case 3: return tr("-X");
    case 4: return tr("-Y");
    case 5: return tr("-Z");
    case flit::kProcessorPort: return tr("processor");
    default: return QString::number(port);
  }
}

void NodeInspector::postNode() {
  if (simulation_) simulation_->updateWatch([this](flit::WatchSet& w) { w.inspectedNode = node_; });
}

void NodeInspector::clearData() {
  const bool had = hasData_;
  hasData_ = false;
  vcCount_ = 0;
  lutMode_ = -1;
  logicalPe_ = -1;
  peHome_ = -1;
  hotSpare_ = false;
  circuit_ = false;
  circuitSummary_.clear();
  circuitPorts_.clear();
  lut_.clear();
  portModel_.clear();
  if (had) emit dataChanged();
}

void NodeInspector::onFrame() {
  const FramePtr frame = simulation_ ? simulation_->currentFrame() : nullptr;
  const auto router = frame && frame->circuits ? frame->circuits->router : nullptr;
  if (router && node_ >= 0 && router->node == static_cast<std::uint32_t>(node_)) {
    takeCircuitRouter(*router);
    return;
  }
  // Frames built before the worker saw the new node still carry the old one.
  const auto inspection = frame && frame->torus ? frame->torus->inspection : nullptr;
  if (!inspection || inspection->node != node_ || node_ < 0) return;
  const flit::NodeInspection& in = *inspection;
  hasData_ = true;
  cycle_ = static_cast<double>(in.cycle);
  vcCount_ = static_cast<int>(in.capacity.size());
  lutMode_ = in.lutMode;
  logicalPe_ = in.logicalPe;
  peHome_ = in.peHome;
  hotSpare_ = in.hotSpare;
  if (network_ && network_->topology()) lut_.update(in, network_->topology()->spec());
  portModel_.update(in);
  emit dataChanged();
}

void NodeInspector::takeCircuitRouter(const flit::CircuitRouterView& view) {
  hasData_ = true;
  circuit_ = true;
  cycle_ = static_cast<double>(view.cycle);
  const auto name = [this](std::uint32_t node) {
    return node == flit::kNoGraphId ? QString() : network_ ? network_->describeNode(static_cast<int>(node)) : QString::number(node);
  };
  circuitPorts_.clear();
  int held = 0;  // connections through it: its outputs held
  const auto add = [&](const flit::CircuitPortView& p, bool output) {
    QVariantMap row;
    row[QStringLiteral("side")] = output ? tr("out") : tr("in");
    row[QStringLiteral("port")] = p.port;
    // Section 2.1: output o serves direction o / 2, copy o % 2.
    row[QStringLiteral("direction")] = output && !view.endpoint ? tr("dir %1.%2").arg(p.port / 2).arg(p.port % 2) : QString();
    row[QStringLiteral("peer")] = p.link == flit::kNoGraphId ? tr("not connected") : name(p.peer);
    row[QStringLiteral("failed")] = p.failed;
    const bool isHeld = p.holder != flit::kNoGraphId;
    row[QStringLiteral("held")] = isHeld;
    row[QStringLiteral("holder")] = isHeld ? tr("%1 → %2").arg(name(p.holder), name(p.holderDestination)) : QString();
    if (isHeld && output) ++held;
    circuitPorts_.append(row);
  };
  for (const flit::CircuitPortView& p : view.inputs) add(p, false);
  for (const flit::CircuitPortView& p : view.outputs) add(p, true);
  if (view.endpoint) {
    circuitSummary_ = tr("Endpoint: two channels up into the network, its down channels below (in); "
                         "%1 transmissions of its own discarded since inspected.")
                          .arg(view.blockedBusy + view.blockedFault);
    emit dataChanged();
    return;
  }
  const QString mode = view.dualMode ? tr("two 4x4 crossbars of dilation 1 (dual mode)")
                                     : tr("one 4x4 crossbar of dilation 2");
  circuitSummary_ = (view.failed ? tr("FAILED. ") : QString()) +
                    tr("%1; connections through it now: %2; discarded here since inspected: %3 busy, %4 by a fault.")
                        .arg(mode)
                        .arg(held)
                        .arg(view.blockedBusy)
                        .arg(view.blockedFault);
  emit dataChanged();
}

QString NodeInspector::peText() const {
  if (!hasData_) return {};
  const QString pe = logicalPe_ >= 0 ? QString::fromStdString(flit::formatPeNumber(logicalPe_)) : QString();
  const QString home = network_ ? network_->describeNode(peHome_) : QString::number(peHome_);
  if (hotSpare_ && peHome_ != node_ && peHome_ >= 0)
    return tr("Hot spare: holds logical PE %1 of failed %2; traffic for that PE is delivered here.").arg(pe, home);
  if (hotSpare_) return tr("Hot spare, standing by (logical PE %1): takes over the PE of the next node that fails.").arg(pe);
  if (peHome_ != node_ && peHome_ >= 0)
    return tr("Logical PE %1 (its own went to the hot spare %2).").arg(pe, home);
  return logicalPe_ >= 0 ? tr("Logical PE %1.").arg(pe) : QString();
}

}  // namespace flitgui
