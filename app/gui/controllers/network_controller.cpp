#include "network_controller.h"

#include "simulation_controller.h"

#include "fattree/fat_tree_scenario.h"
#include "scenario/circuit_recording_json.h"
#include "scenario/recording.h"
#include "scenario/scenario_family.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QUndoCommand>

#include <algorithm>
#include <utility>
#include <exception>
#include <vector>

// One link broken or repaired; the undo stack replays it through the
// controller, which posts it to the engine (an intervention; undo posts the
// inverse).
class LinkStateCommand : public QUndoCommand {
 public:
  LinkStateCommand(NetworkController* controller, int link, bool up)
      : controller_(controller), link_(link), up_(up) {
    setText(up ? NetworkController::tr("repair %1").arg(controller->describeLink(link))
               : NetworkController::tr("break %1").arg(controller->describeLink(link)));
  }
  void redo() override { controller_->applyLinkState(link_, up_); }
  void undo() override { controller_->applyLinkState(link_, !up_); }

 private:
  NetworkController* controller_;
  int link_;
  bool up_;
};

NetworkController::NetworkController(QObject* parent)
    : QObject(parent), family_(new flitgui::FamilyView(this)) {
  connect(&undoStack_, &QUndoStack::indexChanged, this, &NetworkController::undoStateChanged);
  connect(&undoStack_, &QUndoStack::cleanChanged, this, &NetworkController::undoStateChanged);
}

NetworkController::~NetworkController() {
  undoStack_.clear();  // commands point back at this controller
}

QString NetworkController::defaultScenarioPath() {
  return QStringLiteral(":/presets/teaching-4x4x4.json");
}

namespace {

struct Preset {
  QString file;
  QString name;  // the scenario's "name"; the file's base name if it has none or does not parse
};

// Read once: the presets are compiled in and never change.
const std::vector<Preset>& bundledPresets() {
  static const std::vector<Preset> presets = [] {
    std::vector<Preset> out;
    const QDir dir(QStringLiteral(":/presets"));
    for (const QString& entry : dir.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name)) {
      Preset p{dir.filePath(entry), QFileInfo(entry).completeBaseName()};
      QFile file(p.file);
      if (file.open(QIODevice::ReadOnly)) {
        try {
          const std::string text = file.readAll().toStdString();
          const std::string name = flit::scenarioFamilyOfText(text) == flit::TopologyFamily::FatTree
                                       ? flit::fattree::parseFatTreeScenarioOrRecording(text).scenario.name
                                       : flit::parseScenario(text).name;
          if (!name.empty()) p.name = QString::fromStdString(name);
        } catch (const std::exception&) {
          // keep the file name: tst_network_controller loads every preset and reports the error
        }
      }
      out.push_back(std::move(p));
    }
    std::stable_sort(out.begin(), out.end(), [](const Preset& a, const Preset& b) {
      return QString::localeAwareCompare(a.name, b.name) < 0;
    });
    return out;
  }();
  return presets;
}

}  // namespace

QStringList NetworkController::presetFiles() const {
  QStringList files;
  for (const Preset& p : bundledPresets()) files << p.file;
  return files;
}

QStringList NetworkController::presetNames() const {
  QStringList names;
  for (const Preset& p : bundledPresets()) names << p.name;
  return names;
}

bool NetworkController::loadScenario(const QString& pathOrUrl) {
  QString path = pathOrUrl;
  const QUrl url(pathOrUrl);
  if (url.isLocalFile()) path = url.toLocalFile();
  else if (url.scheme() == QLatin1String("qrc")) path = QLatin1Char(':') + url.path();

  flit::ScenarioOrRecording parsed;
  std::unique_ptr<flit::Topology> topology;
  try {
    std::string text;
    if (path.startsWith(QLatin1Char(':'))) {
      QFile file(path);
      if (!file.open(QIODevice::ReadOnly)) {
        setErrorString(tr("%1: cannot open the file").arg(path));
        return false;
      }
      text = file.readAll().toStdString();
    } else {
      text = flit::readScenarioFileText(QFile::encodeName(path).toStdString());
    }
    if (flit::scenarioFamilyOfText(text) == flit::TopologyFamily::FatTree) {
      // A recording shows its scenario (the simulation replays it).
      flit::fattree::FatTreeScenarioOrRecording tree = flit::fattree::parseFatTreeScenarioOrRecording(text);
      applyFatTree(std::move(tree.scenario), path, std::move(tree.recording));
      return true;
    }
    // A recording shows its scenario (the simulation replays it).
    parsed = flit::parseScenarioOrRecording(text);
    topology = std::make_unique<flit::Topology>(flit::buildTopology(parsed.scenario));
  } catch (const std::exception& e) {
    // ScenarioError's text names the field ("scenario.topology.radix[1]: ...").
    reportLoadError(path, QString::fromUtf8(e.what()));
    return false;
  }
  applyScenario(std::move(parsed.scenario), std::move(topology), path, std::move(parsed.recording));
  return true;
}

void NetworkController::reportLoadError(const QString& path, const QString& error) {
  setErrorString(tr("%1: %2").arg(QFileInfo(path).fileName(), error));
}

void NetworkController::showNetwork(flit::NetworkGraph graph, SceneLayout layout, const QString& path) {
  undoStack_.clear();
  clearHover();
  setBreakMode(false);  // a new network starts safe: clicks break nothing
  if (selectedNode_ >= 0) {
    selectedNode_ = -1;
    emit selectedNodeChanged();
  }
  graph_ = std::move(graph);
  layout_ = std::move(layout);
  linkDown_.assign(graph_.linkCount(), 0);
  nodeDown_.assign(graph_.nodeCount(), 0);
  scenarioFile_ = path;
  setErrorString(QString());
}

