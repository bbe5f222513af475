// VcBalanceInstancing: the VC-balance overlay (issue 18; T3E paper section 4,
// Table 1). Per channel (one direction of a link, drawn beside the link on
// its own side) a two-colour bar: the share of the routes of Table 1's
// traffic model that cross it on VC0 (the request-VC0 colour) and on VC1
// (request-VC1), split along the channel in proportion. A balanced channel
// is half and half; after a dateline it is all VC1 under time-of-crossing.
// Channels no route crosses are not drawn. The counts are the engine's
// (VcBalanceController: the tables in force, or the optimized ones). The
// plain links are hidden while the bars are shown (NetworkView.qml).
#pragma once

#include "network_controller.h"
#include "torus/vc_balance_controller.h"
#include "row_instancing.h"

#include <QPointer>
#include <QQuick3DInstancing>
#include <QtQml/qqmlregistration.h>

class VcBalanceInstancing : public RowInstancing {
  Q_OBJECT
  QML_ELEMENT
  Q_PROPERTY(NetworkController* controller READ controller WRITE setController NOTIFY controllerChanged)
  Q_PROPERTY(VcBalanceController* balance READ balance WRITE setBalance NOTIFY balanceChanged)
  Q_PROPERTY(int rows READ rows NOTIFY tableChanged)
  Q_PROPERTY(int channelsDrawn READ channelsDrawn NOTIFY tableChanged)

 public:
  static constexpr float kOffset = 0.5f;    // from the link's axis to the channel's bar
  static constexpr float kRadius = 0.42f;  // the two bars of a link side by side, about a link wide each
  explicit VcBalanceInstancing(QQuick3DObject* parent = nullptr) : RowInstancing(parent) {}

  NetworkController* controller() const { return controller_; }
  void setController(NetworkController* controller);
  VcBalanceController* balance() const { return balance_; }
  void setBalance(VcBalanceController* balance);
  int rows() const { return publishedRows(); }
  int channelsDrawn() const { return channels_; }
  // The VC0 share drawn for a channel (-1: not drawn), for tests.
  Q_INVOKABLE double vc0Share(int channel) const;

 signals:
  void controllerChanged();
  void balanceChanged();
  void tableChanged();

 private:
  void rebuild();

  QPointer<NetworkController> controller_;
  QPointer<VcBalanceController> balance_;
  int channels_ = 0;
};
