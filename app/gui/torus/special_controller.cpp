#include "torus/special_controller.h"

#include "panel_registry.h"

#include "scenario/intervention.h"

// The session makes one (panel_registry.h); QML knows it as "special".
FLITSCOPE_REGISTER_PANEL(SpecialController, "special");

void SpecialController::onFrame() {
  const flitgui::FramePtr frame = simulation_ ? simulation_->currentFrame() : nullptr;
  auto next = frame && frame->torus ? frame->torus->special : nullptr;
  if (next == view_ || (next && view_ && *next == *view_)) return;
  view_ = std::move(next);
  emit viewChanged();
}

void SpecialController::simulationReplaced() {
  if (!view_) return;
  view_.reset();
  emit viewChanged();
}

QString SpecialController::summary() const {
  if (!view_) return {};
  const flit::SpecialTotals& t = view_->totals;
  return tr("Special network (no flow control; SPUT magenta, SGET cyan): %1 in flight · SPUT %2, written %3 · SGET %4, answered %5 · lost %6")
      .arg(t.inFlight())
      .arg(t.puts)
      .arg(t.writes)
      .arg(t.gets)
      .arg(t.responses)
      .arg(t.lostTotal());
}

QString SpecialController::lastRead() const {
  if (!view_ || view_->lastReads.empty()) return {};
  const flit::SpecialRead& r = view_->lastReads.back();
  QString reg = QString::fromUtf8(flit::specialRegisterName(r.reg).data());
  if (r.reg == flit::SpecialRegister::NetLut) reg += QStringLiteral("[%1]").arg(r.lutIndex);
  const QString value = QString::fromStdString(flit::formatSpecialValue(r.reg, r.value));
  auto node = [this](flit::NodeId n) { return network_ ? network_->describeNode(n) : QString::number(n); };
  return tr("SGET of %1 at %2 came back to %3 at cycle %4: %5")
      .arg(reg, node(r.readFrom), node(r.arrivedAt))
      .arg(r.cycle)
      .arg(value);
}

void SpecialController::setNetwork(NetworkController* network) {
  if (network == network_) return;
  network_ = network;
  emit networkChanged();
  emit viewChanged();  // lastRead names its nodes in the machine's words
}

bool SpecialController::send(int node, flit::InterventionKind kind, flit::SpecialRegister reg, bool wayBack) {
  const flit::Topology* topo = network_ ? network_->topology() : nullptr;
  if (!simulation_ || !topo || node < 0 || node >= topo->nodeCount() || !network_->nodeUp(kConsole)) return false;
  const flit::SpecialDeltas there = flit::shortestSpecialDeltas(*topo, kConsole, node);
  std::uint64_t value = 0;
  if (wayBack) value = flit::packSpecialDeltas(flit::shortestSpecialDeltas(*topo, node, kConsole));
  simulation_->apply(flit::Intervention::special(kind, kConsole, there, reg, value));
  return true;
}

bool SpecialController::resetRouter(int node) {
  return send(node, flit::InterventionKind::SpecialPut, flit::SpecialRegister::Resets, false);
}

bool SpecialController::setWayBack(int node) {
  return send(node, flit::InterventionKind::SpecialPut, flit::SpecialRegister::SgetReturn, true);
}

bool SpecialController::readWayBack(int node) {
  return send(node, flit::InterventionKind::SpecialGet, flit::SpecialRegister::SgetReturn, false);
}
