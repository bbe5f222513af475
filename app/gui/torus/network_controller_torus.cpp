// NetworkController for the k-ary n-cube family: the scenario's topology
// shown through the family-neutral graph and layout (networkGraphOf,
// SceneLayout::torus), its nodes and links named for the status bar and the
// side panel (network_controller_fat_tree.cpp is the fat-tree's half).
#include "network_controller.h"

#include "torus_family_view.h"

#include "routing/pe_map.h"
#include "routing/routing_config.h"
#include "scenario/scenario.h"
#include "topology/topology.h"
#include "view_settings.h"

#include <QStringList>

#include <algorithm>

void NetworkController::applyScenario(flit::Scenario scenario, std::unique_ptr<flit::Topology> topology,
                                      const QString& path, std::optional<flit::Recording> replay) {
  fatTree_.reset();
  blockCollapsed_.clear();
  scenario_ = std::move(scenario);
  recording_ = std::move(replay);
  topology_ = std::move(topology);
  SceneLayout layout = SceneLayout::torus(*topology_);
  showNetwork(flit::networkGraphOf(*topology_), std::move(layout), path);
  for (int l = 0; l < topology_->linkCount(); ++l) linkDown_[static_cast<std::size_t>(l)] = topology_->linkUp(l) ? 0 : 1;
  setFamily(flitgui::torusFamilySpec(*topology_, wrapLinkCount()));
  emit scenarioChanged();
  emit layoutChanged();
  emit linkStatesChanged();
  emit nodeStatesChanged();
  emit undoStateChanged();
}

QString NetworkController::torusTopologyText() const {
  if (!topology_) return {};
  QStringList radices;
  QStringList meshDims;
  static const char* const kAxes[] = {"X", "Y", "Z"};
  for (int d = 0; d < topology_->dims(); ++d) {
    radices << QString::number(topology_->radix(d));
    if (!topology_->wraps(d)) meshDims << QLatin1String(kAxes[d]);
  }
  const QString shape = radices.join(QLatin1Char('x'));
  if (meshDims.isEmpty()) return tr("%1 torus").arg(shape);
  if (meshDims.size() == topology_->dims()) return tr("%1 mesh").arg(shape);
  return tr("%1 torus, mesh in %2").arg(shape, meshDims.join(QLatin1String(", ")));
}

// The English texts equal Topology::describeNode/describeLink (checked by
// tst_network_controller); the framing words are translatable.
QString NetworkController::describeTorusNode(int node) const {
  if (!topology_ || node < 0 || node >= topology_->nodeCount()) return {};
  const flit::Coord c = topology_->coordOf(node);
  return tr("node %1 PE %2")
      .arg(QString::fromStdString(flit::formatCoord(c, topology_->dims())),
           QString::fromStdString(flit::Topology::formatPhysicalPe(flit::Topology::physicalPe(c))));
}

int NetworkController::findTorusNode(const QString& name) const {
  if (!topology_) return -1;
  try {
    const flit::NodeId n = topology_->nodeAt(flit::parseNodeCoord(name.toStdString(), topology_->spec(), "node"));
    return n == flit::kInvalidId ? -1 : static_cast<int>(n);
  } catch (const flit::ScenarioError&) {
    return -1;
  }
}

int NetworkController::findTorusLink(const QString& name) const {
  if (!topology_) return -1;
  try {
    return static_cast<int>(flit::resolveLinkSpec(*topology_, flit::parseLinkSpec(name.toStdString(), "link"), "link"));
  } catch (const flit::ScenarioError&) {
    return -1;
  }
}

QString NetworkController::describeTorusLink(int link) const {
  if (!topology_ || link < 0 || link >= topology_->linkCount()) return {};
  const auto& e = topology_->linkEnds(link);
  const int dims = topology_->dims();
  QString text = tr("link %1 %2 -> %3")
                     .arg(QString::fromStdString(flit::formatCoord(topology_->coordOf(e.lower), dims)),
                          QString::fromStdString(std::string(
                              flit::directionName(flit::makeDirection(e.dim, true)))),
                          QString::fromStdString(flit::formatCoord(topology_->coordOf(e.upper), dims)));
  if (e.isWrap) text += tr(" (wrap)");
  return text;
}

QList<int> NetworkController::labelledNodes() const {
  if (!topology_ || topology_->nodeCount() > kLabelAllNodes) return rulerNodes(1);
  QList<int> out;
  for (flit::NodeId id = 0; id < topology_->nodeCount(); ++id) out.append(id);
  return out;
}

QList<int> NetworkController::rulerNodes(int stride) const {
  QList<int> out;
  if (!topology_) return out;
  stride = std::max(1, stride);
  for (flit::NodeId id = 0; id < topology_->nodeCount(); ++id) {
    const flit::Coord c = topology_->coordOf(id);
    int offAxis = 0, along = 0;
    for (int d = 0; d < topology_->dims(); ++d)
      if (c[d] != 0) {
        ++offAxis;
        along = c[d];
      }
    if (offAxis <= 1 && along % stride == 0) out.append(id);
  }
  return out;
}

QString NetworkController::nodeLabel(int node, int mode, int logicalHome) const {
  if (!topology_ || node < 0 || node >= topology_->nodeCount()) return {};
  const flit::Coord c = topology_->coordOf(node);
  switch (mode) {
    case flitgui::ViewSettings::CoordinateLabels: return QString::fromStdString(flit::formatCoord(c, topology_->dims()));
    case flitgui::ViewSettings::LogicalPeLabels: {
      const int home = logicalHome >= 0 && logicalHome < topology_->nodeCount() ? logicalHome : node;
      return tr("PE %1").arg(QString::number(flit::PeMap::defaultLogicalOf(topology_->spec(), topology_->coordOf(home)), 16).toUpper());
    }
    case flitgui::ViewSettings::PhysicalPeLabels:
      return QStringLiteral("0x") + QString::fromStdString(flit::Topology::formatPhysicalPe(flit::Topology::physicalPe(c)));
    default: return {};
  }
}

QVector3D NetworkController::axisOrigin() const {
  if (!topology_ || topology_->nodeCount() == 0) return {};
  QVector3D p = layout_.nodePosition(topology_->nodeAt(flit::Coord{}));
  for (int d = 0; d < topology_->dims(); ++d) p -= layout_.dimensionAxis(d) * (SceneLayout::kSpacing * 0.8f);
  return p;
}
