// TagEditor: the routing-tag editor of the side panel (issue 5). Pick a
// source and a destination (two node clicks or typed coordinates); the tag
// the source's LUT holds for the destination is shown as the T3E manual's
// Table 7 fields and as 64-bit hex. Editing a field (or the hex) asks the
// worker to trace the edited tag through the engine's current routing
// (the watch set's tagPreview -> path tracer, engine/routing/path_trace.h); the
// answer comes back in the frames with the request's id, older answers are
// dropped. warnings lists what the preview found before Apply: a failed
// link on the way, a misroute (never reaching the destination: manual
// R_ERR0 bit 56), a dateline crossed on VC1, or a field Table 7 does not
// allow. apply() writes the LUT entry in the engine, revert() restores the
// generated one. Field encoding and decoding use the engine's RoutingTag.
#pragma once

#include "network_controller.h"
#include "view/node_inspection.h"
#include "simulation_controller.h"

#include <QObject>
#include <QPointer>
#include <QUndoStack>
#include <QStringList>
#include <QVariantList>
#include <QVariantMap>
#include <QtQml/qqmlregistration.h>

#include <optional>
#include <vector>

namespace flitgui {

class TagEditor : public QObject {
  Q_OBJECT
  QML_ELEMENT
  Q_PROPERTY(flitgui::SimulationController* simulation READ simulation WRITE setSimulation NOTIFY simulationChanged)
  Q_PROPERTY(NetworkController* network READ network WRITE setNetwork NOTIFY networkChanged)
  Q_PROPERTY(int source READ source WRITE setSource NOTIFY endpointsChanged)
  Q_PROPERTY(int destination READ destination WRITE setDestination NOTIFY endpointsChanged)
  Q_PROPERTY(QString sourceText READ sourceText NOTIFY endpointsChanged)
  Q_PROPERTY(QString destinationText READ destinationText NOTIFY endpointsChanged)
  Q_PROPERTY(bool pickingDestination READ pickingDestination NOTIFY endpointsChanged)
  // Table 7 fields of the tag shown: initialHop 0..3 (+X, +Y, +Z, none),
  // xAddr/yAddr/zAddr, xMinus/yMinus/zMinus, finalHop, adaptive.
  Q_PROPERTY(QVariantMap fields READ fields NOTIFY tagChanged)
  Q_PROPERTY(QString tagHex READ tagHex NOTIFY tagChanged)
  // Two of `fields`, for the lessons' facts: INITIAL_HOP (0 +X, 1 +Y, 2 +Z, 3 none) and FINAL_HOP.
  Q_PROPERTY(int initialHop READ initialHop NOTIFY tagChanged)
  Q_PROPERTY(bool finalHop READ finalHop NOTIFY tagChanged)
  Q_PROPERTY(bool modified READ modified NOTIFY tagChanged)  // edited here, not applied
  Q_PROPERTY(bool hasPreview READ hasPreview NOTIFY previewChanged)
  Q_PROPERTY(bool hasLut READ hasLut NOTIFY previewChanged)
  Q_PROPERTY(bool lutEdited READ lutEdited NOTIFY previewChanged)  // the engine's entry is not the generated one
  Q_PROPERTY(QString generatedTagHex READ generatedTagHex NOTIFY previewChanged)
  Q_PROPERTY(QString outcomeText READ outcomeText NOTIFY previewChanged)
  Q_PROPERTY(bool delivered READ delivered NOTIFY previewChanged)
  // Per hop: {node, port, text, link, vc, crossed, violation}.
  Q_PROPERTY(QVariantList hops READ hops NOTIFY previewChanged)
  Q_PROPERTY(QList<int> pathLinks READ pathLinks NOTIFY previewChanged)
  // The preview as ChannelIds and NodeIds in path order, for the 3D view's
  // PathOverlay (ghost line).
  Q_PROPERTY(QList<int> pathChannels READ pathChannels NOTIFY previewChanged)
  Q_PROPERTY(QList<int> pathNodes READ pathNodes NOTIFY previewChanged)
  Q_PROPERTY(QStringList warnings READ warnings NOTIFY previewChanged)
  Q_PROPERTY(QString error READ error NOTIFY previewChanged)
  // What was wrong with the last coordinates, field or tag typed ("source:
  // coordinate 2 must be 0..3"), until the next input or a new scenario.
  Q_PROPERTY(QString inputError READ inputError NOTIFY inputErrorChanged)
  Q_PROPERTY(bool canApply READ canApply NOTIFY previewChanged)

