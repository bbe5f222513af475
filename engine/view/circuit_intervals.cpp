#include "view/circuit_intervals.h"

#include <algorithm>

namespace flit {

void CircuitIntervals::restart(const fattree::CircuitSimulator& sim) {
  last_ = sim.stats();
  lastCycle_ = sim.cycle();
  latencyMax_ = 0;
  changes_.clear();
}

void CircuitIntervals::noteDelivered(std::uint64_t latencyCycles) { latencyMax_ = std::max(latencyMax_, latencyCycles); }

IntervalPoint CircuitIntervals::take(const fattree::CircuitSimulator& sim, std::uint32_t endpoints,
                                     std::uint32_t messageBytes) {
  const fattree::CircuitStats& now = sim.stats();
  IntervalPoint p;
  p.cycleBegin = lastCycle_;
  p.cycleEnd = sim.cycle();
  const std::uint64_t delivered = now.messagesDelivered - last_.messagesDelivered;
  p.deliveredPackets = delivered;
  if (delivered > 0)
    p.latencyMeanCycles = static_cast<double>(now.latencySumCycles - last_.latencySumCycles) / static_cast<double>(delivered);
  p.latencyMaxCycles = static_cast<double>(latencyMax_);
  const double endpointCycles = static_cast<double>(endpoints) * static_cast<double>(p.cycleEnd - p.cycleBegin);
  if (endpointCycles > 0.0) {
    p.offeredFlitsPerNodeCycle =
        static_cast<double>(now.messagesCreated - last_.messagesCreated) * messageBytes / endpointCycles;
    p.acceptedFlitsPerNodeCycle = static_cast<double>(now.bytesDelivered - last_.bytesDelivered) / endpointCycles;
  }
  p.packetsInFlight = sim.totals().inProgress;
  p.circuits = true;
  p.firstAttempts = now.firstAttempts - last_.firstAttempts;
  p.firstAttemptSuccesses = now.firstAttemptSuccesses - last_.firstAttemptSuccesses;
  p.messagesFinished = (now.messagesDelivered + now.messagesGivenUp) - (last_.messagesDelivered + last_.messagesGivenUp);
  p.attemptsOfFinishedMessages = now.attemptsOfFinishedMessages - last_.attemptsOfFinishedMessages;
  p.interventionCycles = std::move(changes_);
  changes_.clear();
  latencyMax_ = 0;
  last_ = now;
  lastCycle_ = p.cycleEnd;
  return p;
}

}  // namespace flit
