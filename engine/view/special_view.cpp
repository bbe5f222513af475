#include "view/special_view.h"

#include "sim/simulator.h"

#include <algorithm>

namespace flit {

std::shared_ptr<const SpecialView> specialViewOf(const Simulator& sim) {
  const SpecialNetwork* special = sim.specialNetwork();
  if (!special) return nullptr;
  const Topology& topo = sim.topology();
  const std::uint64_t now = sim.cycle();
  const auto hop = static_cast<std::uint64_t>(SpecialNetwork::hopCycles(sim.config().router.linkDelayCycles));
  auto view = std::make_shared<SpecialView>();
  for (const SpecialPacket& p : special->inFlight()) {
    SpecialPacketView v;
    v.kind = p.kind;
    v.reg = p.reg;
    v.node = p.here;
    if (p.readyCycle > now && p.cameBy >= 0) {  // on the wire into `here`
      const auto dir = static_cast<Direction>(p.cameBy);
      v.node = topo.neighbor(p.here, opposite(dir));
      v.dir = p.cameBy;
      v.progress = 1.0f - static_cast<float>(p.readyCycle - now) / static_cast<float>(hop);
    }
    view->packets.push_back(v);
  }
  view->totals = special->totals();
  const auto& reads = special->readsDelivered();
  const std::size_t first = reads.size() > SpecialView::kLastReads ? reads.size() - SpecialView::kLastReads : 0;
  view->lastReads.assign(reads.begin() + static_cast<std::ptrdiff_t>(first), reads.end());
  return view;
}

}  // namespace flit