 public:
  explicit TagEditor(QObject* parent = nullptr);

  SimulationController* simulation() const { return simulation_; }
  void setSimulation(SimulationController* simulation);
  NetworkController* network() const { return network_; }
  void setNetwork(NetworkController* network);
  int source() const { return source_; }
  void setSource(int node);
  int destination() const { return destination_; }
  void setDestination(int node);
  QString sourceText() const { return nodeText(source_); }
  QString destinationText() const { return nodeText(destination_); }
  bool pickingDestination() const { return source_ >= 0 && destination_ < 0; }
  QVariantMap fields() const;
  QString tagHex() const;
  int initialHop() const;
  bool finalHop() const;
  bool modified() const { return edited_.has_value(); }
  bool hasPreview() const { return preview_ != nullptr; }
  bool hasLut() const { return preview_ && preview_->hasLut; }
  bool lutEdited() const { return preview_ && preview_->edited; }
  QString generatedTagHex() const;
  QString outcomeText() const;
  bool delivered() const;
  QVariantList hops() const;
  QList<int> pathLinks() const;
  QList<int> pathChannels() const;
  QList<int> pathNodes() const;
  QStringList warnings() const;
  QString error() const { return preview_ ? QString::fromStdString(preview_->error) : QString(); }
  QString inputError() const { return inputError_; }
  bool canApply() const;

  // A node click: the first sets the source, the second the destination,
  // a third starts over with a new source.
  Q_INVOKABLE void pickNode(int node);
  // Typed coordinates "x,y,z" (as many as the topology has dimensions).
  // Returns an error naming the field, or "" when set.
  Q_INVOKABLE QString setSourceCoordinates(const QString& text);
  Q_INVOKABLE QString setDestinationCoordinates(const QString& text);
  // Edits one Table 7 field by name (as in `fields`); returns "" or an error.
  Q_INVOKABLE QString setField(const QString& name, int value);
  // The whole tag as hex ("0x2001010101"); returns "" or an error.
  Q_INVOKABLE QString setTagHex(const QString& text);
  Q_INVOKABLE void discardEdit();  // back to the LUT's tag
  Q_INVOKABLE void apply();        // write the edited tag into the LUT entry
  Q_INVOKABLE void revert();       // restore the generated LUT entry
  Q_INVOKABLE void clear();        // no source, no destination

 signals:
  void simulationChanged();
  void networkChanged();
  void endpointsChanged();
  void tagChanged();
  void previewChanged();
  void inputErrorChanged();

 private:
  QString noteInput(const QString& error);  // sets inputError; returns it
  QString nodeText(int node) const;
  int parseNode(const QString& text, const QString& field, QString& error) const;
  std::uint64_t shownTag() const;
  void setEdited(std::optional<std::uint64_t> tag);
  // A LUT entry as apply() and revert() write it: a tag, or the generated entry.
  struct LutEntryValue {
    std::uint64_t tag = 0;
    bool generated = true;
    friend bool operator==(const LutEntryValue&, const LutEntryValue&) = default;
  };
  void writeEntry(LutEntryValue to);
  void requestPreview();
  void onFrame();

  QPointer<SimulationController> simulation_;
  QPointer<NetworkController> network_;
  QMetaObject::Connection frameConnection_, simulationConnection_, scenarioConnection_, linksConnection_;
  QMetaObject::Connection stackConnection_;  // the undo stack's index: trace again after undo / redo
  QPointer<QUndoStack> watchedStack_;
  int source_ = -1;
  int destination_ = -1;
  std::optional<std::uint64_t> edited_;
  std::uint64_t requestId_ = 0;
  std::shared_ptr<const flit::TagPreview> preview_;
  std::vector<std::uint8_t> linkUp_;  // of the last frame
  std::string routeRebuild_;          // of the last frame: a new one means new route tables
  QString inputError_;
};

}  // namespace flitgui
