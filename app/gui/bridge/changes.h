// The engine's change values (flit::Intervention, scenario/intervention.h) the
// window's controls make, built in one place: the controllers and the tests
// post these through SimulationController::change / apply (ApplyCommand).
#pragma once

#include "scenario/intervention.h"

#include <cstdint>
#include <optional>

namespace flitgui::changes {

inline flit::Intervention link(flit::LinkId link, bool up) {
  return flit::Intervention::link(up ? flit::InterventionKind::RepairLink : flit::InterventionKind::FailLink, link);
}
inline flit::Intervention node(flit::NodeId node, bool up) {
  return flit::Intervention::node(up ? flit::InterventionKind::RepairNode : flit::InterventionKind::FailNode, node);
}
inline flit::Intervention hotSpare(flit::NodeId node, bool spare) {
  flit::Intervention i = flit::Intervention::node(flit::InterventionKind::SetHotSpare, node);
  i.on = spare;
  return i;
}
inline flit::Intervention rate(double flitsPerNodeCycle) { return flit::Intervention::rate(flitsPerNodeCycle); }
inline flit::Intervention pattern(flit::TrafficPattern p) {
  flit::Intervention i;
  i.kind = flit::InterventionKind::SetPattern;
  i.pattern = p;
  return i;
}
inline flit::Intervention adaptive(bool on) {
  flit::Intervention i;
  i.kind = flit::InterventionKind::SetAdaptive;
  i.on = on;
  return i;
}
inline flit::Intervention arbiter(flit::ArbiterKind k) {
  flit::Intervention i;
  i.kind = flit::InterventionKind::SetArbiter;
  i.arbiter = k;
  return i;
}
inline flit::Intervention age(const flit::AgeConfig& a) {
  flit::Intervention i;
  i.kind = flit::InterventionKind::SetAgeConfig;
  i.age = a;
  return i;
}
// R_NET_LUT entry `lutIndex` of `node`'s router: `tag`, or (nullopt) the
// generated entry again.
inline flit::Intervention lutEntry(flit::NodeId node, int lutIndex, std::optional<std::uint64_t> tag) {
  flit::Intervention i =
      flit::Intervention::node(tag ? flit::InterventionKind::SetLutEntry : flit::InterventionKind::RestoreLutEntry, node);
  i.lutIndex = lutIndex;
  i.tag = tag.value_or(0);
  return i;
}
// The synchronization panel's buttons: every participant of the BSU's tree
// joins (Barrier), or its eureka trigger signals (EurekaBarrier); node -1,
// expanded by the source (sim_command.h).
inline flit::Intervention treeBarrier(int bsu, bool eureka) {
  return flit::Intervention::sync(eureka ? flit::InterventionKind::EurekaBarrier : flit::InterventionKind::Barrier,
                                  flit::kInvalidId, bsu);
}

}  // namespace flitgui::changes
