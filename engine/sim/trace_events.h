// Chrome / Perfetto trace-event JSON from the simulator's event stream
// (docs/cli.md "Trace export"; the format: "Trace Event Format", Google).
// A SimObserver of its own (CONVENTIONS.md: tracing is a consumer of events,
// not code in the cycle). One track per packet: pid 1, tid = packet serial,
// named "packet S: SRC -> DST"; network events (links and nodes failed or
// repaired, route rebuilds) on pid 0. ts is the cycle (shown as microseconds).
//
// Instant events, by name: inject, hop (router, port, vc), dateline (VC0 ->
// VC1 leaving router on port), adaptiveHop (after its hop), drop (reason),
// deliver (router, latency); linkFailed, linkRepaired, nodeFailed,
// nodeRepaired, routesRebuilt. Only events of cycles [firstCycle, lastCycle]
// are written.
//
// Also a SyncObserver: attached to the simulator's barrier networks
// (SimSync::setObserver; T3E paper section 6) it writes their events on
// pid 2 ("barrier networks"), one track per BSU (tid = BSU, named "BSU N"):
// bsuState (node, from, to: Figure 6's S_BAR / S_ARM / S_EUR), syncHop (a
// router sends a barrier/eureka packet: router, port (a direction, or
// "processor" down to its own BSU), message), syncArrive (it reached a
// router or a processor's BSU: router, the port it came in on, message),
// barrierComplete and eurekaComplete (latencyCycles), participantLeft
// (node: it left the barrier under way when its tree was rebuilt). A
// processor's own signal to its router is written as its syncArrive only.
//
// Writes to the stream the caller owns, as events come; finish() closes the
// JSON (the destructor does it when the caller did not).
//
// attachTraceWriter and writeRecordingTrace are the one way a run gets
// traced: `flitscope-cli run --trace` and the GUI's File > Export Trace
// (a replay of the session's recording on a thread-pool thread) use them.
#pragma once

#include "sim/replay.h"
#include "sim/sim_events.h"
#include "sync/sync_network.h"
#include "topology/topology.h"
#include "util/trace_json.h"

#include <cstdint>
#include <ostream>
#include <string>
#include <unordered_map>
#include <utility>

namespace flit {

class TraceEventWriter final : public SimObserver, public SyncObserver {
 public:
  TraceEventWriter(std::ostream& out, const Topology& topo, std::uint64_t firstCycle = 0,
                   std::uint64_t lastCycle = UINT64_MAX);
  ~TraceEventWriter() override;
  TraceEventWriter(const TraceEventWriter&) = delete;
  TraceEventWriter& operator=(const TraceEventWriter&) = delete;

  void onEvent(const SimEvent& e) override;
  void onSyncEvent(const SyncEvent& e) override;
  void finish();
  std::uint64_t eventsWritten() const { return json_.eventsWritten(); }

 private:
  void instant(const SimEvent& e, const char* name, int pid, const std::string& args);
  void syncInstant(const SyncEvent& e, const char* name, const std::string& args);
  std::string nodeText(std::int64_t n) const;  // "1,2,3"; "" for none
  std::string node(std::int32_t n) const;      // the same, quoted
  static std::string port(int p);

  TraceJson json_;
  const Topology& topo_;
  std::uint64_t first_, last_;
  // Source and destination of packets created and not yet named (a track is
  // named at the packet's first written event).
  std::unordered_map<std::int32_t, std::pair<std::int32_t, std::int64_t>> unnamed_;
  bool syncNamed_ = false;           // pid 2's process_name written
  std::uint32_t bsuTracksNamed_ = 0;  // bit b: BSU b's thread_name written
};

class ObserverList;
class Simulator;

// Hooks `writer` to `sim`: to its events through `observers` (the caller
// then attaches observers.attachable() with Simulator::setObserver) and to
// its barrier networks, when it has some (SimSync::setObserver).
void attachTraceWriter(Simulator& sim, ObserverList& observers, TraceEventWriter& writer);

// The trace of a recording's run: replays `rec` from cycle 0
// (replayRecording) and writes to `out` the events of cycles
// [firstCycle, lastCycle] (lastCycle past rec.cycles: to the end). The replay
// stops after cycle lastCycle (later cycles write nothing). `alsoObserve`,
// when set, sees every event the replay makes (tests count with it).
// `control` is called on the calling thread. Throws ScenarioError when the
// recording's configuration is bad, what Simulator::apply throws.
TraceOutcome writeRecordingTrace(const Recording& rec, std::ostream& out, std::uint64_t firstCycle,
                                   std::uint64_t lastCycle, const ReplayControl& control = {},
                                   SimObserver* alsoObserve = nullptr);

}  // namespace flit
