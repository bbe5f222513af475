// SpecialController: the special (delta) network in the window (T3E paper
// sections 8 and 9; engine/sim/special_network.h). It reads every frame's
// Frame::torus->special (the engine puts it in each frame once the run has
// sent a special packet: nothing to watch) for the 3D view's packets
// (SpecialInstancing) and the message over the view (`summary`, `lastRead`),
// and sends what the node menu offers from the operator's PE, node 0
// (0,0,0), along the shortest deltas to the router clicked:
//  - resetRouter: an SPUT of R_RESETS (the router's buffers are emptied);
//  - setWayBack: an SPUT of R_SGET_RTRN with the deltas back to (0,0,0);
//  - readWayBack: an SGET of R_SGET_RTRN: the response comes back along the
//    deltas the router holds (to (0,0,0) after setWayBack; all zero before,
//    so it stays at the router read).
// Like the barrier operations they are events of the run, not settings:
// applied, recorded, no undo. GUI thread only.
#pragma once

#include "network_controller.h"
#include "watching_controller.h"
#include "view/special_view.h"

#include <QObject>
#include <QString>
#include <QtQml/qqmlregistration.h>

#include <memory>

class SpecialController : public flitgui::WatchingController {
  Q_OBJECT
  QML_ELEMENT
  Q_PROPERTY(bool active READ active NOTIFY viewChanged)
  Q_PROPERTY(int packetCount READ packetCount NOTIFY viewChanged)
  Q_PROPERTY(QString summary READ summary NOTIFY viewChanged)
  Q_PROPERTY(QString lastRead READ lastRead NOTIFY viewChanged)
  // The engine's counts (SpecialTotals): SPUTs that wrote, SGET answers handed over.
  Q_PROPERTY(double writes READ writes NOTIFY viewChanged)
  Q_PROPERTY(double answers READ answers NOTIFY viewChanged)
  // The machine shown (Main.qml binds it): its topology for the deltas, its
  // words for the nodes named.
  Q_PROPERTY(NetworkController* network READ network WRITE setNetwork NOTIFY networkChanged)

 public:
  static constexpr int kConsole = 0;  // the operator's PE: node 0, (0,0,0)
  explicit SpecialController(QObject* parent = nullptr) : WatchingController(parent) {}

  bool active() const { return view_ != nullptr; }
  int packetCount() const { return view_ ? static_cast<int>(view_->packets.size()) : 0; }
  QString summary() const;
  QString lastRead() const;
  double writes() const { return view_ ? static_cast<double>(view_->totals.writes) : 0.0; }
  double answers() const { return view_ ? static_cast<double>(view_->totals.responses) : 0.0; }
  const flit::SpecialView* view() const { return view_.get(); }
  NetworkController* network() const { return network_; }
  void setNetwork(NetworkController* network);

  // What the node menu sends. False (nothing sent) when there is no machine,
  // the node is out of range or the operator's PE is down.
  Q_INVOKABLE bool resetRouter(int node);
  Q_INVOKABLE bool setWayBack(int node);
  Q_INVOKABLE bool readWayBack(int node);

 signals:
  void viewChanged();
  void networkChanged();

 protected:
  void askFor(flit::WatchSet&) const override {}  // every frame carries it
  void onFrame() override;
  void forgetView() override {}
  void simulationReplaced() override;

 private:
  bool send(int node, flit::InterventionKind kind, flit::SpecialRegister reg, bool wayBack);
  std::shared_ptr<const flit::SpecialView> view_;
  QPointer<NetworkController> network_;
};
