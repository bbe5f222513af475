// The frame of a Chrome / Perfetto trace-event JSON file ("Trace Event
// Format", Google), shared by the torus's packet trace (sim/trace_events.h)
// and the fat-tree's circuit trace (fattree/circuit_trace.h): the header
// with its time unit, process and thread names, instant events, the
// closing brackets. One event per line; `args` is the inside of the args
// object, already JSON ("\"router\":3,\"vc\":1").
#pragma once

#include <cstdint>
#include <ostream>
#include <string_view>

namespace flit {

class TraceJson {
 public:
  // Writes the header: {"otherData":{"timeUnit":...},"traceEvents":[
  TraceJson(std::ostream& out, std::string_view timeUnit) : out_(out) {
    out_ << "{\"otherData\":{\"timeUnit\":\"" << timeUnit << "\"},\"traceEvents\":[";
  }
  ~TraceJson() { finish(); }
  TraceJson(const TraceJson&) = delete;
  TraceJson& operator=(const TraceJson&) = delete;

  void processName(int pid, std::string_view name) { metadata("process_name", pid, 0, name); }
  void threadName(int pid, std::int64_t tid, std::string_view name) { metadata("thread_name", pid, tid, name); }
  // An instant event on thread `tid` of `pid`; `global`: scope "g" (the
  // whole trace: the network's events), else "t" (its track).
  void instant(std::uint64_t ts, std::string_view name, int pid, std::int64_t tid, bool global, std::string_view args) {
    separate();
    out_ << "{\"name\":\"" << name << "\",\"ph\":\"i\",\"s\":\"" << (global ? 'g' : 't') << "\",\"ts\":" << ts
         << ",\"pid\":" << pid << ",\"tid\":" << tid << ",\"args\":{" << args << "}}";
    ++written_;
  }
  // Closes the JSON (once; the destructor does it when the caller did not).
  void finish() {
    if (finished_) return;
    finished_ = true;
    out_ << "\n]}\n";
    out_.flush();
  }
  std::uint64_t eventsWritten() const { return written_; }  // instant events

 private:
  void separate() {
    out_ << (first_ ? "\n" : ",\n");
    first_ = false;
  }
  void metadata(const char* kind, int pid, std::int64_t tid, std::string_view name) {
    separate();
    out_ << "{\"name\":\"" << kind << "\",\"ph\":\"M\",\"pid\":" << pid << ",\"tid\":" << tid
         << ",\"args\":{\"name\":\"" << name << "\"}}";
  }

  std::ostream& out_;
  bool first_ = true;
  bool finished_ = false;
  std::uint64_t written_ = 0;
};

}  // namespace flit
