#include "scenario/json_fields.h"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace flit {

std::string jsonTypeName(const nlohmann::json& j) {
  switch (j.type()) {
    case nlohmann::json::value_t::null: return "null";
    case nlohmann::json::value_t::boolean: return "a boolean";
    case nlohmann::json::value_t::number_integer:
    case nlohmann::json::value_t::number_unsigned: return "an integer";
    case nlohmann::json::value_t::number_float: return "a number";
    case nlohmann::json::value_t::string: return "a string";
    case nlohmann::json::value_t::array: return "an array";
    case nlohmann::json::value_t::object: return "an object";
    default: return "an unsupported value";
  }
}

nlohmann::json parseJsonText(std::string_view text, const std::string& path) {
  try {
    return nlohmann::json::parse(text.begin(), text.end());
  } catch (const nlohmann::json::exception& e) {  // parse_error; out_of_range for a number too big
    // e.what() is "[json.exception.parse_error.101] parse error at line 1, column 2: ..."
    std::string msg = e.what();
    const auto pos = msg.find("] ");
    if (pos != std::string::npos) msg = msg.substr(pos + 2);
    throw ScenarioError(path, "not valid JSON (" + msg + ")");
  }
}

namespace {
std::string formatNumber(double v) {
  std::ostringstream os;
  os << v;
  return os.str();
}
}  // namespace

std::int64_t readInt(const nlohmann::json& j, const std::string& path, std::int64_t min,
                     std::int64_t max) {
  std::int64_t v = 0;
  if (j.is_number_integer()) {
    v = j.get<std::int64_t>();
  } else if (j.is_number_unsigned()) {
    const auto u = j.get<std::uint64_t>();
    if (u > static_cast<std::uint64_t>(max)) {
      throw ScenarioError(path, "must be " + std::to_string(min) + ".." + std::to_string(max) +
                                    ", got " + std::to_string(u));
    }
    v = static_cast<std::int64_t>(u);
  } else if (j.is_number_float() && std::floor(j.get<double>()) == j.get<double>() &&
             std::abs(j.get<double>()) < 9e15) {
    v = static_cast<std::int64_t>(j.get<double>());
  } else {
    throw ScenarioError(path, "must be an integer, got " + jsonTypeName(j));
  }
  if (v < min || v > max) {
    throw ScenarioError(path, "must be " + std::to_string(min) + ".." + std::to_string(max) +
                                  ", got " + std::to_string(v));
  }
  return v;
}

double readNumber(const nlohmann::json& j, const std::string& path, double min, double max) {
  if (!j.is_number()) throw ScenarioError(path, "must be a number, got " + jsonTypeName(j));
  const double v = j.get<double>();
  if (!(v >= min && v <= max)) {
    throw ScenarioError(path, "must be " + formatNumber(min) + ".." + formatNumber(max) +
                                  ", got " + formatNumber(v));
  }
  return v;
}

bool readBool(const nlohmann::json& j, const std::string& path) {
  if (!j.is_boolean()) throw ScenarioError(path, "must be true or false, got " + jsonTypeName(j));
  return j.get<bool>();
}

std::string readString(const nlohmann::json& j, const std::string& path) {
  if (!j.is_string()) throw ScenarioError(path, "must be a string, got " + jsonTypeName(j));
  return j.get<std::string>();
}

const nlohmann::json& readArray(const nlohmann::json& j, const std::string& path,
                                std::size_t minSize, std::size_t maxSize) {
  if (!j.is_array()) throw ScenarioError(path, "must be an array, got " + jsonTypeName(j));
  if (j.size() < minSize || j.size() > maxSize) {
    throw ScenarioError(path, "must have " + std::to_string(minSize) + ".." +
                                  std::to_string(maxSize) + " entries, got " +
                                  std::to_string(j.size()));
  }
  return j;
}

ObjectReader::ObjectReader(const nlohmann::json& j, std::string path)
    : j_(j), path_(std::move(path)) {
  if (!j_.is_object()) throw ScenarioError(path_, "must be an object, got " + jsonTypeName(j_));
}

bool ObjectReader::has(const std::string& key) const { return j_.contains(key); }

const nlohmann::json& ObjectReader::required(const std::string& key) {
  read_.push_back(key);
  auto it = j_.find(key);
  if (it == j_.end()) throw ScenarioError(childPath(key), "missing required field");
  return *it;
}

const nlohmann::json* ObjectReader::optional(const std::string& key) {
  read_.push_back(key);
  auto it = j_.find(key);
  return it == j_.end() ? nullptr : &*it;
}

std::int64_t ObjectReader::requiredInt(const std::string& key, std::int64_t min, std::int64_t max) {
  return readInt(required(key), childPath(key), min, max);
}

std::int64_t ObjectReader::optionalInt(const std::string& key, std::int64_t fallback,
                                       std::int64_t min, std::int64_t max) {
  const auto* v = optional(key);
  return v ? readInt(*v, childPath(key), min, max) : fallback;
}

double ObjectReader::requiredNumber(const std::string& key, double min, double max) {
  return readNumber(required(key), childPath(key), min, max);
}

double ObjectReader::optionalNumber(const std::string& key, double fallback, double min,
                                    double max) {
  const auto* v = optional(key);
  return v ? readNumber(*v, childPath(key), min, max) : fallback;
}

bool ObjectReader::optionalBool(const std::string& key, bool fallback) {
  const auto* v = optional(key);
  return v ? readBool(*v, childPath(key)) : fallback;
}

std::string ObjectReader::requiredString(const std::string& key) {
  return readString(required(key), childPath(key));
}

std::string ObjectReader::optionalString(const std::string& key, const std::string& fallback) {
  const auto* v = optional(key);
  return v ? readString(*v, childPath(key)) : fallback;
}

std::string ObjectReader::optionalChoice(const std::string& key, const std::string& fallback,
                                         const std::vector<std::string>& choices) {
  std::string v = optionalString(key, fallback);
  if (std::find(choices.begin(), choices.end(), v) == choices.end()) {
    std::string list;
    for (const auto& c : choices) list += (list.empty() ? "" : ", ") + c;
    throw ScenarioError(childPath(key), "must be one of " + list + ", got \"" + v + "\"");
  }
  return v;
}

void ObjectReader::finish() const {
  for (auto it = j_.begin(); it != j_.end(); ++it) {
    if (std::find(read_.begin(), read_.end(), it.key()) == read_.end()) {
      throw ScenarioError(childPath(it.key()), "unknown field");
    }
  }
}

}  // namespace flit
