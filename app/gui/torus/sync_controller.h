// SyncController: the synchronization panel and the barrier-tree overlay
// (issue 17, "In the GUI"; T3E paper section 6, docs/synchronization.md).
// While `watched` (the panel open or the overlay on) it asks the worker for
// Frame::torus->sync about BSU `bsu` (the watch set's sync part, watch_set.h) and shows what the
// frames answer: the configured BSUs, the participants per BSU state, the
// completed barriers and their latency (the engine's SyncSummary).
// barrier() / eureka() apply a Barrier / EurekaBarrier for the whole tree
// (sim_command.h), eurekaFrom(node) a Eureka from one node: the engine
// records one intervention per node (rewind sees
// them; they are events of the run, not settings, so there is no undo).
// The buttons are enabled only where Figure 6 allows the operation for every
// node it concerns (no participant armed for Barrier; nothing under way for
// Eureka) and after the frame saw every command posted. GUI thread only.
#pragma once

#include "simulation_controller.h"
#include "watching_controller.h"
#include "view/sync_view.h"

#include <QList>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QStringList>
#include <QtQml/qqmlregistration.h>

class SyncController : public flitgui::WatchingController {
  Q_OBJECT
  QML_ELEMENT
  Q_PROPERTY(int bsu READ bsu WRITE setBsu NOTIFY bsuChanged)
  Q_PROPERTY(bool answered READ answered NOTIFY viewChanged)
  Q_PROPERTY(bool hasTrees READ hasTrees NOTIFY viewChanged)
  Q_PROPERTY(QList<int> bsus READ bsus NOTIFY viewChanged)
  // Participants of `bsu` in S_BAR, S_ARM, S_EUR.
  Q_PROPERTY(QList<int> stateCounts READ stateCounts NOTIFY viewChanged)
  Q_PROPERTY(int participants READ participants NOTIFY viewChanged)
  Q_PROPERTY(int treeDepth READ treeDepth NOTIFY viewChanged)
  // The tree by level (issue 42, item 9): its root (a NodeId, -1 none) and
  // how many routers sit on each level below it (the engine's depths).
  Q_PROPERTY(int root READ root NOTIFY viewChanged)
  Q_PROPERTY(QList<int> levelSizes READ levelSizes NOTIFY viewChanged)
  Q_PROPERTY(bool idle READ idle NOTIFY viewChanged)
  Q_PROPERTY(double completed READ completed NOTIFY viewChanged)
  Q_PROPERTY(double lastLatency READ lastLatency NOTIFY viewChanged)
  Q_PROPERTY(double meanLatency READ meanLatency NOTIFY viewChanged)
  Q_PROPERTY(double maxLatency READ maxLatency NOTIFY viewChanged)
  Q_PROPERTY(double eurekas READ eurekas NOTIFY viewChanged)
  Q_PROPERTY(double packets READ packets NOTIFY viewChanged)
  Q_PROPERTY(double linkCycles READ linkCycles NOTIFY viewChanged)
  // Participants that left a barrier under way (their node failed; every BSU).
  Q_PROPERTY(double participantsLeft READ participantsLeft NOTIFY viewChanged)
  Q_PROPERTY(bool canBarrier READ canBarrier NOTIFY viewChanged)
  Q_PROPERTY(bool canEureka READ canEureka NOTIFY viewChanged)
  // The colours of S_BAR, S_ARM, S_EUR (the legend and the overlay's nodes).
  Q_PROPERTY(QStringList stateColors READ stateColors CONSTANT)

 public:
  static constexpr QRgb kStateColors[3] = {0xff5fb3f0, 0xffffb300, 0xffe040fb};

  explicit SyncController(QObject* parent = nullptr) : WatchingController(parent) {}

  int bsu() const { return bsu_; }
  void setBsu(int bsu);

  bool answered() const { return view_ != nullptr; }
  bool hasTrees() const { return view_ && view_->hasTrees; }
  QList<int> bsus() const;
  QList<int> stateCounts() const;
  int participants() const;
  int treeDepth() const { return view_ ? view_->treeDepth : 0; }
  int root() const { return view_ && view_->bsu >= 0 ? view_->root : -1; }
  QList<int> levelSizes() const;
  bool idle() const { return !view_ || view_->idle; }
  double completed() const { return view_ ? static_cast<double>(view_->summary.barriersCompleted) : 0.0; }
  double lastLatency() const { return view_ ? static_cast<double>(view_->summary.lastBarrierLatencyCycles) : 0.0; }
  double meanLatency() const { return view_ ? view_->summary.barrierLatencyMeanCycles() : 0.0; }
  double maxLatency() const { return view_ ? static_cast<double>(view_->summary.barrierLatencyMaxCycles) : 0.0; }
  double eurekas() const { return view_ ? static_cast<double>(view_->summary.eurekasCompleted) : 0.0; }
  double packets() const { return view_ ? static_cast<double>(view_->summary.packetsSent) : 0.0; }
  double linkCycles() const { return view_ ? static_cast<double>(view_->summary.linkCyclesTaken) : 0.0; }
  double participantsLeft() const { return view_ ? static_cast<double>(view_->summary.participantsLeft) : 0.0; }
  bool canBarrier() const;
  bool canEureka() const;
  QStringList stateColors() const;
  // The newest answer (null while not watched or before the first).
  const flit::SyncView* view() const { return view_.get(); }

 public slots:
  void barrier();
  void eureka();
  // Ctrl+B (issue 42, item 11: it did nothing unless the panel or the tree
  // was open): a barrier now if one can be started, else as soon as the
  // frames answer about the BSU (the caller makes the controller watched);
  // nothing when the machine has no barrier networks.
  Q_INVOKABLE void barrierSoon();
  Q_INVOKABLE void eurekaSoon();  // the same for a eureka (a lesson's "eureka")
  // OP_EUR from one node alone (Figure 6: S_BAR -> S_EUR): the selected node
  // signals a eureka; the other participants join the barrier that ends it
  // when they see it (sync.joinOnEureka). Offered for a participant in S_BAR
  // while nothing of the BSU is under way; an event of the run, no undo.
  Q_INVOKABLE bool canEurekaFrom(int node) const;
  Q_INVOKABLE void eurekaFrom(int node);

 signals:
  void bsuChanged();
  void viewChanged();

 private:
  void askFor(flit::WatchSet& watch) const override;
  void onFrame() override;
  void forgetView() override;
  bool selectedAnswered() const { return view_ && view_->bsu >= 0 && view_->bsu == bsu_; }
  bool settled() const { return simulation_ && simulation_->frameSawEveryCommand(); }

  enum class Pending { None, Barrier, Eureka };
  Pending pending_ = Pending::None;  // barrierSoon / eurekaSoon waiting for the frames
  int bsu_ = 0;
  std::shared_ptr<const flit::SyncView> view_;
};
