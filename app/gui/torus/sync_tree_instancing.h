// SyncTreeInstancing: the barrier tree of the synchronization panel's BSU in
// the 3D view (issue 17; T3E paper section 6: per router and BSU a register
// names the parent direction and the children). Two tables from one class:
//  - edges (nodes false): per router in the tree but the root, its parent
//    edge drawn along the link (both stubs of a wrap link), thicker than the
//    link, by level below the root: thick and white near it, thinner and
//    slate towards the deepest leaves (flit::SyncView::depth), so a 512-node tree shows
//    its shape; yellow while the router holds barrier signals of some
//    children (arrivals climbing);
//  - nodes (true): each tree router marked by a sphere around it, coloured
//    by its processor's BSU state (SyncController::kStateColors; S_BAR,
//    S_ARM, S_EUR), grey for relays (routers whose processor does not take
//    part); the root gold and larger;
//  - packets (true): every BSU's barrier/eureka packets on network links
//    (flit::SyncView::packets), a small box in the barrier VC's colour
//    (vc_palette::kBarrierVc) as far along its link as the engine says.
// The facts are the engine's (Frame::torus->sync via SyncController); the
// table is rebuilt when an answer or the scenario changes.
#pragma once

#include "network_controller.h"
#include "torus/sync_controller.h"
#include "row_instancing.h"

#include <QPointer>
#include <QQuick3DInstancing>
#include <QtQml/qqmlregistration.h>

#include <vector>

class SyncTreeInstancing : public RowInstancing {
  Q_OBJECT
  QML_ELEMENT
  Q_PROPERTY(NetworkController* controller READ controller WRITE setController NOTIFY controllerChanged)
  Q_PROPERTY(SyncController* sync READ sync WRITE setSync NOTIFY syncChanged)
  Q_PROPERTY(bool nodes READ nodes WRITE setNodes NOTIFY nodesChanged)
  Q_PROPERTY(bool packets READ packets WRITE setPackets NOTIFY packetsChanged)
  Q_PROPERTY(int edgeCount READ edgeCount NOTIFY tableChanged)
  Q_PROPERTY(int rows READ rows NOTIFY tableChanged)

 public:
  static constexpr QRgb kEdgeColor = 0xfff5f5f5;      // next to the root
  static constexpr QRgb kLeafEdgeColor = 0xff4f6a8f;  // at the deepest level
  static constexpr QRgb kRootColor = 0xffffd700;      // the root's mark: gold, 1.6 times a node
  static constexpr QRgb kHeldColor = 0xffffee58;
  static constexpr QRgb kRelayColor = 0xff8a94a6;
  // A box wider than the tree edge it rides on (1.6 link radii), beside the
  // data flits (heads 1.1 by 2.2, bodies 0.8).
  static constexpr float kPacketSize = 2.0f;
  explicit SyncTreeInstancing(QQuick3DObject* parent = nullptr) : RowInstancing(parent) {}

  NetworkController* controller() const { return controller_; }
  void setController(NetworkController* controller);
  SyncController* sync() const { return sync_; }
  void setSync(SyncController* sync);
  bool nodes() const { return nodes_; }
  void setNodes(bool nodes);
  bool packets() const { return packets_; }
  void setPackets(bool packets);
  int edgeCount() const { return edges_; }  // parent edges (not stubs): routers in the tree but the root
  int rows() const { return publishedRows(); }

 signals:
  void controllerChanged();
  void syncChanged();
  void nodesChanged();
  void packetsChanged();
  void tableChanged();

 private:
  void rebuild();
  void appendPackets(const flit::Topology& topo, const flit::SyncView& view);

  QPointer<NetworkController> controller_;
  QPointer<SyncController> sync_;
  bool nodes_ = false;
  bool packets_ = false;
  int edges_ = 0;
};