void NetworkController::setFamily(flitgui::FamilyView::Spec spec) {
  family_->deleteLater();
  family_ = new flitgui::FamilyView(std::move(spec), this);
}

QString NetworkController::scenarioName() const {
  if (fatTree_) return QString::fromStdString(fatTreeScenario()->name);
  return scenario_ ? QString::fromStdString(scenario_->name) : QString();
}

QString NetworkController::scenarioDescription() const {
  if (fatTree_) return QString::fromStdString(fatTreeScenario()->description);
  return scenario_ ? QString::fromStdString(scenario_->description) : QString();
}

QString NetworkController::topologyText() const {
  if (fatTree_) return fatTreeTopologyText();
  return torusTopologyText();
}

int NetworkController::wrapLinkCount() const {
  int count = 0;
  for (int l = 0; l < layout_.linkCount(); ++l) count += layout_.linkIsWrap(l) ? 1 : 0;
  return count;
}

QList<int> NetworkController::failedLinkIds() const {
  QList<int> ids;
  for (std::size_t l = 0; l < linkDown_.size(); ++l)
    if (linkDown_[l]) ids << static_cast<int>(l);
  return ids;
}

int NetworkController::failedLinkCount() const {
  return static_cast<int>(std::count(linkDown_.begin(), linkDown_.end(), std::uint8_t{1}));
}

bool NetworkController::linkUp(int link) const {
  return link >= 0 && static_cast<std::size_t>(link) < linkDown_.size() && !linkDown_[static_cast<std::size_t>(link)];
}

QString NetworkController::describeNode(int node) const {
  if (fatTree_) return describeFatTreeNode(node);
  return describeTorusNode(node);
}

int NetworkController::findNode(const QString& name) const {
  if (fatTree_) return findFatTreeNode(name.trimmed());
  return findTorusNode(name.trimmed());
}

int NetworkController::findLink(const QString& name) const {
  if (fatTree_) return findFatTreeLink(name.trimmed());
  return findTorusLink(name.trimmed());
}

QString NetworkController::describeLink(int link) const {
  QString text = describeLinkEnds(link);
  if (!text.isEmpty() && !linkUp(link)) text += tr(" [failed]");
  return text;
}

QString NetworkController::describeLinkEnds(int link) const {
  if (fatTree_) return describeFatTreeLink(link);
  return describeTorusLink(link);
}

QString NetworkController::describeIntervention(const flit::Intervention& i) const {
  const QString at = QString::number(i.cycle);
  switch (i.kind) {
    case flit::InterventionKind::FailLink: return tr("%1 failed at cycle %2").arg(describeLinkEnds(i.id), at);
    case flit::InterventionKind::RepairLink: return tr("%1 repaired at cycle %2").arg(describeLinkEnds(i.id), at);
    case flit::InterventionKind::FailNode: return tr("%1 failed at cycle %2").arg(describeNode(i.id), at);
    case flit::InterventionKind::RepairNode: return tr("%1 repaired at cycle %2").arg(describeNode(i.id), at);
    case flit::InterventionKind::SetHotSpare:
      return (i.on ? tr("%1 made a hot spare at cycle %2") : tr("%1 no longer a hot spare at cycle %2"))
          .arg(describeNode(i.id), at);
    default: return {};
  }
}

void NetworkController::toggleLink(int link) {
  if (link < 0 || link >= linkCount()) return;
  setLinkUp(link, !linkUp(link));
}

void NetworkController::setLinkUp(int link, bool up) {
  if (link < 0 || link >= linkCount()) return;
  if (linkUp(link) == up) return;
  undoStack_.push(new LinkStateCommand(this, link, up));
}

void NetworkController::setSimulation(flitgui::SimulationController* simulation) {
  if (simulation == simulation_) return;
  disconnect(frameConnection_);
  simulation_ = simulation;
  if (!simulation_) return;
  frameConnection_ = connect(simulation_, &flitgui::SimulationController::frameChanged, this, [this] {
    const flitgui::FramePtr frame = simulation_ ? simulation_->currentFrame() : nullptr;
    if (frame && simulation_->frameSawEveryCommand()) showEngineState(frame->linkUp, frame->nodeUp);
  });
}

void NetworkController::applyLinkState(int link, bool up) {
  showLinkState(link, up);
  if (simulation_) simulation_->setLinkUp(link, up);
}

void NetworkController::showLinkState(int link, bool up) {
  linkDown_[static_cast<std::size_t>(link)] = up ? 0 : 1;
  emit linkStatesChanged();
  if (link == hoveredLink_) {
    hoverText_ = describeLink(link);
    emit hoverChanged();
  }
}

namespace {

// The engine's up flags (1 up) as the shown down flags (1 failed): true when
// anything changed. A vector of another size (another scenario's frame) is
// ignored.
bool adoptState(const std::vector<std::uint8_t>& up, std::vector<std::uint8_t>& down) {
  if (up.size() != down.size()) return false;
  bool changed = false;
  for (std::size_t i = 0; i < up.size(); ++i) {
    const std::uint8_t d = up[i] ? 0 : 1;
    changed |= d != down[i];
    down[i] = d;
  }
  return changed;
}

}  // namespace

void NetworkController::showEngineState(const std::vector<std::uint8_t>& linkUp,
                                        const std::vector<std::uint8_t>& nodeUp) {
  if (adoptState(linkUp, linkDown_)) {
    emit linkStatesChanged();
    if (hoveredLink_ >= 0) {
      hoverText_ = describeLink(hoveredLink_);
      emit hoverChanged();
    }
  }
  if (adoptState(nodeUp, nodeDown_)) emit nodeStatesChanged();
}

void NetworkController::setErrorString(const QString& text) {
  if (text == errorString_) return;
  errorString_ = text;
  emit errorStringChanged();
}
