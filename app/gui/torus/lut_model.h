// LutModel: one inspected router's routing-tag look-up table as a list for
// QML (issue 5, node inspector): per destination node the T3E routing tag
// the router builds (R_NET_LUT through R_LUT_OVERRIDE, T3E manual Table 6),
// as 64-bit hex and decoded into the Table 7 fields. The tags come from the
// engine in flit::NodeInspection (panel_data.h); the model only formats them.
// update() resets the model when the node or the size changes and otherwise
// emits dataChanged for the rows whose tag changed (a live frame costs no
// reset, so the view keeps its scroll position).
#pragma once

#include "view/node_inspection.h"
#include "topology/topology.h"

#include <QAbstractListModel>
#include <QtQml/qqmlregistration.h>

#include <cstdint>
#include <memory>
#include <vector>

namespace flitgui {

class LutModel : public QAbstractListModel {
  Q_OBJECT
  QML_ELEMENT
  QML_UNCREATABLE("LutModel belongs to a NodeInspector")
  Q_PROPERTY(int count READ count NOTIFY countChanged)

 public:
  enum Role {
    DestinationRole = Qt::UserRole + 1,  // int node id
    DestinationTextRole,                 // "(1,2,3)"
    TagHexRole,                          // "0x0000002001010101"
    TagFieldsRole,                       // "INITIAL_HOP=3 X_SGN=0 X_ADR=01 ..."
    EditedRole,                          // set by the tag editor
  };
  Q_ENUM(Role)

  explicit LutModel(QObject* parent = nullptr);

  int rowCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role) const override;
  QHash<int, QByteArray> roleNames() const override;
  int count() const { return static_cast<int>(tags_.size()); }

  // spec: the topology, for the destination coordinates.
  void update(const flit::NodeInspection& inspection, const flit::TopologySpec& spec);
  void clear();

 signals:
  void countChanged();

 private:
  flit::NodeId node_ = flit::kInvalidId;
  std::unique_ptr<flit::Topology> topology_;
  std::vector<std::uint64_t> tags_;
  std::vector<std::uint8_t> edited_;
};

}  // namespace flitgui
