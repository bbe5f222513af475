// NetworkController: the GUI thread's view of the loaded scenario: its
// structure (an immutable flit::Topology: geometry, names, picking) and the
// link and node state the engine reports. QML binds to its properties and
// calls its slots; the instancing tables pull geometry from layout() and link
// state from linkUp(). Not thread-safe: GUI thread only.
//
// One source of truth for faults (issue 16): with a simulation set
// (setSimulation, done by the composition root MainWindowSession), a click
// applies a change there and the state shown is the engine's, taken from its
// frames (showEngineState); undo and redo apply the opposite change. The
// click shows at once, and the next frame that saw the command confirms or
// corrects it. A failure the engine makes by itself (the scenario's timeline,
// a failed node's links) shows from the frame, without an undo entry. Without
// an engine (tests, a scenario the engine cannot run) the controller keeps
// the state it shows itself.
//
// Static tables (node positions, link shapes) change only on scenarioChanged;
// link state changes announce linkStatesChanged; hover changes hoverChanged.
// A per-frame table (packets, issue 5) will get its own signal.
#pragma once

#include "family_view.h"
#include "ray_picker.h"
#include "scene_layout.h"
#include "fattree/circuit_recording.h"
#include "scenario/recording.h"
#include "scenario/scenario.h"
#include "topology/network_graph.h"

#include <QObject>
#include <QPointer>
#include <QStringList>
#include <QUndoStack>
#include <QUrl>
#include <QVector3D>
#include <QtQml/qqmlregistration.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace flitgui {
class SimulationController;
}  // namespace flitgui

namespace flit::fattree {
struct FatTreeScenario;
struct FatTreeNetwork;
}  // namespace flit::fattree

class NetworkController : public QObject {
  Q_OBJECT
  QML_ELEMENT
  QML_UNCREATABLE("NetworkController is created by the application")

