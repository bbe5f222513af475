#include "sim/intervention_inverse.h"

#include "sim/simulator.h"

#include <exception>
#include <memory>

namespace flit {

std::optional<Intervention> inverseOf(const Simulator& sim, const Intervention& change) {
  using K = InterventionKind;
  Intervention back = change;
  back.cycle = 0;
  const SimConfig& cfg = sim.config();
  const Topology& topo = sim.topology();
  switch (change.kind) {
    case K::FailLink:
    case K::RepairLink:
      if (change.id < 0 || change.id >= topo.linkCount()) return std::nullopt;  // refused by apply()
      back.kind = topo.linkUp(change.id) ? K::RepairLink : K::FailLink;
      return back;
    case K::FailNode:
    case K::RepairNode:
      if (change.id < 0 || change.id >= topo.nodeCount()) return std::nullopt;
      back.kind = sim.nodeUp(change.id) ? K::RepairNode : K::FailNode;
      return back;
    case K::SetHotSpare:
      if (change.id < 0 || change.id >= topo.nodeCount()) return std::nullopt;
      back.on = sim.hotSpare(change.id);
      return back;
    case K::SetRate: back.rateFlitsPerNodeCycle = cfg.traffic.rateFlitsPerNodeCycle; return back;
    case K::SetPattern: back.pattern = cfg.traffic.pattern; return back;
    case K::SetAdaptive: back.on = sim.adaptive(); return back;
    case K::SetArbiter: back.arbiter = cfg.router.arbiter; return back;
    case K::SetAgeConfig: back.age = cfg.router.age; return back;
    case K::SetLutEntry:
    case K::RestoreLutEntry: {
      const auto& tables = sim.routing().tables;
      if (!tables || change.id < 0 || change.id >= topo.nodeCount()) return std::nullopt;
      // An entry the person wrote goes back to its tag; a generated one is
      // restored (so a replay after a route rebuild regenerates it).
      std::uint64_t now = 0, generated = 0;
      try {
        now = tables->entry(change.id, change.lutIndex);
        generated = sim.generatedLutEntry(change.id, change.lutIndex);
      } catch (const std::exception&) {
        return std::nullopt;  // a bad index: apply() refuses the change, naming it
      }
      if (now == generated) {
        back.kind = K::RestoreLutEntry;
        back.tag = 0;
      } else {
        back.kind = K::SetLutEntry;
        back.tag = now;
      }
      return back;
    }
    case K::Barrier:
    case K::Eureka:
    case K::EurekaBarrier:
    case K::SpecialPut:  // a packet sent: what it does happens later, or never
    case K::SpecialGet: return std::nullopt;
    case K::SetVcRule: back.vcRule = cfg.routing.vcRule; return back;
    case K::SetVcTables: back.vcTables = std::make_shared<const VcTablesConfig>(cfg.routing.vcTables()); return back;
  }
  return std::nullopt;
}

}  // namespace flit
