#include "view/interval_point.h"

#include <sstream>

namespace flit {

std::string describe(const IntervalPoint& p) {
  std::ostringstream out;
  out << "cycles " << p.cycleBegin << "-" << p.cycleEnd << ": " << p.deliveredPackets << " delivered, latency mean "
      << p.latencyMeanCycles << " max " << p.latencyMaxCycles << ", offered " << p.offeredFlitsPerNodeCycle
      << " accepted " << p.acceptedFlitsPerNodeCycle << ", " << p.packetsInFlight << " in flight, occupancy";
  for (const double o : p.vcOccupancy) out << " " << o;
  out << ", changes at";
  for (const std::uint64_t c : p.interventionCycles) out << " " << c;
  if (p.barrierNetworks) out << ", barrier share " << p.barrierLinkShare << ", " << p.barriers.size() << " barriers";
  if (p.circuits)
    out << ", first attempts " << p.firstAttemptSuccesses << "/" << p.firstAttempts << ", finished "
        << p.messagesFinished << " in " << p.attemptsOfFinishedMessages << " attempts";
  return out.str();
}

std::ostream& operator<<(std::ostream& out, const IntervalPoint& p) { return out << describe(p); }

IntervalPoint intervalPointOf(IntervalSample s, std::uint64_t packetsInFlight) {
  IntervalPoint p;
  p.cycleBegin = s.cycleBegin;
  p.cycleEnd = s.cycleEnd;
  p.deliveredPackets = s.deliveredPackets;
  p.latencyMeanCycles = s.latencyMeanCycles;
  p.latencyMaxCycles = static_cast<double>(s.latencyMaxCycles);
  p.offeredFlitsPerNodeCycle = s.offeredFlitsPerNodeCycle;
  p.acceptedFlitsPerNodeCycle = s.acceptedFlitsPerNodeCycle;
  p.vcOccupancy = s.laneOccupancy;
  p.packetsInFlight = packetsInFlight;
  p.interventionCycles = std::move(s.interventionCycles);
  p.barrierNetworks = s.barrierNetworks;
  p.barrierLinkShare = s.barrierLinkShare;
  p.barriers = std::move(s.barriers);
  return p;
}

}  // namespace flit
