// Chrome / Perfetto trace-event JSON from the circuit simulator's events
// (docs/cli.md "Trace export"), the fat-tree's counterpart of the torus's
// packet trace (sim/trace_events.h), in the same frame (util/trace_json.h).
// ts is the RN1 cycle (10 ns at 100 MHz).
//
// Process "endpoints" (pid 1): one track per sending endpoint (tid = its
// id, named "endpoint E"); an endpoint sends one message at a time, so a
// track is its messages one after another, each with its attempts. Instant
// events: message (destination), attempt (attempt, destination, channel:
// the endpoint's up channel taken), hop (attempt, router, layer, channel:
// the output taken), discard (attempt, router, reason "busy" or "fault",
// channel: for a fault the failed output chosen, else the channel it came
// in on; section 2.1), arrive (attempt, channel), reverse (attempt: the
// connection turned around for the reply), status (attempt, success: the
// sender learnt the outcome and the path was released), deliver
// (destination, latencyCycles, attempts), givenUp (attempts: the retry
// limit was reached). Ids are those of `flitscope-cli describe` and the
// --fail-router / --fail-channel options.
//
// Process "network" (pid 0): the changes applied (handed to finish()), by
// their JSON key (failRouter, repairChannel, setRate, ...) with `id` or `rate`.
//
// Only events of cycles [firstCycle, lastCycle] are written.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <ostream>
#include <stop_token>
#include <vector>

#include "fattree/circuit_change.h"
#include "fattree/circuit_events.h"
#include "fattree/circuit_recording.h"
#include "fattree/fat_tree_network.h"
#include "util/trace_json.h"

namespace flit::fattree {

class CircuitTraceWriter final : public CircuitObserver {
 public:
  CircuitTraceWriter(std::ostream& out, const FatTreeNetwork& net, std::uint64_t firstCycle = 0,
                     std::uint64_t lastCycle = UINT64_MAX);
  CircuitTraceWriter(const CircuitTraceWriter&) = delete;
  CircuitTraceWriter& operator=(const CircuitTraceWriter&) = delete;

  void onCircuitEvent(const CircuitEvent& e) override;
  // Writes the changes the simulator applied (CircuitSimulator::applied()),
  // each at its cycle, and closes the JSON.
  void finish(const std::vector<CircuitChange>& applied);
  std::uint64_t eventsWritten() const { return json_.eventsWritten(); }

 private:
  TraceJson json_;
  TraceArgs args_;  // the event's args, reused
  const FatTreeNetwork& net_;
  std::uint64_t first_, last_;
  std::vector<bool> named_;  // per endpoint: its track's thread_name written
};

// Several circuit observers behind the simulator's one observer pointer
// (the fingerprint and a trace in one run). Observers are not owned.
class CircuitObserverList final : public CircuitObserver {
 public:
  void add(CircuitObserver* o) {
    if (o) observers_.push_back(o);
  }
  // The one observer to attach: nullptr for none, the observer itself for one.
  CircuitObserver* attachable() {
    if (observers_.empty()) return nullptr;
    return observers_.size() == 1 ? observers_.front() : this;
  }
  void onCircuitEvent(const CircuitEvent& e) override {
    for (CircuitObserver* o : observers_) o->onCircuitEvent(e);
  }

 private:
  std::vector<CircuitObserver*> observers_;
};

// The trace of a recording's run: replays `rec` from cycle 0 (its own
// warm-up; replayCircuitRecording) and writes to `out` the events and
// changes of cycles [firstCycle, lastCycle] (lastCycle past rec.cycles: to
// the end); the replay stops after cycle lastCycle. `progress(cycle, until)`
// is called between slices of 256 cycles, on the calling thread; a stop
// request ends the replay there (cancelled). Throws std::invalid_argument
// when the recording's network cannot be built.
TraceOutcome writeCircuitRecordingTrace(const CircuitRecording& rec, std::ostream& out,
                                               std::uint64_t firstCycle, std::uint64_t lastCycle,
                                               const std::stop_token& stop = {},
                                               const std::function<void(std::uint64_t, std::uint64_t)>& progress = {});

}  // namespace flit::fattree
