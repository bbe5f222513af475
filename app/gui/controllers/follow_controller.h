// FollowController: the "follow packet" mode of the 3D view (issue 5). A
// click on a packet (PacketScene::pickPacket) follows it: the controller posts
// its part of the watch set (watch_set.h) to the worker and shows what the frames answer
// (FrameSnapshot::followed, built by the engine): the packet's ends, VC class,
// routing tag decoded (T3E manual Table 7, routing_tag.h formatTagFields),
// the channels its head crossed (travelledChannels) and the rest of its route
// (remainingChannels), which NetworkView feeds into two PathOverlays.
// stop() (Esc) leaves follow mode. GUI thread only.
#pragma once

#include "view/followed_packet.h"
#include "network_controller.h"
#include "simulation_controller.h"

#include <QList>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QStringList>
#include <QtQml/qqmlregistration.h>

class FollowController : public QObject {
  Q_OBJECT
  QML_ELEMENT
  Q_PROPERTY(NetworkController* controller READ controller WRITE setController NOTIFY controllerChanged)
  Q_PROPERTY(flitgui::SimulationController* simulation READ simulation WRITE setSimulation NOTIFY simulationChanged)
  Q_PROPERTY(bool following READ following NOTIFY followingChanged)
  Q_PROPERTY(int serial READ serial NOTIFY followingChanged)
  Q_PROPERTY(bool answered READ answered NOTIFY followedChanged)
  Q_PROPERTY(QString sourceText READ sourceText NOTIFY followedChanged)
  Q_PROPERTY(QString destinationText READ destinationText NOTIFY followedChanged)
  Q_PROPERTY(QString currentText READ currentText NOTIFY followedChanged)
  Q_PROPERTY(int vcClass READ vcClass NOTIFY followedChanged)
  Q_PROPERTY(QString stateText READ stateText NOTIFY followedChanged)
  Q_PROPERTY(bool delivered READ delivered NOTIFY followedChanged)  // the followed packet arrived
  Q_PROPERTY(QString tagHex READ tagHex NOTIFY followedChanged)
  Q_PROPERTY(QString tagFields READ tagFields NOTIFY followedChanged)
  Q_PROPERTY(QString routeText READ routeText NOTIFY followedChanged)
  Q_PROPERTY(QList<int> travelledChannels READ travelledChannels NOTIFY followedChanged)
  Q_PROPERTY(QList<int> remainingChannels READ remainingChannels NOTIFY followedChanged)
  Q_PROPERTY(QList<int> endNodes READ endNodes NOTIFY followedChanged)
  // A fat-tree message (issue 19): the serial is its sending endpoint;
  // attemptLines says what became of each attempt ("attempt 2, cycle 40:
  // discarded at RN1 17, both outputs busy").
  Q_PROPERTY(bool circuit READ circuit NOTIFY followedChanged)
  Q_PROPERTY(QStringList attemptLines READ attemptLines NOTIFY followedChanged)
  // Per line of attemptLines: the attempt was discarded (busy or a fault).
  Q_PROPERTY(QList<bool> attemptDiscarded READ attemptDiscarded NOTIFY followedChanged)

 public:
  explicit FollowController(QObject* parent = nullptr) : QObject(parent) {}

  NetworkController* controller() const { return controller_; }
  void setController(NetworkController* controller);
  flitgui::SimulationController* simulation() const { return simulation_; }
  void setSimulation(flitgui::SimulationController* simulation);

  bool following() const { return serial_ >= 0; }
  int serial() const { return serial_; }
  bool answered() const { return answer_ != nullptr; }
  QString sourceText() const;
  QString destinationText() const;
  QString currentText() const;
  int vcClass() const { return answer_ ? answer_->vcClass : 0; }
  QString stateText() const;
  bool delivered() const;
  QString tagHex() const;
  QString tagFields() const;
  QString routeText() const;
  QList<int> travelledChannels() const;
  QList<int> remainingChannels() const;
  QList<int> endNodes() const;
  bool circuit() const { return answer_ && answer_->circuit; }
  QStringList attemptLines() const;
  QList<bool> attemptDiscarded() const;
  const flit::FollowedPacket* answer() const { return answer_.get(); }

 public slots:
  void follow(int serial);  // -1: stop
  void stop() { follow(-1); }
  // Follows the oldest packet whose head is on a link now (the lessons'
  // "follow"); false when none is.
  bool followOldest();
  // Follows the same serial afresh: for a fat-tree endpoint, the message it
  // sends now or its next one (the finished one is let go).
  void followAgain();

 signals:
  void controllerChanged();
  void simulationChanged();
  void followingChanged();
  void followedChanged();

 private:
  void onFrame();
  QString nodeText(flit::NodeId node) const;
  QString circuitStateText() const;

  QPointer<NetworkController> controller_;
  QPointer<flitgui::SimulationController> simulation_;
  int serial_ = -1;
  std::uint64_t resetGeneration_ = 0;
  std::shared_ptr<const flit::FollowedPacket> answer_;
};
