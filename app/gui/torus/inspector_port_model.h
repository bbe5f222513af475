// InspectorPortModel: the node inspector's table, one row per input port
// of the inspected router (+X ... -Z, processor), per virtual channel the
// flits buffered and the buffer's capacity (the occupancy bars), the VC
// class (their colour) and the SeaStar counters (XT paper Table 4: packets,
// flits and blocked cycles per VC, stalled cycles per port).
// A new frame for the same router changes the rows in place (dataChanged):
// the delegates showing them stay, one text per field, instead of being
// rebuilt every frame (which drew a second copy over the first while the
// simulation ran). Only another set of ports or VCs resets the model.
#pragma once

#include "view/node_inspection.h"

#include <QAbstractListModel>
#include <QStringList>
#include <QtQml/qqmlregistration.h>

#include <vector>

namespace flitgui {

class InspectorPortModel : public QAbstractListModel {
  Q_OBJECT
  QML_ELEMENT
  QML_UNCREATABLE("InspectorPortModel belongs to a NodeInspector")
  Q_PROPERTY(int count READ count NOTIFY shapeChanged)
  Q_PROPERTY(int vcCount READ vcCount NOTIFY shapeChanged)

 public:
  enum Role {
    PortRole = Qt::UserRole + 1,  // int: Direction or flit::kProcessorPort
    NameRole,                     // "+X", "processor" (translated)
    LinkUpRole,                   // bool
    BufferedRole,                 // QVariantList of int, per VC
    CapacityRole,                 // QVariantList of int, per VC
    VcClassRole,                  // QVariantList of int (VcClass), per VC
    PacketsRole,                  // QVariantList of double, per VC
    FlitsRole,                    // QVariantList of double, per VC
    BlockedRole,                  // QVariantList of double, per VC
    StalledRole,                  // double
  };
  Q_ENUM(Role)

  explicit InspectorPortModel(QObject* parent = nullptr);

  int rowCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role) const override;
  QHash<int, QByteArray> roleNames() const override;
  int count() const { return static_cast<int>(rows_.size()); }
  int vcCount() const { return vcCount_; }
  // The VcClass of virtual channel `vc` (for the column headers), 0 when out of range.
  Q_INVOKABLE int vcClassOf(int vc) const {
    return vc >= 0 && vc < static_cast<int>(vcClass_.size()) ? vcClass_[static_cast<std::size_t>(vc)] : 0;
  }

  void update(const flit::NodeInspection& inspection);
  void clear();

 signals:
  void shapeChanged();

 private:
  struct Row {
    int port = 0;
    bool linkUp = true;
    std::vector<int> buffered;
    std::vector<double> packets, flits, blocked;
    double stalled = 0;
  };
  std::vector<Row> rows_;
  std::vector<int> capacity_;
  std::vector<int> vcClass_;
  int vcCount_ = 0;
};

}  // namespace flitgui