  Q_PROPERTY(bool loaded READ loaded NOTIFY scenarioChanged)
  Q_PROPERTY(QString scenarioName READ scenarioName NOTIFY scenarioChanged)
  Q_PROPERTY(QString scenarioDescription READ scenarioDescription NOTIFY scenarioChanged)
  Q_PROPERTY(QString scenarioFile READ scenarioFile NOTIFY scenarioChanged)
  Q_PROPERTY(QString topologyText READ topologyText NOTIFY scenarioChanged)
  Q_PROPERTY(int dimensions READ dimensions NOTIFY scenarioChanged)
  Q_PROPERTY(int nodeCount READ nodeCount NOTIFY scenarioChanged)
  Q_PROPERTY(int linkCount READ linkCount NOTIFY scenarioChanged)
  Q_PROPERTY(int wrapLinkCount READ wrapLinkCount NOTIFY scenarioChanged)
  Q_PROPERTY(QList<int> labelledNodes READ labelledNodes NOTIFY scenarioChanged)  // node labels: labelledNodes()
  Q_PROPERTY(float sceneRadius READ sceneRadius NOTIFY scenarioChanged)
  // What the window shows differently for the loaded scenario's family (the
  // tools it offers, its words, its legend): QML binds to it and never asks
  // which family it is. Never null; replaced on scenarioChanged.
  Q_PROPERTY(flitgui::FamilyView* family READ family NOTIFY scenarioChanged)
  // The bundled presets (":/presets/*.json"), sorted by their names; presetNames[i]
  // is presetFiles[i]'s "name" field (what a person chooses by).
  Q_PROPERTY(QStringList presetFiles READ presetFiles CONSTANT)
  Q_PROPERTY(QStringList presetNames READ presetNames CONSTANT)
  Q_PROPERTY(int failedLinkCount READ failedLinkCount NOTIFY linkStatesChanged)
  Q_PROPERTY(QList<int> failedLinkIds READ failedLinkIds NOTIFY linkStatesChanged)
  Q_PROPERTY(bool canUndo READ canUndo NOTIFY undoStateChanged)
  Q_PROPERTY(bool canRedo READ canRedo NOTIFY undoStateChanged)
  Q_PROPERTY(QString undoText READ undoText NOTIFY undoStateChanged)
  Q_PROPERTY(QString redoText READ redoText NOTIFY undoStateChanged)
  Q_PROPERTY(int hoveredNode READ hoveredNode NOTIFY hoverChanged)
  Q_PROPERTY(int hoveredLink READ hoveredLink NOTIFY hoverChanged)
  Q_PROPERTY(QString hoverText READ hoverText NOTIFY hoverChanged)
  // What a left click would do to what the mouse is over (clickAction of the
  // hovered node or link); the status bar shows it beside hoverText.
  Q_PROPERTY(QString hoverAction READ hoverAction NOTIFY hoverChanged)
  // Breaking a link is a deliberate gesture (issue 42: a click aimed at a
  // packet must never break its link). While breakMode is on, a click on a
  // link breaks it or repairs it; while it is off, a click on a link changes
  // nothing (linkClickIgnored says so) and B breaks or repairs the hovered
  // link. Clicks on nodes select them in both modes. Off for every new scenario.
  Q_PROPERTY(bool breakMode READ breakMode WRITE setBreakMode NOTIFY breakModeChanged)
  // Whether the B key breaks the hovered link (off in presenter mode, where a
  // clicker's blank-screen button sends B): hoverAction names B only then.
  Q_PROPERTY(bool linkKey READ linkKey WRITE setLinkKey NOTIFY hoverChanged)
  Q_PROPERTY(QString errorString READ errorString NOTIFY errorStringChanged)
  // The node clicked last (-1: none): the side panel inspects it and the tag
  // editor takes it as source or destination. Cleared on scenarioChanged.
  Q_PROPERTY(int selectedNode READ selectedNode WRITE setSelectedNode NOTIFY selectedNodeChanged)
  // Failed nodes (right-click menu; undoable like links;
  // network_controller_nodes.cpp; the engine's Simulator::failNode / repairNode).
  Q_PROPERTY(int failedNodeCount READ failedNodeCount NOTIFY nodeStatesChanged)
  // A fat-tree's unit trees (and clusters) whose every RN1 is failed; 0 for a torus.
  Q_PROPERTY(int failedBlockCount READ failedBlockCount NOTIFY nodeStatesChanged)
  Q_PROPERTY(QList<int> failedNodeIds READ failedNodeIds NOTIFY nodeStatesChanged)
  // A fat-tree's unit trees (and clusters) drawn collapsed, each as one
  // sphere (SceneLayout::fatTree), or expanded into their RN1s
  // (network_controller_fat_tree.cpp). Collapsed at first when the network
  // has more than kCollapseAboveRouters RN1s. drawnNodeCount: the spheres
  // drawn (the view's level of detail).
  Q_PROPERTY(int blockCount READ blockCount NOTIFY scenarioChanged)
  Q_PROPERTY(int collapsedBlockCount READ collapsedBlockCount NOTIFY layoutChanged)
  Q_PROPERTY(int drawnNodeCount READ drawnNodeCount NOTIFY layoutChanged)

 public:
  static constexpr int kCollapseAboveRouters = 1000;
  explicit NetworkController(QObject* parent = nullptr);
  ~NetworkController() override;

