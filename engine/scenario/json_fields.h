// Helpers to read a JSON object field by field with errors that name the
// field's full path ("scenario.topology.radix[1]: must be 2..64, got 0").
// Every object is read through an ObjectReader; finish() rejects keys that
// were never asked for, so a misspelt key is an error, not a silent default.
#pragma once

#include <nlohmann/json.hpp>

#include "util/scenario_error.h"

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace flit {

std::string jsonTypeName(const nlohmann::json& j);

// Parses a whole document; ScenarioError(path, "not valid JSON (...)") on a
// syntax error or a number no type can hold.
nlohmann::json parseJsonText(std::string_view text, const std::string& path);

class ObjectReader {
 public:
  // Throws ScenarioError when j is not an object.
  ObjectReader(const nlohmann::json& j, std::string path);

  const std::string& path() const { return path_; }
  std::string childPath(const std::string& key) const { return path_ + "." + key; }
  bool has(const std::string& key) const;

  // The raw child; throws "missing field" when absent. Marks the key as read.
  const nlohmann::json& required(const std::string& key);
  // nullptr when absent. Marks the key as read.
  const nlohmann::json* optional(const std::string& key);

  std::int64_t requiredInt(const std::string& key, std::int64_t min, std::int64_t max);
  std::int64_t optionalInt(const std::string& key, std::int64_t fallback, std::int64_t min,
                           std::int64_t max);
  double requiredNumber(const std::string& key, double min, double max);
  double optionalNumber(const std::string& key, double fallback, double min, double max);
  bool optionalBool(const std::string& key, bool fallback);
  std::string requiredString(const std::string& key);
  std::string optionalString(const std::string& key, const std::string& fallback);
  // One of `choices`; the error lists them.
  std::string optionalChoice(const std::string& key, const std::string& fallback,
                             const std::vector<std::string>& choices);

  // Throws for the first key that was never read.
  void finish() const;

 private:
  const nlohmann::json& j_;
  std::string path_;
  std::vector<std::string> read_;
};

// Value checks usable on array elements too; `path` names the value.
std::int64_t readInt(const nlohmann::json& j, const std::string& path, std::int64_t min,
                     std::int64_t max);
double readNumber(const nlohmann::json& j, const std::string& path, double min, double max);
bool readBool(const nlohmann::json& j, const std::string& path);
std::string readString(const nlohmann::json& j, const std::string& path);
const nlohmann::json& readArray(const nlohmann::json& j, const std::string& path,
                                std::size_t minSize, std::size_t maxSize);

// A timeline: an array whose entries, each read by readOne(entry, path) into
// a value with a `cycle`, are changes at cycles. `ordered` (a recording):
// cycles must not decrease, else the error names the entry's cycle.
// Otherwise any order (a scenario's timeline: its simulator sorts it stably).
template <class ReadOne>
auto readTimedArray(const nlohmann::json& j, const std::string& path, bool ordered, ReadOne readOne) {
  readArray(j, path, 0, std::size_t{1} << 22);
  std::vector<decltype(readOne(j, path))> out;
  out.reserve(j.size());
  for (std::size_t k = 0; k < j.size(); ++k) {
    const std::string itemPath = indexedPath(path, k);
    out.push_back(readOne(j[k], itemPath));
    if (ordered && k > 0 && out[k].cycle < out[k - 1].cycle) {
      throw ScenarioError(itemPath + ".cycle", "cycles must not decrease: " + std::to_string(out[k].cycle) +
                                                   " after " + std::to_string(out[k - 1].cycle));
    }
  }
  return out;
}

}  // namespace flit
