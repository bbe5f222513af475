// The panels that watch frames (WatchingController: the synchronization
// panel, the VC balance, the deadlock lab, the special network) register themselves here, each
// from its own .cpp with FLITSCOPE_REGISTER_PANEL, under the name QML and
// the lessons know it by (as OMNeT++ Qtenv's inspector factories register
// an inspector per kind of object): the composition root makes one of each
// registered panel and lists none of them. GUI thread only.
#pragma once

#include <QQmlPropertyMap>
#include <QString>

#include <memory>
#include <utility>
#include <vector>

namespace flitgui {

class SimulationController;
class WatchingController;

class PanelRegistry {
 public:
  using Factory = std::unique_ptr<WatchingController> (*)();
  struct Entry {
    const char* name;
    Factory make;
  };
  // From a static initialiser (FLITSCOPE_REGISTER_PANEL); returns true. A
  // name registered twice is a programming error (std::logic_error).
  static bool add(const char* name, Factory make);
  // Sorted by name: the order of static initialisers across files is not
  // specified, the panels' order is.
  static std::vector<Entry> entries();
};

// One of every registered panel, each watching `simulation`; by name for
// QML (Main.qml's `panels`) and for the lessons.
class PanelSet {
 public:
  explicit PanelSet(SimulationController* simulation);
  ~PanelSet();
  PanelSet(const PanelSet&) = delete;
  PanelSet& operator=(const PanelSet&) = delete;

  QQmlPropertyMap* objects() { return &objects_; }
  const std::vector<std::pair<QString, WatchingController*>>& byName() const { return byName_; }

 private:
  std::vector<std::unique_ptr<WatchingController>> owned_;
  std::vector<std::pair<QString, WatchingController*>> byName_;
  QQmlPropertyMap objects_;
};

}  // namespace flitgui

// In the panel controller's .cpp, at namespace scope:
//   FLITSCOPE_REGISTER_PANEL(SyncController, "sync");
#define FLITSCOPE_REGISTER_PANEL(Type, name)                                        \
  [[maybe_unused]] static const bool flitscopePanelRegistered_##Type =               \
      ::flitgui::PanelRegistry::add(name, []() -> std::unique_ptr<::flitgui::WatchingController> { \
        return std::make_unique<Type>();                                              \
      })