  // Loads a scenario file (a path, a ":/..." resource or a file: URL). On
  // error keeps the current scenario, sets errorString (the engine's
  // ScenarioError text, which names the field) and returns false.
  Q_INVOKABLE bool loadScenario(const QString& pathOrUrl);
  static QString defaultScenarioPath();  // the bundled teaching-4x4x4 preset
  // The two halves of loadScenario, for a scenario parsed elsewhere (the
  // coroutine in ScenarioFiles parses on a worker thread): apply a parsed
  // scenario and its topology (from flit::buildTopology), or report why a
  // file could not be loaded (errorString "<file name>: <error>").
  // `replay`: the file was a recording (its scenario is `scenario`); kept for
  // the simulation, which replays it (recording()).
  void applyScenario(flit::Scenario scenario, std::unique_ptr<flit::Topology> topology, const QString& path,
                     std::optional<flit::Recording> replay = std::nullopt);
  void reportLoadError(const QString& path, const QString& error);
  // A fat-tree scenario (network_controller_fat_tree.cpp): builds the
  // network (DeHon sections 3-5) and shows it through the same graph and
  // layout interface as a torus (SceneLayout::fatTree); its faults
  // (faults.routers, faults.channels) are shown failed. scenario() and
  // topology() are null meanwhile: they are the torus's. `replay`: the file
  // was a fat-tree recording (its scenario is `scenario`); kept for the
  // simulation, which replays it (fatTreeRecording()).
  void applyFatTree(flit::fattree::FatTreeScenario scenario, const QString& path,
                    std::optional<flit::fattree::CircuitRecording> replay = std::nullopt);
  const flit::Scenario* scenario() const { return scenario_ ? &*scenario_ : nullptr; }
  const flit::Recording* recording() const { return recording_ ? &*recording_ : nullptr; }
  const flit::fattree::FatTreeScenario* fatTreeScenario() const;
  const flit::fattree::CircuitRecording* fatTreeRecording() const;
  const flit::fattree::FatTreeNetwork* fatTreeNetwork() const;
  // The fat-tree scenario as the view shows it now (Save): its faults are
  // the routers and channels shown failed; a failed unit tree whose RN1s are
  // all still failed stays one entry, the other routers are listed one by
  // one (a random share becomes the routers it drew). Null for a torus.
  std::optional<flit::fattree::FatTreeScenario> fatTreeScenarioAsShown() const;
  // Either family's routers, endpoints and links (ids of nodes and links
  // in the view, the picker and the state vectors are the graph's).
  const flit::NetworkGraph& graph() const { return graph_; }

  bool loaded() const { return topology_ != nullptr || fatTree_ != nullptr; }
  // The scenario is a Transit fat-tree (issue 19), simulated by CircuitSource
  // (C++ only: QML asks family()).
  bool fatTree() const { return fatTree_ != nullptr; }
  flitgui::FamilyView* family() const { return family_; }
  QString scenarioName() const;
  QString scenarioDescription() const;
  QString scenarioFile() const { return scenarioFile_; }
  QString topologyText() const;
  int dimensions() const { return topology_ ? topology_->dims() : 0; }
  int nodeCount() const { return static_cast<int>(graph_.nodeCount()); }
  int linkCount() const { return static_cast<int>(graph_.linkCount()); }
  // The simulation that owns link and node state (the composition root's):
  // a click, an undo or a redo applies the change there (an ApplyCommand of
  // failLink / repairLink / failNode / repairNode, SimulationController::
  // setLinkUp / setNodeUp), and its frames, once they saw every command
  // posted, are what is shown (showEngineState). Null: the view keeps its
  // own state (a scenario shown without a simulation; Save writes it).
  void setSimulation(flitgui::SimulationController* simulation);
  // The engine's state (a frame's linkUp / nodeUp, 1 up / 0 failed, per id),
  // shown as it is: announces linkStatesChanged / nodeStatesChanged when it
  // differs from what is shown. Vectors of another size are ignored (a frame
  // of the previous scenario).
  void showEngineState(const std::vector<std::uint8_t>& linkUp, const std::vector<std::uint8_t>& nodeUp);

  int wrapLinkCount() const;
  float sceneRadius() const { return layout_.boundingRadius(); }
  QStringList presetFiles() const;
  QStringList presetNames() const;
  int failedLinkCount() const;
  QList<int> failedLinkIds() const;
  bool canUndo() const { return undoStack_.canUndo(); }
  bool canRedo() const { return undoStack_.canRedo(); }
  QString undoText() const { return undoStack_.undoText(); }
  QString redoText() const { return undoStack_.redoText(); }
  int hoveredNode() const { return hoveredNode_; }
  int hoveredLink() const { return hoveredLink_; }
  QString hoverText() const { return hoverText_; }
  QString hoverAction() const { return clickAction(hoveredNode_, hoveredLink_); }
  bool breakMode() const { return breakMode_; }
  void setBreakMode(bool on);
  bool linkKey() const { return linkKey_; }
  void setLinkKey(bool on) {
    if (on == linkKey_) return;
    linkKey_ = on;
    emit hoverChanged();
  }
  QString errorString() const { return errorString_; }
  int selectedNode() const { return selectedNode_; }
  int failedNodeCount() const;
  QList<int> failedNodeIds() const;
  Q_INVOKABLE bool nodeUp(int node) const;  // false for a failed node; true for a bad id
  void setSelectedNode(int node);  // out of range: -1

