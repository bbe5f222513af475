// SpecialInstancing: the special (delta) network's packets in the 3D view
// (T3E paper section 8; engine/sim/special_network.h): each SPUT (magenta),
// SGET and SGET response (cyan) as a bright box on the link it crosses, or
// round the router whose registers it reaches. The packets are the
// engine's, as SpecialController has them from the frames.
#pragma once

#include "network_controller.h"
#include "row_instancing.h"
#include "torus/special_controller.h"

#include <QPointer>
#include <QtQml/qqmlregistration.h>

class SpecialInstancing : public RowInstancing {
  Q_OBJECT
  QML_ELEMENT
  Q_PROPERTY(NetworkController* controller READ controller WRITE setController NOTIFY controllerChanged)
  Q_PROPERTY(SpecialController* special READ special WRITE setSpecial NOTIFY specialChanged)
  Q_PROPERTY(int rows READ rows NOTIFY tableChanged)

 public:
  static constexpr QRgb kPutColor = 0xffff5cf0;  // SPUT: magenta
  static constexpr QRgb kGetColor = 0xff5ce1ff;  // SGET and its response: cyan
  static constexpr float kPacketSize = 2.4f;  // on a link
  // At a router: wider than its ball (SceneLayout::kNodeRadius), so it shows.
  static constexpr float kAtRouterSize = 1.8f * SceneLayout::kNodeRadius;
  explicit SpecialInstancing(QQuick3DObject* parent = nullptr) : RowInstancing(parent) {}

  NetworkController* controller() const { return controller_; }
  void setController(NetworkController* controller);
  SpecialController* special() const { return special_; }
  void setSpecial(SpecialController* special);
  int rows() const { return publishedRows(); }

 signals:
  void controllerChanged();
  void specialChanged();
  void tableChanged();

 private:
  void rebuild();

  QPointer<NetworkController> controller_;
  QPointer<SpecialController> special_;
};
