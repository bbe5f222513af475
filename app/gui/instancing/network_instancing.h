// Instance tables of the network view, one QQuick3DInstancing per instanced
// Model (each Model has its own material, QTBUG-105318):
//  - NodeInstancing: one sphere per node (static; rebuilt on scenario or hover
//    change).
//  - LinkInstancing: one prism per drawn link piece: a neighbour link is one
//    piece, a wrap link two stubs; a failed link's pieces are split around a
//    gap (shape) and drawn red (colour).
//  - BreakMarkerInstancing: a red cross of four thin bars in the gap of every
//    failed link piece.
// Rows are written directly as InstanceTableEntry (DESIGN.md: ~100x faster than
// calculateTableEntry); colours are linear. Tables are rebuilt only when the
// controller says something changed (markDirty), never per frame. Per-frame
// tables (packets, issue 5) will be separate instancing objects.
#pragma once

#include "network_controller.h"

#include <QPointer>
#include <QQuick3DInstancing>
#include <QtQml/qqmlregistration.h>

class NetworkInstancing : public QQuick3DInstancing {
  Q_OBJECT
  Q_PROPERTY(NetworkController* controller READ controller WRITE setController NOTIFY controllerChanged)
  QML_ANONYMOUS

 public:
  explicit NetworkInstancing(QQuick3DObject* parent = nullptr) : QQuick3DInstancing(parent) {}
  NetworkController* controller() const { return controller_; }
  void setController(NetworkController* controller);
  int rowCount() const { return rows_; }  // after the last build

 signals:
  void controllerChanged();

 protected:
  QByteArray getInstanceBuffer(int* instanceCount) final;
  // Appends the rows of the current controller state to `out`.
  virtual void build(const NetworkController& c, QByteArray& out) const = 0;
  virtual void connectSignals(NetworkController* c) = 0;
  void invalidate();

 private:
  QPointer<NetworkController> controller_;
  QByteArray buffer_;
  bool dirty_ = true;
  int rows_ = 0;
};

class NodeInstancing : public NetworkInstancing {
  Q_OBJECT
  QML_ELEMENT
 public:
  explicit NodeInstancing(QQuick3DObject* parent = nullptr) : NetworkInstancing(parent) {}

 protected:
  void build(const NetworkController& c, QByteArray& out) const override;
  void connectSignals(NetworkController* c) override;
};

class LinkInstancing : public NetworkInstancing {
  Q_OBJECT
  QML_ELEMENT
 public:
  explicit LinkInstancing(QQuick3DObject* parent = nullptr) : NetworkInstancing(parent) {}

 protected:
  void build(const NetworkController& c, QByteArray& out) const override;
  void connectSignals(NetworkController* c) override;
};

class BreakMarkerInstancing : public NetworkInstancing {
  Q_OBJECT
  QML_ELEMENT
 public:
  explicit BreakMarkerInstancing(QQuick3DObject* parent = nullptr) : NetworkInstancing(parent) {}

 protected:
  void build(const NetworkController& c, QByteArray& out) const override;
  void connectSignals(NetworkController* c) override;
};