  const SceneLayout& layout() const { return layout_; }
  // The structure only: its link flags are the scenario's at load, never
  // updated; the state shown is linkUp() / nodeUp().
  const flit::Topology* topology() const { return topology_.get(); }
  bool linkUp(int link) const;
  QUndoStack* undoStack() { return &undoStack_; }

  // Pure queries for QML and tests.
  Q_INVOKABLE QString describeNode(int node) const;
  Q_INVOKABLE QString describeLink(int link) const;
  // The link's ends and direction without the state suffix (for lists of
  // failed links, where " [failed]" would only repeat the heading).
  Q_INVOKABLE QString describeLinkEnds(int link) const;
  // Node labels of the 3D view (issue 42, item 6; ViewSettings::NodeLabels):
  // which nodes carry one (every node up to kLabelAllNodes; on a bigger
  // machine those on the three axis lines through the origin, a ruler along
  // each dimension), and the label of a node in a mode: "(1,0,2)", "PE 7C"
  // (its logical PE, hex as the T3E manual writes it; `logicalHome` is the
  // node whose logical PE it holds, itself unless a hot spare took one
  // over), "0x020001" (its physical PE, manual Figure 11). A torus only.
  // rulerNodes(stride): the nodes on those axis lines whose coordinate along
  // their line is a multiple of `stride` (the view thins its labels so that
  // they do not overlap when the machine is drawn small).
  static constexpr int kLabelAllNodes = 128;
  QList<int> labelledNodes() const;
  Q_INVOKABLE QList<int> rulerNodes(int stride) const;
  // The scene distance between two neighbouring nodes (SceneLayout::kSpacing).
  Q_INVOKABLE static double nodeSpacing() { return SceneLayout::kSpacing; }
  // The axis cross of the view (issue 42, item 6: no axes or origin): the
  // scene direction an engine dimension runs in, and where the cross stands
  // (beside node (0,0,0), outside the lattice). A torus only.
  Q_INVOKABLE QVector3D dimensionAxis(int dim) const { return layout_.dimensionAxis(dim); }
  Q_INVOKABLE QVector3D axisOrigin() const;
  Q_INVOKABLE QString nodeLabel(int node, int mode, int logicalHome) const;
  // A fault, repair or hot spare as a person says it: "link (0,1,1) +Z ->
  // (0,1,2) failed at cycle 1500"; empty for the other kinds.
  QString describeIntervention(const flit::Intervention& i) const;
  // What a left click does on this node or link (-1: none) now, for the
  // status bar and the tooltips of the 3D view, the slice and the map: one
  // sentence; empty over nothing.
  Q_INVOKABLE QString clickAction(int node, int link) const;
  Q_INVOKABLE QVector3D nodePosition(int node) const;
  // A node or link named as its family writes it (a lesson's solution, a
  // command line): a torus "1,0,2" and "1,0,2:+X", a fat-tree "RN1 5",
  // "endpoint 3" and "channel 17". -1 when the name is malformed or names
  // nothing in this network.
  Q_INVOKABLE int findNode(const QString& name) const;
  Q_INVOKABLE int findLink(const QString& name) const;
  // A fat-tree endpoint's number (graph node routerCount + e -> e); -1 for
  // a router or a torus node.
  Q_INVOKABLE int endpointOf(int node) const;
  // The fat-tree block (unit tree or cluster) of a router node; -1 for an
  // endpoint or a torus node. A collapsed block's routers are shown by its
  // first router's sphere.
  Q_INVOKABLE int blockOf(int node) const;
  Q_INVOKABLE bool blockCollapsed(int node) const;
  Q_INVOKABLE void setBlockCollapsed(int node, bool collapsed);
  Q_INVOKABLE void setAllBlocksCollapsed(bool collapsed);
  // Fails (or repairs) every RN1 of the node's block: one undo step.
  Q_INVOKABLE void setBlockUp(int node, bool up);
  int blockCount() const;
  int failedBlockCount() const;
  int collapsedBlockCount() const;
  int drawnNodeCount() const;
  Q_INVOKABLE QVector3D linkAnchor(int link) const;
  // The node (or link) that is the nearest element along the ray origin ->
  // through, or -1 when the nearest hit is something else or nothing. Two
  // typed calls rather than one untyped record.
  Q_INVOKABLE int pickNode(const QVector3D& origin, const QVector3D& through) const;
  Q_INVOKABLE int pickLink(const QVector3D& origin, const QVector3D& through) const;

