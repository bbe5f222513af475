#include "torus/inspector_port_model.h"

#include "torus/node_inspector.h"

#include <QVariantList>

namespace flitgui {
namespace {

template <class T>
QVariantList toList(const std::vector<T>& values) {
  QVariantList out;
  out.reserve(static_cast<qsizetype>(values.size()));
  for (const T& v : values) out.append(QVariant::fromValue(v));
  return out;
}

template <class T>
std::vector<double> toDoubles(const std::vector<T>& values) {
  return std::vector<double>(values.begin(), values.end());
}

}  // namespace

InspectorPortModel::InspectorPortModel(QObject* parent) : QAbstractListModel(parent) {}

int InspectorPortModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : count();
}

QVariant InspectorPortModel::data(const QModelIndex& index, int role) const {
  if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
  const Row& r = rows_[static_cast<std::size_t>(index.row())];
  switch (role) {
    case Qt::DisplayRole:
    case NameRole: return NodeInspector::portName(r.port);
    case PortRole: return r.port;
    case LinkUpRole: return r.linkUp;
    case BufferedRole: return toList(r.buffered);
    case CapacityRole: return toList(capacity_);
    case VcClassRole: return toList(vcClass_);
    case PacketsRole: return toList(r.packets);
    case FlitsRole: return toList(r.flits);
    case BlockedRole: return toList(r.blocked);
    case StalledRole: return r.stalled;
    default: return {};
  }
}

QHash<int, QByteArray> InspectorPortModel::roleNames() const {
  return {{PortRole, "port"},         {NameRole, "name"},         {LinkUpRole, "linkUp"},
          {BufferedRole, "buffered"}, {CapacityRole, "capacity"}, {VcClassRole, "vcClass"},
          {PacketsRole, "packets"},   {FlitsRole, "flits"},       {BlockedRole, "blocked"},
          {StalledRole, "stalled"}};
}

void InspectorPortModel::update(const flit::NodeInspection& in) {
  std::vector<Row> rows;
  for (int port = 0; port < flit::kPortsPerNode; ++port) {
    const flit::InspectedPort& p = in.ports[static_cast<std::size_t>(port)];
    if (!p.present) continue;
    rows.push_back(Row{port, p.linkUp, p.buffered, toDoubles(p.packets), toDoubles(p.flits),
                       toDoubles(p.blockedCycles), static_cast<double>(p.stalledCycles)});
  }
  std::vector<int> vcClass(in.vcClass.begin(), in.vcClass.end());
  const bool samePorts = rows.size() == rows_.size() &&
                         std::equal(rows.begin(), rows.end(), rows_.begin(),
                                    [](const Row& a, const Row& b) { return a.port == b.port; });
  const bool sameShape = samePorts && in.capacity == capacity_ && vcClass == vcClass_;
  if (!sameShape) {
    beginResetModel();
    rows_ = std::move(rows);
    capacity_ = in.capacity;
    vcClass_ = std::move(vcClass);
    vcCount_ = static_cast<int>(capacity_.size());
    endResetModel();
    emit shapeChanged();
    return;
  }
  rows_ = std::move(rows);
  if (!rows_.empty()) emit dataChanged(index(0), index(count() - 1));
}

void InspectorPortModel::clear() {
  if (rows_.empty() && vcCount_ == 0) return;
  beginResetModel();
  rows_.clear();
  capacity_.clear();
  vcClass_.clear();
  vcCount_ = 0;
  endResetModel();
  emit shapeChanged();
}

}  // namespace flitgui
