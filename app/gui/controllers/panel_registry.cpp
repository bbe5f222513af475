#include "panel_registry.h"

#include "watching_controller.h"

#include <algorithm>
#include <cstring>
#include <stdexcept>
#include <string>

namespace flitgui {

namespace {
std::vector<PanelRegistry::Entry>& registered() {
  static std::vector<PanelRegistry::Entry> entries;  // made on first use: safe from any initialiser
  return entries;
}
}  // namespace

bool PanelRegistry::add(const char* name, Factory make) {
  auto& entries = registered();
  if (std::any_of(entries.begin(), entries.end(), [&](const Entry& e) { return std::strcmp(e.name, name) == 0; }))
    throw std::logic_error(std::string("panel '") + name + "' registered twice");
  entries.push_back(Entry{name, make});
  return true;
}

std::vector<PanelRegistry::Entry> PanelRegistry::entries() {
  std::vector<Entry> sorted = registered();
  std::sort(sorted.begin(), sorted.end(), [](const Entry& a, const Entry& b) { return std::strcmp(a.name, b.name) < 0; });
  return sorted;
}

PanelSet::PanelSet(SimulationController* simulation) {
  for (const PanelRegistry::Entry& e : PanelRegistry::entries()) {
    owned_.push_back(e.make());
    WatchingController* panel = owned_.back().get();
    panel->setSimulation(simulation);
    const QString name = QString::fromUtf8(e.name);
    byName_.emplace_back(name, panel);
    objects_.insert(name, QVariant::fromValue<QObject*>(panel));
  }
}

PanelSet::~PanelSet() = default;

}  // namespace flitgui