 public slots:
  // Hover: updates hoveredNode/hoveredLink/hoverText from a ray.
  void hoverRay(const QVector3D& origin, const QVector3D& through);
  void clearHover();
  // Click: a link under the ray goes to clickLink; a node under it becomes
  // selectedNode (every click re-announces it, so a second click on the same
  // node picks it again). Returns the link toggled or -1.
  int clickRay(const QVector3D& origin, const QVector3D& through);
  // A click on a link (3D view, slice, map): in break mode breaks it if up,
  // repairs it if down (undoable) and returns true; else changes nothing,
  // emits linkClickIgnored and returns false.
  bool clickLink(int link);
  // A click on a node elsewhere (the 2D slice view): selectedNode and nodeClicked, as clickRay.
  void clickNode(int node);
  void toggleLink(int link);
  void setNodeUp(int node, bool up);  // undoable; no-op when already in that state
  void setLinkUp(int link, bool up);  // undoable; no-op when already in that state
  void undo() { undoStack_.undo(); }
  void redo() { undoStack_.redo(); }

 signals:
  void scenarioChanged();
  void linkStatesChanged();
  void undoStateChanged();
  void hoverChanged();
  void errorStringChanged();
  void selectedNodeChanged();
  void nodeStatesChanged();
  void nodeClicked(int node);
  void breakModeChanged();
  void linkClickIgnored(int link);  // a link clicked outside break mode
  void layoutChanged();  // the same network placed anew (a fat-tree block expanded or collapsed)

 private:
  friend class LinkStateCommand;
  friend class NodeStateCommand;
  // Used by the undo commands: shows the state and posts it to the engine.
  void applyNodeState(int node, bool up);
  void applyLinkState(int link, bool up);
  void showLinkState(int link, bool up);  // no undo entry, no posting
  void showNodeState(int node, bool up);
  void setHover(PickHit hit);
  void setErrorString(const QString& text);
  // What both families' apply functions share: a new network in the view,
  // every node and link shown up, no undo, hover or selection.
  void showNetwork(flit::NetworkGraph graph, SceneLayout layout, const QString& path);
  // The family's view of the network just shown (the old one is deleted
  // later: QML may still hold it while it re-binds).
  void setFamily(flitgui::FamilyView::Spec spec);
  QString torusTopologyText() const;  // torus/network_controller_torus.cpp
  QString describeTorusNode(int node) const;
  QString describeTorusLink(int link) const;
  int findTorusNode(const QString& name) const;
  int findTorusLink(const QString& name) const;
  int findFatTreeNode(const QString& name) const;
  int findFatTreeLink(const QString& name) const;
  QString fatTreeTopologyText() const;  // fat_tree/network_controller_fat_tree.cpp
  QString describeFatTreeNode(int node) const;
  QString describeFatTreeLink(int link) const;
  void placeFatTree();  // layout_ from the network and blockCollapsed_
  std::vector<std::uint8_t> blockCollapsed_;  // per fat-tree block
  struct FatTree;  // the scenario and its network (network_controller_fat_tree.cpp)
  std::shared_ptr<const FatTree> fatTree_;
  flit::NetworkGraph graph_;

  std::optional<flit::Scenario> scenario_;
  std::optional<flit::Recording> recording_;
  std::unique_ptr<const flit::Topology> topology_;
  SceneLayout layout_;
  flitgui::FamilyView* family_;  // owned (a child)
  QPointer<flitgui::SimulationController> simulation_;
  QMetaObject::Connection frameConnection_;
  std::vector<std::uint8_t> linkDown_;  // per link, 1 = shown failed
  QString scenarioFile_;
  QUndoStack undoStack_;
  int hoveredNode_ = -1;
  int selectedNode_ = -1;
  std::vector<std::uint8_t> nodeDown_;  // per node, 1 = shown failed
  int hoveredLink_ = -1;
  QString hoverText_;
  QString errorString_;
  bool breakMode_ = false;
  bool linkKey_ = true;
};
