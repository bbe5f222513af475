// NodeInspector: the side panel's view of one router while the simulation
// runs (issue 5, "Node inspector"). Setting `node` asks the worker to attach
// that node's flit::NodeInspection (panel_data.h) to every frame; nothing is
// collected for other nodes, and nothing at all with node -1. From each
// frame it exposes, per input port: the input VC buffers (flits buffered and
// capacity per VC, for bars), the SeaStar counters (XT paper Table 4:
// packets, flits and blocked cycles per VC, stalled cycles per port), and
// the router's LUT as a LutModel. Only formats what the engine computed.
#pragma once

#include "torus/inspector_port_model.h"
#include "torus/lut_model.h"
#include "network_controller.h"
#include "simulation_controller.h"

#include <QObject>
#include <QVariantList>
#include <QPointer>
#include <QtQml/qqmlregistration.h>

namespace flitgui {

class NodeInspector : public QObject {
  Q_OBJECT
  QML_ELEMENT
  Q_PROPERTY(flitgui::SimulationController* simulation READ simulation WRITE setSimulation NOTIFY simulationChanged)
  Q_PROPERTY(NetworkController* network READ network WRITE setNetwork NOTIFY networkChanged)
  Q_PROPERTY(int node READ node WRITE setNode NOTIFY nodeChanged)
  Q_PROPERTY(QString nodeText READ nodeText NOTIFY nodeChanged)
  Q_PROPERTY(bool hasData READ hasData NOTIFY dataChanged)
  Q_PROPERTY(double cycle READ cycle NOTIFY dataChanged)
  Q_PROPERTY(int vcCount READ vcCount NOTIFY dataChanged)
  // Per present port (name, link up, per VC buffered / capacity / class /
  // packets / flits / blocked, stalled) as a model whose rows change in place.
  Q_PROPERTY(flitgui::InspectorPortModel* portModel READ portModel CONSTANT)
  Q_PROPERTY(int lutMode READ lutMode NOTIFY dataChanged)
  Q_PROPERTY(flitgui::LutModel* lut READ lut CONSTANT)
  // Node identification (manual HMM-160-0 "Node Identification"; T3E paper
  // section 9 hot spares): the logical PE the node holds now (-1 without a
  // LUT), the home node of that PE, whether it is a hot spare, and one
  // translated line saying so.
  Q_PROPERTY(int logicalPe READ logicalPe NOTIFY dataChanged)
  Q_PROPERTY(int peHome READ peHome NOTIFY dataChanged)
  Q_PROPERTY(bool hotSpare READ hotSpare NOTIFY dataChanged)
  Q_PROPERTY(QString peText READ peText NOTIFY dataChanged)
  // A fat-tree's RN1 instead (issue 19, "inspect a router's connections";
  // flit::CircuitRouterView): its mode and discards since inspected, and one row
  // per port (inputs 0-7, then outputs 0-7) as a map {side, port, direction,
  // peer, held, holder, failed}: who is at the other end, and which
  // connection (sender -> destination) holds it now.
  Q_PROPERTY(bool circuit READ circuit NOTIFY dataChanged)
  Q_PROPERTY(QString circuitSummary READ circuitSummary NOTIFY dataChanged)
  Q_PROPERTY(QVariantList circuitPorts READ circuitPorts NOTIFY dataChanged)

 public:
  explicit NodeInspector(QObject* parent = nullptr);
  ~NodeInspector() override;

  SimulationController* simulation() const { return simulation_; }
  void setSimulation(SimulationController* simulation);
  NetworkController* network() const { return network_; }
  void setNetwork(NetworkController* network);
  int node() const { return node_; }
  void setNode(int node);  // -1: inspect nothing
  QString nodeText() const;
  bool hasData() const { return hasData_; }
  double cycle() const { return cycle_; }
  int vcCount() const { return vcCount_; }
  int lutMode() const { return lutMode_; }
  LutModel* lut() { return &lut_; }
  InspectorPortModel* portModel() { return &portModel_; }
  int logicalPe() const { return logicalPe_; }
  int peHome() const { return peHome_; }
  bool hotSpare() const { return hotSpare_; }
  QString peText() const;
  bool circuit() const { return circuit_; }
  QString circuitSummary() const { return circuitSummary_; }
  QVariantList circuitPorts() const { return circuitPorts_; }

  // The translated name of an input port (a Direction or the processor port).
  static QString portName(int port);

 signals:
  void simulationChanged();
  void networkChanged();
  void nodeChanged();
  void dataChanged();

 private:
  void postNode();
  void onFrame();
  void clearData();
  void takeCircuitRouter(const flit::CircuitRouterView& view);

  QPointer<SimulationController> simulation_;
  QPointer<NetworkController> network_;
  QMetaObject::Connection frameConnection_, simulationConnection_, scenarioConnection_;
  int node_ = -1;
  bool hasData_ = false;
  double cycle_ = 0;
  int vcCount_ = 0;
  int lutMode_ = -1;
  int logicalPe_ = -1;
  int peHome_ = -1;
  bool hotSpare_ = false;
  bool circuit_ = false;
  QString circuitSummary_;
  QVariantList circuitPorts_;
  LutModel lut_;
  InspectorPortModel portModel_;
};

}  // namespace flitgui
