#include "torus/sync_controller.h"

#include "panel_registry.h"

#include "changes.h"
#include "view/watch_set.h"

#include <QColor>

// The session makes one (panel_registry.h); QML and the lessons know it as "sync".
FLITSCOPE_REGISTER_PANEL(SyncController, "sync");

void SyncController::forgetView() {
  if (!view_) return;
  view_.reset();
  emit viewChanged();
}

void SyncController::setBsu(int bsu) {
  if (bsu == bsu_ || bsu < 0 || bsu >= flit::kBsusPerNode) return;
  bsu_ = bsu;
  postWatch();
  emit bsuChanged();
  emit viewChanged();  // canBarrier / canEureka wait for the answer about this BSU
}

void SyncController::askFor(flit::WatchSet& w) const {
  w.sync = watched_;
  w.syncBsu = bsu_;
}

void SyncController::onFrame() {
  const flitgui::FramePtr frame = simulation_ ? simulation_->currentFrame() : nullptr;
  if (!frame || !watched_) return;
  if (const auto sync = frame->torus ? frame->torus->sync : nullptr; sync != view_) {
    view_ = sync;
    // The first configured BSU when the chosen one has no tree.
    if (view_ && !view_->bsus.empty() && std::find(view_->bsus.begin(), view_->bsus.end(), bsu_) == view_->bsus.end())
      setBsu(view_->bsus.front());
    emit viewChanged();
  }
  if (pending_ != Pending::None && view_) {
    const bool eurekaNow = pending_ == Pending::Eureka;
    if (eurekaNow ? canEureka() : canBarrier()) {
      pending_ = Pending::None;
      eurekaNow ? eureka() : barrier();
    } else if (view_->bsus.empty()) {
      pending_ = Pending::None;  // no barrier networks: the panel says so
    }
  }
}

void SyncController::barrierSoon() {
  if (canBarrier()) {
    barrier();
    return;
  }
  pending_ = Pending::Barrier;
}

void SyncController::eurekaSoon() {
  if (canEureka()) {
    eureka();
    return;
  }
  pending_ = Pending::Eureka;
}

QList<int> SyncController::levelSizes() const {
  QList<int> sizes;
  if (!view_ || view_->bsu < 0) return sizes;
  for (const std::int32_t d : view_->depth) {
    if (d < 0) continue;
    while (sizes.size() <= d) sizes.append(0);
    ++sizes[d];
  }
  return sizes;
}

QList<int> SyncController::bsus() const {
  QList<int> out;
  if (view_)
    for (int b : view_->bsus) out.append(b);
  return out;
}

QList<int> SyncController::stateCounts() const {
  if (!selectedAnswered()) return {0, 0, 0};
  return {view_->participantsInState[0], view_->participantsInState[1], view_->participantsInState[2]};
}

int SyncController::participants() const {
  if (!selectedAnswered()) return 0;
  return view_->participantsInState[0] + view_->participantsInState[1] + view_->participantsInState[2];
}

// Figure 6: OP_BAR from S_BAR or S_EUR; an armed participant would refuse it.
bool SyncController::canBarrier() const {
  return settled() && selectedAnswered() && participants() > 0 && view_->participantsInState[1] == 0;
}

// OP_EUR_B only from S_BAR, and a eureka only when nothing of the BSU is under way.
bool SyncController::canEureka() const {
  return settled() && selectedAnswered() && participants() > 0 && view_->idle;
}

void SyncController::barrier() {
  if (!canBarrier()) return;
  // Every participant joins (node -1: the source expands it; sim_command.h).
  simulation_->apply(flitgui::changes::treeBarrier(bsu_, false));
  emit viewChanged();  // disabled until a frame saw it
}

void SyncController::eureka() {
  if (!canEureka()) return;
  // The tree's eureka trigger signals OP_EUR_B (node -1: the source picks it).
  simulation_->apply(flitgui::changes::treeBarrier(bsu_, true));
  emit viewChanged();
}

bool SyncController::canEurekaFrom(int node) const {
  if (!canEureka() || node < 0 || static_cast<std::size_t>(node) >= view_->state.size()) return false;
  const auto n = static_cast<std::size_t>(node);
  return view_->participates[n] && view_->state[n] == static_cast<std::uint8_t>(flit::BsuState::Bar);
}

void SyncController::eurekaFrom(int node) {
  if (!canEurekaFrom(node)) return;
  simulation_->apply(flit::Intervention::sync(flit::InterventionKind::Eureka, node, bsu_));
  emit viewChanged();
}

QStringList SyncController::stateColors() const {
  QStringList out;
  for (QRgb c : kStateColors) out.append(QColor::fromRgb(c).name());
  return out;
}
