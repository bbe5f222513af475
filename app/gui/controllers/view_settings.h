// ViewSettings: how a person set up the window, kept between runs (QSettings,
// "view/..."): the node labels of the 3D view (issue 42, item 6) and the
// presenter mode (issue 42, "A presenter mode"). Made by the composition
// root (MainWindowSession) and handed to QML as `settings`. GUI thread only.
#pragma once

#include <QObject>
#include <QString>
#include <QtQml/qqmlregistration.h>

namespace flitgui {

class ViewSettings : public QObject {
  Q_OBJECT
  QML_ELEMENT
  QML_UNCREATABLE("ViewSettings is made by the application")
  // What the 3D view writes beside its nodes (NodeLabels below).
  Q_PROPERTY(int nodeLabels READ nodeLabels WRITE setNodeLabels NOTIFY nodeLabelsChanged)
  Q_PROPERTY(bool presenter READ presenter WRITE setPresenter NOTIFY presenterChanged)
  // Latencies in ns and throughput in MB/s where the scenario gives its
  // machine's clock and flit width (scenario section "units"), else cycles
  // and flits (View, "Times in ns, bandwidth in MB/s"; ChartFeeder).
  Q_PROPERTY(bool physicalUnits READ physicalUnits WRITE setPhysicalUnits NOTIFY physicalUnitsChanged)

 public:
  enum NodeLabels { NoLabels = 0, CoordinateLabels, LogicalPeLabels, PhysicalPeLabels, NodeLabelModes };
  Q_ENUM(NodeLabels)

  // `group`: the QSettings group the values live in ("view"; tests use their own).
  explicit ViewSettings(QObject* parent = nullptr, const QString& group = QStringLiteral("view"));

  int nodeLabels() const { return nodeLabels_; }
  void setNodeLabels(int mode);
  bool presenter() const { return presenter_; }
  void setPresenter(bool on);
  bool physicalUnits() const { return physicalUnits_; }
  void setPhysicalUnits(bool on);
  // The next label mode (Shift+L cycles: coordinates, logical PE, physical PE, none).
  Q_INVOKABLE void cycleNodeLabels() { setNodeLabels((nodeLabels_ + 1) % NodeLabelModes); }
  Q_INVOKABLE QString nodeLabelsName(int mode) const;
  // The defaults, neither read nor kept (--screenshot and --benchmark-frames
  // runs draw the same picture whatever a person set up).
  void useDefaults();

 signals:
  void nodeLabelsChanged();
  void presenterChanged();
  void physicalUnitsChanged();

 private:
  void store(const char* key, int value) const;
  QString group_;
  bool transient_ = false;
  int nodeLabels_ = CoordinateLabels;
  bool presenter_ = false;
  bool physicalUnits_ = false;
};

}  // namespace flitgui
