// The frame of a Chrome / Perfetto trace-event JSON file ("Trace Event
// Format", Google), shared by the torus's packet trace (sim/trace_events.h)
// and the fat-tree's circuit trace (fattree/circuit_trace.h): the header
// with its time unit, process and thread names, instant events, the
// closing brackets. One event per line; `args` is the inside of the args
// object, already JSON ("\"router\":3,\"vc\":1"); names are plain text
// without quotes or backslashes.
//
// A trace has millions of events: each line is formatted into one reused
// buffer (std::to_chars, no allocation once it has grown) and written at
// once. TraceArgs builds an event's args the same way.
#pragma once

#include <charconv>
#include <concepts>
#include <cstdint>
#include <ostream>
#include <string>
#include <string_view>

namespace flit {

// Appends "key":value pairs, comma separated, into one reused buffer.
class TraceArgs {
 public:
  TraceArgs& clear() {
    text_.clear();
    return *this;
  }
  TraceArgs& number(std::string_view key, std::uint64_t value) {
    this->key(key);
    appendNumber(text_, value);
    return *this;
  }
  TraceArgs& text(std::string_view key, std::string_view value) {  // quoted; no escaping
    this->key(key);
    text_ += '"';
    text_ += value;
    text_ += '"';
    return *this;
  }
  TraceArgs& json(std::string_view key, std::string_view value) {  // already JSON: true, 0.25, "x"
    this->key(key);
    text_ += value;
    return *this;
  }
  std::string_view view() const { return text_; }

  template <std::integral Int>
  static void appendNumber(std::string& out, Int value) {
    char digits[24];
    const auto end = std::to_chars(digits, digits + sizeof digits, value).ptr;
    out.append(digits, end);
  }

 private:
  void key(std::string_view key) {
    if (!text_.empty()) text_ += ',';
    text_ += '"';
    text_ += key;
    text_ += "\":";
  }
  std::string text_;
};

// What writing a recording's trace came to (sim/trace_events.h's
// writeRecordingTrace, fattree/circuit_trace.h's writeCircuitRecordingTrace).
struct TraceOutcome {
  std::uint64_t eventsWritten = 0;
  std::uint64_t cyclesRun = 0;
  bool cancelled = false;  // `out` then holds the events up to the cycle reached: the caller discards it
};

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
    line_.assign(first_ ? "\n" : ",\n");
    first_ = false;
    line_ += "{\"name\":\"";
    line_ += name;
    line_ += "\",\"ph\":\"i\",\"s\":\"";
    line_ += global ? 'g' : 't';
    line_ += "\",\"ts\":";
    TraceArgs::appendNumber(line_, ts);
    line_ += ",\"pid\":";
    TraceArgs::appendNumber(line_, pid);
    line_ += ",\"tid\":";
    TraceArgs::appendNumber(line_, tid);
    line_ += ",\"args\":{";
    line_ += args;
    line_ += "}}";
    out_.write(line_.data(), static_cast<std::streamsize>(line_.size()));
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
  void metadata(const char* kind, int pid, std::int64_t tid, std::string_view name) {
    out_ << (first_ ? "\n" : ",\n") << "{\"name\":\"" << kind << "\",\"ph\":\"M\",\"pid\":" << pid
         << ",\"tid\":" << tid << ",\"args\":{\"name\":\"" << name << "\"}}";
    first_ = false;
  }

  std::ostream& out_;
  std::string line_;  // the event being formatted, reused
  bool first_ = true;
  bool finished_ = false;
  std::uint64_t written_ = 0;
};

}  // namespace flit
