#include "torus/lut_model.h"

#include "routing/routing_tag.h"

#include <utility>

namespace flitgui {

LutModel::LutModel(QObject* parent) : QAbstractListModel(parent) {}

int LutModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : count(); }

QVariant LutModel::data(const QModelIndex& index, int role) const {
  if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
  const auto row = static_cast<std::size_t>(index.row());
  switch (role) {
    case Qt::DisplayRole:
    case TagHexRole:
      return QString::fromStdString(flit::formatTagHex(tags_[row]));
    case DestinationRole:
      return index.row();
    case DestinationTextRole:
      return topology_ ? QString::fromStdString(flit::formatCoord(topology_->coordOf(index.row()), topology_->dims()))
                       : QString::number(index.row());
    case TagFieldsRole:
      return QString::fromStdString(flit::formatTagFields(tags_[row]));
    case EditedRole:
      return row < edited_.size() && edited_[row] != 0;
    default:
      return {};
  }
}

QHash<int, QByteArray> LutModel::roleNames() const {
  return {{Qt::DisplayRole, "display"},         {DestinationRole, "destination"},
          {DestinationTextRole, "destinationText"}, {TagHexRole, "tagHex"},
          {TagFieldsRole, "tagFields"},       {EditedRole, "edited"}};
}

void LutModel::update(const flit::NodeInspection& inspection, const flit::TopologySpec& spec) {
  if (!topology_ || !(topology_->spec() == spec)) topology_ = std::make_unique<flit::Topology>(spec);
  if (inspection.node != node_ || inspection.lutTags.size() != tags_.size()) {
    const int oldCount = count();
    beginResetModel();
    node_ = inspection.node;
    tags_ = inspection.lutTags;
    edited_ = inspection.lutEdited;
    endResetModel();
    if (oldCount != count()) emit countChanged();
    return;
  }
  // Same node, same size: tell the view only about the rows that changed, in runs.
  std::vector<std::pair<int, int>> runs;  // [first, last]
  for (std::size_t i = 0; i < tags_.size(); ++i) {
    const bool wasEdited = i < edited_.size() && edited_[i] != 0;
    const bool isEdited = i < inspection.lutEdited.size() && inspection.lutEdited[i] != 0;
    if (tags_[i] == inspection.lutTags[i] && wasEdited == isEdited) continue;
    const int row = static_cast<int>(i);
    if (!runs.empty() && runs.back().second == row - 1)
      runs.back().second = row;
    else
      runs.emplace_back(row, row);
  }
  tags_ = inspection.lutTags;
  edited_ = inspection.lutEdited;
  for (const auto& [first, last] : runs) emit dataChanged(index(first), index(last));
}

void LutModel::clear() {
  if (tags_.empty() && node_ == flit::kInvalidId) return;
  beginResetModel();
  node_ = flit::kInvalidId;
  tags_.clear();
  edited_.clear();
  endResetModel();
  emit countChanged();
}

}  // namespace flitgui
