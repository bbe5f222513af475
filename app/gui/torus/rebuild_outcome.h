// RebuildOutcome: what the last route rebuild did, whole and in words, for
// the window (issue 42, items 4 and 5: "every intervention's outcome ... is
// shown whole in one place and in the status bar, and unreachable pairs can
// be listed and drawn"; "the reroute cannot be read"). One object, made by
// the composition root (MainWindowSession) and bound by the legend, the side
// panel's outcome and detour sections and the status bar; it reads
// Frame::torus->rebuild (rebuild_data.h), the engine's report, and names
// nodes and links through the NetworkController. GUI thread only.
#pragma once

#include "network_controller.h"
#include "simulation_controller.h"
#include "view/rebuild_view.h"

#include <QList>
#include <QObject>
#include <QPointer>
#include <QStringList>
#include <QtQml/qqmlregistration.h>

#include <memory>

namespace flitgui {

class RebuildOutcome : public QObject {
  Q_OBJECT
  QML_ELEMENT
  QML_UNCREATABLE("RebuildOutcome is made by the application")

  Q_PROPERTY(bool hasRebuild READ hasRebuild NOTIFY changed)
  // "link (0,1,1) +Z -> (0,1,2) failed at cycle 1500" (empty when the
  // rebuild had no cause the engine recorded, e.g. a hot spare set in a scenario).
  Q_PROPERTY(QString cause READ cause NOTIFY changed)
  // The detour in one sentence (the legend and the detour section).
  Q_PROPERTY(QString detourSummary READ detourSummary NOTIFY changed)
  // The report, line by line: routes, unreachable pairs, deadlock-freedom.
  Q_PROPERTY(QString routesText READ routesText NOTIFY changed)
  Q_PROPERTY(QString deadlockText READ deadlockText NOTIFY changed)
  Q_PROPERTY(bool deadlockFree READ deadlockFree NOTIFY changed)
  Q_PROPERTY(int unreachableCount READ unreachableCount NOTIFY changed)
  Q_PROPERTY(QStringList unreachableNames READ unreachableNames NOTIFY changed)  // the first kListed
  // The routes the rebuild changed (the detour view and its list).
  Q_PROPERTY(int changedPairs READ changedPairs NOTIFY changed)
  Q_PROPERTY(QStringList changedPairNames READ changedPairNames NOTIFY changed)  // the first kListed
  // The status bar's line: the cause and the outcome in short.
  Q_PROPERTY(QString statusLine READ statusLine NOTIFY changed)
  // The pair the side panel picked to draw (-1: none; a new rebuild clears
  // them): a changed pair's paths before and now, an unreachable pair's
  // route up to where it is blocked, and their ends. Properties, not calls,
  // so that the view's bindings follow them.
  Q_PROPERTY(int shownPair READ shownPair WRITE setShownPair NOTIFY shownChanged)
  Q_PROPERTY(QList<int> shownPairBefore READ shownPairBefore NOTIFY shownChanged)
  Q_PROPERTY(QList<int> shownPairNow READ shownPairNow NOTIFY shownChanged)
  Q_PROPERTY(QList<int> shownPairEnds READ shownPairEnds NOTIFY shownChanged)
  Q_PROPERTY(int shownUnreachable READ shownUnreachable WRITE setShownUnreachable NOTIFY shownChanged)
  Q_PROPERTY(QList<int> shownUnreachableRoute READ shownUnreachableRoute NOTIFY shownChanged)
  Q_PROPERTY(QList<int> shownUnreachableEnds READ shownUnreachableEnds NOTIFY shownChanged)

 public:
  static constexpr int kListed = 500;
  explicit RebuildOutcome(QObject* parent = nullptr);
  void setNetwork(NetworkController* network);
  void setSimulation(SimulationController* simulation);

  bool hasRebuild() const { return view_ != nullptr; }
  QString cause() const;
  QString detourSummary() const;
  QString routesText() const;
  QString deadlockText() const;
  bool deadlockFree() const { return view_ && view_->report.deadlockFree; }
  int unreachableCount() const { return view_ ? static_cast<int>(view_->report.unreachable.size()) : 0; }
  QStringList unreachableNames() const;
  int changedPairs() const { return view_ ? static_cast<int>(view_->change.changedPairs) : 0; }
  QStringList changedPairNames() const;
  QString statusLine() const;

  int shownPair() const { return shownPair_; }
  void setShownPair(int index);
  QList<int> shownPairBefore() const { return pairChannels(shownPair_, false); }
  QList<int> shownPairNow() const { return pairChannels(shownPair_, true); }
  QList<int> shownPairEnds() const { return pairEnds(shownPair_); }
  int shownUnreachable() const { return shownUnreachable_; }
  void setShownUnreachable(int index);
  QList<int> shownUnreachableRoute() const { return unreachableRoute(shownUnreachable_); }
  QList<int> shownUnreachableEnds() const { return unreachableEnds(shownUnreachable_); }

  // Changed pair `index`: its channels now or before, its [source, destination].
  QList<int> pairChannels(int index, bool now) const;
  QList<int> pairEnds(int index) const;
  // Unreachable pair `index`: its route's channels up to where it is blocked, its ends.
  QList<int> unreachableRoute(int index) const;
  QList<int> unreachableEnds(int index) const;

  const std::shared_ptr<const flit::RebuildView>& view() const { return view_; }

 signals:
  void changed();
  void shownChanged();

 private:
  void onFrame();
  QString pairName(flit::NodeId src, flit::NodeId dst) const;

  QPointer<NetworkController> network_;
  QPointer<SimulationController> simulation_;
  std::shared_ptr<const flit::RebuildView> view_;
  int shownPair_ = -1;
  int shownUnreachable_ = -1;
};

}  // namespace flitgui
