// A configuration error that names the field: what() is "<path>: <reason>"
// ("scenario.topology.radix[1]: must be 2..64, got 0"). The scenario readers
// (engine/scenario) throw it for a bad field; the layers below them throw it
// too when a configuration they are handed cannot be built (Table 7 cannot
// address the machine, a traffic pattern does not fit the topology), naming
// the field the reader took it from. Holds no JSON: reading is engine/scenario's.
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>

namespace flit {

class ScenarioError : public std::runtime_error {
 public:
  ScenarioError(const std::string& path, const std::string& reason)
      : std::runtime_error(path + ": " + reason), path_(path), reason_(reason) {}
  const std::string& path() const { return path_; }
  const std::string& reason() const { return reason_; }

 private:
  std::string path_;
  std::string reason_;
};

// "path[i]": the path of an array element.
inline std::string indexedPath(const std::string& path, std::size_t i) {
  return path + "[" + std::to_string(i) + "]";
}

}  // namespace flit
