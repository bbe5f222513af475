#include "torus/rebuild_outcome.h"

namespace flitgui {

RebuildOutcome::RebuildOutcome(QObject* parent) : QObject(parent) {}

void RebuildOutcome::setNetwork(NetworkController* network) {
  network_ = network;
  emit changed();
}

void RebuildOutcome::setSimulation(SimulationController* simulation) {
  if (simulation_) disconnect(simulation_, nullptr, this, nullptr);
  simulation_ = simulation;
  if (simulation_) connect(simulation_, &SimulationController::frameChanged, this, &RebuildOutcome::onFrame);
  onFrame();
}

void RebuildOutcome::onFrame() {
  const FramePtr frame = simulation_ ? simulation_->currentFrame() : nullptr;
  std::shared_ptr<const flit::RebuildView> now = frame && frame->torus ? frame->torus->rebuild : nullptr;
  if (now == view_) return;  // a state: the same rebuild in every frame after it
  view_ = std::move(now);
  const bool shown = shownPair_ >= 0 || shownUnreachable_ >= 0;
  shownPair_ = shownUnreachable_ = -1;
  emit changed();
  if (shown) emit shownChanged();
}

void RebuildOutcome::setShownPair(int index) {
  if (index < -1 || index >= changedPairs()) index = -1;
  if (index == shownPair_) return;
  shownPair_ = index;
  emit shownChanged();
}

void RebuildOutcome::setShownUnreachable(int index) {
  if (index < -1 || index >= unreachableCount()) index = -1;
  if (index == shownUnreachable_) return;
  shownUnreachable_ = index;
  emit shownChanged();
}

QString RebuildOutcome::cause() const {
  return view_ && view_->cause && network_ ? network_->describeIntervention(*view_->cause) : QString();
}

QString RebuildOutcome::detourSummary() const {
  if (!view_) return tr("No route has changed yet: break a link (X, then click it).");
  const QString what = cause().isEmpty() ? tr("The last route rebuild") : cause();
  if (view_->report.fixedRoutes)
    return tr("%1: routes are fixed on this machine; %2 pairs cannot be reached.")
        .arg(what).arg(unreachableCount());
  return tr("%1: %2 routes changed.").arg(what).arg(changedPairs());
}

QString RebuildOutcome::routesText() const {
  if (!view_) return {};
  const flit::RouteRebuildReport& r = view_->report;
  if (!r.error.empty()) return tr("Rebuild refused, the old routes are kept: %1").arg(QString::fromStdString(r.error));
  QString text = r.accepted ? tr("Routes rebuilt in %1 ms.").arg(qRound(r.seconds * 1000.0))
                            : tr("Rebuild rejected (its routes could deadlock), the old routes are kept.");
  if (r.fixedRoutes) return text + QLatin1Char(' ') + tr("This routing fixes every route: pairs whose route meets a failure are refused at their source.");
  if (r.pairDetours) {
    // The pairs whose path changed, as the status bar and the detour list
    // count them (analysis/route_change.h), not the detour entries: a
    // detour set or lifted may keep the path of the packets whose half-ring
    // ties went its way (compareRoutes traces ties drawn +), and then only
    // the others change path. Both a break and a repair.
    text += QLatin1Char(' ') +
            tr("%1 pairs take another route; %2 detour around failures now (dimension order with turn rules: the "
               "other way round a ring, or a first hop in +X, +Y or +Z).")
                .arg(changedPairs()).arg(r.reroutedEntries);
    if (r.relayedPairs > 0)
      text += QLatin1Char(' ') + tr("%1 pairs no such route reaches go in two legs: out of the network at a relay "
                                    "node, and in again.")
                                     .arg(r.relayedPairs);
    if (view_->change.sameRoutePairs > 0)
      text += QLatin1Char(' ') + tr("For %1 more pairs only the packets whose half-ring tie was drawn the other "
                                    "way change path.")
                                     .arg(view_->change.sameRoutePairs);
    return text;
  }
  return text + QLatin1Char(' ') +
         tr("%1 table entries take another route, %2 switch adaptive routing; %3 detour around failures now.")
             .arg(r.changedRouteEntries).arg(r.changedAdaptiveEntries).arg(r.reroutedEntries);
}

QString RebuildOutcome::deadlockText() const {
  if (!view_ || !view_->report.error.empty()) return {};
  if (view_->report.deadlockFree)
    return tr("Deadlock-free: the channel dependency graph of the routes is acyclic (Dally and Seitz, Theorem 1).");
  return tr("Not deadlock-free: the channel dependency graph has the cycle %1").arg(QString::fromStdString(view_->report.cycle));
}

QString RebuildOutcome::pairName(flit::NodeId src, flit::NodeId dst) const {
  if (!network_) return tr("%1 to %2").arg(src).arg(dst);
  return tr("%1 to %2").arg(network_->describeNode(src), network_->describeNode(dst));
}

QStringList RebuildOutcome::unreachableNames() const {
  QStringList out;
  if (!view_) return out;
  for (const auto& [src, dst] : view_->report.unreachable) {
    if (out.size() >= kListed) break;
    out.append(pairName(src, dst));
  }
  return out;
}

QStringList RebuildOutcome::changedPairNames() const {
  QStringList out;
  if (!view_) return out;
  for (const flit::RouteChange::Pair& p : view_->change.pairs) {
    if (out.size() >= kListed) break;
    out.append(pairName(p.src, p.dst));
  }
  return out;
}

QString RebuildOutcome::statusLine() const {
  if (!view_) return {};
  const flit::RouteRebuildReport& r = view_->report;
  QString outcome = !r.error.empty() ? tr("rebuild refused")
                    : !r.accepted   ? tr("rebuild rejected")
                    : r.fixedRoutes ? tr("routes fixed")
                                    : tr("%1 routes changed").arg(changedPairs());
  outcome += QStringLiteral(", ") + tr("%1 unreachable pairs").arg(unreachableCount());
  if (r.error.empty()) outcome += QStringLiteral(", ") + (r.deadlockFree ? tr("deadlock-free") : tr("NOT deadlock-free"));
  return cause().isEmpty() ? outcome : cause() + QStringLiteral(": ") + outcome;
}

QList<int> RebuildOutcome::pairChannels(int index, bool now) const {
  QList<int> out;
  if (!view_ || index < 0 || static_cast<std::size_t>(index) >= view_->change.pairs.size()) return out;
  const flit::RouteChange::Pair& p = view_->change.pairs[static_cast<std::size_t>(index)];
  for (const flit::ChannelId c : now ? p.after : p.before) out.append(c);
  return out;
}

QList<int> RebuildOutcome::pairEnds(int index) const {
  if (!view_ || index < 0 || static_cast<std::size_t>(index) >= view_->change.pairs.size()) return {};
  const flit::RouteChange::Pair& p = view_->change.pairs[static_cast<std::size_t>(index)];
  return {p.src, p.dst};
}

QList<int> RebuildOutcome::unreachableRoute(int index) const {
  QList<int> out;
  if (!view_ || index < 0 || static_cast<std::size_t>(index) >= view_->unreachableRoutes.size()) return out;
  for (const flit::ChannelId c : view_->unreachableRoutes[static_cast<std::size_t>(index)]) out.append(c);
  return out;
}

QList<int> RebuildOutcome::unreachableEnds(int index) const {
  if (!view_ || index < 0 || static_cast<std::size_t>(index) >= view_->report.unreachable.size()) return {};
  const auto& [src, dst] = view_->report.unreachable[static_cast<std::size_t>(index)];
  return {src, dst};
}

}  // namespace flitgui
