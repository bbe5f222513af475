// SimulationController: the changes a person makes to the run (issue 37: one
// command for every intervention). Every control's change is the engine's
// value (changes.h) applied through apply() / change(): an ApplyCommand,
// with an undo entry whose undo applies the inverse the engine gave back
// (change_command.h). The live settings show the value asked for at once
// and the engine's with the next frame that saw every command.
#include "simulation_controller.h"

#include "arbiter_labels.h"
#include "change_command.h"
#include "changes.h"
#include "traffic/traffic.h"

#include <QCoreApplication>

#include <algorithm>

namespace flitgui {

namespace {

// The changes after which the routes are rebuilt (a fault, a hot spare): the
// window says so until a frame saw them (rebuildingRoutes).
bool rebuildsRoutes(flit::InterventionKind k) {
  using K = flit::InterventionKind;
  return k == K::FailLink || k == K::RepairLink || k == K::FailNode || k == K::RepairNode || k == K::SetHotSpare;
}

}  // namespace

void SimulationController::apply(const flit::Intervention& change, std::uint64_t token) {
  if (!worker_) return;
  if (rebuildsRoutes(change.kind))
    postRebuilding(ApplyCommand{change, token});
  else
    post(ApplyCommand{change, token});
  showChange(change);
}

std::uint64_t SimulationController::applyUndoable(const flit::Intervention& change) {
  const std::uint64_t token = ++changeTokens_;
  apply(change, token);
  return token;
}

void SimulationController::revert(std::uint64_t token, flit::InterventionKind kind) {
  if (!worker_) return;
  if (rebuildsRoutes(kind))
    postRebuilding(RevertCommand{token});
  else
    post(RevertCommand{token});
}

void SimulationController::change(const flit::Intervention& change, const QString& text, int mergeId,
                                  std::optional<flit::Intervention> before) {
  if (!worker_) return;
  // A value that does not change makes no entry (it is still posted: a
  // refused one comes back with its error).
  if (undoStack_ && !(before && *before == change)) {
    undoStack_->push(new ChangeCommand(this, change, text, mergeId, std::move(before)));
    return;
  }
  apply(change);
}

// What a change shows at once (optimistic): the controls follow the value
// asked for; the next frame that saw every command shows the engine's.
void SimulationController::showChange(const flit::Intervention& i) {
  using K = flit::InterventionKind;
  switch (i.kind) {
    case K::SetRate: setInjectionRateValue(i.rateFlitsPerNodeCycle); break;
    case K::SetPattern:
      setTrafficValues(QString::fromStdString(std::string(flit::trafficPatternName(i.pattern))), adaptive_,
                       adaptiveAvailable_);
      break;
    case K::SetAdaptive: setTrafficValues(trafficPattern_, i.on, adaptiveAvailable_); break;
    case K::SetArbiter: setArbitrationValues(i.arbiter, age_); break;
    case K::SetAgeConfig: setArbitrationValues(arbiter_, i.age); break;
    default: break;
  }
}

void SimulationController::setLinkUp(int link, bool up) { apply(changes::link(link, up)); }

void SimulationController::setNodeUp(int node, bool up) { apply(changes::node(node, up)); }

// Live settings: each change is an undo entry when the value changes
// (change_command.h); the controls show the new value at once and a refused
// one comes back with the next frame, with lastError naming the field.
void SimulationController::setTrafficPattern(const QString& pattern) {
  if (!worker_) return;
  if (pattern == trafficPattern_) return;  // the pattern in force (a fat-tree's own name too): nothing changes
  const auto p = flit::parseTrafficPattern(pattern.toStdString());
  if (!p) {
    setLastError(tr("traffic pattern '%1': must be one of %2")
                     .arg(pattern, QString::fromStdString(flit::trafficPatternList())));
    return;
  }
  std::optional<flit::Intervention> before;
  if (const auto shown = flit::parseTrafficPattern(trafficPattern_.toStdString())) before = changes::pattern(*shown);
  change(changes::pattern(*p), tr("traffic pattern %1").arg(pattern), -1, before);
}

QStringList SimulationController::trafficPatterns() {
  return QString::fromStdString(flit::trafficPatternList()).split(QStringLiteral(", "), Qt::SkipEmptyParts);
}

void SimulationController::setTrafficValues(const QString& pattern, bool adaptive, bool available) {
  if (pattern == trafficPattern_ && adaptive == adaptive_ && available == adaptiveAvailable_) return;
  trafficPattern_ = pattern;
  adaptive_ = adaptive;
  adaptiveAvailable_ = available;
  emit trafficChanged();
}

void SimulationController::setInjectionRate(double flitsPerNodeCycle) {
  change(changes::rate(flitsPerNodeCycle), tr("injection rate %1").arg(flitsPerNodeCycle, 0, 'f', 2),
         kMergeInjectionRate, changes::rate(injectionRate_));
}

void SimulationController::setInjectionRateValue(double rate) {
  if (rate == injectionRate_) return;
  injectionRate_ = rate;
  emit injectionRateChanged();
}

void SimulationController::setAdaptive(bool enabled) {
  change(changes::adaptive(enabled), enabled ? tr("adaptive routing on") : tr("adaptive routing off"), -1,
         changes::adaptive(adaptive_));
}

void SimulationController::setArbiter(const QString& name) {
  if (!worker_) return;
  const auto kind = flit::parseArbiterKind(name.toStdString());
  if (!kind) {
    setLastError(tr("router.arbiter: must be one of %1, got \"%2\"").arg(QString::fromStdString(flit::arbiterNameList()), name));
    return;
  }
  change(changes::arbiter(*kind), tr("arbiter %1").arg(name), -1, changes::arbiter(arbiter_));
}

void SimulationController::setAgeConfig(const flit::AgeConfig& age, const QString& text, int mergeId) {
  change(changes::age(age), text, mergeId, changes::age(age_));
}

void SimulationController::setAgeClockPeriod(int cycles) {
  flit::AgeConfig age = age_;
  age.clockPeriodCycles = static_cast<std::uint32_t>(std::max(cycles, 0));  // 0: the engine names the field
  setAgeConfig(age, tr("age clock period %1").arg(cycles), kMergeAgeClockPeriod);
}

void SimulationController::setAgeBias(int dimension, bool response, int bias) {
  if (dimension < 0 || dimension > 2) return;
  flit::AgeConfig age = age_;
  auto& ports = response ? age.responseBias : age.requestBias;
  // Out of 0..255 is clamped so the 3-bit check in the engine sees it (and names router.age).
  const auto value = static_cast<std::uint8_t>(std::clamp(bias, 0, 255));
  ports[static_cast<std::size_t>(dimension)] = value;      // +X, +Y, +Z
  ports[static_cast<std::size_t>(dimension + 3)] = value;  // -X, -Y, -Z
  const QString axis = QString(QChar(u'X' + dimension));
  setAgeConfig(age,
               response ? tr("%1 response age bias %2").arg(axis).arg(bias)
                        : tr("%1 request age bias %2").arg(axis).arg(bias),
               kMergeAgeBias + 2 * dimension + (response ? 1 : 0));
}

void SimulationController::setArbitrationValues(flit::ArbiterKind arbiter, const flit::AgeConfig& age) {
  if (arbiter == arbiter_ && age == age_) return;
  arbiter_ = arbiter;
  age_ = age;
  emit arbitrationChanged();
}

void SimulationController::setArbitersRefused(std::uint8_t refused) {
  if (refused == arbitersRefused_) return;
  arbitersRefused_ = refused;
  emit arbitrationChanged();
}

QVariantList SimulationController::arbiterChoices() const {
  QVariantList out;
  for (const flit::ArbiterInfo& a : flit::kArbiters) {
    const ArbiterLabel* l = findArbiterLabel(a.kind);
    const bool refused = (arbitersRefused_ & (1u << unsigned(a.kind))) != 0;
    out.append(QVariantMap{{QStringLiteral("name"), QString::fromStdString(flit::arbiterName(a.kind))},
                           {QStringLiteral("text"), QCoreApplication::translate("Arbiters", l->label)},
                           {QStringLiteral("refused"), refused},
                           {QStringLiteral("why"), refused ? QCoreApplication::translate("Arbiters", l->refusedWhy) : QString()}});
  }
  return out;
}

QString SimulationController::arbiterLabel(const QString& name) const {
  const auto kind = flit::parseArbiterKind(name.toStdString());
  const ArbiterLabel* l = kind ? findArbiterLabel(*kind) : nullptr;
  return l ? QCoreApplication::translate("Arbiters", l->label) : name;
}

void SimulationController::setHotSpare(int node, bool spare) {
  change(changes::hotSpare(node, spare), spare ? tr("hot spare %1").arg(node) : tr("no hot spare %1").arg(node), -1,
         changes::hotSpare(node, hotSpare(node)));
}

}  // namespace flitgui
