// DeadlockLab: the deadlock lab panel's controller (issue 18; Dally & Seitz,
// "The Torus Routing Chip", Figures 1-2, Theorem 1; docs/deadlock-and-vc-
// balance.md). While `watched` (the panel open) it asks the worker for
// Frame::torus->lab: the channel dependency check of the routes in force
// (acyclic, or the cycle in flitscope-cli check's naming) and the graph to
// draw (CdgView). Whether or not it is watched, it shows the watchdog's cycle
// of waiting VC buffers once the engine stopped on a deadlock
// (Frame::torus->deadlock; the 3D and 2D overlays draw the same cycle).
// Everything it shows is copied from the frames. GUI thread only.
#pragma once

#include "view/lab_view.h"
#include "simulation_controller.h"
#include "watching_controller.h"

#include <QList>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QStringList>
#include <QtQml/qqmlregistration.h>

#include <memory>

class DeadlockLab : public flitgui::WatchingController {
  Q_OBJECT
  QML_ELEMENT
  // Rule switches go on the simulation's undo stack (SimulationController::undoStack).
  // The VC rules (routing/vc_rule.h): engine names and one-sentence
  // descriptions, in VcRule order; the rule in force (from the frames, empty
  // before the first answer) and per rule why this router cannot use it ("").
  Q_PROPERTY(QStringList ruleNames READ ruleNames CONSTANT)
  Q_PROPERTY(QStringList ruleDescriptions READ ruleDescriptions CONSTANT)
  // What a person chooses by (issue 42, item 11: the rules were listed as
  // identifiers): "Time of crossing (T3E)", ..., in ruleNames' order, translated.
  Q_PROPERTY(QStringList ruleLabels READ ruleLabels CONSTANT)
  Q_PROPERTY(QString rule READ rule NOTIFY labChanged)
  Q_PROPERTY(QStringList ruleProblems READ ruleProblems NOTIFY labChanged)
  // The dependency check (Theorem 1) of the routes in force.
  Q_PROPERTY(bool answered READ answered NOTIFY labChanged)
  Q_PROPERTY(bool deadlockFree READ deadlockFree NOTIFY labChanged)
  Q_PROPERTY(QString cycleText READ cycleText NOTIFY labChanged)
  Q_PROPERTY(int cycleLength READ cycleLength NOTIFY labChanged)
  Q_PROPERTY(double routesTraced READ routesTraced NOTIFY labChanged)
  Q_PROPERTY(int brokenRoutes READ brokenRoutes NOTIFY labChanged)
  Q_PROPERTY(double checkedAtCycle READ checkedAtCycle NOTIFY labChanged)
  // The graph: channel VCs with a dependency, their dependencies; tooLarge
  // above maxGraphVertices (nothing drawn then).
  Q_PROPERTY(int graphVertexCount READ graphVertexCount NOTIFY labChanged)
  Q_PROPERTY(int graphEdgeCount READ graphEdgeCount NOTIFY labChanged)
  Q_PROPERTY(bool graphTooLarge READ graphTooLarge NOTIFY labChanged)
  Q_PROPERTY(int maxGraphVertices READ maxGraphVertices CONSTANT)
  // The watchdog's deadlock: the cycle of waiting buffers and the engine's text.
  Q_PROPERTY(bool deadlocked READ deadlocked NOTIFY deadlockChanged)
  Q_PROPERTY(QString deadlockText READ deadlockText NOTIFY deadlockChanged)
  Q_PROPERTY(int deadlockBufferCount READ deadlockBufferCount NOTIFY deadlockChanged)
  Q_PROPERTY(QList<int> deadlockPackets READ deadlockPackets NOTIFY deadlockChanged)
  Q_PROPERTY(double deadlockCycle READ deadlockCycle NOTIFY deadlockChanged)

 public:
  explicit DeadlockLab(QObject* parent = nullptr) : WatchingController(parent) {}


  static QStringList ruleNames();
  static QStringList ruleDescriptions();
  static QStringList ruleLabels();
  QString rule() const;
  QStringList ruleProblems() const;

  bool answered() const { return lab_ != nullptr; }
  bool deadlockFree() const { return lab_ && lab_->deadlockFree; }
  QString cycleText() const { return lab_ ? QString::fromStdString(lab_->cycleText) : QString(); }
  int cycleLength() const { return lab_ ? lab_->cycleLength : 0; }
  double routesTraced() const { return lab_ ? static_cast<double>(lab_->routesTraced) : 0.0; }
  int brokenRoutes() const { return lab_ ? static_cast<int>(lab_->brokenRoutes) : 0; }
  double checkedAtCycle() const { return lab_ ? static_cast<double>(lab_->checkedAtCycle) : 0.0; }
  int graphVertexCount() const { return lab_ && lab_->graph ? lab_->graph->vertexCount : 0; }
  int graphEdgeCount() const { return lab_ && lab_->graph ? static_cast<int>(lab_->graph->edgeCount) : 0; }
  bool graphTooLarge() const { return lab_ && lab_->graph && lab_->graph->tooLarge; }
  static int maxGraphVertices() { return flit::kMaxDrawnCdgVertices; }
  bool deadlocked() const { return deadlock_ != nullptr; }
  QString deadlockText() const { return deadlock_ ? QString::fromStdString(deadlock_->text) : QString(); }
  int deadlockBufferCount() const { return deadlock_ ? static_cast<int>(deadlock_->cycle.size()) : 0; }
  QList<int> deadlockPackets() const;
  double deadlockCycle() const { return deadlock_ ? static_cast<double>(deadlock_->detectedCycle) : 0.0; }

  // The newest answers (null while not watched / not deadlocked).
  const flit::LabView* lab() const { return lab_.get(); }
  std::shared_ptr<const flit::CdgGraph> graph() const { return lab_ ? lab_->graph : nullptr; }
  const flit::DeadlockView* deadlock() const { return deadlock_.get(); }

 public slots:
  // Switches the VC rule in force (an engine name of ruleNames): posts
  // a setVcRule change (SimulationController::change), undoable. Unknown names
  // and the rule in force: nothing.
  void setRule(const QString& name);

 signals:
  void labChanged();
  void deadlockChanged();

 private:
  void askFor(flit::WatchSet& watch) const override;
  void onFrame() override;
  void forgetView() override;
  void simulationReplaced() override;

  std::shared_ptr<const flit::LabView> lab_;
  std::shared_ptr<const flit::DeadlockView> deadlock_;
};
