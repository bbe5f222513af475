// FamilyView: what the window shows differently for each topology family,
// one value per loaded scenario (issue 37, "A family object";
// CONVENTIONS.md habit 11): the tools, panels and overlays the family
// offers, the words for its nodes and links, its legend rows and its first
// camera angle. QML binds to NetworkController.family and never asks which
// family a scenario is (the ctest qml_never_tests_the_family holds it).
//
// Each family fills one in its room, where its network is applied to the
// controller (torus/torus_family_view.cpp, fat_tree/fat_tree_family_view.cpp);
// a new family fills its own and nothing in QML changes, unless it offers
// something no family offered before (a new field below and its control).
// GUI thread only; the controller owns it and replaces it on scenarioChanged.
#pragma once

#include <QColor>
#include <QObject>
#include <QString>
#include <QVariantList>
#include <QVariantMap>
#include <QtQml/qqmlregistration.h>

#include <vector>

namespace flitgui {

// What the family offers (QML: family.offers.<name>); false: its control is
// hidden or disabled.
struct FamilyOffers {
  bool trafficPatterns = false;    // the traffic pattern box and menu
  bool adaptiveRouting = false;    // the Adaptive switch and menu item
  bool linkHeat = false;           // the Heat button and the side panel's heat check box
  bool reroutes = false;           // the last change's outcome and the detour (Shift+H)
  bool packetAges = false;         // packets coloured by age (the Age button)
  bool packetLegend = false;       // the packet legend over the view
  bool nodeLabels = false;         // node labels (N, View > Node labels)
  bool dimensionAxes = false;      // the axis cross beside node 0
  bool hotSpares = false;          // the node menu's hot spare item
  bool arbitration = false;        // the Arbitration section and menu item
  bool barriers = false;           // barrier/eureka: Synchronization, barrier tree, barrier now
  bool vcBalance = false;          // the VC balance section, menu item and overlay
  bool deadlockLab = false;        // the deadlock lab
  bool tagEditor = false;          // the routing tag editor
  bool circuits = false;           // the circuit counters over the view and the discard flashes
  bool collapsibleBlocks = false;  // View > expand / collapse every block
  bool slice = false;              // the 2D slice (S) and its planes
  bool map = false;                // the 2D map of the whole network (S)
  bool engineThreads = false;      // Simulation > Engine threads (a parallel cycle)
  bool specialNetwork = false;     // the node menu's SPUT and SGET over the special network (T3E section 8)
};

// The family's words (QML: family.text.<name>); each says what the
// family's own element is ("Channels" where a torus says "Links").
struct FamilyWords {
  QString nodesHeading;        // side panel, beside the node count
  QString linksHeading;        // ... the link count
  QString linkCount;           // its value ("384 (128 wrap-around)")
  QString failedNodesHeading;
  QString failedLinksHeading;
  QString failedBlocks;        // "%1 (%2 whole unit trees)"; empty: the family has no blocks
  QString networkCounts;       // status bar: "%1 nodes, %2 links, %3 failed"
  QString rateLabel;           // "%1 flits/node/cycle"
  QString rateTip;             // the load slider's tooltip, "%1" the load
  QString breakLinks;          // the break mode button
  QString breakModeHint;       // the banner while break mode is on
  QString flatView;            // the 2D view's button ("Slice", "Map")
  QString flatViewTip;
  QString flatViewMenu;        // its View menu item
  QString inspectorTip;        // the node inspector section's tooltip
  QString traceExport;         // what the trace export writes
  QString linkColours;         // the line over the view naming the link colours
  QString mouseHelp;           // side panel: what the mouse does
  QString statusHint;          // status bar over nothing
  // A moving mark under the mouse, "%1" its number (a circuit: its sending
  // endpoint); empty: a packet, named with its VC class.
  QString hoveredMark;
};

// One legend row of the side panel, drawn like the element.
struct LegendEntry {
  QColor swatch;
  QString text;
  bool round = false;            // a node: a ball
  bool stub = false;             // a wrap link: two stubs
  bool whileCollapsed = false;   // shown only while a block is drawn collapsed
};

class FamilyView : public QObject {
  Q_OBJECT
  QML_ELEMENT
  QML_UNCREATABLE("A FamilyView comes with the loaded scenario (NetworkController.family)")
  Q_PROPERTY(QVariantMap offers READ offers CONSTANT)
  Q_PROPERTY(QVariantMap text READ text CONSTANT)
  // Rows of {swatch, text, round, stub, whileCollapsed} (LegendEntry).
  Q_PROPERTY(QVariantList legendRows READ legendRows CONSTANT)
  // The first camera angle (degrees; NetworkView.resetView).
  Q_PROPERTY(double initialYaw READ initialYaw CONSTANT)
  Q_PROPERTY(double initialPitch READ initialPitch CONSTANT)

 public:
  struct Spec {
    FamilyOffers offers;
    FamilyWords words;
    std::vector<LegendEntry> legend;
    double initialYaw = 0;
    double initialPitch = 0;
  };
  // Nothing offered, no words: the view before any scenario is loaded.
  explicit FamilyView(QObject* parent = nullptr);
  FamilyView(Spec spec, QObject* parent);

  const Spec& spec() const { return spec_; }
  QVariantMap offers() const;
  QVariantMap text() const;
  QVariantList legendRows() const;
  double initialYaw() const { return spec_.initialYaw; }
  double initialPitch() const { return spec_.initialPitch; }

  // The words with placeholders, filled (two decimals for a load).
  Q_INVOKABLE QString rateLabel(double rate) const;
  Q_INVOKABLE QString rateTip(double rate) const;
  Q_INVOKABLE QString networkCounts(int nodes, int links, int failedLinks) const;
  // "12" or, with failed blocks and a family that has them, "12 (3 whole unit trees)".
  Q_INVOKABLE QString failedNodes(int nodes, int failedBlocks) const;

 private:
  Spec spec_;
};

}  // namespace flitgui
