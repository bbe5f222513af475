#include "sim_state_text.h"

#include <iomanip>
#include <sstream>

namespace flit::test {

std::string stateText(const Simulator& sim) {
  std::ostringstream o;
  const SimTotals& t = sim.totals();
  o << "cycle " << sim.cycle() << " created " << t.created << " refused " << t.refused
    << " injected " << t.injected << " delivered " << t.delivered << " inFlight " << t.inFlight
    << " dropped " << t.droppedTotal() << " discarded " << t.discarded << " crossings "
    << t.datelineCrossings << " violations " << t.datelineViolations << " adaptiveHops " << t.adaptiveHops
    << " responses " << t.responsesCreated << " reordered " << t.reordered << " ages " << t.ageGroups[0] << '/'
    << t.ageGroups[1] << '/' << t.ageGroups[2] << '/' << t.ageGroups[3] << " audit " << sim.auditInFlight()
    << " offered " << sim.stats().flitsOffered << " flitsDelivered " << sim.stats().flitsDelivered
    << " latency " << sim.stats().latency.count() << "/" << sim.stats().latency.max() << "/" << std::hexfloat
    << sim.stats().latency.mean() << std::defaultfloat << " applied " << sim.applied().size() << " adaptive "
    << sim.adaptive() << " deadlocked " << sim.deadlocked() << " credits '" << sim.auditCredits() << "'\n";
  for (NodeId n = 0; n < sim.topology().nodeCount(); ++n) {
    o << n << (sim.nodeUp(n) ? ":" : "(down):");
    for (int port = 0; port < kPortsPerNode; ++port) {
      const PortCounters c = sim.portCounters(n, port);
      for (int vc = 0; vc < sim.vcCount(); ++vc) {
        const auto v = static_cast<std::size_t>(vc);
        o << ' ' << c.packets[v] << '/' << c.flits[v] << '/' << c.blockedCycles[v];
      }
      o << " s" << c.stalledCycles << " f" << c.flitsSent << " a" << c.adaptiveHops;
    }
    o << '\n';
  }
  return o.str();
}

}  // namespace flit::test
